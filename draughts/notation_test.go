package draughts

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// Lemma parse_print_inverse: for every legal move of every position
// reached in random games, ParseMove(m.String()) resolves to m, and the
// FEN of every position reads back to it.
func TestParsePrintInverse(t *testing.T) {
	moves := 0
	for _, p := range randomPositions(t, 7, 30_000) {
		if q, err := FromFEN(p.FEN()); err != nil || q != p {
			t.Fatalf("FEN %s reads back as %s, %v", p.FEN(), q, err)
		}
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			got, err := p.ParseMove(m.String())
			if err != nil || got != m {
				t.Fatalf("%s: %v reads back as %v, %v", p, m, got, err)
			}
			moves++
		}
	}
	t.Logf("%d moves", moves)
}

// TestShortCaptures: endpoints alone name a capture when only one chain
// joins them; otherwise the error is ErrAmbiguousMove, and the full path
// still resolves. Every reading is checked against the full-path move.
func TestShortCaptures(t *testing.T) {
	for _, tt := range []struct {
		fen, text string
		want      string // full form, or "" for an error
		err       error
	}{
		{"B:W25,26,18:B14", "14x30", "14x23x30", nil},
		{"B:W25,26,18:B14", "014x023x030", "14x23x30", nil},
		{"B:W25,26,18:B14", "14X23X30", "14x23x30", nil},
		{"B:W25,26,18:B14", "14x23", "", ErrIllegalMove},
		{"B:W25,26,18:B14", "14-23", "", ErrIllegalMove},
		{"W:WK10:B14,15,22,23", "10x10", "", ErrAmbiguousMove},
		{"W:WK10:B14,15,22,23", "10x17x10", "", ErrAmbiguousMove},
		{"W:WK10:B14,15,22,23", "10x17x19x10", "10x17x26x19x10", nil},
		{"W:WK10:B14,15,22,23", "10x26x10", "", ErrAmbiguousMove},
		{"B:W:B14", "14-18", "14-18", nil},
		{"B:W:B14", "14-19", "", ErrIllegalMove},
		// Read by squares, whichever separator is written (PDN's liberal
		// reading): a step written with "x", captures written with "-".
		{"B:W:B14", "14x18", "14-18", nil},
		{"B:W:B14", "14X18", "14-18", nil},
		{"B:W25,26,18:B14", "14-23-30", "14x23x30", nil},
		{"B:W25,26,18:B14", "14-30", "14x23x30", nil},
		{"B:W25,26,18:B14", "14-23x30", "14x23x30", nil},
		{"B:W:B14", "9-14-18", "", ErrIllegalMove},
	} {
		p := mustPosition(t, tt.fen)
		m, err := p.ParseMove(tt.text)
		switch {
		case tt.err != nil:
			if !errors.Is(err, tt.err) {
				t.Errorf("%s %s: %v, %v; want error %v", tt.fen, tt.text, m, err, tt.err)
			}
			var me *MoveError
			if !errors.As(err, &me) || me.FEN != p.FEN() {
				t.Errorf("%s %s: error %v does not name the position", tt.fen, tt.text, err)
			}
		case err != nil || m.String() != tt.want:
			t.Errorf("%s %s: %v, %v; want %s", tt.fen, tt.text, m, err, tt.want)
		}
	}
}

// TestParseMoveErrors: malformed move text gives a *SyntaxError wrapping
// ErrMoveText and naming the text.
// TestCutProse: prose a converter ran into a move is cut off it; text
// that does not start with a well-formed move followed by a letter is not
// cut.
func TestCutProse(t *testing.T) {
	for _, tt := range []struct {
		text, move, prose string
		ok                bool
	}{
		{"8-11Redoversteppedthetimecontrolonthismove.", "8-11", "Redoversteppedthetimecontrolonthismove.", true},
		{"26-22Whiteoversteppedthetimecontrolonthismove.", "26-22", "Whiteoversteppedthetimecontrolonthismove.", true},
		{"22x15x8forced", "22x15x8", "forced", true},
		{"9-14xyz", "9-14", "xyz", true},
		{"9-14", "", "", false},
		{"9-14!", "", "", false},
		{"9-Red", "", "", false},
		{"33-1Red", "", "", false},
		{"Red9-14", "", "", false},
		{"", "", "", false},
	} {
		move, prose, ok := CutProse(tt.text)
		if move != tt.move || prose != tt.prose || ok != tt.ok {
			t.Errorf("CutProse(%q) = %q, %q, %v; want %q, %q, %v", tt.text, move, prose, ok, tt.move, tt.prose, tt.ok)
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	for _, text := range []string{"", "9", "9-", "-9", "9--14", "9-x14", "0-4", "33-1", "9x", "x", "a-b",
		"+9-14", "9 - 14", "1x2x3x4x5x6x7x8x9x10x11x12x13x14", "99999-1"} {
		_, err := ParseMove(text)
		var se *SyntaxError
		if !errors.Is(err, ErrMoveText) || !errors.As(err, &se) || se.Input != text {
			t.Errorf("ParseMove(%q) = %v", text, err)
		}
	}
}

// TestFEN: PDN FEN forms read to the expected position and print in the
// canonical form; bad text and bad positions give typed errors.
func TestFEN(t *testing.T) {
	for _, tt := range []struct{ in, out string }{
		{"B:W21-32:B1-12", "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"},
		{"B:B1-12:W21-32.", "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"},
		{"B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29", "B:WK10,K15,18,24,27,28:B12,16,20,K22,K25,K29"},
		{" W:W:B012, K016 ", "W:W:B12,K16"},
		{"w:wk3:bK1-2", "W:WK3:BK1,K2"},
	} {
		p, err := FromFEN(tt.in)
		if err != nil || p.FEN() != tt.out {
			t.Errorf("FromFEN(%q) = %s, %v; want %s", tt.in, p.FEN(), err, tt.out)
		}
	}
	if s, _ := ParseFEN("B:W21-32:B1-12"); s != Start().Setup() {
		t.Errorf("start FEN reads as %+v", s)
	}
	for _, tt := range []struct {
		in  string
		err error
	}{
		{"", ErrFEN}, {"B:W21-32", ErrFEN}, {"X:W21-32:B1-12", ErrFEN}, {"B:W21-33:B1-12", ErrFEN},
		{"B:W12:B1-12", ErrFEN}, {"B:B1:B2", ErrFEN}, {"B:W5-3:B1", ErrFEN}, {"B:W1,,2:B3", ErrFEN},
		{"B:WK:B3", ErrFEN}, {"B:W1:B2:W3", ErrFEN}, {"B:W+1:B2", ErrFEN},
		{"B:W1-13:B29", ErrInvalidPosition}, // 13 pieces; men on their crowning rows
		{"W:W1:B32", ErrInvalidPosition},    // both men on their crowning rows
	} {
		_, err := FromFEN(tt.in)
		if !errors.Is(err, tt.err) {
			t.Errorf("FromFEN(%q) = %v, want %v", tt.in, err, tt.err)
		}
	}
	var se *SetupError
	if _, err := FromFEN("B:W1-13:B29"); !errors.As(err, &se) || len(se.Problems) != 3 {
		t.Errorf("want all three problems listed, got %v", err)
	}
}

// TestMoveErrorReasons: an illegal or ambiguous move's error says which
// rule it breaks (or which moves it could be), still wraps the sentinel,
// and names the position.
func TestMoveErrorReasons(t *testing.T) {
	for _, tt := range []struct {
		fen, text string
		err       error
		reason    string
	}{
		// The validate example: 24-20 while 18x11 is due.
		{"W:W18,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,15,16", "24-20", ErrIllegalMove, "a capture is compulsory: 18x11"},
		{"B:W18:B10,14", "10-15", ErrIllegalMove, "a capture is compulsory: 14x23"},
		{"B:W25,26,18:B14", "14x23", ErrIllegalMove, "the capture must go on while it can: 14x23x30"},
		{"B:W18:B1,14", "1x10", ErrIllegalMove, "the piece on 1 cannot capture; the captures are 14x23"},
		{"W:W14:B9,18", "14x23", ErrIllegalMove, "a man cannot capture backward"},
		{"W:WK14:B9", "14x21", ErrIllegalMove, "no capture from 14 goes that way; its captures are 14x5"},
		{"B:W:B14", "14x23", ErrIllegalMove, "there is nothing to capture"},
		{"B:W:B14", "18-22", ErrIllegalMove, "black has no piece on 18"},
		{"B:W21:B14", "21-17", ErrIllegalMove, "black has no piece on 21"},
		{"B:W:B14", "14-19", ErrIllegalMove, "19 is not a diagonal neighbour of 14"},
		{"B:W:B14", "14-10", ErrIllegalMove, "a man cannot move backward"},
		{"B:W:B14", "14x10", ErrIllegalMove, "a man cannot move backward"},
		{"B:W:B14,18", "14x18", ErrIllegalMove, "square 18 is occupied"},
		{"B:W18:B10,14", "10x15", ErrIllegalMove, "a capture is compulsory: 14x23"},
		{"B:W:B14", "14-23", ErrIllegalMove, "there is nothing to capture"},
		{"W:W:B14,18", "14-18", ErrIllegalMove, "white has no piece on 14"},
		{"B:W:B14,18", "14-18", ErrIllegalMove, "square 18 is occupied"},
		{"W:WK10:B14,15,22,23", "10x10", ErrAmbiguousMove, "it could be 10x17x26x19x10 or 10x19x26x17x10; give more landing squares"},
	} {
		p := mustPosition(t, tt.fen)
		_, err := p.ParseMove(tt.text)
		var me *MoveError
		if !errors.Is(err, tt.err) || !errors.As(err, &me) || me.Reason != tt.reason || me.FEN != p.FEN() {
			t.Errorf("%s %s: %v; want %v with reason %q", tt.fen, tt.text, err, tt.err, tt.reason)
		}
	}
}

// TestMoveErrorListsAFew: a reason lists at most eight moves, then says
// how many more there are.
func TestMoveErrorListsAFew(t *testing.T) {
	p := mustPosition(t, "W:WK5,K6,K7,K8,K29,K30,K31,K32:B9,10,11,12,25,26,27,28")
	_, err := p.ParseMove("5-1")
	var ml MoveList
	p.LegalMoves(&ml)
	if ml.Len() <= 8 || err == nil || !strings.HasSuffix(err.Error(), fmt.Sprintf(" (and %d more)", ml.Len()-8)) {
		t.Fatalf("%d captures: %v", ml.Len(), err)
	}
}

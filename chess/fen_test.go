package chess

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// TestFENRoundtrip: every position reached in random games prints, in each
// castling mode, to a FEN that parses back to the very same position. (Games
// from tricky.perft's impossible-check rows need that kind tolerated.)
func TestFENRoundtrip(t *testing.T) {
	n := 0
	randomGames(t, 10, 150, func(p *Position, _ Move) {
		n++
		for _, mode := range []CastlingMode{CastlingClassic, CastlingShredder, CastlingXFEN} {
			fen := p.FEN(mode)
			q := mustPosition(t, fen, ImpossibleCheck)
			if q != *p {
				t.Fatalf("mode %d: %s parses to %s", mode, fen, q.FEN(mode))
			}
		}
	})
	t.Logf("%d positions round-tripped", n)
}

// TestFENCastlingForms: the three castling notations read to the same
// rights and each mode prints its own form.
func TestFENCastlingForms(t *testing.T) {
	tests := []struct {
		fens                    []string // equivalent inputs
		classic, shredder, xfen string
	}{
		{[]string{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w HQhq - 0 1"},
			"KQkq", "HAha", "KQkq"},
		// Chess960 start 0: king g, rooks f and h.
		{[]string{"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"},
			"KQkq", "HFhf", "KQkq"},
		// An inner rook: X-FEN needs its file letter.
		{[]string{"4k3/8/8/8/8/8/8/RR2K3 w B - 0 1"}, "B", "B", "B"},
		{[]string{"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "4k3/8/8/8/8/8/8/R3K3 w A - 0 1"}, "Q", "A", "Q"},
		{[]string{"4k3/8/8/8/8/8/8/4K3 w - - 0 1"}, "-", "-", "-"},
	}
	for _, tt := range tests {
		var first Position
		for i, fen := range tt.fens {
			p := mustPosition(t, fen)
			if i == 0 {
				first = p
			} else if p != first {
				t.Errorf("%s differs from %s", fen, tt.fens[0])
			}
			for mode, want := range []string{tt.classic, tt.shredder, tt.xfen} {
				if got := strings.Fields(p.FEN(CastlingMode(mode)))[2]; got != want {
					t.Errorf("%s mode %d: castling %q, want %q", fen, mode, got, want)
				}
			}
		}
	}
}

// TestFENEnPassant: any plausible ep square is read, and printed only when
// a legal en passant capture exists.
func TestFENEnPassant(t *testing.T) {
	tests := []struct{ in, want string }{
		{"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2", "-"}, // no capturer
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "f6"},
		{"8/8/8/1k6/3Pp3/8/8/4K3 b - d3 0 1", "d3"},
		{"8/8/8/8/k2Pp2R/8/8/4K3 b - d3 0 1", "-"}, // the capture exposes the king on the rank
	}
	for _, tt := range tests {
		p := mustPosition(t, tt.in)
		if got := strings.Fields(p.FEN(CastlingClassic))[3]; got != tt.want {
			t.Errorf("%s: ep field %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestFENDefaults(t *testing.T) {
	p := mustPosition(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -")
	start := Startpos()
	if p != start || p.Halfmove() != 0 || p.Fullmove() != 1 {
		t.Errorf("missing counters: got %s", p.FEN(CastlingClassic))
	}
	if got := start.FEN(CastlingClassic); got != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" {
		t.Errorf("start FEN %q", got)
	}
}

func TestParseFENErrors(t *testing.T) {
	tests := []struct{ fen, field string }{
		{"", ""},
		{"8/8/8/8/8/8/8/8 w", ""},
		{"8/8/8/8/8/8/8/8 w - - 0 1 extra", ""},
		{"8/8/8/8/8/8/8 w - - 0 1", "board"},
		{"8/8/8/8/8/8/8/9 w - - 0 1", "board"},
		{"8/8/8/8/8/8/8/7 w - - 0 1", "board"},
		{"8/8/8/8/8/8/8/8p w - - 0 1", "board"},
		{"8/8/8/8/8/8/8/7x w - - 0 1", "board"},
		{"8/8/8/8/8/8/8/8 x - - 0 1", "turn"},
		{"8/8/8/8/8/8/8/8 w KX - 0 1", "castling"},
		{"8/8/8/8/8/8/8/8 w - e9 0 1", "en passant"},
		{"8/8/8/8/8/8/8/8 w - - x 1", "halfmove"},
		{"8/8/8/8/8/8/8/8 w - - -1 1", "halfmove"},
		{"8/8/8/8/8/8/8/8 w - - 0 99999999999999999999", "fullmove"},
	}
	for _, tt := range tests {
		_, err := ParseFEN(tt.fen)
		var fe *FENError
		if !errors.As(err, &fe) || fe.Field != tt.field {
			t.Errorf("%q: error %v, want a FENError in field %q", tt.fen, err, tt.field)
		}
	}
	if _, err := ParseFEN("nonsense"); err == nil || err.Error() != `chess: invalid FEN "nonsense": want 4 to 6 space-separated fields, have 1` {
		t.Errorf("whole-FEN error reads %v", err)
	}
	_, err := ParseFEN("8/8/8/8/8/8/8/8 w - - x 1")
	if !errors.Is(err, strconv.ErrSyntax) {
		t.Errorf("number error not wrapped: %v", err)
	}
}

// TestSetupErrors: each problem kind is detected, and every problem of a
// setup is listed.
func TestSetupErrors(t *testing.T) {
	tests := []struct {
		fen  string
		want []ProblemKind
	}{
		{"8/8/8/8/8/8/8/4K3 w - - 0 1", []ProblemKind{KingCount}},
		{"4k3/8/8/8/8/8/8/3KK3 w - - 0 1", []ProblemKind{KingCount}},
		{"4k3/8/8/8/8/8/8/P3K3 w - - 0 1", []ProblemKind{PawnOnBackRank}},
		{"4k2P/8/8/8/8/8/8/4K3 w - - 0 1", []ProblemKind{PawnOnBackRank}},
		{"4k3/8/8/8/8/8/PPPPPPPP/NNNNKNNN w - - 0 1", []ProblemKind{TooManyPieces}},
		{"4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1", []ProblemKind{TooManyPieces}},
		{"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", []ProblemKind{OppositeCheck}},
		{"4k3/8/8/8/8/8/8/4K3 w K - 0 1", []ProblemKind{BadCastling}},
		{"4k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1", []ProblemKind{BadCastling}},
		{"4k3/8/8/8/8/8/8/R2RK3 w AD - 0 1", []ProblemKind{BadCastling}}, // two rights on one side
		{"4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1", []ProblemKind{BadCastling}}, // king off the back rank
		{"4k3/8/8/8/8/8/8/4K3 w - e6 0 1", []ProblemKind{BadEnPassant}},
		{"4k3/8/8/4p3/8/8/8/4K3 w - e3 0 1", []ProblemKind{BadEnPassant}},
		{"4k3/8/8/8/1q6/8/2n5/4K2r w - - 0 1", []ProblemKind{ImpossibleCheck}}, // three checkers
		{"4k3/8/8/8/8/5n2/3p4/4K3 w - - 0 1", []ProblemKind{ImpossibleCheck}},  // pawn and knight
		{"4k3/8/8/8/8/8/8/r3K2r w - - 0 1", []ProblemKind{ImpossibleCheck}},    // aligned rooks
		{"8/8/8/8/8/8/PPPPPPPP/8 w KQ e6 0 1", []ProblemKind{KingCount, KingCount}},
		{"8/8/8/8/8/8/8/8 w - - 0 1", []ProblemKind{KingCount, KingCount}},
		{"4k3/4R3/8/8/8/8/8/P3K3 w K e3 0 1", []ProblemKind{PawnOnBackRank, OppositeCheck, BadCastling, BadEnPassant}},
	}
	for _, tt := range tests {
		s, err := ParseFEN(tt.fen)
		if err != nil {
			t.Fatalf("%s: %v", tt.fen, err)
		}
		_, err = NewPosition(s)
		var se *SetupError
		if !errors.As(err, &se) {
			t.Errorf("%s: error %v, want a SetupError", tt.fen, err)
			continue
		}
		var got []ProblemKind
		for _, pr := range se.Problems {
			got = append(got, pr.Kind)
		}
		if len(got) != len(tt.want) {
			t.Errorf("%s: problems %v, want %v (%v)", tt.fen, got, tt.want, err)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%s: problems %v, want %v", tt.fen, got, tt.want)
			}
		}
	}
}

// TestSetupPlainData: a Setup built by hand is checked as strictly as a parsed one.
func TestSetupPlainData(t *testing.T) {
	s := Setup{EnPassant: NoSquare, Halfmove: -1, Fullmove: 0}
	s.Board[4] = MakePiece(White, King)
	s.Board[60] = MakePiece(Black, King)
	s.Board[30] = Piece(15)
	_, err := NewPosition(s)
	var se *SetupError
	if !errors.As(err, &se) || !se.Has(BadCounters) || !se.Has(InvalidPiece) || len(se.Problems) != 2 {
		t.Errorf("got %v, want bad counters and an invalid piece", err)
	}
	start := Startpos()
	if p, err := NewPosition(start.Setup()); err != nil || p != start {
		t.Errorf("start position setup does not round-trip: %v", err)
	}
}

// TestSetupIgnore: ignorable problems are dropped or tolerated on request.
func TestSetupIgnore(t *testing.T) {
	s, _ := ParseFEN("r3k2r/8/8/8/8/8/8/R3K3 w KQkq e6 0 1")
	if _, err := NewPosition(s); err == nil {
		t.Fatal("bad castling and ep accepted")
	}
	p, err := NewPosition(s, BadCastling, BadEnPassant)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.FEN(CastlingClassic); got != "r3k2r/8/8/8/8/8/8/R3K3 w Qkq - 0 1" {
		t.Errorf("cleaned to %s", got)
	}
	s, _ = ParseFEN("4k3/8/8/8/8/8/P7/P3K3 w - - 0 1")
	if _, err := NewPosition(s, PawnOnBackRank); err == nil {
		t.Error("PawnOnBackRank must not be ignorable")
	}
}

package wxf_test

import (
	"errors"
	"testing"

	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
	"github.com/baten-chess/baten/wxf"
)

const xiangqiStart = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

// position is the xiangqi position of fen after the moves, written as
// Fairy-Stockfish writes them (ranks 1-10).
func position(t *testing.T, game, fen string, moves ...string) *rules.Position {
	t.Helper()
	v, err := variant.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	p, err := rules.ParseFEN(v.Rules(), fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		if p, err = p.PlayText(m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	return p
}

// move finds the legal move text (Fairy-Stockfish's) of p.
func move(t *testing.T, p *rules.Position, text string) rules.Move {
	t.Helper()
	for _, m := range p.LegalMoves() {
		if p.FSFMoveText(m) == text {
			return m
		}
	}
	t.Fatalf("%s is not legal", text)
	return rules.Move{}
}

// TestFormat: the federation's examples and the opening every xiangqi
// book starts with (1. C2=5 H8+7 2. H2+3 R9=8, 炮二平五 马８进７ 马二进三
// 车９平８), and each of the federation's tandem cases.
func TestFormat(t *testing.T) {
	tests := []struct {
		name, game, fen string
		before          []string
		move, want      string
	}{
		{"central cannon", "xiangqi", xiangqiStart, nil, "h3e3", "C2=5"},
		{"black horse", "xiangqi", xiangqiStart, []string{"h3e3"}, "h10g8", "H8+7"},
		{"red horse", "xiangqi", xiangqiStart, []string{"h3e3", "h10g8"}, "h1g3", "H2+3"},
		{"black chariot traverses", "xiangqi", xiangqiStart, []string{"h3e3", "h10g8", "h1g3"}, "i10h10", "R9=8"},
		{"chariot advances", "xiangqi", xiangqiStart, nil, "a1a3", "R9+2"},
		{"black cannon advances", "xiangqi", xiangqiStart, []string{"a1a2"}, "b8b1", "C2+7"},
		{"advisor", "xiangqi", xiangqiStart, nil, "f1e2", "A4+5"},
		{"elephant", "xiangqi", xiangqiStart, nil, "c1e3", "E7+5"},
		{"black elephant", "xiangqi", xiangqiStart, []string{"a1a2"}, "g10e8", "E7+5"},
		{"general", "xiangqi", "3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1", nil, "e2e3", "K5+1"},
		{"soldier across the river traverses", "xiangqi", "3k5/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1", nil, "e6d6", "P5=6"},
		// Tandem pieces: "+" the front one, "-" the rear one.
		{"front chariot traverses (R+.3)", "xiangqi", "3k5/9/9/9/6R2/9/9/6R2/9/4K4 w - - 0 1", nil, "g6h6", "R+=2"},
		{"rear cannon retreats (C--1)", "xiangqi", "5k3/9/9/9/4C4/9/9/4C4/9/3K5 w - - 0 1", nil, "e3e2", "C--1"},
		{"front cannon retreats", "xiangqi", "5k3/9/9/9/4C4/9/9/4C4/9/3K5 w - - 0 1", nil, "e6e5", "C+-1"},
		{"black's rear horse", "xiangqi", "5k3/9/4n4/9/9/4n4/9/9/9/3K5 b - - 0 1", nil, "e8d10", "H--4"},
		{"black's front horse", "xiangqi", "5k3/9/4n4/9/9/4n4/9/9/9/3K5 b - - 0 1", nil, "e5f3", "H++6"},
		{"tandem advisors keep their file", "xiangqi", "3k5/9/9/9/9/9/9/3A5/9/3AK4 w - - 0 1", nil, "d1e2", "A6+5"},
		{"tandem elephants keep their file", "xiangqi", "3k5/9/9/9/9/2B6/9/9/9/2B1K4 w - - 0 1", nil, "c5e3", "E7-5"},
		// The federation's tandem soldiers: three on Red's file 3 (the
		// g-file) traversing to file 4.
		{"three soldiers, front", "xiangqi", threePawns, nil, "g8f8", "P+=4"},
		{"three soldiers, middle", "xiangqi", threePawns, nil, "g7f7", "P3=4"},
		{"three soldiers, rear", "xiangqi", threePawns, nil, "g6f6", "P-=4"},
		{"two soldiers, front", "xiangqi", twoPawns, nil, "g8f8", "P+=4"},
		{"two soldiers, rear", "xiangqi", twoPawns, nil, "g7h7", "P-=2"},
		{"four soldiers, foremost", "xiangqi", fourPawns, nil, "g9f9", "++=4"},
		{"four soldiers, second", "xiangqi", fourPawns, nil, "g8f8", "P+=4"},
		{"four soldiers, third", "xiangqi", fourPawns, nil, "g7f7", "P-=4"},
		{"four soldiers, rearmost", "xiangqi", fourPawns, nil, "g6f6", "--=4"},
		{"five soldiers, foremost", "xiangqi", fivePawns, nil, "g10f10", "++=4"},
		{"five soldiers, second", "xiangqi", fivePawns, nil, "g9f9", "P+=4"},
		{"five soldiers, middle", "xiangqi", fivePawns, nil, "g8f8", "P3=4"},
		{"five soldiers, fourth", "xiangqi", fivePawns, nil, "g7f7", "P-=4"},
		{"five soldiers, rearmost", "xiangqi", fivePawns, nil, "g6f6", "--=4"},
		// Tandem soldiers on two files: the file's number for the letter.
		{"two files, file 3 front", "xiangqi", twoFiles, nil, "g8f8", "3+=4"},
		{"two files, file 3 middle", "xiangqi", twoFiles, nil, "g7f7", "33=4"},
		{"two files, file 3 rear", "xiangqi", twoFiles, nil, "g6f6", "3-=4"},
		{"two files, file 7 front", "xiangqi", twoFiles, nil, "c7d7", "7+=6"},
		{"two files, file 7 rear", "xiangqi", twoFiles, nil, "c6d6", "7-=6"},
		// Minixiangqi's seven files.
		{"minixiangqi cannon", "minixiangqi", "rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR w - - 0 1", nil, "b1b5", "C6+4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := position(t, tt.game, tt.fen, tt.before...)
			m := move(t, p, tt.move)
			if got := wxf.Format(p, m); got != tt.want {
				t.Errorf("Format(%s) = %q, want %q", tt.move, got, tt.want)
			}
			back, err := wxf.Parse(p, tt.want)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.want, err)
			}
			if got := p.FSFMoveText(back); got != tt.move {
				t.Errorf("Parse(%q) = %s, want %s", tt.want, got, tt.move)
			}
		})
	}
}

// Red's soldiers on its file 3 (the g-file), across the river.
const (
	twoPawns   = "3k5/9/6P2/6P2/9/9/9/9/9/4K4 w - - 0 1"
	threePawns = "3k5/9/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1"
	fourPawns  = "3k5/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1"
	fivePawns  = "3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1"
	twoFiles   = "3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1"
)

// TestParseForms: what players type besides Format's text.
func TestParseForms(t *testing.T) {
	tandem := "5k3/9/9/9/4C4/9/9/4C4/9/3K5 w - - 0 1"
	tests := []struct {
		name, fen, text, want string
	}{
		{"a dot for the traverse", xiangqiStart, "C2.5", "h3e3"},
		{"lower case", xiangqiStart, "c2=5", "h3e3"},
		{"Fairy-Stockfish's horse letter", xiangqiStart, "N2+3", "h1g3"},
		{"Fairy-Stockfish's elephant letter", xiangqiStart, "B3+5", "g1e3"},
		{"spaces around", xiangqiStart, " R1+1 ", "i1i2"},
		{"a tandem piece by its file where one move matches", tandem, "C5+4", "e6e10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := position(t, "xiangqi", tt.fen)
			m, err := wxf.Parse(p, tt.text)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.text, err)
			}
			if got := p.FSFMoveText(m); got != tt.want {
				t.Errorf("Parse(%q) = %s, want %s", tt.text, got, tt.want)
			}
		})
	}
}

// TestParseErrors: text that names no move, or more than one.
func TestParseErrors(t *testing.T) {
	tandem := "5k3/9/9/9/4C4/9/9/4C4/9/3K5 w - - 0 1"
	tests := []struct {
		name, fen, text string
		want            error
	}{
		{"empty", xiangqiStart, "", wxf.ErrIllegal},
		{"too long", xiangqiStart, "C2=5+", wxf.ErrIllegal},
		{"no such piece on the file", xiangqiStart, "C3=5", wxf.ErrIllegal},
		{"a blocked move", xiangqiStart, "R9+9", wxf.ErrIllegal},
		{"UCI text", xiangqiStart, "h3e3", wxf.ErrIllegal},
		{"both tandem cannons retreat one", tandem, "C5-1", wxf.ErrAmbiguous},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := position(t, "xiangqi", tt.fen)
			if _, err := wxf.Parse(p, tt.text); !errors.Is(err, tt.want) {
				t.Errorf("Parse(%q): %v, want an error wrapping %v", tt.text, err, tt.want)
			}
		})
	}
}

// TestRoundTrip: every legal move of random xiangqi and minixiangqi games is
// written once among its position's moves and read back to itself.
func TestRoundTrip(t *testing.T) {
	for _, game := range []string{"xiangqi", "minixiangqi"} {
		v, err := variant.Lookup(game)
		if err != nil {
			t.Fatal(err)
		}
		p, err := rules.Start(v.Rules())
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 120; ply++ {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			seen := map[string]string{}
			for _, m := range moves {
				text := wxf.Format(p, m)
				if other, ok := seen[text]; ok {
					t.Fatalf("%s at %s: %s and %s both written %q", game, p.FEN(), other, p.FSFMoveText(m), text)
				}
				seen[text] = p.FSFMoveText(m)
				back, err := wxf.Parse(p, text)
				if err != nil {
					t.Fatalf("%s at %s: %q: %v", game, p.FEN(), text, err)
				}
				if p.FSFMoveText(back) != p.FSFMoveText(m) {
					t.Fatalf("%s at %s: %q read back as %s, want %s", game, p.FEN(), text, p.FSFMoveText(back), p.FSFMoveText(m))
				}
			}
			p = p.PlayLegal(moves[(ply*7919+13)%len(moves)])
		}
	}
}

// FuzzParse: any text gives a move or an error, never a panic.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"C2=5", "H8+7", "P+.4", "++=4", "33=4", "", "\xff\x00", "R9+99"} {
		f.Add(s)
	}
	v, err := variant.Lookup("xiangqi")
	if err != nil {
		f.Fatal(err)
	}
	p, err := rules.Start(v.Rules())
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if m, err := wxf.Parse(p, text); err == nil && wxf.Format(p, m) == "" {
			t.Errorf("Parse(%q) gave a move Format cannot write", text)
		}
	})
}

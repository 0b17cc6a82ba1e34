package rules

import (
	"errors"
	"testing"
)

// TestFSFFEN: Fairy-Stockfish's FEN forms, read by the form of their
// fields (petty's castling without en passant, rookmate's counter where
// castling would be, nim's placement alone), come out in the full form;
// the full forms and forms it does not know are left as they are, and the
// strict reader still refuses the short forms.
func TestFSFFEN(t *testing.T) {
	chess, three := Chess(), Chess()
	three.CheckCounting = &CheckCounting{Checks: [2]int{3, 3}}
	const board = "4k3/8/8/8/8/8/8/4K3"
	for _, c := range []struct {
		v       *Variant
		in, out string
	}{
		{chess, board + " w - 0 1", board + " w - - 0 1"},
		{three, board + " w 7+7 0 1", board + " w - - 7+7 0 1"},
		{chess, board, board + " w - -"},
		{chess, board + " b", board + " b - -"},
		{chess, board + " w 0 1", board + " w - - 0 1"},
		{chess, "4k3/8/8/3pP3/8/8/8/R3K2R w KQ d6 5", "4k3/8/8/3pP3/8/8/8/R3K2R w KQ d6 5 1"},
		{chess, board + " w - - 0 1", board + " w - - 0 1"},
		{three, board + " w - - 2+3 0 1", board + " w - - 2+3 0 1"},
		{three, board + " w - - 0 1 +1+0", board + " w - - 0 1 +1+0"},
		{chess, board + " w - - x y", board + " w - - x y"}, // unknown: for ParseFEN to report
	} {
		if got := FSFFEN(c.v, c.in); got != c.out {
			t.Errorf("FSFFEN(%q) = %q, want %q", c.in, got, c.out)
		}
		if _, err := ParseFEN(c.v, FSFFEN(c.v, c.in)); err != nil && c.in != board+" w - - x y" {
			t.Errorf("%q: %v", c.in, err)
		}
	}
	for _, fen := range []string{board + " w - 0 1", board + " w 7+7 0 1"} {
		if _, err := ParseFEN(three, fen); err == nil {
			t.Errorf("the strict reader reads %q", fen)
		}
	}
	if p := mustFEN(t, three, FSFFEN(three, board+" w 7+7 0 1")); p.ChecksRemaining() != [2]int{7, 7} {
		t.Errorf("rookmate's counter read as %v", p.ChecksRemaining())
	}
}

// FuzzFSFFEN: rewriting any text as a FEN never panics, and what the
// rewrite gives either reads as a position that prints and reads back
// the same, or is refused with a typed error; in chess and in crazyhouse
// (a hand in the placement).
func FuzzFSFFEN(f *testing.F) {
	for _, s := range []string{"qkbnr/ppppp/5/5/PPPPP/QKBNR w - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 3+3 0 1",
		"8/8/8/8/8/8/8/K6k", "4k3/8/8/3pP3/8/8/8/4K3 w d6", "4k3/8/8/8/8/8/8/4K3 b - - 7", "", "w - - 0 1",
		"4k3/8/8/8/8/8/8/4K3[Qq~] b - 7", "2bnrk/5p/6/6/P5/KRNB2"} {
		f.Add(s)
	}
	vs := []*Variant{Chess(), Crazyhouse()}
	f.Fuzz(func(t *testing.T, fen string) {
		for _, v := range vs {
			fsfRoundTrip(t, v, fen)
		}
	})
}

// fsfRoundTrip is FuzzFSFFEN's check of fen in v.
func fsfRoundTrip(t *testing.T, v *Variant, fen string) {
	p, err := ParseFEN(v, FSFFEN(v, fen))
	if err != nil {
		if !errors.Is(err, ErrFEN) && !errors.Is(err, ErrIllegalPosition) {
			t.Fatalf("%s %q: untyped error %v", v.Name, fen, err)
		}
		return
	}
	q, err := ParseFEN(v, p.FEN())
	if err != nil || q.FEN() != p.FEN() {
		t.Fatalf("%s %q prints as %q, which reads back as %v, %v", v.Name, fen, p.FEN(), q, err)
	}
}

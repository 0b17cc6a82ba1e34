package rules

import "testing"

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

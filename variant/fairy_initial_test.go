package variant_test

import (
	"strings"
	"testing"

	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// TestInitialSquares: a double-step region that is not a run of whole
// ranks loads as squares (rules.SideKind.InitialSquares), and pawns step
// two from those squares only, as Fairy-Stockfish c19b5f6 counts them
// ("setoption name VariantPath", "position fen FEN", "go perft N"): ranks
// 2 and 4 (the pawns on b2 and d4 double-step, c3's does not), and wolf's
// second rank with b3, c3, f3 and g3.
func TestInitialSquares(t *testing.T) {
	vs, err := variant.LoadINI(strings.NewReader("[ds24:chess]\ndoubleStepRegionWhite = *2 *4\ndoubleStepRegionBlack = *7 *5\n"), "ds24.ini", variant.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	wolf, err := variant.Lookup("wolf")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		v      *rules.Variant
		fen    string
		counts []uint64
	}{
		{vs[0].Rules(), "4k3/8/8/8/3P4/2P5/1P6/4K3 w - - 0 1", []uint64{10, 49, 520}},
		{wolf.Rules(), "7k/8/8/8/8/8/8/2P1P3/1P6/K7 w - - 0 1", []uint64{7, 21, 156}},
	} {
		p, err := rules.ParseFEN(c.v, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range c.counts {
			if got := p.Perft(i + 1); got != want {
				t.Errorf("%s depth %d: %d, want %d", c.fen, i+1, got, want)
			}
		}
	}
}

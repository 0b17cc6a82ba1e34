package fairy_test

import (
	"testing"

	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/internal/race"
)

// TestBerolinaEnPassant: Berolina's pawns (mfFcfeWimfnA) double-step
// diagonally and are taken en passant on the square passed over by a
// pawn capturing straight onto it. The fast generator counts every
// perft of fsf-head/berolina.perft (up to 100,000 nodes under the race
// detector or -short), and both generators Fairy-Stockfish c19b5f6's
// counts ("go perft N") of positions where a double step gives an en
// passant capture, for each side.
func TestBerolinaEnPassant(t *testing.T) {
	if _, err := perftdata.Dir(); err != nil {
		t.Skip(err)
	}
	budget, want := uint64(1_000_000), 13
	if testing.Short() || race.Enabled {
		budget, want = 100_000, 10
	}
	v, r := compileGame(t, "berolina")
	if checked := countFSFHead(t, v, r, "berolina", budget, nil); checked < want {
		t.Errorf("only %d counts checked", checked)
	}
	for _, c := range []struct {
		fen    string
		counts []uint64
	}{
		{"4k3/8/8/8/2p1p3/8/1P1P4/4K3 w - - 0 1", []uint64{11, 105, 1096}}, // b2d4 c4c3 takes d4
		{"4k3/1p1p4/8/2P1P3/8/8/8/4K3 b - - 0 1", []uint64{11, 105, 1096}},
		{"4k3/1p6/8/8/1P6/8/8/4K3 b - - 0 1", []uint64{8, 56, 484}},
	} {
		countOracle(t, v, r, "berolina", c.fen, c.counts, 1<<62, 1<<62)
	}
}

package draughts

import "testing"

// TestZeroAllocs: generating moves, counting them, and making and unmaking
// them allocate nothing, on quiet and capture-rich positions.
func TestZeroAllocs(t *testing.T) {
	for _, fen := range []string{Start().FEN(), "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
		"W:WK10:B14,15,22,23", "W:WK9,K17,K27:BK7,8,14,15,16,K26"} {
		p := mustPosition(t, fen)
		var ml MoveList
		allocs := testing.AllocsPerRun(100, func() {
			p.LegalMoves(&ml)
			_ = p.MoveCount()
			for _, m := range ml.Slice() {
				u := p.Make(m)
				p.Unmake(m, u)
				_ = p.Play(m)
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations", fen, allocs)
		}
	}
}

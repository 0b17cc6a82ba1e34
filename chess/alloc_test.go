package chess

import "testing"

// TestZeroAllocs: generating a move list, and making and unmaking a move,
// allocate nothing (measured with testing.AllocsPerRun); a whole perft
// allocates once.
func TestZeroAllocs(t *testing.T) {
	p := mustPosition(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var ml MoveList
	if a := testing.AllocsPerRun(100, func() { p.LegalMoves(&ml) }); a != 0 {
		t.Errorf("LegalMoves: %v allocations", a)
	}
	p.LegalMoves(&ml)
	if a := testing.AllocsPerRun(100, func() {
		for _, m := range ml.Slice() {
			u := p.Play(m)
			p.Unplay(m, u)
		}
	}); a != 0 {
		t.Errorf("Play+Unplay: %v allocations", a)
	}
	// Perft allocates its stack of positions once per call, never per node.
	if a := testing.AllocsPerRun(10, func() { p.Perft(3) }); a != 1 {
		t.Errorf("Perft: %v allocations, want 1", a)
	}
}

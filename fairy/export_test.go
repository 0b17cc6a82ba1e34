package fairy

import "sync/atomic"

// GenericPerft is Perft by the generic generator alone, never the
// bitboard path: what the tests prove that path counts alike.
func (p *Position) GenericPerft(depth int) uint64 {
	return p.perftIn(make([]MoveList, max(depth, 0)), depth, nil)
}

// BitboardPerft is Perft by the bitboard path alone, reporting false
// where it does not cover p; it gives up once stop (if not nil) is set.
func (p *Position) BitboardPerft(depth int, stop *atomic.Bool) (uint64, bool) {
	return p.bitboardPerft(depth, stop)
}

package chess

import "testing"

// FuzzParseFEN: no input makes ParseFEN, NewPosition, move generation,
// Play/Unplay or printing panic; every FEN that builds a Position
// round-trips (print → parse → same position) in every castling mode, and
// each legal move keeps the Zobrist key exact and is undone exactly.
func FuzzParseFEN(f *testing.F) {
	for _, seed := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf -",
		"r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq -",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3",
		"4k3/8/8/8/8/8/8/RR2K3 w B - 0 1",
		"8/8/8/8/8/8/8/8 w - - 0 0",
		"",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		s, err := ParseFEN(fen)
		if err != nil {
			return
		}
		p, err := NewPosition(s)
		if err != nil {
			_ = err.Error()
			return
		}
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			q := p
			u := q.Play(m)
			if q.Key() != q.computeKey() {
				t.Fatalf("%q: key drifts after %v", fen, m)
			}
			if q.Unplay(m, u); q != p {
				t.Fatalf("%q: Play/Unplay %v does not restore the position", fen, m)
			}
		}
		for _, mode := range []CastlingMode{CastlingClassic, CastlingShredder, CastlingXFEN} {
			out := p.FEN(mode)
			s2, err := ParseFEN(out)
			if err != nil {
				t.Fatalf("%q printed as %q, which does not parse: %v", fen, out, err)
			}
			q, err := NewPosition(s2)
			if err != nil || q != p {
				t.Fatalf("%q printed as %q, which reads back as %s (%v)", fen, out, q.FEN(mode), err)
			}
		}
	})
}

package rules

import (
	"testing"

	"github.com/baten-chess/baten/kinematics"
)

// seirawan is S-Chess as Fairy-Stockfish defines it (variant.cpp's
// seirawan_variant): chess with the hawk (H, archbishop) and the elephant
// (E, chancellor) in hand, entering by Seirawan gating.
func seirawan() *Variant {
	v := Chess()
	v.Name = "seirawan"
	v.Pieces = append(chessPieces(8, "QRBNHE"),
		PieceKind{Name: "hawk", Letter: 'H', Movement: kinematics.Archbishop()},
		PieceKind{Name: "elephant", Letter: 'E', Movement: kinematics.Chancellor()})
	v.Gating = &GatingRules{HandOrder: "KEHQRBNP"}
	v.Start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1"
	return v
}

// TestSeirawanGatingPerft counts Fairy-Stockfish's positions
// (/work/shared/data/fairy/fsf-head/seirawan.perft, UCI_Variant seirawan).
func TestSeirawanGatingPerft(t *testing.T) {
	for _, tc := range []struct {
		fen    string
		counts []uint64
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1", []uint64{28, 784}},
		{"rnbekr2/p3p2p/1pp2ppb/h2pq1n1/1P1P1P1P/2P3Q1/PB2PHP1/3RKB1R[E] b EFq - 1 20", []uint64{43, 1564}},
		{"rnbhkenr/pp1q1pp1/2ppp3/7p/1Q6/4P1b1/PPPPBP1P/RNBHK1NR[E] b KQBCGkq - 1 8", []uint64{35, 1592}},
		{"r1b1k1nr/1H1ppp1p/pp5b/1N2Nhp1/1Pp2PP1/B2P3B/2q1P2P/E1RQK2R[e] w Kkqcg - 1 17", []uint64{45, 1801}},
	} {
		gatingCounts(t, seirawan(), tc.fen, tc.counts)
	}
}

// TestSHouseGatingPerft counts Fairy-Stockfish's positions of shouse,
// S-Chess with crazyhouse's drops (fsf-head/shouse.perft): gates stay
// open with an empty hand, pawns in hand never gate on the first rank.
func TestSHouseGatingPerft(t *testing.T) {
	v := seirawan()
	v.Name = "shouse"
	v.Drops = &DropRules{CapturesToHand: true, Pawn: 'P', NoDoubledCount: 1, HandOrder: v.Gating.HandOrder}
	for _, tc := range []struct {
		fen    string
		counts []uint64
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1", []uint64{92, 7944}},
		{"r1bk1b1r/p1Epppp1/2Q4P/1p6/1NQ1Pn2/3N1Heh/PP1P1PP1/1RB1KBNR[ppp] w KCFGacf - 1 26", []uint64{61, 3807}},
	} {
		gatingCounts(t, v, tc.fen, tc.counts)
	}
}

// gatingCounts checks that fen of v reads back as written and counts
// perft 1, 2, … as counts says.
func gatingCounts(t *testing.T, v *Variant, fen string, counts []uint64) {
	t.Helper()
	p, err := ParseFEN(v, fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	if got := p.FEN(); got != fen {
		t.Errorf("FEN round trip: got %s, want %s", got, fen)
	}
	for d, want := range counts {
		if got := p.Perft(d + 1); got != want {
			t.Errorf("%s: perft %d = %d, want %d", fen, d+1, got, want)
		}
	}
}

// TestGatingMoveText: Fairy-Stockfish's move texts of gating moves
// (today's build c19b5f6, UCI_Variant seirawan, position fen
// r3k2r/8/8/8/8/8/8/R3K2R[EHeh] w KQBCDFGkqbcdfg - 0 1, go perft 1): a
// rook move, a king move, castling gating on the king's square (e1g1h) and
// on the rook's (h1e1h, a1e1e).
func TestGatingMoveText(t *testing.T) {
	p, err := ParseFEN(seirawan(), "r3k2r/8/8/8/8/8/8/R3K2R[EHeh] w KQBCDFGkqbcdfg - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	texts := map[string]bool{}
	for _, m := range p.LegalMoves() {
		texts[p.FSFMoveText(m)] = true
	}
	for _, want := range []string{"a1b1h", "h1h8e", "e1d2e", "e1g1h", "e1g1e", "e1c1h", "h1e1h", "h1e1e", "a1e1h", "a1e1e"} {
		if !texts[want] {
			t.Errorf("no move %s among %d", want, len(texts))
		}
	}
	if len(texts) != 82 {
		t.Errorf("%d moves, Fairy-Stockfish has 82", len(texts))
	}
}

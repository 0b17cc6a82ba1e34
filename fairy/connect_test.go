package fairy_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// connectINI defines test variants of the connection rule (family:
// connection), none of them with a royal piece: four in a row (rows),
// regions joined without diagonals (bridge, with capturing pieces),
// four in a row or a 2x2 square (squares), three musketeers on a line
// with gaps, drawn (muskets), and the bare rules of the hand-made
// positions below (line, join, col, square: every line off in square).
const connectINI = `
[rows]
maxRank = 6
maxFile = 6
customPiece1 = p:mK
startFen = p1p1p1/1p1p1p/6/6/P1P1P1/1P1P1P w - - 0 1
connectN = 4
stalemateValue = loss

[bridge]
maxRank = 4
maxFile = 4
customPiece1 = p:mK
customPiece2 = c:K
startFen = pc1p/1p1p/P1P1/1C1P w - - 0 1
connectRegion1White = a*
connectRegion2White = d*
connectRegion1Black = *1
connectRegion2Black = *4
connectDiagonal = false
stalemateValue = loss

[squares]
maxRank = 5
maxFile = 5
customPiece1 = p:mK
startFen = p1p1p/5/1P1P1/5/p1P1P w - - 0 1
connectN = 4
connectNxN = 2
stalemateValue = loss

[muskets]
maxRank = 6
maxFile = 6
customPiece1 = m:mcK
customPiece2 = p:mW
startFen = pp1ppM/p1p1pp/pp1Mpp/1p1pp1/Mpp1pp/pp1pp1 w - - 0 1
collinearN = 3
connectPieceTypes = m
connectValue = draw
stalemateValue = win

[join]
maxRank = 5
maxFile = 5
customPiece1 = p:mW
startFen = 2p2/5/5/5/P4 w - - 0 1
connectRegion1White = a*
connectRegion2White = d*
connectRegion1Black = *1
connectRegion2Black = *4
connectDiagonal = false
stalemateValue = loss

[line]
maxRank = 6
maxFile = 6
customPiece1 = p:mK
startFen = p5/6/6/6/6/P5 w - - 0 1
connectN = 3
stalemateValue = loss

[col]
maxRank = 6
maxFile = 6
customPiece1 = p:mK
customPiece2 = m:mK
startFen = p5/6/6/6/6/M5 w - - 0 1
collinearN = 3
connectPieceTypes = m
connectValue = loss
stalemateValue = loss

[square]
maxRank = 6
maxFile = 6
customPiece1 = p:mK
startFen = p5/6/6/6/6/P5 w - - 0 1
connectNxN = 2
connectHorizontal = false
connectVertical = false
connectDiagonal = false
stalemateValue = loss
`

// connectVariants compiles the variants of connectINI, for the tests
// that walk every accepted variant (TestSpecEqualsImpl, TestNoAllocations).
func connectVariants(t testing.TB) []compiled {
	t.Helper()
	return compileINI(t, "connect", connectINI, nil)
}

// compileINI loads a test file of variants (parents from base) and
// compiles each, named prefix-name.
func compileINI(t testing.TB, prefix, text string, base *variant.Registry) []compiled {
	t.Helper()
	vs, err := variant.LoadINI(strings.NewReader(text), prefix+".ini", base)
	if err != nil {
		t.Fatal(err)
	}
	var out []compiled
	for _, v := range vs {
		r, err := fairy.Compile(v.Rules())
		if err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		out = append(out, compiled{prefix + "-" + v.Name, v.Rules(), r})
	}
	return out
}

// named is the variant of cs called name.
func named(t testing.TB, cs []compiled, name string) compiled {
	t.Helper()
	for _, c := range cs {
		if c.name == name {
			return c
		}
	}
	t.Fatalf("no %s", name)
	return compiled{}
}

// checkPerft counts fen (the start for "") of c to depth with the fast
// generator against Fairy-Stockfish's nodes, and to depth 2 at most with
// both generators against each other.
func checkPerft(t *testing.T, c compiled, fen string, depth int, nodes uint64) {
	t.Helper()
	if fen == "" {
		fen = c.v.Start
	}
	ref, err := rules.ParseFEN(c.v, fen)
	if err != nil {
		t.Fatal(err)
	}
	fp, err := c.r.FromRules(ref)
	if err != nil {
		t.Fatal(err)
	}
	if got := fp.Perft(depth); got != nodes {
		t.Errorf("%s %s: perft %d = %d, Fairy-Stockfish %d", c.name, fen, depth, got, nodes)
	}
	if got, want := ref.Perft(min(depth, 2)), fp.Perft(min(depth, 2)); got != want {
		t.Errorf("%s %s: perft %d: reference %d, fast %d", c.name, fen, min(depth, 2), got, want)
	}
}

// TestConnectPerftFairyStockfish: counts of Fairy-Stockfish c19b5f6 with
// connectINI saved as a file and, for each row, "setoption name
// VariantPath value FILE", "setoption name UCI_Variant value NAME",
// "position fen FEN" (startpos for "") and "go perft DEPTH". The rows
// come from random games; a 0 at depth 1 is a position the connection
// rule has decided. The hand-made rows test each rule at its edge. Both
// generators count (the reference one to depth 2).
func TestConnectPerftFairyStockfish(t *testing.T) {
	for _, tc := range []struct {
		variant, fen string
		depth        int
		nodes        uint64
	}{
		{"rows", "", 4, 342873},
		{"squares", "", 4, 94660},
		{"bridge", "", 5, 268574},
		{"bridge", "c1p1/1p1p/1p2/PPCP b - - 13 7", 1, 0},
		{"bridge", "c1p1/1p1p/1p1P/PPC1 w - - 12 7", 3, 1275},
		{"bridge", "1p2/1pP1/1cC1/1pP1 w - - 6 17", 1, 0},
		{"bridge", "1p2/1pP1/c1C1/1pP1 b - - 5 16", 3, 1896},
		{"bridge", "pc1p/3p/P2p/1CPP w - - 10 6", 3, 1284},
		{"bridge", "pc2/1pp1/2p1/PCPP b - - 5 3", 1, 0},
		{"bridge", "pc2/1pp1/1Pp1/1CPP w - - 4 3", 3, 826},
		{"bridge", "1pC1/1pP1/Pp1P/1p2 w - - 3 9", 1, 0},
		{"bridge", "1pC1/1pP1/PppP/4 b - - 2 8", 3, 1744},
		{"muskets", "", 4, 178460},
		{"rows", "pp2p1/1p3p/6/2p3/2P3/1PPPPP b - - 11 6", 1, 0},
		{"rows", "2ppp1/2p1p1/p5/P5/2P1P1/P3PP w - - 12 7", 4, 296933},
		{"rows", "2pppp/2p3/p5/P5/2P3/P2PPP w - - 14 8", 1, 0},
		{"rows", "1pp1pp/p4p/6/P5/1P4/2PPPP b - - 19 10", 1, 0},
		{"squares", "2p1p/5/2pP1/1pP1P/2P2 w - - 12 7", 4, 80926},
		{"squares", "2p2/P1pp1/4P/p4/2P1P w - - 12 7", 4, 97422},
		{"squares", "2p1p/1P1p1/2P2/3P1/p3P b - - 11 6", 1, 0},
		{"squares", "1pppp/3P1/5/2P2/1P1P1 w - - 14 8", 1, 0},
		{"muskets", "pp1p2/ppp1Mp/p1M1pp/2ppp1/1p2p1/pMpppp w - - 7 7", 4, 277086},
		{"muskets", "pp1MpM/p3pp/1p1pp1/p2ppp/1Mp1pp/ppppp1 w - - 3 7", 4, 151888},
		{"muskets", "p3p1/p1M1p1/1pMpp1/1p3p/p1M1pp/1p1pp1 b - - 2 24", 1, 0},
		{"muskets", "6/1MM2M/pp3p/p5/1pp3/p1pp1p b - - 0 36", 1, 0},
		{"muskets", "p1ppp1/p1p2p/pM1MMp/2ppp1/1pp1pp/pp1pp1 b - - 2 7", 1, 0},
		// Regions: a path north and east joins a* to e*; one that must
		// step south (b3 to b2) does not, as Fairy-Stockfish grows the
		// path forward only; a rank of pieces does.
		{"join", "2p2/5/1PPPP/PP3/5 b - - 0 1", 1, 0},
		{"join", "2p2/5/PP3/1PPPP/5 b - - 0 1", 1, 3},
		{"join", "2p2/5/5/PPPPP/5 b - - 0 1", 1, 0},
		{"join", "2p2/5/P4/1PPPP/5 b - - 0 1", 1, 3},
		// Three in a row, next to one another, along a rank or a diagonal;
		// not with gaps; only the side that has just moved.
		{"line", "p5/6/6/6/6/P1P1P1 b - - 0 1", 1, 3},
		{"line", "p5/6/6/6/6/PPP3 b - - 0 1", 1, 0},
		{"line", "p5/6/6/6/6/PPP3 w - - 0 1", 1, 9},
		{"line", "5p/6/6/2P3/1P4/P5 b - - 0 1", 1, 0},
		{"line", "5p/6/6/P5/1P4/2P3 b - - 0 1", 1, 0},
		{"line", "P4p/P5/P5/6/6/6 b - - 0 1", 1, 0},
		// Collinear: gaps allowed, connect kinds only, any line.
		{"col", "p5/6/6/6/6/M1M2M b - - 0 1", 1, 0},
		{"col", "p5/6/6/6/6/M1P2M b - - 0 1", 1, 3},
		{"col", "p5/M5/6/2M3/6/4M1 b - - 0 1", 1, 0},
		{"col", "p5/6/6/6/6/M1M2M w - - 0 1", 1, 11},
		// A 2x2 square, whatever the lines.
		{"square", "p5/6/6/6/PP4/PP4 b - - 0 1", 1, 0},
		{"square", "p5/6/6/6/P5/PP4 b - - 0 1", 1, 3},
		{"square", "5p/6/6/6/5P/4PP b - - 0 1", 1, 3},
	} {
		if race.Enabled && tc.nodes > 100_000 {
			continue // the plain run counts it
		}
		checkPerft(t, named(t, connectVariants(t), "connect-"+tc.variant), tc.fen, tc.depth, tc.nodes)
	}
}

// TestConnectEndsLikeSpec walks seeded random games of connectINI's
// variants and requires the fast generator's Decided to agree with the
// reference Outcome at every position; most games end by a connection,
// with the rule's value (a draw in muskets).
func TestConnectEndsLikeSpec(t *testing.T) {
	games := 40
	if testing.Short() || race.Enabled {
		games = 8
	}
	for _, c := range connectVariants(t) {
		rng := rand.New(rand.NewPCG(5, uint64(len(c.name))))
		start, err := rules.Start(c.v)
		if err != nil {
			t.Fatal(err)
		}
		connected := 0
		for g := 0; g < games; g++ {
			ref := start
			for ply := 0; ply < 100; ply++ {
				fp, err := c.r.FromRules(ref)
				if err != nil {
					t.Fatal(err)
				}
				o, over := ref.Outcome()
				d, dec := fp.Decided()
				byRule := over && o.Reason == rules.Connection
				if dec != byRule || dec && d != o {
					t.Fatalf("%s %s: fast %v %v, reference %v %v", c.name, ref.FEN(), d, dec, o, over)
				}
				if byRule {
					connected++
					if c.v.Connect.Value == rules.ValueDraw && !o.Draw || c.v.Connect.Value == rules.ValueWin && o.Winner != ref.Turn().Opponent() {
						t.Fatalf("%s %s: %v, want the connection's value for the side that moved", c.name, ref.FEN(), o)
					}
				}
				moves := ref.LegalMoves()
				if len(moves) == 0 {
					break
				}
				if ref, err = ref.Play(moves[rng.IntN(len(moves))]); err != nil {
					t.Fatal(err)
				}
			}
		}
		t.Logf("%s: %d of %d games ended by a connection", c.name, connected, games)
		if hand := []string{"connect-join", "connect-line", "connect-col", "connect-square"}; connected == 0 && games == 40 && !slices.Contains(hand, c.name) {
			t.Errorf("%s: no game ended by a connection", c.name) // the hand-made positions' variants need not
		}
	}
}

package fairy_test

import (
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/rules"
)

// petrifyINI is the example file's nuclear section (atomic whose pawns
// are a custom piece, so that they petrify and explode), and nuclearb,
// which petrifies the blasted pieces too.
const petrifyINI = `
[nuclear:atomic]
pawn = -
customPiece1 = p:fmWfceFifmnD
pawnTypes = p
petrifyOnCaptureTypes = pnbrq
enPassantRegion = -

[nuclearb:nuclear]
petrifyBlastPieces = true
`

// petrifyGames are the petrify family's test games: nuclear, nuclearb
// and the built-in petrified and its parent pawnsideways.
func petrifyGames(t testing.TB) map[string]compiled {
	t.Helper()
	return familyGames(t, "nuclear.ini", petrifyINI, "petrified", "pawnsideways")
}

// petrifyCases exercise each rule of the family. Every count is
// Fairy-Stockfish c19b5f6's ("go perft N"; nuclear and nuclearb with
// petrifyINI saved as a file and "setoption name VariantPath value
// FILE"), by depth from 1.
var petrifyCases = []struct {
	game, why, fen string
	counts         []uint64
}{
	{"nuclear", "start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", []uint64{20, 400, 8902, 197262}},
	{"nuclear", "a wall shields the king from a rook", "4k3/8/8/4*3/8/8/8/4R1K1 b - - 0 1", []uint64{5, 65, 425, 6585}},
	{"nuclear", "a wall stops a rook, a knight's capture petrifies it", "4k3/4r3/8/4*3/8/8/4N3/4K3 w - - 0 1", []uint64{10, 120, 1300, 20595}},
	{"nuclear", "castling, blasts next to the kings, petrified pawns", "r3k3/1p1n4/8/8/2pP4/8/1B6/R3K2R w KQq - 0 1", []uint64{30, 655, 19054, 372630}},
	{"nuclear", "captures next to the kings", "3qk3/3p4/8/1B6/8/8/8/3QK3 w - - 0 1", []uint64{28, 321, 8064, 142432}},
	{"nuclear", "a pawn takes next to its king", "4k3/3n4/4P3/8/8/8/3q4/4K2R w K - 0 1", []uint64{2, 30, 278, 7244}},
	{"nuclear", "a wall beside the king", "4k3/8/8/1b6/8/3*4/4K3/7R b - - 0 1", []uint64{10, 208, 2378, 42570}},
	{"nuclear", "random", "3q1br1/2r1kpp1/n1b1p1Pp/pp*5/4*2P/NP6/P2R4/1RBK1BN1 w - - 7 24", []uint64{2: 19884}},
	{"nuclearb", "blasted pieces petrify", "r3k3/1p1n4/8/8/2pP4/8/1B6/R3K2R w KQq - 0 1", []uint64{30, 655, 19052, 372569}},
	{"nuclearb", "blasted pieces petrify, captures next to the kings", "3qk3/3p4/8/1B6/8/8/8/3QK3 w - - 0 1", []uint64{28, 321, 8064, 142433}},
	{"nuclearb", "random", "1**2k2/1***p3/r1*r3*/p4p**/1P1**3/P3*2P/2P1P1P1/1R1QKBR1 b - - 2 21", []uint64{2: 4418}},
	{"pawnsideways", "start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", []uint64{20, 400, 10022, 250145}},
	{"pawnsideways", "random 1", "r1bqkbQ1/1p1n3r/p1p1p1pn/5p2/1P4P1/2P1P1pR/P2P2P1/RNB1KBN1 w Q - 4 21", []uint64{47, 1778, 81525}},
	{"pawnsideways", "random 2", "1rbqkbnr/1Bp1p1p1/1p1pP2p/3p2N1/P7/2PP4/1Bnp2PP/R2Q1K1R w k - 2 21", []uint64{41, 1340, 52610}},
	{"pawnsideways", "random 3", "r1b1kbnr/1p1p1p2/n4p2/1p2pp2/7P/2N1B3/PP1PP1P1/1qRQKB1R w Kkq - 8 21", []uint64{38, 1723, 66428}},
	{"pawnsideways", "a pawn steps sideways onto the en passant square", "rn1k1b1n/p1pq3p/2b1p3/7p/1pP1Q3/N3P3/PPKP1P1P/1RB2B1R b - - 2 19", []uint64{40, 1363, 53540}},
	{"petrified", "start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", []uint64{20, 400, 10022, 250134}},
	{"petrified", "random 1", "r3k1n1/1r1nb3/p1P2p1p/1pp4p/P2p4/1*P*3P/3PKPR1/RNBQNB2 w q - 2 26", []uint64{32, 1070, 34942}},
	{"petrified", "random 2", "r1b3rB/pp1k4/*3pn1p/P1P2*2/3*3P/1P2P3/R2*3b/1NBQK1N1 b - - 0 23", []uint64{2: 40414}},
	{"petrified", "random 3", "1nb1k*2/1*pp1p1p/1r6/1np1p*2/N1PP3p/4Q2N/*1P1PP2/2B1KB2 w - - 0 26", []uint64{2: 43397}},
	{"petrified", "random 4", "r4k2/b1p5/1pp2Pbn/1*5P/P3pq1P/P1Np1*r1/5P2/R1B1KB1R w - - 1 31", []uint64{2: 36052}},
	{"petrified", "kings side by side: a king never captures, nor attacks the other", "8/8/3qk3/4K3/8/8/8/8 w - - 0 1", []uint64{3, 82, 361, 10438}},
	{"petrified", "taking the king on its square is no excuse for leaving one's own attacked", "8/8/8/3pk3/3PK3/8/8/8 w - - 0 1", []uint64{5, 28, 223, 1888}},
	{"petrified", "castling; the knight's capture petrifies it", "r3k2r/8/8/8/8/8/6n1/R3K2R w KQkq - 0 1", []uint64{5, 150, 3490, 96022}},
	{"petrified", "two black kings are not pseudo-royal", "4k3/8/8/8/8/5k2/8/R3K2R w KQ - 0 1", []uint64{26, 338, 9173, 124646}},
}

// TestPetrifyPerft: both generators count the oracle's numbers of
// petrifyCases (the reference up to 5,000 nodes). Under the race
// detector or -short, counts up to 20,000 nodes (the reference's up to
// 1,000).
func TestPetrifyPerft(t *testing.T) {
	budget, refBudget := uint64(1<<62), uint64(5_000)
	if testing.Short() || race.Enabled {
		budget, refBudget = 20_000, 1_000
	}
	games := petrifyGames(t)
	for _, c := range petrifyCases {
		g := games[c.game]
		countOracle(t, g.v, g.r, c.game+", "+c.why, c.fen, c.counts, budget, refBudget)
	}
}

// TestPetrifySpecEqualsImpl walks seeded random games of the family to
// their end and requires at every position the same legal moves from
// both generators (walkToEnds), the same outcome, and after each move
// the fast position equal to the reference's (walls and all) and Unplay
// giving the key back. Across the games captures must make walls.
func TestPetrifySpecEqualsImpl(t *testing.T) {
	games := 2
	if testing.Short() || race.Enabled {
		games = 1
	}
	walls := 0
	all := petrifyGames(t)
	for _, name := range []string{"nuclear", "nuclearb", "petrified", "pawnsideways"} {
		g := all[name]
		walkToEnds(t, name, g.v, g.r, games, 45, func(ref *rules.Position, fp *fairy.Position, l *fairy.MoveList, m rules.Move) {
			o, over := ref.Outcome()
			if d, dec := fp.Decided(); over && dec && d != o {
				t.Fatalf("%s %s: fast %v, reference %v", name, ref.FEN(), d, o)
			}
			walls = max(walls, len(ref.Walls()))
			if over {
				return
			}
			checkPlayed(t, name, g.r, ref, fp, l, m)
		})
	}
	if walls == 0 {
		t.Error("no game made a wall")
	}
}

// TestPetrifyNoAllocations: in positions with petrifying captures and
// blasts, LegalMoves and Play and Unplay of every legal move allocate
// nothing (TestNoAllocations asks only the start positions).
func TestPetrifyNoAllocations(t *testing.T) {
	all := petrifyGames(t)
	for _, c := range petrifyCases {
		g := all[c.game]
		ref, err := rules.ParseFEN(g.v, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		fp, err := g.r.FromRules(ref)
		if err != nil {
			t.Fatal(err)
		}
		var l fairy.MoveList
		if a := testing.AllocsPerRun(10, func() { fp.LegalMoves(&l) }); a != 0 {
			t.Errorf("%s %s: LegalMoves allocates %v", c.game, c.fen, a)
		}
		if a := testing.AllocsPerRun(10, func() {
			for _, m := range l.Slice() {
				u := fp.Play(m)
				fp.Unplay(m, u)
			}
		}); a != 0 {
			t.Errorf("%s %s: Play allocates %v", c.game, c.fen, a)
		}
	}
}

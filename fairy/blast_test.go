package fairy_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// atomicGames are the built-in games of the atomic family.
var atomicGames = []string{"atomic", "nocheckatomic", "atomar"}

// atomicCase is a position with Fairy-Stockfish c19b5f6's perft counts,
// by depth from 1: the oracle's numbers, written in by hand.
type atomicCase struct {
	game, why, fen string
	counts         []uint64
}

// atomicCases exercise each rule of the family; every count is
// Fairy-Stockfish c19b5f6's ("go perft N").
var atomicCases = []atomicCase{
	{"atomic", "a king never captures (it would explode itself)", "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", []uint64{0: 4, 1: 32}},
	{"atomic", "exploding the enemy king is legal out of check", "4kn2/8/8/8/8/8/8/r3KR2 w - - 0 1", []uint64{0: 4, 2: 870}},
	{"atomic", "adjacent kings give no check", "8/8/8/3kK3/8/8/8/r6R w - - 0 1", []uint64{1: 404}},
	{"atomic", "adjacent kings, the other side", "8/8/8/3kK3/8/8/8/r6R b - - 0 1", []uint64{1: 404}},
	{"atomic", "en passant explodes around the landing square", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", []uint64{2: 21511}},
	{"atomic", "castling, and rights lost with exploded rooks", "r3k2r/8/8/8/8/8/6n1/R3K2R w KQkq - 0 1", []uint64{2: 3498}},
	{"nocheckatomic", "castling without checks", "r3k2r/8/8/8/8/8/6n1/R3K2R w KQkq - 0 1", []uint64{2: 17466}},
	{"nocheckatomic", "kings side by side, walking into attack", "8/8/8/3kK3/8/8/8/r6R w - - 0 1", []uint64{1: 427}},
	{"nocheckatomic", "a king takes the other: both explode, the game is over", "8/8/8/8/8/2n5/3kK3/8 w - - 0 1", []uint64{1: 105}},
	{"atomar", "start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", []uint64{20, 400, 8902, 197779}},
	{"atomar", "random 1", "1r3br1/pp2pppp/R3k2n/2p5/1P1p4/2PP1P2/2NKP1P1/Q1B2BNR w - - 3 21", []uint64{39, 872, 33657, 791553}},
	{"atomar", "random 2", "rnbq3r/pppk4/4pnpp/5p2/1PPp3P/3PP2N/P4PP1/R1BQKB1R w KQ - 2 11", []uint64{31, 989, 31008, 999651}},
	{"atomar", "kings survive blasts and may not take each other", "8/8/8/3kK3/8/8/8/r6R w - - 0 1", []uint64{21, 409, 8011, 157697}},
	{"atomar", "a king captures and survives", "4k3/3nq3/8/8/8/8/3pr3/4K3 w - - 0 1", []uint64{5, 162, 1070, 38539}},
}

// TestAtomicPerft: the fast generator counts every perft of Fairy-Stockfish
// HEAD's files for atomic and nocheckatomic (start and three random
// positions, depths 1-4, 1 million nodes at most), and both generators
// the oracle's counts of the hand-made positions of atomicCases (the
// reference, 10,000 nodes a second here, up to 5,000 nodes). Under the
// race detector or -short, counts up to 200,000 nodes (the reference's up
// to 1,000).
func TestAtomicPerft(t *testing.T) {
	if _, err := perftdata.Dir(); err != nil {
		t.Skip(err)
	}
	budget, refBudget := uint64(1<<62), uint64(5_000)
	if testing.Short() || race.Enabled {
		budget, refBudget = 200_000, 1_000
	}
	for _, name := range atomicGames[:2] {
		v, r := compileGame(t, name)
		if checked := countFSFHead(t, v, r, name, budget, nil); checked < 12 {
			t.Errorf("%s: only %d counts checked", name, checked)
		}
	}
	for _, c := range atomicCases {
		v, r := compileGame(t, c.game)
		countOracle(t, v, r, c.game+", "+c.why, c.fen, c.counts, budget, refBudget)
	}
}

// TestAtomicEndsLikeSpec walks seeded random games of the atomic family
// to their end and requires at every position the same legal moves from
// both generators, the fast generator's Decided to agree with the
// reference Outcome, a key that Play and Unplay give back, and the
// fast position after each move equal to the reference's (the blast
// removed alike). Across the games a king must explode.
func TestAtomicEndsLikeSpec(t *testing.T) {
	games := 6 // TestSpecEqualsImpl walks thirty more of each game
	if testing.Short() || race.Enabled {
		games = 2
	}
	reasons := map[rules.Reason]int{}
	for _, name := range atomicGames {
		v, r := compileGame(t, name)
		walkToEnds(t, name, v, r, games, 11, func(ref *rules.Position, fp *fairy.Position, l *fairy.MoveList, m rules.Move) {
			o, over := ref.Outcome()
			d, dec := fp.Decided()
			if exploded := over && o.Reason == rules.KingExploded; dec != exploded || dec && d != o {
				t.Fatalf("%s %s: fast %v %v, reference %v %v", name, ref.FEN(), d, dec, o, over)
			}
			if over {
				reasons[o.Reason]++
				return
			}
			checkPlayed(t, name, r, ref, fp, l, m)
		})
	}
	t.Logf("ends: %v", reasons)
	if reasons[rules.KingExploded] == 0 {
		t.Errorf("ends %v: want a king exploded", reasons)
	}
}

// walkToEnds plays games seeded random games of v from its start, 400
// plies at most each (antichess games run long), and at every position requires the same legal
// moves of both generators, then calls visit with the reference and fast
// positions, the fast legal moves and the move to be played next (the
// zero Move where the game is over, after which the walk ends).
func walkToEnds(t *testing.T, name string, v *rules.Variant, r *fairy.Rules, games int, seed uint64,
	visit func(ref *rules.Position, fp *fairy.Position, l *fairy.MoveList, m rules.Move)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, uint64(len(name))))
	start, err := rules.Start(v)
	if err != nil {
		t.Fatal(err)
	}
	var l fairy.MoveList
	for n := 0; n < games; n++ {
		ref := start
		for ply := 0; ply < 400; ply++ {
			fp, err := r.FromRules(ref)
			if err != nil {
				t.Fatal(err)
			}
			fp.LegalMoves(&l)
			if got, want := moveTexts(&fp, &l), refTexts(ref); !slices.Equal(got, want) {
				t.Fatalf("%s %s:\n got %v\nwant %v", name, ref.FEN(), got, want)
			}
			moves := ref.LegalMoves()
			var m rules.Move
			if len(moves) > 0 {
				m = moves[rng.IntN(len(moves))]
			}
			visit(ref, &fp, &l, m)
			if len(moves) == 0 {
				break // over: every end leaves no legal move
			}
			ref = ref.PlayLegal(m)
		}
	}
}

// compileGame is the registry's game name and its fast generator.
func compileGame(t *testing.T, name string) (*rules.Variant, *fairy.Rules) {
	t.Helper()
	g, err := variant.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	r, err := fairy.Compile(g.Rules())
	if err != nil {
		t.Fatal(err)
	}
	return g.Rules(), r
}

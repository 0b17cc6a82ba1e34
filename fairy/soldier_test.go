package fairy_test

import (
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/rules"
)

// crowdedINI is Fairy-Stockfish's example section crowdedxiangqi: xiangqi
// on five ranks, Black's palace on White's side, the soldiers held to
// their file below the fourth rank.
const crowdedINI = `
[crowdedxiangqi:xiangqi]
maxRank = 5
startFen = rnbakabnr/pcp1p1pcp/9/PCP1P1PCP/RNBAKABNR w - - 0 1
mobilityRegionBlackKing = d3 e3 f3 d4 e4 f4 d5 e5 f5
mobilityRegionBlackFers = d3 e3 f3 d4 e4 f4 d5 e5 f5
mobilityRegionBlackElephant = *1 *2 *3 *4 *5
soldierPromotionRank = 4
`

// palaceGames compiles the built-in xiangqi family and crowdedxiangqi.
func palaceGames(t testing.TB) map[string]compiled {
	t.Helper()
	return familyGames(t, "crowded.ini", crowdedINI, "xiangqi", "minixiangqi", "manchu")
}

// TestSoldier: both generators count as Fairy-Stockfish c19b5f6 does ("go
// perft N"; crowdedxiangqi with crowdedINI as its VariantPath) where the
// soldier rule decides, for either side, and each count differs from
// the same position's without the rule. fsf-head/xiangqi.perft,
// minixiangqi.perft and manchu.perft are TestPerft's.
func TestSoldier(t *testing.T) {
	games := palaceGames(t)
	for _, tc := range []struct {
		game, fen string
		counts    []uint64 // Fairy-Stockfish c19b5f6's, by depth from 1
		held      bool     // a soldier is held: the count differs without the rule
	}{
		{"xiangqi", "5k3/9/9/9/9/4P4/9/9/9/3K5 w - - 0 1", []uint64{3, 6, 25, 67}, true},    // e5 before the river: e6 only
		{"xiangqi", "5k3/9/9/9/4P4/9/9/9/9/3K5 w - - 0 1", []uint64{5, 10, 49, 123}, false}, // e6 across it: d6, f6 too
		{"xiangqi", "5k3/9/9/9/4p4/9/9/9/9/3K5 b - - 0 1", []uint64{3, 6, 25, 67}, true},    // Black's e6, before its river
		{"xiangqi", "5k3/9/9/9/9/4p4/9/9/9/3K5 b - - 0 1", []uint64{5, 10, 49, 123}, false}, // Black's e5, across it
		{"xiangqi", "3k5/4P4/9/9/9/9/9/9/9/5K3 b - - 0 1", []uint64{0, 0, 0, 0}, false},     // the soldier guards d9 sideways: stalemate
		{"crowdedxiangqi", "9/9/3Pk4/9/3K5 b - - 0 1", []uint64{2, 5, 11, 37}, true},        // d3 is held: no check on e3
		{"crowdedxiangqi", "9/3k5/3p5/4Kp3/9 w - - 0 1", []uint64{3, 13, 25, 117}, true},    // f2 (Black's fourth rank) checks sideways, d3 does not
	} {
		c := games[tc.game]
		for d, n := range tc.counts {
			checkPerft(t, c, tc.fen, d+1, n) // connect_test.go
		}
		if !tc.held {
			continue
		}
		plain := *c.v
		plain.Soldiers = nil
		r, err := fairy.Compile(&plain)
		if err != nil {
			t.Fatal(err)
		}
		if _, fp := positionsAt(t, &plain, r, tc.fen); fp.Perft(3) == tc.counts[2] {
			t.Errorf("%s %s: perft 3 is the same without the soldier rule", tc.game, tc.fen)
		}
	}
}

// TestSoldierStalemate: a general with no move loses (stalemateValue =
// loss), in both generators, where the soldier across the river takes
// the general's last square sideways.
func TestSoldierStalemate(t *testing.T) {
	c := palaceGames(t)["xiangqi"]
	ref, fp := positionsAt(t, c.v, c.r, "3k5/4P4/9/9/9/9/9/9/9/5K3 b - - 0 1")
	var l fairy.MoveList
	fp.LegalMoves(&l)
	o, over := ref.Outcome()
	if l.N != 0 || fp.InCheck() || !over || o.Draw || o.Winner != rules.First || o.Reason != rules.Stalemate {
		t.Errorf("%d moves, in check %v; outcome %+v %v, want White winning by stalemate", l.N, fp.InCheck(), o, over)
	}
}

// positionsAt reads fen in both generators of v, r the fast one.
func positionsAt(t *testing.T, v *rules.Variant, r *fairy.Rules, fen string) (*rules.Position, fairy.Position) {
	t.Helper()
	ref, err := rules.ParseFEN(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	fp, err := r.FromRules(ref)
	if err != nil {
		t.Fatal(err)
	}
	return ref, fp
}

// TestPalaceSpecEqualsImpl walks seeded random games of the xiangqi
// family and crowdedxiangqi to their ends or 400 plies (walkToEnds,
// blast_test.go): the same legal moves, the same mate where none is left
// and the fast Play reaching the reference's next position
// (checkRoyalStep, royal_test.go). Under -short or the race detector,
// crowdedxiangqi alone, whose soldiers meet the rule at once.
func TestPalaceSpecEqualsImpl(t *testing.T) {
	games := palaceGames(t)
	names := []string{"xiangqi", "minixiangqi", "manchu", "crowdedxiangqi"}
	if testing.Short() || race.Enabled {
		names = names[3:]
	}
	for _, name := range names {
		c := games[name]
		walkToEnds(t, name, c.v, c.r, 1, 48, func(ref *rules.Position, fp *fairy.Position, l *fairy.MoveList, m rules.Move) {
			checkRoyalStep(t, c, ref, fp, l, m)
		})
	}
}

// palaceWalked are the games TestPalaceSpecEqualsImpl and
// TestJanggiSpecEqualsImpl walk, which TestSpecEqualsImpl leaves to them
// under -short or the race detector (a hundred plies of xiangqi take the
// reference generator some 10 s there).
var palaceWalked = map[string]bool{"xiangqi": true, "minixiangqi": true, "manchu": true, "crowdedxiangqi": true,
	"janggi": true, "janggitraditional": true, "janggimodern": true, "janggicasual": true}

// palaceList is crowdedxiangqi, for the tests that walk a list
// (TestSpecEqualsImpl, TestNoAllocations; the xiangqi family is walked
// there as built-in games).
func palaceList(t testing.TB) []compiled {
	return []compiled{palaceGames(t)["crowdedxiangqi"]}
}

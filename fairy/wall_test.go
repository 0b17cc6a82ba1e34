package fairy_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/rules"
)

// wallsINI defines a chess game for each walling rule the built-in games
// do not cover alone: arrows shot by chess pieces (castling, en passant
// and promotions), static walls in per-colour regions, edge walls placed
// with every move, a trail left by chess pieces, static walls or a move
// (wallOrMove), and the duck kept to a region.
const wallsINI = `
[arrowchess:chess]
wallingRule = arrow

[staticchess:chess]
wallingRule = static
wallingRegionWhite = *3 *4
wallingRegionBlack = *5 *6

[edgechess:chess]
wallingRule = edge

[pastchess:chess]
wallingRule = past

[staticor:chess]
wallingRule = static
wallOrMove = true

[duckregion:duck]
wallingRegion = c3 d4 e5 f6 c6 f3
`

// wallVariants compiles wallsINI's games and the built-in walling games.
func wallVariants(t testing.TB) map[string]compiled {
	t.Helper()
	return familyGames(t, "walls.ini", wallsINI, "duck", "amazons", "snailtrail")
}

// The positions of TestWallPerft besides the start: a king and rook
// against a pinning bishop, with castling; an en passant capture; a
// promotion with castling on both sides.
const (
	wallPin  = "4k3/8/8/8/1b6/8/3P4/4K2R w K - 0 1"
	wallEP   = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"
	wallProm = "r3k3/1P6/8/8/8/8/8/4K2R w Kq - 0 1"
)

// TestWallPerft: perft 1-3 of each walling game against Fairy-Stockfish
// c19b5f6's counts (wallsINI saved as walls.ini, "setoption name
// VariantPath value walls.ini", "setoption name UCI_Variant value NAME",
// "position fen FEN", "go perft N"), in both generators where the
// reference one is quick enough.
func TestWallPerft(t *testing.T) {
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	budget := uint64(3_000_000)
	if testing.Short() || race.Enabled {
		budget = 100_000
	}
	cases := []struct {
		game, fen string
		counts    []uint64
	}{
		{"arrowchess", start, []uint64{32, 960, 39334}},
		{"arrowchess", wallPin, []uint64{131, 12000, 1405706}},
		{"arrowchess", wallEP, []uint64{36, 1214, 47751}},
		{"arrowchess", wallProm, []uint64{145, 18951, 2575265}},
		{"staticchess", start, []uint64{300, 90000, 24182124}},
		{"staticchess", wallPin, []uint64{208, 37965, 8267603}},
		{"staticchess", wallEP, []uint64{112, 8582, 896220}},
		{"staticchess", wallProm, []uint64{366, 62162, 18433714}},
		{"edgechess", start, []uint64{162, 24988, 4208968}},
		{"edgechess", wallPin, []uint64{352, 102980, 38820542}},
		{"edgechess", wallEP, []uint64{185, 26567, 5075225}},
		{"edgechess", wallProm, []uint64{551, 136098, 64277424}},
		{"pastchess", start, []uint64{20, 400, 7526}},
		{"pastchess", wallPin, []uint64{14, 166, 2464}},
		{"pastchess", wallEP, []uint64{7, 38, 246}},
		{"pastchess", wallProm, []uint64{23, 255, 4883}},
		{"staticor", start, []uint64{52, 2644, 133664}},
		{"staticor", wallPin, []uint64{73, 5103, 358181}},
		{"staticor", wallEP, []uint64{67, 4353, 279301}},
		{"staticor", wallProm, []uint64{82, 5587, 437224}},
		{"duckregion", start, []uint64{115, 9860, 929564}},
		{"duckregion", wallPin, []uint64{95, 5914, 492496}},
		{"duckregion", wallEP, []uint64{37, 880, 26660}},
		{"duckregion", wallProm, []uint64{138, 9360, 1067170}},
		// The built-in games (Fairy-Stockfish's names, no VariantPath).
		{"duck", start, []uint64{640, 379440}}, // perft 3: 249921262, over the budget
		{"duck", "r3k2r/ppp2ppp/2n5/3pP3/8/2*2N2/PPP2PPP/R3K2R w KQkq d6 0 8", []uint64{1067, 1226833}},
		{"duck", "8/1P4k1/8/3*4/8/8/6p1/K7 w - - 0 40", []uint64{413, 287448}},
		{"amazons", "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1", []uint64{2176, 4307152}},
		{"amazons", "3q2q3/10/1*8/q8q/4**4/10/Q8Q/2*7/10/3Q2Q3 b - - 0 3", []uint64{1693, 2687819}},
		{"amazons", "q*8/**********/**********/**********/**********/**********/**********/*****2***/**********/Q7q* w - - 0 40", []uint64{49, 301, 1813}},
		{"snailtrail", "6p/7/7/7/7/7/P6 w - - 0 1", []uint64{3, 9, 45}},
		{"snailtrail", "6p/1*5/2*4/3P*2/7/*6/7 b - - 0 3", []uint64{3, 18, 89}},
		{"snailtrail", "*p5/*6/7/7/***P***/7/7 w - - 0 10", []uint64{6, 18, 90}},
	}
	games := wallVariants(t)
	for _, tc := range cases {
		c := games[tc.game]
		ref, err := rules.ParseFEN(c.v, tc.fen)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.game, tc.fen, err)
		}
		fp, err := c.r.FromRules(ref)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.game, tc.fen, err)
		}
		for d, want := range tc.counts {
			if want > budget {
				continue
			}
			if got := fp.Perft(d + 1); got != want {
				t.Errorf("%s %s perft %d: %d, Fairy-Stockfish %d", tc.game, tc.fen, d+1, got, want)
			}
			if d == 0 {
				if got := ref.Perft(1); got != want {
					t.Errorf("%s %s reference perft 1: %d, Fairy-Stockfish %d", tc.game, tc.fen, got, want)
				}
			}
		}
	}
}

// TestWallSpecEqualsImpl walks seeded random games of every walling game
// (and crossderby's fixed walls) and requires the same legal moves in
// both generators at every position, Unplay to restore the position and
// the FEN to round-trip with its walls.
func TestWallSpecEqualsImpl(t *testing.T) {
	games, plies := 3, 50
	if testing.Short() || race.Enabled {
		games, plies = 1, 30
	}
	all := wallVariants(t)
	names := make([]string, 0, len(all))
	for name := range all {
		names = append(names, name)
	}
	slices.Sort(names)
	var l fairy.MoveList
	for _, name := range names {
		c := all[name]
		rng := rand.New(rand.NewPCG(5, uint64(len(name))))
		start, err := rules.Start(c.v)
		if err != nil {
			t.Fatal(err)
		}
		walls := 0
		for g := 0; g < games; g++ {
			ref := start
			fp, err := c.r.FromRules(ref)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < plies; ply++ {
				fp.LegalMoves(&l)
				if got, want := moveTexts(&fp, &l), refTexts(ref); !slices.Equal(got, want) {
					t.Fatalf("%s %s:\n got %v\nwant %v", name, ref.FEN(), got, want)
				}
				if l.N == 0 {
					break
				}
				text := playRestoring(t, &fp, l.Moves[rng.IntN(l.N)], func() string { return name + " " + ref.FEN() })
				if ref, err = ref.PlayText(text); err != nil {
					t.Fatal(err)
				}
				if again, err := rules.ParseFEN(c.v, ref.FEN()); err != nil || again.FEN() != ref.FEN() {
					t.Fatalf("%s: FEN %s does not round-trip: %v", name, ref.FEN(), err)
				}
				walls = max(walls, len(ref.Walls()))
			}
		}
		if c.v.Walling.Rule != rules.WallDuck && walls == 0 {
			t.Errorf("%s: no wall put", name)
		}
	}
}

// TestWallsBlock: a wall in the FEN blocks a rook's ray and a knight's
// landing, is never taken, and round-trips as "*", in a game without a
// walling rule (crossderby's start has such walls).
func TestWallsBlock(t *testing.T) {
	c := endsVariant(t, "epregion")
	const fen = "7k/8/8/8/8/2*2*2/8/R*2K1N1 w - - 0 1"
	ref, err := rules.ParseFEN(c.v, fen)
	if err != nil {
		t.Fatal(err)
	}
	if ref.FEN() != fen {
		t.Errorf("FEN %s", ref.FEN())
	}
	fp, err := c.r.FromRules(ref)
	if err != nil {
		t.Fatal(err)
	}
	var l fairy.MoveList
	fp.LegalMoves(&l)
	for _, moves := range [][]string{refTexts(ref), moveTexts(&fp, &l)} {
		for _, m := range []string{"a1b1", "a1c1", "g1f3"} {
			if slices.Contains(moves, m) {
				t.Errorf("%s crosses, takes or lands on a wall: %v", m, moves)
			}
		}
		if !slices.Contains(moves, "a1a7") || !slices.Contains(moves, "g1h3") {
			t.Errorf("moves %v lack a1a7 or g1h3", moves)
		}
	}
}

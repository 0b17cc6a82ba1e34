package fairy_test

import (
	"os"
	"sync/atomic"
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/rules"
)

// bitboardGames are the built-in games whose perft chess's bitboard
// generator counts (fairy/bitboard.go).
var bitboardGames = []string{"kingofthehill", "3check", "5check", "racingkings", "horde", "atomic"}

// fenPosition is the fast position of fen ("" for the start) in c.
func fenPosition(t *testing.T, c compiled, fen string) fairy.Position {
	t.Helper()
	ref, err := rules.Start(c.v)
	if fen != "" {
		ref, err = rules.ParseFEN(c.v, fen)
	}
	if err != nil {
		t.Fatal(err)
	}
	fp, err := c.r.FromRules(ref)
	if err != nil {
		t.Fatal(err)
	}
	return fp
}

// TestBitboardPerftLikeSpec: on seeded random games of each bitboard
// game, at every position, the bitboard path covers the position and
// counts perft 1 as the spec's legal moves (walkToEnds also requires the
// generic generator's moves to be the spec's), perft 2 as the generic
// generator, and, every eighth ply, perft 3 as the generic generator
// (not with -short or under race).
func TestBitboardPerftLikeSpec(t *testing.T) {
	games, deepest := 2, 3
	if testing.Short() || race.Enabled {
		games, deepest = 1, 2
	}
	for _, name := range bitboardGames {
		v, r := compileGame(t, name)
		positions := 0
		walkToEnds(t, name, v, r, games, 45, func(ref *rules.Position, fp *fairy.Position, l *fairy.MoveList, _ rules.Move) {
			positions++
			for depth := 1; depth <= deepest; depth++ {
				if depth == 3 && positions%8 != 0 {
					break
				}
				got, ok := fp.BitboardPerft(depth, nil)
				if !ok {
					t.Fatalf("%s %s: not covered by the bitboard path", name, ref.FEN())
				}
				want := fp.GenericPerft(depth)
				if depth == 1 && uint64(l.N) != want {
					t.Fatalf("%s %s: generic perft 1 %d, %d legal moves", name, ref.FEN(), want, l.N)
				}
				if got != want {
					t.Fatalf("%s %s: perft %d: bitboard %d, generic %d", name, ref.FEN(), depth, got, want)
				}
			}
		})
		t.Logf("%s: %d positions", name, positions)
	}
}

// TestBitboardPerftCorners: hand-made positions of each rule the bitboard
// path adds to chess's generator, counted by Fairy-Stockfish c19b5f6
// (go perft 4): horde's White taking en passant without a king and
// stepping two from the first rank, Black castling beside them; racing
// kings' answering move to the eighth rank and its checks forbidden; a
// last check to give; kings beside the hill and castling in king of the
// hill; atomic's en passant blast, castling beside the blasts, kings side
// by side, a pinned knight, castling past an attacked square, a check
// answered by a blast. The generic generator counts the same (not
// counted with -short or under race: it is the slow one).
func TestBitboardPerftCorners(t *testing.T) {
	for _, tc := range []struct {
		game, fen string
		nodes     uint64
	}{
		{"horde", "4k3/3p4/8/4P3/8/8/8/P7 b - - 0 1", 379},
		{"horde", "r3k2r/8/8/8/1p6/8/P7/PP6 w kq - 0 1", 9690},
		{"racingkings", "8/k6K/8/8/8/8/8/8 w - - 0 1", 402},
		{"racingkings", "8/8/7K/1k6/8/2r5/8/6R1 w - - 0 1", 92174},
		{"3check", "4k3/8/8/8/8/8/8/R3K3 w - - 1+1 0 1", 6519},
		{"3check", "r3k3/8/8/8/8/8/8/R3K2R w KQq - 2+1 0 1", 129481},
		{"kingofthehill", "8/8/2k5/8/8/4K3/8/8 w - - 0 1", 2362},
		{"kingofthehill", "r3k2r/8/8/2pP4/8/8/8/R3K2R w KQkq c6 0 1", 370785},
		{"atomic", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 521584},
		{"atomic", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 322445},
		{"atomic", "8/8/8/3kK3/8/8/8/8 w - - 0 1", 3064},
		{"atomic", "4k3/8/8/8/4q3/8/3PN3/r3K2R w K - 0 1", 31330},
		{"atomic", "2r1k3/8/8/8/8/8/2n5/R3K2R w KQ - 0 1", 47750},
		{"atomic", "rnb1kbnr/pppp1ppp/8/4p3/4P2q/5P2/PPPP2PP/RNBQKBNR w KQkq - 1 3", 60327},
	} {
		fp := fenPosition(t, checkGame(t, tc.game), tc.fen)
		got, ok := fp.BitboardPerft(4, nil)
		if !ok || got != tc.nodes {
			t.Errorf("%s %s: bitboard perft 4 %d (covered %v), Fairy-Stockfish %d", tc.game, tc.fen, got, ok, tc.nodes)
		}
		if testing.Short() || race.Enabled {
			continue // the generic count is the slow one; TestBitboardPerftLikeSpec compares the two
		}
		if got := fp.GenericPerft(4); got != tc.nodes {
			t.Errorf("%s %s: generic perft 4 %d, Fairy-Stockfish %d", tc.game, tc.fen, got, tc.nodes)
		}
	}
}

// TestBitboardOnlyChess: games that are not chess with a family's rules,
// and positions chess's generator cannot count, keep the generic
// generator.
func TestBitboardOnlyChess(t *testing.T) {
	for _, name := range []string{"nocheckatomic", "atomar", "antichess", "capablanca", "makruk", "shatranj", "duck", "coregal", "legan"} {
		fp := fenPosition(t, checkGame(t, name), "")
		if _, ok := fp.BitboardPerft(1, nil); ok {
			t.Errorf("%s takes the bitboard path", name)
		}
	}
	// Positions chess's generator does not take: a king beside horde's
	// first-rank double steps, a black pawn on the eighth rank, which
	// horde lets step two.
	for _, tc := range []struct{ game, fen string }{
		{"horde", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1"},
		{"horde", "p3k3/8/8/8/8/8/8/P7 b - - 0 1"},
	} {
		fp := fenPosition(t, checkGame(t, tc.game), tc.fen)
		if _, ok := fp.BitboardPerft(2, nil); ok {
			t.Errorf("%s %s takes the bitboard path", tc.game, tc.fen)
		}
		if got, want := fp.Perft(2), fp.GenericPerft(2); got != want {
			t.Errorf("%s %s: perft 2 %d, generic %d", tc.game, tc.fen, got, want)
		}
	}
}

// TestBitboardNoAllocations: the bitboard path's count allocates its
// stack once, never per node: perft 3 allocates as much as perft 2.
func TestBitboardNoAllocations(t *testing.T) {
	for _, name := range bitboardGames {
		fp := fenPosition(t, checkGame(t, name), "")
		a2 := testing.AllocsPerRun(3, func() { fp.BitboardPerft(2, nil) })
		a3 := testing.AllocsPerRun(3, func() { fp.BitboardPerft(3, nil) })
		if a3 != a2 || a2 > 1 {
			t.Errorf("%s: perft 2 allocates %v, perft 3 %v", name, a2, a3)
		}
	}
}

// TestBitboardPerftStops: a count of the bitboard path gives up once its
// stop flag is set (PerftParallel's cancellation), returning 0 for a
// tree of several plies.
func TestBitboardPerftStops(t *testing.T) {
	fp := fenPosition(t, checkGame(t, "kingofthehill"), "")
	var stop atomic.Bool
	stop.Store(true)
	if n, ok := fp.BitboardPerft(5, &stop); !ok || n != 0 {
		t.Errorf("stopped perft 5: %d (covered %v), want 0", n, ok)
	}
}

// TestBitboardDocExample: docs/bitboard.md's section, King of the Hill
// and Three-check at once, takes the bitboard path and counts as
// Fairy-Stockfish c19b5f6 does (VariantPath set to the file): perft 5 of
// the start, 4,865,609, and perft 4 of the position after 1. e4 e5
// 2. Nf3 Nc6 3. Bb5 with the counters set to 2+3 (two checks left for
// White), 908,001.
func TestBitboardDocExample(t *testing.T) {
	text, err := os.ReadFile("../docs/examples/hillcheck.ini")
	if err != nil {
		t.Fatal(err)
	}
	c := familyGames(t, "hillcheck.ini", string(text))["hillcheck"]
	for _, tc := range []struct {
		fen   string
		depth int
		nodes uint64
	}{
		{"", 5, 4_865_609},
		{"r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 2+3 3 3", 4, 908_001},
	} {
		fp := fenPosition(t, c, tc.fen)
		if got, ok := fp.BitboardPerft(tc.depth, nil); !ok || got != tc.nodes {
			t.Errorf("%q: perft %d: %d (bitboard path %v), Fairy-Stockfish %d", tc.fen, tc.depth, got, ok, tc.nodes)
		}
	}
}

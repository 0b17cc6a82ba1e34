package fairy_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// flagGames are the built-in games of the flag family.
var flagGames = []string{"kingofthehill", "racingkings", "breakthrough", "jesonmor"}

// flagINI defines test variants for the flag keys the built-in games do
// not use: a safe flag (flagPieceSafe: a king, a knight, a knight with
// flagMove),
// several flag pieces with a blocked win (flagPieceCount,
// flagPieceBlockedWin), per-colour flag pieces, and every piece as a
// flag ("*").
const flagINI = `
[safehill:chess]
flagPiece = k
flagRegion = d4 e4 d5 e5
flagPieceSafe = true

[safeknight:chess]
flagPiece = n
flagRegion = d4 e4 d5 e5
flagPieceSafe = true

[safemoveknight:safeknight]
flagMove = true

[pawnrace:chess]
flagPiece = p
flagRegionWhite = c5 d5 e5 f5 c4 f4
flagRegionBlack = c4 d4 e4 f4 c5 f5
flagPieceCount = 3
flagPieceBlockedWin = true

[mixedflags:chess]
flagPieceWhite = n
flagPieceBlack = *
whiteFlag = *6
flagRegionBlack = *3
`

// flagVariants compiles the built-in flag games and the variants of
// flagINI.
func flagVariants(t testing.TB) []compiled {
	t.Helper()
	builtin, err := variant.Fairy()
	if err != nil {
		t.Fatal(err)
	}
	tests, err := variant.LoadINI(strings.NewReader(flagINI), "flag.ini", variant.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	var out []compiled
	for _, v := range append(builtin, tests...) {
		if v.Rules().Flag == nil || piecesAndKeys[v.Name] { // pieces and keys: fox-and-hounds is checked with those games
			continue
		}
		r, err := fairy.Compile(v.Rules())
		if err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		out = append(out, compiled{v.Name, v.Rules(), r})
	}
	if len(out) != len(flagGames)+5 {
		t.Fatalf("%d flag variants, want %d", len(out), len(flagGames)+5)
	}
	return out
}

func flagVariant(t testing.TB, name string) compiled {
	t.Helper()
	for _, c := range flagVariants(t) {
		if c.name == name {
			return c
		}
	}
	t.Fatalf("no %s", name)
	return compiled{}
}

// TestFlagPerftFairyStockfish: every count of Fairy-Stockfish HEAD's
// perft files of the flag games (../shared/data/fairy/fsf-head: the
// start and three random positions, to depth 4) matches with the fast
// generator, and the reference generator agrees to depth 2.
func TestFlagPerftFairyStockfish(t *testing.T) {
	if _, err := perftdata.Dir(); err != nil {
		t.Skip(err)
	}
	budget, least := uint64(2_000_000), 14
	if testing.Short() || race.Enabled {
		budget, least = 100_000, 10
	}
	for _, name := range flagGames {
		c := flagVariant(t, name)
		checked := countFSFHead(t, c.v, c.r, name, budget, func(cs perftdata.Case, ref *rules.Position, _ *fairy.Position) {
			for _, want := range cs.Counts {
				if want.Depth <= 2 {
					if got := ref.Perft(want.Depth); got != want.Nodes {
						t.Errorf("%s depth %d: reference %d, Fairy-Stockfish %d", cs.ID, want.Depth, got, want.Nodes)
					}
				}
			}
		})
		if checked < least {
			t.Errorf("%s: only %d counts checked", name, checked)
		}
	}
}

// TestFlagEnds: positions where the flag rule decides, or just does
// not, each checked with Fairy-Stockfish HEAD (perft 1 is 0 where it
// ends the game): the outcome in both generators.
func TestFlagEnds(t *testing.T) {
	type want struct {
		over   bool
		draw   bool
		winner rules.Player
	}
	white, black, draw, on := want{true, false, rules.First}, want{true, false, rules.Second}, want{over: true, draw: true}, want{}
	for _, tc := range []struct {
		variant, fen string
		want         want
	}{
		// The king on the hill wins at once, before any checkmate.
		{"kingofthehill", "4k3/8/8/8/4K3/8/8/8 b - - 0 1", white},
		{"kingofthehill", "4k3/8/8/3K4/8/8/8/8 b - - 0 1", white},
		{"kingofthehill", "4k3/8/8/8/8/4K3/8/8 b - - 0 1", on},
		// Only the side that has just moved is judged.
		{"kingofthehill", "4k3/8/8/8/4K3/8/8/8 w - - 0 1", on},
		// Racing kings: White's king arrived, Black's can follow: on.
		{"racingkings", "4K3/k7/8/8/8/8/8/8 b - - 0 1", on},
		// Black's cannot follow: White has won.
		{"racingkings", "4K3/8/k7/8/8/8/8/8 b - - 0 1", white},
		// Black's followed: a draw.
		{"racingkings", "k3K3/8/8/8/8/8/8/8 w - - 0 1", draw},
		// Black's arrived first: Black has won.
		{"racingkings", "k7/8/8/8/8/8/8/4K3 w - - 0 1", black},
		// Black's could follow but every such square is attacked.
		{"racingkings", "2R1K3/k7/8/8/8/8/8/8 b - - 0 1", white},
		// A man on the far rank wins at once.
		{"breakthrough", "P7/8/8/8/8/8/8/7p b - - 0 1", white},
		{"breakthrough", "8/8/8/8/8/8/8/p6P w - - 0 1", black},
		// A knight on e5 with the opponent to move: it may still be taken.
		{"jesonmor", "n8/9/9/9/4N4/9/9/9/8N b - - 0 1", on},
		// Left there for a move: it has won.
		{"jesonmor", "n8/9/9/9/4N4/9/9/9/8N w - - 0 1", white},
		// Safe: a king in check on the hill has not reached it.
		{"safehill", "3rk3/8/8/8/3K4/8/8/8 w - - 0 1", on},
		{"safehill", "4k3/8/8/8/3K4/8/8/8 b - - 0 1", white},
		// Safe without flagMove: the side to move wins too.
		{"safehill", "4k3/8/8/8/3K4/8/8/8 w - - 0 1", white},
		{"safehill", "8/8/8/4k3/8/8/3K4/8 w - - 0 1", black},
		// An attacked knight has not reached it; both there and safe: a draw.
		{"safeknight", "4k3/8/8/4p3/3N4/8/8/4K3 b - - 0 1", on},
		{"safeknight", "4k3/8/8/8/3N4/8/8/4K3 b - - 0 1", white},
		{"safeknight", "4k3/8/8/3n4/3N4/8/8/4K3 w - - 0 1", draw},
		// Safe with flagMove: the opponent's extra move only while the
		// knight is attacked; after it, the mover is judged without safety.
		{"safemoveknight", "4k3/8/8/4p3/3N4/8/8/4K3 b - - 0 1", on},
		{"safemoveknight", "4k3/8/8/8/3N4/8/8/4K3 b - - 0 1", white},
		{"safemoveknight", "4k3/8/8/4p3/3N4/8/8/4K3 w - - 0 1", white},
		// Three pawns in the region, or two and the region full.
		{"pawnrace", "4k3/8/8/2PPP3/8/8/8/4K3 b - - 0 1", white},
		{"pawnrace", "4k3/8/8/3PP3/8/8/8/4K3 b - - 0 1", on},
		{"pawnrace", "4k3/8/8/2nPPn2/2n2n2/8/8/4K3 b - - 0 1", white},
		// Any black piece on the third rank; only a white knight on the sixth.
		{"mixedflags", "4k3/8/5B2/8/8/8/8/4K3 b - - 0 1", on},
		{"mixedflags", "4k3/8/5N2/8/8/8/8/4K3 b - - 0 1", white},
		{"mixedflags", "4k3/8/8/8/8/5b2/8/4K3 w - - 0 1", black},
	} {
		c := flagVariant(t, tc.variant)
		ref, err := rules.ParseFEN(c.v, tc.fen)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.variant, tc.fen, err)
		}
		o, over := ref.Outcome()
		if over && o.Reason != rules.FlagReached {
			over = false // another end: not what this test looks at
		}
		got := want{over, o.Draw, o.Winner}
		if !over {
			got = on
		}
		if got != tc.want {
			t.Errorf("%s %s: reference %+v, want %+v", tc.variant, tc.fen, o, tc.want)
		}
		fp, err := c.r.FromRules(ref)
		if err != nil {
			t.Fatal(err)
		}
		d, dec := fp.Decided()
		if dec != over || dec && d != o {
			t.Errorf("%s %s: fast %v %v, reference %v %v", tc.variant, tc.fen, d, dec, o, over)
		}
		var l fairy.MoveList
		fp.LegalMoves(&l)
		if tc.want.over && l.N != 0 {
			t.Errorf("%s %s: decided, but %d moves", tc.variant, tc.fen, l.N)
		}
	}
}

// TestFlagSpecEqualsImpl walks seeded random games of every flag
// variant and requires at each position the same legal moves and the
// same decision (Decided and Outcome) from both generators.
func TestFlagSpecEqualsImpl(t *testing.T) {
	const full = 12
	games := full
	if testing.Short() || race.Enabled {
		games = 2
	}
	for _, c := range flagVariants(t) {
		rng := rand.New(rand.NewPCG(45, uint64(len(c.name))))
		start, err := rules.Start(c.v)
		if err != nil {
			t.Fatal(err)
		}
		var l fairy.MoveList
		ends, positions := map[string]int{}, 0
		for g := 0; g < games; g++ {
			ref := start
			for ply := 0; ply < 200; ply++ {
				fp, err := c.r.FromRules(ref)
				if err != nil {
					t.Fatal(err)
				}
				fp.LegalMoves(&l)
				if got, want := moveTexts(&fp, &l), refTexts(ref); !slices.Equal(got, want) {
					t.Fatalf("%s %s:\n got %v\nwant %v", c.name, ref.FEN(), got, want)
				}
				positions++
				o, over := ref.Outcome()
				d, dec := fp.Decided()
				flag := over && o.Reason == rules.FlagReached
				if dec != flag || dec && d != o {
					t.Fatalf("%s %s: fast %v %v, reference %v %v", c.name, ref.FEN(), d, dec, o, over)
				}
				if over {
					ends[o.Reason.String()]++
					break
				}
				moves := ref.LegalMoves()
				if ref, err = ref.Play(moves[rng.IntN(len(moves))]); err != nil {
					t.Fatal(err)
				}
			}
		}
		t.Logf("%s: %d positions, ends %v", c.name, positions, ends)
		// The plain run's twelve games reach every race's end; the two of
		// -short and -race need not.
		if games == full && ends["flag reached"] == 0 {
			t.Errorf("%s: no game reached a flag", c.name)
		}
	}
}

// TestFlagNoAllocations: deciding a race allocates nothing, also where
// Black's king may still follow White's (racing kings' extra move, which
// lists Black's moves).
func TestFlagNoAllocations(t *testing.T) {
	c := flagVariant(t, "racingkings")
	ref, err := rules.ParseFEN(c.v, "4K3/k7/8/8/8/8/8/8 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	fp, err := c.r.FromRules(ref)
	if err != nil {
		t.Fatal(err)
	}
	var l fairy.MoveList
	if a := testing.AllocsPerRun(50, func() { fp.LegalMoves(&l) }); a != 0 || l.N != 5 {
		t.Errorf("LegalMoves allocates %v (%d moves, want 5)", a, l.N)
	}
	if a := testing.AllocsPerRun(50, func() { fp.Decided() }); a != 0 {
		t.Errorf("Decided allocates %v", a)
	}
}

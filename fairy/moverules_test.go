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

// moveRulesINI defines the move rules' test games beside the built-in
// makpong: Fairy-Stockfish's example sections castle, opposite-castling,
// andersgiveaway and andersanti, castling wins for White on both wings,
// and chess where either side may pass.
const moveRulesINI = `
[castle:chess]
castlingWins = q

[opposite-castling:chess]
oppositeCastling = true

[castlewhite:chess]
castlingWins = KQ

[andersgiveaway:giveaway]
passOnStalemate = true

[andersanti:antichess]
passOnStalemate = true

[passchess:chess]
pass = true
`

// moveRulesStarts are further starts of the random games, where the
// family's rules come at once.
var moveRulesStarts = map[string]string{
	"castle": "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", "castlewhite": "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
	"opposite-castling": "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
	"andersgiveaway":    "8/8/8/8/p7/P7/8/1k6 w - - 0 1", "andersanti": "8/8/8/8/8/p7/P7/8 w - - 0 1",
	"passchess": "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
}

// moveRulesGames compiles the built-in games of the family and the games
// of moveRulesINI.
func moveRulesGames(t testing.TB) map[string]compiled {
	t.Helper()
	return familyGames(t, "moves.ini", moveRulesINI, "makpong", "shatar", "armageddon")
}

// TestMoveRulesPerft: both generators count as Fairy-Stockfish c19b5f6
// does. The fast one counts every perft of Fairy-Stockfish HEAD's files
// for makpong, shatar and armageddon (start and three random positions
// each, every depth: the largest 0.74 million nodes) and the hand-made
// positions below, each checked with the Fairy-Stockfish c19b5f6 binary
// ("go perft N", with moveRulesINI as its VariantPath); the reference
// generator counts the hand-made ones to depth 3.
func TestMoveRulesPerft(t *testing.T) {
	games := moveRulesGames(t)
	budget := uint64(1 << 62)
	if testing.Short() || race.Enabled {
		budget = 200_000
	}
	count := func(c compiled, id, fen string, depth int, want uint64, spec bool) {
		t.Helper()
		ref, err := rules.ParseFEN(c.v, fen)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		fp, err := c.r.FromRules(ref)
		if err != nil {
			t.Fatal(err)
		}
		if got := fp.Perft(depth); got != want {
			t.Errorf("%s %s (%s): perft %d = %d, Fairy-Stockfish %d", c.name, id, fen, depth, got, want)
		}
		if spec && depth <= 3 {
			if got := ref.Perft(depth); got != want {
				t.Errorf("%s %s (%s): reference perft %d = %d, Fairy-Stockfish %d", c.name, id, fen, depth, got, want)
			}
		}
	}
	if _, err := perftdata.Dir(); err == nil {
		for _, name := range []string{"makpong", "shatar", "armageddon"} {
			cases, err := perftdata.Load("fairy/fsf-head/" + name + ".perft")
			if err != nil {
				t.Fatal(err)
			}
			for _, cs := range cases {
				for _, n := range cs.Counts {
					if n.Nodes <= budget {
						count(games[name], cs.ID, cs.FEN, n.Depth, n.Nodes, false)
					}
				}
			}
		}
	}
	for _, tc := range []struct {
		game, fen string
		depth     int
		nodes     uint64 // Fairy-Stockfish c19b5f6's count
	}{
		// The king in check takes its checker, and may not step away.
		{"makpong", "4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1", 4, 648},
		// The king may not leave the rook's check: the knight blocks.
		{"makpong", "4k3/8/8/4r3/8/8/8/R2NK3 w - - 0 1", 4, 4544},
		{"makruk", "4k3/8/8/4r3/8/8/8/R2NK3 w - - 0 1", 4, 19786},
		// Double check: the king may take neither checker.
		{"makpong", "4k3/8/8/8/8/4n3/3Nr3/R3K3 w - - 0 1", 4, 3710},
		// Black wins by castling queenside, loses with its queenside
		// right, and White's castlings end nothing.
		{"castle", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", 3, 4581},
		{"castle", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 3, 4407},
		{"castle", "r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1", 1, 0},
		// Castling takes the opponent's right on its wing (chess: 314346).
		{"opposite-castling", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 4, 314279},
		{"opposite-castling", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 3, 13744},
		// Stalemated, White passes (a2a2), Black too, and the game is
		// over; with moves the pass goes, and a king passes (e1e1).
		{"andersgiveaway", "8/8/8/8/8/p7/P7/8 w - - 0 1", 2, 1},
		{"andersgiveaway", "8/8/8/8/8/p7/P7/8 w - - 0 1", 3, 0},
		{"andersgiveaway", "8/8/8/8/p7/P7/8/1k6 w - - 0 1", 4, 18},
		{"andersanti", "8/8/8/8/p7/P7/8/1k6 w - - 0 1", 5, 16},
		{"passchess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3, 10187},
		{"passchess", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", 3, 4137},
	} {
		c, ok := games[tc.game]
		if !ok {
			g, err := variant.Lookup(tc.game)
			if err != nil {
				t.Fatal(err)
			}
			r, err := fairy.Compile(g.Rules())
			if err != nil {
				t.Fatal(err)
			}
			c = compiled{tc.game, g.Rules(), r}
		}
		if race.Enabled && tc.nodes > 60_000 {
			continue // the plain run counts it
		}
		count(c, "hand-made", tc.fen, tc.depth, tc.nodes, true)
	}
}

// TestMoveRulesSpecEqualsImpl walks seeded random games of the family's
// games of moveRulesINI, from the start and from a position where the family's rules
// come at once (moveRulesStarts), and requires at every position the same
// legal moves from both generators (passes included), Decided agreeing
// with the reference Outcome on the ends it decides (castling, two
// passes, extinction), Unplay restoring the position and Key equal to the
// key of the reference position converted. Across the games the castling
// ends, won and lost, and two passes in a row must all occur.
func TestMoveRulesSpecEqualsImpl(t *testing.T) {
	games := 4
	if testing.Short() || race.Enabled {
		games = 1
	}
	ends := map[rules.Reason]int{}
	for _, c := range moveRulesList(t) { // the built-in games walk in TestSpecEqualsImpl
		rng := rand.New(rand.NewPCG(7, uint64(len(c.name))))
		starts := []string{c.v.Start}
		if fen, ok := moveRulesStarts[c.name]; ok {
			starts = append(starts, fen)
		}
		var l fairy.MoveList
		for g := 0; g < games*len(starts); g++ {
			ref, err := rules.ParseFEN(c.v, starts[g%len(starts)])
			if err != nil {
				t.Fatal(err)
			}
			fp, err := c.r.FromRules(ref)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 100; ply++ {
				want := refTexts(ref)
				fp.LegalMoves(&l)
				if got := moveTexts(&fp, &l); !slices.Equal(got, want) {
					t.Fatalf("%s %s:\n got %v\nwant %v", c.name, ref.FEN(), got, want)
				}
				conv, err := c.r.FromRules(ref)
				if err != nil {
					t.Fatal(err)
				}
				if conv.Key() != fp.Key() {
					t.Fatalf("%s %s: key %x, converted %x", c.name, ref.FEN(), fp.Key(), conv.Key())
				}
				o, over := ref.Outcome()
				d, dec := fp.Decided()
				fast := over && (o.Reason == rules.CastlingWon || o.Reason == rules.CastlingLost || o.Reason == rules.DoublePass ||
					o.Reason == rules.Extinction || o.Reason == rules.Material && ref.Passes() == 2)
				if dec != fast || dec && d != o {
					t.Fatalf("%s %s: fast %v %v, reference %v %v", c.name, ref.FEN(), d, dec, o, over)
				}
				if over {
					ends[o.Reason]++
				}
				if l.N == 0 {
					break
				}
				text := playRestoring(t, &fp, l.Moves[rng.IntN(l.N)], func() string { return c.name + " " + ref.FEN() })
				if ref, err = ref.PlayText(text); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("ends: %v", ends)
	if ends[rules.CastlingWon] == 0 || ends[rules.CastlingLost] == 0 || ends[rules.DoublePass] == 0 {
		t.Errorf("the castling and pass ends did not all occur: %v", ends)
	}
}

// moveRulesList is moveRulesGames' games defined in moveRulesINI, for
// the tests that walk a list (TestNoAllocations).
func moveRulesList(t testing.TB) []compiled {
	var out []compiled
	for _, c := range moveRulesGames(t) {
		if c.v.Moves != nil && variantIsINI(c.name) {
			out = append(out, c)
		}
	}
	return out
}

// variantIsINI reports a game of moveRulesINI.
func variantIsINI(name string) bool { return strings.Contains(moveRulesINI, "["+name+":") }

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

// antichessGames are the built-in games of the antichess family, each
// with a perft file of today's Fairy-Stockfish in fairy/fsf-head.
var antichessGames = []string{"antichess", "giveaway", "horde", "losers", "extinction", "kinglet",
	"threekings", "codrus", "suicide", "misere"}

// TestAntichessPerft: the fast generator counts every perft of
// Fairy-Stockfish HEAD's files for the antichess family, start and three
// random positions each, at every depth of the file (the largest 1.3
// million nodes, well under a second); under the race detector or -short,
// counts up to 200,000 nodes.
func TestAntichessPerft(t *testing.T) {
	if _, err := perftdata.Dir(); err != nil {
		t.Skip(err)
	}
	budget := uint64(1 << 62)
	if testing.Short() || race.Enabled {
		budget = 200_000
	}
	for _, name := range antichessGames {
		t.Run(name, func(t *testing.T) {
			g, err := variant.Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			r, err := fairy.Compile(g.Rules())
			if err != nil {
				t.Fatal(err)
			}
			cases, err := perftdata.Load("fairy/fsf-head/" + name + ".perft")
			if err != nil {
				t.Fatal(err)
			}
			checked := 0
			for _, cs := range cases {
				ref, err := rules.ParseFEN(g.Rules(), cs.FEN)
				if err != nil {
					t.Errorf("%s: %v", cs.ID, err)
					continue
				}
				fp, err := r.FromRules(ref)
				if err != nil {
					t.Fatal(err)
				}
				for _, want := range cs.Counts {
					if want.Nodes > budget {
						continue
					}
					if got := fp.Perft(want.Depth); got != want.Nodes {
						t.Errorf("%s depth %d: %d, want %d (%s)", cs.ID, want.Depth, got, want.Nodes, cs.FEN)
					}
					checked++
				}
			}
			if checked < 12 {
				t.Errorf("only %d counts checked", checked)
			}
		})
	}
}

// TestAntichessEndsLikeSpec walks seeded random games of the antichess
// family's games to their end and requires at every position the same
// legal moves as the reference generator (mandatory capture, the
// commoner's castling), and the fast generator's Decided to agree with
// the reference Outcome (the extinction ends). Across the games, ends by
// extinction and by lack of moves must both occur, so that the rules are
// exercised, not only the openings.
func TestAntichessEndsLikeSpec(t *testing.T) {
	games := 12
	if testing.Short() || race.Enabled {
		games = 4
	}
	reasons := map[rules.Reason]int{}
	for _, name := range antichessGames {
		g, err := variant.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		r, err := fairy.Compile(g.Rules())
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(7, uint64(len(name))))
		start, err := rules.Start(g.Rules())
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
				o, over := ref.Outcome()
				d, dec := fp.Decided()
				if material := over && o.Reason == rules.Extinction; dec != material || dec && d != o {
					t.Fatalf("%s %s: fast %v %v, reference %v %v", name, ref.FEN(), d, dec, o, over)
				}
				if over {
					reasons[o.Reason]++
					break
				}
				moves := ref.LegalMoves()
				if ref, err = ref.Play(moves[rng.IntN(len(moves))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("ends: %v", reasons)
	if reasons[rules.Extinction] == 0 || reasons[rules.NoMoves]+reasons[rules.NoMovesWin]+reasons[rules.PieceCount]+reasons[rules.Stalemate]+reasons[rules.Checkmate] == 0 {
		t.Errorf("ends %v: want extinctions and ends without moves", reasons)
	}
}

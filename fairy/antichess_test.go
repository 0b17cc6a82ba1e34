package fairy_test

import (
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
			checked := countFSFHead(t, g.Rules(), r, name, budget, nil)
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
		walkToEnds(t, name, g.Rules(), r, games, 7, func(ref *rules.Position, fp *fairy.Position, _ *fairy.MoveList, _ rules.Move) {
			o, over := ref.Outcome()
			d, dec := fp.Decided()
			if material := over && o.Reason == rules.Extinction; dec != material || dec && d != o {
				t.Fatalf("%s %s: fast %v %v, reference %v %v", name, ref.FEN(), d, dec, o, over)
			}
			if over {
				reasons[o.Reason]++
			}
		})
	}
	t.Logf("ends: %v", reasons)
	if reasons[rules.Extinction] == 0 || reasons[rules.NoMoves]+reasons[rules.NoMovesWin]+reasons[rules.PieceCount]+reasons[rules.Stalemate]+reasons[rules.Checkmate] == 0 {
		t.Errorf("ends %v: want extinctions and ends without moves", reasons)
	}
}

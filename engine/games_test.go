package engine

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/baten-chess/baten/banchess"
	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/draughts"
	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/shatranj"
)

// Game-playing settings of TestAgainstWeakPlayers, kept small so the whole
// run stays short.
const (
	gamesPerMatch = 50
	// maxGamePlies caps a game (actions, so bans count in Ban-Chess); a
	// game reaching it is adjudicated a loss for the engine: only real
	// wins count.
	maxGamePlies = 400
	// gameNodes is the engine's budget per action: the short time control
	// of these games in the deterministic form a test needs (a clock gives
	// other moves from run to run). 2,000 nodes take about a millisecond;
	// the depth they reach follows the position, deeper in endings, as a
	// clock's would. The first iteration searches at least
	// firstIterationNodes whatever the budget, so every move is searched.
	gameNodes = 2000
)

func newReferee(variant string, game int, rng *rand.Rand) referee {
	switch variant {
	case Chess:
		return newChessRef(chess.Startpos(), false)
	case Chess960:
		p, _ := chess.Chess960Random(rng)
		return newChessRef(p, true)
	case Shatranj:
		return &shatranjRef{g: shatranj.NewGame(shatranj.StartPosition())}
	case BanChess:
		return &banRef{g: banchess.NewGame()}
	case Draughts:
		return &draughtsRef{g: draughts.NewGame(draughts.Start())}
	}
	panic("no referee for " + variant)
}

// weakMove is the move of the random or capture-first player.
func weakMove(r referee, captureFirst bool, rng *rand.Rand) string {
	if captureFirst {
		if c := r.captures(); len(c) > 0 {
			return c[rng.IntN(len(c))]
		}
	}
	l := r.legal()
	return l[rng.IntN(len(l))]
}

// playGame plays the engine (as side engineSide) against a weak player and
// returns the winner (-1 for a draw or the length cap) and the plies.
func playGame(t testing.TB, variant string, game int, captureFirst bool) (winner, engineSide, plies int) {
	seed := uint64(game)
	if captureFirst {
		seed += 1000
	}
	rng := rand.New(rand.NewPCG(seed, uint64(len(variant))))
	ref := newReferee(variant, game, rng)
	engineSide = game % 2
	e, err := newEngine(variant, Options{HashMB: 1})
	if err != nil {
		t.Fatal(err)
	}
	fen, _ := ref.start()
	var moves []string
	for plies = 0; plies < maxGamePlies; plies++ {
		if w, over := ref.result(); over {
			return w, engineSide, plies
		}
		var mv string
		if ref.actor() == engineSide {
			if err := e.SetPositionText(fen, moves); err != nil {
				t.Fatalf("game %d: %v", game, err)
			}
			mv, err = e.BestMove(context.Background(), Limits{Nodes: gameNodes})
			if err != nil {
				t.Fatalf("game %d: %v", game, err)
			}
		} else {
			mv = weakMove(ref, captureFirst, rng)
		}
		if err := ref.play(mv); err != nil {
			t.Fatalf("game %d ply %d: %s refused: %v", game, plies, mv, err)
		}
		moves = append(moves, mv)
	}
	if w, over := ref.result(); over {
		return w, engineSide, plies
	}
	return -1, engineSide, plies
}

// TestAgainstWeakPlayers: the engine must win every one of 50 games per
// variant against a random mover and against a capture-first mover.
func TestAgainstWeakPlayers(t *testing.T) {
	for _, v := range []string{Chess, Chess960, Shatranj, BanChess, Draughts} {
		for _, cf := range []bool{false, true} {
			name := v + "/random"
			if cf {
				name = v + "/capture-first"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				games := gamesPerMatch
				if testing.Short() || race.Enabled {
					games = 6
				}
				wins, total := 0, 0
				for g := range games {
					w, side, plies := playGame(t, v, g, cf)
					total += plies
					if w == side {
						wins++
					} else {
						t.Errorf("game %d: engine (side %d) did not win: result %d after %d plies", g, side, w, plies)
					}
				}
				t.Logf("%d/%d wins, %.0f plies a game", wins, games, float64(total)/float64(games))
			})
		}
	}
}

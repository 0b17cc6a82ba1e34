package game

import (
	"fmt"

	"github.com/baten-chess/baten/draughts"
)

// DraughtsRecord returns a draughts game as a PDN record (write it with
// draughts.WritePDN), with the given tags and the result of the outcome.
// It reports an error for a game of another variant.
func (g *Game) DraughtsRecord(tags []draughts.Tag) (draughts.Record, error) {
	start, ok := g.start.(draughtsPosition)
	if !ok {
		return draughts.Record{}, fmt.Errorf("game: a %v game has no PDN record", g.Variant())
	}
	rec := draughts.Record{Tags: tags, Start: start.p, Comments: make([]string, len(g.plies)+1)}
	for _, p := range g.plies {
		rec.Moves = append(rec.Moves, p.move.native.(draughts.Move))
	}
	if o, over := g.Outcome(); over {
		switch {
		case o.Draw:
			rec.Result = draughts.Drawn
		case o.Winner == Black:
			rec.Result = draughts.BlackWins
		default:
			rec.Result = draughts.WhiteWins
		}
	}
	return rec, nil
}

// FromPDN replays a PDN record's moves in a draughts Game; the first move
// that does not replay stops it with a *ReplayError (the game so far is
// returned with it).
func FromPDN(rec draughts.Record) (*Game, error) {
	g := New(draughtsPosition{p: rec.Start})
	for i, m := range rec.Moves {
		if err := g.Play(Move{native: m, text: m.String()}); err != nil {
			return g, &ReplayError{Ply: i, MoveNumber: i/2 + 1, Text: m.String(), Err: err}
		}
	}
	return g, nil
}

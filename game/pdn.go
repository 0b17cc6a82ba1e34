package game

import (
	"fmt"

	"github.com/baten-chess/baten/draughts"
)

// DraughtsRecord returns a draughts game as a PDN record (write it with
// draughts.WritePDN): the given tags — the caller's slice is not changed —
// and, when the game is over, the result of the outcome and a Termination
// tag with its reason (Reason.String; an Adjudication keeps a given
// Termination that FromPGN reads as one), which FromPDN and FromPGN read
// back to the same Outcome. It reports an error for a game of another
// variant.
func (g *Game) DraughtsRecord(tags []draughts.Tag) (draughts.Record, error) {
	start, ok := g.start.(draughtsPosition)
	if !ok {
		return draughts.Record{}, fmt.Errorf("game: a %v game has no PDN record", g.Variant())
	}
	rec := draughts.Record{Start: start.p, Comments: make([]string, len(g.plies)+1)}
	o, over := g.Outcome()
	termination := ""
	for _, t := range tags {
		if t.Name != "Termination" {
			rec.Tags = append(rec.Tags, t)
		} else if termination == "" {
			termination = t.Value
		}
	}
	if over {
		rec.Result = pdnResult(o)
		if r, _ := readTermination(termination); o.Reason != Adjudication || r != Adjudication {
			termination = o.Reason.String()
		}
		rec.Tags = append(rec.Tags, draughts.Tag{Name: "Termination", Value: termination})
	}
	for _, p := range g.plies {
		rec.Moves = append(rec.Moves, p.move.native.(draughts.Move))
	}
	return rec, nil
}

// pdnResult returns o as PDN records it.
func pdnResult(o Outcome) draughts.Result {
	switch {
	case o.Draw:
		return draughts.Drawn
	case o.Winner == Black:
		return draughts.BlackWins
	}
	return draughts.WhiteWins
}

// FromPDN replays a PDN record's moves in a draughts Game; the first move
// that does not replay stops it with a *ReplayError (the game so far is
// returned with it). The outcome is restored from the record's Result and
// Termination tag as FromPGN restores it (a double forfeit leaves the game
// open); a result that does not fit is a *ResultError, returned with the
// replayed game.
func FromPDN(rec draughts.Record) (*Game, error) {
	g := New(draughtsPosition{p: rec.Start})
	for i, m := range rec.Moves {
		if err := g.Play(Move{native: m, text: m.String()}); err != nil {
			return g, &ReplayError{Ply: i, MoveNumber: i/2 + 1, Text: m.String(), Err: err}
		}
	}
	termination, _ := rec.Tag("Termination")
	return g, g.restore(readResult(Draughts, rec.Result.String()), termination)
}

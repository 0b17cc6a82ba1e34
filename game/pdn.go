package game

import (
	"fmt"
	"io"

	"github.com/baten-chess/baten/draughts"
	"github.com/baten-chess/baten/pgn"
	"github.com/baten-chess/baten/variant"
)

// draughtsPosition is the capability of a position of English draughts
// played by package draughts (variant's draughts adapter has it): the
// position as package draughts knows it, which a PDN record holds.
type draughtsPosition interface {
	Draughts() draughts.Position
}

// DraughtsRecord returns a draughts game as a PDN record (write it with
// draughts.WritePDN): the given tags — the caller's slice is not changed —
// and, when the game is over, the result of the outcome and a Termination
// tag with its reason (variant.Reason.String; an Adjudication keeps a
// given Termination that FromPGN reads as one), which FromPDN and FromPGN
// read back to the same Outcome. It reports an error for a game whose
// positions are not package draughts' (any game but English draughts).
func (g *Game) DraughtsRecord(tags []draughts.Tag) (draughts.Record, error) {
	start, ok := g.start.(draughtsPosition)
	if !ok {
		return draughts.Record{}, fmt.Errorf("game: a %v game has no PDN record", g.Variant())
	}
	rec := draughts.Record{Start: start.Draughts(), Comments: make([]string, len(g.plies)+1)}
	for _, p := range g.plies {
		m, ok := p.move.Native().(draughts.Move)
		if !ok {
			return draughts.Record{}, fmt.Errorf("game: action %v of a %v game is no draughts move", p.move, g.Variant())
		}
		rec.Moves = append(rec.Moves, m)
	}
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
		rec.Result = PDNResult(o)
		if r, _ := readTermination(termination); o.Reason != variant.Adjudication || r != variant.Adjudication {
			termination = o.Reason.String()
		}
		rec.Tags = append(rec.Tags, draughts.Tag{Name: "Termination", Value: termination})
	}
	return rec, nil
}

// RecordResult is o as the Result of a record of a v game: PDN's "2-0",
// "0-2" and "1-1" (Black's score first) in the PDN family, PGN's "1-0",
// "0-1" and "1/2-1/2" otherwise, "*" while the game goes on.
func RecordResult(v *variant.Variant, o variant.Outcome) string {
	if o.Ongoing() || v.Family != variant.PDN {
		return o.Result()
	}
	return PDNResult(o).String()
}

// PDNResult returns a decided o as PDN records it, Black's score first.
func PDNResult(o variant.Outcome) draughts.Result {
	switch {
	case o.Draw:
		return draughts.Drawn
	case o.Winner == variant.Black:
		return draughts.BlackWins
	}
	return draughts.WhiteWins
}

// FromPDN replays a PDN record's moves in a draughts Game of reg (nil: the
// built-in games). The game is the first of reg whose start position is
// package draughts' (has a Draughts() draughts.Position method: English
// draughts among the built-ins), as a draughts.Record holds only such
// positions; without one the error wraps variant.ErrUnknownVariant. The
// game starts from the record's start (through the game's FromFEN) and
// plays each move as the legal action whose Native value is that move.
// The first move that does not replay stops it with a *ReplayError (the
// game so far is returned with it). The outcome is restored from the
// record's Result and Termination tag as FromPGN restores it (a double
// forfeit leaves the game open); a result that does not fit is a
// *ResultError, returned with the replayed game.
func FromPDN(rec draughts.Record, reg *variant.Registry) (*Game, error) {
	if reg == nil {
		reg = variant.Builtin()
	}
	var v *variant.Variant
	for _, w := range reg.All() {
		if _, ok := w.Start().(draughtsPosition); ok {
			v = w
			break
		}
	}
	if v == nil {
		return nil, fmt.Errorf("%w: the registry has no game of draughts positions", variant.ErrUnknownVariant)
	}
	start, err := v.FromFEN(rec.Start.FEN())
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", rec.Start.FEN(), err)
	}
	g := New(start)
	for i, m := range rec.Moves {
		if err := g.playNative(m); err != nil {
			return g, &ReplayError{Ply: i, MoveNumber: i/2 + 1, Text: m.String(), Err: err}
		}
	}
	termination, _ := rec.Tag("Termination")
	return g, g.restore(readResult(v, rec.Result.String()), termination)
}

// playNative plays the legal action whose Native value is m.
func (g *Game) playNative(m any) error {
	if g.over {
		return fmt.Errorf("%w: %v", ErrGameOver, g.outcome)
	}
	for _, a := range g.cur.pos.Legal() {
		if a.Native() == m {
			return g.Play(a)
		}
	}
	return fmt.Errorf("%w: %v in %s", variant.ErrIllegal, m, g.cur.pos.FEN())
}

// WriteRecord writes the game in its record format with the given tags:
// PDN as package draughts writes it (see DraughtsRecord) for English
// draughts, PGN (see PGN) for every other game. It is the one call that
// saves a game of any variant.
func (g *Game) WriteRecord(w io.Writer, tags pgn.Tags) error {
	if _, ok := g.start.(draughtsPosition); !ok {
		return pgn.Write(w, g.PGN(tags))
	}
	dt := make([]draughts.Tag, len(tags))
	for i, t := range tags {
		dt[i] = draughts.Tag{Name: t.Name, Value: t.Value}
	}
	rec, err := g.DraughtsRecord(dt)
	if err != nil {
		return err
	}
	return draughts.WritePDN(w, rec)
}

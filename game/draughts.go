package game

import (
	"hash/maphash"

	"github.com/baten-chess/baten/draughts"
)

// draughtsPosition adapts draughts.Position, adding the count of quiet
// plies the 40-move rule needs (PDN FEN does not carry it).
type draughtsPosition struct {
	p     draughts.Position
	quiet int
}

// draughtsSeed hashes draughts positions for repetition keys. It is set
// once and never changed; keys are compared only within one process.
var draughtsSeed = maphash.MakeSeed()

func newDraughts(fen string) (Position, error) {
	if fen == "" {
		return draughtsPosition{p: draughts.Start()}, nil
	}
	p, err := draughts.FromFEN(fen)
	if err != nil {
		return nil, err
	}
	return draughtsPosition{p: p}, nil
}

// DraughtsPosition returns p as a Position.
func DraughtsPosition(p draughts.Position) Position { return draughtsPosition{p: p} }

// DraughtsBallot returns the position after three-move ballot n (1-based,
// see draughts.Ballots).
func DraughtsBallot(n int) (Position, error) {
	p, err := draughts.ApplyBallot(n)
	if err != nil {
		return nil, err
	}
	return draughtsPosition{p: p}, nil
}

// Draughts returns the draughts position.
func (d draughtsPosition) Draughts() draughts.Position { return d.p }

func (d draughtsPosition) Variant() Variant { return Draughts }

func (d draughtsPosition) Turn() Color {
	if d.p.Turn() == draughts.Black {
		return Black
	}
	return White
}

func (d draughtsPosition) FEN() string { return d.p.FEN() }

func (d draughtsPosition) Key() uint64 { return maphash.Comparable(draughtsSeed, d.p) }

func (d draughtsPosition) Moves() []Move {
	var ml draughts.MoveList
	d.p.LegalMoves(&ml)
	moves := make([]Move, ml.Len())
	for i, m := range ml.Slice() {
		moves[i] = Move{native: m, text: m.String()}
	}
	return moves
}

func (d draughtsPosition) Play(m Move) (Position, error) {
	dm, ok := m.native.(draughts.Move)
	var ml draughts.MoveList
	d.p.LegalMoves(&ml)
	if !ok || !ml.Contains(dm) {
		return nil, illegal(d, m)
	}
	quiet := d.quiet + 1
	if d.p.IsIrreversible(dm) {
		quiet = 0
	}
	return draughtsPosition{p: d.p.Play(dm), quiet: quiet}, nil
}

// ParseMove reads PDN move text: "9-14", "22x15x8", or "22x8" when only
// one capture path joins those squares.
func (d draughtsPosition) ParseMove(text string) (Move, error) {
	m, err := d.p.ParseMove(text)
	if err != nil {
		return Move{}, err
	}
	return Move{native: m, text: m.String()}, nil
}

func (d draughtsPosition) Notation(m Move) string { return m.text }

func (d draughtsPosition) Outcome() (Outcome, bool) {
	o, over := d.p.Outcome()
	if !over {
		return Outcome{}, false
	}
	out := Outcome{Draw: o.Draw, Reason: NoMoves}
	if o.Winner == draughts.Black {
		out.Winner = Black
	} else {
		out.Winner = White
	}
	if o.Reason == draughts.NoPieces {
		out.Reason = NoPieces
	}
	return out, true
}

func (d draughtsPosition) MoveRuleCount() int { return d.quiet }

// CanWin: a side with a piece left may win (its opponent may run out of
// pieces or moves); a side with none has lost already.
func (d draughtsPosition) CanWin(c Color) bool {
	side := draughts.White
	if c == Black {
		side = draughts.Black
	}
	return d.p.Pieces(side) != 0
}

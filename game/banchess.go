package game

import (
	"github.com/baten-chess/baten/banchess"
	"github.com/baten-chess/baten/chess"
)

// banChessPosition adapts banchess.Position: its moves are actions, bans
// and moves alternating.
type banChessPosition struct {
	p banchess.Position
}

func newBanChess(fen string) (Position, error) {
	if fen == "" {
		return banChessPosition{p: banchess.Startpos()}, nil
	}
	p, err := banchess.ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	return banChessPosition{p: p}, nil
}

// BanChessPosition returns p as a Position.
func BanChessPosition(p banchess.Position) Position { return banChessPosition{p: p} }

// BanChess returns the Ban-Chess position.
func (b banChessPosition) BanChess() banchess.Position { return b.p }

func (b banChessPosition) Variant() Variant { return BanChess }
func (b banChessPosition) Turn() Color      { return Color(b.p.Actor()) }
func (b banChessPosition) FEN() string      { return b.p.FEN() }
func (b banChessPosition) Key() uint64      { return b.p.Key() }

func (b banChessPosition) Moves() []Move {
	var l banchess.ActionList
	b.p.LegalActions(&l)
	moves := make([]Move, l.Len())
	for i, a := range l.Slice() {
		moves[i] = Move{native: a, text: a.String()}
	}
	return moves
}

func (b banChessPosition) Play(m Move) (Position, error) {
	a, ok := m.native.(banchess.Action)
	if !ok {
		return nil, illegal(b, m)
	}
	if err := b.p.Play(a); err != nil { // b is a copy
		return nil, illegal(b, m)
	}
	return b, nil
}

// ParseMove reads "b:e2e4" (a ban), "m:e2e4" or SAN/UCI (a move).
func (b banChessPosition) ParseMove(text string) (Move, error) {
	a, err := b.p.ParseAction(text)
	if err != nil {
		return Move{}, err
	}
	return Move{native: a, text: a.String()}, nil
}

func (b banChessPosition) Notation(m Move) string {
	a, _ := m.native.(banchess.Action)
	return b.p.ActionText(a)
}

func (b banChessPosition) Outcome() (Outcome, bool) {
	o, over := b.p.Outcome()
	if !over {
		return Outcome{}, false
	}
	out := Outcome{Draw: !o.Decisive, Winner: Color(o.Winner), Reason: InsufficientMaterial}
	switch o.Reason {
	case banchess.Checkmate:
		out.Reason = Checkmate
	case banchess.Stalemate:
		out.Reason = Stalemate
	}
	return out, true
}

func (b banChessPosition) MoveRuleCount() int { return b.p.Halfmove() }

// CanWin: any piece besides the king can mate with the help of a ban
// (see banchess), so only a lone king cannot win.
func (b banChessPosition) CanWin(c Color) bool {
	q := b.p.Chess()
	side := chess.Color(c)
	return q.ByColor(side)&^q.Pieces(side, chess.King) != 0
}

package game

import (
	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/san"
)

// chessPosition adapts chess.Position (chess and Chess960).
type chessPosition struct {
	p        chess.Position
	chess960 bool
}

func newChess(v Variant, fen string) (Position, error) {
	if fen == "" {
		return chessPosition{p: chess.Startpos(), chess960: v == Chess960}, nil
	}
	s, err := chess.ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	p, err := chess.NewPosition(s)
	if err != nil {
		return nil, err
	}
	return chessPosition{p: p, chess960: v == Chess960}, nil
}

// ChessPosition returns p as a Position of chess, or of Chess960 when
// chess960 is set (castling then reads and prints as king takes rook).
func ChessPosition(p chess.Position, chess960 bool) Position {
	return chessPosition{p: p, chess960: chess960}
}

// Chess960Start returns Chess960 start position n (Scharnagl number 0–959).
func Chess960Start(n int) (Position, error) {
	p, err := chess.Chess960Start(n)
	if err != nil {
		return nil, err
	}
	return chessPosition{p: p, chess960: true}, nil
}

// Chess returns the chess position of a chess or Chess960 Position.
func (c chessPosition) Chess() chess.Position { return c.p }

func (c chessPosition) Variant() Variant {
	if c.chess960 {
		return Chess960
	}
	return Chess
}

func (c chessPosition) Turn() Color { return Color(c.p.Turn()) }

func (c chessPosition) FEN() string {
	if c.chess960 {
		return c.p.FEN(chess.CastlingXFEN)
	}
	return c.p.FEN(chess.CastlingClassic)
}

func (c chessPosition) Key() uint64 { return c.p.Key() }

func (c chessPosition) move(m chess.Move) Move {
	return Move{native: m, text: m.UCI(c.chess960)}
}

func (c chessPosition) Moves() []Move {
	var ml chess.MoveList
	c.p.LegalMoves(&ml)
	moves := make([]Move, ml.Len())
	for i, m := range ml.Slice() {
		moves[i] = c.move(m)
	}
	return moves
}

func (c chessPosition) Play(m Move) (Position, error) {
	cm, ok := m.native.(chess.Move)
	var ml chess.MoveList
	c.p.LegalMoves(&ml)
	if !ok || !ml.Contains(cm) {
		return nil, illegal(c, m)
	}
	c.p.Play(cm) // c is a copy
	return c, nil
}

func (c chessPosition) ParseMove(text string) (Move, error) {
	m, err := san.ParseMove(&c.p, text)
	if err != nil {
		return Move{}, err
	}
	return c.move(m), nil
}

func (c chessPosition) Notation(m Move) string {
	cm, _ := m.native.(chess.Move)
	return san.Format(&c.p, cm)
}

func (c chessPosition) Outcome() (Outcome, bool) {
	var ml chess.MoveList
	c.p.LegalMoves(&ml)
	switch {
	case ml.Len() == 0 && c.p.InCheck():
		return Outcome{Winner: Color(c.p.Turn()).Other(), Reason: Checkmate}, true
	case ml.Len() == 0:
		return Outcome{Draw: true, Reason: Stalemate}, true
	case c.p.IsInsufficientMaterial():
		return Outcome{Draw: true, Reason: InsufficientMaterial}, true
	}
	return Outcome{}, false
}

func (c chessPosition) MoveRuleCount() int { return c.p.Halfmove() }

func (c chessPosition) CanWin(side Color) bool {
	return !c.p.HasInsufficientMaterial(chess.Color(side))
}

package game

import (
	"errors"
	"fmt"
)

// Errors callers branch on. Move text and FEN errors are the variant
// packages' own typed errors (san.Error, shatranj.MoveError, …), which name
// the input and say whether it is malformed, illegal or ambiguous.
var (
	ErrUnknownVariant = errors.New("game: unknown variant")
	ErrIllegalMove    = errors.New("game: illegal move")
	ErrGameOver       = errors.New("game: the game is over")
	ErrNotYourTurn    = errors.New("game: not this side's turn")
	ErrNoOffer        = errors.New("game: no draw offer to answer")
	ErrNoClaim        = errors.New("game: no draw can be claimed")
	ErrNothingToUndo  = errors.New("game: no move to take back")
	ErrNoClock        = errors.New("game: the game has no clock")
)

// Move is one legal action of a position — a move, or a ban in Ban-Chess.
// It is a comparable value; two moves of the same position are == exactly
// when they are the same action. Moves come from Position.Moves and
// Position.ParseMove.
type Move struct {
	native any    // chess.Move, shatranj.Move, draughts.Move or banchess.Action
	text   string // see String
}

// String returns the move in the variant's machine notation: UCI for chess
// and shatranj (Chess960 castling as king takes rook), "b:e2e4"/"m:e2e4" for
// Ban-Chess actions, the full PDN path for draughts ("22x15x8").
func (m Move) String() string { return m.text }

// IsBan reports whether m is a Ban-Chess ban.
func (m Move) IsBan() bool { return len(m.text) > 2 && m.text[:2] == "b:" }

// Position is one variant's position as a game sees it. The adapters of
// this package implement it; positions are values, and Play returns a new
// one.
type Position interface {
	// Variant returns the rule system.
	Variant() Variant
	// Turn returns the side to act (in Ban-Chess, the banning side during
	// a ban).
	Turn() Color
	// FEN returns the position in the variant's FEN (X-FEN for Chess960,
	// native letters for shatranj, extended FEN for Ban-Chess, PDN FEN for
	// draughts).
	FEN() string
	// Key returns a hash of everything repetition compares: placement, side
	// to act and rights (and the phase and ban in Ban-Chess).
	Key() uint64
	// Moves returns the legal moves (or bans), in the generator's order.
	Moves() []Move
	// Play returns the position after m; m must be a legal move of this
	// position (an error wrapping ErrIllegalMove otherwise).
	Play(m Move) (Position, error)
	// ParseMove reads move text in any notation the variant accepts (SAN
	// and UCI for the chess family, "b:e2e4" bans, PDN for draughts) and
	// resolves it among the legal moves.
	ParseMove(text string) (Move, error)
	// Notation returns m in the variant's human notation: SAN (with
	// shatranj's letters and BK), Ban-Chess "b:e2e4" for bans, PDN.
	Notation(m Move) string
	// Outcome returns the end the position itself decides (checkmate,
	// stalemate, bare king, no pieces, insufficient material, …).
	Outcome() (Outcome, bool)
	// MoveRuleCount returns the plies (moves, not bans) since the last
	// capture or pawn (Baidaq, man) move: the counter of the move rules.
	MoveRuleCount() int
	// CanWin reports whether side c could still win by some sequence of
	// legal moves. It is sound: false only when c can never win (the flag
	// fall of c's opponent is then a draw).
	CanWin(c Color) bool
}

// NewPosition reads a position of variant v from its FEN (see
// Position.FEN; shatranj also reads Fairy-Stockfish letters, Chess960
// Shredder- and X-FEN). An empty fen gives the variant's start (for
// Chess960, the standard array, number 518).
func NewPosition(v Variant, fen string) (Position, error) {
	switch v {
	case Chess, Chess960:
		return newChess(v, fen)
	case Shatranj:
		return newShatranj(fen)
	case BanChess:
		return newBanChess(fen)
	case Draughts:
		return newDraughts(fen)
	}
	return nil, fmt.Errorf("%w: %v", ErrUnknownVariant, v)
}

// illegal builds the error Play returns for a move not of the position.
func illegal(p Position, m Move) error {
	return fmt.Errorf("%w: %s in %s", ErrIllegalMove, m.text, p.FEN())
}

package variant

import (
	"errors"
	"fmt"
)

// Errors callers branch on.
var (
	// ErrUnknownVariant: no game of that name is registered.
	ErrUnknownVariant = errors.New("variant: unknown variant")
	// ErrDuplicate: a name or alias is registered twice.
	ErrDuplicate = errors.New("variant: name already registered")
	// ErrIllegal: an action that is not one of the position's legal ones.
	ErrIllegal = errors.New("variant: illegal action")
	// ErrNoStart: the game has no start set of that name, or no such
	// member in it.
	ErrNoStart = errors.New("variant: no such start position")
)

// Action is one legal action of a position: a move, or a ban in
// Ban-Chess. It is a comparable value; two actions of the same position
// are == exactly when they are the same action. Actions come from
// Position.Legal and Position.Parse.
type Action struct {
	native any    // the game package's own move value
	text   string // see String
}

// NewAction wraps a game's own move value with its machine text (UCI,
// PDN): what an adapter of a new game returns from Legal. native must be
// comparable.
func NewAction(native any, text string) Action { return Action{native: native, text: text} }

// String returns the action in the game's machine notation: UCI for the
// chess family (Chess960 castling as king takes rook), "b:e2e4" for a
// Ban-Chess ban, the full PDN path for draughts ("22x15x8"). It is what
// Format(a, Machine) returns and what Parse reads back.
func (a Action) String() string { return a.text }

// Native returns the game package's own value (chess.Move,
// banchess.Action, draughts.Move, …) for code that works with that
// package directly, such as the engine's fast adapters.
func (a Action) Native() any { return a.native }

// IsBan reports whether a is a Ban-Chess ban.
func (a Action) IsBan() bool { return len(a.text) > 2 && a.text[:2] == "b:" }

// Notation chooses how Format writes an action.
type Notation uint8

const (
	// Machine is what programs exchange: UCI for the chess family
	// ("e2e4", "e7e8q"), "b:e2e4" for bans, PDN for draughts.
	Machine Notation = iota
	// Human is what players read and records hold: SAN for the chess
	// family (with each game's piece letters), PDN for draughts.
	Human
)

// Position is a position of some game, as every surface sees it. It is a
// value: Play returns a new one and leaves the receiver as it was.
type Position interface {
	// Variant returns the game the position belongs to.
	Variant() *Variant
	// Turn returns the side to act (in Ban-Chess, the banning side during
	// a ban).
	Turn() Color
	// Legal returns the legal actions, in the generator's order.
	Legal() []Action
	// Play returns the position after a, which must be a legal action of
	// this position (an error wrapping ErrIllegal otherwise).
	Play(a Action) (Position, error)
	// Parse reads action text in any notation the game accepts (SAN and
	// UCI for the chess family, "b:e2e4" bans, PDN for draughts) and
	// resolves it among the legal actions.
	Parse(text string) (Action, error)
	// Format writes a, a legal action of this position, in notation n.
	Format(a Action, n Notation) string
	// Outcome returns the end the position itself decides (checkmate,
	// stalemate, bare king, no pieces, insufficient material, …).
	Outcome() (Outcome, bool)
	// FEN returns the position in the game's FEN (X-FEN for Chess960,
	// native letters for shatranj, extended FEN for Ban-Chess, PDN FEN for
	// draughts).
	FEN() string
	// Key returns a hash of everything repetition compares: placement,
	// side to act and rights (and the phase and ban in Ban-Chess).
	Key() uint64
}

// MoveCounter is a Position that counts the plies (moves, not bans) since
// the last irreversible move (a capture, a pawn or man move): the counter
// of the fifty- and forty-move rules.
type MoveCounter interface {
	MoveRuleCount() int
}

// MoveRuleCount returns p's move-rule counter, or 0 for a position that
// does not count (it then never allows a move-rule claim).
func MoveRuleCount(p Position) int {
	if c, ok := p.(MoveCounter); ok {
		return c.MoveRuleCount()
	}
	return 0
}

// WinChecker is a Position that knows when a side can never win.
type WinChecker interface {
	// CanWin reports whether side c could still win by some sequence of
	// legal moves. It is sound: false only when c can never win.
	CanWin(c Color) bool
}

// CanWin reports whether c could still win from p: WinChecker's answer,
// or true for positions that do not know (a flag fall is then a loss).
func CanWin(p Position, c Color) bool {
	if w, ok := p.(WinChecker); ok {
		return w.CanWin(c)
	}
	return true
}

// NullMover is a position of a game whose records may pass the turn: a
// null move, which annotators write in PGN as "--" (python-chess and most
// programs) or "Z0" (ChessBase). No rule of play allows it, so Parse and
// Legal never give it: only a record's replay (game.FromPGN) asks for it,
// and Play accepts the Action NullMove returns. NullMove reports an error
// wrapping ErrIllegal where passing would leave a king attacked (in
// check). The chess family but shatranj and Ban-Chess have it.
type NullMover interface {
	NullMove() (Action, error)
}

// IsNullMoveText reports whether text is a null move as PGN files write
// it: "--", "Z0" (ChessBase) or "0000" (UCI).
func IsNullMoveText(text string) bool {
	return text == "--" || text == "Z0" || text == "0000"
}

// Checker is a Position whose side to move can be in check.
type Checker interface {
	InCheck() bool
}

// InCheck reports whether the side to move in p is in check (false for
// games without check).
func InCheck(p Position) bool {
	c, ok := p.(Checker)
	return ok && c.InCheck()
}

// illegal builds the error Play returns for an action not of the position.
func illegal(p Position, a Action) error {
	return fmt.Errorf("%w: %s in %s", ErrIllegal, a.text, p.FEN())
}

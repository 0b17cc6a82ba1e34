package banchess

import (
	"errors"
	"fmt"

	"github.com/baten-chess/baten/chess"
)

// Reason says why a game ended.
type Reason uint8

// The reasons a game ends.
const (
	NoReason             Reason = iota // the game is not over
	Checkmate                          // in check with no legal move after the ban (or no move at all)
	Stalemate                          // not in check with no legal move after the ban: a draw
	ThreefoldRepetition                // claimed: the state (position, phase, ban) occurred three times
	FiftyMoves                         // claimed: 100 moves (not bans) without pawn move or capture
	InsufficientMaterial               // neither side can mate: a draw
	Agreement                          // both sides agreed to a draw
	Resignation                        // one side resigned
)

var reasonNames = [...]string{"none", "checkmate", "stalemate", "threefold repetition",
	"fifty moves", "insufficient material", "agreement", "resignation"}

// String returns the reason in words.
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("Reason(%d)", uint8(r))
}

// Outcome is how a game ended: the winner (if Decisive) and the reason.
type Outcome struct {
	Decisive bool        // false for a draw
	Winner   chess.Color // meaningful only if Decisive
	Reason   Reason
}

// Result returns the PGN result: "1-0", "0-1" or "1/2-1/2".
func (o Outcome) Result() string {
	switch {
	case !o.Decisive:
		return "1/2-1/2"
	case o.Winner == chess.White:
		return "1-0"
	}
	return "0-1"
}

// String returns e.g. "1-0 (checkmate)".
func (o Outcome) String() string { return o.Result() + " (" + o.Reason.String() + ")" }

// Outcome returns the outcome decided by the position itself: checkmate or
// stalemate when there is no legal action, or insufficient material.
// Claims, agreement and resignation are a Game's business.
func (p *Position) Outcome() (Outcome, bool) {
	if p.ply == 0 {
		return Outcome{}, false
	}
	if p.countActions() == 0 {
		if p.pos.InCheck() {
			return Outcome{Decisive: true, Winner: p.pos.Turn().Other(), Reason: Checkmate}, true
		}
		return Outcome{Reason: Stalemate}, true
	}
	if p.InsufficientMaterial() {
		return Outcome{Reason: InsufficientMaterial}, true
	}
	return Outcome{}, false
}

// InsufficientMaterial reports whether only the two kings are left, the
// one material draw of Ban-Chess (exported for searchers, which test it
// without the move generation Outcome does). Any
// other piece can still mate in Ban-Chess: a lone bishop or knight checks
// a king that has one escape left, and the checking side bans it (for
// example Ka8 v Kb6 + Bf3+, b8 banned), so chess's minor-piece classes do
// not apply.
func (p *Position) InsufficientMaterial() bool {
	return p.pos.Occupied().Count() == 2
}

// Game is a Ban-Chess game record: the start, the actions played, the
// state keys for repetition and the outcome. It changes only through Play,
// Ban, Move, PlayText, ClaimDraw, AgreeDraw and Resign.
type Game struct {
	start   Position
	pos     Position
	actions []Action
	keys    []uint64
	outcome Outcome
	over    bool
}

// NewGame returns a game from the standard start.
func NewGame() *Game { return NewGameFrom(Startpos()) }

// NewGameFrom returns a game starting at p.
func NewGameFrom(p Position) *Game {
	g := &Game{start: p, pos: p, keys: []uint64{p.Key()}}
	g.settle()
	return g
}

// Start returns the starting position.
func (g *Game) Start() Position { return g.start }

// Position returns the current position (a copy).
func (g *Game) Position() Position { return g.pos }

// Actions returns the actions played so far (a copy).
func (g *Game) Actions() []Action { return append([]Action(nil), g.actions...) }

// Outcome returns the outcome, if the game is over.
func (g *Game) Outcome() (Outcome, bool) { return g.outcome, g.over }

// settle records an outcome the position decides.
func (g *Game) settle() {
	if o, ok := g.pos.Outcome(); ok {
		g.outcome, g.over = o, true
	}
}

// Play plays a legal action (see Position.Play).
func (g *Game) Play(a Action) error {
	if g.over {
		return fmt.Errorf("%w: %v", ErrGameOver, g.outcome)
	}
	if err := g.pos.Play(a); err != nil {
		return err
	}
	g.actions = append(g.actions, a)
	g.keys = append(g.keys, g.pos.Key())
	g.settle()
	return nil
}

// Ban plays the ban from→to.
func (g *Game) Ban(from, to chess.Square) error { return g.Play(BanAction(Ban{from, to})) }

// Move plays the move m.
func (g *Game) Move(m chess.Move) error { return g.Play(MoveAction(m)) }

// PlayText parses an action of the current position and plays it.
func (g *Game) PlayText(text string) error {
	if g.over {
		return fmt.Errorf("%w: %v", ErrGameOver, g.outcome)
	}
	a, err := g.pos.ParseAction(text)
	if err != nil {
		return err
	}
	return g.Play(a)
}

// Repetitions returns how many times the current state (position, phase
// and ban) has occurred in the game, this time included.
func (g *Game) Repetitions() int {
	k, n := g.keys[len(g.keys)-1], 0
	for _, x := range g.keys {
		if x == k {
			n++
		}
	}
	return n
}

// CanClaimThreefold reports whether the current state occurred three times.
func (g *Game) CanClaimThreefold() bool { return g.Repetitions() >= 3 }

// CanClaimFiftyMoves reports whether 100 moves (bans not counted) were
// played without a pawn move or capture.
func (g *Game) CanClaimFiftyMoves() bool { return g.pos.Halfmove() >= 100 }

// ErrNoClaim is returned by ClaimDraw when no draw can be claimed.
var ErrNoClaim = errors.New("banchess: no draw to claim")

// ClaimDraw ends the game drawn by threefold repetition or the fifty-move
// rule, if either can be claimed.
func (g *Game) ClaimDraw() error {
	if g.over {
		return fmt.Errorf("%w: %v", ErrGameOver, g.outcome)
	}
	switch {
	case g.CanClaimThreefold():
		g.outcome, g.over = Outcome{Reason: ThreefoldRepetition}, true
	case g.CanClaimFiftyMoves():
		g.outcome, g.over = Outcome{Reason: FiftyMoves}, true
	default:
		return ErrNoClaim
	}
	return nil
}

// AgreeDraw ends the game drawn by agreement.
func (g *Game) AgreeDraw() error {
	if g.over {
		return fmt.Errorf("%w: %v", ErrGameOver, g.outcome)
	}
	g.outcome, g.over = Outcome{Reason: Agreement}, true
	return nil
}

// Resign ends the game: c resigns and the other side wins.
func (g *Game) Resign(c chess.Color) error {
	if g.over {
		return fmt.Errorf("%w: %v", ErrGameOver, g.outcome)
	}
	g.outcome, g.over = Outcome{Decisive: true, Winner: c.Other(), Reason: Resignation}, true
	return nil
}

package draughts

import (
	"errors"
	"fmt"
)

// Errors of Game's actions.
var (
	// ErrGameOver: the game has already ended.
	ErrGameOver = errors.New("draughts: game is over")
	// ErrNoClaim: neither repetition nor the 40-move rule allows a claim.
	ErrNoClaim = errors.New("draughts: no draw to claim")
	// ErrNoOffer: there is no draw offer for this side to accept.
	ErrNoOffer = errors.New("draughts: no draw offer to accept")
)

// FortyMovePlies is the length of the 40-move rule: 40 moves of each side.
const FortyMovePlies = 80

// Game is a game record with the rules that need its history: threefold
// repetition and the 40-move rule (both claimed, not automatic), draw
// offers, resignation, and the end by no pieces or no moves. It is what a
// later variant-neutral game package will wrap; it keeps positions (which
// are comparable values) rather than hash keys, so repetition is exact.
//
// A Game is not safe for concurrent use.
type Game struct {
	positions []Position // positions[0] is the start; positions[i+1] follows moves[i]
	moves     []Move
	// quiet counts plies since the last capture or man's move, and since
	// the index into positions where that move left the board (positions
	// before it can never recur).
	quiet, since int
	offer        *Color // the side whose draw offer stands, if any
	outcome      *Outcome
}

// NewGame starts a game from p (Start() for a normal game). A start that
// is already decided (no pieces or no moves) ends the game at once.
func NewGame(p Position) *Game {
	g := &Game{positions: []Position{p}}
	g.checkEnd()
	return g
}

// Position is the current position.
func (g *Game) Position() Position { return g.positions[len(g.positions)-1] }

// Start is the position the game started from.
func (g *Game) Start() Position { return g.positions[0] }

// Moves lists the moves played, in order.
func (g *Game) Moves() []Move { return append([]Move(nil), g.moves...) }

// Outcome reports how the game ended, if it has.
func (g *Game) Outcome() (Outcome, bool) {
	if g.outcome == nil {
		return Outcome{}, false
	}
	return *g.outcome, true
}

// Play plays m, which must be legal in the current position. A standing
// draw offer by the opponent of the mover lapses (declined by moving).
func (g *Game) Play(m Move) error {
	if g.outcome != nil {
		return ErrGameOver
	}
	p := g.Position()
	var ml MoveList
	p.LegalMoves(&ml)
	if !ml.Contains(m) {
		return &MoveError{Err: ErrIllegalMove, Move: m.String(), FEN: p.FEN()}
	}
	g.quiet++
	if p.IsIrreversible(m) {
		g.quiet, g.since = 0, len(g.positions)
	}
	g.moves = append(g.moves, m)
	g.positions = append(g.positions, p.Play(m))
	if g.offer != nil && *g.offer != p.turn {
		g.offer = nil
	}
	g.checkEnd()
	return nil
}

// PlayText parses PDN move text in the current position and plays it.
func (g *Game) PlayText(text string) error {
	if g.outcome != nil {
		return ErrGameOver
	}
	m, err := g.Position().ParseMove(text)
	if err != nil {
		return err
	}
	return g.Play(m)
}

// checkEnd ends the game when the side to move has lost.
func (g *Game) checkEnd() {
	if o, over := g.Position().Outcome(); over {
		g.outcome = &o
	}
}

// Repetitions counts how often the current position has occurred in the
// game, itself included.
func (g *Game) Repetitions() int {
	cur, n := g.Position(), 0
	for _, p := range g.positions[g.since:] {
		if p == cur {
			n++
		}
	}
	return n
}

// QuietPlies counts the plies since the last capture or man's move (or
// since the start).
func (g *Game) QuietPlies() int { return g.quiet }

// DrawClaim reports whether a draw may be claimed now, and on which ground:
// Repetition when the current position has occurred three times, else
// FortyMove when FortyMovePlies plies passed without a capture or a man's
// move.
func (g *Game) DrawClaim() (Reason, bool) {
	switch {
	case g.outcome != nil:
		return 0, false
	case g.Repetitions() >= 3:
		return Repetition, true
	case g.quiet >= FortyMovePlies:
		return FortyMove, true
	}
	return 0, false
}

// ClaimDraw ends the game drawn if DrawClaim allows it, else returns an
// error wrapping ErrNoClaim (or ErrGameOver).
func (g *Game) ClaimDraw() error {
	if g.outcome != nil {
		return ErrGameOver
	}
	r, ok := g.DrawClaim()
	if !ok {
		return fmt.Errorf("%w: position seen %d times, %d quiet plies", ErrNoClaim, g.Repetitions(), g.quiet)
	}
	g.outcome = &Outcome{Draw: true, Reason: r}
	return nil
}

// OfferDraw records a draw offer by side by. It stands until the opponent
// accepts it or makes a move.
func (g *Game) OfferDraw(by Color) error {
	if g.outcome != nil {
		return ErrGameOver
	}
	g.offer = &by
	return nil
}

// DrawOffer reports which side's draw offer stands, if any.
func (g *Game) DrawOffer() (Color, bool) {
	if g.offer == nil {
		return 0, false
	}
	return *g.offer, true
}

// AcceptDraw accepts, for side by, the opponent's standing offer; the game
// ends drawn by Agreement. Without such an offer the error wraps ErrNoOffer.
func (g *Game) AcceptDraw(by Color) error {
	if g.outcome != nil {
		return ErrGameOver
	}
	if g.offer == nil || *g.offer != by.Opponent() {
		return fmt.Errorf("%w: %v has no offer from %v", ErrNoOffer, by, by.Opponent())
	}
	g.outcome = &Outcome{Draw: true, Reason: Agreement}
	return nil
}

// Resign ends the game: side by loses by Resignation.
func (g *Game) Resign(by Color) error {
	if g.outcome != nil {
		return ErrGameOver
	}
	g.outcome = &Outcome{Winner: by.Opponent(), Reason: Resignation}
	return nil
}

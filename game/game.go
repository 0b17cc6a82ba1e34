package game

import (
	"errors"
	"fmt"
	"time"

	"github.com/baten-chess/baten/variant"
)

// Errors callers branch on. An action that is not legal is the position's
// own error: one wrapping variant.ErrIllegal, or a typed error of the
// package that reads the notation (san.Error, shatranj.MoveError, …),
// which names the text and says whether it is malformed, illegal or
// ambiguous. An unknown game in a record wraps variant.ErrUnknownVariant.
var (
	ErrGameOver      = errors.New("game: the game is over")
	ErrNotYourTurn   = errors.New("game: not this side's turn")
	ErrNoOffer       = errors.New("game: no draw offer to answer")
	ErrNoClaim       = errors.New("game: no draw can be claimed")
	ErrNothingToUndo = errors.New("game: no move to take back")
	ErrNoClock       = errors.New("game: the game has no clock")
)

// state is everything a take-back restores.
type state struct {
	pos     variant.Position
	offered bool          // a draw offer stands
	offerBy variant.Color // who made it
	clock   clocks
}

// ply is one action of the record and the state before it.
type ply struct {
	move     variant.Action
	notation string // in the game's human notation (variant.Human)
	before   state
}

// Game is the record of one game: the start, the actions played, the keys
// of every position for repetition, offers, clocks and the outcome. A Game
// is not safe for concurrent use: give each game one owner.
type Game struct {
	start    variant.Position
	cur      state
	plies    []ply
	keys     []uint64 // keys[i] is the key of the position after i actions
	outcome  variant.Outcome
	over     bool
	hasClock bool
	now      func() time.Time
}

// New returns a game of start's game (start.Variant()) starting at start:
// a standard start (Variant.Start), a FEN (Variant.FromFEN), or a named
// start (Variant.StartFrom: a Chess960 number, a shatranj tabiya, a
// draughts ballot). If the start is already decided (checkmate, bare
// king, …) the game is over at once.
func New(start variant.Position, opts ...Option) *Game {
	g := &Game{start: start, cur: state{pos: start}, keys: []uint64{start.Key()}}
	for _, opt := range opts {
		opt(g)
	}
	if g.hasClock = g.cur.clock.tc.Base > 0; g.hasClock {
		g.cur.clock.turnStart = g.now()
	}
	g.settle()
	return g
}

// Start returns the starting position.
func (g *Game) Start() variant.Position { return g.start }

// Position returns the current position.
func (g *Game) Position() variant.Position { return g.cur.pos }

// Variant returns the game played: the start position's.
func (g *Game) Variant() *variant.Variant { return g.start.Variant() }

// Moves returns the actions played so far (moves, and bans in Ban-Chess).
func (g *Game) Moves() []variant.Action {
	moves := make([]variant.Action, len(g.plies))
	for i, p := range g.plies {
		moves[i] = p.move
	}
	return moves
}

// Notations returns the actions played so far in the game's human
// notation (variant.Human: SAN, PDN), as they were written when played.
func (g *Game) Notations() []string {
	texts := make([]string, len(g.plies))
	for i, p := range g.plies {
		texts[i] = p.notation
	}
	return texts
}

// PositionBefore returns the position before action i (0-based); i equal to
// the number of actions gives the current position.
func (g *Game) PositionBefore(i int) variant.Position {
	if i >= len(g.plies) {
		return g.cur.pos
	}
	return g.plies[i].before.pos
}

// Outcome returns the result, if the game is over. While it goes on, ok
// is false and the Outcome is the zero one, which prints as "ongoing".
func (g *Game) Outcome() (variant.Outcome, bool) { return g.outcome, g.over }

// end finishes the game with o.
func (g *Game) end(o variant.Outcome) { g.outcome, g.over = o, true }

// settle ends the game if the current position or the history decides it:
// the position's own ending; the game's own repetition rule
// (Variant.Repetition), which ends it as soon as a position occurs its
// number of times; or — in games whose descriptor sets AutomaticEnds (the
// chess family but shatranj; FIDE 9.6) — a fivefold repetition (unless
// the game has a repetition rule of its own) or 75 moves (150 plies)
// without capture or pawn move. Other games know only the claims.
func (g *Game) settle() {
	if o, over := g.cur.pos.Outcome(); over {
		g.end(o)
		return
	}
	rep := g.Variant().Repetition
	if rep != nil && rep.MoveRepetition { // family: royal guards: before the n-fold rule, as in Fairy-Stockfish
		if o, lost := g.moveRepetitionOutcome(); lost {
			g.end(o)
			return
		}
	}
	if rep != nil && rep.Count > 0 && g.Repetitions() >= rep.Count {
		g.end(g.repetitionOutcome(rep)) // family: move rules: perpetual check; palaces: perpetual chase
		return
	}
	if !g.Variant().AutomaticEnds {
		return
	}
	switch {
	case rep == nil && g.Repetitions() >= 5:
		g.end(variant.Outcome{Draw: true, Reason: variant.FivefoldRepetition})
	case variant.MoveRuleCount(g.cur.pos) >= 150:
		g.end(variant.Outcome{Draw: true, Reason: variant.SeventyFiveMoves})
	}
}

// Play plays m, a legal action (a move, or a ban in Ban-Chess) of the
// current position (see variant.Position.Legal). With clocks, a move made
// after the player's time ran out is refused and the game ends by time
// forfeit (an error wrapping ErrGameOver).
func (g *Game) Play(m variant.Action) error {
	if g.over {
		return fmt.Errorf("%w: %v", ErrGameOver, g.outcome)
	}
	if o, fell := g.Flag(); fell {
		return fmt.Errorf("%w: %v", ErrGameOver, o)
	}
	next, err := g.cur.pos.Play(m)
	if err != nil {
		return err
	}
	before := g.cur
	mover := before.pos.Turn()
	g.plies = append(g.plies, ply{move: m, notation: before.pos.Format(m, variant.Human), before: before})
	g.cur.pos = next
	if g.cur.offered && g.cur.offerBy != mover {
		g.cur.offered = false // the opponent's move declines the offer
	}
	if g.hasClock {
		now := g.now()
		c := &g.cur.clock
		c.left[mover] -= now.Sub(c.turnStart)
		c.left[mover] += c.tc.Increment
		c.turnStart = now
	}
	g.keys = append(g.keys, next.Key())
	g.settle()
	return nil
}

// PlayText reads action text in any notation the game accepts (see
// variant.Position.Parse) and plays it.
func (g *Game) PlayText(text string) (variant.Action, error) {
	if g.over {
		return variant.Action{}, fmt.Errorf("%w: %v", ErrGameOver, g.outcome)
	}
	m, err := g.cur.pos.Parse(text)
	if err != nil {
		return variant.Action{}, err
	}
	return m, g.Play(m)
}

// Undo takes back the last action and restores everything as it was
// before it: position, repetition history, draw offer and clocks (the
// side to act gets its time back and its clock restarts now). An ending
// the position reached with that action (checkmate, stalemate, bare king,
// …, fivefold repetition, 75 moves) is undone with it.
//
// An ending not made by a move — resignation, agreement, a claim, a flag
// fall, or an adjudication read from a record — is an action of its own,
// and Undo takes back only it: the game reopens at the same position with
// the same moves, the draw offer as it stood (an accepted offer stands
// again) and the clock of the side to act restarted now with the time it
// had when its turn began, as after a move's take-back (so an undone flag
// fall gives the flagged side its turn back). This works before the first
// move too; a second Undo then takes back the last move.
func (g *Game) Undo() error {
	if g.EndedOffBoard() {
		g.outcome, g.over = variant.Outcome{}, false
		if g.hasClock {
			g.cur.clock.turnStart = g.now()
		}
		return nil
	}
	if len(g.plies) == 0 {
		return ErrNothingToUndo
	}
	last := g.plies[len(g.plies)-1]
	g.plies = g.plies[:len(g.plies)-1]
	g.keys = g.keys[:len(g.keys)-1]
	g.cur = last.before
	if g.hasClock {
		g.cur.clock.turnStart = g.now()
	}
	g.outcome, g.over = variant.Outcome{}, false
	return nil
}

// EndedOffBoard reports whether the game is over by an ending not made by
// a move (resignation, agreement, a claim, a flag fall, an adjudication),
// which Undo takes back on its own.
func (g *Game) EndedOffBoard() bool { return g.over && offBoard(g.outcome.Reason) }

// Repetitions returns how many times the current position has occurred in
// the game, this time included.
func (g *Game) Repetitions() int {
	cur := g.keys[len(g.keys)-1]
	n := 0
	for _, k := range g.keys {
		if k == cur {
			n++
		}
	}
	return n
}

// moveRuleLimit returns the plies without capture or pawn move after which
// a draw may be claimed, and the reason of that claim: the descriptor's
// MoveRule and MoveRuleReason (100, the fifty-move rule; 80, the
// forty-move rule, in draughts).
func (g *Game) moveRuleLimit() (int, variant.Reason) {
	v := g.Variant()
	return v.MoveRule, v.MoveRuleReason
}

// CanClaimRepetition reports whether the player on move may claim a draw
// because the current position has occurred three times. A game with a
// repetition rule of its own (Variant.Repetition) has no such claim: its
// rule ends the game by itself.
func (g *Game) CanClaimRepetition() bool {
	return !g.over && g.Variant().Repetition == nil && g.Repetitions() >= 3
}

// CanClaimMoveRule reports whether the player on move may claim a draw by
// the game's move rule (Variant.MoveRule: the fifty-move rule, the
// forty-move rule in draughts), counted by variant.MoveRuleCount.
func (g *Game) CanClaimMoveRule() bool {
	limit, _ := g.moveRuleLimit()
	return !g.over && variant.MoveRuleCount(g.cur.pos) >= limit
}

// Claim ends the game as a draw by threefold repetition or the move rule,
// whichever applies (repetition first), for the player on move. It returns
// ErrNoClaim when neither does.
func (g *Game) Claim() (variant.Outcome, error) {
	if g.over {
		return g.outcome, fmt.Errorf("%w: %v", ErrGameOver, g.outcome)
	}
	switch {
	case g.CanClaimRepetition():
		g.end(variant.Outcome{Draw: true, Reason: variant.ThreefoldRepetition})
	case g.CanClaimMoveRule():
		_, reason := g.moveRuleLimit()
		g.end(variant.Outcome{Draw: true, Reason: reason})
	default:
		return variant.Outcome{}, ErrNoClaim
	}
	return g.outcome, nil
}

// OfferDraw records a draw offer by side by, who must be on move. It
// stands until the opponent's next action.
func (g *Game) OfferDraw(by variant.Color) error {
	if g.over {
		return fmt.Errorf("%w: %v", ErrGameOver, g.outcome)
	}
	if by != g.cur.pos.Turn() {
		return fmt.Errorf("%w: %v may offer a draw only on its own turn", ErrNotYourTurn, by)
	}
	g.cur.offered, g.cur.offerBy = true, by
	return nil
}

// DrawOffer returns the side whose draw offer stands, if any.
func (g *Game) DrawOffer() (variant.Color, bool) { return g.cur.offerBy, g.cur.offered && !g.over }

// AcceptDraw ends the game by agreement; by must be the opponent of the
// side whose offer stands.
func (g *Game) AcceptDraw(by variant.Color) error {
	if g.over {
		return fmt.Errorf("%w: %v", ErrGameOver, g.outcome)
	}
	if !g.cur.offered || g.cur.offerBy == by {
		return fmt.Errorf("%w: %v has no offer to accept", ErrNoOffer, by)
	}
	g.end(variant.Outcome{Draw: true, Reason: variant.Agreement})
	return nil
}

// DeclineDraw withdraws the offer standing against side by.
func (g *Game) DeclineDraw(by variant.Color) error {
	if g.over {
		return fmt.Errorf("%w: %v", ErrGameOver, g.outcome)
	}
	if !g.cur.offered || g.cur.offerBy == by {
		return fmt.Errorf("%w: %v has no offer to decline", ErrNoOffer, by)
	}
	g.cur.offered = false
	return nil
}

// Resign ends the game: side by loses. Either side may resign at any time.
func (g *Game) Resign(by variant.Color) error {
	if g.over {
		return fmt.Errorf("%w: %v", ErrGameOver, g.outcome)
	}
	g.end(variant.Outcome{Winner: by.Other(), Reason: variant.Resignation})
	return nil
}

// TimeControl returns the game's time control, if it has clocks.
func (g *Game) TimeControl() (TimeControl, bool) { return g.cur.clock.tc, g.hasClock }

// Remaining returns the time side c has left now (the running clock of the
// side to act included), or ErrNoClock.
func (g *Game) Remaining(c variant.Color) (time.Duration, error) {
	if !g.hasClock {
		return 0, ErrNoClock
	}
	left := g.cur.clock.left[c]
	if !g.over && c == g.cur.pos.Turn() {
		left -= g.now().Sub(g.cur.clock.turnStart)
	}
	return left, nil
}

// Flag ends the game by time forfeit if the side to act has no time left,
// and returns the outcome: a loss, or a draw when the opponent could not
// win by any sequence of legal moves (variant.CanWin). Without clocks, or
// with time left, it reports false. A server calls it when a clock may
// have run out; Play calls it first.
func (g *Game) Flag() (variant.Outcome, bool) {
	if !g.hasClock || g.over {
		return variant.Outcome{}, false
	}
	turn := g.cur.pos.Turn()
	if left, _ := g.Remaining(turn); left > 0 {
		return variant.Outcome{}, false
	}
	o := variant.Outcome{Draw: true, Reason: variant.TimeForfeit}
	if variant.CanWin(g.cur.pos, turn.Other()) {
		o = variant.Outcome{Winner: turn.Other(), Reason: variant.TimeForfeit}
	}
	g.end(o)
	return o, true
}

package shatranj

import (
	"errors"
	"fmt"
	"slices"
)

// Errors returned by Game's methods.
var (
	ErrGameOver    = errors.New("shatranj: the game is over")
	ErrNoClaim     = errors.New("shatranj: no draw can be claimed")
	ErrNoOffer     = errors.New("shatranj: no draw offer from the opponent")
	ErrNotYourTurn = errors.New("shatranj: not this side's turn")
)

// Game is a game record: the start position, the moves played, the
// position key after each for threefold repetition, the fifty-move
// counter, a pending draw offer and the result. A Game is not safe for
// concurrent use; give each game one owner.
type Game struct {
	start   Position
	pos     Position
	moves   []Move
	keys    []uint64 // keys[i] is the key before moves[i]; the last is the current one
	result  Outcome
	over    bool
	offered bool
	offerer Color
}

// NewGame starts a game from start. A start position that is already
// decided or dead gives a game that is over (see Outcome).
func NewGame(start Position) *Game {
	g := &Game{start: start, pos: start, keys: []uint64{start.Key()}}
	g.judge()
	return g
}

// judge ends the game if the current position ends it by the rules (see
// Outcome). It runs once per position, so that Outcome, which every method
// asks, does not repeat the dead-position search.
func (g *Game) judge() {
	// Two bare Shahs with the halfmove clock at 0 after a move: no Baidaq
	// is left, so the last move was a capture, and its mover had only its
	// Shah, having only it now.
	o, over := rulesOutcome(&g.pos, len(g.moves) > 0 && g.pos.halfmove == 0)
	if over {
		g.end(o)
	}
}

// rulesOutcome is the verdict of the rules on pos, a position a game has
// reached (see Game.Outcome); captured reports that the move leading to it
// was a capture, which makes two bare Shahs a counter-bare draw.
func rulesOutcome(pos *Position, captured bool) (Outcome, bool) {
	o, over := pos.Outcome()
	switch {
	case over && o.Reason == InsufficientMaterial && captured:
		o.Reason = CounterBare
	case over:
	default:
		if w, bare := pos.BareKingWinner(); bare {
			return Outcome{Winner: w, Reason: BareKing}, true
		}
		if pos.IsDead() {
			return Outcome{Draw: true, Reason: DeadPosition}, true
		}
	}
	return o, over
}

// Start returns the start position.
func (g *Game) Start() Position { return g.start }

// Position returns the current position.
func (g *Game) Position() Position { return g.pos }

// Moves returns a copy of the moves played.
func (g *Game) Moves() []Move { return slices.Clone(g.moves) }

// Play plays m if it is legal and the game is not over (ErrGameOver
// otherwise). An illegal move gives a *MoveError wrapping ErrIllegalMove
// that says why. A pending draw offer by the opponent of the mover lapses.
// If the move ends the game (see Outcome), the game is over at once.
func (g *Game) Play(m Move) error {
	if _, over := g.Outcome(); over {
		return ErrGameOver
	}
	if !g.pos.IsLegal(m) {
		return &MoveError{Text: m.String(), FEN: g.pos.FEN(), Err: ErrIllegalMove, Why: g.pos.whyIllegal(m.From(), m.To())}
	}
	if g.offered && g.offerer != g.pos.turn {
		g.offered = false
	}
	g.pos.play(m)
	g.moves = append(g.moves, m)
	g.keys = append(g.keys, g.pos.Key())
	g.judge()
	return nil
}

// PlayText plays a move in long algebraic form or in algebraic notation
// (see ParseSAN).
func (g *Game) PlayText(text string) error {
	if _, over := g.Outcome(); over {
		return ErrGameOver
	}
	m, err := ParseMove(&g.pos, text)
	if err != nil {
		var err2 error
		if m, err2 = ParseSAN(&g.pos, text); err2 != nil {
			return err
		}
	}
	return g.Play(m)
}

// Outcome reports the result if the game is over: by resignation,
// agreement or a successful claim, or by the rules as soon as a position
// ends the game:
//
//   - Position.Outcome: checkmate, stalemate, bare king, two bare Shahs —
//     reported as a CounterBare draw when the bared side has just taken
//     the opponent's last piece, as InsufficientMaterial otherwise;
//   - a bare king that no counter-bare can answer (BareKingWinner): right
//     after the baring move, not one ply later;
//   - a dead position (IsDead): a draw, DeadPosition.
func (g *Game) Outcome() (Outcome, bool) { return g.result, g.over }

// Repetitions returns how many times the current position (placement and
// side to move) has occurred in the game, this time included.
func (g *Game) Repetitions() int {
	cur := g.keys[len(g.keys)-1]
	n := 0
	// Only positions since the last capture or Baidaq move can repeat.
	for i := len(g.keys) - 1; i >= 0 && i >= len(g.keys)-1-g.pos.halfmove; i-- {
		if g.keys[i] == cur {
			n++
		}
	}
	return n
}

// CanClaimFiftyMoves reports whether each side has made 50 moves without
// a capture or a Baidaq move.
func (g *Game) CanClaimFiftyMoves() bool { return g.pos.halfmove >= 100 }

// CanClaimThreefold reports whether the current position has occurred
// three times.
func (g *Game) CanClaimThreefold() bool { return g.Repetitions() >= 3 }

// ClaimDraw ends the game as a draw by threefold repetition or the
// fifty-move rule, if either applies, and returns the outcome.
func (g *Game) ClaimDraw() (Outcome, error) {
	if o, over := g.Outcome(); over {
		return o, ErrGameOver
	}
	switch {
	case g.CanClaimThreefold():
		g.end(Outcome{Draw: true, Reason: ThreefoldRepetition})
	case g.CanClaimFiftyMoves():
		g.end(Outcome{Draw: true, Reason: FiftyMoves})
	default:
		return Outcome{}, ErrNoClaim
	}
	return g.result, nil
}

// OfferDraw records a draw offer by c, who must be on move: a player
// offers a draw on his own turn (then usually moves). The error wraps
// ErrNotYourTurn otherwise. The offer stands until the opponent accepts it
// or makes a move.
func (g *Game) OfferDraw(c Color) error {
	if _, over := g.Outcome(); over {
		return ErrGameOver
	}
	if c&1 != g.pos.turn {
		return fmt.Errorf("%w: %v may offer a draw only on its own turn", ErrNotYourTurn, c&1)
	}
	g.offered, g.offerer = true, c&1
	return nil
}

// DrawOffered reports whether a draw offer stands, and by whom.
func (g *Game) DrawOffered() (Color, bool) { return g.offerer, g.offered }

// AcceptDraw accepts, for c, the opponent's standing draw offer.
func (g *Game) AcceptDraw(c Color) error {
	if _, over := g.Outcome(); over {
		return ErrGameOver
	}
	if !g.offered || g.offerer == c&1 {
		return fmt.Errorf("%w: %v cannot accept", ErrNoOffer, c)
	}
	g.end(Outcome{Draw: true, Reason: Agreement})
	return nil
}

// Resign ends the game: c loses.
func (g *Game) Resign(c Color) error {
	if _, over := g.Outcome(); over {
		return ErrGameOver
	}
	g.end(Outcome{Winner: c.Other() & 1, Reason: Resignation})
	return nil
}

func (g *Game) end(o Outcome) {
	g.result, g.over, g.offered = o, true, false
}

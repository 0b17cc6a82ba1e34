package game

import (
	"errors"

	"github.com/baten-chess/baten/shatranj"
)

// shatranjPosition adapts shatranj.Position.
type shatranjPosition struct {
	p shatranj.Position
	// captured records that the move that led here was a capture: two bare
	// Shahs reached by a capture are a counter-bare draw.
	captured bool
}

func newShatranj(fen string) (Position, error) {
	if fen == "" {
		return shatranjPosition{p: shatranj.StartPosition()}, nil
	}
	p, err := shatranj.ParsePosition(fen)
	if err != nil {
		return nil, err
	}
	return shatranjPosition{p: p}, nil
}

// ShatranjPosition returns p as a Position.
func ShatranjPosition(p shatranj.Position) Position { return shatranjPosition{p: p} }

// Shatranj returns the shatranj position.
func (s shatranjPosition) Shatranj() shatranj.Position { return s.p }

func (s shatranjPosition) Variant() Variant { return Shatranj }
func (s shatranjPosition) Turn() Color      { return Color(s.p.Turn()) }
func (s shatranjPosition) FEN() string      { return s.p.FEN() }
func (s shatranjPosition) Key() uint64      { return s.p.Key() }

func (s shatranjPosition) Moves() []Move {
	var ml shatranj.MoveList
	s.p.LegalMoves(&ml)
	moves := make([]Move, ml.Len())
	for i, m := range ml.Slice() {
		moves[i] = Move{native: m, text: m.String()}
	}
	return moves
}

func (s shatranjPosition) Play(m Move) (Position, error) {
	sm, ok := m.native.(shatranj.Move)
	if !ok || !s.p.IsLegal(sm) {
		return nil, illegal(s, m)
	}
	before := s.p.Occupied().Count()
	next := s.p.Play(sm)
	return shatranjPosition{p: next, captured: next.Occupied().Count() < before}, nil
}

// ParseMove reads long algebraic ("e2e3") or SAN ("Fe3", "Rxd8+ BK").
func (s shatranjPosition) ParseMove(text string) (Move, error) {
	m, err := shatranj.ParseMove(&s.p, text)
	if err != nil {
		var sanErr error
		if m, sanErr = shatranj.ParseSAN(&s.p, text); sanErr != nil {
			// Long algebraic that is well formed but illegal says more
			// than a SAN syntax error about the same text.
			if !errors.Is(err, shatranj.ErrSyntax) {
				return Move{}, err
			}
			return Move{}, sanErr
		}
	}
	return Move{native: m, text: m.String()}, nil
}

func (s shatranjPosition) Notation(m Move) string {
	sm, _ := m.native.(shatranj.Move)
	return shatranj.SAN(&s.p, sm)
}

func (s shatranjPosition) Outcome() (Outcome, bool) {
	o, over := s.p.Outcome()
	if !over {
		// Decided although the bared side still has its move: no legal
		// move takes the opponent's last piece (see BareKingWinner).
		if w, bare := s.p.BareKingWinner(); bare {
			return Outcome{Winner: Color(w), Reason: BareKing}, true
		}
		if s.p.IsDead() {
			return Outcome{Draw: true, Reason: DeadPosition}, true
		}
		return Outcome{}, false
	}
	out := Outcome{Draw: o.Draw, Winner: Color(o.Winner)}
	switch o.Reason {
	case shatranj.Checkmate:
		out.Reason = Checkmate
	case shatranj.Stalemate:
		out.Reason = Stalemate
	case shatranj.BareKing:
		out.Reason = BareKing
	default: // two bare Shahs, the only draw Position.Outcome reports
		out.Reason = InsufficientMaterial
		if s.captured {
			out.Reason = CounterBare
		}
	}
	return out, true
}

func (s shatranjPosition) MoveRuleCount() int { return s.p.Halfmove() }

// CanWin is exact for small material (see shatranj.Position.CanWin) and
// true whenever unknown.
func (s shatranjPosition) CanWin(c Color) bool { return s.p.CanWin(shatranj.Color(c)) }

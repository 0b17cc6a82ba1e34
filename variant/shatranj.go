package variant

import (
	"context"
	"errors"
	"strconv"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/shatranj"
)

func shatranjGame() *Variant {
	return mustNew(Definition{
		Variant: Variant{
			Name: "shatranj", Title: "Shatranj", UCIName: "shatranj", PGNName: "Shatranj",
			Size:  geom.Chess,
			Rules: rules.Shatranj,
			Starts: []StartSet{
				{Name: "setup", Help: "standard (Shah on d1/d8) or alternative (Shah on e1/e8)",
					Get: func(v *Variant, member string) (Position, error) {
						switch member {
						case "standard", "":
							return v.Start(), nil
						case "alternative":
							return shatranjPosition{v: v, p: shatranj.AlternativePosition()}, nil
						}
						return nil, errors.New("want standard or alternative")
					}},
				{Name: "tabiya", Help: "number or name of a documented opening array (tabiya)",
					First: 1, Count: len(shatranj.Tabiyat),
					Get: func(v *Variant, member string) (Position, error) {
						var t shatranj.Tabiya
						var err error
						if n, convErr := strconv.Atoi(member); convErr == nil {
							t, err = shatranj.TabiyaByNumber(n)
						} else {
							t, err = shatranj.TabiyaByName(member)
						}
						if err != nil {
							return nil, err
						}
						return v.FromFEN(t.FEN)
					},
					Describe: func(member string) string {
						if n, err := strconv.Atoi(member); err == nil {
							if t, err := shatranj.TabiyaByNumber(n); err == nil {
								return "tabiya " + t.Name
							}
						}
						if t, err := shatranj.TabiyaByName(member); err == nil {
							return "tabiya " + t.Name
						}
						return "tabiya " + member
					}},
			},
		},
		Start: func(v *Variant) Position { return shatranjPosition{v: v, p: shatranj.StartPosition()} },
		FromFEN: func(v *Variant, fen string) (Position, error) {
			p, err := shatranj.ParsePosition(fen)
			if err != nil {
				return nil, err
			}
			return shatranjPosition{v: v, p: p}, nil
		},
	})
}

// shatranjPosition adapts shatranj.Position.
type shatranjPosition struct {
	v *Variant
	p shatranj.Position
	// captured records that the move that led here was a capture: two bare
	// Shahs reached by a capture are a counter-bare draw.
	captured bool
}

// Shatranj returns the shatranj position, for code that works with
// package shatranj directly.
func (s shatranjPosition) Shatranj() shatranj.Position { return s.p }

func (s shatranjPosition) Variant() *Variant { return s.v }
func (s shatranjPosition) Turn() Color       { return Color(s.p.Turn()) }
func (s shatranjPosition) FEN() string       { return s.p.FEN() }
func (s shatranjPosition) Key() uint64       { return s.p.Key() }
func (s shatranjPosition) InCheck() bool     { return s.p.InCheck() }

func (s shatranjPosition) Legal() []Action {
	var ml shatranj.MoveList
	s.p.LegalMoves(&ml)
	out := make([]Action, ml.Len())
	for i, m := range ml.Slice() {
		out[i] = Action{native: m, text: m.String()}
	}
	return out
}

func (s shatranjPosition) Play(a Action) (Position, error) {
	m, ok := a.native.(shatranj.Move)
	if !ok || !s.p.IsLegal(m) {
		return nil, illegal(s, a)
	}
	before := s.p.Occupied().Count()
	next := s.p.Play(m)
	return shatranjPosition{v: s.v, p: next, captured: next.Occupied().Count() < before}, nil
}

// Parse reads long algebraic ("e2e3") or SAN ("Fe3", "Rxd8+ BK").
func (s shatranjPosition) Parse(text string) (Action, error) {
	m, err := shatranj.ParseMove(&s.p, text)
	if err != nil {
		var sanErr error
		if m, sanErr = shatranj.ParseSAN(&s.p, text); sanErr != nil {
			// Long algebraic that is well formed but illegal says more
			// than a SAN syntax error about the same text.
			if !errors.Is(err, shatranj.ErrSyntax) {
				return Action{}, err
			}
			return Action{}, sanErr
		}
	}
	return Action{native: m, text: m.String()}, nil
}

func (s shatranjPosition) Format(a Action, n Notation) string {
	m, _ := a.native.(shatranj.Move)
	if n == Machine {
		return m.String()
	}
	return shatranj.SAN(&s.p, m)
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

func (s shatranjPosition) Perft(ctx context.Context, depth, threads int) (uint64, error) {
	return s.p.PerftParallel(ctx, depth, max(threads, 1))
}

func (s shatranjPosition) Divide(ctx context.Context, depth, threads int) ([]Division, error) {
	var ml shatranj.MoveList
	s.p.LegalMoves(&ml)
	moves := ml.Slice()
	return DivideParallel(ctx, len(moves), threads, func(i int) Division {
		next := s.p.Play(moves[i])
		n, _ := next.PerftParallel(ctx, depth-1, 1) // DivideParallel reports ctx's end
		return Division{moves[i].String(), n}
	})
}

package variant

import (
	"context"
	"errors"
	"strings"

	"github.com/baten-chess/baten/banchess"
	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/geom"
)

func banChessGame() *Variant {
	return mustNew(Definition{
		Variant: Variant{
			Name: "banchess", Title: "Ban-Chess", UCIName: "banchess", PGNName: "Ban Chess",
			Aliases:       []string{"ban"},
			Bans:          true,
			Size:          geom.Chess,
			AutomaticEnds: true,
		},
		Start:   func(v *Variant) Position { return banChessPosition{v: v, p: banchess.Startpos()} },
		FromFEN: banChessFromFEN,
	})
}

// banChessFromFEN reads extended FEN; a plain six-field chess FEN, as UCI
// GUIs send, is the ban phase before the side to move's move (the other
// side bans first).
func banChessFromFEN(v *Variant, fen string) (Position, error) {
	p, err := banchess.ParseFEN(fen)
	if errors.Is(err, banchess.ErrMissingPly) {
		s, chessErr := chess.ParseFEN(fen)
		if chessErr != nil {
			return nil, err
		}
		cp, chessErr := chess.NewPosition(s)
		if chessErr != nil {
			return nil, chessErr
		}
		p, err = banchess.NewPosition(cp)
	}
	if err != nil {
		return nil, err
	}
	return banChessPosition{v: v, p: p}, nil
}

// banChessPosition adapts banchess.Position: its actions are bans and
// moves alternating.
type banChessPosition struct {
	v *Variant
	p banchess.Position
}

// BanChess returns the Ban-Chess position, for code that works with
// package banchess directly.
func (b banChessPosition) BanChess() banchess.Position { return b.p }

func (b banChessPosition) Variant() *Variant { return b.v }
func (b banChessPosition) Turn() Color       { return b.p.Actor() }
func (b banChessPosition) FEN() string       { return b.p.FEN() }
func (b banChessPosition) Key() uint64       { return b.p.Key() }
func (b banChessPosition) InCheck() bool     { return b.p.InCheck() }

func (b banChessPosition) Legal() []Action {
	var l banchess.ActionList
	b.p.LegalActions(&l)
	out := make([]Action, l.Len())
	for i, a := range l.Slice() {
		out[i] = Action{native: a, text: a.String()}
	}
	return out
}

func (b banChessPosition) Play(a Action) (Position, error) {
	ba, ok := a.native.(banchess.Action)
	if !ok {
		return nil, illegal(b, a)
	}
	if err := b.p.Play(ba); err != nil { // b is a copy
		return nil, illegal(b, a)
	}
	return b, nil
}

// Parse reads "b:e2e4" (a ban), "m:e2e4" or SAN (a move), and a bare
// from-to pair as UCI sends it ("e2e4", "e7e8q"): a ban in a ban phase, a
// move in a move phase.
func (b banChessPosition) Parse(text string) (Action, error) {
	if t := strings.TrimSpace(text); isSquarePair(t) {
		if b.p.Phase() == banchess.BanPhase {
			text = "b:" + t
		} else {
			text = "m:" + t
		}
	}
	a, err := b.p.ParseAction(text)
	if err != nil {
		return Action{}, err
	}
	return Action{native: a, text: a.String()}, nil
}

// isSquarePair reports text of the form e2e4 or e7e8q.
func isSquarePair(t string) bool {
	sq := func(i int) bool { return t[i] >= 'a' && t[i] <= 'h' && t[i+1] >= '1' && t[i+1] <= '8' }
	return (len(t) == 4 || len(t) == 5) && sq(0) && sq(2)
}

func (b banChessPosition) Format(a Action, n Notation) string {
	ba, _ := a.native.(banchess.Action)
	if n == Machine {
		return ba.String()
	}
	return b.p.ActionText(ba)
}

func (b banChessPosition) Outcome() (Outcome, bool) {
	o, over := b.p.Outcome()
	if !over {
		return Outcome{}, false
	}
	out := Outcome{Draw: !o.Decisive, Winner: o.Winner, Reason: InsufficientMaterial}
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
	return q.ByColor(c)&^q.Pieces(c, chess.King) != 0
}

func (b banChessPosition) Perft(ctx context.Context, depth, threads int) (uint64, error) {
	return b.p.PerftParallel(ctx, depth, max(threads, 1))
}

func (b banChessPosition) Divide(ctx context.Context, depth, threads int) ([]Division, error) {
	var l banchess.ActionList
	b.p.LegalActions(&l)
	actions := l.Slice()
	return DivideParallel(ctx, len(actions), threads, func(i int) Division {
		next := b.p
		_ = next.Play(actions[i])                   // a legal action of b.p: Play cannot fail
		n, _ := next.PerftParallel(ctx, depth-1, 1) // DivideParallel reports ctx's end
		return Division{b.p.ActionText(actions[i]), n}
	})
}

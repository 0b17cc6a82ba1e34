package engine

import (
	"fmt"

	"github.com/baten-chess/baten/banchess"
	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/draughts"
	"github.com/baten-chess/baten/shatranj"
)

// referee runs a game by the variant package's own rules (not the
// engine's adapters): legal actions in engine notation, playing them, and
// the result, with draws that must be claimed (repetition, move-count
// rules) claimed at once.
type referee interface {
	start() (fen string, chess960 bool)
	legal() []string
	captures() []string // the capturing actions (longest captures in draughts)
	play(text string) error
	actor() int                      // 0 the first player, 1 the second
	result() (winner int, over bool) // winner -1: a draw
}

// chessRef: chess and Chess960.
type chessRef struct {
	fen      string
	chess960 bool
	pos      chess.Position
	keys     map[uint64]int
}

func newChessRef(p chess.Position, chess960 bool) *chessRef {
	r := &chessRef{fen: p.FEN(chess.CastlingShredder), chess960: chess960, pos: p, keys: map[uint64]int{}}
	r.keys[p.Key()]++
	return r
}

func (r *chessRef) start() (string, bool) { return r.fen, r.chess960 }

func (r *chessRef) legal() []string {
	var ml chess.MoveList
	r.pos.LegalMoves(&ml)
	out := make([]string, ml.Len())
	for i, m := range ml.Slice() {
		out[i] = m.UCI(r.chess960)
	}
	return out
}

func (r *chessRef) captures() []string {
	var ml chess.MoveList
	r.pos.LegalMoves(&ml)
	var out []string
	for _, m := range ml.Slice() {
		if m.IsEnPassant() || (!m.IsCastling() && r.pos.PieceAt(m.To()) != chess.NoPiece) {
			out = append(out, m.UCI(r.chess960))
		}
	}
	return out
}

func (r *chessRef) play(t string) error {
	m, err := r.pos.ParseUCI(t)
	if err != nil {
		return err
	}
	r.pos.Play(m)
	r.keys[r.pos.Key()]++
	return nil
}

func (r *chessRef) actor() int { return int(r.pos.Turn()) }

func (r *chessRef) result() (int, bool) {
	var ml chess.MoveList
	r.pos.LegalMoves(&ml)
	switch {
	case ml.Len() == 0 && r.pos.InCheck():
		return int(r.pos.Turn().Other()), true
	case ml.Len() == 0, r.keys[r.pos.Key()] >= 3, r.pos.Halfmove() >= 100, r.pos.IsInsufficientMaterial():
		return -1, true
	}
	return 0, false
}

// shatranjRef uses shatranj.Game.
type shatranjRef struct{ g *shatranj.Game }

func (r *shatranjRef) start() (string, bool) {
	p := r.g.Start()
	return p.FENLetters(shatranj.FSF), false
}

func (r *shatranjRef) legal() []string {
	p := r.g.Position()
	var ml shatranj.MoveList
	p.LegalMoves(&ml)
	out := make([]string, ml.Len())
	for i, m := range ml.Slice() {
		out[i] = m.String()
	}
	return out
}

func (r *shatranjRef) captures() []string {
	p := r.g.Position()
	var ml shatranj.MoveList
	p.LegalMoves(&ml)
	var out []string
	for _, m := range ml.Slice() {
		if p.PieceAt(m.To()) != shatranj.NoPiece {
			out = append(out, m.String())
		}
	}
	return out
}

func (r *shatranjRef) play(t string) error { return r.g.PlayText(t) }
func (r *shatranjRef) actor() int {
	p := r.g.Position()
	return int(p.Turn())
}

func (r *shatranjRef) result() (int, bool) {
	if r.g.CanClaimThreefold() || r.g.CanClaimFiftyMoves() {
		return -1, true
	}
	o, over := r.g.Outcome()
	if !over {
		return 0, false
	}
	if o.Draw {
		return -1, true
	}
	return int(o.Winner), true
}

// draughtsRef uses draughts.Game; the first player (Black) is 0.
type draughtsRef struct{ g *draughts.Game }

func (r *draughtsRef) start() (string, bool) { return r.g.Start().FEN(), false }

func (r *draughtsRef) legal() []string {
	var ml draughts.MoveList
	r.g.Position().LegalMoves(&ml)
	out := make([]string, ml.Len())
	for i, m := range ml.Slice() {
		out[i] = m.String()
	}
	return out
}

func (r *draughtsRef) captures() []string {
	var ml draughts.MoveList
	r.g.Position().LegalMoves(&ml)
	most := 1
	for _, m := range ml.Slice() {
		most = max(most, m.Jumps())
	}
	var out []string
	for _, m := range ml.Slice() {
		if m.Jumps() == most {
			out = append(out, m.String())
		}
	}
	return out
}

func (r *draughtsRef) play(t string) error { return r.g.PlayText(t) }
func (r *draughtsRef) actor() int          { return int(r.g.Position().Turn()) }

func (r *draughtsRef) result() (int, bool) {
	if _, ok := r.g.DrawClaim(); ok {
		return -1, true
	}
	o, over := r.g.Outcome()
	if !over {
		return 0, false
	}
	if o.Draw {
		return -1, true
	}
	return int(o.Winner), true
}

// banRef uses banchess.Game; actions in engine notation are plain UCI
// pairs (a ban in a ban ply).
type banRef struct{ g *banchess.Game }

func (r *banRef) start() (string, bool) {
	p := r.g.Start()
	return p.FEN(), false
}

func (r *banRef) actions() []banchess.Action {
	p := r.g.Position()
	var l banchess.ActionList
	p.LegalActions(&l)
	return append([]banchess.Action(nil), l.Slice()...)
}

func actionUCI(a banchess.Action) string {
	if a.IsBan() {
		return a.Ban().String()
	}
	return a.Move().UCI(false)
}

func (r *banRef) legal() []string {
	var out []string
	for _, a := range r.actions() {
		out = append(out, actionUCI(a))
	}
	return out
}

func (r *banRef) captures() []string {
	p := r.g.Position()
	cp := p.Chess()
	var out []string
	for _, a := range r.actions() {
		if !a.IsBan() && (a.Move().IsEnPassant() || (!a.Move().IsCastling() && cp.PieceAt(a.Move().To()) != chess.NoPiece)) {
			out = append(out, actionUCI(a))
		}
	}
	return out
}

func (r *banRef) play(t string) error {
	p := r.g.Position()
	prefix := "m:"
	if p.Phase() == banchess.BanPhase {
		prefix = "b:"
	}
	return r.g.PlayText(prefix + t)
}

func (r *banRef) actor() int {
	p := r.g.Position()
	return int(p.Actor())
}

func (r *banRef) result() (int, bool) {
	if r.g.CanClaimThreefold() || r.g.CanClaimFiftyMoves() {
		return -1, true
	}
	o, over := r.g.Outcome()
	if !over {
		p := r.g.Position()
		if o, over = p.Outcome(); !over {
			return 0, false
		}
	}
	if !o.Decisive {
		return -1, true
	}
	return int(o.Winner), true
}

var _ = fmt.Sprint

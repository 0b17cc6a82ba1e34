package engine

import (
	"github.com/baten-chess/baten/banchess"
	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/shatranj"
)

// The brute-force solvers below decide "the side to act wins within n
// plies" by plain minimax over the variant packages' own rules (legal move
// lists and Outcome), sharing no code with the engine's search, its
// adapters or its evaluation. They verify the known solutions of the test
// positions and every move the engine proposes.

// bf is a game for the brute-force solver.
type bf[P any] struct {
	next   func(P) []P
	actor  func(P) int
	result func(P) (winner int, over bool) // winner -1: a draw
}

// winsWithin reports whether player root wins from p within plies plies
// whatever the other side does.
func winsWithin[P any](g bf[P], p P, root, plies int) bool {
	if w, over := g.result(p); over {
		return w == root
	}
	if plies == 0 {
		return false
	}
	kids := g.next(p)
	if g.actor(p) == root {
		for _, k := range kids {
			if winsWithin(g, k, root, plies-1) {
				return true
			}
		}
		return false
	}
	for _, k := range kids {
		if !winsWithin(g, k, root, plies-1) {
			return false
		}
	}
	return true
}

var bfChess = bf[chess.Position]{
	next: func(p chess.Position) []chess.Position {
		var ml chess.MoveList
		p.LegalMoves(&ml)
		out := make([]chess.Position, 0, ml.Len())
		for _, m := range ml.Slice() {
			q := p
			q.Play(m)
			out = append(out, q)
		}
		return out
	},
	actor: func(p chess.Position) int { return int(p.Turn()) },
	result: func(p chess.Position) (int, bool) {
		var ml chess.MoveList
		p.LegalMoves(&ml)
		if ml.Len() > 0 {
			return 0, false
		}
		if p.InCheck() {
			return int(p.Turn().Other()), true
		}
		return -1, true
	},
}

var bfShatranj = bf[shatranj.Position]{
	next: func(p shatranj.Position) []shatranj.Position {
		var ml shatranj.MoveList
		p.LegalMoves(&ml)
		out := make([]shatranj.Position, 0, ml.Len())
		for _, m := range ml.Slice() {
			out = append(out, p.Play(m))
		}
		return out
	},
	actor: func(p shatranj.Position) int { return int(p.Turn()) },
	result: func(p shatranj.Position) (int, bool) {
		o, over := p.Outcome()
		if !over {
			return 0, false
		}
		if o.Draw {
			return -1, true
		}
		return int(o.Winner), true
	},
}

var bfBan = bf[banchess.Position]{
	next: func(p banchess.Position) []banchess.Position {
		var l banchess.ActionList
		p.LegalActions(&l)
		out := make([]banchess.Position, 0, l.Len())
		for _, a := range l.Slice() {
			q := p
			if err := q.Play(a); err != nil {
				panic(err)
			}
			out = append(out, q)
		}
		return out
	},
	actor: func(p banchess.Position) int { return int(p.Actor()) },
	result: func(p banchess.Position) (int, bool) {
		o, over := p.Outcome()
		if !over {
			return 0, false
		}
		if !o.Decisive {
			return -1, true
		}
		return int(o.Winner), true
	},
}

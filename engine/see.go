package engine

import (
	"github.com/baten-chess/baten/chess"
	bb "github.com/baten-chess/baten/internal/bitboard"
	"github.com/baten-chess/baten/shatranj"
)

// swap resolves an exchange on one square: first is what the first
// capture takes, onSquare the value of the man that made it; next takes
// back with the least valuable man of the side to recapture and returns
// its value, or false when that side has none that may take. Each side
// goes on only while it pays; the result is what the first capture wins.
func swap(first, onSquare int, next func() (int, bool)) int {
	var gain [32]int
	gain[0] = first
	d := 1
	for ; d < len(gain); d++ {
		v, ok := next()
		if !ok {
			break
		}
		gain[d] = onSquare - gain[d-1]
		if max(-gain[d-1], gain[d]) < 0 {
			break // neither side gains by going on
		}
		onSquare = v
	}
	for d--; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}

// see is the static exchange evaluation of m: the material the side to
// move wins (negative: loses) when both sides then capture on its
// destination with their least valuable man while it pays, sliders behind
// the exchange joining in. A quiet move wins nothing and may lose the man
// moved; castling is 0. Pins and checks are not considered.
func see(p *chess.Position, m chess.Move) int {
	if m.IsCastling() {
		return 0
	}
	to, from := m.To(), m.From()
	first := chessValue[p.PieceAt(to).Role()]
	occ := p.Occupied() &^ from.Bit()
	if m.IsEnPassant() {
		first = chessValue[chess.Pawn]
		occ &^= bb.NewSquare(to.File(), from.Rank()).Bit()
	}
	onSquare := chessValue[p.PieceAt(from).Role()]
	if pr := m.Promotion(); pr != chess.NoRole {
		first += chessValue[pr] - chessValue[chess.Pawn]
		onSquare = chessValue[pr]
	}
	side := p.Turn().Other()
	return swap(first, onSquare, func() (int, bool) {
		mine := p.AttackersTo(to, side, occ) & occ
		if mine == 0 {
			return 0, false
		}
		r := chess.Pawn
		for mine&p.Pieces(side, r) == 0 {
			r++
		}
		if r == chess.King && p.AttackersTo(to, side.Other(), occ)&occ != 0 {
			return 0, false // the king cannot take into a guarded square
		}
		occ &^= (mine & p.Pieces(side, r)).LSB().Bit()
		side = side.Other()
		return chessValue[r], true
	})
}

// shatranjSEE is see for shatranj, by shatranj.EvalValue: a Baidaq that
// reaches the last rank becomes a Ferz, and only the Rukh slides, so only
// a Rukh joins from behind. The Shah takes only on an unguarded square.
func shatranjSEE(p *shatranj.Position, m shatranj.Move) int {
	to, from := m.To(), m.From()
	first := 0
	if v := p.PieceAt(to); v != shatranj.NoPiece {
		first = shatranj.EvalValue[v.Type()]
	}
	mover := p.PieceAt(from).Type()
	onSquare := shatranj.EvalValue[mover]
	if mover == shatranj.Baidaq && (to.Rank() == 0 || to.Rank() == 7) {
		first += shatranj.EvalValue[shatranj.Ferz] - shatranj.EvalValue[shatranj.Baidaq]
		onSquare = shatranj.EvalValue[shatranj.Ferz]
	}
	occ := p.Occupied() &^ from.Bit()
	side := p.Turn().Other()
	return swap(first, onSquare, func() (int, bool) {
		attackers := p.AttackersTo(to, occ)
		mine := attackers & p.ByColor(side)
		if mine == 0 {
			return 0, false
		}
		var ty shatranj.PieceType
		for _, ty = range seeOrder {
			if mine&p.Pieces(side, ty) != 0 {
				break
			}
		}
		if ty == shatranj.Shah && attackers&p.ByColor(side.Other()) != 0 {
			return 0, false // the Shah cannot take into a guarded square
		}
		occ &^= (mine & p.Pieces(side, ty)).LSB().Bit()
		side = side.Other()
		return shatranj.EvalValue[ty], true
	})
}

// seeOrder is shatranj's men from the least valuable (by EvalValue).
var seeOrder = [...]shatranj.PieceType{shatranj.Baidaq, shatranj.Alfil, shatranj.Ferz, shatranj.Faras, shatranj.Rukh, shatranj.Shah}

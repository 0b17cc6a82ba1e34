package engine

import (
	"github.com/baten-chess/baten/chess"
	bb "github.com/baten-chess/baten/internal/bitboard"
	"github.com/baten-chess/baten/shatranj"
)

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
	var gain [32]int
	if m.IsEnPassant() {
		gain[0] = chessValue[chess.Pawn]
	} else {
		gain[0] = chessValue[p.PieceAt(to).Role()]
	}
	occ := p.Occupied() &^ from.Bit()
	if m.IsEnPassant() {
		occ &^= bb.NewSquare(to.File(), from.Rank()).Bit()
	}
	onSquare := chessValue[p.PieceAt(from).Role()]
	if pr := m.Promotion(); pr != chess.NoRole {
		gain[0] += chessValue[pr] - chessValue[chess.Pawn]
		onSquare = chessValue[pr]
	}
	side := p.Turn().Other()
	d := 0
	for {
		d++
		mine := p.AttackersTo(to, side, occ) & occ
		if mine == 0 || d >= len(gain) {
			break
		}
		// The least valuable attacker of the side to recapture.
		var r chess.Role
		var sq bb.Square
		for r = chess.Pawn; r <= chess.King; r++ {
			if b := mine & p.Pieces(side, r); b != 0 {
				sq = b.LSB()
				break
			}
		}
		gain[d] = onSquare - gain[d-1]
		if max(-gain[d-1], gain[d]) < 0 {
			break // neither side gains by going on
		}
		if r == chess.King && p.AttackersTo(to, side.Other(), occ)&occ != 0 {
			break // the king cannot take into a guarded square
		}
		onSquare = chessValue[r]
		occ &^= sq.Bit()
		side = side.Other()
	}
	for d--; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}

// shatranjSEE is see for shatranj, by shatranj.EvalValue: a Baidaq that
// reaches the last rank becomes a Ferz, and only the Rukh slides, so only
// a Rukh joins from behind. The Shah takes only on an unguarded square.
func shatranjSEE(p *shatranj.Position, m shatranj.Move) int {
	to, from := m.To(), m.From()
	var gain [32]int
	if v := p.PieceAt(to); v != shatranj.NoPiece {
		gain[0] = shatranj.EvalValue[v.Type()]
	}
	mover := p.PieceAt(from).Type()
	onSquare := shatranj.EvalValue[mover]
	if mover == shatranj.Baidaq && (to.Rank() == 0 || to.Rank() == 7) {
		gain[0] += shatranj.EvalValue[shatranj.Ferz] - shatranj.EvalValue[shatranj.Baidaq]
		onSquare = shatranj.EvalValue[shatranj.Ferz]
	}
	occ := p.Occupied() &^ from.Bit()
	side := p.Turn().Other()
	d := 0
	for {
		d++
		attackers := p.AttackersTo(to, occ)
		mine := attackers & p.ByColor(side)
		if mine == 0 || d >= len(gain) {
			break
		}
		var ty shatranj.PieceType
		var sq bb.Square
		for _, ty = range seeOrder {
			if b := mine & p.Pieces(side, ty); b != 0 {
				sq = b.LSB()
				break
			}
		}
		gain[d] = onSquare - gain[d-1]
		if max(-gain[d-1], gain[d]) < 0 {
			break // neither side gains by going on
		}
		if ty == shatranj.Shah && attackers&p.ByColor(side.Other()) != 0 {
			break // the Shah cannot take into a guarded square
		}
		onSquare = shatranj.EvalValue[ty]
		occ &^= sq.Bit()
		side = side.Other()
	}
	for d--; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}

// seeOrder is shatranj's men from the least valuable (by EvalValue).
var seeOrder = [...]shatranj.PieceType{shatranj.Baidaq, shatranj.Alfil, shatranj.Ferz, shatranj.Faras, shatranj.Rukh, shatranj.Shah}

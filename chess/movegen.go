package chess

import bb "github.com/baten-chess/baten/internal/bitboard"

// LegalMoves replaces the contents of ml with the legal moves of p.
//
// Generation is strictly legal, not generate-and-test: the king avoids
// attacked squares, pinned pieces stay on their pin line, and in check the
// other pieces may only capture the checker or block its ray.
func (p *Position) LegalMoves(ml *MoveList) {
	ml.n = p.generate(&ml.moves)
}

// countLegal returns the number of legal moves without writing them down:
// perft's bulk count of the last ply.
func (p *Position) countLegal() int { return p.generate(nil) }

// generate writes the legal moves to buf and returns their number; with a
// nil buf it only counts them (one generator serves both, so the count
// cannot drift from the list). The count lives in a register while
// generating; keeping it in the MoveList would chain every store through
// memory.
func (p *Position) generate(buf *[maxMoves]Move) int {
	n := 0
	us, them := p.turn&1, (p.turn&1)^1
	own, their := p.byColor[us], p.byColor[them]
	occ := own | their
	ksq := (p.byRole[King] & own).LSB()

	// Checkers and pins in one pass over the enemy sliders that see the
	// king on an empty board: with nothing between, a slider checks; with
	// exactly one of our pieces between, that piece is pinned.
	checkers := (bb.KnightAttacks(ksq)&p.byRole[Knight] | bb.PawnAttacks(int(us), ksq)&p.byRole[Pawn]) & their
	var pinned Bitboard
	snipers := (bb.RookRays(ksq)&(p.byRole[Rook]|p.byRole[Queen]) |
		bb.BishopRays(ksq)&(p.byRole[Bishop]|p.byRole[Queen])) & their
	for snipers != 0 {
		s := snipers.PopLSB()
		switch b := bb.Between(ksq, s) & occ; {
		case b == 0:
			checkers |= s.Bit()
		case b&their == 0 && !b.MoreThanOne():
			pinned |= b
		}
	}

	for t := bb.KingAttacks(ksq) &^ own; t != 0; {
		to := t.PopLSB()
		if !p.attacked(to, them, occ^ksq.Bit()) {
			n = add(buf, n, newMove(ksq, to, kindNormal))
		}
	}
	if checkers.MoreThanOne() {
		return n
	}
	target := ^own
	if checkers != 0 {
		target = bb.Between(ksq, checkers.LSB()) | checkers
	} else if p.castling&own != 0 {
		n = p.genCastling(buf, n, ksq, occ)
	}

	for x := p.byRole[Knight] & own &^ pinned; x != 0; {
		from := x.PopLSB()
		n = addMoves(buf, n, from, bb.KnightAttacks(from)&target)
	}
	diag := (p.byRole[Bishop] | p.byRole[Queen]) & own
	for x := diag &^ pinned; x != 0; {
		from := x.PopLSB()
		n = addMoves(buf, n, from, bb.BishopAttacks(from, occ)&target)
	}
	for x := diag & pinned; x != 0; {
		from := x.PopLSB()
		n = addMoves(buf, n, from, bb.BishopAttacks(from, occ)&target&bb.Line(ksq, from))
	}
	orth := (p.byRole[Rook] | p.byRole[Queen]) & own
	for x := orth &^ pinned; x != 0; {
		from := x.PopLSB()
		n = addMoves(buf, n, from, bb.RookAttacks(from, occ)&target)
	}
	for x := orth & pinned; x != 0; {
		from := x.PopLSB()
		n = addMoves(buf, n, from, bb.RookAttacks(from, occ)&target&bb.Line(ksq, from))
	}
	return p.genPawns(buf, n, ksq, target, pinned)
}

// add appends m (when buf is not nil) and returns the new count.
func add(buf *[maxMoves]Move, n int, m Move) int {
	if buf != nil {
		buf[n] = m
	}
	return n + 1
}

func addMoves(buf *[maxMoves]Move, n int, from Square, to Bitboard) int {
	if buf == nil {
		return n + to.Count()
	}
	for to != 0 {
		n = add(buf, n, newMove(from, to.PopLSB(), kindNormal))
	}
	return n
}

// addPawnMoves adds a move to each square of to, from the square back steps
// behind it (uint8 arithmetic, so a backward step for Black wraps around).
func addPawnMoves(buf *[maxMoves]Move, n int, to Bitboard, back Square, kind uint16) int {
	if buf == nil {
		return n + to.Count()
	}
	for to != 0 {
		t := to.PopLSB()
		n = add(buf, n, newMove(t-back, t, kind))
	}
	return n
}

func addPromotions(buf *[maxMoves]Move, n int, to Bitboard, back Square) int {
	if buf == nil {
		return n + 4*to.Count()
	}
	for to != 0 {
		t := to.PopLSB()
		n = addPromotion(buf, n, t-back, t)
	}
	return n
}

// addPromotion adds the four promotions, queen first (the likely best).
func addPromotion(buf *[maxMoves]Move, n int, from, to Square) int {
	if buf == nil {
		return n + 4
	}
	for k := uint16(3); k < 4; k-- {
		n = add(buf, n, newMove(from, to, kindPromo|k))
	}
	return n
}

// attacked reports whether a piece of colour c attacks s with occupancy occ.
// Empty-board rays screen out most slider lookups.
func (p *Position) attacked(s Square, c Color, occ Bitboard) bool {
	them := p.byColor[c]
	diag := (p.byRole[Bishop] | p.byRole[Queen]) & them
	orth := (p.byRole[Rook] | p.byRole[Queen]) & them
	return bb.KnightAttacks(s)&p.byRole[Knight]&them != 0 ||
		bb.PawnAttacks(int(c^1), s)&p.byRole[Pawn]&them != 0 ||
		bb.KingAttacks(s)&p.byRole[King]&them != 0 ||
		bb.BishopRays(s)&diag != 0 && bb.BishopAttacks(s, occ)&diag != 0 ||
		bb.RookRays(s)&orth != 0 && bb.RookAttacks(s, occ)&orth != 0
}

func (p *Position) genPawns(buf *[maxMoves]Move, n int, ksq Square, target, pinned Bitboard) int {
	us := p.turn & 1
	occ := p.Occupied()
	opp := p.byColor[us^1]
	pawns := p.byRole[Pawn] & p.byColor[us]
	free := pawns &^ pinned
	// A pawn pinned along the king's file can still push.
	pushers := free | pawns&pinned&bb.FileMask(ksq.File())
	var push1, push2, capW, capE, last Bitboard
	var bPush, bW, bE Square
	if us == White {
		push1 = pushers << 8 &^ occ
		push2 = (push1 & bb.Rank3) << 8 &^ occ
		capW = (free &^ bb.FileA) << 7 & opp
		capE = (free &^ bb.FileH) << 9 & opp
		bPush, bW, bE, last = 8, 7, 9, bb.Rank8
	} else {
		push1 = pushers >> 8 &^ occ
		push2 = (push1 & bb.Rank6) >> 8 &^ occ
		capW = (free &^ bb.FileA) >> 9 & opp
		capE = (free &^ bb.FileH) >> 7 & opp
		bPush, bW, bE, last = 256-8, 256-9, 256-7, bb.Rank1
	}
	push1 &= target
	capW &= target
	capE &= target
	n = addPawnMoves(buf, n, push1&^last, bPush, kindNormal)
	n = addPawnMoves(buf, n, push2&target, 2*bPush, kindDouble)
	n = addPawnMoves(buf, n, capW&^last, bW, kindNormal)
	n = addPawnMoves(buf, n, capE&^last, bE, kindNormal)
	if (push1|capW|capE)&last != 0 {
		n = addPromotions(buf, n, push1&last, bPush)
		n = addPromotions(buf, n, capW&last, bW)
		n = addPromotions(buf, n, capE&last, bE)
	}
	// A pawn pinned on a diagonal may capture along it; pinned on the king's
	// rank it cannot move, which the line mask gives for free.
	for x := pawns & pinned &^ bb.FileMask(ksq.File()); x != 0; {
		from := x.PopLSB()
		for t := bb.PawnAttacks(int(us), from) & opp & target & bb.Line(ksq, from); t != 0; {
			to := t.PopLSB()
			if last.Has(to) {
				n = addPromotion(buf, n, from, to)
			} else {
				n = add(buf, n, newMove(from, to, kindNormal))
			}
		}
	}
	if p.ep != NoSquare {
		for x := bb.PawnAttacks(int(us^1), p.ep) & pawns; x != 0; {
			from := x.PopLSB()
			if p.epLegal(from, ksq) {
				n = add(buf, n, newMove(from, p.ep, kindEnPassant))
			}
		}
	}
	return n
}

// epLegal reports whether the pawn on from may capture en passant: it plays
// the capture on an occupancy copy, which covers pins along the rank where
// both pawns vanish, and checks by the double-pushed pawn.
func (p *Position) epLegal(from, ksq Square) bool {
	captured := p.ep ^ 8 // the pushed pawn: one rank behind the ep square
	occ := p.Occupied() ^ from.Bit() ^ captured.Bit() | p.ep.Bit()
	return p.attackersTo(ksq, p.turn^1, occ)&^captured.Bit() == 0
}

// genCastling adds the castling moves of the side to move, not in check.
// Squares are tested with the king and castling rook lifted off the board:
// neither blocks the other, and a rook that shielded the king's destination
// along the back rank no longer does once it has moved.
func (p *Position) genCastling(buf *[maxMoves]Move, n int, ksq Square, occ Bitboard) int {
	them := p.turn ^ 1
	for rooks := p.castling & p.byColor[p.turn]; rooks != 0; {
		rsq := rooks.PopLSB()
		kto, rto := castlingKingTo(ksq, rsq), castlingRookTo(ksq, rsq)
		lifted := occ &^ (ksq.Bit() | rsq.Bit())
		kingPath := bb.Between(ksq, kto) | kto.Bit()
		if (kingPath|bb.Between(rsq, rto)|rto.Bit())&lifted != 0 {
			continue
		}
		safe := true
		for x := kingPath; x != 0 && safe; {
			safe = !p.attacked(x.PopLSB(), them, lifted)
		}
		if safe {
			n = add(buf, n, newMove(ksq, rsq, kindCastle))
		}
	}
	return n
}

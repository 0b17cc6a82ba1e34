package chess

import (
	"sync/atomic"

	bb "github.com/baten-chess/baten/internal/bitboard"
)

// Family is a set of end and move rules beside chess's that the bitboard
// generator counts in perft (FamilyPerft): the rules of the chess
// variants of issue #45 that keep chess's pieces and board (king of the
// hill, three-check, racing kings, horde, atomic). The zero Family is
// chess.
//
// A side without a king (horde's White) is never in check: every move
// its pieces can make is legal, and it may always take en passant.
type Family struct {
	// Goal, by colour, is the squares on which a side's king wins (king
	// of the hill's centre, racing kings' eighth rank): the game is over
	// once the king of the side that has just moved stands on its goal.
	Goal [2]Bitboard
	// GoalAnswer changes Goal as racing kings does (Fairy-Stockfish's
	// flagMove): a king on its goal wins also with its side to move, and
	// when White's king arrives, Black, not in check, moves once more if
	// its king can reach its goal; Black's arrival then draws.
	GoalAnswer bool
	// CheckCounting: each side has checks to give (the count passed to
	// FamilyPerft); the side whose opponent has none left has lost.
	CheckCounting bool
	// NoChecking: no move may attack the enemy king (racing kings).
	NoChecking bool
	// Extinction: a side with no piece left has lost (horde's White).
	Extinction bool
	// FirstRankDoubleSteps: White's pawns on the first rank step two
	// squares too, and such a step is never taken en passant (horde).
	FirstRankDoubleSteps bool
	// Atomic: a capture explodes the capturer and every piece but pawns
	// on the squares around the capture square. The king is not royal
	// but guarded: a side whose king is gone has lost, and a move may not
	// explode its own king nor leave it attacked, unless it explodes the
	// enemy king; a king beside the enemy king is not attacked. With
	// Atomic the other rules are off.
	Atomic bool
}

// NewFamilyPosition returns the position of board, turn, castling rooks,
// en passant square (NoSquare for none) and counters, without
// NewPosition's checks: it is for the rules of a Family, which allow
// what chess does not (a side without a king, horde's pawns on the first
// rank). The caller vouches that the position is one of its rules: at
// most one king a side, castling rooks on their king's back rank, an en
// passant square on the third or sixth rank behind a pawn that has just
// stepped two squares, and no more moves than a MoveList holds.
func NewFamilyPosition(board *[64]Piece, turn Color, castling Bitboard, ep Square, halfmove, fullmove int) Position {
	var p Position
	for sq, pc := range board {
		if pc != NoPiece {
			p.put(Square(sq), pc)
		}
	}
	p.turn, p.castling, p.ep, p.halfmove, p.fullmove = turn&1, castling, ep, halfmove, fullmove
	p.key = p.computeKey()
	return p
}

// FamilyPerft counts the leaf nodes of the legal-move tree of depth plies
// from p under the rules f, with checks the checks each side still has to
// give (CheckCounting), by colour. It gives up, returning a partial count,
// once stop (if not nil) is set. It allocates once (its stack of
// positions), never per node.
func (f *Family) FamilyPerft(p *Position, checks [2]int, depth int, stop *atomic.Bool) uint64 {
	if depth <= 0 {
		return 1
	}
	c := [2]uint8{uint8(min(max(checks[0], 0), 255)), uint8(min(max(checks[1], 0), 255))}
	return f.perft(newStack(p, depth), c, depth, stop)
}

func (f *Family) perft(stack []Position, checks [2]uint8, depth int, stop *atomic.Bool) uint64 {
	p := &stack[0]
	if f.decided(p, checks) {
		return 0
	}
	if depth == 1 && !f.NoChecking {
		return uint64(f.generate(p, nil))
	}
	if depth > 1 && stop != nil && stop.Load() {
		return 0
	}
	var ml MoveList
	ml.n = f.generate(p, &ml.moves)
	if depth == 1 {
		return uint64(ml.n)
	}
	us := p.turn
	child := &stack[1]
	var n uint64
	for _, m := range ml.moves[:ml.n] {
		*child = *p
		child.Play(m)
		if f.Atomic {
			child.atomicAfter(p, m)
		}
		c := checks
		if f.CheckCounting && c[us] > 0 && child.kingAttacked() {
			c[us]--
		}
		n += f.perft(stack[1:], c, depth-1, stop)
	}
	return n
}

// kingAttacked reports whether the side to move has a king and it is in
// check.
func (p *Position) kingAttacked() bool {
	k := p.byRole[King] & p.byColor[p.turn]
	return k != 0 && p.attackersTo(k.LSB(), p.turn^1, p.Occupied()) != 0
}

// decided reports whether the rules of f have ended the game at p,
// which then has no legal move.
func (f *Family) decided(p *Position, checks [2]uint8) bool {
	us, them := p.turn, p.turn^1
	if f.Atomic {
		return p.byRole[King]&p.byColor[White] == 0 || p.byRole[King]&p.byColor[Black] == 0
	}
	if f.Extinction && (p.byColor[White] == 0 || p.byColor[Black] == 0) {
		return true
	}
	if f.CheckCounting && checks[them] == 0 {
		return true
	}
	if f.Goal == [2]Bitboard{} {
		return false
	}
	kings := p.byRole[King]
	if f.GoalAnswer && kings&p.byColor[us]&f.Goal[us] != 0 {
		return true
	}
	if kings&p.byColor[them]&f.Goal[them] == 0 {
		return false
	}
	// White has arrived: Black moves once more only if it can arrive too.
	return !(f.GoalAnswer && us == Black && !p.kingAttacked() && f.kingCanReach(p))
}

// kingCanReach reports whether the side to move has a legal king move to
// its goal.
func (f *Family) kingCanReach(p *Position) bool {
	k := p.byRole[King] & p.byColor[p.turn]
	if k == 0 {
		return false
	}
	var ml MoveList
	ml.n = f.generate(p, &ml.moves)
	for _, m := range ml.moves[:ml.n] {
		if m.From() == k.LSB() && f.Goal[p.turn].Has(m.KingTo()) {
			return true
		}
	}
	return false
}

// generate writes the legal moves of p under f to buf (only counting
// them when buf is nil, which NoChecking does not allow) and returns
// their number.
func (f *Family) generate(p *Position, buf *[maxMoves]Move) int {
	var n int
	if f.Atomic {
		return p.generateAtomic(buf)
	}
	if p.byRole[King]&p.byColor[p.turn] == 0 {
		n = p.generateFree(buf, f.FirstRankDoubleSteps && p.turn == White)
	} else {
		n = p.generate(buf)
	}
	if !f.NoChecking {
		return n
	}
	kept := 0
	for _, m := range buf[:n] {
		if !p.givesCheck(m) {
			buf[kept] = m
			kept++
		}
	}
	return kept
}

// generateFree is generate for a side without a king: every move its
// pieces can make (no castling without a king), with the first-rank
// double steps when firstRank is set.
func (p *Position) generateFree(buf *[maxMoves]Move, firstRank bool) int {
	n := 0
	us := p.turn & 1
	own := p.byColor[us]
	occ := p.Occupied()
	target := ^own
	for x := p.byRole[Knight] & own; x != 0; {
		from := x.PopLSB()
		n = addMoves(buf, n, from, bb.KnightAttacks(from)&target)
	}
	for x := (p.byRole[Bishop] | p.byRole[Queen]) & own; x != 0; {
		from := x.PopLSB()
		n = addMoves(buf, n, from, bb.BishopAttacks(from, occ)&target)
	}
	for x := (p.byRole[Rook] | p.byRole[Queen]) & own; x != 0; {
		from := x.PopLSB()
		n = addMoves(buf, n, from, bb.RookAttacks(from, occ)&target)
	}
	// genPawns with no pins; its en passant legality test needs a king,
	// so the capture is added here, always legal.
	ep := p.ep
	p.ep = NoSquare
	n = p.genPawns(buf, n, 0, target, 0)
	p.ep = ep
	pawns := p.byRole[Pawn] & own
	if ep != NoSquare {
		for x := bb.PawnAttacks(int(us^1), ep) & pawns; x != 0; {
			n = add(buf, n, newMove(x.PopLSB(), ep, kindEnPassant))
		}
	}
	if firstRank {
		// kindNormal: this double step leaves no en passant square.
		two := ((pawns & bb.Rank1) << 8 &^ occ) << 8 &^ occ
		n = addPawnMoves(buf, n, two, 16, kindNormal)
	}
	return n
}

// givesCheck reports whether the legal move m attacks the enemy king.
func (p *Position) givesCheck(m Move) bool {
	us := p.turn & 1
	ek := p.byRole[King] & p.byColor[us^1]
	if ek == 0 {
		return false
	}
	if k := m.kind(); k == kindCastle || k == kindEnPassant {
		q := *p
		q.Play(m)
		return q.kingAttacked()
	}
	from, to := m.From(), m.To()
	occ := p.Occupied()&^from.Bit() | to.Bit()
	role := p.board[from].Role()
	if r := m.Promotion(); r != NoRole {
		role = r
	}
	var att Bitboard
	switch role {
	case Pawn:
		att = bb.PawnAttacks(int(us), to)
	case Knight:
		att = bb.KnightAttacks(to)
	case Bishop:
		att = bb.BishopAttacks(to, occ)
	case Rook:
		att = bb.RookAttacks(to, occ)
	case Queen:
		att = bb.BishopAttacks(to, occ) | bb.RookAttacks(to, occ)
	case King:
		att = bb.KingAttacks(to)
	}
	if att&ek != 0 {
		return true
	}
	// A discovered check, by a piece the mover stood in front of.
	eksq := ek.LSB()
	own := p.byColor[us] &^ from.Bit()
	return bb.BishopAttacks(eksq, occ)&(p.byRole[Bishop]|p.byRole[Queen])&own != 0 ||
		bb.RookAttacks(eksq, occ)&(p.byRole[Rook]|p.byRole[Queen])&own != 0
}

// atomicAfter finishes in p the atomic move m just played by Play from
// prev: the blast of a capture, and an en passant square after a double
// step wherever an enemy pawn could take (Play keeps it only where
// chess's king allows the capture).
func (p *Position) atomicAfter(prev *Position, m Move) {
	to := m.To()
	switch {
	case m.kind() == kindEnPassant || m.kind() != kindCastle && prev.board[to] != NoPiece:
		blast := to.Bit() | bb.KingAttacks(to)&p.Occupied()&^p.byRole[Pawn]
		for x := p.castling & blast; x != 0; {
			p.key ^= castlingKeys[x.PopLSB()]
		}
		p.castling &^= blast
		for x := blast; x != 0; {
			s := x.PopLSB()
			pc := p.board[s]
			p.remove(s, pc)
			p.key ^= pieceKeys[pc][s]
		}
	case m.kind() == kindDouble && p.ep == NoSquare:
		ep := (m.From() + to) / 2
		if bb.PawnAttacks(int(prev.turn), ep)&p.byRole[Pawn]&p.byColor[p.turn] != 0 {
			p.ep = ep
			p.key ^= epKeys[ep&7]
		}
	}
}

// generateAtomic writes the legal atomic moves of p, whose side to move
// has a king, to buf (only counting them when buf is nil) and returns
// their number.
func (p *Position) generateAtomic(buf *[maxMoves]Move) int {
	us, them := p.turn&1, (p.turn&1)^1
	occ := p.Occupied()
	ksq := (p.byRole[King] & p.byColor[us]).LSB()
	ek := p.byRole[King] & p.byColor[them]
	touching := bb.KingAttacks(ksq)&ek != 0
	inCheck := !touching && p.attackersTo(ksq, them, occ) != 0
	var cand [maxMoves]Move
	m := p.generateFree(&cand, false)
	// The king never takes: its capture would explode it.
	for t := bb.KingAttacks(ksq) &^ occ; t != 0; {
		cand[m] = newMove(ksq, t.PopLSB(), kindNormal)
		m++
	}
	m = p.atomicCastling(&cand, m, ksq, occ)
	lines := bb.BishopRays(ksq) | bb.RookRays(ksq)
	n := 0
	for _, mv := range cand[:m] {
		from := mv.From()
		quiet := mv.kind() == kindNormal || mv.kind() == kindDouble || mv.kind() >= kindPromo
		if quiet && p.board[mv.To()] == NoPiece && !inCheck && from != ksq && !lines.Has(from) {
			n = add(buf, n, mv) // cannot expose the king: off its lines
			continue
		}
		if p.atomicLegal(mv) {
			n = add(buf, n, mv)
		}
	}
	return n
}

// atomicCastling adds the castling moves whose king does not stand on or
// cross a square attacked on the board as it is (a square beside the
// enemy king is not); its destination is tested once played.
func (p *Position) atomicCastling(buf *[maxMoves]Move, n int, ksq Square, occ Bitboard) int {
	them := p.turn ^ 1
	ek := p.byRole[King] & p.byColor[them]
	for rooks := p.castling & p.byColor[p.turn]; rooks != 0; {
		rsq := rooks.PopLSB()
		kto, rto := castlingKingTo(ksq, rsq), castlingRookTo(ksq, rsq)
		lifted := occ &^ (ksq.Bit() | rsq.Bit())
		if (bb.Between(ksq, kto)|kto.Bit()|bb.Between(rsq, rto)|rto.Bit())&lifted != 0 {
			continue
		}
		safe := true
		for x := (bb.Between(ksq, kto) | ksq.Bit()) &^ kto.Bit(); x != 0 && safe; {
			s := x.PopLSB()
			safe = bb.KingAttacks(s)&ek != 0 || !p.attacked(s, them, occ)
		}
		if safe {
			buf[n] = newMove(ksq, rsq, kindCastle)
			n++
		}
	}
	return n
}

// atomicLegal reports whether the atomic move mv keeps the mover's king
// on the board and, unless it explodes the enemy king, unattacked.
func (p *Position) atomicLegal(mv Move) bool {
	q := *p
	q.Play(mv)
	q.atomicAfter(p, mv)
	us, them := p.turn, p.turn^1
	k := q.byRole[King] & q.byColor[us]
	ek := q.byRole[King] & q.byColor[them]
	if k == 0 || ek == 0 {
		return k != 0
	}
	ksq := k.LSB()
	return bb.KingAttacks(ksq)&ek != 0 || q.attackersTo(ksq, them, q.Occupied()) == 0
}

package fairy

import (
	"math/bits"

	"github.com/baten-chess/baten/rules"
)

// bareKingWinner applies the bare-king rule as rules.Position does: a side
// with only royal pieces has lost while the opponent has any other piece,
// unless it is to move and the opponent has exactly one.
func (p *Position) bareKingWinner() (uint8, bool) {
	for bared := uint8(0); bared < 2; bared++ {
		left := p.nonroyal[bared^1]
		if p.nonroyal[bared] > 0 || left == 0 {
			continue
		}
		if p.turn == bared && left == 1 {
			return 0, false
		}
		return bared ^ 1, true
	}
	return 0, false
}

// extinct applies the extinction rule as rules.Position does: the side
// that has just moved is examined first, then the side to move.
func (p *Position) extinct() (uint8, bool) {
	e := p.r.ext
	for _, side := range [2]uint8{p.turn ^ 1, p.turn} {
		need := e.opp
		if e.claim && side == p.turn {
			need++
		}
		other := side ^ 1
		if e.all && int(p.nonroyal[side])+int(p.nroyal[side]) <= e.count &&
			int(p.nonroyal[other])+int(p.nroyal[other]) >= need {
			return side, true
		}
		for _, k := range e.kinds {
			if int(p.count[side][k]) <= e.count && int(p.count[other][k]) >= need {
				return side, true
			}
		}
	}
	return 0, false
}

// Decided reports a position the bare-king, extinction, check-counting,
// flag or connection rule has decided although moves may remain, with its outcome
// as rules.Position.Outcome gives it. LegalMoves lists no move there.
func (p *Position) Decided() (rules.Outcome, bool) {
	if p.r.bareKing {
		if w, ok := p.bareKingWinner(); ok {
			return rules.Outcome{Winner: rules.Player(w), Reason: rules.BareKing}, true
		}
	}
	if e := p.r.ext; e != nil && !p.r.pseudoRoyal { // family: pseudo-royal pieces are never taken
		if side, ok := p.extinct(); ok {
			pl := rules.Player(side)
			reason := p.r.blast.extinctionReason(e.all) // family: atomic
			switch e.value {
			case rules.ValueWin:
				return rules.Outcome{Winner: pl, Reason: reason}, true
			case rules.ValueDraw:
				return rules.Outcome{Draw: true, Reason: reason}, true
			}
			return rules.Outcome{Winner: pl.Opponent(), Reason: reason}, true
		}
	}
	if p.checksWon() { // check counting
		return p.checksOutcome(), true
	}
	if o, ok := p.castlingWinsOutcome(); ok { // family: move rules
		return o, true
	}
	if o, ok := p.passesOutcome(); ok { // family: move rules
		return o, true
	}
	if o, ok := p.bikjangOutcome(); ok { // family: palaces
		return o, true
	}
	if p.r.flag != nil { // flag family
		if o, ok := p.flagOutcome(); ok {
			return o, true
		}
	}
	if p.r.connect != nil { // family: connection
		return p.connectOutcome()
	}
	return rules.Outcome{}, false
}

// decided is Decided without the outcome.
func (p *Position) decided() bool {
	if p.r.bareKing {
		if _, ok := p.bareKingWinner(); ok {
			return true
		}
	}
	if p.r.ext != nil && !p.r.pseudoRoyal { // family: pseudo-royal
		if _, ok := p.extinct(); ok {
			return true
		}
	}
	if p.checksWon() { // check counting
		return true
	}
	if _, ok := p.castlingWinsOutcome(); ok { // family: move rules
		return true
	}
	if p.passes >= 2 || p.faced { // family: move rules; palaces: bikjang's end
		return true
	}
	if p.r.flag != nil { // flag family
		if _, ok := p.flagOutcome(); ok {
			return true
		}
	}
	return p.r.connect != nil && p.connected(p.turn^1) // family: connection
}

// LegalMoves fills l with every legal move of the side to move (the same
// set as rules.Position.LegalMoves, in another order). It does not
// allocate.
func (p *Position) LegalMoves(l *MoveList) {
	l.N = 0
	if p.decided() {
		return
	}
	us := p.turn
	inCheck := p.royalAttacked(us)
	p.pseudoMoves(l, inCheck)
	r := p.r
	if r.blast != nil { // family: atomic
		p.blastLegal(l)
		p.finishLegal(l, inCheck)
		return
	}
	facing := (r.guards.FlyingGeneral || r.guards.Bikjang) && p.royalsFace(us) // family: royal guards: the fast path below assumes no royal pieces face
	bikjang := facing && r.guards.Bikjang                                      // family: palaces: every move is tested, and a pass is legal even in check
	n := 0
	live := p.liveLines(us) // the royal squares' lines the opponent can use now (lines.go)
	var zone checkZone      // checking = false: where a move may give check
	if r.noCheck {
		zone = p.checkZone()
	}
	for i := 0; i < l.N; i++ {
		m := l.Moves[i]
		// A move off every line to the mover's royal pieces cannot expose
		// them; with checks forbidden, it must also be off the check zone,
		// or it is played to see whether it gives check.
		if (!r.noCheck || zone.quiet(m)) && !inCheck && !r.pseudoRoyal && m&(flagCastle|flagEP) == 0 && !r.kinds[kindOf(p.board[m.from()])].royal &&
			!onLive(&live, m.from()) && !(r.hasScreens && onLive(&live, m.to())) && !bikjang &&
			!(r.guards.FlyingGeneral && (facing || p.betweenRoyals(m.from(), us))) { // family: royal guards
			l.Moves[n] = m
			n++
			continue
		}
		// A pass leaves the board as it was: out of check it exposes
		// nothing, and in bikjang it is legal even in check.
		if m&flagPass != 0 && (!inCheck || bikjang) && !r.noCheck && !r.pseudoRoyal && !(r.guards.FlyingGeneral && facing) { // family: move rules
			l.Moves[n] = m
			n++
			continue
		}
		if inCheck && r.moves != nil && r.moves.makpong && r.kinds[kindOf(p.board[m.from()])].royal && !p.makpongAllows(m) { // family: move rules
			continue
		}
		var pre pseudoBefore // family: pseudo-royal
		if r.pseudoRoyal {
			pre = p.beforePseudo(m)
		}
		u := p.Play(m)
		ok := (!p.royalAttacked(us) || bikjang && m&flagPass != 0) && !(r.noCheck && p.royalAttacked(us^1)) && !(r.pseudoRoyal && p.exposesPseudo(&pre, m, us)) &&
			!p.guardsForbid(m, us, facing, bikjang) // family: royal guards
		p.Unplay(m, u)
		if ok {
			l.Moves[n] = m
			n++
		}
	}
	l.N = n
	if r.drops != nil { // family: drops
		p.dropMoves(l, inCheck)
	}
	p.finishLegal(l, inCheck)
}

// finishLegal applies to the legal moves the rules that act on the whole
// list: passes, walls and compulsory capture.
func (p *Position) finishLegal(l *MoveList, inCheck bool) {
	p.keepPass(l)        // family: move rules
	if p.r.wall != nil { // walling
		p.addWalls(l, inCheck)
	}
	if p.r.mustCapture { // family: antichess
		p.keepCaptures(l)
	}
}

// onLines reports whether q lies on some line along which the opponent
// could attack one of the mover's royal squares.
func (p *Position) onLines(q uint8) bool {
	us := p.turn
	for i := uint8(0); i < p.nroyal[us]; i++ {
		if p.r.lines[us][p.royal[us][i]][q/64]&(1<<(q%64)) != 0 {
			return true
		}
	}
	return false
}

// emit adds the move from→to of kind k, expanded into its promotions.
func (p *Position) emit(l *MoveList, k, from, to uint8, flags Move) {
	ki := &p.r.kinds[k]
	us := p.turn
	if ki.ep[us] && doubleStep(from, to) { // berolina: straight or diagonal (epmoves.go)
		flags |= flagDouble
	}
	pi := ki.promo[us]
	if pi == nil || !(pi.ranks[us][to] || (pi.fromZone && pi.ranks[us][from])) {
		l.add(mkMove(from, to, 0, flags))
		return
	}
	if pi.optional && !pi.mandatory[us][to] {
		l.add(mkMove(from, to, 0, flags))
	}
	for j, nk := range pi.to {
		if lim := pi.limit[j]; lim >= 0 && int(p.count[us][nk]) >= lim {
			continue
		}
		l.add(mkMove(from, to, nk, flags|flagPromo))
	}
}

// pseudoMoves adds the moves that obey every guard but "no royal piece is
// left attacked"; inCheck says whether the side to move is in check.
func (p *Position) pseudoMoves(l *MoveList, inCheck bool) {
	r := p.r
	us := p.turn
	for _, from := range r.squares {
		pc := p.board[from]
		if pc == 0 || owner(pc) != us {
			continue
		}
		p.pieceMoves(l, from, kindOf(pc))
	}
	if r.castling && p.castle[us] != 0 {
		p.castlingMoves(l)
	}
	if r.gates && p.gates[us] != 0 {
		p.gateMoves(l, inCheck)
	}
	p.passMove(l) // family: move rules
}

// gateMoves adds the gate moves of the pieces on the mover's open gates
// (rules.Position.gateMoves): a kind's GateMovement, never en passant,
// not at all for a GateNotInCheck kind while in check.
func (p *Position) gateMoves(l *MoveList, inCheck bool) {
	r := p.r
	us := p.turn
	rank := r.homeRank[us]
	for g := p.gates[us]; g != 0; g &= g - 1 {
		from := sqOf(bits.TrailingZeros16(g), rank)
		pc := p.board[from]
		if pc == 0 || owner(pc) != us {
			continue
		}
		k := kindOf(pc)
		ki := &r.kinds[k]
		if !ki.gate || (ki.gateNotInCheck && inCheck) {
			continue
		}
		li := (int(k)*2+int(us))*256 + int(from)
		p.opMoves(l, k, from, r.gateLeapIdx[li], r.gateRayIdx[li], 256, false)
	}
}

// takeable reports whether the piece t may be captured by us.
func (p *Position) takeable(t uint8) bool {
	return t != wallPiece && owner(t) != p.turn && !p.r.kinds[kindOf(t)].royal // walling: a wall is never taken
}

// pieceMoves adds the moves of the piece of kind k on from.
func (p *Position) pieceMoves(l *MoveList, from, k uint8) {
	r := p.r
	ki := &r.kinds[k]
	epSq := uint16(256)
	if ki.ep[p.turn] && p.hasEP {
		epSq = uint16(p.ep)
	}
	li := (int(k)*2+int(p.turn))*256 + int(from)
	n := l.N
	p.opMoves(l, k, from, r.leapIdx[li], r.rayIdx[li], epSq, ki.dedup)
	if pi := r.palace; pi != nil && pi.on[from] && pi.role[k] != lineNone { // family: palaces
		p.lineMoves(l, k, from)
	}
	if ki.stand[p.turn] { // per-colour rules: mobilityRegion
		keepStand(l, n, ki.standOK[p.turn])
	}
	p.tripleStep(l, from, k) // en passant squares
}

// opMoves adds the moves of the leap ops ls and ray ops rs of the piece
// of kind k on from: epSq is the en passant square it may take on (256
// for none); dedup drops a second move to one square.
func (p *Position) opMoves(l *MoveList, k, from uint8, ls, rs span, epSq uint16, dedup bool) {
	r := p.r
	var seen [4]uint64
	jc := r.palace != nil && r.palace.cannon&(1<<k) != 0 // family: palaces: a janggi cannon
leaps:
	for i := ls.lo; i < ls.hi; i++ {
		op := &r.leaps[i]
		for _, b := range op.blk[:op.nb] {
			if p.board[b] != 0 { // en passant: the square blocks nothing
				continue leaps
			}
		}
		to := op.to
		t := p.board[to]
		switch {
		case t == 0 && (!p.epAt(to, epSq) || op.mods&opCaptureOnly == 0): // en passant: a quiet move to the square (one of the en passant squares)
			if op.mods&opCaptureOnly == 0 {
				p.emitSeen(l, dedup, &seen, k, from, to, 0)
			}
		case t == 0:
			if op.mods&opMoveOnly == 0 && p.takeable(p.board[p.victim]) && !p.quietTo(ls, to) { // en passant: not where it moves quietly
				p.emitSeen(l, dedup, &seen, k, from, to, flagEP)
			}
		default:
			if op.mods&opMoveOnly == 0 && p.takeable(t) {
				p.emitSeen(l, dedup, &seen, k, from, to, 0)
			}
		}
	}
	for i := rs.lo; i < rs.hi; i++ {
		op := &r.rays[i]
		sqs := r.pool[op.start : op.start+uint32(op.n)]
		switch op.motion {
		case raySlide:
			for _, to := range sqs {
				t := p.board[to]
				if t == 0 {
					if op.mods&opCaptureOnly == 0 {
						p.emitSeen(l, dedup, &seen, k, from, to, 0)
					}
					continue
				}
				if op.mods&opMoveOnly == 0 && p.takeable(t) {
					p.emitSeen(l, dedup, &seen, k, from, to, 0)
				}
				break
			}
		case rayHop, rayGrasshop:
			j := 0
			for j < len(sqs) && p.board[sqs[j]] == 0 {
				j++
			}
			if jc && j < len(sqs) && r.palace.isCannon(p.board[sqs[j]]) {
				continue // family: palaces: no janggi cannon hops over a cannon
			}
			landed := 0
			for j++; j < len(sqs); j++ {
				to := sqs[j]
				t := p.board[to]
				if t == 0 {
					if op.mods&opCaptureOnly == 0 {
						p.emitSeen(l, dedup, &seen, k, from, to, 0)
					}
				} else if op.mods&opMoveOnly == 0 && p.takeable(t) && !(jc && r.palace.isCannon(t)) { // family: palaces: nor takes one
					p.emitSeen(l, dedup, &seen, k, from, to, 0)
				}
				if t != 0 || op.motion == rayGrasshop {
					break
				}
				if landed++; landed == int(op.rng) {
					break
				}
			}
		}
	}
}

// emitSeen is emit with the de-duplication of kinds whose components may
// reach one square twice.
func (p *Position) emitSeen(l *MoveList, dedup bool, seen *[4]uint64, k, from, to uint8, flags Move) {
	if dedup {
		if seen[to/64]&(1<<(to%64)) != 0 {
			return
		}
		seen[to/64] |= 1 << (to % 64)
	}
	p.emit(l, k, from, to, flags)
}

// castlingMoves adds the castling moves whose conditions hold but the last
// (the king is not attacked afterwards), as rules.Position does.
func (p *Position) castlingMoves(l *MoveList) {
	r := p.r
	us := p.turn
	rank := r.castleRank[us]
	king := uint8(255)
	want := r.castleKing | us<<5
	for f := 0; f < r.w; f++ {
		if p.board[sqOf(f, rank)] == want {
			king = sqOf(f, rank)
			break
		}
	}
	royal := r.kinds[r.castleKing].royal // family: antichess: a king that is not royal castles through attacks
	if king == 255 || (royal && p.attacked(king, us^1)) {
		return
	}
	kf := int(king % 16)
	for rights := p.castle[us]; rights != 0; rights &= rights - 1 {
		f := 0
		for rights&(1<<f) == 0 {
			f++
		}
		rookFrom := sqOf(f, rank)
		wing := 0
		if f > kf {
			wing = 1
		}
		kingTo, rookTo := r.kingTo[wing], r.rookTo[wing]
		if !p.rankEmpty(rank, kf, kingTo, king, rookFrom) || !p.rankEmpty(rank, f, rookTo, king, rookFrom) {
			continue
		}
		safe := true
		step := 1
		if kingTo < kf {
			step = -1
		}
		for x := kf; royal && x != kingTo; { // family: antichess
			x += step
			if p.attacked(sqOf(x, rank), us^1) || (r.guards.FlyingGeneral && p.facesRoyal(sqOf(x, rank), king, us)) { // family: royal guards
				safe = false
				break
			}
		}
		if safe {
			l.add(mkMove(king, sqOf(kingTo, rank), rookFrom, flagCastle))
		}
	}
}

// rankEmpty reports whether the squares of rank from file a (excluded) to
// b (included) are empty but for the castling king and rook.
func (p *Position) rankEmpty(rank, a, b int, king, rook uint8) bool {
	step := 1
	if b < a {
		step = -1
	}
	for x := a; x != b; {
		x += step
		sq := sqOf(x, rank)
		if sq != king && sq != rook && p.board[sq] != 0 {
			return false
		}
	}
	return true
}

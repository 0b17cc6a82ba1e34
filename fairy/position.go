package fairy

import (
	"fmt"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
)

// MaxMoves is the capacity of a MoveList: the most pseudo-legal moves a
// position may have. Generation panics beyond it. A walling move is a
// move and a wall square, so the Amazons' start has 2176 moves.
const MaxMoves = 8192

// Move is a move packed in 64 bits: from and to squares (rank·16 + file),
// the promotion kind (or, for castling, the rook's square), flags, and
// (bits 32-39) the wall square of a walling move. The zero Move is no
// move.
type Move uint64

const (
	flagCastle Move = 1 << (24 + iota)
	flagEP
	flagDouble
	flagPromo
)

func mkMove(from, to uint8, extra uint8, flags Move) Move {
	return Move(from) | Move(to)<<8 | Move(extra)<<16 | flags
}

// From is the origin square as geom's file and rank.
func (m Move) From() geom.Square { return sqToGeom(uint8(m)) }

// To is the destination square (the king's, for castling).
func (m Move) To() geom.Square { return sqToGeom(uint8(m >> 8)) }

// Promotion is the kind the piece becomes, or 0.
func (m Move) Promotion() rules.KindID {
	if m&flagPromo == 0 {
		return 0
	}
	return rules.KindID(uint8(m >> 16))
}

// IsCastle reports whether m is a castling move.
func (m Move) IsCastle() bool { return m&flagCastle != 0 }

// IsEnPassant reports whether m takes en passant.
func (m Move) IsEnPassant() bool { return m&flagEP != 0 }

func (m Move) from() uint8  { return uint8(m) }
func (m Move) to() uint8    { return uint8(m >> 8) }
func (m Move) extra() uint8 { return uint8(m >> 16) }

func sqToGeom(sq uint8) geom.Square { return geom.Square{File: int(sq % 16), Rank: int(sq / 16)} }

// MoveList is a fixed-capacity list of moves: Moves[:N] are valid.
type MoveList struct {
	N     int
	Moves [MaxMoves]Move
}

// Slice returns the valid moves (a view of the array, not a copy).
func (l *MoveList) Slice() []Move { return l.Moves[:l.N] }

func (l *MoveList) add(m Move) {
	l.Moves[l.N] = m
	l.N++
}

// Position is a position of a compiled variant: a mailbox board of
// 16×16 bytes (kind | owner<<5), royal squares, castling rights, open
// gates, en passant square, side to move and clocks. It is a plain value: copying it copies
// the position.
type Position struct {
	r        *Rules
	board    [256]uint8
	royal    [2][maxRoyal]uint8
	nroyal   [2]uint8
	count    [2][maxKinds + 1]uint8
	nonroyal [2]int16
	castle   [2]uint16 // rook files with a castling right, by player
	gates    [2]uint16 // files of the open gates of the home rank, by player
	ep       uint8
	victim   uint8
	hasEP    bool
	turn     uint8
	halfmove int
	fullmove int
	// countLimit and countPly are the running count of the counting rule
	// (rules.Counting), in plies; countLimit is 0 while none runs.
	countLimit, countPly int32
	checks               [2]uint8 // check counting: checks remaining, by player

	lastCastle uint8 // family: move rules: 1 + the wing of the castling just played, 0 for none
	passes     uint8 // family: move rules: passes played last in a row, up to 2
	duck       uint8 // walling: the duck's square (WallDuck), 255 for none

	ep2    uint8 // en passant squares: a triple step's second, valid when hasEP2 and hasEP
	hasEP2 bool

	// faced: the game has ended by bikjang (rules.RoyalGuards.Bikjang):
	// the royal pieces faced before the last move, a pass, and so still
	// do (any other move that leaves them facing is illegal there).
	faced bool // family: palaces

	hand     [2][maxKinds + 1]uint8 // family: drops: pieces in hand, by player and kind
	promoted [4]uint64              // family: drops: the promoted pieces a capture demotes
}

// Undo is what Unplay needs to take a move back.
type Undo struct {
	captured uint8
	capSq    uint8
	mover    uint8
	rook     uint8
	ep       uint8
	victim   uint8
	hasEP    bool
	castle   [2]uint16
	gates    [2]uint16
	halfmove int
	fullmove int
	count    [2]int32 // countLimit, countPly
	checks   [2]uint8 // check counting

	blast      blastUndo // family: atomic: the pieces a blast removed
	lastCastle uint8     // family: move rules
	passes     uint8
	duck       uint8 // walling: the duck's square before the move

	ep2    uint8 // en passant squares
	hasEP2 bool

	faced bool // family: palaces

	handKind uint8     // family: drops: the kind a capture put in hand, 0 for none
	promoted [4]uint64 // family: drops: the promoted marks before the move
}

func owner(pc uint8) uint8  { return pc >> 5 }
func kindOf(pc uint8) uint8 { return pc & 31 }

// FromRules converts a reference position of the compiled variant.
func (r *Rules) FromRules(p *rules.Position) (Position, error) {
	var q Position
	q.r = r
	q.duck = 255 // walling
	if p.Variant() != r.v {
		if p.Variant() == nil || p.Variant().Size != r.v.Size || len(p.Variant().Pieces) != len(r.v.Pieces) {
			return q, fmt.Errorf("fairy: position of %s, rules of %s", p.Variant().Name, r.v.Name)
		}
	}
	for _, sq := range r.squares {
		pc := p.At(sqToGeom(sq))
		if pc.Empty() {
			continue
		}
		b := uint8(pc.Kind) | uint8(pc.Owner)<<5
		q.board[sq] = b
		q.count[pc.Owner][pc.Kind]++
		if r.kinds[pc.Kind].royal {
			if q.nroyal[pc.Owner] == maxRoyal {
				return q, fmt.Errorf("%w: more than %d royal pieces", ErrUnsupported, maxRoyal)
			}
			q.royal[pc.Owner][q.nroyal[pc.Owner]] = sq
			q.nroyal[pc.Owner]++
		} else {
			q.nonroyal[pc.Owner]++
		}
	}
	if err := q.readWalls(p); err != nil { // walling
		return q, err
	}
	for _, c := range p.Castling() {
		q.castle[c.Player] |= 1 << c.File
	}
	for _, g := range p.Gates() {
		q.gates[g.Player] |= 1 << g.File
	}
	if ep, ok := p.EnPassant(); ok {
		q.hasEP = true
		q.ep = sqOf(ep.File, ep.Rank)
		q.victim = sqOf(p.EnPassantVictim().File, p.EnPassantVictim().Rank) // family: fen en passant: diagonal after berolina's step
	}
	q.readEPSquares(p) // en passant squares
	q.turn = uint8(p.Turn())
	q.halfmove, q.fullmove = p.Halfmove(), p.Fullmove()
	limit, ply := p.Counting()
	q.countLimit, q.countPly = int32(limit), int32(ply)
	q.checks = [2]uint8{uint8(p.ChecksRemaining()[0]), uint8(p.ChecksRemaining()[1])} // check counting
	// family: move rules
	q.lastCastle, q.passes = p.JustCastled(), p.Passes()
	q.faced = p.FacedBefore() && q.r.guards.Bikjang && q.royalsFace(q.turn) // family: palaces
	if err := q.readHands(p); err != nil {                                  // family: drops
		return q, err
	}
	return q, nil
}

// Turn is the player to move.
func (p *Position) Turn() rules.Player { return rules.Player(p.turn) }

// At returns the piece on sq.
func (p *Position) At(sq geom.Square) rules.Piece {
	if sq.File < 0 || sq.File >= p.r.w || sq.Rank < 0 || sq.Rank >= p.r.h {
		return rules.Piece{}
	}
	pc := p.board[sqOf(sq.File, sq.Rank)]
	if pc == 0 || pc == wallPiece { // walling: a wall is no piece
		return rules.Piece{}
	}
	return rules.Piece{Kind: rules.KindID(kindOf(pc)), Owner: rules.Player(owner(pc))}
}

// Halfmove counts plies since the last capture or clock-resetting move.
func (p *Position) Halfmove() int { return p.halfmove }

// Fullmove is the move number.
func (p *Position) Fullmove() int { return p.fullmove }

// MoveText writes m as rules.Position.MoveText writes the same move:
// from and to squares, castling as king square then rook square, and the
// lower-case promotion letter where the kind has a choice.
func (p *Position) MoveText(m Move) string { return p.moveText(m, false) }

// FSFMoveText writes m as rules.Position.FSFMoveText writes the same move:
// as Fairy-Stockfish does, castling as the king's own move and every
// promotion with its letter.
func (p *Position) FSFMoveText(m Move) string { return p.moveText(m, true) }

func (p *Position) moveText(m Move, fsf bool) string {
	if m&flagDrop != 0 {
		return p.dropText(m) // family: drops
	}
	var buf [20]byte
	b := append(buf[:0], squareName(m.from())...)
	if m&flagCastle != 0 && (!fsf || p.r.v.Castling.Chess960) { // family: chess960: king takes rook
		b = append(b, squareName(m.extra())...)
	} else {
		b = append(b, squareName(m.to())...)
	}
	if m&flagPromo != 0 {
		if pi := p.r.kinds[kindOf(p.board[m.from()])].promo[owner(p.board[m.from()])]; pi != nil && fsf && pi.promoted != 0 && m.extra() == pi.promoted {
			b = append(b, '+') // a piece promotion, as Fairy-Stockfish writes it
		} else if pi != nil && (fsf || pi.letter) { // per-colour rules
			b = append(b, p.r.kinds[m.extra()].letter+'a'-'A')
		}
	}
	b = p.wallText(b, m) // walling
	return string(b)
}

// attacked reports whether a piece of X could capture on s.
func (p *Position) attacked(s uint8, X uint8) bool { _, ok := p.attacker(s, X, nil); return ok }

// attacker finds a piece of X that could capture on s: the first found
// where values is nil, else one of the least value by values (by kind).
func (p *Position) attacker(s uint8, X uint8, values []int) (uint8, bool) {
	r := p.r
	best := uint8(255)
	xo := X
	li := r.atkLeapIdx[X][s]
	for _, e := range r.atkLeap[li.lo:li.hi] {
		pc := p.board[e.from]
		if pc == 0 || owner(pc) != xo || e.mask&(1<<kindOf(pc)) == 0 {
			continue
		}
		clear := true
		for _, b := range e.blk[:e.nb] {
			if p.board[b] != 0 {
				clear = false
				break
			}
		}
		if clear && p.better(e.from, &best, values) {
			return best, true
		}
	}
	ri := r.atkRayIdx[X][s]
	for i := ri.lo; i < ri.hi; i++ {
		e := &r.atkRay[i]
		sqs := r.pool[e.start : e.start+uint32(e.n)]
		switch e.motion {
		case raySlide:
			for _, q := range sqs {
				if pc := p.board[q]; pc != 0 {
					if owner(pc) == xo && e.mask&(1<<kindOf(pc)) != 0 && p.better(q, &best, values) {
						return best, true
					}
					break
				}
			}
		case rayHop, rayGrasshop:
			j := 0
			for j < len(sqs) && p.board[sqs[j]] == 0 {
				j++
			}
			if j == len(sqs) || (e.motion == rayGrasshop && j != 0) || (e.rng != 0 && j+1 > int(e.rng)) {
				continue
			}
			mask := e.mask
			if pi := r.palace; pi != nil && (pi.isCannon(p.board[sqs[j]]) || pi.isCannon(p.board[s])) {
				mask &^= pi.cannon // family: palaces: a janggi cannon hops over no cannon and takes none
			}
			for j++; j < len(sqs); j++ {
				if pc := p.board[sqs[j]]; pc != 0 {
					if owner(pc) == xo && mask&(1<<kindOf(pc)) != 0 && p.better(sqs[j], &best, values) {
						return best, true
					}
					break
				}
			}
		}
	}
	if pi := r.palace; pi != nil && pi.on[s] && p.lineAttacker(s, X, values, &best) { // family: palaces
		return best, true
	}
	return best, best != 255
}

// better records the attacker on sq in best and reports true, to stop the
// search, where values is nil; else it keeps in best the attacker of
// least value and reports false.
func (p *Position) better(sq uint8, best *uint8, values []int) bool {
	if values == nil {
		*best = sq
		return true
	}
	if *best == 255 || values[kindOf(p.board[sq])] < values[kindOf(p.board[*best])] {
		*best = sq
	}
	return false
}

// Attacked reports whether any piece of by could capture on sq, were an
// enemy piece standing there (rules.Position.Attacked).
func (p *Position) Attacked(sq geom.Square, by rules.Player) bool {
	return p.attacked(sqOf(sq.File, sq.Rank), uint8(by))
}

// royalAttacked reports whether some royal piece of pl stands attacked.
func (p *Position) royalAttacked(pl uint8) bool {
	for i := uint8(0); i < p.nroyal[pl]; i++ {
		if p.attacked(p.royal[pl][i], pl^1) {
			return true
		}
	}
	return false
}

// InCheck reports whether the side to move has a royal piece attacked.
func (p *Position) InCheck() bool { return p.royalAttacked(p.turn) }

// Play makes m, a legal (or pseudo-legal) move of p, and returns what
// Unplay needs to take it back.
func (p *Position) Play(m Move) Undo {
	r := p.r
	if m.from() == m.to() && m&flagWall != 0 {
		return p.playWallOnly(m) // walling
	}
	u := Undo{ep: p.ep, victim: p.victim, hasEP: p.hasEP, castle: p.castle, gates: p.gates, halfmove: p.halfmove, fullmove: p.fullmove,
		count: [2]int32{p.countLimit, p.countPly}, checks: p.checks}
	u.lastCastle, u.passes = p.lastCastle, p.passes // family: move rules
	u.ep2, u.hasEP2 = p.ep2, p.hasEP2               // en passant squares
	u.faced = p.faced                               // family: palaces
	if m&flagPass != 0 {
		p.playPass(m)
		return u
	}
	if m&flagDrop != 0 {
		return p.playDrop(m, u) // family: drops
	}
	us := p.turn
	from, to := m.from(), m.to()
	pc := p.board[from]
	u.mover = pc
	p.faced = false // family: palaces: only a pass keeps bikjang
	k := kindOf(pc)
	capSq := to
	if m&flagCastle != 0 {
		rookFrom, rookTo := r.castlingRook(m)
		rook := p.board[rookFrom]
		u.rook = rook
		p.board[from] = 0
		p.board[rookFrom] = 0
		p.board[rookTo] = rook
		p.board[to] = pc
		capSq = 255
		if r.drops != nil && r.drops.demote { // family: drops
			p.moveMarks(m, capSq, rookFrom, rookTo, &u)
		}
	} else {
		if m&flagEP != 0 {
			capSq = p.victim
		}
		if c := p.board[capSq]; c != 0 {
			u.captured, u.capSq = c, capSq
			p.count[us^1][kindOf(c)]--
			p.nonroyal[us^1]--
			p.board[capSq] = 0
			if r.drops != nil { // family: drops
				p.toHand(c, capSq, &u)
			}
		} else {
			capSq = 255
		}
		if r.drops != nil && r.drops.demote { // family: drops
			p.moveMarks(m, capSq, 255, 255, &u)
		}
		p.board[from] = 0
		if m&flagPromo != 0 {
			nk := m.extra()
			p.count[us][k]--
			p.count[us][nk]++
			p.board[to] = nk | us<<5
		} else {
			p.board[to] = pc
		}
		if r.blast != nil && u.captured != 0 { // family: atomic
			p.explode(to, &u)
		}
		if r.petrify != nil && u.captured != 0 { // family: petrify
			p.petrify(to, &u)
		}
	}
	if r.kinds[k].royal {
		for i := uint8(0); i < p.nroyal[us]; i++ {
			if p.royal[us][i] == from {
				p.royal[us][i] = to
				break
			}
		}
	}
	p.hasEP = false
	// The passed square, computed wide: both squares may exceed 127.
	if passed := uint8((int(from) + int(to)) / 2); m&flagDouble != 0 && r.epOK[passed] {
		p.hasEP, p.ep, p.victim = true, passed, to
	} else {
		p.ep, p.victim = 0, 0
	}
	p.passedSquares(us, k, m) // en passant squares
	// family: fen en passant
	p.keepUsable(us, k, m)
	if r.castling && (p.castle[0]|p.castle[1]) != 0 {
		if r.kinds[k].castles {
			p.castle[us] = 0
		}
		for pl := 0; pl < 2; pl++ {
			rank := uint8(r.castleRank[pl])
			for _, sq := range [3]uint8{from, to, capSq} {
				if sq != 255 && sq/16 == rank {
					p.castle[pl] &^= 1 << (sq % 16)
				}
			}
		}
	}
	if (p.gates[0] | p.gates[1]) != 0 {
		// A gate closes when a piece leaves it, lands on it or is taken
		// on it (rules.Position.apply).
		for pl := 0; pl < 2; pl++ {
			rank := uint8(r.homeRank[pl])
			for _, sq := range [3]uint8{from, to, capSq} {
				if sq != 255 && sq/16 == rank {
					p.gates[pl] &^= 1 << (sq % 16)
				}
			}
		}
		if r.kinds[k].closesGate {
			p.closeRoyalGates(to)
		}
	}
	if r.kinds[k].resets[us] || u.captured != 0 {
		p.halfmove = 0
	} else {
		p.halfmove++
	}
	if us == 1 {
		p.fullmove++
	}
	p.turn ^= 1
	if r.count.rule != rules.NoCounting {
		if p.countLimit != 0 {
			p.countPly++
		}
		p.updateCount(u.captured != 0)
	}
	if m&flagWall != 0 { // walling
		u.duck = p.placeWall(m)
	}
	if r.checks { // check counting
		p.countCheck()
	}
	if r.moves != nil { // family: move rules
		p.castled(m, us)
	}
	return u
}

// Unplay takes back m, which Play made and returned u for.
func (p *Position) Unplay(m Move, u Undo) {
	r := p.r
	if m&flagPass != 0 { // family: move rules: the board stayed
		p.turn ^= 1
		p.faced = u.faced // family: palaces
		p.ep, p.victim, p.hasEP = u.ep, u.victim, u.hasEP
		p.countLimit, p.countPly = u.count[0], u.count[1]
		p.lastCastle, p.passes = u.lastCastle, u.passes
		p.halfmove, p.fullmove = u.halfmove, u.fullmove
		return
	}
	if m&flagWall != 0 { // walling
		if m.from() == m.to() {
			p.unplayWallOnly(m, u)
			return
		}
		p.liftWall(m, u.duck)
	}
	if m&flagDrop != 0 {
		p.unplayDrop(m, u) // family: drops
		return
	}
	p.turn ^= 1
	us := p.turn
	from, to := m.from(), m.to()
	p.unexplode(&u) // family: atomic
	pc := p.board[to]
	if m&flagCastle != 0 {
		rookFrom, rookTo := r.castlingRook(m)
		p.board[to] = 0
		p.board[rookTo] = 0
		p.board[rookFrom] = u.rook
		p.board[from] = pc
	} else {
		p.board[to] = 0
		if m&flagPromo != 0 {
			nk := m.extra()
			p.count[us][nk]--
			pc = u.mover
			p.count[us][kindOf(pc)]++
		}
		p.board[from] = pc
		if u.captured != 0 {
			p.board[u.capSq] = u.captured
			p.count[us^1][kindOf(u.captured)]++
			p.nonroyal[us^1]++
		}
	}
	if r.kinds[kindOf(pc)].royal {
		for i := uint8(0); i < p.nroyal[us]; i++ {
			if p.royal[us][i] == to {
				p.royal[us][i] = from
				break
			}
		}
	}
	p.ep, p.victim, p.hasEP = u.ep, u.victim, u.hasEP
	p.ep2, p.hasEP2 = u.ep2, u.hasEP2 // en passant squares
	p.castle = u.castle
	p.gates = u.gates
	p.faced = u.faced // family: palaces
	p.countLimit, p.countPly = u.count[0], u.count[1]
	p.checks = u.checks // check counting
	// family: move rules
	p.lastCastle, p.passes = u.lastCastle, u.passes
	p.halfmove, p.fullmove = u.halfmove, u.fullmove
	if r.drops != nil { // family: drops
		if u.handKind != 0 {
			p.hand[us][u.handKind]--
		}
		p.promoted = u.promoted
	}
}

// castlingRook returns the squares a castling move m takes its rook from
// and to: the rook's wing decides its destination file.
func (r *Rules) castlingRook(m Move) (from, to uint8) {
	king, rook := m.from(), m.extra()
	wing := 0
	if rook%16 > king%16 {
		wing = 1
	}
	return rook, sqOf(r.rookTo[wing], int(king/16))
}

// closeRoyalGates closes the gate of each opponent royal piece on to's file
// or rank (rules.PieceKind.ClosesRoyalGate).
func (p *Position) closeRoyalGates(to uint8) {
	them := p.turn ^ 1
	for i := uint8(0); i < p.nroyal[them]; i++ {
		sq := p.royal[them][i]
		if int(sq/16) == p.r.homeRank[them] && sq != to && (sq%16 == to%16 || sq/16 == to/16) {
			p.gates[them] &^= 1 << (sq % 16)
		}
	}
}

package fairy

import (
	"fmt"
	"slices"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
)

// The walling family in the fast generator (rules.Walling): a wall is a
// board byte no piece owns, which blocks every ray and leap as a piece
// does but is never taken, and is named by the move that puts it.

// wallPiece is a wall square's board byte: owner 7 and kind 31 match no
// piece, so pieceMoves, attacked and the piece counts pass it by.
const wallPiece uint8 = 0xff

// flagWall marks a move that puts a wall on its wall() square.
const flagWall Move = 1 << 28

// wallInfo is rules.Walling compiled.
type wallInfo struct {
	rule   rules.WallRule
	orMove bool
	// ok holds the squares each player may wall (its region), by player.
	ok   [2][256]bool
	edge [256]bool // the squares of the board's edge
}

func compileWalling(v *rules.Variant) *wallInfo {
	w := v.Walling
	if w == nil || w.Rule == rules.NoWalling {
		return nil
	}
	wi := &wallInfo{rule: w.Rule, orMove: w.OrMove}
	for _, sq := range v.Size.Squares() {
		s := sqOf(sq.File, sq.Rank)
		wi.edge[s] = sq.File == 0 || sq.Rank == 0 || sq.File == v.Size.W-1 || sq.Rank == v.Size.H-1
		for pl := range wi.ok {
			wi.ok[pl][s] = w.Region[pl] == nil || slices.Contains(w.Region[pl], sq)
		}
	}
	return wi
}

// Wall returns the square m puts a wall on, if it puts one.
func (m Move) Wall() (geom.Square, bool) {
	return sqToGeom(m.wall()), m&flagWall != 0
}

func (m Move) wall() uint8 { return uint8(m >> 32) }

func withWall(m Move, sq uint8) Move { return m&^(0xff<<32) | Move(sq)<<32 | flagWall }

// addWalls expands the n legal piece moves at the head of l into the
// walling moves, as rules.Position.withWalls does: each with every wall
// square it may put, or (OrMove) each as it is plus the wall-only moves.
// The expansions are written after the piece moves and moved down.
func (p *Position) addWalls(l *MoveList, inCheck bool) {
	w := p.r.wall
	n := l.N
	if w.orMove {
		if inCheck {
			return
		}
		for _, sq := range p.r.squares {
			if pc := p.board[sq]; pc != 0 && owner(pc) == p.turn {
				p.wallsOf(l, mkMove(sq, sq, 0, 0))
				return
			}
		}
		return
	}
	for i := 0; i < n; i++ {
		m := l.Moves[i]
		u := p.Play(m)
		if m&flagEP != 0 && w.rule == rules.WallArrow {
			p.board[u.capSq] = u.captured // the arrow flies past the pawn taken
		}
		p.wallsAfter(l, m, kindOf(u.mover))
		if m&flagEP != 0 && w.rule == rules.WallArrow {
			p.board[u.capSq] = 0
		}
		p.Unplay(m, u)
	}
	copy(l.Moves[:], l.Moves[n:l.N])
	l.N -= n
}

// wallsOf adds the wall-only moves of the null move m (OrMove).
func (p *Position) wallsOf(l *MoveList, m Move) {
	w := p.r.wall
	for _, sq := range p.r.squares {
		if p.board[sq] == 0 && w.ok[p.turn][sq] && (w.rule != rules.WallEdge || p.byEdgeOrWall(sq)) && w.rule != rules.WallPast &&
			w.rule != rules.WallArrow {
			l.add(withWall(m, sq))
		}
	}
}

// wallsAfter adds m with each wall square it may put; p is the position
// after m's piece part (the mover's opponent to move), k the kind that
// moved.
func (p *Position) wallsAfter(l *MoveList, m Move, k uint8) {
	w := p.r.wall
	us := p.turn ^ 1
	switch w.rule {
	case rules.WallPast:
		if from := m.from(); p.board[from] == 0 && w.ok[us][from] {
			l.add(withWall(m, from))
		}
	case rules.WallArrow:
		p.arrows(l, m, k, us)
	default:
		for _, sq := range p.r.squares {
			if p.board[sq] == 0 && w.ok[us][sq] && (w.rule != rules.WallEdge || p.byEdgeOrWall(sq)) {
				l.add(withWall(m, sq))
			}
		}
	}
}

// byEdgeOrWall reports whether sq is on the edge or orthogonally next to
// a wall.
func (p *Position) byEdgeOrWall(sq uint8) bool {
	if p.r.wall.edge[sq] {
		return true
	}
	return p.board[sq+1] == wallPiece || p.board[sq-1] == wallPiece || p.board[sq+16] == wallPiece || p.board[sq-16] == wallPiece
}

// arrows adds m with each square the piece of kind k (of player us) could
// move to without capturing from where it landed (a castling king: from
// its rook's square, as rules.Position.arrowSquares).
func (p *Position) arrows(l *MoveList, m Move, k, us uint8) {
	r := p.r
	from := m.to()
	if m&flagCastle != 0 {
		from = m.extra()
	}
	li := (int(k)*2+int(us))*256 + int(from)
	ls, rs := r.leapIdx[li], r.rayIdx[li]
leaps:
	for i := ls.lo; i < ls.hi; i++ {
		op := &r.leaps[i]
		for _, b := range op.blk[:op.nb] {
			if p.board[b] != 0 {
				continue leaps
			}
		}
		if op.mods&opCaptureOnly == 0 && p.board[op.to] == 0 && r.wall.ok[us][op.to] {
			l.add(withWall(m, op.to))
		}
	}
	for i := rs.lo; i < rs.hi; i++ {
		op := &r.rays[i]
		if op.mods&opCaptureOnly != 0 {
			continue
		}
		sqs := r.pool[op.start : op.start+uint32(op.n)]
		j := 0
		if op.motion != raySlide {
			for j < len(sqs) && p.board[sqs[j]] == 0 {
				j++
			}
			j++
		}
		for landed := 0; j < len(sqs) && p.board[sqs[j]] == 0; j++ {
			if r.wall.ok[us][sqs[j]] {
				l.add(withWall(m, sqs[j]))
			}
			if op.motion == rayGrasshop {
				break
			}
			if landed++; op.motion == rayHop && landed == int(op.rng) {
				break
			}
		}
	}
}

// placeWall puts m's wall after its piece part, lifting the duck first,
// and returns the duck's old square (255: none) for Unplay.
func (p *Position) placeWall(m Move) uint8 {
	old := uint8(255)
	if p.r.wall.rule == rules.WallDuck && p.duck != 255 {
		old = p.duck
		p.board[old] = 0
	}
	sq := m.wall()
	p.board[sq] = wallPiece
	if p.r.wall.rule == rules.WallDuck {
		p.duck = sq
	}
	if p.hasEP && p.ep == sq {
		p.hasEP, p.ep, p.victim = false, 0, 0
	}
	return old
}

// liftWall takes m's wall back and puts the duck back on old.
func (p *Position) liftWall(m Move, old uint8) {
	p.board[m.wall()] = 0
	if p.r.wall.rule == rules.WallDuck {
		p.duck = old
		if old != 255 {
			p.board[old] = wallPiece
		}
	}
}

// playWallOnly plays a wall put instead of a move (OrMove).
func (p *Position) playWallOnly(m Move) Undo {
	u := Undo{ep: p.ep, victim: p.victim, hasEP: p.hasEP, castle: p.castle, gates: p.gates, halfmove: p.halfmove, fullmove: p.fullmove,
		count: [2]int32{p.countLimit, p.countPly}, checks: p.checks, capSq: 255}
	p.hasEP, p.ep, p.victim = false, 0, 0
	p.halfmove++
	if p.turn == 1 {
		p.fullmove++
	}
	p.turn ^= 1
	if p.r.count.rule != rules.NoCounting {
		if p.countLimit != 0 {
			p.countPly++
		}
		p.updateCount(false)
	}
	u.duck = p.placeWall(m)
	if p.r.checks {
		p.countCheck()
	}
	return u
}

// unplayWallOnly takes back playWallOnly.
func (p *Position) unplayWallOnly(m Move, u Undo) {
	p.liftWall(m, u.duck)
	p.turn ^= 1
	p.ep, p.victim, p.hasEP = u.ep, u.victim, u.hasEP
	p.countLimit, p.countPly = u.count[0], u.count[1]
	p.checks = u.checks
	p.halfmove, p.fullmove = u.halfmove, u.fullmove
}

// wallText is the wall part of m's text (rules.Position.MoveText).
func (p *Position) wallText(b []byte, m Move) []byte {
	if p.r.wall == nil {
		return b
	}
	b = append(b, ',')
	b = append(b, squareName(m.to())...)
	return append(b, squareName(m.wall())...)
}

// readWalls copies the reference position's walls onto the board. The
// duck is one square: a duck game with more walls is left to the
// reference generator.
func (p *Position) readWalls(ref *rules.Position) error {
	walls := ref.Walls()
	if w := p.r.wall; w != nil && w.rule == rules.WallDuck && len(walls) > 1 {
		return fmt.Errorf("%w: %d walls in a duck game", ErrUnsupported, len(walls))
	}
	for _, sq := range walls {
		s := sqOf(sq.File, sq.Rank)
		if p.r.wall != nil && p.r.wall.rule == rules.WallDuck {
			p.duck = s
		}
		p.board[s] = wallPiece
	}
	return nil
}

package fairy

import (
	"strings"

	"github.com/baten-chess/baten/kinematics"
	"github.com/baten-chess/baten/rules"
)

// The palaces family's diagonal lines and janggi cannons in the fast
// generator (rules.PalaceLines). The cannons' rule is two tests in the
// hop loops of generation and of the attack test: a cannon as the screen
// ends a cannon's ray, and a cannon is never a cannon's target. The
// lines' moves are a walk of their own along the four diagonals of a
// square of the lines, taken only from those squares (ten in janggi), in
// generation and, from the attacked square, in the attack test.

// The roles of a kind along the lines, in the order rules.PalaceLines
// reads its lists.
const (
	lineNone    = iota
	lineRider   // slides to the squares of the lines
	lineStepper // steps one square diagonally
	lineSoldier // steps one square diagonally forward
	lineCannon  // hops one screen that is not a cannon
)

// lineDiags are the diagonal steps, as (file, rank).
var lineDiags = [4][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}

// palaceInfo is rules.PalaceLines compiled.
type palaceInfo struct {
	on     [256]bool                  // the squares of the lines
	role   [maxKinds + 1]uint8        // by kind: its moves along the lines
	cannon uint32                     // the janggi cannons' kinds, a bit by KindID
	movers uint32                     // the kinds with a role
	diag   [256][4]span               // from a square of the lines, its diagonals in pool
	pool   []uint8                    // the diagonals' squares, nearest first
	fw     [2]int                     // the players' forward rank steps
	held   [2][256][maxKinds + 1]bool // a soldier held to its file there (rules.SoldierRule)
}

// compilePalace compiles v's palace lines, nil for none. The rules that
// read the move tables elsewhere are refused with the lines: walling's
// arrows, blasts and no-checking's check zone (Rules.lines has no
// diagonal lines) and gates. So is a kind of the lists with a diagonal
// move of its own (the lines' moves would repeat it) or a cannon that
// does not only hop.
func compilePalace(v *rules.Variant, r *Rules) (*palaceInfo, error) {
	pl := v.Palace
	if pl == nil {
		return nil, nil
	}
	switch {
	case v.Walling != nil, v.Capture != nil, v.NoChecking, v.Gates:
		return nil, unsupported(v, "palace lines with walling, capture effects, no checking or gates")
	}
	pi := &palaceInfo{fw: v.Forward}
	for _, sq := range pl.Lines {
		if v.Size.Contains(sq) {
			pi.on[sqOf(sq.File, sq.Rank)] = true
		}
	}
	for i := range v.Pieces {
		k := &v.Pieces[i]
		id := i + 1
		in := func(list string) bool { return strings.IndexByte(list, k.Letter) >= 0 }
		switch {
		case in(pl.Riders):
			pi.role[id] = lineRider
		case in(pl.Steppers):
			pi.role[id] = lineStepper
		case in(pl.Soldiers):
			pi.role[id] = lineSoldier
		}
		if in(pl.Cannons) {
			if pi.role[id] != lineNone {
				return nil, unsupported(v, "a janggi cannon of two roles on the lines (%s)", k.Name)
			}
			pi.role[id] = lineCannon
			pi.cannon |= 1 << id
		}
		if pi.role[id] == lineNone {
			continue
		}
		pi.movers |= 1 << id
		for _, c := range k.Movement {
			if c.Delta.File != 0 && c.Delta.Rank != 0 || pi.role[id] == lineCannon && c.Motion != kinematics.Hop {
				return nil, unsupported(v, "a piece of the palace lines moving diagonally or a cannon that does not hop (%s)", k.Name)
			}
		}
		for p := range 2 {
			for _, sq := range r.squares {
				pi.held[p][sq][id] = r.soldiers.held(v, id, p, sq, 1) // family: palaces: a held soldier leaves its file by no line either
			}
		}
	}
	for _, sq := range r.squares {
		if !pi.on[sq] {
			continue
		}
		for d, dir := range lineDiags {
			s := span{lo: uint32(len(pi.pool))}
			for f, rk := int(sq%16)+dir[0], int(sq/16)+dir[1]; f >= 0 && f < r.w && rk >= 0 && rk < r.h; f, rk = f+dir[0], rk+dir[1] {
				pi.pool = append(pi.pool, sqOf(f, rk))
			}
			s.hi = uint32(len(pi.pool))
			pi.diag[sq][d] = s
		}
	}
	return pi, nil
}

// isCannon reports whether the board byte pc is a janggi cannon.
func (pi *palaceInfo) isCannon(pc uint8) bool { return pc != 0 && pi.cannon&(1<<kindOf(pc)) != 0 }

// ray is the diagonal d of sq, a square of the lines.
func (pi *palaceInfo) ray(sq uint8, d int) []uint8 {
	s := pi.diag[sq][d]
	return pi.pool[s.lo:s.hi]
}

// lineMoves adds the moves along the lines of the piece of kind k on
// from, a square of the lines, as rules.Position's palaceTargets: only a
// square of the lines is a destination.
func (p *Position) lineMoves(l *MoveList, k, from uint8) {
	pi := p.r.palace
	us := p.turn
	for d := range lineDiags {
		sqs := pi.ray(from, d)
		switch pi.role[k] {
		case lineRider:
			p.lineSlide(l, k, from, sqs)
		case lineSoldier:
			if lineDiags[d][1] == pi.fw[us] && !pi.held[us][from][k] {
				p.lineStep(l, k, from, sqs)
			}
		case lineStepper:
			p.lineStep(l, k, from, sqs)
		case lineCannon:
			p.lineHop(l, k, from, sqs)
		}
	}
}

// lineStep adds the step from from to the first square of sqs, if it is
// on the lines.
func (p *Position) lineStep(l *MoveList, k, from uint8, sqs []uint8) {
	if len(sqs) == 0 || !p.r.palace.on[sqs[0]] {
		return
	}
	if t := p.board[sqs[0]]; t == 0 || p.takeable(t) {
		p.emit(l, k, from, sqs[0], 0)
	}
}

// lineSlide adds a rider's slide along sqs: the squares of the lines up
// to the first piece, which it takes if the square is on the lines.
func (p *Position) lineSlide(l *MoveList, k, from uint8, sqs []uint8) {
	on := &p.r.palace.on
	for _, to := range sqs {
		t := p.board[to]
		if on[to] && (t == 0 || p.takeable(t)) {
			p.emit(l, k, from, to, 0)
		}
		if t != 0 {
			return
		}
	}
}

// lineHop adds a cannon's hop along sqs: over one piece that is not a
// cannon, to the squares of the lines beyond it up to the next piece,
// which it takes if it is on the lines and not a cannon.
func (p *Position) lineHop(l *MoveList, k, from uint8, sqs []uint8) {
	pi := p.r.palace
	j := 0
	for j < len(sqs) && p.board[sqs[j]] == 0 {
		j++
	}
	if j == len(sqs) || pi.isCannon(p.board[sqs[j]]) {
		return
	}
	for j++; j < len(sqs); j++ {
		to := sqs[j]
		t := p.board[to]
		if t == 0 {
			if pi.on[to] {
				p.emit(l, k, from, to, 0)
			}
			continue
		}
		if pi.on[to] && !pi.isCannon(t) && p.takeable(t) {
			p.emit(l, k, from, to, 0)
		}
		return
	}
}

// lineAttacker is attacker's look along the lines from s, a square of
// the lines: it records in best, as better does, each piece of X that
// could take on s by a move along them, and reports true to stop the
// search.
func (p *Position) lineAttacker(s, X uint8, values []int, best *uint8) bool {
	pi := p.r.palace
	target := pi.isCannon(p.board[s]) // a cannon takes no cannon
	for d := range lineDiags {
		sqs := pi.ray(s, d)
		j := 0
		for j < len(sqs) && p.board[sqs[j]] == 0 {
			j++
		}
		if j == len(sqs) {
			continue
		}
		q, pc := sqs[j], p.board[sqs[j]]
		if p.lineMover(q, X, s) {
			switch pi.role[kindOf(pc)] {
			case lineRider:
				if p.better(q, best, values) {
					return true
				}
			case lineSoldier:
				if j == 0 && -lineDiags[d][1] == pi.fw[X] && !pi.held[X][q][kindOf(pc)] && p.better(q, best, values) {
					return true
				}
			case lineStepper:
				if j == 0 && p.better(q, best, values) {
					return true
				}
			}
		}
		if target || pi.isCannon(pc) {
			continue
		}
		for j++; j < len(sqs) && p.board[sqs[j]] == 0; j++ {
		}
		if j < len(sqs) && p.lineMover(sqs[j], X, s) && pi.role[kindOf(p.board[sqs[j]])] == lineCannon && p.better(sqs[j], best, values) {
			return true
		}
	}
	return false
}

// lineMover reports whether q, a square of the lines, holds a piece of X
// that moves along them and may stand on s (mobilityRegion).
func (p *Position) lineMover(q, X, s uint8) bool {
	pc := p.board[q]
	if !p.r.palace.on[q] || !p.enemyOf(q, X, p.r.palace.movers) {
		return false
	}
	ki := &p.r.kinds[kindOf(pc)]
	return !ki.stand[X] || ki.standOK[X][s]
}

// liveLines' part along the lines: the diagonals of s, a royal square of
// the lines, up to the farthest piece of them that moves along the lines.
func (p *Position) liveDiagonals(s, them uint8, live *[4]uint64) {
	pi := p.r.palace
	for d := range lineDiags {
		p.markRay(pi.ray(s, d), them, pi.movers, live)
	}
}

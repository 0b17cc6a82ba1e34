package fairy

import (
	"fmt"
	"strings"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/kinematics"
	"github.com/baten-chess/baten/rules"
)

// epInfo is a compiled rules.EnPassantSquares: where the pawn kind may
// step three, and the first-move moves that leave en passant squares.
type epInfo struct {
	pawn   uint8
	triple [2][256]bool
	// region[taker] is where taker may take en passant
	// (rules.Variant.EnPassantFor).
	region [2][256]bool
	// initial[kind][player][from] lists the moves only the kind's Initial
	// components make from from, with the en passant squares each leaves;
	// nil for kinds of no rule.
	initial [][2][256][]initialMove
}

// initialMove is a first-move move to to that leaves n en passant
// squares: the squares passed, nearest to first, then to.
type initialMove struct {
	to     uint8
	n      uint8
	passed [2]uint8
}

func compileEPSquares(r *Rules, v *rules.Variant) (*epInfo, error) {
	e := v.EPSquares
	if e == nil {
		return nil, nil
	}
	ei := &epInfo{pawn: uint8(e.Pawn)}
	for pl := range 2 {
		for _, s := range r.squares {
			ei.region[pl][s] = v.EnPassantFor(rules.Player(pl), sqToGeom(s))
		}
		for _, sq := range e.TripleStep[pl] {
			if v.Size.Contains(sq) {
				ei.triple[pl][sqOf(sq.File, sq.Rank)] = true
			}
		}
	}
	for i := range v.Pieces {
		if strings.IndexByte(e.Initial, v.Pieces[i].Letter) < 0 {
			continue
		}
		if ei.initial == nil {
			ei.initial = make([][2][256][]initialMove, len(v.Pieces)+1)
		}
		for pl := range 2 {
			for _, from := range r.squares {
				moves, err := initialMoves(v, &ei.region[pl^1], i, pl, sqToGeom(from))
				if err != nil {
					return nil, err
				}
				ei.initial[i+1][pl][from] = moves
			}
		}
	}
	return ei, nil
}

// initialMoves lists the moves from from that only the Initial components
// of kind i of player pl reach on an empty board (rules.EnPassantSquares).
// region is where the opponent may take en passant.
func initialMoves(v *rules.Variant, region *[256]bool, i, pl int, from geom.Square) ([]initialMove, error) {
	f := kinematics.Frame{Size: v.Size, Forward: v.Forward[pl], Initial: true, Occupied: func(geom.Square) bool { return false }}
	var initial, other []geom.Square
	for _, c := range v.Pieces[i].Movement {
		for t := range c.Targets(f, from) {
			if c.Mods&kinematics.Initial != 0 {
				initial = append(initial, t.To)
			} else {
				other = append(other, t.To)
			}
		}
	}
	var out []initialMove
	for _, to := range initial {
		if contains(other, to) || containsMove(out, to) {
			continue
		}
		m := initialMove{to: sqOf(to.File, to.Rank)}
		for _, sq := range append(rules.Between(from, to), to) { // and the square landed on (rules.EnPassantSquares.Initial)
			s := sqOf(sq.File, sq.Rank)
			if !region[s] {
				continue
			}
			if m.n == 2 {
				return nil, fmt.Errorf("%w: a first move of %s passing more than two en passant squares", ErrUnsupported, v.Pieces[i].Name)
			}
			m.passed[m.n] = s
			m.n++
		}
		out = append(out, m)
	}
	return out, nil
}

func contains(sqs []geom.Square, sq geom.Square) bool {
	for _, s := range sqs {
		if s == sq {
			return true
		}
	}
	return false
}

func containsMove(ms []initialMove, to geom.Square) bool {
	for _, m := range ms {
		if m.to == sqOf(to.File, to.Rank) {
			return true
		}
	}
	return false
}

// epAt reports whether sq is an en passant square of the piece that may
// take on epSq (256: none): epSq itself, or the second square of a triple
// step.
func (p *Position) epAt(sq uint8, epSq uint16) bool {
	return uint16(sq) == epSq || (epSq < 256 && p.hasEP2 && sq == p.ep2)
}

// tripleStep adds the triple step of the pawn of kind k on from, when it
// has one (rules.Position.tripleSteps).
func (p *Position) tripleStep(l *MoveList, from, k uint8) {
	e := p.r.eps
	us := p.turn
	if e == nil || k != e.pawn || !e.triple[us][from] {
		return
	}
	step := 16 * p.r.v.Forward[us]
	to := int(from)
	for range 3 {
		to += step
		if to < 0 || to/16 >= p.r.h || p.board[to] != 0 { // a wall is not 0 either (walling)
			return
		}
	}
	if ki := &p.r.kinds[k]; ki.stand[us] && !ki.standOK[us][to] {
		return // per-colour rules: mobilityRegion
	}
	p.emit(l, k, from, uint8(to), 0)
}

// passedSquares sets the en passant squares after the move mv of a piece
// of kind k of us, when a rule of rules.EnPassantSquares leaves
// them (rules.Position.passedSquares).
func (p *Position) passedSquares(us, k uint8, mv Move) {
	p.hasEP2 = false
	e := p.r.eps
	if e == nil || mv&flagCastle != 0 {
		return
	}
	if p.hasEP && !e.region[us^1][p.ep] {
		p.hasEP, p.ep, p.victim = false, 0, 0 // a double step's square off the taker's region
	}
	from, to := mv.from(), mv.to()
	var m initialMove
	switch {
	case k == e.pawn && from%16 == to%16 && (from/16 == to/16+3 || to/16 == from/16+3) && p.r.kinds[k].ep[us]:
		back := -16 * p.r.v.Forward[us]
		m = initialMove{to: to}
		for _, s := range [2]uint8{uint8(int(to) + back), uint8(int(to) + 2*back)} {
			if e.region[us^1][s] {
				m.passed[m.n] = s
				m.n++
			}
		}
	case e.initial != nil && e.initial[k][us][from] != nil:
		found := false
		for _, im := range e.initial[k][us][from] {
			if im.to == to {
				m, found = im, true
				break
			}
		}
		if !found {
			return
		}
	default:
		return
	}
	p.hasEP, p.ep, p.victim = m.n > 0, m.passed[0], to
	if m.n == 0 {
		p.ep, p.victim = 0, 0
	}
	if m.n > 1 {
		p.hasEP2, p.ep2 = true, m.passed[1]
	}
}

// readEPSquares takes the second en passant square of the reference
// position p.
func (q *Position) readEPSquares(p *rules.Position) {
	if ep2, ok := p.SecondEnPassant(); ok {
		q.hasEP2, q.ep2 = true, sqOf(ep2.File, ep2.Rank)
	}
}

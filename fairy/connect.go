package fairy

import (
	"github.com/baten-chess/baten/rules"
)

// connectInfo is a compiled rules.ConnectRule: which piece codes are
// each player's connect pieces, the next square along each line
// direction (noSquare off the board), and the regions as square lists
// and tables.
type connectInfo struct {
	mine        [2][64]bool // by piece code (kind | owner<<5), by player
	next        [][256]uint8
	first       [][256]bool // no square of the board comes before it along the direction
	n, nxn, col int
	region1     [2][]uint8
	inRegion2   [2][256]bool
	joins       [2]bool // both regions of the player hold a square
	value       rules.Value
}

// noSquare is the next square past the board's edge.
const noSquare = 255

func compileConnect(v *rules.Variant, squares []uint8) *connectInfo {
	c := v.Connect
	if c == nil {
		return nil
	}
	ci := &connectInfo{n: c.N, nxn: c.NxN, col: c.Collinear, value: c.Value}
	for pl := 0; pl < 2; pl++ {
		for id := range v.Pieces {
			l := v.Pieces[id].Letter
			ok := c.All
			for i := 0; i < len(c.Kinds); i++ {
				ok = ok || c.Kinds[i] == l
			}
			ci.mine[pl][uint8(id+1)|uint8(pl)<<5] = ok
		}
		for _, sq := range c.Region1[pl] {
			if v.Size.Contains(sq) {
				ci.region1[pl] = append(ci.region1[pl], sqOf(sq.File, sq.Rank))
			}
		}
		for _, sq := range c.Region2[pl] {
			if v.Size.Contains(sq) {
				ci.inRegion2[pl][sqOf(sq.File, sq.Rank)] = true
				ci.joins[pl] = len(ci.region1[pl]) > 0
			}
		}
	}
	for _, d := range c.Directions() {
		var next [256]uint8
		var first [256]bool
		for i := range next {
			next[i] = noSquare
		}
		on := func(f, r int) bool { return f >= 0 && f < v.Size.W && r >= 0 && r < v.Size.H }
		for _, sq := range squares {
			f, r := int(sq%16), int(sq/16)
			if on(f+d[0], r+d[1]) {
				next[sq] = sqOf(f+d[0], r+d[1])
			}
			first[sq] = !on(f-d[0], r-d[1])
		}
		ci.next, ci.first = append(ci.next, next), append(ci.first, first)
	}
	return ci
}

// isMine reports whether sq (possibly noSquare) holds one of player c's
// connect pieces.
func (p *Position) isMine(ci *connectInfo, sq, c uint8) bool {
	return sq != noSquare && owner(p.board[sq]) == c && ci.mine[c][p.board[sq]]
}

// connected is rules.Position.Connected.
func (p *Position) connected(c uint8) bool {
	ci := p.r.connect
	if ci.n > 0 {
		for d := range ci.next {
			next := &ci.next[d]
			for _, sq := range p.r.squares {
				n := 0
				for s := sq; n < ci.n && p.isMine(ci, s, c); s = next[s] {
					n++
				}
				if n == ci.n {
					return true
				}
			}
		}
	}
	if ci.joins[c] && p.joined(ci, c) {
		return true
	}
	if ci.nxn > 0 {
		for _, corner := range p.r.squares {
			if p.squareFull(ci, corner, c) {
				return true
			}
		}
	}
	if ci.col > 0 {
		for d := range ci.next {
			next := &ci.next[d]
			for _, sq := range p.r.squares {
				if ci.first[d][sq] {
					n := 0
					for s := sq; s != noSquare; s = next[s] {
						if p.isMine(ci, s, c) {
							n++
						}
					}
					if n >= ci.col {
						return true
					}
				}
			}
		}
	}
	return false
}

// squareFull reports whether the nxn square with corner (its lowest file
// and rank) at corner holds c's connect pieces only.
func (p *Position) squareFull(ci *connectInfo, corner, c uint8) bool {
	f, r := int(corner%16), int(corner/16)
	if f+ci.nxn > p.r.w || r+ci.nxn > p.r.h {
		return false
	}
	for df := 0; df < ci.nxn; df++ {
		for dr := 0; dr < ci.nxn; dr++ {
			if !p.isMine(ci, sqOf(f+df, r+dr), c) {
				return false
			}
		}
	}
	return true
}

// joined reports whether c's pieces join its two regions, growing from
// region 1 by forward steps only, as rules.Position.Connected does.
func (p *Position) joined(ci *connectInfo, c uint8) bool {
	var reached [256]bool
	var todo [256]uint8
	n := 0
	for _, sq := range ci.region1[c] {
		if p.isMine(ci, sq, c) && !reached[sq] {
			reached[sq] = true
			todo[n] = sq
			n++
		}
	}
	for i := 0; i < n; i++ {
		for d := range ci.next {
			s := ci.next[d][todo[i]]
			if !p.isMine(ci, s, c) {
				continue
			}
			if ci.inRegion2[c][s] {
				return true
			}
			if !reached[s] {
				reached[s] = true
				todo[n] = s
				n++
			}
		}
	}
	return false
}

// connectOutcome applies the connection rule to the side that has just
// moved, as rules.Position does.
func (p *Position) connectOutcome() (rules.Outcome, bool) {
	mover := p.turn ^ 1
	if !p.connected(mover) {
		return rules.Outcome{}, false
	}
	pl := rules.Player(mover)
	switch p.r.connect.value {
	case rules.ValueWin:
		return rules.Outcome{Winner: pl, Reason: rules.Connection}, true
	case rules.ValueDraw:
		return rules.Outcome{Draw: true, Reason: rules.Connection}, true
	}
	return rules.Outcome{Winner: pl.Opponent(), Reason: rules.Connection}, true
}

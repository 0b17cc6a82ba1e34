package rules

import (
	"github.com/baten-chess/baten/geom"
)

// ConnectRule is Fairy-Stockfish's connection rule: the games won (or
// lost) by lining pieces up or joining two regions, as tic-tac-toe,
// connect four, teeko and three musketeers are.
//
// Only the side that has just moved is examined, and only its pieces of
// the connect kinds (Kinds; every kind when All). It has connected when
//
//   - N > 0 and N of them stand in a row, next to one another, along one
//     of the lines the rule looks at (connectN);
//   - a piece stands in its Region1 and, from it, a path of its pieces
//     reaches a piece in its Region2, each step of the path along one of
//     the lines in its forward sense only: east, north, north-east or
//     south-east (connectRegion1/2White/Black; Fairy-Stockfish's flood
//     fill steps only these ways, so a path that must turn back west or
//     south is not found);
//   - NxN > 0 and they fill an NxN square of the board (connectNxN),
//     whatever the lines;
//   - Collinear > 0 and Collinear of them stand on one line, gaps allowed
//     (collinearN).
//
// The lines are the ranks (Horizontal), the files (Vertical) and both
// diagonals (Diagonal). The side that connected gets Value: a win by
// default, a loss in misère games (three musketeers).
type ConnectRule struct {
	// Kinds are the upper-case letters of the connect kinds; All counts
	// every kind.
	Kinds string
	All   bool
	// N is how many in a row connect; 0 for no such rule.
	N int
	// Horizontal, Vertical and Diagonal choose the lines.
	Horizontal, Vertical, Diagonal bool
	// Region1 and Region2 are each player's two regions to join, by
	// Player; the rule applies to a player whose both regions are set.
	Region1, Region2 [2][]geom.Square
	// NxN is the side of the square to fill; 0 for no such rule.
	NxN int
	// Collinear is how many on one line connect; 0 for no such rule.
	Collinear int
	// Value is the result for the side that connected.
	Value Value
}

// Directions are the forward senses of the lines the rule looks at, as
// (file, rank) steps in Fairy-Stockfish's order: east (ranks), north
// (files), north-east and south-east (diagonals).
func (c *ConnectRule) Directions() [][2]int {
	var d [][2]int
	if c.Horizontal {
		d = append(d, [2]int{1, 0})
	}
	if c.Vertical {
		d = append(d, [2]int{0, 1})
	}
	if c.Diagonal {
		d = append(d, [2]int{1, 1}, [2]int{1, -1})
	}
	return d
}

// step is the square k steps of d from sq.
func step(sq geom.Square, d [2]int, k int) geom.Square {
	return geom.Square{File: sq.File + k*d[0], Rank: sq.Rank + k*d[1]}
}

// isConnectPiece reports whether the piece on sq is one of player's
// connect pieces.
func (p *Position) isConnectPiece(sq geom.Square, player Player) bool {
	pc := p.board.At(sq)
	if pc.Empty() || pc.Owner != player {
		return false
	}
	c := p.v.Connect
	if c.All {
		return true
	}
	l := p.v.Kind(pc.Kind).Letter
	for i := 0; i < len(c.Kinds); i++ {
		if c.Kinds[i] == l {
			return true
		}
	}
	return false
}

// Connected reports whether player has connected (see ConnectRule); false
// in a variant without the rule.
func (p *Position) Connected(player Player) bool {
	c := p.v.Connect
	if c == nil {
		return false
	}
	dirs := c.Directions()
	mine := func(sq geom.Square) bool { return p.isConnectPiece(sq, player) }
	squares := p.v.Size.Squares()
	// N in a row: a square and the N-1 after it along a line.
	if c.N > 0 {
		for _, d := range dirs {
			for _, sq := range squares {
				n := 0
				for s := sq; n < c.N && mine(s); s = step(s, d, 1) {
					n++
				}
				if n == c.N {
					return true
				}
			}
		}
	}
	// Region 1 joined to region 2: grow from region 1's pieces, forward
	// steps only.
	if r1, r2 := c.Region1[player], c.Region2[player]; len(r1) > 0 && len(r2) > 0 {
		reached := map[geom.Square]bool{}
		var todo []geom.Square
		for _, sq := range r1 {
			if p.v.Size.Contains(sq) && mine(sq) && !reached[sq] {
				reached[sq] = true
				todo = append(todo, sq)
			}
		}
		in2 := map[geom.Square]bool{}
		for _, sq := range r2 {
			in2[sq] = true
		}
		// A piece of region 1 that is also in region 2 joins them only by
		// a step from another piece: Fairy-Stockfish looks for region 2
		// among the squares it reaches, not those it starts from.
		for len(todo) > 0 {
			sq := todo[0]
			todo = todo[1:]
			for _, d := range dirs {
				next := step(sq, d, 1)
				if !mine(next) {
					continue
				}
				if in2[next] {
					return true
				}
				if !reached[next] {
					reached[next] = true
					todo = append(todo, next)
				}
			}
		}
	}
	// An NxN square: every square of it holds a connect piece.
	if c.NxN > 0 {
		for _, corner := range squares {
			full := true
			for df := 0; df < c.NxN && full; df++ {
				for dr := 0; dr < c.NxN && full; dr++ {
					full = mine(geom.Square{File: corner.File + df, Rank: corner.Rank + dr})
				}
			}
			if full {
				return true
			}
		}
	}
	// Collinear: count the pieces of each line, from the square before
	// its first on the board.
	if c.Collinear > 0 {
		for _, d := range dirs {
			for _, sq := range squares {
				if p.v.Size.Contains(step(sq, d, -1)) {
					continue // not the line's first square
				}
				n := 0
				for s := sq; p.v.Size.Contains(s); s = step(s, d, 1) {
					if mine(s) {
						n++
					}
				}
				if n >= c.Collinear {
					return true
				}
			}
		}
	}
	return false
}

// connectOutcome applies the connection rule to the side that has just
// moved.
func (p *Position) connectOutcome() (Outcome, bool) {
	mover := p.turn.Opponent()
	if !p.Connected(mover) {
		return Outcome{}, false
	}
	return valueOutcome(p.v.Connect.Value, mover, Connection), true
}

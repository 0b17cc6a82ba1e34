package rules

import (
	"slices"

	"github.com/baten-chess/baten/geom"
)

// WallRule is where Fairy-Stockfish's wallingRule lets a move put its wall
// square: a square no piece may enter, cross or land on, which stays for
// the rest of the game (but the duck's, which moves every turn).
type WallRule int

const (
	// NoWalling: moves put no wall.
	NoWalling WallRule = iota
	// WallArrow: on a square the moved piece could move to next, from
	// where it landed (the Amazons' arrow).
	WallArrow
	// WallDuck: anywhere empty, and the wall already on the board (the
	// duck) is lifted: the duck moves to another square every turn.
	WallDuck
	// WallEdge: on an edge square of the board or next to (orthogonally)
	// a wall square.
	WallEdge
	// WallPast: on the square the moved piece left (a snail's trail).
	WallPast
	// WallStatic: anywhere empty.
	WallStatic
)

// Walling is the walling family's rule: after every move (or, with OrMove,
// instead of one) the mover puts a wall on an empty square the Rule and
// its Region allow.
//
// In plain words, as Fairy-Stockfish plays it:
//   - The wall goes on a square that is empty once the piece has moved (the
//     square it left may be one) and is not already a wall; where the Rule
//     says; and in Region of the mover (nil: every square).
//   - Whether a move is legal is judged before the wall goes down: a wall
//     never shields the mover's royal piece from the check the move
//     itself leaves or meets.
//   - With OrMove, a side either moves a piece (putting no wall) or puts a
//     wall without moving, which it may not do while in check. Fairy-
//     Stockfish writes such a move as a null move of the side's first
//     piece (lowest square, a1 first): "a1a1,a1a3".
//   - A double step that has its wall put on the square passed over gives
//     no en passant square.
type Walling struct {
	Rule WallRule
	// Region is where each player may put a wall, by Player; nil allows
	// every square.
	Region [2][]geom.Square
	// OrMove: a side moves or puts a wall, never both.
	OrMove bool
}

// Walls lists the wall squares, in geom's Index order.
func (p *Position) Walls() []geom.Square { return slices.Clone(p.walls) }

// IsWall reports whether sq is a wall square.
func (p *Position) IsWall(sq geom.Square) bool {
	if len(p.walls) == 0 {
		return false // most games: asked for every square a piece looks at
	}
	_, found := slices.BinarySearchFunc(p.walls, sq, p.cmpSquare)
	return found
}

// cmpSquare orders squares by geom's Index.
func (p *Position) cmpSquare(a, b geom.Square) int {
	return p.v.Size.Index(a) - p.v.Size.Index(b)
}

// addWall makes sq a wall square.
func (p *Position) addWall(sq geom.Square) {
	if i, found := slices.BinarySearchFunc(p.walls, sq, p.cmpSquare); !found {
		p.walls = slices.Insert(p.walls, i, sq)
	}
}

// withWalls expands the legal piece moves into the walling moves: each
// with every wall square it may put (without OrMove), or each as it is
// plus the wall-only moves (with OrMove). p is the position before the
// moves.
func (p *Position) withWalls(moves []Move) []Move {
	w := p.v.Walling
	if w == nil || w.Rule == NoWalling {
		return moves
	}
	if w.OrMove {
		if p.InCheck() {
			return moves
		}
		for _, sq := range p.v.Size.Squares() {
			if pc := p.board.At(sq); !pc.Empty() && pc.Owner == p.turn {
				stay := Move{From: sq, To: sq}
				for _, wall := range p.wallSquares(stay) {
					moves = append(moves, Move{From: sq, To: sq, Wall: wall, Walled: true})
				}
				break
			}
		}
		return moves
	}
	var out []Move
	for _, m := range moves {
		for _, wall := range p.wallSquares(m) {
			wm := m
			wm.Wall, wm.Walled = wall, true
			out = append(out, wm)
		}
	}
	return out
}

// wallSquares lists the squares the move m (a piece move, or a null move
// From = To) may put its wall on.
func (p *Position) wallSquares(m Move) []geom.Square {
	w := p.v.Walling
	after := p.board
	if m.From != m.To {
		after = p.applyPieces(m).board
	}
	var arrows []geom.Square
	if w.Rule == WallArrow {
		arrows = p.arrowSquares(m)
	}
	var out []geom.Square
	for _, sq := range p.v.Size.Squares() {
		if !after.At(sq).Empty() || p.IsWall(sq) || (w.Region[p.turn] != nil && !slices.Contains(w.Region[p.turn], sq)) {
			continue
		}
		switch w.Rule {
		case WallArrow:
			if !slices.Contains(arrows, sq) {
				continue
			}
		case WallPast:
			if sq != m.From || m.From == m.To {
				continue
			}
		case WallEdge:
			if !p.onEdgeOrByWall(sq) {
				continue
			}
		}
		out = append(out, sq)
	}
	return out
}

// applyPieces is apply for the piece part of m, without its wall.
func (p *Position) applyPieces(m Move) *Position {
	m.Walled = false
	return p.apply(m)
}

// arrowSquares lists the squares the piece that made m could move to
// (without capturing) from where it landed, on the board before the move
// less the piece itself (as Fairy-Stockfish asks it: a piece it took or
// took en passant still stands in the way). A castling king shoots from
// its rook's square, as Fairy-Stockfish's generator has it. A null move
// shoots none.
func (p *Position) arrowSquares(m Move) []geom.Square {
	pc := p.board.At(m.From)
	if m.From == m.To || pc.Empty() {
		return nil
	}
	f := p.frame(m.From, nil)
	f.Initial = false
	f.Occupied = func(s geom.Square) bool {
		return s != m.From && (!p.board.At(s).Empty() || p.IsWall(s))
	}
	origin := m.To
	if m.Castle {
		origin = m.RookFrom
	}
	var out []geom.Square
	for t := range p.v.Kind(pc.Kind).Movement.Targets(f, origin) {
		if !t.Capture && !t.Jump {
			out = append(out, t.To)
		}
	}
	return out
}

// onEdgeOrByWall reports whether sq is on the board's edge or orthogonally
// next to a wall square.
func (p *Position) onEdgeOrByWall(sq geom.Square) bool {
	s := p.v.Size
	if sq.File == 0 || sq.Rank == 0 || sq.File == s.W-1 || sq.Rank == s.H-1 {
		return true
	}
	for _, d := range [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
		if n, ok := s.Offset(sq, d[0], d[1]); ok && p.IsWall(n) {
			return true
		}
	}
	return false
}

// placeWall puts m's wall on p, the position after m's piece part, as the
// rule says: the duck is lifted first, and a pawn's double step walled
// over leaves no en passant square.
func (p *Position) placeWall(m Move) {
	if !m.Walled {
		return
	}
	if p.v.Walling != nil && p.v.Walling.Rule == WallDuck {
		p.walls = nil
	}
	p.addWall(m.Wall)
	if p.hasEP && p.ep == m.Wall {
		p.hasEP, p.ep, p.victim = false, geom.Square{}, geom.Square{}
	}
}

// WallText is the wall part of m's text as Fairy-Stockfish writes it in a
// walling game: ",", the square the piece landed on (the king's, for
// castling) and the wall square; a move that puts no wall (OrMove) names
// a1 as its wall. It is empty in other games.
func (p *Position) WallText(m Move) string {
	if p.v.Walling == nil || p.v.Walling.Rule == NoWalling {
		return ""
	}
	wall := geom.Square{}
	if m.Walled {
		wall = m.Wall
	}
	return "," + m.To.String() + wall.String()
}

// applyWallOnly plays m, a wall put instead of a move (Walling.OrMove): no
// piece moves, no castling right or gate changes, the clock runs on.
func (p *Position) applyWallOnly(m Move) *Position {
	q := p.clone()
	q.hasEP, q.ep, q.victim = false, geom.Square{}, geom.Square{}
	q.halfmove++
	p.endTurn(q, false)
	q.placeWall(m)
	q.countCheck()
	return q
}

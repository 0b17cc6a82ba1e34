package draughts

import "strconv"

// MaxJumps is the longest capture chain: a side has at most MaxPieces
// pieces to lose.
const MaxJumps = MaxPieces

// Move is one legal move: a step, or a whole capture chain with every
// landing square and the set of pieces it removes. It is a small
// comparable value; two moves are == exactly when they are the same move
// (every distinct jump path is its own move, even when two paths start and
// end on the same squares and capture the same pieces).
//
// Moves come from a position's generator or from Position.ParseMove; the
// zero Move is no move.
type Move struct {
	from, to Square
	jumps    uint8            // number of captures; 0 for a step
	path     [MaxJumps]Square // landing squares, path[jumps-1] == to; zero beyond
	captured SquareSet        // squares of the captured pieces
}

// From is the square the piece leaves.
func (m Move) From() Square { return m.from }

// To is the square the piece ends on (for a king's chain this may be From).
func (m Move) To() Square { return m.to }

// IsCapture reports whether m is a capture chain.
func (m Move) IsCapture() bool { return m.jumps > 0 }

// Jumps is the number of pieces a capture takes (0 for a step).
func (m Move) Jumps() int { return int(m.jumps) }

// Landing is the square the piece lands on after jump i, 0 ≤ i < Jumps.
func (m Move) Landing(i int) Square { return m.path[:m.jumps][i] }

// Captured is the set of squares whose pieces the move removes.
func (m Move) Captured() SquareSet { return m.captured }

// String is the move in PDN: "9-14" for a step and the full path with
// every landing square for a capture ("22x15x8", even for a single jump
// "22x15"). Always printing the full path keeps the text unique among the
// legal moves of any position (it names the jumped pieces too), so it reads
// back to the same move without looking at other moves.
func (m Move) String() string {
	if m.jumps == 0 {
		return m.from.String() + "-" + m.to.String()
	}
	b := make([]byte, 0, 3*(int(m.jumps)+1))
	b = strconv.AppendInt(b, int64(m.from.Number()), 10)
	for _, s := range m.path[:m.jumps] {
		b = append(b, 'x')
		b = strconv.AppendInt(b, int64(s.Number()), 10)
	}
	return string(b)
}

// MaxMoves bounds the legal moves of any position NewPosition accepts.
// Steps: at most MaxPieces pieces with four each, 48. Captures: a piece's
// landing squares all lie on one of two lattices of 16 squares, two
// diagonal steps apart, and each lattice edge crosses its own middle square,
// so a chain is a trail in a graph of 18 edges; counting maximal trails from
// every vertex of the full graph (TestMoveListBound, exhaustively) gives at
// most 16 per piece, hence 12·16 = 192. Fewer pieces or blocked squares
// only remove edges, which cannot add maximal trails.
const MaxMoves = MaxPieces * 16

// MoveList is a fixed-capacity list of moves; filling it never allocates.
type MoveList struct {
	moves [MaxMoves]Move
	n     int
}

// Len is the number of moves in the list.
func (l *MoveList) Len() int { return l.n }

// At returns the i-th move, 0 ≤ i < Len.
func (l *MoveList) At(i int) Move { return l.moves[:l.n][i] }

// Slice returns the moves as a slice aliasing the list's storage.
func (l *MoveList) Slice() []Move { return l.moves[:l.n] }

// Contains reports whether m is in the list.
func (l *MoveList) Contains(m Move) bool {
	for _, x := range l.moves[:l.n] {
		if x == m {
			return true
		}
	}
	return false
}

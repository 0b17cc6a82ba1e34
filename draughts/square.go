package draughts

import (
	"math/bits"
	"strconv"
)

// Square is one of the 32 playable (dark) squares, numbered from 0 in PDN
// order: Square(0) is PDN square 1 (b8), Square(4) is 5 (a7), Square(31)
// is 32 (g1). Number and String give the PDN number.
type Square uint8

// NumSquares is the number of playable squares.
const NumSquares = 32

// SquareOf returns the square with PDN number n (1–32).
func SquareOf(n int) (Square, bool) {
	if n < 1 || n > NumSquares {
		return 0, false
	}
	return Square(n - 1), true
}

// Number is the PDN number of s, 1–32.
func (s Square) Number() int { return int(s) + 1 }

// String is the PDN number in decimal, e.g. "14".
func (s Square) String() string { return strconv.Itoa(s.Number()) }

// Coords returns s's zero-based file and rank, a1 being (0, 0). PDN numbers
// run along the ranks from the top (rank 8) left to right, four a rank; on
// ranks 8, 6, 4, 2 the dark squares are files b, d, f, h and on the others
// a, c, e, g.
func (s Square) Coords() (file, rank int) {
	row, col := int(s)/4, int(s)%4 // row 0 is rank 8
	file = 2 * col
	if row%2 == 0 {
		file++
	}
	return file, 7 - row
}

// SquareAt returns the playable square on the given zero-based file and
// rank, and false for light squares and squares off the board.
func SquareAt(file, rank int) (Square, bool) {
	if file < 0 || file > 7 || rank < 0 || rank > 7 || (file+rank)%2 != 0 {
		return 0, false
	}
	return Square((7-rank)*4 + file/2), true
}

// Bit is the set holding only s.
func (s Square) Bit() SquareSet { return 1 << s }

// SquareSet is a set of squares, bit i standing for Square(i): the
// bitboard of the fast generator.
type SquareSet uint32

// Has reports whether s is in the set.
func (b SquareSet) Has(s Square) bool { return b&s.Bit() != 0 }

// Count is the number of squares in the set.
func (b SquareSet) Count() int { return bits.OnesCount32(uint32(b)) }

// First is the lowest-numbered square of a non-empty set.
func (b SquareSet) First() Square { return Square(bits.TrailingZeros32(uint32(b))) }

// Squares lists the set's squares in increasing order.
func (b SquareSet) Squares() []Square {
	out := make([]Square, 0, b.Count())
	for ; b != 0; b &= b - 1 {
		out = append(out, b.First())
	}
	return out
}

// Row masks (row 0 is rank 8): squares on even rows sit on files b, d, f,
// h and on odd rows on a, c, e, g, so a diagonal step changes the index by
// a different amount on each. Column masks mark the squares at either end
// of a row, where some steps leave the board.
const (
	evenRows SquareSet = 0x0F0F0F0F
	oddRows  SquareSet = 0xF0F0F0F0
	col0     SquareSet = 0x11111111 // files b (even rows) and a (odd rows)
	col3     SquareSet = 0x88888888 // files h (even rows) and g (odd rows)
	// topRow is where White's men crown (squares 1–4), bottomRow Black's (29–32).
	topRow    SquareSet = 0x0000000F
	bottomRow SquareSet = 0xF0000000
)

// One diagonal step of every square in a set. "Down" is towards square 32
// (Black's forward direction), "left" towards file a. Squares whose step
// would leave the board are dropped, by the column masks or by the shift
// pushing them out of the 32 bits.
func downLeft(b SquareSet) SquareSet  { return (b&evenRows)<<4 | (b&oddRows&^col0)<<3 }
func downRight(b SquareSet) SquareSet { return (b&evenRows&^col3)<<5 | (b&oddRows)<<4 }
func upLeft(b SquareSet) SquareSet    { return (b&evenRows)>>4 | (b&oddRows&^col0)>>5 }
func upRight(b SquareSet) SquareSet   { return (b&evenRows&^col3)>>3 | (b&oddRows)>>4 }

// Two diagonal steps (a jump's landing square) shift the index the same on
// every row, so only the columns need masking.
func jumpDownLeft(b SquareSet) SquareSet  { return (b &^ col0) << 7 }
func jumpDownRight(b SquareSet) SquareSet { return (b &^ col3) << 9 }
func jumpUpLeft(b SquareSet) SquareSet    { return (b &^ col0) >> 9 }
func jumpUpRight(b SquareSet) SquareSet   { return (b &^ col3) >> 7 }

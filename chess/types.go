package chess

import "github.com/baten-chess/baten/internal/bitboard"

// Square is a board square, a1 = 0, b1 = 1, …, h8 = 63. Its String method
// gives the algebraic name ("e4").
type Square = bitboard.Square

// Bitboard is a set of squares, one bit per square (bit i is Square i).
type Bitboard = bitboard.Bitboard

// NoSquare marks the absence of a square.
const NoSquare = bitboard.NoSquare

// ParseSquare parses an algebraic square name such as "e4".
func ParseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return bitboard.NewSquare(int(s[0]-'a'), int(s[1]-'1')), true
}

// Color is a side: White or Black.
type Color uint8

// The two sides.
const (
	White Color = iota
	Black
)

// Other returns the opposite colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Role is a kind of piece, without colour.
type Role uint8

// The roles; NoRole is the zero value (no piece, no promotion).
const (
	NoRole Role = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Char returns the lower-case FEN letter of r ('p', 'n', …), or '-' for NoRole.
func (r Role) Char() byte { return "-pnbrqk"[r%7] }

// String returns the English name of r.
func (r Role) String() string {
	return [...]string{"none", "pawn", "knight", "bishop", "rook", "queen", "king"}[r%7]
}

// Piece is a coloured piece; the zero value NoPiece is an empty square.
type Piece uint8

// NoPiece is an empty square.
const NoPiece Piece = 0

// MakePiece returns the piece of colour c and role r.
func MakePiece(c Color, r Role) Piece { return Piece(c)<<3 | Piece(r) }

// Color returns the colour of p; meaningless for NoPiece.
func (p Piece) Color() Color { return Color(p >> 3) }

// Role returns the role of p, NoRole for NoPiece.
func (p Piece) Role() Role { return Role(p & 7) }

// Char returns the FEN letter of p: upper case for White, '.' for NoPiece.
func (p Piece) Char() byte {
	if p == NoPiece {
		return '.'
	}
	c := p.Role().Char()
	if p.Color() == White {
		c -= 'a' - 'A'
	}
	return c
}

// pieceFromChar parses a FEN piece letter.
func pieceFromChar(c byte) (Piece, bool) {
	col := White
	if c >= 'a' && c <= 'z' {
		col, c = Black, c-('a'-'A')
	}
	for r := Pawn; r <= King; r++ {
		if r.Char()-('a'-'A') == c {
			return MakePiece(col, r), true
		}
	}
	return NoPiece, false
}

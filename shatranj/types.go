package shatranj

import (
	"fmt"

	bb "github.com/baten-chess/baten/internal/bitboard"
)

// Square is a square of the board, a1 = 0 … h8 = 63.
type Square = bb.Square

// Bitboard is a set of squares, bit i standing for square i.
type Bitboard = bb.Bitboard

// Color is a side: White moves first.
type Color uint8

// The two sides.
const (
	White Color = 0
	Black Color = 1
)

// Other returns the opponent of c.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType is the kind of a piece, independent of its colour.
type PieceType uint8

// The piece types of shatranj. NoPieceType marks an empty square.
const (
	NoPieceType PieceType = iota
	Baidaq                // pawn: one step forward, captures one step diagonally forward
	Faras                 // knight
	Alfil                 // leaps exactly two squares diagonally, over anything
	Rukh                  // rook
	Ferz                  // one step diagonally
	Shah                  // king
)

// nativeLetters and fsfLetters are indexed by PieceType.
const (
	nativeLetters = " PNARFK"
	fsfLetters    = " PNBRQK"
)

// Letter returns the upper-case native letter of t (P N A R F K), or ' '.
func (t PieceType) Letter() byte {
	if t > Shah {
		return '?'
	}
	return nativeLetters[t]
}

// String returns the name of t ("baidaq", "faras", ...).
func (t PieceType) String() string {
	switch t {
	case Baidaq:
		return "baidaq"
	case Faras:
		return "faras"
	case Alfil:
		return "alfil"
	case Rukh:
		return "rukh"
	case Ferz:
		return "ferz"
	case Shah:
		return "shah"
	case NoPieceType:
		return "none"
	}
	return fmt.Sprintf("PieceType(%d)", uint8(t))
}

// Piece is a coloured piece: colour<<3 | type. NoPiece (0) is an empty square.
type Piece uint8

// NoPiece is the content of an empty square.
const NoPiece Piece = 0

// MakePiece returns the piece of type t and colour c.
func MakePiece(c Color, t PieceType) Piece { return Piece(c&1)<<3 | Piece(t) }

// Type returns the type of pc.
func (pc Piece) Type() PieceType { return PieceType(pc & 7) }

// Color returns the colour of pc (meaningless for NoPiece).
func (pc Piece) Color() Color { return Color(pc >> 3 & 1) }

// valid reports whether pc is NoPiece or a real piece.
func (pc Piece) valid() bool {
	return pc == NoPiece || (pc.Type() >= Baidaq && pc.Type() <= Shah && pc < 16)
}

// Letter returns the native FEN letter of pc: upper case for White.
func (pc Piece) Letter() byte { return pc.letter(Native) }

func (pc Piece) letter(l Letters) byte {
	if pc == NoPiece || !pc.valid() {
		return '.'
	}
	s := nativeLetters
	if l == FSF {
		s = fsfLetters
	}
	b := s[pc.Type()]
	if pc.Color() == Black {
		b += 'a' - 'A'
	}
	return b
}

// String returns the letter of pc.
func (pc Piece) String() string { return string(pc.Letter()) }

// Letters selects the piece letters of FEN text.
type Letters uint8

const (
	// Native letters: K Shah, F Ferz, A Alfil, N Faras, R Rukh, P Baidaq.
	Native Letters = iota
	// FSF letters, Fairy-Stockfish's: Q for the Ferz and B for the Alfil.
	FSF
)

// Attack tables.
var (
	ferzAttacks  [64]Bitboard
	alfilAttacks [64]Bitboard
	pawnAttacks  [2][64]Bitboard
)

func leaps(s Square, d [][2]int) Bitboard {
	var out Bitboard
	for _, v := range d {
		f, r := s.File()+v[0], s.Rank()+v[1]
		if f >= 0 && f < 8 && r >= 0 && r < 8 {
			out |= bb.NewSquare(f, r).Bit()
		}
	}
	return out
}

func init() {
	for s := Square(0); s < 64; s++ {
		ferzAttacks[s] = leaps(s, [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}})
		alfilAttacks[s] = leaps(s, [][2]int{{2, 2}, {2, -2}, {-2, 2}, {-2, -2}})
		pawnAttacks[White][s] = leaps(s, [][2]int{{1, 1}, {-1, 1}})
		pawnAttacks[Black][s] = leaps(s, [][2]int{{1, -1}, {-1, -1}})
	}
}

// FerzAttacks returns the squares a Ferz on s attacks.
func FerzAttacks(s Square) Bitboard { return ferzAttacks[s&63] }

// AlfilAttacks returns the squares an Alfil on s attacks (it jumps, so the
// occupancy does not matter).
func AlfilAttacks(s Square) Bitboard { return alfilAttacks[s&63] }

// BaidaqAttacks returns the squares a Baidaq of colour c on s attacks.
func BaidaqAttacks(c Color, s Square) Bitboard { return pawnAttacks[c&1][s&63] }

const (
	notA  = ^bb.FileA
	notH  = ^bb.FileH
	notAB = ^(bb.FileA | bb.FileA<<1)
	notGH = ^(bb.FileH | bb.FileH>>1)
)

func ferzSet(b Bitboard) Bitboard {
	return (b&notA)<<7 | (b&notH)<<9 | (b&notA)>>9 | (b&notH)>>7
}

func alfilSet(b Bitboard) Bitboard {
	return (b&notAB)<<14 | (b&notGH)<<18 | (b&notAB)>>18 | (b&notGH)>>14
}

func farasSet(b Bitboard) Bitboard {
	return (b&notA)<<15 | (b&notH)<<17 | (b&notAB)<<6 | (b&notGH)<<10 |
		(b&notH)>>15 | (b&notA)>>17 | (b&notGH)>>6 | (b&notAB)>>10
}

func pawnSet(c Color, b Bitboard) Bitboard {
	if c == White {
		return (b&notA)<<7 | (b&notH)<<9
	}
	return (b&notA)>>9 | (b&notH)>>7
}

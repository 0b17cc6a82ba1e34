// Package bitboard holds the 8×8 bitboard helpers shared by Baten's
// bitboard move generators (chess, shatranj): the Bitboard and Square
// types, bit iteration, leaper attack tables and magic sliding attacks.
//
// Squares are numbered a1 = 0, b1 = 1, …, h8 = 63; bit i of a Bitboard is
// square i. Every table is built once at package initialisation and is
// read-only afterwards, so all functions are safe for concurrent use.
package bitboard

import "math/bits"

// Bitboard is a set of squares, one bit per square.
type Bitboard uint64

// Square is a square of the 8×8 board, a1 = 0 … h8 = 63.
type Square uint8

// NoSquare marks the absence of a square (for example, no en passant square).
const NoSquare Square = 64

// Useful square sets.
const (
	Empty       Bitboard = 0
	All         Bitboard = ^Bitboard(0)
	FileA       Bitboard = 0x0101010101010101
	FileH                = FileA << 7
	Rank1       Bitboard = 0xFF
	Rank2                = Rank1 << 8
	Rank3                = Rank1 << 16
	Rank4                = Rank1 << 24
	Rank5                = Rank1 << 32
	Rank6                = Rank1 << 40
	Rank7                = Rank1 << 48
	Rank8                = Rank1 << 56
	DarkSquares Bitboard = 0xAA55AA55AA55AA55
)

// NewSquare returns the square on file f (0 = a) and rank r (0 = first rank).
func NewSquare(f, r int) Square { return Square(r*8 + f) }

// File returns the file of s, 0 = a.
func (s Square) File() int { return int(s & 7) }

// Rank returns the rank of s, 0 = first rank.
func (s Square) Rank() int { return int(s >> 3) }

// Bit returns the set holding only s.
func (s Square) Bit() Bitboard { return 1 << (s & 63) }

// String returns the algebraic name of s, such as "e4", or "-" for NoSquare.
func (s Square) String() string {
	if s >= 64 {
		return "-"
	}
	return string([]byte{'a' + byte(s&7), '1' + byte(s>>3)})
}

// FileMask returns the squares of file f.
func FileMask(f int) Bitboard { return FileA << f }

// RankMask returns the squares of rank r.
func RankMask(r int) Bitboard { return Rank1 << (8 * r) }

// Has reports whether s is in b.
func (b Bitboard) Has(s Square) bool { return b&s.Bit() != 0 }

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// LSB returns the lowest square of b; b must not be empty.
func (b Bitboard) LSB() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// MSB returns the highest square of b; b must not be empty.
func (b Bitboard) MSB() Square { return Square(63 - bits.LeadingZeros64(uint64(b))) }

// PopLSB removes the lowest square from *b and returns it; *b must not be empty.
func (b *Bitboard) PopLSB() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// MoreThanOne reports whether b holds at least two squares.
func (b Bitboard) MoreThanOne() bool { return b&(b-1) != 0 }

// North shifts every square one rank up.
func (b Bitboard) North() Bitboard { return b << 8 }

// South shifts every square one rank down.
func (b Bitboard) South() Bitboard { return b >> 8 }

// FlipVertical mirrors b top to bottom (a1 ↔ a8).
func (b Bitboard) FlipVertical() Bitboard { return Bitboard(bits.ReverseBytes64(uint64(b))) }

package geom

import (
	"errors"
	"fmt"
	"strconv"
)

// MaxSide is the largest width or height of a board.
const MaxSide = 16

// Size is the shape of a board: W files by H ranks.
type Size struct{ W, H int }

// Chess is the 8×8 board of chess, shatranj and English draughts.
var Chess = Size{W: 8, H: 8}

// ErrSize reports a board dimension outside 1..MaxSide.
var ErrSize = errors.New("geom: board size out of range")

// Valid reports whether both dimensions lie in 1..MaxSide.
func (s Size) Valid() bool {
	return s.W >= 1 && s.W <= MaxSide && s.H >= 1 && s.H <= MaxSide
}

// Check returns an error wrapping ErrSize when s is not Valid.
func (s Size) Check() error {
	if !s.Valid() {
		return fmt.Errorf("%w: %dx%d (each side must be 1..%d)", ErrSize, s.W, s.H, MaxSide)
	}
	return nil
}

// Count is the number of squares, W·H.
func (s Size) Count() int { return s.W * s.H }

// Square is a board square by zero-based file and rank: a1 is {0, 0}.
// A Square says nothing about which board it is on; Size.Contains does.
type Square struct{ File, Rank int }

// Contains reports whether sq lies on the board.
func (s Size) Contains(sq Square) bool {
	return sq.File >= 0 && sq.File < s.W && sq.Rank >= 0 && sq.Rank < s.H
}

// Index is sq's position in Squares(): rank-major, a1 first.
// It is meaningful only for squares the board Contains.
func (s Size) Index(sq Square) int { return sq.Rank*s.W + sq.File }

// At is the square with the given Index.
func (s Size) At(index int) Square { return Square{File: index % s.W, Rank: index / s.W} }

// Offset moves sq by dFile files and dRank ranks. It reports false, and
// returns sq unchanged, when the result would leave the board.
func (s Size) Offset(sq Square, dFile, dRank int) (Square, bool) {
	to := Square{File: sq.File + dFile, Rank: sq.Rank + dRank}
	if !s.Contains(to) {
		return sq, false
	}
	return to, true
}

// Squares lists every square once, rank by rank from rank 1, each rank from
// file a: a1, b1, …, then a2, … The order is fixed and equals Index order.
func (s Size) Squares() []Square {
	out := make([]Square, 0, s.Count())
	for r := 0; r < s.H; r++ {
		for f := 0; f < s.W; f++ {
			out = append(out, Square{File: f, Rank: r})
		}
	}
	return out
}

// Color is a square's colour.
type Color uint8

const (
	// Dark squares include a1, as on a chess board.
	Dark Color = iota
	// Light squares include b1.
	Light
)

// String returns "dark" or "light".
func (c Color) String() string {
	if c == Dark {
		return "dark"
	}
	return "light"
}

// Color is the square's colour: a1 is dark, and colours alternate along
// files and ranks.
func (sq Square) Color() Color {
	if (sq.File+sq.Rank)%2 == 0 {
		return Dark
	}
	return Light
}

// FileName is the letter of a zero-based file: 0 → "a", 15 → "p".
func FileName(file int) string { return string(rune('a' + file)) }

// String is the algebraic name, e.g. "e4" or "p16". It does not check that
// the square is on any particular board.
func (sq Square) String() string {
	return FileName(sq.File) + strconv.Itoa(sq.Rank+1)
}

// ErrSquareName reports text that is not an algebraic square on the board.
var ErrSquareName = errors.New("geom: bad square name")

// Parse reads an algebraic square name ("a1", "j10") and rejects names that
// are malformed or off this board.
func (s Size) Parse(name string) (Square, error) {
	if len(name) < 2 || len(name) > 3 || name[0] < 'a' || name[0] > 'z' {
		return Square{}, fmt.Errorf("%w: %q", ErrSquareName, name)
	}
	rank, err := strconv.Atoi(name[1:])
	if err != nil || name[1] == '0' || name[1] == '+' || name[1] == '-' {
		return Square{}, fmt.Errorf("%w: %q has no rank number", ErrSquareName, name)
	}
	sq := Square{File: int(name[0] - 'a'), Rank: rank - 1}
	if !s.Contains(sq) {
		return Square{}, fmt.Errorf("%w: %q is off the %dx%d board", ErrSquareName, name, s.W, s.H)
	}
	return sq, nil
}

// Code is the numbering of the Baten formalization, code(c, r) = 10·c + r
// with one-based file c and rank r: a1 = 11, e2 = 52, h8 = 88 (ICCF numeric
// notation uses the same numbers). It is unambiguous only while H ≤ 9 (and
// W ≤ 9 keeps it two digits); on taller boards rank 10 of one file would
// collide with rank 0 of the next, so callers must not rely on it there.
func Code(sq Square) int { return 10*(sq.File+1) + (sq.Rank + 1) }

// FromCode inverts Code on a board with H ≤ 9. It reports false for numbers
// that name no square of s or when s is too tall for the numbering.
func (s Size) FromCode(code int) (Square, bool) {
	if s.H > 9 || code < 0 {
		return Square{}, false
	}
	sq := Square{File: code/10 - 1, Rank: code%10 - 1}
	return sq, s.Contains(sq)
}

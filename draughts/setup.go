package draughts

import (
	"errors"
	"fmt"
	"strings"
)

// Setup is a position as plain, unchecked data, as read from a PDN FEN.
// NewPosition validates it.
type Setup struct {
	Turn         Color
	Black, White SquareSet // each side's men and kings
	Kings        SquareSet // the kings of both sides
}

// MaxPieces is the most pieces a side can have: the twelve it starts with.
const MaxPieces = 12

// ErrInvalidPosition is wrapped by every *SetupError.
var ErrInvalidPosition = errors.New("draughts: invalid position")

// SetupError lists every problem NewPosition found in a Setup.
type SetupError struct {
	Problems []string
}

// Error joins the problems.
func (e *SetupError) Error() string {
	return ErrInvalidPosition.Error() + ": " + strings.Join(e.Problems, "; ")
}

// Unwrap lets errors.Is match ErrInvalidPosition.
func (e *SetupError) Unwrap() error { return ErrInvalidPosition }

// NewPosition validates s: a known side to move, no square held by both
// sides, kings only where there are pieces, at most MaxPieces a side (so
// move lists have a proven bound, see MaxMoves), and no uncrowned man on the
// row where it would have been crowned. It returns a *SetupError naming
// every problem found.
func NewPosition(s Setup) (Position, error) {
	var problems []string
	report := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	if s.Turn > White {
		report("side to move %d is neither black nor white", s.Turn)
	}
	if both := s.Black & s.White; both != 0 {
		report("squares %v hold both a black and a white piece", both.Squares())
	}
	if stray := s.Kings &^ (s.Black | s.White); stray != 0 {
		report("kings marked on empty squares %v", stray.Squares())
	}
	sides := [2]SquareSet{s.Black, s.White}
	for c := Black; c <= White; c++ {
		if n := sides[c].Count(); n > MaxPieces {
			report("%v has %d pieces, more than %d", c, n, MaxPieces)
		}
		if men := sides[c] &^ s.Kings & crownRow(c); men != 0 {
			report("%v men on their crowning row %v", c, men.Squares())
		}
	}
	if len(problems) > 0 {
		return Position{}, &SetupError{problems}
	}
	return Position{pieces: sides, kings: s.Kings, turn: s.Turn}, nil
}

package draughts

import (
	"strconv"
	"strings"
)

// Notation is PDN move text read without a position: the squares named,
// in order, and whether it is a capture ("x") or a step ("-"). Resolve
// matches it against a position's legal moves.
type Notation struct {
	squares [MaxJumps + 1]Square
	n       uint8
	capture bool
}

// ParseMove reads PDN move text: "9-14" for a step, "22x15x8" for a capture
// with its landing squares, or only some of them, down to the endpoints
// ("22x8"). Numbers may have leading zeros. Errors wrap ErrMoveText in a
// *SyntaxError.
func ParseMove(text string) (Notation, error) {
	var n Notation
	lower := strings.ToLower(text)
	sep := "-"
	if strings.Contains(lower, "x") {
		sep, n.capture = "x", true
	}
	if err := n.fill(text, strings.Split(lower, sep)); err != nil {
		return Notation{}, err
	}
	return n, nil
}

// fill stores the squares of parts, the text split at its separators.
func (n *Notation) fill(text string, parts []string) error {
	if len(parts) < 2 {
		return syntaxErr(ErrMoveText, text, "want from-to or from x … x to")
	}
	if !n.capture && len(parts) != 2 {
		return syntaxErr(ErrMoveText, text, "a step names two squares")
	}
	if len(parts) > len(n.squares) {
		return syntaxErr(ErrMoveText, text, "more than %d jumps", MaxJumps)
	}
	for i, part := range parts {
		num, ok := squareNumber(part)
		if !ok {
			return syntaxErr(ErrMoveText, text, "%q is not a square 1-32", part)
		}
		n.squares[i] = Square(num - 1)
	}
	n.n = uint8(len(parts))
	return nil
}

// IsCapture reports whether the text was a capture ("x").
func (n Notation) IsCapture() bool { return n.capture }

// String prints the notation as read, without leading zeros.
func (n Notation) String() string {
	sep := "-"
	if n.capture {
		sep = "x"
	}
	parts := make([]string, n.n)
	for i, s := range n.squares[:n.n] {
		parts[i] = strconv.Itoa(s.Number())
	}
	return strings.Join(parts, sep)
}

// Resolve finds the legal move of p the notation names. A step must match
// a legal step. A capture matches the chain with exactly this path if there
// is one; otherwise the chains from the first square to the last that pass
// through every square given, in order; several such chains are an error
// wrapping ErrAmbiguousMove (write more landing squares), none an error
// wrapping ErrIllegalMove.
func (n Notation) Resolve(p Position) (Move, error) {
	var ml MoveList
	p.LegalMoves(&ml)
	var found Move
	matches := 0
	for _, m := range ml.Slice() {
		switch {
		case n.exact(m):
			return m, nil
		case n.within(m):
			found = m
			matches++
		}
	}
	switch matches {
	case 1:
		return found, nil
	case 0:
		return Move{}, &MoveError{Err: ErrIllegalMove, Move: n.String(), FEN: p.FEN()}
	}
	return Move{}, &MoveError{Err: ErrAmbiguousMove, Move: n.String(), FEN: p.FEN()}
}

// exact reports whether n names m with every landing square.
func (n Notation) exact(m Move) bool {
	switch {
	case n.capture != m.IsCapture() || n.squares[0] != m.from:
		return false
	case !n.capture:
		return n.squares[1] == m.to
	}
	return int(n.n) == int(m.jumps)+1 && [MaxJumps]Square(n.squares[1:]) == m.path
}

// within reports whether the capture n names m by its endpoints and some
// of its landing squares, in order.
func (n Notation) within(m Move) bool {
	if !n.capture || !m.IsCapture() || n.squares[0] != m.from || n.squares[n.n-1] != m.to {
		return false
	}
	want := n.squares[1 : n.n-1]
	for _, s := range m.path[:m.jumps-1] {
		if len(want) > 0 && want[0] == s {
			want = want[1:]
		}
	}
	return len(want) == 0
}

// ParseMove reads move text and resolves it in p (see the package
// function ParseMove and Notation.Resolve).
func (p Position) ParseMove(text string) (Move, error) {
	n, err := ParseMove(text)
	if err != nil {
		return Move{}, err
	}
	return n.Resolve(p)
}

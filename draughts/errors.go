package draughts

import (
	"errors"
	"fmt"
)

// Sentinel errors, wrapped by the typed errors below; test with errors.Is.
var (
	// ErrFEN marks PDN FEN text that cannot be read.
	ErrFEN = errors.New("draughts: bad FEN")
	// ErrMoveText marks move text that is not PDN move syntax.
	ErrMoveText = errors.New("draughts: bad move text")
	// ErrIllegalMove marks a well-formed move that is not legal.
	ErrIllegalMove = errors.New("draughts: illegal move")
	// ErrAmbiguousMove marks move text naming several legal moves.
	ErrAmbiguousMove = errors.New("draughts: ambiguous move")
	// ErrPDN marks PDN game text that cannot be read.
	ErrPDN = errors.New("draughts: bad PDN")
)

// SyntaxError is text that could not be read: Err is ErrFEN, ErrMoveText
// or ErrPDN, Input the offending text and Reason what is wrong with it.
type SyntaxError struct {
	Err    error
	Input  string
	Reason string
}

// Error says what is wrong with which text.
func (e *SyntaxError) Error() string { return fmt.Sprintf("%v %q: %s", e.Err, e.Input, e.Reason) }

// Unwrap returns the sentinel.
func (e *SyntaxError) Unwrap() error { return e.Err }

func syntaxErr(sentinel error, input, format string, args ...any) error {
	return &SyntaxError{Err: sentinel, Input: input, Reason: fmt.Sprintf(format, args...)}
}

// MoveError is move text that is illegal (Err is ErrIllegalMove) or
// ambiguous (ErrAmbiguousMove) in the position FEN. Reason says why when
// the move came from text ("a capture is compulsory: 18x11"); it is empty
// for a Move value that is simply not among the legal moves.
type MoveError struct {
	Err    error
	Move   string
	FEN    string
	Reason string
}

// Error names the move and the position, then the reason if known.
func (e *MoveError) Error() string {
	msg := fmt.Sprintf("%v %q in %s", e.Err, e.Move, e.FEN)
	if e.Reason != "" {
		msg += ": " + e.Reason
	}
	return msg
}

// Unwrap returns the sentinel.
func (e *MoveError) Unwrap() error { return e.Err }

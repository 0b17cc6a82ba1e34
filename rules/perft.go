package rules

import "errors"

// ErrIllegalMove is wrapped by Play's error for a move not legal here.
var ErrIllegalMove = errors.New("rules: illegal move")

// Play returns the position after m, which must be one of p's legal moves
// (compared by its text); p itself is unchanged.
func (p *Position) Play(m Move) (*Position, error) {
	return p.PlayText(p.MoveText(m))
}

// PlayText plays the legal move whose MoveText is text.
func (p *Position) PlayText(text string) (*Position, error) {
	for _, legal := range p.LegalMoves() {
		if p.MoveText(legal) == text {
			return p.apply(legal), nil
		}
	}
	return nil, &MoveError{Move: text, FEN: p.FEN()}
}

// MoveError names a move that is not legal in a position.
type MoveError struct{ Move, FEN string }

// Error names the move and the position.
func (e *MoveError) Error() string {
	return "rules: " + e.Move + " is not a legal move in " + e.FEN
}

// Unwrap lets errors.Is match ErrIllegalMove.
func (e *MoveError) Unwrap() error { return ErrIllegalMove }

// Perft counts the leaf nodes of the legal-move tree of the given depth.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	moves := p.LegalMoves()
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		n += p.apply(m).Perft(depth - 1)
	}
	return n
}

// Divide is Perft split by root move, keyed by MoveText.
func (p *Position) Divide(depth int) map[string]uint64 {
	out := map[string]uint64{}
	for _, m := range p.LegalMoves() {
		out[p.MoveText(m)] += p.apply(m).Perft(depth - 1)
	}
	return out
}

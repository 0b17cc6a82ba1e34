package shatranj

import (
	"errors"
	"fmt"
)

// Move is a move: its from and to squares (from | to<<6). A Baidaq reaching
// its last rank always becomes a Ferz, so no promotion choice is stored.
// The zero Move, NoMove, is never legal.
type Move uint16

// NoMove is the zero Move.
const NoMove Move = 0

// NewMove returns the move from → to.
func NewMove(from, to Square) Move { return Move(from&63) | Move(to&63)<<6 }

// From returns the square the piece leaves.
func (m Move) From() Square { return Square(m & 63) }

// To returns the square the piece reaches.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// String returns m in long algebraic form ("e2e3"); a promotion has no
// suffix, as in the reference rules' MoveText.
func (m Move) String() string {
	if m == NoMove {
		return "0000"
	}
	return m.From().String() + m.To().String()
}

// maxMoves bounds the legal moves of every position NewPosition accepts,
// and so of every position reachable from one (a move only removes men or
// turns a Baidaq into a Ferz, which keeps the material limits). The side to
// move has, at most:
//
//	Shah                          1 ×  8 =  8
//	Rukhs (14 on an empty board)  2 × 14 = 28
//	Farasan                       2 ×  8 = 16
//	Alfils                        2 ×  4 =  8
//	Ferzes and Baidaqs together   9 ×  4 = 36  (a Ferz 4, a Baidaq 3: a step, two captures)
//	                                       ---
//	                                        96
//
// NewPosition enforces the counts: at most 2 Rukhs, 2 Farasan and 2 Alfils,
// and Ferzes + Baidaqs ≤ 9 since every Ferz beyond the first stands for a
// promoted Baidaq. A promotion never needs a second move entry (it is
// always to a Ferz). Without that validation ten Rukhs would overflow the
// list.
const maxMoves = 96

// MoveList is a fixed-size list of moves, filled without allocation.
type MoveList struct {
	moves [maxMoves]Move
	n     int
}

// Len returns the number of moves.
func (l *MoveList) Len() int { return l.n }

// At returns move i.
func (l *MoveList) At(i int) Move { return l.moves[:l.n][i] }

// Slice returns the moves; it aliases the list.
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

// ErrIllegalMove is wrapped by the errors of ParseMove and Game.Play for a
// move that is well-formed but not legal in the position.
var ErrIllegalMove = errors.New("shatranj: illegal move")

// ErrSyntax is wrapped by the errors of ParseMove for text that is not a move.
var ErrSyntax = errors.New("shatranj: invalid move text")

// MoveError names a move text and why it was rejected.
type MoveError struct {
	Text string
	FEN  string
	Err  error // ErrSyntax, ErrIllegalMove or ErrAmbiguousMove
	// Why says in words what is wrong with an illegal or ambiguous move
	// ("the rukh on e2 is pinned to its shah", "it fits Rab1 and Rhb1");
	// it may be empty.
	Why string
}

// Error names the move, the position and the reason.
func (e *MoveError) Error() string {
	if e.Why == "" {
		return fmt.Sprintf("%v: %q in %s", e.Err, e.Text, e.FEN)
	}
	return fmt.Sprintf("%v: %q in %s: %s", e.Err, e.Text, e.FEN, e.Why)
}

// Unwrap returns the reason.
func (e *MoveError) Unwrap() error { return e.Err }

func parseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return 0, false
	}
	return Square((s[1]-'1')*8 + s[0] - 'a'), true
}

// ParseMove reads a move in long algebraic form ("e2e3") and returns it if
// it is legal in p. A promotion may carry an optional suffix f, q or F, Q.
// The error wraps ErrSyntax or ErrIllegalMove; for an illegal move its Why
// says why (no piece there, the opponent's piece, a move the piece cannot
// make, a pinned piece, a check left unanswered, the game over).
func ParseMove(p *Position, text string) (Move, error) {
	s := text
	if len(s) == 5 {
		switch s[4] {
		case 'f', 'q', 'F', 'Q':
			s = s[:4]
		}
	}
	if len(s) != 4 {
		return NoMove, &MoveError{Text: text, FEN: p.FEN(), Err: ErrSyntax}
	}
	from, ok1 := parseSquare(s[:2])
	to, ok2 := parseSquare(s[2:])
	if !ok1 || !ok2 {
		return NoMove, &MoveError{Text: text, FEN: p.FEN(), Err: ErrSyntax}
	}
	m := NewMove(from, to)
	if !p.IsLegal(m) {
		return NoMove, &MoveError{Text: text, FEN: p.FEN(), Err: ErrIllegalMove, Why: p.whyIllegal(from, to)}
	}
	if len(s) != len(text) && !(p.board[from].Type() == Baidaq && to.Rank() == lastRank(p.turn)) {
		return NoMove, &MoveError{Text: text, FEN: p.FEN(), Err: ErrIllegalMove,
			Why: "only a baidaq reaching its last rank takes a promotion letter"}
	}
	return m, nil
}

// IsLegal reports whether m is a legal move of p.
func (p *Position) IsLegal(m Move) bool {
	var ml MoveList
	p.LegalMoves(&ml)
	return ml.Contains(m)
}

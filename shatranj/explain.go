package shatranj

import (
	"fmt"
	"slices"
	"strings"

	bb "github.com/baten-chess/baten/internal/bitboard"
)

// Why a move is illegal. The generator only lists legal moves, so these
// functions reconstruct the reason afterwards, for error messages; they
// run only on the error path.

// reaches reports whether the piece on from could move to to by its
// movement alone: the path is clear (for a Rukh), the square is empty or
// holds an enemy piece other than the Shah, and a Baidaq steps straight
// onto an empty square or captures diagonally forward. Whose turn it is
// and the safety of the mover's Shah are not considered. from and to are
// squares of the board (0–63).
func (p *Position) reaches(from, to Square) bool {
	pc := p.board[from]
	if pc == NoPiece || p.byColor[pc.Color()].Has(to) || p.byType[Shah].Has(to) {
		return false
	}
	switch pc.Type() {
	case Shah:
		return bb.KingAttacks(from).Has(to)
	case Ferz:
		return ferzAttacks[from].Has(to)
	case Alfil:
		return alfilAttacks[from].Has(to)
	case Faras:
		return bb.KnightAttacks(from).Has(to)
	case Rukh:
		return bb.RookAttacks(from, p.Occupied()).Has(to)
	}
	if p.board[to] != NoPiece {
		return pawnAttacks[pc.Color()][from].Has(to)
	}
	step := 8
	if pc.Color() == Black {
		step = -8
	}
	return int(to) == int(from)+step
}

// whyIllegal explains why the move from → to (squares 0–63, as Move
// gives them), which is not legal in p, is not.
func (p *Position) whyIllegal(from, to Square) string {
	if why, over := p.whyNoMoves(); over {
		return why
	}
	pc := p.board[from]
	switch {
	case pc == NoPiece:
		return fmt.Sprintf("no piece on %v", from)
	case pc.Color() != p.turn:
		return fmt.Sprintf("the %v on %v is %v's, and %v is to move", pc.Type(), from, pc.Color(), p.turn)
	case from == to:
		return "a move must leave its square"
	case !p.reaches(from, to):
		return fmt.Sprintf("the %v on %v cannot move to %v", pc.Type(), from, to)
	}
	return p.whyUnsafe(from, to)
}

// whyNoMoves explains why p has no legal move at all, if it has none: the
// game is over by checkmate, stalemate or bare king. (A drawn position,
// two bare Shahs, keeps its moves, as in Fairy-Stockfish.)
func (p *Position) whyNoMoves() (string, bool) {
	if p.HasMoves() {
		return "", false
	}
	o, _ := p.Outcome()
	return "the game is over: " + o.String(), true
}

// whyUnsafe explains why a move of the side to move that the piece's
// movement allows (reaches) is illegal in a position that is not over: it
// would leave the mover's Shah attacked. Only a Rukh pins, so a move of
// another piece that exposes the Shah while it is not in check leaves a
// Rukh's line.
func (p *Position) whyUnsafe(from, to Square) string {
	pc := p.board[from]
	us := p.turn
	own, opp := p.byColor[us], p.byColor[us^1]
	ksq := p.Shah(us)
	switch {
	case pc.Type() == Shah:
		return fmt.Sprintf("the shah would be in check on %v", to)
	case p.pinned(ksq, p.Occupied(), own, opp).Has(from) && !bb.Line(ksq, from).Has(to):
		return fmt.Sprintf("the %v on %v is pinned to its shah", pc.Type(), from)
	}
	return fmt.Sprintf("%v is in check, and the move does not answer it", us)
}

// whyNoMatch explains why no legal move of p fits algebraic text that
// names a piece type t (any type, for long algebraic with a full departure
// square), an optional departure file and rank (−1 when not given) and
// the arrival square to.
func (p *Position) whyNoMatch(t PieceType, anyType bool, file, rank int, to Square) string {
	if anyType {
		return p.whyIllegal(bb.NewSquare(file, rank), to)
	}
	if why, over := p.whyNoMoves(); over {
		return why
	}
	us := p.turn
	fits := func(s Square) bool {
		return p.board[s].Type() == t && (file < 0 || s.File() == file) && (rank < 0 || s.Rank() == rank)
	}
	var mine, reaching []Square
	for b := p.byColor[us]; b != 0; {
		s := b.PopLSB()
		if fits(s) {
			mine = append(mine, s)
			if p.reaches(s, to) {
				reaching = append(reaching, s)
			}
		}
	}
	if len(reaching) == 0 {
		var why string
		if len(mine) == 0 {
			why = fmt.Sprintf("%v has no %v%s", us, t, where(file, rank))
		} else {
			why = fmt.Sprintf("no %v %v%s can move to %v", us, t, where(file, rank), to)
		}
		for b := p.byColor[us^1]; b != 0; {
			if s := b.PopLSB(); fits(s) && p.reaches(s, to) {
				return why + fmt.Sprintf(" (the %v on %v is %v's, and %v is to move)", t, s, us^1, us)
			}
		}
		return why
	}
	var whys []string
	for _, s := range reaching {
		if w := p.whyUnsafe(s, to); !slices.Contains(whys, w) {
			whys = append(whys, w)
		}
	}
	return strings.Join(whys, "; ")
}

// where describes a departure file and rank for whyNoMatch (−1: not
// given).
func where(file, rank int) string {
	switch {
	case file >= 0 && rank >= 0:
		return " on " + bb.NewSquare(file, rank).String()
	case file >= 0:
		return fmt.Sprintf(" on the %c-file", 'a'+file)
	case rank >= 0:
		return fmt.Sprintf(" on rank %d", rank+1)
	}
	return ""
}

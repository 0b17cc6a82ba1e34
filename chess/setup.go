package chess

import (
	"fmt"
	"strings"

	bb "github.com/baten-chess/baten/internal/bitboard"
)

// Setup is a position as plain, unchecked data, as read from a FEN. Turn it
// into a playable Position with NewPosition, which validates it.
type Setup struct {
	Board     [64]Piece // indexed by Square
	Turn      Color
	Castling  Bitboard // squares of the rooks that keep a castling right
	EnPassant Square   // the square a pawn skipped, or NoSquare
	Halfmove  int      // plies since the last capture or pawn move
	Fullmove  int      // move number, from 1
}

// Setup returns p as plain data; NewPosition(p.Setup()) gives p back.
func (p *Position) Setup() Setup {
	return Setup{Board: p.board, Turn: p.turn, Castling: p.castling, EnPassant: p.ep,
		Halfmove: p.halfmove, Fullmove: p.fullmove}
}

// ProblemKind enumerates what can be wrong with a Setup.
type ProblemKind uint8

// The problems NewPosition detects. Only ImpossibleCheck, BadCastling and
// BadEnPassant can be ignored (see NewPosition).
const (
	InvalidPiece    ProblemKind = iota + 1 // a board entry or the turn is not a valid value
	KingCount                              // a side does not have exactly one king
	PawnOnBackRank                         // a pawn on the first or last rank
	TooManyPieces                          // more than 16 pieces, 8 pawns or 8 promotions a side
	OppositeCheck                          // the side not to move is in check
	ImpossibleCheck                        // checkers no single legal move could have produced
	BadCastling                            // a castling right without its king and rook on the back rank
	BadEnPassant                           // an en passant square no double push could have left
	BadCounters                            // halfmove clock below 0 or fullmove number below 1
)

var problemNames = [...]string{"", "invalid piece", "king count", "pawn on back rank",
	"too many pieces", "opposite check", "impossible check", "bad castling",
	"bad en passant", "bad counters"}

// String returns a short name of the kind.
func (k ProblemKind) String() string {
	if int(k) < len(problemNames) && k != 0 {
		return problemNames[k]
	}
	return fmt.Sprintf("ProblemKind(%d)", k)
}

// Problem is one thing wrong with a Setup.
type Problem struct {
	Kind    ProblemKind
	Message string
}

// SetupError lists every problem NewPosition found in a Setup.
type SetupError struct {
	Problems []Problem
}

// Error joins the problems' messages.
func (e *SetupError) Error() string {
	msgs := make([]string, len(e.Problems))
	for i, pr := range e.Problems {
		msgs[i] = pr.Message
	}
	return "chess: invalid position: " + strings.Join(msgs, "; ")
}

// Has reports whether one of the problems is of kind k.
func (e *SetupError) Has(k ProblemKind) bool {
	for _, pr := range e.Problems {
		if pr.Kind == k {
			return true
		}
	}
	return false
}

// validator collects problems, skipping the kinds the caller ignores.
type validator struct {
	problems []Problem
	ignore   []ProblemKind
}

// report records a problem unless the caller ignores its (ignorable) kind.
func (v *validator) report(k ProblemKind, format string, args ...any) {
	for _, i := range v.ignore {
		if i == k && (k == ImpossibleCheck || k == BadCastling || k == BadEnPassant) {
			return
		}
	}
	v.problems = append(v.problems, Problem{k, fmt.Sprintf(format, args...)})
}

// NewPosition validates s and returns the position it describes, or a
// *SetupError listing every problem found.
//
// The kinds in ignore are tolerated where that is safe: with BadCastling the
// invalid rights are dropped, with BadEnPassant the square is dropped, and
// with ImpossibleCheck the checkers are accepted as they are (some perft
// suites use such positions). Other kinds cannot be ignored.
//
// A valid en passant square is kept only if an en passant capture is legal.
func NewPosition(s Setup, ignore ...ProblemKind) (Position, error) {
	v := validator{ignore: ignore}
	var p Position
	p.turn, p.halfmove, p.fullmove, p.ep = s.Turn, s.Halfmove, s.Fullmove, NoSquare
	if s.Turn > Black {
		v.report(InvalidPiece, "turn %d is neither white nor black", s.Turn)
	}
	for sq, pc := range s.Board {
		if pc == NoPiece {
			continue
		}
		if pc.Role() < Pawn || pc.Role() > King || pc.Color() > Black {
			v.report(InvalidPiece, "invalid piece value %d on %v", pc, Square(sq))
			continue
		}
		p.put(Square(sq), pc)
	}
	if s.Halfmove < 0 || s.Fullmove < 1 {
		v.report(BadCounters, "halfmove clock %d (want ≥ 0), fullmove number %d (want ≥ 1)", s.Halfmove, s.Fullmove)
	}
	if x := p.byRole[Pawn] & (bb.Rank1 | bb.Rank8); x != 0 {
		v.report(PawnOnBackRank, "pawn on %v", x.LSB())
	}
	kingsOK := true
	for c := White; c <= Black; c++ {
		if n := p.Pieces(c, King).Count(); n != 1 {
			kingsOK = false
			v.report(KingCount, "%v has %d kings", c, n)
		}
		v.checkMaterial(&p, c)
	}
	if kingsOK && p.turn <= Black {
		if p.attackersTo(p.King(p.turn^1), p.turn, p.Occupied()) != 0 {
			v.report(OppositeCheck, "%v, not to move, is in check", p.turn^1)
		}
		p.castling = v.checkCastling(&p, s.Castling)
		ep := v.checkEnPassant(&p, s.EnPassant)
		v.checkCheckers(&p, ep)
		if ep != NoSquare && p.anyEPLegal(ep) {
			p.ep = ep
		}
	}
	if len(v.problems) > 0 {
		return Position{}, &SetupError{v.problems}
	}
	p.key = p.computeKey()
	return p, nil
}

func (v *validator) checkMaterial(p *Position, c Color) {
	if n := p.byColor[c].Count(); n > 16 {
		v.report(TooManyPieces, "%v has %d pieces", c, n)
	}
	pawns := p.Pieces(c, Pawn).Count()
	// Pieces beyond the initial set must have been promoted from missing pawns.
	extra := max(0, p.Pieces(c, Queen).Count()-1) + max(0, p.Pieces(c, Rook).Count()-2) +
		max(0, p.Pieces(c, Bishop).Count()-2) + max(0, p.Pieces(c, Knight).Count()-2)
	if pawns+extra > 8 {
		v.report(TooManyPieces, "%v has %d pawns and %d promoted pieces", c, pawns, extra)
	}
}

// checkCastling returns the valid rights of rooks: each on its side's back
// rank with that side's king, at most one on each side of the king.
func (v *validator) checkCastling(p *Position, rooks Bitboard) Bitboard {
	var valid Bitboard
	for c := White; c <= Black; c++ {
		rank := backRank(c)
		mine := rooks & rank
		king := p.King(c)
		rooksHere := p.Pieces(c, Rook) & rank
		if !rank.Has(king) {
			rooksHere = 0
		}
		below, above := mine&(king.Bit()-1)&rooksHere, mine&^(king.Bit()<<1-1)&rooksHere
		for _, side := range []Bitboard{below, above} {
			if side.Count() == 1 {
				valid |= side
			}
		}
		if bad := mine &^ valid; bad != 0 {
			v.report(BadCastling, "%v castling right for %v without king and rook on the back rank, or twice on one side", c, bad.LSB())
		}
	}
	if bad := rooks &^ (bb.Rank1 | bb.Rank8); bad != 0 {
		v.report(BadCastling, "castling right for %v, off the back ranks", bad.LSB())
	}
	return valid
}

// checkEnPassant returns ep if a double push by the side not to move could
// have left it, and NoSquare otherwise.
func (v *validator) checkEnPassant(p *Position, ep Square) Square {
	if ep == NoSquare {
		return NoSquare
	}
	rank := 5 // white to move: black pushed to the 5th rank through the 6th
	if p.turn == Black {
		rank = 2
	}
	if ep < 64 && ep.Rank() == rank {
		pushed, origin := ep^8, Square(2*int(ep)-int(ep^8))
		if p.Pieces(p.turn^1, Pawn).Has(pushed) && !p.Occupied().Has(ep) && !p.Occupied().Has(origin) {
			return ep
		}
	}
	v.report(BadEnPassant, "en passant square %v: no %v pawn can just have pushed past it", ep, p.turn^1)
	return NoSquare
}

// checkCheckers flags checks that no single move could have given: more
// than two checkers, two non-sliders, two on one line through the king, or
// (after a double push onto ep) a check neither by the pushed pawn nor
// discovered by it.
func (v *validator) checkCheckers(p *Position, ep Square) {
	ksq := p.King(p.turn)
	checkers := p.attackersTo(ksq, p.turn^1, p.Occupied())
	sliders := p.byRole[Bishop] | p.byRole[Rook] | p.byRole[Queen]
	switch {
	case checkers.Count() > 2:
		v.report(ImpossibleCheck, "%d pieces give check", checkers.Count())
	case checkers.Count() == 2 && (checkers&sliders == 0 || bb.Line(ksq, checkers.LSB()).Has(checkers.MSB())):
		v.report(ImpossibleCheck, "checkers on %v and %v cannot both give check", checkers.LSB(), checkers.MSB())
	case checkers != 0 && ep != NoSquare:
		pushed, origin := ep^8, Square(2*int(ep)-int(ep^8))
		for x := checkers; x != 0; {
			c := x.PopLSB()
			if c != pushed && !bb.Between(ksq, c).Has(origin) {
				v.report(ImpossibleCheck, "check from %v is impossible after a double push to %v", c, pushed)
				return
			}
		}
	}
}

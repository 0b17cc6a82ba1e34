package shatranj

import (
	"fmt"
	"strings"

	bb "github.com/baten-chess/baten/internal/bitboard"
)

// Position is a playable shatranj position. It is a plain value: copying it
// copies the position. The zero value is not a valid position; obtain one
// from StartPosition, AlternativePosition, NewPosition or ParsePosition.
type Position struct {
	board    [64]Piece
	byType   [7]Bitboard // indexed by PieceType; [0] unused
	byColor  [2]Bitboard
	turn     Color
	halfmove int
	fullmove int
	key      uint64 // Key, kept up to date by every change
}

// StartFEN is the standard setup (Shah on d1/d8, Ferz on e1/e8).
const StartFEN = "rnakfanr/pppppppp/8/8/8/8/PPPPPPPP/RNAKFANR w - - 0 1"

// AlternativeFEN is the alternative setup (Shah on e1/e8, Ferz on d1/d8).
const AlternativeFEN = "rnafkanr/pppppppp/8/8/8/8/PPPPPPPP/RNAFKANR w - - 0 1"

// StartPosition returns the standard initial position.
func StartPosition() Position {
	p, err := ParsePosition(StartFEN)
	if err != nil {
		panic(err)
	}
	return p
}

// AlternativePosition returns the initial position of the alternative setup.
func AlternativePosition() Position {
	p, err := ParsePosition(AlternativeFEN)
	if err != nil {
		panic(err)
	}
	return p
}

// Turn returns the side to move.
func (p *Position) Turn() Color { return p.turn }

// PieceAt returns the piece on s, or NoPiece.
func (p *Position) PieceAt(s Square) Piece { return p.board[s&63] }

// Pieces returns the squares of the pieces of colour c and type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard {
	if t > Shah {
		return 0
	}
	return p.byType[t] & p.byColor[c&1]
}

// ByColor returns the squares of all pieces of colour c.
func (p *Position) ByColor(c Color) Bitboard { return p.byColor[c&1] }

// Occupied returns the squares of all pieces.
func (p *Position) Occupied() Bitboard { return p.byColor[White] | p.byColor[Black] }

// Shah returns the square of c's Shah.
func (p *Position) Shah(c Color) Square { return p.Pieces(c, Shah).LSB() }

// Halfmove returns the plies since the last capture or Baidaq move.
func (p *Position) Halfmove() int { return p.halfmove }

// Fullmove returns the move number, starting at 1.
func (p *Position) Fullmove() int { return p.fullmove }

// Setup returns p as plain data; NewPosition(p.Setup()) gives p back.
func (p *Position) Setup() Setup {
	return Setup{Board: p.board, Turn: p.turn, Halfmove: p.halfmove, Fullmove: p.fullmove}
}

// String returns p's FEN with native letters.
func (p *Position) String() string { return p.FEN() }

// Key returns a Zobrist hash of the placement and the side to move, the
// identity used for repetition. Every move updates it, rather than each
// call computing it: a search asks for it at every node.
func (p *Position) Key() uint64 { return p.key }

// computeKey is the Zobrist key of the placement and the side to move,
// from scratch.
func (p *Position) computeKey() uint64 {
	var k uint64
	for occ := p.Occupied(); occ != 0; {
		s := occ.PopLSB()
		k ^= zobrist[p.board[s]&15][s]
	}
	if p.turn == Black {
		k ^= zobristBlack
	}
	return k
}

var (
	zobrist      [16][64]uint64
	zobristBlack uint64
)

func init() {
	rng := bb.SplitMix64(0x5a7e5a7e)
	for i := range zobrist {
		for s := range zobrist[i] {
			zobrist[i][s] = rng.Next()
		}
	}
	zobristBlack = rng.Next()
}

// Setup is a position as plain, unchecked data, as read from a FEN. Turn it
// into a playable Position with NewPosition, which validates it.
type Setup struct {
	Board    [64]Piece // indexed by Square
	Turn     Color
	Halfmove int // plies since the last capture or Baidaq move
	Fullmove int // move number, from 1
}

// ProblemKind enumerates what can be wrong with a Setup.
type ProblemKind uint8

// The problems NewPosition detects.
const (
	InvalidPiece     ProblemKind = iota + 1 // a board entry or the turn is not a valid value
	ShahCount                               // a side does not have exactly one Shah
	BaidaqOnLastRank                        // a Baidaq on its promotion rank (promotion is mandatory)
	TooManyPieces                           // more men of a kind than the initial array and promotion allow (see NewPosition)
	OppositeCheck                           // the side not to move is in check
	BadCounters                             // halfmove clock below 0 or fullmove number below 1
)

var problemNames = [...]string{"", "invalid piece", "shah count", "baidaq on last rank",
	"too many pieces", "opposite check", "bad counters"}

// String returns a short name of the kind.
func (k ProblemKind) String() string {
	if int(k) < len(problemNames) && k != 0 {
		return problemNames[k]
	}
	return fmt.Sprintf("ProblemKind(%d)", uint8(k))
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
	return "shatranj: invalid position: " + strings.Join(msgs, "; ")
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

// NewPosition validates s and returns the position, or a *SetupError that
// lists every problem found. A Baidaq on its own first rank is accepted (it
// can step forward), as the reference rules accept it.
//
// Material must be reachable from the initial array: only a Baidaq
// promotes, and only to a Ferz, so a side has at most 8 Baidaqs, 2 Rukhs,
// 2 Farasan and 2 Alfils, and every Ferz beyond the first stands for a
// missing Baidaq (Ferzes − 1 ≤ 8 − Baidaqs). This also caps a side at 16
// men and is what bounds the legal moves of a position (see maxMoves).
func NewPosition(s Setup) (Position, error) {
	var p Position
	var probs []Problem
	add := func(k ProblemKind, format string, args ...any) {
		probs = append(probs, Problem{Kind: k, Message: fmt.Sprintf(format, args...)})
	}
	if s.Turn > Black {
		add(InvalidPiece, "turn %d is neither white nor black", s.Turn)
	}
	for sq := Square(0); sq < 64; sq++ {
		pc := s.Board[sq]
		if pc == NoPiece {
			continue
		}
		if !pc.valid() {
			add(InvalidPiece, "invalid piece value %d on %v", uint8(pc), sq)
			continue
		}
		p.board[sq] = pc
		p.byType[pc.Type()] |= sq.Bit()
		p.byColor[pc.Color()] |= sq.Bit()
		if pc.Type() == Baidaq && sq.Rank() == lastRank(pc.Color()) {
			add(BaidaqOnLastRank, "%v baidaq on %v, its promotion rank", pc.Color(), sq)
		}
	}
	for c := White; c <= Black; c++ {
		if n := p.Pieces(c, Shah).Count(); n != 1 {
			add(ShahCount, "%v has %d shahs, want 1", c, n)
		}
		for _, pr := range p.materialProblems(c) {
			add(TooManyPieces, "%s", pr)
		}
	}
	if s.Halfmove < 0 || s.Fullmove < 1 {
		add(BadCounters, "halfmove %d, fullmove %d: want halfmove ≥ 0 and fullmove ≥ 1", s.Halfmove, s.Fullmove)
	}
	p.turn = s.Turn & 1
	p.key = p.computeKey()
	p.halfmove, p.fullmove = s.Halfmove, s.Fullmove
	if len(probs) == 0 {
		them := p.turn.Other()
		if p.attackersTo(p.Shah(them), p.Occupied())&p.byColor[p.turn] != 0 {
			add(OppositeCheck, "%v is to move but %v is in check", p.turn, them)
		}
	}
	if len(probs) > 0 {
		return Position{}, &SetupError{Problems: probs}
	}
	return p, nil
}

// materialProblems describes each way the material of c exceeds what the
// initial array and promotion can give (see NewPosition).
func (p *Position) materialProblems(c Color) []string {
	var probs []string
	for _, k := range []struct {
		t      PieceType
		plural string
	}{{Rukh, "rukhs"}, {Faras, "farasan"}, {Alfil, "alfils"}} {
		if n := p.Pieces(c, k.t).Count(); n > 2 {
			probs = append(probs, fmt.Sprintf("%v has %d %s, at most 2 (only a baidaq promotes, and only to a ferz)", c, n, k.plural))
		}
	}
	pawns := p.Pieces(c, Baidaq).Count()
	promoted := max(0, p.Pieces(c, Ferz).Count()-1)
	switch {
	case pawns > 8:
		probs = append(probs, fmt.Sprintf("%v has %d baidaqs, at most 8", c, pawns))
	case pawns+promoted > 8:
		probs = append(probs, fmt.Sprintf("%v has %d baidaqs and %d promoted ferzes, at most 8 together", c, pawns, promoted))
	}
	return probs
}

func lastRank(c Color) int {
	if c == White {
		return 7
	}
	return 0
}

// attackersTo returns the pieces of both colours attacking s, sliding
// through occ.
func (p *Position) attackersTo(s Square, occ Bitboard) Bitboard {
	return bb.RookAttacks(s, occ)&p.byType[Rukh] |
		bb.KnightAttacks(s)&p.byType[Faras] |
		alfilAttacks[s]&p.byType[Alfil] |
		ferzAttacks[s]&p.byType[Ferz] |
		bb.KingAttacks(s)&p.byType[Shah] |
		pawnAttacks[White][s]&p.byType[Baidaq]&p.byColor[Black] |
		pawnAttacks[Black][s]&p.byType[Baidaq]&p.byColor[White]
}

// AttackersTo returns the men of both colours that attack s when occ is
// the board's occupancy: a Rukh is blocked by occ, not by the board, so an
// exchange evaluation sees a Rukh behind a man that has left.
func (p *Position) AttackersTo(s Square, occ Bitboard) Bitboard {
	return p.attackersTo(s&63, occ) & occ
}

// attackedBy returns every square attacked by colour c with occupancy occ.
func (p *Position) attackedBy(c Color, occ Bitboard) Bitboard {
	own := p.byColor[c]
	a := bb.KingAttacks(p.Pieces(c, Shah).LSB()) |
		pawnSet(c, p.byType[Baidaq]&own) |
		farasSet(p.byType[Faras]&own) |
		alfilSet(p.byType[Alfil]&own) |
		ferzSet(p.byType[Ferz]&own)
	for r := p.byType[Rukh] & own; r != 0; {
		a |= bb.RookAttacks(r.PopLSB(), occ)
	}
	return a
}

// IsAttacked reports whether s is attacked by a piece of colour by.
func (p *Position) IsAttacked(s Square, by Color) bool {
	return p.attackersTo(s&63, p.Occupied())&p.byColor[by&1] != 0
}

// Checkers returns the pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard {
	return p.attackersTo(p.Shah(p.turn), p.Occupied()) & p.byColor[p.turn^1]
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.Checkers() != 0 }

// Play returns the position after m, which must be a legal move of p (from
// LegalMoves or ParseMove); p is unchanged.
func (p Position) Play(m Move) Position {
	p.play(m)
	return p
}

// play makes m in place: copy the position first to keep the old one.
func (p *Position) play(m Move) {
	from, to := m.From(), m.To()
	us := p.turn
	pc := p.board[from]
	captured := p.board[to]
	p.halfmove++
	p.key ^= zobrist[pc&15][from] ^ zobristBlack
	if captured != NoPiece {
		p.key ^= zobrist[captured&15][to]
		p.byType[captured.Type()] ^= to.Bit()
		p.byColor[us^1] ^= to.Bit()
		p.halfmove = 0
	}
	p.byColor[us] ^= from.Bit() | to.Bit()
	p.board[from] = NoPiece
	t := pc.Type()
	if t == Baidaq {
		p.halfmove = 0
		if to.Rank() == lastRank(us) {
			p.byType[Baidaq] ^= from.Bit()
			t = Ferz
			pc = MakePiece(us, Ferz)
			p.byType[Ferz] ^= to.Bit()
			goto done
		}
	}
	p.byType[t] ^= from.Bit() | to.Bit()
done:
	p.board[to] = pc
	p.key ^= zobrist[pc&15][to]
	if us == Black {
		p.fullmove++
	}
	p.turn = us ^ 1
}

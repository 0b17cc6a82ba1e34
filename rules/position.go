package rules

import (
	"slices"
	"strings"

	"github.com/baten-chess/baten/geom"
)

// Board is a placement of pieces on a board of some size: a plain slice of
// squares in geom's Index order.
type Board struct {
	size    geom.Size
	squares []Piece
}

// NewBoard is an empty board.
func NewBoard(size geom.Size) Board {
	return Board{size: size, squares: make([]Piece, size.Count())}
}

// Size is the board's shape.
func (b Board) Size() geom.Size { return b.size }

// At returns the piece on sq (the empty Piece off the board).
func (b Board) At(sq geom.Square) Piece {
	if !b.size.Contains(sq) {
		return Piece{}
	}
	return b.squares[b.size.Index(sq)]
}

// Set puts p on sq (the empty Piece clears it); off-board squares are
// ignored.
func (b Board) Set(sq geom.Square, p Piece) {
	if b.size.Contains(sq) {
		b.squares[b.size.Index(sq)] = p
	}
}

// Clone is an independent copy.
func (b Board) Clone() Board {
	return Board{size: b.size, squares: slices.Clone(b.squares)}
}

// CastlingRight is a player's right to castle with the rook on File of the
// home rank.
type CastlingRight struct {
	Player Player
	File   int
}

// Position is a placement plus the state the rules need: side to move,
// castling rights, the en passant square, the move counters, and the
// families' state (the hands of the drops family, walls, …).
// Positions are values that Play never changes; it returns a new one.
type Position struct {
	v        *Variant
	board    Board
	turn     Player
	castling []CastlingRight
	// gates are the open gate squares (Variant.Gates) as files of the
	// players' home ranks, sorted by player then file.
	gates []CastlingRight
	// ep is the square a pawn passed with its double step, and victim the
	// square of that pawn; valid only when hasEP.
	ep, victim geom.Square
	hasEP      bool
	halfmove   int
	fullmove   int
	// countLimit and countPly are the running count of Variant.Counting,
	// in plies; countLimit is 0 while none runs.
	countLimit, countPly int
	checks               [2]int // check counting: checks remaining, by Player

	moves moveRulesState // family: move rules
	walls []geom.Square  // walling: the wall squares, in Index order

	ep2    geom.Square // en passant squares: a triple step's second, valid when hasEP2 and hasEP
	hasEP2 bool

	// legal memoises LegalMoves; every position gets its own, made when
	// it is built (a clone must not inherit its parent's).
	legal *legalMemo

	// facedBefore: the royal pieces faced each other in the position
	// before this one, with its player to move (RoyalGuards.Bikjang);
	// false for a position read from a FEN.
	facedBefore bool // family: palaces

	gating   []CastlingRight // family: gating: the open gates as files of the castling ranks
	hand     [2][]int        // family: drops: counts in hand by Player and KindID-1; nil without drops
	promoted []geom.Square   // family: drops: the promoted pieces a capture demotes, in Index order
}

// Variant is the game the position belongs to.
func (p *Position) Variant() *Variant { return p.v }

// At returns the piece on sq.
func (p *Position) At(sq geom.Square) Piece { return p.board.At(sq) }

// Turn is the player to move.
func (p *Position) Turn() Player { return p.turn }

// Castling lists the castling rights, sorted by player then file.
func (p *Position) Castling() []CastlingRight { return slices.Clone(p.castling) }

// EnPassant returns the square a pawn just passed over, if any.
func (p *Position) EnPassant() (geom.Square, bool) { return p.ep, p.hasEP }

// Halfmove counts plies since the last capture or clock-resetting move.
func (p *Position) Halfmove() int { return p.halfmove }

// Fullmove is the move number, starting at 1 and incremented after the
// second player moves.
func (p *Position) Fullmove() int { return p.fullmove }

// Move is one legal move. Draughts chains list their landing squares.
type Move struct {
	From, To geom.Square
	// Path holds every landing square of a jump chain, To last; it is nil
	// for other moves.
	Path []geom.Square
	// Captures are the squares whose pieces the move removes.
	Captures []geom.Square
	// Promotion is the kind the piece becomes, or 0.
	Promotion KindID
	// Castle moves the king From→To and the rook RookFrom→RookTo.
	Castle           bool
	RookFrom, RookTo geom.Square
	// EnPassant captures the pawn that just passed To.
	EnPassant bool
	// Pass is a pass (MoveRules.Pass): From and To are the square of the
	// piece that passes.
	Pass bool // family: move rules
	// Walled: the move puts a wall on Wall (Variant.Walling); From = To
	// for a wall put instead of a move.
	Wall   geom.Square
	Walled bool
	// Drop is the kind a drop puts from the hand on To (From = To), 0
	// for a move of a piece on the board.
	Drop KindID // family: drops
	// Gate is the kind a gating move puts from the hand on GateAt, the
	// gate the move leaves (From, or RookFrom when castling); 0 for none.
	Gate   KindID // family: gating
	GateAt geom.Square
}

// MoveText is m in a long algebraic form that is unique among the legal
// moves of p: from and to squares ("e2e4"), every landing square of a chain
// ("c3e5c7"), a lower-case promotion letter where there is a choice
// ("e7e8q"; a shatranj baidaq or draughts man needs none), castling as king
// square then rook square ("e1h1"), the Chess960 UCI convention, which stays
// unambiguous when the king does not move; a drop as the kind's letter, "@"
// and the square ("P@e4").
func (p *Position) MoveText(m Move) string { return p.moveText(m, false) }

// FSFMoveText is m as Fairy-Stockfish writes it in UCI: MoveText, but
// castling as the king's own move ("e1g1", king takes rook under
// Castling.Chess960) and every promotion with its letter, even without a
// choice (makruk's "e5e6m").
func (p *Position) FSFMoveText(m Move) string { return p.moveText(m, true) }

func (p *Position) moveText(m Move, fsf bool) string {
	if m.Drop != 0 {
		return p.dropText(m) // family: drops
	}
	if m.Gate != 0 {
		return p.gatingMoveText(m, fsf) // family: gating
	}
	var b strings.Builder
	b.WriteString(m.From.String())
	switch {
	case m.Castle && fsf && !p.v.Castling.Chess960: // family: chess960: king takes rook
		b.WriteString(m.To.String())
	case m.Castle:
		b.WriteString(m.RookFrom.String())
	case len(m.Path) > 0:
		for _, sq := range m.Path {
			b.WriteString(sq.String())
		}
	default:
		b.WriteString(m.To.String())
	}
	mover := p.board.At(m.From)
	if promo := p.v.Side(mover.Owner, mover.Kind).Promotion; m.Promotion != 0 && fsf && p.v.Kind(m.Promotion).Letter == promo.Promoted {
		b.WriteByte('+')
	} else if m.Promotion != 0 && (fsf || len(promo.To) > 1 || promo.Optional) { // per-colour rules
		b.WriteByte(p.v.Kind(m.Promotion).Letter + 'a' - 'A')
	}
	b.WriteString(p.WallText(m)) // walling
	return b.String()
}

// clone copies p so a move can be applied to the copy.
func (p *Position) clone() *Position {
	q := *p
	q.board = p.board.Clone()
	q.castling = slices.Clone(p.castling)
	q.gates = slices.Clone(p.gates)
	q.gating = slices.Clone(p.gating)                                   // family: gating
	q.walls = slices.Clone(p.walls)                                     // walling
	q.hand = [2][]int{slices.Clone(p.hand[0]), slices.Clone(p.hand[1])} // family: drops
	q.promoted = slices.Clone(p.promoted)
	q.legal = new(legalMemo)
	return &q
}

// apply plays m, which must come from the pseudo-legal generator, on a copy.
func (p *Position) apply(m Move) *Position {
	if m.From == m.To && m.Walled {
		return p.applyWallOnly(m) // walling
	}
	if m.Drop != 0 {
		return p.applyDrop(m) // family: drops
	}
	q := p.clone()
	mover := p.board.At(m.From)
	kind := p.v.Kind(mover.Kind)
	for _, sq := range m.Captures {
		q.board.Set(sq, Piece{})
	}
	q.board.Set(m.From, Piece{})
	if m.Castle {
		q.board.Set(m.RookFrom, Piece{})
		q.board.Set(m.RookTo, p.board.At(m.RookFrom))
	}
	landed := mover
	if m.Promotion != 0 {
		landed.Kind = m.Promotion
	}
	q.board.Set(m.To, landed)
	p.explode(q, m) // family: atomic
	p.petrify(q, m) // family: petrify
	p.toHand(q, m)  // family: drops
	p.gate(q, m)    // family: gating

	q.hasEP, q.ep, q.victim = false, geom.Square{}, geom.Square{}
	side := p.v.Side(mover.Owner, mover.Kind) // per-colour rules
	// berolina: a double step straight or diagonal (epmoves.go)
	if side.EnPassant && doubleStep(m) {
		ep := geom.Square{File: (m.From.File + m.To.File) / 2, Rank: (m.From.Rank + m.To.Rank) / 2}
		if p.v.EnPassantOn(ep) {
			q.hasEP, q.ep, q.victim = true, ep, m.To
		}
	}
	p.passedSquares(q, m, mover) // en passant squares
	p.keepUsable(q, m, mover)    // family: fen en passant
	q.castling = slices.DeleteFunc(q.castling, func(r CastlingRight) bool {
		if r.Player == p.turn && p.v.Castling != nil && kind.Letter == p.v.Castling.King {
			return true
		}
		rook := geom.Square{File: r.File, Rank: p.v.CastlingRank(r.Player)}
		return rook == m.From || rook == m.To || slices.Contains(m.Captures, rook)
	})
	q.gates = slices.DeleteFunc(q.gates, func(g CastlingRight) bool {
		sq := p.gateSquare(g)
		return sq == m.From || sq == m.To || slices.Contains(m.Captures, sq) ||
			(kind.ClosesRoyalGate && g.Player != p.turn && q.royalOn(sq) && onRookLine(m.To, sq))
	})
	if side.ResetsClock || len(m.Captures) > 0 {
		q.halfmove = 0
	} else {
		q.halfmove++
	}
	p.endTurn(q, len(m.Captures) > 0)
	q.placeWall(m) // walling
	q.countCheck() // check counting

	p.afterMove(q, m)           // family: move rules
	q.facedBefore = p.bikjang() // family: palaces
	return q
}

// endTurn hands the move to the opponent in q, the position after p's
// move: the move number, the side to move, and the counting rule's count
// (capture: the move took a piece).
func (p *Position) endTurn(q *Position, capture bool) {
	if p.turn == Second {
		q.fullmove++
	}
	q.turn = p.turn.Opponent()
	if q.v.Counting != nil {
		if q.countLimit != 0 {
			q.countPly++
		}
		q.updateCount(capture)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

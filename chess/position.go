package chess

import bb "github.com/baten-chess/baten/internal/bitboard"

// Position is a legal chess or Chess960 position, ready to play from. Build
// one with NewPosition, Startpos or Chess960Start. It is a value: copying it
// copies the whole position, and a copy can be played on independently.
//
// The en passant square is kept only when an en passant capture is legal,
// so two positions with the same legal moves and rights compare equal (==)
// and have the same Key.
type Position struct {
	byRole   [7]Bitboard // indexed by Role; NoRole unused
	byColor  [2]Bitboard
	board    [64]Piece
	castling Bitboard // squares of the rooks that may still castle
	key      uint64
	halfmove int
	fullmove int
	ep       Square
	turn     Color
}

// Startpos returns the standard starting position.
func Startpos() Position {
	p, err := Chess960Start(518)
	if err != nil {
		panic("chess: start position: " + err.Error()) // unreachable: 518 is in range
	}
	return p
}

// Turn returns the side to move.
func (p *Position) Turn() Color { return p.turn }

// PieceAt returns the piece on s, or NoPiece.
func (p *Position) PieceAt(s Square) Piece { return p.board[s&63] }

// Pieces returns the squares holding pieces of colour c and role r (Pawn to King).
func (p *Position) Pieces(c Color, r Role) Bitboard {
	if r == NoRole || r > King {
		return 0
	}
	return p.byRole[r] & p.byColor[c&1]
}

// Occupied returns every occupied square.
func (p *Position) Occupied() Bitboard { return p.byColor[White] | p.byColor[Black] }

// ByColor returns the squares holding pieces of colour c.
func (p *Position) ByColor(c Color) Bitboard { return p.byColor[c&1] }

// CastlingRooks returns the squares of the rooks that keep a castling right.
func (p *Position) CastlingRooks() Bitboard { return p.castling }

// EnPassant returns the en passant square when an en passant capture is
// legal, and NoSquare otherwise.
func (p *Position) EnPassant() Square { return p.ep }

// Halfmove returns the number of plies since the last capture or pawn move.
func (p *Position) Halfmove() int { return p.halfmove }

// Fullmove returns the move number, starting at 1 and incremented after Black moves.
func (p *Position) Fullmove() int { return p.fullmove }

// Key returns the Zobrist hash of the position: pieces, side to move,
// castling rights (per castling rook square) and the en passant file when an
// en passant capture is legal. Move counters are not hashed.
func (p *Position) Key() uint64 { return p.key }

// King returns the square of c's king.
func (p *Position) King(c Color) Square { return (p.byRole[King] & p.byColor[c&1]).LSB() }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool {
	return p.attackersTo(p.King(p.turn), p.turn^1, p.Occupied()) != 0
}

// Checkers returns the pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard {
	return p.attackersTo(p.King(p.turn), p.turn^1, p.Occupied())
}

// attackersTo returns c's pieces attacking s when the occupied squares are occ.
// AttackersTo returns the men of colour c that attack s with the men of
// occ on the board (the sliders see through the others).
func (p *Position) AttackersTo(s Square, c Color, occ Bitboard) Bitboard {
	return p.attackersTo(s&63, c&1, occ)
}

func (p *Position) attackersTo(s Square, c Color, occ Bitboard) Bitboard {
	diag := p.byRole[Bishop] | p.byRole[Queen]
	orth := p.byRole[Rook] | p.byRole[Queen]
	return p.byColor[c] & (bb.PawnAttacks(int(c^1), s)&p.byRole[Pawn] |
		bb.KnightAttacks(s)&p.byRole[Knight] |
		bb.KingAttacks(s)&p.byRole[King] |
		bb.BishopAttacks(s, occ)&diag |
		bb.RookAttacks(s, occ)&orth)
}

// put places pc on the empty square s (board only, not the key).
func (p *Position) put(s Square, pc Piece) {
	b := s.Bit()
	p.board[s&63] = pc
	p.byRole[pc.Role()%7] |= b
	p.byColor[pc.Color()&1] |= b
}

// remove empties s, which holds pc (board only, not the key).
func (p *Position) remove(s Square, pc Piece) {
	b := s.Bit()
	p.board[s&63] = NoPiece
	p.byRole[pc.Role()%7] &^= b
	p.byColor[pc.Color()&1] &^= b
}

// backRank returns the first rank of c.
func backRank(c Color) Bitboard {
	if c == White {
		return bb.Rank1
	}
	return bb.Rank8
}

package chess

// Move is a legal move of some position, packed in 16 bits: a small,
// comparable value. Moves come from LegalMoves or ParseUCI.
//
// A castling move is encoded as the king's square and the castling rook's
// square ("king takes own rook"), which covers classic chess and Chess960
// alike: To returns the rook's square and IsCastling reports true. The
// king's and rook's destinations are always g/f (h-side) or c/d (a-side) of
// the back rank; see KingTo.
type Move uint16

// Bits 0–5 from, 6–11 to, 12–15 the kind.
const (
	kindNormal    = 0
	kindDouble    = 1 // pawn double push: may create an en passant square
	kindCastle    = 2
	kindEnPassant = 3
	kindPromo     = 8 // | 0..3 for knight, bishop, rook, queen
)

// NullMove is the null move (see Position.PlayNull): the side to move
// passes. It is never among LegalMoves; UCI writes it "0000".
const NullMove Move = 0

func newMove(from, to Square, kind uint16) Move {
	return Move(uint16(from) | uint16(to)<<6 | kind<<12)
}

func (m Move) kind() uint16 { return uint16(m) >> 12 }

// From returns the square the moving piece (the king, for castling) leaves.
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination square, or the castling rook's square for castling.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Promotion returns the role a pawn promotes to, or NoRole.
func (m Move) Promotion() Role {
	if m.kind()&kindPromo == 0 {
		return NoRole
	}
	return Knight + Role(m.kind()&3)
}

// IsCastling reports whether m castles.
func (m Move) IsCastling() bool { return m.kind() == kindCastle }

// IsEnPassant reports whether m captures en passant.
func (m Move) IsEnPassant() bool { return m.kind() == kindEnPassant }

// KingTo returns the king's destination for castling (g- or c-file of the
// back rank), and To for every other move.
func (m Move) KingTo() Square {
	if !m.IsCastling() {
		return m.To()
	}
	return castlingKingTo(m.From(), m.To())
}

// RookTo returns the castling rook's destination (f- or d-file of the
// back rank) for castling, and To for every other move.
func (m Move) RookTo() Square {
	if !m.IsCastling() {
		return m.To()
	}
	return castlingRookTo(m.From(), m.To())
}

// castlingKingTo: the king lands on g (rook on the king's h-side) or c.
func castlingKingTo(king, rook Square) Square {
	if rook > king {
		return king&^7 | 6
	}
	return king&^7 | 2
}

// castlingRookTo: the rook lands on f (h-side) or d.
func castlingRookTo(king, rook Square) Square {
	if rook > king {
		return king&^7 | 5
	}
	return king&^7 | 3
}

// UCI returns the move in UCI notation, such as "e2e4" or "e7e8q", "0000"
// for the null move. Castling
// is written as king square + king destination ("e1g1") when chess960 is
// false, and as king square + rook square ("e1h1") when chess960 is true.
func (m Move) UCI(chess960 bool) string {
	if m == NullMove {
		return "0000"
	}
	to := m.To()
	if !chess960 {
		to = m.KingTo()
	}
	b := make([]byte, 0, 5)
	b = append(b, m.From().String()...)
	b = append(b, to.String()...)
	if r := m.Promotion(); r != NoRole {
		b = append(b, r.Char())
	}
	return string(b)
}

// String returns the Chess960 form of UCI, which is unambiguous for every
// position.
func (m Move) String() string { return m.UCI(true) }

// MoveList is a fixed-capacity list of moves; filling it never allocates.
type MoveList struct {
	moves [maxMoves]Move
	n     int
}

// maxMoves bounds the legal moves of any position NewPosition accepts: with
// at most 9 queens, 2 rooks, 2 bishops and 2 knights' worth of promotions
// (a pawn has at most 12 moves, fewer than a queen's 27), a side has at most
// 9·27 + 2·14 + 2·13 + 2·8 + 8 (king) + 2 (castling) = 323. The most found
// in a reachable position is 218.
const maxMoves = 323

// Len returns the number of moves in the list.
func (l *MoveList) Len() int { return l.n }

// At returns the i-th move, 0 ≤ i < Len.
func (l *MoveList) At(i int) Move { return l.moves[:l.n][i] }

// Slice returns the moves as a slice aliasing the list's storage.
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

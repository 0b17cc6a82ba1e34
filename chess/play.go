package chess

import bb "github.com/baten-chess/baten/internal/bitboard"

// Undo is what Play returns and Unplay needs to take a move back: the state
// a move cannot restore from itself. It is a plain value; keeping it costs
// no allocation.
type Undo struct {
	// At most four fields, so the compiler keeps an Undo in registers
	// rather than spilling it through memory on every move.
	key      uint64
	castling Bitboard
	halfmove int
	packed   uint16 // the captured Piece, and the en passant Square << 8
}

func (u Undo) captured() Piece { return Piece(u.packed) }

func (u Undo) ep() Square { return Square(u.packed >> 8) }

// kingRights[pc] is the back rank whose castling rights a move of pc (a
// king) gives up; empty for every other piece.
var kingRights = [16]Bitboard{
	Piece(White)<<3 | Piece(King): bb.Rank1,
	Piece(Black)<<3 | Piece(King): bb.Rank8,
}

// Play plays the legal move m on p, updating the Zobrist key incrementally,
// and returns what Unplay needs to take it back. m must be a legal move of p
// (from LegalMoves or ParseUCI); anything else corrupts p.
//
// To explore without undoing, copy the position instead: q := p; q.Play(m).
func (p *Position) Play(m Move) Undo {
	u := Undo{key: p.key, castling: p.castling, halfmove: p.halfmove, packed: uint16(p.ep) << 8}
	us := p.turn & 1
	from, to := m.From(), m.To()
	pc := p.board[from]
	key := p.key ^ turnKey
	if p.ep != NoSquare {
		key ^= epKeys[p.ep&7]
		p.ep = NoSquare
	}
	fromTo := from.Bit() | to.Bit()
	switch kind := m.kind(); {
	case kind == kindCastle:
		kto, rto := castlingKingTo(from, to), castlingRookTo(from, to)
		rook := MakePiece(us, Rook)
		// Lift both first: the king and rook may land on each other's squares.
		p.remove(from, pc)
		p.remove(to, rook)
		p.put(kto, pc)
		p.put(rto, rook)
		key ^= pieceKeys[pc][from] ^ pieceKeys[pc][kto] ^ pieceKeys[rook][to] ^ pieceKeys[rook][rto]
		p.halfmove++
	case kind == kindEnPassant:
		capSq := to ^ 8
		captured := p.board[capSq]
		u.packed |= uint16(captured)
		p.remove(capSq, captured)
		p.movePiece(from, to, fromTo, pc)
		p.halfmove = 0
		key ^= pieceKeys[captured][capSq] ^ pieceKeys[pc][from] ^ pieceKeys[pc][to]
	default:
		captured := p.board[to]
		p.halfmove++
		if captured != NoPiece {
			u.packed |= uint16(captured)
			p.byColor[us^1] &^= to.Bit()
			p.byRole[captured.Role()%7] &^= to.Bit()
			key ^= pieceKeys[captured][to]
			p.halfmove = 0
		}
		p.movePiece(from, to, fromTo, pc)
		key ^= pieceKeys[pc][from] ^ pieceKeys[pc][to]
		if pc.Role() == Pawn {
			p.halfmove = 0
		}
		if kind >= kindPromo {
			promo := MakePiece(us, m.Promotion())
			p.byRole[Pawn] &^= to.Bit()
			p.byRole[promo.Role()%7] |= to.Bit()
			p.board[to] = promo
			key ^= pieceKeys[pc][to] ^ pieceKeys[promo][to]
		}
	}
	if lost := p.castling & (fromTo | kingRights[pc&15]); lost != 0 {
		p.castling &^= lost
		for lost != 0 {
			key ^= castlingKeys[lost.PopLSB()]
		}
	}
	p.turn = us ^ 1
	p.fullmove += int(us) // after Black's move
	if m.kind() == kindDouble {
		ep := (from + to) / 2
		if bb.PawnAttacks(int(us), ep)&p.byRole[Pawn]&p.byColor[us^1] != 0 && p.anyEPLegal(ep) {
			p.ep = ep
			key ^= epKeys[ep&7]
		}
	}
	p.key = key
	return u
}

// PlayNull plays a null move on p: the side to move passes. No rule of
// chess allows it; annotators use it to show a threat, and PGN files write
// it "--" (python-chess) or "Z0" (ChessBase). It is legal only where
// passing leaves no king attacked: never in check. PlayNull reports false,
// leaving p unchanged, when the side to move is in check. Like a quiet
// move, it counts for the 50-move rule and clears the en passant square.
func (p *Position) PlayNull() bool {
	if p.InCheck() {
		return false
	}
	key := p.key ^ turnKey
	if p.ep != NoSquare {
		key ^= epKeys[p.ep&7]
		p.ep = NoSquare
	}
	us := p.turn & 1
	p.turn = us ^ 1
	p.fullmove += int(us)
	p.halfmove++
	p.key = key
	return true
}

// movePiece moves pc from from to the empty square to; fromTo holds both.
func (p *Position) movePiece(from, to Square, fromTo Bitboard, pc Piece) {
	p.byColor[pc.Color()&1] ^= fromTo
	p.byRole[pc.Role()%7] ^= fromTo
	p.board[from&63] = NoPiece
	p.board[to&63] = pc
}

// anyEPLegal reports whether the side to move has a legal en passant capture
// onto ep, the square a pawn just skipped.
func (p *Position) anyEPLegal(ep Square) bool {
	p.ep = ep
	ksq := p.King(p.turn)
	legal := ksq == NoSquare // family: horde: a side without a king may always take
	for x := bb.PawnAttacks(int(p.turn^1), ep) & p.byRole[Pawn] & p.byColor[p.turn]; x != 0 && !legal; {
		legal = p.epLegal(x.PopLSB(), ksq)
	}
	p.ep = NoSquare
	return legal
}

// Unplay takes back m, the last move played on p, given what Play returned.
func (p *Position) Unplay(m Move, u Undo) {
	p.turn ^= 1
	us := p.turn & 1
	p.fullmove -= int(us)
	from, to := m.From(), m.To()
	fromTo := from.Bit() | to.Bit()
	switch kind := m.kind(); {
	case kind == kindCastle:
		king, rook := MakePiece(us, King), MakePiece(us, Rook)
		kto, rto := castlingKingTo(from, to), castlingRookTo(from, to)
		p.remove(kto, king)
		p.remove(rto, rook)
		p.put(from, king)
		p.put(to, rook)
	case kind == kindEnPassant:
		p.movePiece(to, from, fromTo, p.board[to])
		p.put(to^8, u.captured())
	default:
		pc := p.board[to]
		if kind >= kindPromo {
			p.byRole[pc.Role()%7] &^= to.Bit()
			pc = MakePiece(us, Pawn)
			p.byRole[Pawn] |= to.Bit()
		}
		p.movePiece(to, from, fromTo, pc)
		if captured := u.captured(); captured != NoPiece {
			p.put(to, captured)
		}
	}
	p.key, p.castling, p.halfmove, p.ep = u.key, u.castling, u.halfmove, u.ep()
}

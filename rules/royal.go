package rules

import "github.com/baten-chess/baten/geom"

// RoyalGuards are the legality rules that guard royal pieces beyond "no
// move may leave one attacked": Fairy-Stockfish's flyingGeneral (xiangqi's
// generals that may not face each other) and dupleCheck (Spartan chess's
// two kings, of which only leaving both attacked is illegal).
type RoyalGuards struct {
	// FlyingGeneral: where the side to move has a royal piece, no move may
	// leave one of its royal pieces and an enemy royal piece on one file
	// or rank with no piece between them. Facing is not check: it makes
	// no one "in check", it only forbids the move. A castling king may not
	// pass a square, its destination included, from which it would face
	// an enemy royal piece, the board read with the king lifted from its
	// square and the rook still on its own (a castling piece that is not
	// royal is not tested). An en passant capture is not
	// tested, as Fairy-Stockfish does not test it. Walls do not block the
	// line (Fairy-Stockfish's walls are not pieces).
	FlyingGeneral bool
	// DupleCheck: where pseudo-royal pieces are guarded
	// (ExtinctionRule.PseudoRoyal), a move is also illegal if it leaves
	// every piece of the extinction rule's kinds that the mover owns
	// attacked, however many there are — even a move that takes an enemy
	// pseudo-royal piece; a side with no legal move and all of them
	// attacked is checkmated. Without pseudo-royal pieces it has no effect,
	// as in Fairy-Stockfish.
	DupleCheck bool
	// Bikjang: when the side to move's royal piece faces an enemy one on
	// an open file or rank, each of its moves but a pass must end the
	// facing, and a pass is legal even in check; a reply that leaves them
	// facing ends the game (bikjangRule, palacelines.go).
	Bikjang bool
}

// guardsForbid reports whether m, played from p to next, breaks a royal
// guard.
func (p *Position) guardsForbid(m Move, next *Position) bool {
	g := p.v.Royal
	if g == nil {
		return false
	}
	if g.FlyingGeneral && !m.EnPassant && p.hasRoyal(p.turn) && p.generalsFace(m, next) {
		return true
	}
	if g.Bikjang && !m.Pass && p.bikjang() && p.generalsFace(m, next) { // family: palaces
		return true
	}
	return g.DupleCheck && p.pseudoRoyals() && next.dupleChecked(p.turn)
}

// hasRoyal reports whether player has a royal piece on the board.
func (p *Position) hasRoyal(player Player) bool {
	for _, sq := range p.v.Size.Squares() {
		if pc := p.board.At(sq); !pc.Empty() && pc.Owner == player && p.v.Kind(pc.Kind).Royal {
			return true
		}
	}
	return false
}

// generalsFace reports whether m, played from p to next, leaves a royal
// piece of the mover facing an enemy one, or, castling, passes a square
// that faces one.
func (p *Position) generalsFace(m Move, next *Position) bool {
	us := p.turn
	if m.Castle {
		if !p.v.Kind(p.board.At(m.From).Kind).Royal {
			return false // a castling piece that is not royal is not tested
		}
		lifted := p.board.Clone()
		lifted.Set(m.From, Piece{})
		for _, sq := range squaresFromTo(m.From, m.To) { // To included, From not
			if facesRoyal(p.v, lifted, sq, us) {
				return true
			}
		}
		return false
	}
	for _, sq := range next.v.Size.Squares() {
		if pc := next.board.At(sq); !pc.Empty() && pc.Owner == us && next.v.Kind(pc.Kind).Royal && facesRoyal(next.v, next.board, sq, us) {
			return true
		}
	}
	return false
}

// facesRoyal reports whether, on b, the first piece seen from sq along
// some file or rank is a royal piece of us's opponent.
func facesRoyal(v *Variant, b Board, sq geom.Square, us Player) bool {
	for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		for t, ok := v.Size.Offset(sq, d[0], d[1]); ok; t, ok = v.Size.Offset(t, d[0], d[1]) {
			if pc := b.At(t); !pc.Empty() {
				if pc.Owner != us && v.Kind(pc.Kind).Royal {
					return true
				}
				break
			}
		}
	}
	return false
}

// dupleChecked reports whether player owns pieces of the extinction rule's
// kinds and every one of them stands attacked (RoyalGuards.DupleCheck).
func (p *Position) dupleChecked(player Player) bool {
	if p.v.Royal == nil || !p.v.Royal.DupleCheck || !p.pseudoRoyals() {
		return false
	}
	any := false
	for _, sq := range p.v.Size.Squares() {
		pc := p.board.At(sq)
		if pc.Empty() || pc.Owner != player || !p.countedKind(pc.Kind) {
			continue
		}
		if !p.Attacked(sq, player.Opponent()) {
			return false
		}
		any = true
	}
	return any
}

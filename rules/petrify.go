package rules

import (
	"slices"
	"strings"

	"github.com/baten-chess/baten/geom"
)

// Petrification is the petrify family, Fairy-Stockfish's
// petrifyOnCaptureTypes and petrifyBlastPieces: a piece of one of the
// Kinds that captures is turned into a wall (the walling family's square
// no piece enters, crosses or takes) on the square it captured on.
//
// In plain words, as Fairy-Stockfish plays it:
//   - The capturer lands, takes its victim (en passant too), and is then
//     a wall; castling rights and the clocks go as for any capture.
//   - Where captures explode (CaptureEffects.Blast), the blast comes
//     first: the centre square becomes a wall if the capturer's kind is
//     one of the Kinds (an immune capturer survives and stays a piece),
//     and every other square the blast empties becomes a wall with
//     BlastPieces.
//   - With pseudo-royal pieces (ExtinctionRule.PseudoRoyal), a move
//     whose capturer is pseudo-royal and of one of the Kinds is illegal,
//     and pieces of a kind that is both one of the Kinds and one of the
//     extinction rule's never count as attacking a pseudo-royal piece
//     when a move's legality is judged (they could not take it without
//     turning to stone); they still stand in the way. Whether a side
//     without moves is checkmated is asked of every attacker.
//   - Legality is judged with the squares a blast empties still empty:
//     a wall the move makes never shields the mover's pieces (as the
//     walling family's walls never count for legality). Without a blast
//     the capture square is occupied either way.
//   - A petrified piece gives no check: it is no piece any more.
type Petrification struct {
	// Kinds are the upper-case letters of the kinds that petrify when
	// they capture (petrifyOnCaptureTypes).
	Kinds string
	// BlastPieces turns the other pieces a blast removes into walls too
	// (petrifyBlastPieces).
	BlastPieces bool
}

// petrifies reports whether a piece of kind id turns into a wall when it
// captures.
func (p *Position) petrifies(id KindID) bool {
	return p.v.Petrify != nil && strings.IndexByte(p.v.Petrify.Kinds, p.v.Kind(id).Letter) >= 0
}

// petrified lists the squares m, played from p, turns into walls: the
// capture square of a petrifying capturer, and with a blast the squares
// it empties as the rule says.
func (p *Position) petrified(m Move) []geom.Square {
	if p.v.Petrify == nil || len(m.Captures) == 0 {
		return nil
	}
	landed := p.board.At(m.From).Kind
	if m.Promotion != 0 {
		landed = m.Promotion
	}
	if !p.v.blasts() {
		if p.petrifies(landed) {
			return []geom.Square{m.To}
		}
		return nil
	}
	var out []geom.Square
	for _, sq := range p.Exploded(m) {
		if (sq == m.To && p.petrifies(landed)) || (sq != m.To && p.v.Petrify.BlastPieces) {
			out = append(out, sq)
		}
	}
	return out
}

// petrify turns the squares m, played from p, petrifies into walls in q,
// the position after it (after its blast): a capturer still standing is
// lifted first.
func (p *Position) petrify(q *Position, m Move) {
	for _, sq := range p.petrified(m) {
		q.board.Set(sq, Piece{})
		q.addWall(sq)
	}
}

// unpetrified is next, the position after m played from p, with the
// walls m made lifted again: the position Fairy-Stockfish judges a
// blasting move's legality on, where the blast has emptied the squares.
func (p *Position) unpetrified(m Move, next *Position) *Position {
	walls := p.petrified(m)
	if len(walls) == 0 {
		return next
	}
	q := next.clone()
	q.walls = slices.DeleteFunc(q.walls, func(sq geom.Square) bool { return slices.Contains(walls, sq) })
	return q
}

// petrifiesPseudoRoyal reports whether m, a move of p, turns one of the
// mover's pseudo-royal pieces into a wall: such a move is illegal.
func (p *Position) petrifiesPseudoRoyal(m Move) bool {
	pc := p.board.At(m.From)
	return len(m.Captures) > 0 && !m.Castle && p.petrifies(pc.Kind) && p.pseudoRoyalPiece(pc)
}

// capturerAttacks reports whether a piece of by attacks sq in p, leaving
// out the pieces that cannot capture a pseudo-royal piece: those of a
// kind both petrifying and counted by the extinction rule. Without
// petrification it is Attacked.
func (p *Position) capturerAttacks(sq geom.Square, by Player) bool {
	if p.v.Petrify == nil {
		return p.Attacked(sq, by)
	}
	return slices.ContainsFunc(p.attackers(sq, by, -1), func(from geom.Square) bool {
		k := p.board.At(from).Kind
		return !p.petrifies(k) || !p.countedKind(k)
	})
}

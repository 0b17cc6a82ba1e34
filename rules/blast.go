package rules

import (
	"slices"
	"strings"

	"github.com/baten-chess/baten/geom"
)

// CaptureEffects is what a capture does besides taking its victim: the
// atomic family, Fairy-Stockfish's blastOnCapture, blastImmuneTypes and
// mutuallyImmuneTypes.
//
// With Blast, every capture explodes: the capturing piece and every piece
// of either side on the eight squares around the capture square are
// removed with the victim, but for pawns around it (not on it) and the
// pieces of Immune kinds (anywhere). The centre of an en passant capture
// is the square the pawn lands on. A castling right goes with its
// exploded rook or king.
//
// Kings in this family are not royal but the extinction rule's pieces,
// as in Fairy-Stockfish: a side whose king explodes has lost (nocheckatomic),
// and with the rule's PseudoRoyal (atomic) the king is guarded as a royal
// piece with these changes, in this order (see blastExposes):
//   - a move that explodes one of the mover's own pseudo-royal pieces is
//     illegal (so a king never captures, and no move explodes both kings);
//   - a move that explodes or takes an enemy pseudo-royal piece is legal
//     even if the mover's own is attacked;
//   - a pseudo-royal piece next to an enemy pseudo-royal piece is never
//     attacked (taking it would explode the taker's own), so adjacent
//     kings give no check.
//
// MutuallyImmune kinds cannot capture a piece of their own kind (atomar's
// kings, which survive blasts there, may stand side by side).
type CaptureEffects struct {
	// Blast makes every capture explode (blastOnCapture).
	Blast bool
	// Pawns are the upper-case letters of the kinds that survive a blast
	// next to them: Fairy-Stockfish's pawn, by name, not its pawnTypes.
	Pawns string
	// Immune are the letters of the kinds no blast removes, even the
	// capturing piece (blastImmuneTypes).
	Immune string
	// MutuallyImmune are the letters of the kinds that cannot capture a
	// piece of the same kind (mutuallyImmuneTypes).
	MutuallyImmune string
}

// blasts reports whether the variant's captures explode.
func (v *Variant) blasts() bool { return v.Capture != nil && v.Capture.Blast }

// Exploded lists the squares whose pieces the blast of m removes besides
// its victim, in the position after it (the capture square first, then
// the squares around it, rank by rank); nil for a move that does not
// explode. m must be a move of p.
func (p *Position) Exploded(m Move) []geom.Square {
	if !p.v.blasts() || len(m.Captures) == 0 {
		return nil
	}
	c := p.v.Capture
	var out []geom.Square
	landed := p.board.At(m.From).Kind
	if m.Promotion != 0 {
		landed = m.Promotion
	}
	if !strings.ContainsRune(c.Immune, rune(p.v.Kind(landed).Letter)) {
		out = append(out, m.To)
	}
	for _, d := range [8][2]int{{0, -1}, {-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}} {
		sq := geom.Square{File: m.To.File + d[0], Rank: m.To.Rank + d[1]}
		if sq == m.From || slices.Contains(m.Captures, sq) {
			continue
		}
		pc := p.board.At(sq) // empty off the board
		if pc.Empty() {
			continue
		}
		letter := rune(p.v.Kind(pc.Kind).Letter)
		if !strings.ContainsRune(c.Pawns, letter) && !strings.ContainsRune(c.Immune, letter) {
			out = append(out, sq)
		}
	}
	return out
}

// explode applies the blast of m, played from p, to q, the position after
// it: it removes the exploded pieces and the castling rights of exploded
// rooks and kings, and returns the exploded squares.
func (p *Position) explode(q *Position, m Move) []geom.Square {
	exploded := p.Exploded(m)
	for _, sq := range exploded {
		pc := q.board.At(sq)
		q.board.Set(sq, Piece{})
		q.castling = slices.DeleteFunc(q.castling, func(r CastlingRight) bool {
			home := sq.Rank == p.v.CastlingRank(r.Player)
			king := p.v.Castling != nil && pc.Owner == r.Player && p.v.Kind(pc.Kind).Letter == p.v.Castling.King
			return home && (sq.File == r.File || king)
		})
	}
	return exploded
}

// mutuallyImmune reports whether the capture of victim by pc is barred
// by CaptureEffects.MutuallyImmune.
func (p *Position) mutuallyImmune(pc, victim Piece) bool {
	c := p.v.Capture
	return c != nil && pc.Kind == victim.Kind && strings.ContainsRune(c.MutuallyImmune, rune(p.v.Kind(pc.Kind).Letter))
}

// touchesPseudoRoyal reports whether sq is next to a pseudo-royal piece of
// player in p, where blasts make a pseudo-royal piece of the other side
// on sq safe from capture: taking it would explode the taker's own.
func (p *Position) touchesPseudoRoyal(sq geom.Square, player Player) bool {
	if !p.v.blasts() || !p.pseudoRoyals() {
		return false
	}
	return touches(sq, p.pseudoRoyalSquares(player))
}

// pseudoRoyalSquares lists the squares of player's pseudo-royal pieces
// (those pseudoRoyalPiece names), counting the board once.
func (p *Position) pseudoRoyalSquares(player Player) []geom.Square {
	counts := make([]int, len(p.v.Pieces)+1)
	var out []geom.Square
	for _, sq := range p.v.Size.Squares() {
		if pc := p.board.At(sq); !pc.Empty() && pc.Owner == player && p.countedKind(pc.Kind) {
			counts[pc.Kind]++
			out = append(out, sq)
		}
	}
	return slices.DeleteFunc(out, func(sq geom.Square) bool { return counts[p.board.At(sq).Kind] > p.v.Extinction.Count+1 })
}

// touches reports whether sq is next to one of the squares.
func touches(sq geom.Square, squares []geom.Square) bool {
	for _, s := range squares {
		if s != sq && abs(s.File-sq.File) <= 1 && abs(s.Rank-sq.Rank) <= 1 {
			return true
		}
	}
	return false
}

// blastExposes is exposesPseudoRoyal where captures explode: m, played
// from p to next, is illegal if it explodes a pseudo-royal piece of the
// mover, legal if it removes one of the opponent's, and otherwise illegal
// if a pseudo-royal piece of the mover not next to an enemy one is left
// attacked (or castles out of or through an attacked square). The
// pseudo-royal pieces are those of p, the mover's moved with it; a
// promotion to a counted kind adds the promoted piece while its side had
// at most Count of the kind, and otherwise makes the kind's pieces plain.
func (p *Position) blastExposes(m Move, next *Position) bool {
	us, them := p.turn, p.turn.Opponent()
	next = p.unpetrified(m, next) // family: petrify: judged with the blasted squares empty
	theirs := p.pseudoRoyalSquares(them)
	ours := p.pseudoRoyalSquares(us)
	for i, sq := range ours {
		if sq == m.From {
			ours[i] = m.To
		}
	}
	if m.Promotion != 0 && p.countedKind(m.Promotion) {
		if p.countKind(us, m.Promotion) > p.v.Extinction.Count {
			ours = slices.DeleteFunc(ours, func(sq geom.Square) bool { return p.board.At(sq).Kind == m.Promotion })
		} else if !slices.Contains(ours, m.To) {
			ours = append(ours, m.To)
		}
	}
	for _, sq := range ours {
		if next.board.At(sq).Empty() {
			return true // a self-explosion
		}
	}
	for _, sq := range theirs {
		if next.board.At(sq).Empty() {
			return false
		}
	}
	if m.Castle && p.pseudoRoyalPiece(p.board.At(m.From)) {
		path := append([]geom.Square{m.From}, squaresFromTo(m.From, m.To)...)
		for _, sq := range path[:max(len(path)-1, 1)] {
			if !touches(sq, theirs) && p.Attacked(sq, them) {
				return true
			}
		}
	}
	for _, sq := range ours {
		if !touches(sq, theirs) && next.capturerAttacks(sq, them) { // family: petrify: capturerAttacks
			return true
		}
	}
	return false
}

// blastReason is the reason of an extinction where captures explode and
// the rule counts kinds one by one: the king exploded.
func (p *Position) blastReason(r Reason) Reason {
	if r == Extinction && p.v.blasts() && !p.v.Extinction.All {
		return KingExploded
	}
	return r
}

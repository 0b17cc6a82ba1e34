package fairy

import "github.com/baten-chess/baten/rules"

// PlayNull passes for the search (a null move), in any game, whether or
// not its rules allow a pass: the side to move changes and the en passant
// squares go, as the move of a piece elsewhere would take them away; the
// castling just played (castlingWins) is forgotten, as after any move. It
// is not a rules pass: the passes in a row, the counting rule's count and
// the checks remaining stay, so that no end of the game follows from it.
// UnplayNull takes it back with what PlayNull returns.
func (p *Position) PlayNull() Undo {
	u := Undo{ep: p.ep, victim: p.victim, hasEP: p.hasEP, halfmove: p.halfmove, fullmove: p.fullmove,
		lastCastle: p.lastCastle, ep2: p.ep2, hasEP2: p.hasEP2, faced: p.faced}
	p.hasEP, p.ep, p.victim = false, 0, 0
	p.faced = false // family: palaces: bikjang ends nothing after a null move
	p.hasEP2, p.ep2 = false, 0
	p.lastCastle = 0
	p.halfmove++
	if p.turn == 1 {
		p.fullmove++
	}
	p.turn ^= 1
	return u
}

// UnplayNull takes back the null move PlayNull returned u for.
func (p *Position) UnplayNull(u Undo) {
	p.turn ^= 1
	p.ep, p.victim, p.hasEP = u.ep, u.victim, u.hasEP
	p.ep2, p.hasEP2 = u.ep2, u.hasEP2
	p.lastCastle = u.lastCastle
	p.faced = u.faced
	p.halfmove, p.fullmove = u.halfmove, u.fullmove
}

// Count is the number of pl's pieces of kind k on the board.
func (p *Position) Count(pl rules.Player, k rules.KindID) int {
	if int(k) > maxKinds || pl > 1 {
		return 0
	}
	return int(p.count[pl][k])
}

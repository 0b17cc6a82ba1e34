package chess

import bb "github.com/baten-chess/baten/internal/bitboard"

// HasInsufficientMaterial reports whether side c can never checkmate, by
// any sequence of legal moves, with the material on the board: it has only
// its king; or a king and one knight while the opponent has nothing but a
// king and queens (which cannot block the corner mate); or only bishops all
// on one colour while nobody has a pawn or knight (the opponent's bishops
// of the other colour could otherwise self-block). This is the FIDE 6.9
// test for a flag fall (the classes python-chess decides too); it is sound
// — false whenever a mate may still be possible — but not complete: a
// blocked pawn wall is not recognised.
func (p *Position) HasInsufficientMaterial(c Color) bool {
	ours := p.ByColor(c)
	if ours&(p.byRole[Pawn]|p.byRole[Rook]|p.byRole[Queen]) != 0 {
		return false
	}
	if ours&p.byRole[Knight] != 0 {
		theirs := p.ByColor(c.Other())
		return ours.Count() <= 2 && theirs&^p.byRole[King]&^p.byRole[Queen] == 0
	}
	if ours&p.byRole[Bishop] != 0 {
		bishops := p.byRole[Bishop]
		oneColour := bishops&bb.DarkSquares == 0 || bishops&^bb.DarkSquares == 0
		return oneColour && p.byRole[Pawn] == 0 && p.byRole[Knight] == 0
	}
	return true
}

// IsInsufficientMaterial reports whether neither side can ever checkmate:
// a dead position by material, which ends a game as a draw (FIDE 5.2.2).
func (p *Position) IsInsufficientMaterial() bool {
	return p.HasInsufficientMaterial(White) && p.HasInsufficientMaterial(Black)
}

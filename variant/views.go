package variant

import "github.com/baten-chess/baten/rules"

// This file answers what a board that draws a game needs to know of its
// rules beyond the pieces: the goals of the flag family and the check
// counter (the server's web board shows both).

// Goal is one side's flag region, as a board draws it.
type Goal struct {
	// Squares are the region's squares by name ("d4"), in board order.
	Squares []string
	// Piece is the name of the kind that must reach the region ("king"),
	// "" when any of the side's pieces counts.
	Piece string
	// Count is how many of those pieces must stand there at once.
	Count int
}

// Goals returns each side's flag region, by Color (White, Black), and
// false when the game has no flag rule (king of the hill's hill, racing
// kings' last rank, breakthrough's far ranks).
func (v *Variant) Goals() ([2]Goal, bool) {
	var out [2]Goal
	if v.Rules == nil {
		return out, false
	}
	def := v.Rules()
	f := def.Flag
	if f == nil {
		return out, false
	}
	for pl := range rules.Player(2) {
		g := Goal{Count: max(f.Count, 1)}
		for _, sq := range f.Region[pl] {
			if def.Size.Contains(sq) {
				g.Squares = append(g.Squares, sq.String())
			}
		}
		if id, ok := def.KindByLetter(f.Piece[pl]); f.Piece[pl] != 0 && ok {
			g.Piece = def.Kind(id).Name
		}
		out[rulesColor(v, pl)] = g
	}
	return out, true
}

// CheckCount is one side's check counter.
type CheckCount struct {
	Given int // checks given so far
	Limit int // checks to give to win
}

// ChecksOf returns each side's check counter in p, by Color, and false
// when p's game does not count checks. Given is counted down from the
// checks still to give, so a start FEN's counter ("2+3", "+1+0") shows
// as the checks it says were given.
func ChecksOf(p Position) ([2]CheckCount, bool) {
	var out [2]CheckCount
	r, ok := p.(rulesPosition)
	if !ok || r.p.Variant().CheckCounting == nil {
		return out, false
	}
	limit := r.p.Variant().CheckCounting.Checks
	left := r.p.ChecksRemaining()
	for pl := range rules.Player(2) {
		out[r.color(pl)] = CheckCount{Given: max(limit[pl]-left[pl], 0), Limit: limit[pl]}
	}
	return out, true
}

// rulesColor is rulesPosition.color for a variant without a position.
func rulesColor(v *Variant, pl rules.Player) Color {
	return rulesPosition{v: v}.color(pl)
}

package game

import (
	"slices"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
)

// perpetualChase reports, for the player who moved into position n
// (them) and for the other (us), whether it chased one piece with every
// one of its moves into the positions first..n (the move into first
// included, where there is one: the positions perpetual check reads),
// following the chased piece as it moves; a chase is
// rules.Position.Chased. Fairy-Stockfish's is_optional_game_end judges
// the repetition so. Positions without reference moves chase nothing.
func (g *Game) perpetualChase(first, n int) (them, us bool) {
	// chased[s]: the pieces side s (0 them, 1 us) has chased with each of
	// its moves so far, where they stand now; begun[s]: s has moved.
	var chased [2][]geom.Square
	var begun [2]bool
	for i := max(first, 1); i <= n; i++ {
		j := i - 1 // the action into position i
		p, ok := g.PositionBefore(j).(specMover)
		if !ok {
			return false, false
		}
		m, ok := p.Move(g.plies[j].move)
		if !ok {
			return false, false
		}
		side := (n - i) % 2
		other := 1 - side
		chased[other] = follow(chased[other], m)
		now := p.Rules().Chased(m)
		if begun[side] {
			now = slices.DeleteFunc(now, func(sq geom.Square) bool { return !slices.Contains(chased[side], sq) })
		}
		chased[side], begun[side] = now, true
	}
	return len(chased[0]) > 0, len(chased[1]) > 0
}

// follow moves the squares of pieces to where m takes them.
func follow(squares []geom.Square, m rules.Move) []geom.Square {
	out := slices.Clone(squares)
	for k, sq := range out {
		switch {
		case sq == m.From:
			out[k] = m.To
		case m.Castle && sq == m.RookFrom:
			out[k] = m.RookTo
		}
	}
	return out
}

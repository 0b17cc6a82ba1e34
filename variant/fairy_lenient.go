package variant

import (
	"slices"
	"strings"

	"github.com/baten-chess/baten/variant/ini"
)

// promotionZone is the relative ranks a promotion happens on, from
// promotionRank (0: the last rank), when Fairy-Stockfish's region is
// beyond the board. Fairy-Stockfish keeps regions as absolute squares,
// intersected with the board: a section that shrinks chess's board keeps
// White's rank 8, which is not there, and Black's rank 1, which is.
//   - With promotionRegionWhite or Black set (petty, haynie), the other
//     colour's inherited rank 1 is its last rank, as before.
//   - When no piece that could promote stands in the start position
//     (1d-chess, alapo), and without drops none ever can, the zone is
//     empty: nothing promotes.
//   - Otherwise the colours differ, which Baten's mirrored rules cannot
//     say: an error.
func (c *fairyConfig) promotionZone(s *ini.Section, h int) (int, error) {
	rank := c.promotionRank
	if rank == 0 || rank <= h {
		return max(rank, 0), nil
	}
	if c.colour.promoRegion[0] != nil || c.colour.promoRegion[1] != nil {
		return h, nil
	}
	if !c.promoterInStart() {
		return rank, nil // beyond the board: an empty zone
	}
	return 0, keyErr(s, "promotionRank", "not supported yet: promotion rank %d is beyond the board's %d ranks for White but Black's is on it (promotion differing between the colours)", rank, h)
}

// promoterInStart reports whether a piece that could promote stands in
// the start position's placement.
func (c *fairyConfig) promoterInStart() bool {
	placement, _, _ := strings.Cut(c.startFEN, " ")
	placement, _, _ = strings.Cut(placement, "[") // a hand is not the board
	for _, p := range c.pieces {
		promotes := p.name == "pawn" || slices.ContainsFunc(c.colour.promoPawns[:], func(n []string) bool { return slices.Contains(n, p.name) })
		if to, ok := c.promoted[p.name]; ok && to != "" {
			promotes = true
		}
		if promotes && strings.ContainsAny(placement, string(p.letter)+strings.ToLower(string(p.letter))) {
			return true
		}
	}
	return false
}

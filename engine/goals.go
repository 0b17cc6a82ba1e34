package engine

import (
	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
)

// Weights of the goal terms, in centipawns: a step nearer the flag region
// for the leading flag piece, and a check given.
const (
	flagStepValue    = 30
	checkGivenWeight = 120
)

// goals are the terms of a game's own aim that the fairy engine adds to
// material, read from the variant's end rules so that the aim searched for
// is the one the game ends by: the flag rule's race (king of the hill,
// racing kings, breakthrough) and the check count (three-check).
type goals struct {
	// squares lists the board's squares; flagDist[pl][i] is the number of
	// king steps from squares[i] to pl's nearest flag square. Both are nil
	// without a flag rule.
	squares  []geom.Square
	flagDist [2][]int
	maxDist  int
	flagKind [2]rules.KindID // 0: every piece of the player counts
	checks   bool
}

// newGoals reads the goal terms of v.
func newGoals(v *rules.Variant) goals {
	g := goals{checks: v.CheckCounting != nil}
	f := v.Flag
	if f == nil {
		return g
	}
	g.squares = v.Size.Squares()
	for pl := range 2 {
		if f.Piece[pl] != 0 {
			if id, ok := v.KindByLetter(f.Piece[pl]); ok {
				g.flagKind[pl] = id
			}
		}
		g.flagDist[pl] = make([]int, len(g.squares))
		for i, sq := range g.squares {
			d := -1
			for _, t := range f.Region[pl] {
				if k := max(abs(t.File-sq.File), abs(t.Rank-sq.Rank)); d < 0 || k < d {
					d = k
				}
			}
			g.flagDist[pl][i] = d // -1: an empty region, never reached
			g.maxDist = max(g.maxDist, d)
		}
	}
	return g
}

// score is the goal terms of p for the side to move, minus the opponent's.
func (g *goals) score(p *fairy.Position) int {
	us := p.Turn()
	s := 0
	if g.checks {
		left := p.ChecksRemaining()
		s += (left[us^1] - left[us]) * checkGivenWeight
	}
	if g.flagDist[0] != nil {
		lead := g.flagLead(p)
		s += (lead[us] - lead[us^1]) * flagStepValue
	}
	return s
}

// flagLead is, by player, how many steps nearer than the farthest square
// of the board its nearest flag piece stands to its region.
func (g *goals) flagLead(p *fairy.Position) [2]int {
	var lead [2]int
	for i, sq := range g.squares {
		pc := p.At(sq)
		if pc.Empty() {
			continue
		}
		pl := pc.Owner
		if k := g.flagKind[pl]; k != 0 && pc.Kind != k {
			continue
		}
		if d := g.flagDist[pl][i]; d >= 0 {
			lead[pl] = max(lead[pl], g.maxDist-d)
		}
	}
	return lead
}

package fairy

import (
	"strings"

	"github.com/baten-chess/baten/kinematics"
	"github.com/baten-chess/baten/rules"
)

// The palaces family's soldier in the fast generator (rules.SoldierRule):
// a soldier's steps off its file are left out of the move and attack
// tables of the squares below the rule's rank, so generation and the
// attack test read the rule from the tables and cost nothing more.

// soldierInfo is rules.SoldierRule compiled.
type soldierInfo struct {
	kinds [maxKinds + 1]bool
	rank  int // the first relative rank on which a soldier leaves its file
}

// compileSoldiers compiles v's soldier rule, nil for none. A soldier
// that rides off its file is refused: the reverse tables keep riders by
// direction, not by the square they start from. So is walling: a
// held soldier's arrow goes sideways too in Fairy-Stockfish, as in the
// reference generator, which reads it from the movement itself, while
// the tables here hold it.
func compileSoldiers(v *rules.Variant) (*soldierInfo, error) {
	s := v.Soldiers
	if s == nil {
		return nil, nil
	}
	if v.Walling != nil {
		return nil, unsupported(v, "soldiers with walling")
	}
	si := &soldierInfo{rank: s.Rank}
	for i := range v.Pieces {
		k := &v.Pieces[i]
		if strings.IndexByte(s.Kinds, k.Letter) < 0 {
			continue
		}
		for _, c := range k.Movement {
			if c.Delta.File != 0 && (c.Motion == kinematics.Slide || c.Motion == kinematics.Hop || c.Motion == kinematics.Grasshop) {
				return nil, unsupported(v, "a soldier that rides off its file (%s)", k.Name)
			}
		}
		si.kinds[i+1] = true
	}
	return si, nil
}

// held reports whether a component of file delta df of kind id's
// movement, for player pl's piece on sq, is left out: a soldier below the
// rule's rank keeps to its file.
func (si *soldierInfo) held(v *rules.Variant, id, pl int, sq uint8, df int) bool {
	return si != nil && df != 0 && si.kinds[id] && relRank(v, pl, int(sq/16)) < si.rank
}

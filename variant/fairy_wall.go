package variant

import (
	"fmt"
	"slices"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
)

// The walling family's keys: wallingRule, wallingRegion(White/Black) and
// wallOrMove (duck chess, the Amazons, Snailtrail; docs/rules-walls.md).

// wallConfig is the walling family's settings of a section.
type wallConfig struct {
	rule   rules.WallRule
	region [2][]geom.Square // nil: every square
	orMove bool
}

// wallRules are wallingRule's values, as Fairy-Stockfish names them.
var wallRules = map[string]rules.WallRule{
	"none": rules.NoWalling, "arrow": rules.WallArrow, "duck": rules.WallDuck,
	"edge": rules.WallEdge, "past": rules.WallPast, "static": rules.WallStatic,
}

// isWallKey reports a key of the walling family.
func isWallKey(key string) bool {
	switch key {
	case "wallingRule", "wallingRegion", "wallingRegionWhite", "wallingRegionBlack", "wallOrMove":
		return true
	}
	return false
}

// apply sets one key of the walling family.
func (w *wallConfig) apply(key, v string) error {
	var err error
	switch key {
	case "wallingRule":
		r, ok := wallRules[v]
		if !ok {
			return fmt.Errorf("want arrow, duck, edge, past, static or none, found %q", v)
		}
		w.rule = r
	case "wallOrMove":
		w.orMove, err = parseBool(v)
	default:
		var region []geom.Square
		if region, err = parseRegion(v); err != nil {
			return err
		}
		if key != "wallingRegionBlack" {
			w.region[rules.First] = region
		}
		if key != "wallingRegionWhite" {
			w.region[rules.Second] = slices.Clone(region)
		}
	}
	return err
}

// build gives def its walling rule (none without wallingRule), the
// regions cut to the board.
func (w wallConfig) build(def *rules.Variant) {
	if w.rule == rules.NoWalling {
		return
	}
	wr := &rules.Walling{Rule: w.rule, OrMove: w.orMove}
	for pl, region := range w.region {
		if region != nil {
			wr.Region[pl] = slices.DeleteFunc(slices.Clone(region), func(sq geom.Square) bool { return !def.Size.Contains(sq) })
		}
	}
	def.Walling = wr
}

// wallFrom is the walling settings of a parent game's rules.
func wallFrom(rv *rules.Variant) wallConfig {
	if rv.Walling == nil {
		return wallConfig{}
	}
	return wallConfig{rule: rv.Walling.Rule, orMove: rv.Walling.OrMove,
		region: [2][]geom.Square{slices.Clone(rv.Walling.Region[0]), slices.Clone(rv.Walling.Region[1])}}
}

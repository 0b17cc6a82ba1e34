package variant

import (
	"fmt"
	"slices"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant/ini"
)

// flagConfig is a section's capture-the-flag settings (rules.FlagRule):
// the flag pieces by name, "" for every piece (Fairy-Stockfish's default
// "*"), and the regions, by colour. The zero value is no flag rule: both
// regions empty.
type flagConfig struct {
	piece               [2]string
	region              [2][]geom.Square
	count               int // flagPieceCount; 0 reads as Fairy-Stockfish's default 1
	blocked, move, safe bool
}

// flagKeys are the keys that set each colour's flag piece and region,
// by colour, in the order Fairy-Stockfish reads them: a later key of a
// row overrides an earlier one wherever they stand in the section.
var flagKeys = [2][2][]string{
	{{"flagPiece", "flagPieceWhite"}, {"flagPiece", "flagPieceBlack"}},
	{{"whiteFlag", "flagRegion", "flagRegionWhite"}, {"blackFlag", "flagRegion", "flagRegionBlack"}},
}

// applyFlag sets one key of the flag family.
func (c *fairyConfig) applyFlag(s *ini.Section, key, v string) error {
	f := &c.flag
	var err error
	// overridden reports whether the section sets colour pl's setting
	// (row 0: piece, 1: region) by a key Fairy-Stockfish reads after key.
	overridden := func(row, pl int) bool {
		keys := flagKeys[row][pl]
		i := slices.Index(keys, key)
		if i < 0 {
			return true // the key is not colour pl's
		}
		return slices.ContainsFunc(keys[i+1:], func(k string) bool { _, ok := s.Get(k); return ok })
	}
	switch key {
	case "flagPiece", "flagPieceWhite", "flagPieceBlack":
		name := ""
		if v != "*" {
			if name, err = c.pieceName(v); err != nil {
				return fmt.Errorf("%v (or \"*\" for every piece)", err)
			}
		}
		for pl := range 2 {
			if !overridden(0, pl) {
				f.piece[pl] = name
			}
		}
	case "flagRegion", "flagRegionWhite", "flagRegionBlack", "whiteFlag", "blackFlag":
		var r []geom.Square
		if r, err = parseRegion(v); err != nil {
			return err
		}
		for pl := range 2 {
			if !overridden(1, pl) {
				f.region[pl] = slices.Clone(r)
			}
		}
	case "flagPieceCount":
		f.count, err = parseCount(v)
	case "flagPieceBlockedWin":
		f.blocked, err = parseBool(v)
	case "flagMove":
		f.move, err = parseBool(v)
	case "flagPieceSafe":
		f.safe, err = parseBool(v)
	}
	return err
}

// active reports whether the settings make a flag rule: a region for
// some colour.
func (f *flagConfig) active() bool { return len(f.region[0]) > 0 || len(f.region[1]) > 0 }

// flagRule is the section's rules.FlagRule, nil without one.
func (c *fairyConfig) flagRule(s *ini.Section) (*rules.FlagRule, error) {
	f := &c.flag
	if !f.active() {
		return nil, nil
	}
	r := &rules.FlagRule{Count: max(f.count, 1), BlockedWin: f.blocked, Move: f.move, Safe: f.safe}
	for pl, key := range [2]string{"flagPieceWhite", "flagPieceBlack"} {
		r.Region[pl] = slices.Clone(f.region[pl])
		if f.piece[pl] == "" {
			continue
		}
		p := c.piece(f.piece[pl])
		if p == nil {
			if _, ok := s.Get(key); !ok {
				key = "flagPiece"
			}
			return nil, keyErr(s, key, "the flag piece, the %s, is not in the game", f.piece[pl])
		}
		r.Piece[pl] = p.letter
	}
	return r, nil
}

// flagFromRules converts a parent game's flag rule back into settings of
// cfg, whose pieces are already those of the game.
func flagFromRules(cfg *fairyConfig, r *rules.FlagRule) flagConfig {
	if r == nil {
		return flagConfig{}
	}
	f := flagConfig{count: r.Count, blocked: r.BlockedWin, move: r.Move, safe: r.Safe}
	for pl := range 2 {
		f.region[pl] = slices.Clone(r.Region[pl])
		if p := cfg.byLetter(r.Piece[pl]); r.Piece[pl] != 0 && p != nil {
			f.piece[pl] = p.name
		}
	}
	return f
}

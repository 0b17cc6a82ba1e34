package variant

import (
	"fmt"
	"slices"
	"strings"

	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant/ini"
)

// moveRulesConfig is the move-rules family's settings of a section
// (rules.MoveRules): makpongRule, oppositeCastling, castlingWins,
// shatarMateRule, materialCounting, the pass keys and
// perpetualCheckIllegal.
type moveRulesConfig struct {
	makpong, opposite, shatar bool
	perpetual                 bool       // perpetualCheckIllegal
	castlingWins              [2][2]bool // by player and wing
	material                  rules.MaterialCounting
	// pass and onStalemate are the section keysOf's pass and
	// passOnStalemate keys, for both players (index 2) and by player, 0
	// unset, 1 false, 2 true: the player's own key wins wherever it
	// stands, as in Fairy-Stockfish's parser, which reads pass before
	// passWhite and passBlack. passBase and stalemateBase are the values
	// from before that section, by player.
	pass, onStalemate       [3]uint8
	keysOf                  string
	passBase, stalemateBase [2]bool
}

// passSetting resolves one player's pass key over base.
func passSetting(k [3]uint8, pl rules.Player, base bool) bool {
	switch {
	case k[pl] != 0:
		return k[pl] == 2
	case k[2] != 0:
		return k[2] == 2
	}
	return base
}

// fold takes the pass keys of the last section into the base values.
func (m *moveRulesConfig) fold() {
	for _, pl := range []rules.Player{rules.First, rules.Second} {
		m.passBase[pl] = passSetting(m.pass, pl, m.passBase[pl])
		m.stalemateBase[pl] = passSetting(m.onStalemate, pl, m.stalemateBase[pl])
	}
	m.pass, m.onStalemate = [3]uint8{}, [3]uint8{}
}

// moveRuleKeys are the family's keys.
var moveRuleKeys = []string{"makpongRule", "oppositeCastling", "castlingWins", "shatarMateRule", "materialCounting",
	"pass", "passWhite", "passBlack", "passOnStalemate", "passOnStalemateWhite", "passOnStalemateBlack",
	"perpetualCheckIllegal"} // royal guards: moveRepetitionIllegal and dupleCheck are theirs

// isMoveRuleKey reports a key of the move-rules family.
func isMoveRuleKey(key string) bool { return slices.Contains(moveRuleKeys, key) }

// materialNames are materialCounting's values.
var materialNames = map[string]rules.MaterialCounting{"none": rules.NoMaterialCounting,
	"unweighted": rules.UnweightedMaterial, "whitedrawodds": rules.WhiteDrawOdds, "blackdrawodds": rules.BlackDrawOdds,
	"janggi": rules.JanggiMaterial}

// janggiPoints are Fairy-Stockfish's janggi counting's points, by piece
// type (rules.JanggiMaterial).
var janggiPoints = []struct {
	name   string
	points int
}{{"rook", 13}, {"janggiCannon", 7}, {"horse", 5}, {"janggiElephant", 3}, {"wazir", 3}, {"soldier", 2}}

// apply sets one key of the family, of section.
func (m *moveRulesConfig) apply(section, key, v string) error {
	if m.keysOf != section {
		m.fold()
		m.keysOf = section
	}
	switch key {
	case "castlingWins":
		return m.applyCastlingWins(v)
	case "materialCounting":
		mc, ok := materialNames[v]
		if !ok {
			return fmt.Errorf("want none, unweighted, whitedrawodds, blackdrawodds or janggi, found %q", v)
		}
		m.material = mc
		return nil
	}
	b, err := parseBool(v)
	if err != nil {
		return err
	}
	set := uint8(1)
	if b {
		set = 2
	}
	switch key {
	case "makpongRule":
		m.makpong = b
	case "oppositeCastling":
		m.opposite = b
	case "shatarMateRule":
		m.shatar = b
	case "perpetualCheckIllegal":
		m.perpetual = b
	case "pass", "passWhite", "passBlack":
		m.pass[passIndex(key)] = set
	case "passOnStalemate", "passOnStalemateWhite", "passOnStalemateBlack":
		m.onStalemate[passIndex(key)] = set
	}
	return nil
}

// passIndex is the index in moveRulesConfig.pass of a pass key.
func passIndex(key string) int {
	switch {
	case strings.HasSuffix(key, "White"):
		return int(rules.First)
	case strings.HasSuffix(key, "Black"):
		return int(rules.Second)
	}
	return 2
}

// applyCastlingWins reads castlingWins: castling rights as a FEN writes
// them (K, Q, k, q; "-" for none).
func (m *moveRulesConfig) applyCastlingWins(v string) error {
	m.castlingWins = [2][2]bool{}
	for _, r := range strings.TrimSpace(v) {
		switch r {
		case 'K':
			m.castlingWins[rules.First][rules.HSide] = true
		case 'Q':
			m.castlingWins[rules.First][rules.ASide] = true
		case 'k':
			m.castlingWins[rules.Second][rules.HSide] = true
		case 'q':
			m.castlingWins[rules.Second][rules.ASide] = true
		case '-':
			return nil
		default:
			return fmt.Errorf("want castling rights K, Q, k, q or -, found %q", v)
		}
	}
	return nil
}

// build sets the family's rules on def (nil when none is on). The
// knight, rook and bers of the section are Shatar's: its knight may not
// mate alone, and a check by any of the three is a shak. The repetition
// rule's draw under draw odds is decided by build's caller.
func (m *moveRulesConfig) build(s *ini.Section, c *fairyConfig, def *rules.Variant) error {
	r := &rules.MoveRules{Makpong: m.makpong, OppositeCastling: m.opposite, CastlingWins: m.castlingWins, Material: m.material}
	for _, pl := range []rules.Player{rules.First, rules.Second} {
		r.Pass[pl], r.PassOnStalemate[pl] = passSetting(m.pass, pl, m.passBase[pl]), passSetting(m.onStalemate, pl, m.stalemateBase[pl])
	}
	if m.material == rules.JanggiMaterial {
		for _, jp := range janggiPoints {
			for _, l := range []byte(c.letters(jp.name)) {
				if l >= 'A' && l <= 'Z' {
					r.Points[l-'A'] = jp.points
				}
			}
		}
	}
	if m.shatar {
		r.Shatar = &rules.ShatarMate{Knights: c.letters("knight"), Shak: c.letters("knight", "rook", "bers")}
	}
	if *r == (rules.MoveRules{}) {
		return nil // the keys said false
	}
	if m.castlingWins != [2][2]bool{} && def.Castling == nil {
		return keyErr(s, "castlingWins", "castlingWins needs castling")
	}
	def.Moves = r
	return nil
}

// repetition is the repetition rule under the family's keys, rule (nil
// for the default, threefold repetition claimed as a draw): a draw by
// repetition goes to the side the draw odds favour (Fairy-Stockfish
// applies the counting to the n-fold draw), and perpetualCheckIllegal
// makes the rule automatic, with the perpetual check lost.
func (m *moveRulesConfig) repetition(s *ini.Section, rule *RepetitionRule, count int) (*RepetitionRule, error) {
	draw := rule == nil || rule.Value == 0
	switch {
	case m.material == rules.WhiteDrawOdds && draw:
		rule = &RepetitionRule{Count: count, Value: 1, Absolute: true}
	case m.material == rules.BlackDrawOdds && draw:
		rule = &RepetitionRule{Count: count, Value: -1, Absolute: true}
	case m.material == rules.UnweightedMaterial && draw && count > 0:
		return nil, keyErr(s, "materialCounting", "not supported yet: materialCounting = unweighted with a repetition rule (set nFoldRule = 0)")
	}
	if m.perpetual {
		if rule == nil {
			rule = &RepetitionRule{Count: count}
		}
		rule.PerpetualCheck = true
	}
	return rule, nil
}

// moveRulesFrom reads the family's settings back from a registered game's
// rules, for a section that names it as its parent.
func moveRulesFrom(v *rules.Variant) moveRulesConfig {
	r := v.Moves
	if r == nil {
		return moveRulesConfig{}
	}
	return moveRulesConfig{makpong: r.Makpong, opposite: r.OppositeCastling, shatar: r.Shatar != nil,
		castlingWins: r.CastlingWins, material: r.Material, passBase: r.Pass, stalemateBase: r.PassOnStalemate}
}

// moveRulesReason is the registry's reason for the family's own ends.
func moveRulesReason(r rules.Reason) Reason {
	switch r {
	case rules.CastlingWon:
		return CastlingWon
	case rules.CastlingLost:
		return CastlingLost
	case rules.Material:
		return MaterialCount
	case rules.KnightMate:
		return KnightMate
	case rules.DoublePass:
		return DoublePass
	}
	return NoShak
}

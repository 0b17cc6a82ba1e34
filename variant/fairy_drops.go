package variant

import (
	"fmt"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant/ini"
)

// The drops family's keys (docs/rules-drops.md): pieceDrops,
// capturesToHand, dropLoop, firstRankPawnDrops, promotionZonePawnDrops,
// dropRegionWhite/Black (and their old names whiteDropRegion and
// blackDropRegion), dropNoDoubled, dropNoDoubledCount, dropChecks,
// mustDrop, mustDropType, dropOppositeColoredBishop and
// castlingDroppedPiece (rules.DropRules); dropPromoted reads false only.

// dropConfig is the family's settings of a section.
type dropConfig struct {
	drops, toHand, loop bool
	firstRank, zone     bool
	noChecks            bool
	region              [2][]geom.Square // nil: every square
	noDoubled           string           // a piece's name, "" for none
	noDoubledCount      int
	mustDrop            bool
	mustType            string // mustDropType: a piece's name, "" for any
	oppositeBishops     bool
	castlingDropped     bool
}

// dropDefaults are Fairy-Stockfish's: no drops; where there are, drop
// checks allowed and dropNoDoubledCount 1.
func dropDefaults() dropConfig { return dropConfig{noDoubledCount: 1} }

// isDropKey reports a key of the family.
func isDropKey(key string) bool {
	switch key {
	case "pieceDrops", "capturesToHand", "dropLoop", "firstRankPawnDrops", "promotionZonePawnDrops",
		"dropRegionWhite", "dropRegionBlack", "whiteDropRegion", "blackDropRegion",
		"dropNoDoubled", "dropNoDoubledCount", "dropChecks", "dropPromoted", "mustDrop", "mustDropType",
		"dropOppositeColoredBishop", "castlingDroppedPiece":
		return true
	}
	return false
}

// applyDrops sets one key of the family.
func (c *fairyConfig) applyDrops(key, v string) (err error) {
	d := &c.drop
	switch key {
	case "pieceDrops":
		d.drops, err = parseBool(v)
	case "capturesToHand":
		d.toHand, err = parseBool(v)
	case "dropLoop":
		d.loop, err = parseBool(v)
	case "firstRankPawnDrops":
		d.firstRank, err = parseBool(v)
	case "promotionZonePawnDrops":
		d.zone, err = parseBool(v)
	case "dropChecks":
		var checks bool
		checks, err = parseBool(v)
		d.noChecks = !checks
	case "dropRegionWhite", "whiteDropRegion":
		d.region[rules.First], err = parseRegion(v)
	case "dropRegionBlack", "blackDropRegion":
		d.region[rules.Second], err = parseRegion(v)
	case "dropNoDoubled":
		d.noDoubled = ""
		if v != "-" {
			d.noDoubled, err = c.pieceName(v)
		}
	case "dropNoDoubledCount":
		d.noDoubledCount, err = parseCount(v)
	case "dropPromoted":
		err = onlyValue(v, "false", "drops of promoted pieces (shogi's)")
	case "mustDrop":
		d.mustDrop, err = parseBool(v)
	case "dropOppositeColoredBishop":
		d.oppositeBishops, err = parseBool(v)
	case "castlingDroppedPiece":
		d.castlingDropped, err = parseBool(v)
	case "mustDropType":
		d.mustType = ""
		if v != "*" {
			d.mustType, err = c.pieceName(v)
		}
	}
	return err
}

// fsfTypeOrder lists Fairy-Stockfish's piece types from the highest
// (the king) down, the order its FEN writes a hand in; the custom
// pieces stand above the predefined ones, the highest number first.
var fsfTypeOrder = []string{"centaur", "commoner", "wazir", "banner", "janggiElephant", "elephant",
	"horse", "soldier", "janggiCannon", "cannon", "immobile", "breakthrough", "clobber",
	"dragonHorse", "gold", "shogiKnight", "lance", "shogiPawn", "rookni", "kniroo", "biskni",
	"knibis", "amazon", "chancellor", "archbishop", "bers", "dragon", "aiwok", "silver", "khon",
	"fersAlfil", "alfil", "fers", "met", "queen", "rook", "bishop", "knight", "pawn"}

// handOrder is the section's pieces' letters in Fairy-Stockfish's hand
// order.
func (c *fairyConfig) handOrder() string {
	names := []string{"king"}
	for n := 25; n >= 1; n-- {
		names = append(names, fmt.Sprintf("customPiece%d", n))
	}
	return c.letters(append(names, fsfTypeOrder...)...)
}

// buildDrops gives def its drop rules, once its pieces are set, or
// refuses drops with rules this loader cannot yet combine them with.
func (c *fairyConfig) buildDrops(s *ini.Section, def *rules.Variant) error {
	d := c.drop
	if !d.drops {
		return nil
	}
	for _, clash := range []struct {
		on  bool
		key string
	}{
		{def.Walling != nil, "wallingRule"},
		{def.Capture != nil && def.Capture.Blast, "blastOnCapture"},
		{def.Petrify != nil, "petrifyOnCaptureTypes"},
		{def.Gates, "gating"},
		{len(c.promoted) > 0, "promotedPieceType"},
	} {
		if !clash.on {
			continue
		}
		key := "pieceDrops" // the key the section set, the drops' or the other rule's
		if _, ok := s.Get(key); !ok {
			key = clash.key
		}
		return keyErr(s, key, "not supported yet: pieceDrops with %s", clash.key)
	}
	def.Drops = &rules.DropRules{
		CapturesToHand: d.toHand, Loop: d.loop, Region: d.region,
		FirstRankPawns: d.firstRank, ZonePawns: d.zone, NoChecks: d.noChecks,
		NoDoubledCount: d.noDoubledCount, HandOrder: c.handOrder(), Must: d.mustDrop,
	}
	if p := c.piece(d.mustType); p != nil {
		def.Drops.MustKind = p.letter
	}
	if p := c.piece("bishop"); p != nil && d.oppositeBishops {
		def.Drops.OppositeBishops = p.letter
	}
	def.Drops.CastlingDropped = d.castlingDropped
	if p := c.piece("pawn"); p != nil {
		def.Drops.Pawn = p.letter
	}
	if p := c.piece(d.noDoubled); p != nil {
		def.Drops.NoDoubled = p.letter
	}
	return nil
}

// dropsFrom reads the family's settings back from a parent game's rules.
func dropsFrom(cfg *fairyConfig, rv *rules.Variant) dropConfig {
	d := dropDefaults()
	r := rv.Drops
	if r == nil {
		return d
	}
	d.drops, d.toHand, d.loop, d.region = true, r.CapturesToHand, r.Loop, r.Region
	d.firstRank, d.zone, d.noChecks, d.noDoubledCount = r.FirstRankPawns, r.ZonePawns, r.NoChecks, r.NoDoubledCount
	d.mustDrop, d.oppositeBishops, d.castlingDropped = r.Must, r.OppositeBishops != 0, r.CastlingDropped
	if p := cfg.byLetter(r.MustKind); r.MustKind != 0 && p != nil {
		d.mustType = p.name
	}
	if p := cfg.byLetter(r.NoDoubled); r.NoDoubled != 0 && p != nil {
		d.noDoubled = p.name
	}
	return d
}

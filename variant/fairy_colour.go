package variant

import (
	"fmt"
	"slices"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/variant/ini"
)

// The keys Fairy-Stockfish keeps per colour, and the keys naming which
// pieces have a pawn's roles. Fairy-Stockfish reads the keys for both
// colours first and the per-colour ones after (whatever their order in
// the file), so LoadINI applies colourKeys in a pass of their own after
// every other key. Baten's rules give both players the same rules
// relative to their side, so a per-colour setting loads when the two
// colours' settings are mirror images of each other, and is otherwise a
// "not supported yet" error naming the key.

// colourConfig holds what the per-colour keys set; a nil value keeps the
// setting of the keys for both colours (promotionRank, promotionPieceTypes,
// doubleStepRank, enPassantRegion, castlingRookPiece, …).
type colourConfig struct {
	promoRegion [2][]geom.Square // promotionRegionWhite/Black
	promoTypes  [2][]string      // promotionPieceTypesWhite/Black
	promoPawns  [2][]string      // promotionPawnTypes(White/Black), pawnTypes
	dsRegion    [2][]geom.Square // doubleStepRegionWhite/Black
	epRegion    [2][]geom.Square // enPassantRegionWhite/Black
	epTypes     [2][]string      // enPassantTypes(White/Black), pawnTypes
	nMoveTypes  [2][]string      // nMoveRuleTypes(White/Black), pawnTypes
	rooks       [2][]string      // castlingRookPieces(White/Black)
}

func (c colourConfig) clone() colourConfig {
	for i := range 2 {
		c.promoRegion[i] = slices.Clone(c.promoRegion[i])
		c.promoTypes[i] = slices.Clone(c.promoTypes[i])
		c.promoPawns[i] = slices.Clone(c.promoPawns[i])
		c.dsRegion[i] = slices.Clone(c.dsRegion[i])
		c.epRegion[i] = slices.Clone(c.epRegion[i])
		c.epTypes[i] = slices.Clone(c.epTypes[i])
		c.nMoveTypes[i] = slices.Clone(c.nMoveTypes[i])
		c.rooks[i] = slices.Clone(c.rooks[i])
	}
	return c
}

// colourKeys are the keys of the pass after the others: Fairy-Stockfish
// reads them after the keys for both colours, which they override.
var colourKeys = []string{
	"promotionRegionWhite", "promotionRegionBlack",
	"promotionPieceTypesWhite", "promotionPieceTypesBlack",
	"promotionPawnTypesWhite", "promotionPawnTypesBlack",
	"doubleStepRegionWhite", "doubleStepRegionBlack",
	"tripleStepRegionWhite", "tripleStepRegionBlack",
	"enPassantRegionWhite", "enPassantRegionBlack",
	"enPassantTypesWhite", "enPassantTypesBlack",
	"nMoveRuleTypesWhite", "nMoveRuleTypesBlack",
	"castlingRookPiecesWhite", "castlingRookPiecesBlack",
}

func isColourKey(key string) bool { return slices.Contains(colourKeys, key) }

// applyShared reads the keys for both colours this file handles; it
// reports whether key is one. Each overrides the per-colour settings a
// parent made.
func (c *fairyConfig) applyShared(key, v string) (bool, error) {
	var err error
	var set []string
	switch key {
	case "pawnTypes":
		// The pieces with a pawn's roles: promotion, en passant and the
		// n-move rule (the keys of each role refine it).
		if set, err = c.pieceSet(v); err == nil {
			c.colour.promoPawns = [2][]string{set, set}
			c.colour.epTypes = [2][]string{set, set}
			c.colour.nMoveTypes = [2][]string{set, set}
		}
	case "promotionPawnTypes":
		if set, err = c.pieceSet(v); err == nil {
			c.colour.promoPawns = [2][]string{set, set}
		}
	case "enPassantTypes":
		if set, err = c.pieceSet(v); err == nil {
			c.colour.epTypes = [2][]string{set, set}
		}
	case "nMoveRuleTypes":
		if set, err = c.pieceSet(v); err == nil {
			c.colour.nMoveTypes = [2][]string{set, set}
		}
	case "castlingRookPieces":
		if set, err = c.pieceSet(v); err == nil {
			c.colour.rooks = [2][]string{set, set}
		}
	default:
		return false, nil
	}
	return true, err
}

// applyColour reads one of colourKeys.
func (c *fairyConfig) applyColour(s *ini.Section, e ini.Entry) error {
	side := 0
	if e.Key[len(e.Key)-5:] == "Black" {
		side = 1
	}
	var err error
	switch e.Key[:len(e.Key)-5] {
	case "promotionRegion":
		c.colour.promoRegion[side], err = parseRegion(e.Value)
	case "promotionPieceTypes":
		c.colour.promoTypes[side], err = c.pieceSet(e.Value)
	case "promotionPawnTypes":
		c.colour.promoPawns[side], err = c.pieceSet(e.Value)
	case "doubleStepRegion":
		c.colour.dsRegion[side], err = parseRegion(e.Value)
	case "tripleStepRegion":
		var r []geom.Square
		if r, err = parseRegion(e.Value); err == nil && len(r) > 0 {
			err = fmt.Errorf("not supported yet: pawn triple steps (only %q, none, is)", "-")
		}
	case "enPassantRegion":
		c.colour.epRegion[side], err = parseRegion(e.Value)
	case "enPassantTypes":
		c.colour.epTypes[side], err = c.pieceSet(e.Value)
	case "nMoveRuleTypes":
		c.colour.nMoveTypes[side], err = c.pieceSet(e.Value)
	case "castlingRookPieces":
		c.colour.rooks[side], err = c.pieceSet(e.Value)
	}
	if err != nil {
		return errAt(s, e, "%v", err)
	}
	return nil
}

// colourRanks turns a side's region into ranks counted from that side
// (1 = its home rank), in order; ok is false when the region holds part
// of a rank only (on this board).
func colourRanks(region []geom.Square, side int, size geom.Size) (ranks []int, ok bool) {
	for r := 0; r < size.H; r++ {
		n := 0
		for f := 0; f < size.W; f++ {
			if slices.Contains(region, geom.Square{File: f, Rank: r}) {
				n++
			}
		}
		switch n {
		case 0:
		case size.W:
			rel := r + 1
			if side == 1 {
				rel = size.H - r
			}
			ranks = append(ranks, rel)
		default:
			return nil, false
		}
	}
	slices.Sort(ranks)
	return ranks, true
}

// sameForBoth resolves a per-colour setting: the value of both colours
// (def where neither key set one), or an error naming the key when the
// two colours differ.
func sameForBoth[T any](s *ini.Section, key string, v [2]T, def T, eq func(a, b T) bool) (T, error) {
	w, b := v[0], v[1]
	if eq(w, b) {
		return w, nil
	}
	named := key + "Black" // the key that made them differ: Black's, or White's without it
	if _, ok := s.Get(named); !ok {
		named = key + "White"
	}
	return def, keyErr(s, named, "not supported yet: %s differing between the colours (Baten's rules are the same for both, mirrored)", key)
}

// promotionRanks are the relative ranks a pawn promotes on: the regions
// of promotionRegionWhite/Black, or from promotionRank (zone) without them.
func (c *fairyConfig) promotionRanks(s *ini.Section, size geom.Size, zone []int) ([]int, error) {
	if !c.anyPromotes() {
		return zone, nil // no piece promotes: the regions are never used
	}
	var ranks [2][]int
	for side := range 2 {
		region := c.colour.promoRegion[side]
		if region == nil {
			ranks[side] = zone
			continue
		}
		r, ok := colourRanks(region, side, size)
		if !ok {
			key := "promotionRegionWhite"
			if side == 1 {
				key = "promotionRegionBlack"
			}
			return nil, keyErr(s, key, "not supported yet: a promotion region that is not whole ranks of the board")
		}
		ranks[side] = r
	}
	return sameForBoth(s, "promotionRegion", ranks, nil, slices.Equal[[]int])
}

// doubleStepRanks is the range of relative ranks the pawn's double step
// (and any piece's first-move steps) start from, lo..hi; 0, 0 for none.
// Without doubleStepRegionWhite/Black it is doubleStepRankMin..doubleStepRank.
func (c *fairyConfig) doubleStepRanks(s *ini.Section, size geom.Size) (lo, hi int, err error) {
	if c.colour.dsRegion[0] == nil && c.colour.dsRegion[1] == nil {
		return c.doubleStepMin, c.doubleStepRank, nil
	}
	var ranks [2][]int
	for side := range 2 {
		region := c.colour.dsRegion[side]
		if region == nil {
			for r := c.doubleStepMin; r <= c.doubleStepRank; r++ {
				ranks[side] = append(ranks[side], r)
			}
			continue
		}
		r, ok := colourRanks(region, side, size)
		if !ok || len(r) > 0 && r[len(r)-1]-r[0] != len(r)-1 {
			key := "doubleStepRegionWhite"
			if side == 1 {
				key = "doubleStepRegionBlack"
			}
			return 0, 0, keyErr(s, key, "not supported yet: a double-step region that is not a run of whole ranks of the board")
		}
		ranks[side] = r
	}
	r, err := sameForBoth(s, "doubleStepRegion", ranks, nil, slices.Equal[[]int])
	if err != nil || len(r) == 0 {
		return 0, 0, err
	}
	return r[0], r[len(r)-1], nil
}

// roleSet resolves a per-colour set of piece names (def when neither
// colour set one).
func roleSet(s *ini.Section, key string, v [2][]string, def []string) ([]string, error) {
	for i := range v {
		if v[i] == nil {
			v[i] = def
		}
	}
	for i := range v {
		v[i] = slices.Clone(v[i])
		slices.Sort(v[i])
	}
	return sameForBoth(s, key, v, nil, slices.Equal[[]string])
}

// regionsSame resolves enPassantRegionWhite/Black over enPassantRegion.
func (c *fairyConfig) epRegionBoth(s *ini.Section) ([]geom.Square, error) {
	v := c.colour.epRegion
	for i := range v {
		if v[i] == nil {
			v[i] = c.epRegion
		}
	}
	eq := func(a, b []geom.Square) bool {
		return len(a) == len(b) && !slices.ContainsFunc(a, func(q geom.Square) bool { return !slices.Contains(b, q) }) &&
			(a == nil) == (b == nil)
	}
	return sameForBoth(s, "enPassantRegion", v, nil, eq)
}

// pawnRoles is what the per-colour and pawn-role keys come to for both
// colours: the pieces that promote, capture en passant and reset the
// n-move rule, the promotion ranks and choices, the double step's ranks,
// the en passant region and the castling rook.
type pawnRoles struct {
	promo, ep, nMove []string      // piece names
	ranks            []int         // promotion ranks, relative
	to               []string      // promotion choices, names
	dsLo, dsHi       int           // double step from these relative ranks; 0, 0: none
	epRegion         []geom.Square // nil: every square
	rook             string        // the castling rook's name
}

// pawnRoles resolves the per-colour settings, refusing those the two
// colours do not share.
func (c *fairyConfig) pawnRoles(s *ini.Section, size geom.Size, zone []int) (pawnRoles, error) {
	var r pawnRoles
	var err error
	pawn := []string{"pawn"}
	if r.promo, err = roleSet(s, "promotionPawnTypes", c.colour.promoPawns, pawn); err != nil {
		return r, err
	}
	if r.ep, err = roleSet(s, "enPassantTypes", c.colour.epTypes, pawn); err != nil {
		return r, err
	}
	if r.nMove, err = roleSet(s, "nMoveRuleTypes", c.colour.nMoveTypes, pawn); err != nil {
		return r, err
	}
	if r.ranks, err = c.promotionRanks(s, size, zone); err != nil {
		return r, err
	}
	to := c.colour.promoTypes
	for i := range to {
		if to[i] == nil {
			to[i] = c.promotionTypes
		}
	}
	if !slices.Equal(sortedNames(to[0]), sortedNames(to[1])) {
		return r, keyErr(s, "promotionPieceTypesBlack", "not supported yet: promotionPieceTypes differing between the colours (Baten's rules are the same for both, mirrored)")
	}
	r.to = to[0]
	if r.dsLo, r.dsHi, err = c.doubleStepRanks(s, size); err != nil {
		return r, err
	}
	if r.epRegion, err = c.epRegionBoth(s); err != nil {
		return r, err
	}
	rooks, err := roleSet(s, "castlingRookPieces", c.colour.rooks, []string{c.castlingRook})
	if err != nil {
		return r, err
	}
	switch len(rooks) {
	case 0:
	case 1:
		r.rook = rooks[0]
	default:
		return r, keyErr(s, "castlingRookPieces", "not supported yet: castling with more than one kind of rook")
	}
	return r, nil
}

func sortedNames(v []string) []string {
	v = slices.Clone(v)
	slices.Sort(v)
	return v
}

// anyPromotes reports whether a piece of the section has a promotion: a
// pawn role of either colour, or a promotedPieceType.
func (c *fairyConfig) anyPromotes() bool {
	for _, p := range c.pieces {
		for side := range 2 {
			pawns := c.colour.promoPawns[side]
			if pawns == nil {
				pawns = []string{"pawn"}
			}
			if slices.Contains(pawns, p.name) {
				return true
			}
		}
		if to, ok := c.promoted[p.name]; ok && to != "" {
			return true
		}
	}
	return false
}

package variant

import (
	"slices"
	"strings"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/kinematics"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant/ini"
)

// The keys Fairy-Stockfish keeps per colour, and the keys naming which
// pieces have a pawn's roles. Fairy-Stockfish reads the keys for both
// colours first and the per-colour ones after (whatever their order in
// the file), so LoadINI applies colourKeys in a pass of their own after
// every other key. Settings that mirror each other between the colours
// become the PieceKind fields; settings that differ become the
// variant's rules.ColourRules; en passant regions and castling rooks
// that differ go to the en passant squares family (fairy_epsquares.go,
// fairy_castlingrooks.go).

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
	// stand is mobilityRegion<Colour><Piece>, by piece name.
	stand [2]map[string][]geom.Square
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
		c.stand[i] = cloneMap(c.stand[i])
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

func isColourKey(key string) bool {
	return slices.Contains(colourKeys, key) || isMobilityKey(key)
}

// isMobilityKey reports a mobilityRegion<Colour><Piece> key.
func isMobilityKey(key string) bool {
	return len(key) > len("mobilityRegionWhite") &&
		(strings.HasPrefix(key, "mobilityRegionWhite") || strings.HasPrefix(key, "mobilityRegionBlack"))
}

// applyMobility reads mobilityRegion<Colour><Piece>: the squares the
// colour's pieces of that type may move to. The piece is named as in its
// key with a capital (CustomPiece2, King).
func (c *fairyConfig) applyMobility(s *ini.Section, e ini.Entry) error {
	side := 0
	if strings.HasPrefix(e.Key, "mobilityRegionBlack") {
		side = 1
	}
	name := e.Key[len("mobilityRegionWhite"):]
	name = strings.ToLower(name[:1]) + name[1:]
	if c.piece(name) == nil {
		return errAt(s, e, "no piece %q in this game", name)
	}
	region, err := parseRegion(e.Value)
	if err != nil {
		return errAt(s, e, "%v", err)
	}
	if c.colour.stand[side] == nil {
		c.colour.stand[side] = map[string][]geom.Square{}
	}
	c.colour.stand[side][name] = region
	return nil
}

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

// applyColour reads one of colourKeys, or a mobilityRegion key.
func (c *fairyConfig) applyColour(s *ini.Section, e ini.Entry) error {
	if isMobilityKey(e.Key) {
		return c.applyMobility(s, e)
	}
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
		c.eps.triple[side], err = parseRegion(e.Value) // en passant squares
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

// promotionZone is where one colour's pawns promote: the relative ranks
// of promotionRegionWhite/Black (from promotionRank, zone, without it), or
// the region's squares on the board when it is not whole ranks.
func (c *fairyConfig) promotionZone(side int, size geom.Size, zone []int) (ranks []int, squares []geom.Square) {
	region := c.colour.promoRegion[side]
	if region == nil {
		return zone, nil
	}
	if r, ok := colourRanks(region, side, size); ok {
		return r, nil
	}
	squares = []geom.Square{}
	for _, sq := range region {
		if sq.File < size.W && sq.Rank < size.H {
			squares = append(squares, sq)
		}
	}
	return nil, squares
}

// doubleStepRanks is the range of relative ranks one colour's pawn double
// step (and any piece's first-move steps) start from, lo..hi; 0, 0 for
// none. Without doubleStepRegionWhite/Black it is
// doubleStepRankMin..doubleStepRank.
func (c *fairyConfig) doubleStepRanks(s *ini.Section, side int, size geom.Size) (lo, hi int, err error) {
	region := c.colour.dsRegion[side]
	if region == nil {
		return c.doubleStepMin, c.doubleStepRank, nil
	}
	r, ok := colourRanks(region, side, size)
	if !ok || len(r) > 0 && r[len(r)-1]-r[0] != len(r)-1 {
		lo, hi, _ := c.initialRegion(side, size) // initial squares: any region
		return lo, hi, nil
	}
	if len(r) == 0 {
		return 0, 0, nil
	}
	return r[0], r[len(r)-1], nil
}

// colourNames end the per-colour keys, by side.
var colourNames = [2]string{"White", "Black"}

// roleSet is one colour's set of piece names (def when neither key set
// one), sorted.
func roleSet(v []string, def []string) []string {
	if v == nil {
		v = def
	}
	return sortedNames(v)
}

// epRegionBoth resolves enPassantRegionWhite/Black over enPassantRegion:
// the variant's region, and each colour's where they differ.
func (c *fairyConfig) epRegionBoth() []geom.Square {
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
	return c.epRegions(v, eq(v[0], v[1])) // en passant squares: regions by colour
}

// sideRoles is what the per-colour and pawn-role keys come to for one
// colour: the pieces that promote, capture en passant and reset the
// n-move rule, the promotion zone and choices, the double step's ranks
// and the squares each piece may stand on.
type sideRoles struct {
	promo, ep, nMove []string                 // piece names, sorted
	ranks            []int                    // promotion ranks, relative; nil when squares
	squares          []geom.Square            // the promotion zone when it is not whole ranks
	to               []string                 // promotion choices, names, in the keys' order
	dsLo, dsHi       int                      // double step from these relative ranks; 0, 0: none
	dsSquares        []geom.Square            // initial squares: the double-step region when it is not a run of whole ranks
	stand            map[string][]geom.Square // mobilityRegion, by name
}

// pawnRoles is what the per-colour and pawn-role keys come to: each
// colour's roles, and the en passant region and castling rook both share.
type pawnRoles struct {
	side     [2]sideRoles
	epRegion []geom.Square // nil: every square
	rook     string        // the castling rook's name
	rooks    [2][]string   // castling rooks: each colour's, sorted
}

// mirrored reports whether both colours' roles are the same, seen from
// their sides: the variant then needs no rules.ColourRules.
func (r *pawnRoles) mirrored() bool {
	w, b := r.side[0], r.side[1]
	return slices.Equal(w.promo, b.promo) && slices.Equal(w.ep, b.ep) && slices.Equal(w.nMove, b.nMove) &&
		slices.Equal(w.ranks, b.ranks) && w.squares == nil && b.squares == nil && slices.Equal(sortedNames(w.to), sortedNames(b.to)) &&
		w.dsLo == b.dsLo && w.dsHi == b.dsHi && w.stand == nil && b.stand == nil && w.dsSquares == nil && b.dsSquares == nil // initial squares
}

// pawnRoles resolves the per-colour settings, refusing those the two
// colours must share and do not.
func (c *fairyConfig) pawnRoles(s *ini.Section, size geom.Size, zone []int) (pawnRoles, error) {
	var r pawnRoles
	var err error
	pawn := []string{"pawn"}
	promotes := c.anyPromotes()
	for side := range 2 {
		sr := &r.side[side]
		sr.promo = roleSet(c.colour.promoPawns[side], pawn)
		sr.ep = roleSet(c.colour.epTypes[side], pawn)
		sr.nMove = roleSet(c.colour.nMoveTypes[side], pawn)
		if promotes { // no piece promotes: the zones are never used
			sr.ranks, sr.squares = c.promotionZone(side, size, zone)
		} else {
			sr.ranks = zone
		}
		if sr.to = c.colour.promoTypes[side]; sr.to == nil {
			sr.to = c.promotionTypes
		}
		if sr.dsLo, sr.dsHi, err = c.doubleStepRanks(s, side, size); err != nil {
			return r, err
		}
		if !c.rankRun(side, size) { // initial squares
			_, _, sr.dsSquares = c.initialRegion(side, size)
		}
		sr.stand = c.colour.stand[side]
	}
	r.epRegion = c.epRegionBoth() // en passant squares: regions by colour
	for side := range 2 {
		r.rooks[side] = roleSet(c.colour.rooks[side], []string{c.castlingRook})
	}
	r.rook = c.mainCastlingRook(r.rooks) // castling rooks: any kinds, by colour
	return r, nil
}

// pieceSides sets kind k's per-colour fields (promotion, first-move ranks,
// en passant, the clock) from the roles of the piece p, and returns
// them for each colour; White's are also k's own. The pawn's double step
// is added to its movement when either colour has one.
func (c *fairyConfig) pieceSides(s *ini.Section, p fairyPiece, k *rules.PieceKind, roles *pawnRoles, size geom.Size) ([2]rules.SideKind, error) {
	var sides [2]rules.SideKind
	initial := func(m kinematics.Component) bool { return m.Mods&kinematics.Initial != 0 }
	hasInitial := slices.ContainsFunc(k.Movement, initial)
	steps := c.doubleStep && (roles.side[0].dsHi > 0 || roles.side[1].dsHi > 0)
	if p.name == "pawn" && steps {
		k.Movement = append(k.Movement, kinematics.Component{Delta: kd{Rank: 2}, Motion: kinematics.Step, Mods: fwd | mOnl | kinematics.Initial})
	}
	for side := range 2 {
		r := &roles.side[side]
		sk := &sides[side]
		sk.EnPassant = slices.Contains(r.ep, p.name)
		passes := steps && slices.ContainsFunc(c.pieces, func(q fairyPiece) bool { return slices.Contains(r.ep, q.name) })
		if err := betzaEnPassant(s, p, sk.EnPassant, passes); err != nil {
			return sides, err
		}
		sk.ResetsClock = slices.Contains(r.nMove, p.name)
		if slices.Contains(r.promo, p.name) {
			promo := &rules.Promotion{Ranks: r.ranks, Squares: r.squares, Optional: !c.mandatoryPawn}
			if promo.Optional {
				promo.Mandatory = []int{size.H}
			}
			for _, name := range r.to {
				if q := c.piece(name); q != nil {
					promo.To += string(q.letter)
					if n, ok := c.promotionLimit[name]; ok {
						if promo.Limit == nil {
							promo.Limit = map[byte]int{}
						}
						promo.Limit[q.letter] = n
					}
				}
			}
			promo.Promoted = c.pawnPiecePromotion(p.name) // promoted piece type: wolf's pawn may become an elephant too
			if promo.Promoted != 0 {
				promo.To += string(promo.Promoted)
			}
			sk.Promotion = promo
		}
		if to, ok := c.promoted[p.name]; ok && to != "" && p.name != "pawn" {
			if q := c.piece(to); q != nil {
				sk.Promotion = &rules.Promotion{Ranks: r.ranks, Squares: r.squares, To: string(q.letter), Optional: !c.mandatoryPiece, FromZone: true, Promoted: q.letter}
			}
		}
		// Fairy-Stockfish gives any piece its i (first move) moves while
		// it stands in the double-step region, and none when there is
		// none (doubleStep = false).
		if (p.name == "pawn" || hasInitial) && c.doubleStep && r.dsHi > 0 {
			sk.InitialRank, sk.InitialRankMin, sk.InitialSquares = r.dsHi, r.dsLo, r.dsSquares // initial squares
		}
		if hasInitial && p.name != "pawn" && sk.EnPassant && steps && !pawnEnPassant(k.Movement) {
			if err := c.initialEnPassant(s, p, k, sk); err != nil { // en passant squares
				return sides, err
			}
		} else if hasInitial && p.name != "pawn" && !sk.EnPassant && passes && c.doubleStep && r.dsHi > 0 { // initial squares: wolf's sergeant
			if err := c.initialPasses(s, p, k, roles); err != nil {
				return sides, err
			}
		}
		if region, ok := r.stand[p.name]; ok {
			sk.Stand = []geom.Square{}
			for _, sq := range region {
				if sq.File < size.W && sq.Rank < size.H {
					sk.Stand = append(sk.Stand, sq)
				}
			}
		}
	}
	if hasInitial && !steps {
		k.Movement = slices.DeleteFunc(k.Movement, initial)
	}
	w := sides[0]
	k.Promotion, k.InitialRank, k.InitialRankMin, k.EnPassant, k.ResetsClock = w.Promotion, w.InitialRank, w.InitialRankMin, w.EnPassant, w.ResetsClock
	return sides, nil
}

// pawnEnPassant reports whether a movement takes and gives en passant
// as the pawn does, so that the rules' en passant (the passed square of
// a straight double step, taken by a capturing step) is Fairy-Stockfish's:
// every first-move component is the double step ifmnD (straight ahead,
// not capturing) and every capturing one a forward diagonal step (cfF).
// Pawnback's pawn (fbmWfcFifmnD) is; a king with a double step is not.
func pawnEnPassant(m kinematics.Movement) bool {
	for _, c := range m {
		switch {
		case c.Mods&kinematics.Initial != 0: // berolina: or two squares diagonally (imfnA)
			if (c.Delta.File != 0 && c.Delta.File != 2 && c.Delta.File != -2) || c.Delta.Rank != 2 || c.Mods&kinematics.Forward == 0 ||
				c.Mods&kinematics.MoveOnly == 0 || c.Motion == kinematics.Leap {
				return false
			}
		case c.Mods&kinematics.MoveOnly == 0:
			if c.Motion != kinematics.Step || c.Delta.Rank != 1 || c.Delta.File < -1 || c.Delta.File > 1 || c.Mods&kinematics.Forward == 0 { // berolina: or straight (cfeW)
				return false
			}
		}
	}
	return true
}

// colourRules is the variant's rules.ColourRules from each piece's sides,
// nil when the colours mirror each other.
func (r *pawnRoles) colourRules(sides [][2]rules.SideKind) *rules.ColourRules {
	if r.mirrored() {
		return nil
	}
	cr := &rules.ColourRules{}
	for _, s := range sides {
		for side := range 2 {
			cr.Kinds[side] = append(cr.Kinds[side], s[side])
		}
	}
	return cr
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

// withSide completes a start FEN that is a placement alone, as
// Fairy-Stockfish reads it (xhess, petty): White to move, no castling,
// no en passant.
func withSide(fen string) string {
	if len(strings.Fields(fen)) == 1 {
		return strings.TrimSpace(fen) + " w - - 0 1"
	}
	return fen
}

// parentZones are a built-in parent's promotion ranks (relative) as the
// board squares of each colour. Fairy-Stockfish keeps regions as squares,
// so a child that adds ranks keeps them where they were: xhess, on ten
// ranks from chess, promotes Black on the first rank only, not on the
// third to first.
func parentZones(rv *rules.Variant, ranks []int) [2][]geom.Square {
	var out [2][]geom.Square
	for side := range 2 {
		for _, r := range ranks {
			rank := r - 1
			if rv.Forward[side] < 0 {
				rank = rv.Size.H - r
			}
			for f := 0; f < geom.MaxSide; f++ {
				out[side] = append(out[side], geom.Square{File: f, Rank: rank})
			}
		}
	}
	return out
}

// betzaEnPassant checks a piece whose Betza text has e (a capture that
// may take en passant) against Baten's rule, where a kind of the en
// passant types takes en passant with all its captures and the others
// never do: e on all of the captures of such a kind is that rule; e on a
// piece of another kind changes nothing where no piece of those types
// double-steps (passes, false: no square is ever passed); the rest is not
// supported yet.
func betzaEnPassant(s *ini.Section, p fairyPiece, epKind, passes bool) error {
	switch {
	case !p.ep.Some:
		return nil
	case epKind && !p.ep.All:
		return keyErr(s, p.name, "not supported yet: en passant (Betza e) on some of a piece's captures only")
	case !epKind && passes:
		return keyErr(s, p.name, "not supported yet: en passant (Betza e) by a piece not of enPassantTypes, where pawns double-step")
	}
	return nil
}

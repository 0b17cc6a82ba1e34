package variant

import (
	"slices"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/kinematics"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant/ini"
)

// epConfig holds the keys of the en passant squares family
// (rules.EnPassantSquares): the pawn's triple-step regions, and the
// pieces whose first-move steps leave en passant squares.
type epConfig struct {
	triple [2][]geom.Square // tripleStepRegionWhite/Black; nil: none
	// byColour: the colours' en passant regions (enPassantRegionWhite/Black
	// over enPassantRegion; nil: every square) differ, and are regions.
	byColour bool
	regions  [2][]geom.Square
	// initial names the pieces other than the pawn whose first-move
	// (Betza i) moves leave en passant squares; set while the pieces
	// are built.
	initial []string
}

// epSquaresRule is the variant's rules.EnPassantSquares, nil when no
// rule of the family applies.
func (c *fairyConfig) epSquaresRule(size geom.Size) *rules.EnPassantSquares {
	e := &rules.EnPassantSquares{}
	used := false
	if pawn := c.piece("pawn"); pawn != nil {
		for side := range 2 {
			for _, sq := range c.eps.triple[side] {
				if size.Contains(sq) {
					e.TripleStep[side] = append(e.TripleStep[side], sq)
				}
			}
			used = used || len(e.TripleStep[side]) > 0
		}
		if used {
			for i, p := range c.pieces {
				if p.name == "pawn" {
					e.Pawn = rules.KindID(i + 1)
				}
			}
		}
	}
	if c.eps.byColour {
		e.ByColour, used = true, true
		for side, region := range c.eps.regions {
			e.Regions[side] = []geom.Square{}
			for _, sq := range size.Squares() {
				if region == nil || slices.Contains(region, sq) {
					e.Regions[side] = append(e.Regions[side], sq)
				}
			}
		}
	}
	for _, name := range c.eps.initial {
		if p := c.piece(name); p != nil {
			e.Initial += string(p.letter)
			used = true
		}
	}
	if !used {
		return nil
	}
	return e
}

// initialEnPassant settles a piece other than the pawn that has first-move
// (i) moves and the en passant role, whose moves are not the pawn's. In
// Fairy-Stockfish such a piece's first-move steps leave the squares they
// pass as en passant squares, and it takes en passant only with its
// capture-only moves. Where it has none (dragon-chess's pawn, KifmnD),
// Baten gives it no en passant capture and records it as a piece whose
// first moves leave en passant squares; a piece that has capture-only
// moves too is not supported yet.
func (c *fairyConfig) initialEnPassant(s *ini.Section, p fairyPiece, k *rules.PieceKind, sk *rules.SideKind) error {
	if slices.ContainsFunc(k.Movement, func(m kinematics.Component) bool { return m.Mods&kinematics.CaptureOnly != 0 }) {
		return keyErr(s, p.name, "not supported yet: en passant after the i (first move) step of a piece other than the pawn that has capture-only moves")
	}
	for _, m := range k.Movement {
		if m.Mods&kinematics.Initial != 0 && m.Delta.File != 0 {
			return keyErr(s, p.name, "not supported yet: en passant after an i (first move) step off the piece's file")
		}
	}
	sk.EnPassant = false
	if !slices.Contains(c.eps.initial, p.name) {
		c.eps.initial = append(c.eps.initial, p.name)
	}
	return nil
}

// epRegions records the colours' en passant regions v when they differ
// (same: they do not) and returns the variant's region: both colours'
// when they are the same, their union otherwise (nil, every square, when
// either is nil).
func (c *fairyConfig) epRegions(v [2][]geom.Square, same bool) []geom.Square {
	c.eps.byColour, c.eps.regions = !same, v
	if same {
		return v[0]
	}
	if v[0] == nil || v[1] == nil {
		return nil
	}
	union := slices.Clone(v[0])
	for _, sq := range v[1] {
		if !slices.Contains(union, sq) {
			union = append(union, sq)
		}
	}
	return union
}

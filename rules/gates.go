package rules

import (
	"errors"
	"slices"
	"strings"

	"github.com/baten-chess/baten/geom"
)

// Gates lists the open gate squares (Variant.Gates) as files of each
// player's home rank, sorted by player then file.
func (p *Position) Gates() []CastlingRight { return slices.Clone(p.gates) }

// gateSquare is the square of gate g.
func (p *Position) gateSquare(g CastlingRight) geom.Square {
	return geom.Square{File: g.File, Rank: p.v.HomeRank(g.Player)}
}

// readGates reads the castling field of a variant with gates: file
// letters, upper case for the first player's home rank.
func (p *Position) readGates(text string) error {
	var errs []error
	for i := 0; i < len(text); i++ {
		c := text[i]
		player := First
		if c >= 'a' && c <= 'z' {
			player, c = Second, c-'a'+'A'
		}
		file := int(c) - 'A'
		if c < 'A' || c > 'Z' || file >= p.v.Size.W {
			errs = append(errs, fenErr("castling", text, "%q names no file of the board", text[i]))
			continue
		}
		g := CastlingRight{Player: player, File: file}
		if slices.Contains(p.gates, g) {
			errs = append(errs, fenErr("castling", text, "%q repeats a gate", text[i]))
			continue
		}
		p.gates = append(p.gates, g)
	}
	sortRights(p.gates)
	return errors.Join(errs...)
}

// gatesText writes the open gates as file letters.
func (p *Position) gatesText() string {
	if len(p.gates) == 0 {
		return "-"
	}
	var b strings.Builder
	for _, g := range p.gates {
		c := byte('A' + g.File)
		if g.Player == Second {
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}

// gateMoves lists the gate moves of the piece pc on from, when from is one
// of its player's open gates.
func (p *Position) gateMoves(from geom.Square, pc Piece) []Move {
	kind := p.v.Kind(pc.Kind)
	if len(kind.GateMovement) == 0 || !p.v.Gates ||
		!slices.Contains(p.gates, CastlingRight{Player: pc.Owner, File: from.File}) || from.Rank != p.v.HomeRank(pc.Owner) {
		return nil
	}
	if kind.GateNotInCheck && p.royalAttacked(pc.Owner) {
		return nil
	}
	var moves []Move
	for t := range kind.GateMovement.Targets(p.frame(from, nil), from) {
		if t.Jump {
			continue
		}
		m := Move{From: from, To: t.To}
		if t.Capture {
			victim := p.board.At(t.To)
			if victim.Owner == pc.Owner || p.v.Kind(victim.Kind).Royal {
				continue
			}
			m.Captures = []geom.Square{t.To}
		}
		moves = append(moves, p.promotions(m, pc)...)
	}
	return moves
}

// onRookLine reports whether from and to share a file or a rank: the
// line of a rook on an empty board, as Fairy-Stockfish takes it for the
// Cambodian king's leap (a blocked line counts too).
func onRookLine(from, to geom.Square) bool {
	return from != to && (from.File == to.File || from.Rank == to.Rank)
}

// royalOn reports whether a royal piece stands on sq.
func (p *Position) royalOn(sq geom.Square) bool {
	pc := p.board.At(sq)
	return !pc.Empty() && p.v.Kind(pc.Kind).Royal
}

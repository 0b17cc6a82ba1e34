package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
	"github.com/baten-chess/baten/wxf"
)

// pointLines are the strokes of a board of points: Unicode box drawing,
// or plain ASCII with --ascii.
type pointLines struct {
	point, across, down, rising, falling, river string
}

var (
	unicodeLines = pointLines{point: "┼", across: "───", down: "│", rising: "╱", falling: "╲", river: "~"}
	asciiLines   = pointLines{point: "+", across: "---", down: "|", rising: "/", falling: "\\", river: "~"}
)

// drawPoints prints a board of points (xiangqi, janggi), the top rank
// first: the pieces where the lines cross, the river as a row of waves
// across the board, each palace's diagonals between its points. Under and
// over it go the file letters of the move text and, for games written in
// WXF, the files' numbers as each side counts them (Red's 9 to 1 from the
// left under the board, Black's 1 to 9 over it).
func drawPoints(w io.Writer, cells [][]cell, v *variant.Variant, st boardStyle) {
	size, pts := v.Size, v.Points
	lines := unicodeLines
	if st.ascii {
		lines = asciiLines
	}
	width := len(fmt.Sprint(size.H))
	margin := strings.Repeat(" ", width+1)
	numbered := v.HumanNotation == variant.WXF
	files := func(name func(f int) string) {
		var b strings.Builder
		for f := range size.W {
			fmt.Fprintf(&b, "%-4s", name(f))
		}
		fmt.Fprintln(w, margin+strings.TrimRight(b.String(), " "))
	}
	if numbered {
		files(func(f int) string { return fmt.Sprint(f + 1) })
	}
	for rank := size.H - 1; rank >= 0; rank-- {
		fmt.Fprintf(w, "%*d ", width, rank+1)
		for file := range size.W {
			c := cells[rank][file]
			text := c.text
			if text == "." {
				text = lines.point
			}
			if st.color && c.highlight != "" {
				text = c.highlight + text + ansiReset
			}
			fmt.Fprint(w, text)
			if file < size.W-1 {
				fmt.Fprint(w, lines.across)
			}
		}
		fmt.Fprintln(w)
		if rank == 0 {
			break
		}
		fmt.Fprint(w, margin)
		if pts.River > 0 && rank == pts.River {
			waves := (size.W-1)*4 - 1 - len(" river ")
			fmt.Fprintln(w, lines.down+strings.Repeat(lines.river, waves/2)+" river "+strings.Repeat(lines.river, waves-waves/2)+lines.down)
			continue
		}
		for file := range size.W {
			fmt.Fprint(w, lines.down)
			if file < size.W-1 {
				fmt.Fprintf(w, " %s ", palaceStroke(pts, file, rank-1, lines))
			}
		}
		fmt.Fprintln(w)
	}
	files(geom.FileName)
	if numbered {
		files(func(f int) string { return fmt.Sprint(size.W - f) })
	}
}

// palaceStroke is what is drawn inside the cell whose lower-left point
// is (file, rank): a diagonal where the cell lies in a palace, rising
// in the cells on the palace's lower-left to upper-right diagonal, else
// a space.
func palaceStroke(pts *variant.Points, file, rank int, lines pointLines) string {
	for _, p := range pts.Palaces {
		lo, hi := p[0], p[1]
		if file < lo.File || file >= hi.File || rank < lo.Rank || rank >= hi.Rank {
			continue
		}
		if file-lo.File == rank-lo.Rank {
			return lines.rising
		}
		return lines.falling
	}
	return " "
}

// pointNames are the names xiangqi and janggi players give the pieces
// whose Fairy-Stockfish piece types are named otherwise.
var pointNames = map[string]string{
	"rook": "chariot", "king": "general", "fers": "advisor", "wazir": "guard",
	"janggiCannon": "cannon", "janggiElephant": "elephant",
}

// pieceName is the legend's name of kind k in v: its player's name on a
// board of points, with its WXF letter where that differs from its FEN
// letter ("horse, H in moves"), else the piece type's name.
func pieceName(v *variant.Variant, k rules.PieceKind) string {
	if v.Points == nil {
		return k.Name
	}
	name := k.Name
	if n, ok := pointNames[name]; ok {
		name = n
	}
	if l := wxf.Letter(&k); v.HumanNotation == variant.WXF && l != k.Letter {
		name += fmt.Sprintf(" (%c in moves)", l)
	}
	return name
}

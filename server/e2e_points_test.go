package server

import (
	"fmt"
	"strings"
	"testing"

	"github.com/baten-chess/baten/internal/browsertest"
)

// testPoints plays xiangqi and janggi to checkmate through two pages
// (a subtest of TestBrowserClient): the board is one of points, with
// lines through the pieces, xiangqi's river named between its fifth and
// sixth ranks, each palace's two diagonals, and the pieces drawn with
// their characters; the sides are named as the games' players name them
// (Red and Black, Cho and Han); the move list is xiangqi's WXF notation. Both games
// start from a position two moves before the mate (1. Ra9 Pi6 2. Rb10#),
// which Fairy-Stockfish c19b5f6 confirms: after the moves it counts no
// legal move and names b10 as the checker.
func (e *e2e) testPoints(t *testing.T) {
	tests := []struct {
		variant, fen string
		first        string // the first player's name
		river        int
		chars        map[string]string // square: character
		moves        string            // the move list's text
	}{
		{"xiangqi", "4k4/9/9/8p/9/9/9/9/9/RR1K5 w - - 0 1", "Red", 5,
			map[string]string{"e10": "將", "d1": "帥", "a1": "俥", "i7": "卒"}, "R9+8 P9+1 R8+9"},
		{"janggi", "3k5/9/9/8p/9/9/9/9/4K4/RR7 w - - 0 1", "Cho", 0,
			map[string]string{"d10": "漢", "e2": "楚", "a1": "車", "i7": "兵"}, "Ra9 Pi6 Rb10#"},
	}
	for _, tt := range tests {
		t.Run(tt.variant, func(t *testing.T) {
			g := e.openGame(t, map[string]any{"variant": tt.variant, "fen": tt.fen,
				"clock": map[string]any{"limit": 300, "increment": 3}}, true)
			for _, p := range g.pages() {
				if got := browsertest.Eval[int](p, `document.querySelectorAll('[data-board] line.palace').length`); got != 4 {
					t.Errorf("%s: %d palace diagonals drawn, want 4 (two palaces)", p.Name, got)
				}
				river := browsertest.Eval[string](p, `document.querySelector('[data-river]')?.dataset.river || ''`)
				if want := map[bool]string{true: fmt.Sprint(tt.river), false: ""}[tt.river > 0]; river != want {
					t.Errorf("%s: river %q, want %q", p.Name, river, want)
				}
				for sq, ch := range tt.chars {
					got := browsertest.Eval[string](p, fmt.Sprintf(`document.querySelector('[data-at=%q] .char')?.textContent || ''`, sq))
					if got != ch {
						t.Errorf("%s: the piece on %s shows %q, want %q", p.Name, sq, got, ch)
					}
				}
			}
			g.waitStatus(0, tt.first+" to move")
			g.act("a1a9", false)
			g.act("i7i6", true)
			g.screenshot(tt.variant)
			g.act("b1b10", false)
			g.finished("mate", "white", tt.first+" wins", "checkmate") // the API says white
			for _, p := range g.pages() {
				got := browsertest.Eval[[]string](p, `[...document.querySelectorAll('[data-moves] [data-ply]')].map((e) => e.textContent.trim())`)
				if strings.Join(got, " ") != tt.moves {
					t.Errorf("%s: move list %q, want %q", p.Name, got, tt.moves)
				}
			}
		})
	}
}

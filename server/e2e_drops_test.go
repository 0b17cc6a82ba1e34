package server

import (
	"fmt"
	"strings"
	"testing"

	"github.com/baten-chess/baten/internal/browsertest"
)

// testDrops plays crazyhouse to checkmate through two pages (a subtest of
// TestBrowserClient): captured pieces appear in the capturer's hand
// beside the board, both sides drop from the hand, once by clicks and
// once by a drag, and White mates with a pawn dropped on f7. The game
// (1. e4 e5 2. Nf3 Nc6 3. Bc4 d5 4. Bxd5 Nf6 5. Bxf7+ Kxf7 6. Ng5+ Kg8
// 7. d3 B@b4+ 8. c3 Bbe7 9. P@f7#) ends in checkmate: the pawn checks the
// king on g8 from f7 under the knight's guard, and every flight square
// is held by Black's own pieces.
func (e *e2e) testDrops(t *testing.T) {
	g := e.openGame(t, map[string]any{"variant": "crazyhouse", "clock": map[string]any{"limit": 300, "increment": 3}}, true)
	for _, p := range g.pages() {
		for _, side := range []string{"top", "bottom"} {
			if browsertest.Eval[bool](p, fmt.Sprintf(`document.querySelector('[data-pocket=%q]').hidden`, side)) {
				t.Errorf("%s: the %s hand is hidden in crazyhouse", p.Name, side)
			}
		}
	}
	g.play("e4", "e5", "Nf3", "Nc6", "Bc4", "d5", "Bxd5", "Nf6", "Bxf7+", "Kxf7", "Ng5+", "Kg8", "d3")
	g.hands("PP", "b") // White took two pawns, Black a bishop
	g.act("B@b4+", true)
	g.hands("PP", "")
	g.play("c3", "Bbe7")
	g.screenshot("crazyhouse")
	g.act("P@f7#", false)
	g.hands("P", "")
	g.finished("mate", "white", "White wins", "checkmate")
	for _, p := range g.pages() {
		got := browsertest.Eval[[]string](p, `[...document.querySelectorAll('[data-moves] [data-ply]')].map((e) => e.textContent.trim())`)
		if last := got[len(got)-1]; last != "P@f7#" {
			t.Errorf("%s: the move list ends %q, want P@f7#", p.Name, last)
		}
	}
}

// hands waits until every page shows the hands white and black (FEN
// letters, in the order the server lists them; "" for an empty hand).
func (g *e2eGame) hands(white, black string) {
	g.t.Helper()
	want := white + "/" + strings.ToLower(black)
	js := `['white', 'black'].map((c) => [...document.querySelectorAll('[data-hand-piece][data-color="' + c + '"]')]
		.map((b) => (c === 'white' ? b.dataset.handPiece : b.dataset.handPiece.toLowerCase()).repeat(Number(b.dataset.count))).join('')).join('/')`
	for _, p := range g.pages() {
		p.Wait("the hands "+want, js+` === `+fmt.Sprintf("%q", want), js, 0)
	}
}

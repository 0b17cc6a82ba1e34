package server

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/baten-chess/baten/internal/browsertest"
	"github.com/baten-chess/baten/variant"
)

// updateScreenshots writes docs/screenshots/*.png, as BATEN_SCREENSHOTS=1
// does; neither is set in CI.
var updateScreenshots = flag.Bool("update-screenshots", false, "write docs/screenshots/*.png from the browser tests")

// testRules shows the games' own rules on the web board (a subtest of
// TestBrowserClient): king of the hill's hill tinted with its legend
// line and won by reaching it, three-check's counters going up with each
// check, the squares a capture empties flashing (a plain capture, en
// passant, antichess's forced captures), and the result in each game's
// own words. The games start from FENs a few moves in: the browser
// tests' time is CI's longest.
func (e *e2e) testRules(t *testing.T) {
	t.Run("enpassant", e.testEnPassantFlash)
	t.Run("kingofthehill", e.testHill)
	t.Run("3check", e.testChecks)
	t.Run("antichess", e.testAntichess)
}

// screenshot saves White's page as docs/screenshots/name.png when asked
// to (e2eScreenshot), once a capture's flash is over (board.js's flashMs).
func (g *e2eGame) screenshot(name string) {
	g.t.Helper()
	if os.Getenv("BATEN_SCREENSHOTS") == "" && !*updateScreenshots {
		return
	}
	time.Sleep(1300 * time.Millisecond)
	e2eScreenshot(g.seats[0], name)
}

// watchFlash makes each page note every square that flashes as emptied
// by a capture from now on (the flash lasts about a second: a watcher
// does not depend on being quick enough to see it).
func (g *e2eGame) watchFlash() {
	g.t.Helper()
	for _, p := range g.pages() {
		browsertest.Eval[bool](p, `(() => {
			window.flashed = new Set();
			const note = () => document.querySelectorAll('[data-removed].flash').forEach((e) => window.flashed.add(e.dataset.removed));
			window.flashWatch?.disconnect();
			window.flashWatch = new MutationObserver(note);
			window.flashWatch.observe(document.querySelector('#board'), { subtree: true, childList: true });
			note();
			return true;
		})()`)
	}
}

// wantFlashed checks that every page flashed exactly squares since
// watchFlash, and still marks them [data-removed].
func (g *e2eGame) wantFlashed(squares ...string) {
	g.t.Helper()
	want := strings.Join(squares, " ")
	for _, p := range g.pages() {
		got := browsertest.Eval[[]string](p, `[...window.flashed].sort()`)
		if strings.Join(got, " ") != want {
			g.t.Errorf("%s: flashed %q, want %q", p.Name, got, squares)
		}
		for _, sq := range squares {
			if !p.Exists(fmt.Sprintf(`[data-removed=%q]`, sq)) {
				g.t.Errorf("%s: no [data-removed=%q] after the capture", p.Name, sq)
			}
		}
	}
}

// testHill: the four hill squares are tinted and named under the board;
// after 1. e4 e5 2. Ke2 Ke7 3. Ke3 Ke6 4. d4 exd4+ White's king takes on
// d4 (which flashes) and wins by reaching the hill.
func (e *e2e) testHill(t *testing.T) {
	g := e.openGame(t, map[string]any{"variant": "kingofthehill", "fen": "rnbq1bnr/pppp1ppp/4k3/4p3/4P3/4K3/PPPP1PPP/RNBQ1BNR w - - 4 4",
		"clock": map[string]any{"limit": 300, "increment": 3}}, true)
	for _, p := range g.pages() {
		got := browsertest.Eval[[]string](p, `[...document.querySelectorAll('[data-goal]')].map((e) => e.dataset.goal).sort()`)
		if want := []string{"d4", "d5", "e4", "e5"}; !slices.Equal(got, want) {
			t.Errorf("%s: goal squares drawn %q, want %q", p.Name, got, want)
		}
		if text := p.Text("[data-goal-legend]"); !strings.Contains(text, "Reach the hill") || !strings.Contains(text, "king") {
			t.Errorf("%s: goal line %q, want it to say reach the hill with a king", p.Name, text)
		}
		if p.Exists(".checks:not([hidden])") {
			t.Errorf("%s: a check counter in a game that counts no checks", p.Name)
		}
	}
	g.screenshot("kingofthehill")
	g.play("d2d4", "e5d4")
	g.waitStatus(0, "white to move")
	g.watchFlash()
	g.act("e3d4", false) // takes the pawn that gave check, on the hill
	g.wantFlashed("d4")
	g.finished("variantEnd", "white", "white wins", "reaching the goal")
}

// testChecks: three-check's counters start at +0 and count each check
// given, on every page (after 1. e4 e5 2. Bc4 Nc6: 3. Bxf7+ Kxf7 4.
// Qh5+); stepping back shows the counter of then.
func (e *e2e) testChecks(t *testing.T) {
	g := e.openGame(t, map[string]any{"variant": "3check", "fen": "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 3+3 2 3",
		"clock": map[string]any{"limit": 300, "increment": 3}}, true)
	counters := func(want string) {
		t.Helper()
		for _, p := range g.pages() {
			p.Wait("check counters "+want, fmt.Sprintf(`[...document.querySelectorAll('[data-checks]:not([hidden])')].map((e) => e.dataset.checks + ':' + e.dataset.given).sort().join(' ') === %q`, want),
				`[...document.querySelectorAll('[data-checks]')].map((e) => e.dataset.checks + ':' + e.dataset.given + (e.hidden ? ' hidden' : '')).join(' ')`, 0)
		}
	}
	counters("black:0 white:0")
	g.watchFlash()
	g.act("c4f7", false) // Bxf7+: the first check
	g.wantFlashed("f7")
	counters("black:0 white:1")
	g.play("e8f7", "d1h5") // Kxf7 and Qh5+: the second
	counters("black:0 white:2")
	for _, p := range g.pages() {
		if title := p.Attr(`[data-checks="white"]`, "title"); title != "White has given 2 of 3 checks" {
			t.Errorf("%s: White's counter says %q", p.Name, title)
		}
		if text := p.Text(`[data-checks="white"]`); !strings.HasPrefix(text, "+2") {
			t.Errorf("%s: White's counter shows %q, want +2", p.Name, text)
		}
		if n := browsertest.Eval[int](p, `document.querySelectorAll('[data-checks="white"] .mark.on').length`); n != 2 {
			t.Errorf("%s: %d of White's check marks filled, want 2", p.Name, n)
		}
	}
	g.act("g7g6", false)
	g.screenshot("3check")
	w := g.seats[0]
	w.Click(`[data-action="prev"]`)
	w.Click(`[data-action="prev"]`)
	w.Wait("White's counter at ply 2", `document.querySelector('[data-checks="white"]').dataset.given === '1'`,
		`document.querySelector('[data-board]').dataset.ply + ': ' + document.querySelector('[data-checks="white"]').dataset.given`, 0)
	w.Click(`[data-action="live"]`)
	g.resign(variant.Black)
	g.finished(statusResign, "white", "white wins", "resignation")
}

// testEnPassantFlash: an en passant capture flashes the passed pawn's
// square, not the empty square the capturing pawn lands on.
func (e *e2e) testEnPassantFlash(t *testing.T) {
	g := e.openGame(t, map[string]any{"variant": "chess", "fen": "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"}, false)
	g.watchFlash()
	g.act("e5d6", false)
	g.wantFlashed("d5")
	g.wantPiece("P", "d6")
	for _, p := range g.pages() {
		if p.Exists("[data-goal]") || p.Exists("[data-goal-legend]:not([hidden])") {
			t.Errorf("%s: a goal drawn in chess", p.Name)
		}
	}
	g.resign(variant.Black)
	g.finished(statusResign, "white", "white wins", "resignation")
}

// testAntichess: after 1. e3 b5 2. Bxb5 Bb7 3. Bxd7 Nxd7, White offers
// its knight: Black's board lets only the bishop that must take it move,
// and White's then only the pieces that can take back; each capture
// flashes f3. The middle game is the screenshot.
func (e *e2e) testAntichess(t *testing.T) {
	g := e.openGame(t, map[string]any{"variant": "antichess", "fen": "r2qkbnr/pbpnpppp/8/8/8/4P3/PPPP1PPP/RNBQK1NR w - - 0 4",
		"clock": map[string]any{"limit": 300, "increment": 3}}, false)
	movable := func(p *browsertest.Page, want ...string) {
		t.Helper()
		got := browsertest.Eval[[]string](p, `[...document.querySelectorAll('[data-piece].movable')].map((e) => e.dataset.at).sort()`)
		if !slices.Equal(got, want) {
			t.Errorf("%s: pieces that may move %q, want %q (captures are forced)", p.Name, got, want)
		}
	}
	g.act("g1f3", false)
	movable(g.seats[1], "b7")
	g.watchFlash()
	g.act("b7f3", false)
	g.wantFlashed("f3")
	movable(g.seats[0], "d1", "g2")
	g.watchFlash()
	g.act("g2f3", false)
	g.wantFlashed("f3")
	g.act("e7e6", false)
	g.screenshot("antichess")
	g.resign(variant.White)
	g.finished(statusResign, "black", "black wins", "resignation")
}

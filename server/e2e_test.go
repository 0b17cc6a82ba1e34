package server

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/baten-chess/baten/internal/browsertest"
	"github.com/baten-chess/baten/variant"
)

// The browser client end to end: a real headless Chromium (Debian's
// chromium package, which .ci/run installs) drives the embedded client of
// a real server over a real SQLite store. Every player is a page in a
// browser context of its own; every action goes through the UI (clicks
// and drags on [data-square], the promotion chooser, the lobby's forms),
// using the hooks of server/web/HOOKS.md. The scripted games are legal by
// construction: each action is replayed on a local replica of the
// position (package variant) before it is clicked, and the server's
// record is compared at the end.
//
// With BATEN_SCREENSHOTS=1 the run writes docs/screenshots/*.png (the
// lobby and a game of each variant); otherwise nothing is written.

// e2eScreenshotDir is where BATEN_SCREENSHOTS=1 writes its PNGs.
const e2eScreenshotDir = "../docs/screenshots"

// e2eMaxLoad bounds a page's load on the local server: DOMContentLoaded of
// the lobby, the first rendered board of a game page. Every load is
// timed; the best of each kind must be under e2eMaxLoad (one sample can
// be slowed by whatever else the machine runs), and none may be over
// e2eMaxLoadAny.
const (
	e2eMaxLoad    = time.Second
	e2eMaxLoadAny = 5 * time.Second
)

// e2eLoads records the load times of the run, per kind, in milliseconds.
type e2eLoads struct {
	mu sync.Mutex
	ms map[string][]float64
}

// note records one load time and fails t on a missing or very slow one.
func (l *e2eLoads) note(t *testing.T, p *browsertest.Page, kind string, ms float64) {
	t.Helper()
	if ms < 0 || ms > float64(e2eMaxLoadAny.Milliseconds()) {
		t.Errorf("%s: %s %.0f ms after the navigation began, want well under %v", p.Name, kind, ms, e2eMaxLoadAny)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.ms == nil {
		l.ms = map[string][]float64{}
	}
	l.ms[kind] = append(l.ms[kind], ms)
}

// check fails t unless the best load of each kind is under e2eMaxLoad,
// and logs them all.
func (l *e2eLoads) check(t *testing.T) {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, kind := range []string{"lobby DOMContentLoaded", "first board"} {
		ms := slices.Clone(l.ms[kind])
		if len(ms) == 0 {
			t.Errorf("no %s timed", kind)
			continue
		}
		slices.Sort(ms)
		t.Logf("%s: %d loads, best %.0f ms, median %.0f ms, worst %.0f ms", kind, len(ms), ms[0], ms[len(ms)/2], ms[len(ms)-1])
		if ms[0] > float64(e2eMaxLoad.Milliseconds()) {
			t.Errorf("%s: the best of %d loads took %.0f ms, want under %v", kind, len(ms), ms[0], e2eMaxLoad)
		}
	}
}

// e2e is the state shared by the subtests of TestBrowserClient.
type e2e struct {
	t     *testing.T
	h     *harness
	b     *browsertest.Browser
	loads e2eLoads
	// checked has the kinds of page whose basics were checked.
	checked map[string]bool
	// The players: a browser context each, going from page to page
	// and game to game, as people do.
	white, black, spectator *browsertest.Page
}

// TestBrowserClient plays every variant through the browser client.
func TestBrowserClient(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests skipped in -short mode")
	}
	start := time.Now()
	b := browsertest.Start(t)
	t.Logf("browser %s started in %v", b.Path(), time.Since(start).Round(time.Millisecond))
	e := &e2e{t: t, h: newHarness(t, nil), b: b, checked: map[string]bool{}}
	e.white, e.black, e.spectator = e.newPage(t, "white"), e.newPage(t, "black"), e.newPage(t, "spectator")

	t.Run("chess", e.testChess)
	t.Run("promotion", e.testPromotion)
	t.Run("chess960", e.testChess960)
	t.Run("chess960Random", e.testChess960Random)
	t.Run("banchess", e.testBanChess)
	t.Run("shatranj", e.testShatranj)
	t.Run("draughts", e.testDraughts)
	t.Run("capablanca", e.testCapablanca)
	t.Run("points", e.testPoints) // e2e_points_test.go
	t.Run("drops", e.testDrops)   // e2e_drops_test.go
	t.Run("timeout", e.testTimeout)
	t.Run("others", e.testOthers)
	t.Run("rules", e.testRules) // e2e_rules_test.go
	t.Run("lobby", e.testLobby)
	e.loads.check(t)
	t.Logf("browser tests took %v", time.Since(start).Round(time.Millisecond))
}

// newPage opens a page for t whose console must stay free of errors
// until t ends.
func (e *e2e) newPage(t *testing.T, name string) *browsertest.Page {
	t.Helper()
	p := e.b.NewPage(t, name)
	p.MarkFirst("board", "[data-board][data-version]")
	t.Cleanup(p.NoConsoleErrors) // runs before the page closes
	t.Cleanup(p.NoExternalRequests)
	return p
}

// players returns the shared pages, reporting to t until it ends, when
// their console is checked.
func (e *e2e) players(t *testing.T) (white, black, spectator *browsertest.Page) {
	t.Helper()
	for _, p := range []*browsertest.Page{e.white, e.black, e.spectator} {
		p.SetT(t)
		t.Cleanup(func() {
			p.NoConsoleErrors()
			p.SetT(e.t)
		})
	}
	return e.white, e.black, e.spectator
}

// e2eScreenshot saves p as docs/screenshots/name.png when BATEN_SCREENSHOTS
// is set.
func e2eScreenshot(p *browsertest.Page, name string) {
	if os.Getenv("BATEN_SCREENSHOTS") == "" && !*updateScreenshots { // e2e_rules_test.go's flag
		return
	}
	p.T().Helper()
	p.Screenshot(filepath.Join(e2eScreenshotDir, name+".png"))
}

// e2eChoose picks an option of the lobby's select named name, once the
// lobby has listed it.
func e2eChoose(p *browsertest.Page, name, value string) {
	p.T().Helper()
	sel := fmt.Sprintf(`[name=%q] option[value=%q]`, name, value)
	p.Wait(sel, fmt.Sprintf(`document.querySelector(%q)`, sel), "", 0)
	p.SetValue(fmt.Sprintf(`[name=%q]`, name), value)
}

// openLobby loads the lobby and checks its load time.
func (e *e2e) openLobby(t *testing.T, p *browsertest.Page) {
	t.Helper()
	p.Navigate(e.h.hs.URL + "/")
	p.WaitVisible(`form[data-form="create"]`)
	e.loads.note(t, p, "lobby DOMContentLoaded", p.NavigationTiming().DOMContentLoaded)
	e.basics(t, p, "lobby")
}

// basics checks what Lighthouse checks first of any page: a title, a
// language, a character set, a viewport for phones, and a label for every
// visible form field and button; once a run for each kind of page.
func (e *e2e) basics(t *testing.T, p *browsertest.Page, kind string) {
	t.Helper()
	if e.checked[kind] {
		return
	}
	e.checked[kind] = true
	problems := browsertest.Eval[[]string](p, `(() => {
		const out = [];
		if (!document.title.trim()) out.push('no <title>');
		if (!document.documentElement.lang) out.push('no <html lang>');
		if (document.characterSet !== 'UTF-8') out.push('character set ' + document.characterSet);
		const vp = document.querySelector('meta[name=viewport]');
		if (!vp || !/width=device-width/.test(vp.content)) out.push('no viewport meta with width=device-width');
		for (const e of document.querySelectorAll('input:not([type=hidden]), select, textarea, button')) {
			if (e.getClientRects().length === 0) continue;
			const named = (e.labels && e.labels.length) || e.getAttribute('aria-label') || e.getAttribute('aria-labelledby') ||
				e.title || (e.tagName === 'BUTTON' && e.textContent.trim());
			if (!named) out.push('unlabelled ' + e.outerHTML.slice(0, 80));
		}
		return out;
	})()`)
	for _, pr := range problems {
		t.Errorf("%s at %s: %s", p.Name, browsertest.Eval[string](p, `location.pathname`), pr)
	}
}

// waitBoard waits for a game page's first board, notes how long after the
// navigation it came (see e2eLoads), and checks the page knows its seat.
func (e *e2e) waitBoard(t *testing.T, p *browsertest.Page, seat string) {
	t.Helper()
	p.WaitVisible("[data-board][data-version]")
	e.loads.note(t, p, "first board", p.FirstSeen("board"))
	e.basics(t, p, "game "+seat)
	p.Wait("body[data-seat="+seat+"]", fmt.Sprintf(`document.body.getAttribute('data-seat') === %q`, seat),
		`document.body.getAttribute('data-seat')`, 0)
}

// e2eGame is a game played through the pages of its two seats, perhaps
// watched by a third, with a local replica of its position.
type e2eGame struct {
	t     *testing.T
	e     *e2e
	id    string
	v     *variant.Variant
	p     variant.Position
	seats [2]*browsertest.Page // White, Black
	watch *browsertest.Page
	plies int
	moves []string // the actions so far, machine notation
}

func e2eSeat(c variant.Color) int {
	if c == variant.White {
		return 0
	}
	return 1
}

// newGame wraps pages already on game id (their boards shown) whose
// start position is fen.
func (e *e2e) newGame(t *testing.T, id, variantName, fen string, white, black, watch *browsertest.Page) *e2eGame {
	t.Helper()
	v, err := e.h.cfg.Registry.Lookup(variantName)
	if err != nil {
		t.Fatal(err)
	}
	if got := e.h.game(id).Variant.Key; got != v.Name {
		t.Fatalf("game %s is %s, want %s", id, got, v.Name)
	}
	p, err := v.FromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return &e2eGame{t: t, e: e, id: id, v: v, p: p, seats: [2]*browsertest.Page{white, black}, watch: watch}
}

// openGame creates a game with POST /api/games and opens both seats'
// links in the shared players' pages (and the watch link in the
// spectator's when watch is set).
func (e *e2e) openGame(t *testing.T, body map[string]any, watch bool) *e2eGame {
	t.Helper()
	body["white"], body["black"] = map[string]string{"name": "alice"}, map[string]string{"name": "bob"}
	cr := e.h.create(body)
	w, b, s := e.players(t)
	w.Navigate(cr.White.URL)
	e.waitBoard(t, w, "white")
	b.Navigate(cr.Black.URL)
	e.waitBoard(t, b, "black")
	if watch {
		s.Navigate(cr.Watch)
		e.waitBoard(t, s, "")
	} else {
		s = nil
	}
	return e.newGame(t, cr.ID, cr.Variant, cr.FEN, w, b, s)
}

// pages returns the game's open pages.
func (g *e2eGame) pages() []*browsertest.Page {
	ps := []*browsertest.Page{g.seats[0], g.seats[1]}
	if g.watch != nil {
		ps = append(ps, g.watch)
	}
	return ps
}

var e2eSquareRE = regexp.MustCompile(`[a-p](?:1[0-6]|[1-9])`)

// e2eSquares returns the squares to click for an action in machine
// notation (from, then each landing square) and its promotion letter.
func e2eSquares(v *variant.Variant, text string) ([]string, string) {
	text = strings.TrimPrefix(text, "b:")
	text, _, _ = strings.Cut(text, ",") // a wall comes after the move
	if v.Family == variant.PDN {
		return strings.FieldsFunc(text, func(r rune) bool { return r == '-' || r == 'x' }), ""
	}
	loc := e2eSquareRE.FindAllStringIndex(text, -1)
	if len(loc) < 2 {
		return nil, ""
	}
	sq := []string{text[loc[0][0]:loc[0][1]], text[loc[1][0]:loc[1][1]]}
	return sq, text[loc[1][1]:]
}

// e2eWall is the square a walling game's machine text walls ("e2e4,e4d5":
// d5), or "".
func e2eWall(text string) string {
	_, walling, ok := strings.Cut(text, ",")
	if !ok {
		return ""
	}
	loc := e2eSquareRE.FindAllString(walling, -1)
	return loc[len(loc)-1]
}

// e2eWallChoices counts the legal actions of p that make the move of
// machine with some wall: the board asks for the wall only when there
// are several (a snail's trail has one).
func e2eWallChoices(p variant.Position, machine string) int {
	move, _, _ := strings.Cut(machine, ",")
	n := 0
	for _, a := range p.Legal() {
		if m, _, _ := strings.Cut(machineText(p, a), ","); m == move {
			n++
		}
	}
	return n
}

// dest is the selector of a destination marker.
func e2eDest(sq string) string { return fmt.Sprintf(`[data-dest=%q]`, sq) }

// act plays one action (a move or a ban, machine notation) through the
// UI of the seat to act: drag from→to when drag is set, else click the
// piece, then the destination its markers offer (for a draughts jump
// chain, the final landing square if offered, else each hop), then the
// promotion piece, then a walling game's wall square. It waits until
// every page shows the new ply (and the wall).
func (g *e2eGame) act(text string, drag bool) {
	g.t.Helper()
	machine := g.input(text, drag)
	g.waitPly(machine)
	if wall := e2eWall(machine); wall != "" {
		for _, p := range g.pages() {
			p.Wait("the wall on "+wall, fmt.Sprintf(`!!document.querySelector('[data-wall=%q]')`, wall),
				`[...document.querySelectorAll('[data-wall]')].map(e => e.getAttribute('data-wall')).join(' ')`, 0)
		}
	}
}

// input is act without the wait: it clicks (or drags) the action and
// returns its machine text.
func (g *e2eGame) input(text string, drag bool) string {
	t := g.t
	t.Helper()
	a, err := g.p.Parse(text)
	if err != nil {
		t.Fatalf("e2eScripted action %s: %v", text, err)
	}
	next, err := g.p.Play(a)
	if err != nil {
		t.Fatal(err)
	}
	page := g.seats[e2eSeat(g.p.Turn())]
	machine := machineText(g.p, a)
	if kind, to, ok := strings.Cut(machine, "@"); ok {
		e2eDrop(page, colorName(g.p.Turn()), kind, to, drag)
		g.p = next
		g.plies++
		g.moves = append(g.moves, machine)
		return machine
	}
	sq, promo := e2eSquares(g.v, machine)
	if len(sq) < 2 {
		t.Fatalf("no squares in %q", machine)
	}
	if drag {
		page.Drag(sq[0], sq[len(sq)-1])
	} else {
		page.ClickSquare(sq[0])
		last := sq[len(sq)-1]
		for i := 1; i < len(sq); i++ {
			page.Wait(fmt.Sprintf("a destination marker (%s or %s) after selecting %s for %s", e2eDest(last), e2eDest(sq[i]), sq[0], machine),
				fmt.Sprintf(`document.querySelector(%q) || document.querySelector(%q)`, e2eDest(last), e2eDest(sq[i])),
				`[...document.querySelectorAll('[data-dest]')].map(e => e.getAttribute('data-dest')).join(' ')`, 0)
			if page.Exists(e2eDest(last)) {
				page.ClickSquare(last)
				break
			}
			page.ClickSquare(sq[i])
		}
	}
	if promo != "" {
		sel := fmt.Sprintf(`[data-promote=%q]`, promo)
		page.WaitVisible(sel)
		page.Click(sel)
	}
	if wall := e2eWall(machine); wall != "" && e2eWallChoices(g.p, machine) > 1 {
		page.Wait(fmt.Sprintf("the wall's marker %s for %s", e2eDest(wall), machine), fmt.Sprintf(`!!document.querySelector(%q)`, e2eDest(wall)),
			`[...document.querySelectorAll('[data-dest]')].map(e => e.getAttribute('data-dest')).join(' ')`, 0)
		page.ClickSquare(wall)
	}
	g.p = next
	g.plies++
	g.moves = append(g.moves, machine)
	return machine
}

// e2eDrop drops the kind (its letter in White's case) from the hand of
// color on the square to: dragged from the hand, or clicked there and
// then on the destination marker.
func e2eDrop(page *browsertest.Page, color, kind, to string, drag bool) {
	hand := fmt.Sprintf(`[data-hand-piece=%q][data-color=%q].movable`, kind, color)
	page.WaitVisible(hand)
	if drag {
		page.DragTo(hand, to)
		return
	}
	page.Click(hand)
	page.Wait(fmt.Sprintf("the drop's marker %s after choosing %s in hand", e2eDest(to), kind),
		fmt.Sprintf(`!!document.querySelector(%q)`, e2eDest(to)),
		`[...document.querySelectorAll('[data-dest]')].map(e => e.getAttribute('data-dest')).join(' ')`, 0)
	page.ClickSquare(to)
}

// play plays actions by clicks.
func (g *e2eGame) play(actions ...string) {
	g.t.Helper()
	for _, a := range actions {
		g.act(a, false)
	}
}

// waitPly waits until every page draws the current ply and lists it.
func (g *e2eGame) waitPly(what string) {
	g.t.Helper()
	for _, p := range g.pages() {
		p.Wait(fmt.Sprintf("ply %d (%s) on the board", g.plies, what),
			fmt.Sprintf(`document.querySelector('[data-board]')?.getAttribute('data-ply') === '%d' &&
				document.querySelectorAll('[data-moves] [data-ply]').length === %d`, g.plies, g.plies),
			`document.querySelector('[data-board]')?.getAttribute('data-ply') + ' / ' + document.querySelectorAll('[data-moves] [data-ply]').length + ' listed'`, 0)
	}
}

// wantPiece checks that every page shows piece (a data-piece value) on
// square.
func (g *e2eGame) wantPiece(piece, square string) {
	g.t.Helper()
	sel := fmt.Sprintf(`[data-piece=%q][data-at=%q]`, piece, square)
	for _, p := range g.pages() {
		if !p.Exists(sel) {
			g.t.Errorf("%s: no %s on %s (%s): there is %q", p.Name, piece, square, sel,
				p.Attr(fmt.Sprintf(`[data-at=%q]`, square), "data-piece"))
		}
	}
}

// waitStatus waits until every page's status line says each of words.
func (g *e2eGame) waitStatus(timeout time.Duration, words ...string) {
	g.t.Helper()
	for _, p := range g.pages() {
		for _, w := range words {
			p.WaitStatus(w, timeout)
		}
	}
}

// finished checks the end on every page (status line and banner) and on
// the server (status, winner, actions).
func (g *e2eGame) finished(status, winner string, words ...string) {
	t := g.t
	t.Helper()
	g.waitServer(status)
	g.waitStatus(5*time.Second, words...)
	for _, p := range g.pages() {
		p.WaitVisible("[data-banner]")
		if w := words[len(words)-1]; !strings.Contains(strings.ToLower(p.Text("[data-banner]")), strings.ToLower(w)) {
			t.Errorf("%s: banner %q does not say %q", p.Name, p.Text("[data-banner]"), w)
		}
	}
	gv := g.e.h.game(g.id)
	if gv.Status != status || gv.Winner != winner {
		t.Errorf("server: status %s winner %q, want %s %q", gv.Status, gv.Winner, status, winner)
	}
	if gv.Moves == nil || *gv.Moves != strings.Join(g.moves, " ") {
		t.Errorf("server: moves %q, want %q", e2eDeref(gv.Moves), strings.Join(g.moves, " "))
	}
}

// resign presses c's resign button, and again when it asks to confirm.
func (g *e2eGame) resign(c variant.Color) {
	g.t.Helper()
	p := g.seats[e2eSeat(c)]
	p.Click(`[data-action="resign"]`)
	p.WaitVisible(`[data-action="resign"][data-confirm]`)
	p.Click(`[data-action="resign"]`)
}

// waitServer waits until the server has the game ended with status.
func (g *e2eGame) waitServer(status string) {
	g.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		gv := g.e.h.game(g.id)
		if gv.Status == status {
			return
		}
		if time.Now().After(deadline) {
			g.t.Errorf("server: status %s after %q, want %s", gv.Status, e2eDeref(gv.Moves), status)
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func e2eDeref(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

// e2eGameID reads the game id from a game page's location.
func e2eGameID(t *testing.T, p *browsertest.Page) string {
	t.Helper()
	path := browsertest.Eval[string](p, `location.pathname`)
	id, ok := strings.CutPrefix(path, "/game/")
	if !ok || len(id) != 8 {
		t.Fatalf("%s: at %s, not a game page", p.Name, path)
	}
	return id
}

// testChess: a seek made in one lobby is accepted in another, a third
// page watches from the lobby's live list, the players play the
// Scholar's mate with clicks and drags, and the black player reloads in
// the middle and carries on.
func (e *e2e) testChess(t *testing.T) {
	white, black, watch := e.players(t)

	e.openLobby(t, white)
	e2eChoose(white, "variant", "chess")
	white.SetValue("[name=limit]", "5")
	white.SetValue("[name=increment]", "3")
	e2eChoose(white, "color", "white")
	white.SetValue("[name=name]", "alice")
	white.Click(`[data-action="create"]`)
	e.waitBoard(t, white, "white")
	id := e2eGameID(t, white)
	white.WaitStatus("waiting", 0)

	e.openLobby(t, black)
	black.SetValue("[name=name]", "bob")
	black.Click(`[data-action="refresh"]`)
	row := fmt.Sprintf(`[data-seek=%q]`, id)
	black.WaitVisible(row)
	black.Click(row + ` [data-action="accept"]`)
	e.waitBoard(t, black, "black")
	if got := e2eGameID(t, black); got != id {
		t.Fatalf("black accepted into %s, want %s", got, id)
	}

	e.openLobby(t, watch)
	watch.Click(`[data-action="refresh"]`)
	link := fmt.Sprintf(`[data-game=%q] a[data-action="watch"]`, id)
	watch.WaitVisible(link)
	watch.Click(link)
	e.waitBoard(t, watch, "")

	g := e.newGame(t, id, "chess", e.h.game(id).InitialFEN, white, black, watch)
	g.waitStatus(0, "white to move")
	g.act("e2e4", true)
	g.wantPiece("P", "e4")
	g.waitStatus(0, "black to move")
	g.act("e7e5", false)
	g.act("f1c4", true)
	g.act("b8c6", false)

	// The black player reloads: the game resumes where it was.
	black.Reload()
	e.waitBoard(t, black, "black")
	g.waitPly("after the reload")
	g.wantPiece("B", "c4")
	g.wantPiece("n", "c6")

	g.act("d1h5", true)
	g.act("g8f6", false)
	g.act("h5f7", false)
	g.finished("mate", "white", "white wins", "checkmate")
	for _, p := range g.pages() {
		if !p.Exists("[data-check]") {
			t.Errorf("%s: no [data-check] on the mated king", p.Name)
		}
		for _, c := range []string{"white", "black"} {
			if clk := p.Clock(c); !regexp.MustCompile(`^\d{1,2}:\d\d$`).MatchString(clk) {
				t.Errorf("%s: %s clock %q, want M:SS", p.Name, c, clk)
			}
		}
	}
	e2eScreenshot(white, "chess")
}

// testPromotion: the chooser promotes to the piece clicked.
func (e *e2e) testPromotion(t *testing.T) {
	g := e.openGame(t, map[string]any{"variant": "chess", "fen": "k7/4P3/8/8/8/8/7p/K7 w - - 0 1"}, false)
	g.play("e7e8n")
	g.wantPiece("N", "e8")
	g.waitStatus(0, "black to move")
}

// testChess960: from position 127 (NQRNKRBB) both sides castle queenside,
// the king clicked and then its rook's square (which is also the king's
// destination): Chess960 castling as king takes rook. The game is made
// with the lobby's "both seats" form.
func (e *e2e) testChess960(t *testing.T) {
	white, black, lobby := e.players(t)
	e.openLobby(t, lobby)
	e2eChoose(lobby, "variant", "chess960")
	lobby.WaitVisible("[name=chess960]")
	lobby.SetValue("[name=chess960]", "127")
	lobby.SetValue("[name=limit]", "")
	lobby.Click(`[data-action="create-both"]`)
	lobby.WaitVisible(`[data-link="white"]`)
	wURL, bURL := lobby.Attr(`[data-link="white"]`, "href"), lobby.Attr(`[data-link="black"]`, "href")
	white.Navigate(wURL)
	e.waitBoard(t, white, "white")
	black.Navigate(bURL)
	e.waitBoard(t, black, "black")
	id := e2eGameID(t, white)
	gv := e.h.game(id)
	if !strings.HasPrefix(gv.InitialFEN, "nqrnkrbb/pppppppp/8/8/8/8/PPPPPPPP/NQRNKRBB ") {
		t.Fatalf("Chess960 127 started from %s", gv.InitialFEN)
	}
	g := e.newGame(t, id, "chess960", gv.InitialFEN, white, black, nil)
	g.play("d1c3", "d8c6", "d2d4", "e8c8")
	g.wantPiece("k", "c8")
	g.wantPiece("r", "d8")
	g.play("e1c1")
	g.wantPiece("K", "c1")
	g.wantPiece("R", "d1")
	e2eScreenshot(white, "chess960")
}

// testChess960Random: a Chess960 game made in the lobby with its number
// left empty starts from one of the 960 arrays, drawn by the server; two
// such games are not both the classical array (a chance of 1 in 921,600
// if the draw were fair and the test wrong).
func (e *e2e) testChess960Random(t *testing.T) {
	_, _, lobby := e.players(t)
	byFEN := chess960Numbers(t)
	var numbers []int
	for range 2 {
		e.openLobby(t, lobby)
		e2eChoose(lobby, "variant", "chess960")
		lobby.WaitVisible("[name=chess960]")
		lobby.SetValue("[name=limit]", "")
		lobby.Click(`[data-action="create-both"]`)
		lobby.WaitVisible(`[data-link="white"]`)
		u, err := url.Parse(lobby.Attr(`[data-link="white"]`, "href"))
		if err != nil {
			t.Fatal(err)
		}
		id := strings.TrimPrefix(u.Path, "/game/")
		fen := e.h.game(id).InitialFEN
		n, ok := byFEN[fen]
		if !ok {
			t.Fatalf("a lobby game with no Chess960 number started from %s, not one of the 960 arrays", fen)
		}
		numbers = append(numbers, n)
	}
	if numbers[0] == 518 && numbers[1] == 518 {
		t.Fatalf("two lobby games with no Chess960 number both started from the classical array")
	}
}

// testBanChess: Black bans first; the bans are chosen in the UI like
// moves (the banned move's from and to squares); White mates by banning
// Black's only escape from check (a ban-mate).
func (e *e2e) testBanChess(t *testing.T) {
	g := e.openGame(t, map[string]any{"variant": "banchess", "clock": map[string]any{"limit": 300, "increment": 2}}, true)
	g.waitStatus(0, "black bans")
	g.act("b:d2d4", false)
	for _, p := range g.pages() {
		if !p.Exists(`[data-ban="d2d4"]`) {
			t.Errorf("%s: the ban d2d4 is not drawn ([data-ban])", p.Name)
		}
		if k := p.Attr(`[data-moves] [data-ply="1"]`, "data-kind"); k != "ban" {
			t.Errorf("%s: ply 1 listed as %q, want ban", p.Name, k)
		}
	}
	g.waitStatus(0, "white to move")
	g.play("e2e4", "b:e7e5", "f7f6", "b:a2a3", "d1h5")
	g.act("b:g7g6", false) // 1. e4 f6 2. Qh5+ and g6, the only answer, is banned
	g.finished("mate", "white", "white wins", "checkmate")
	e2eScreenshot(g.seats[0], "banchess")
}

// testShatranj: a game set up from a FEN in the lobby ends in a bare
// king.
func (e *e2e) testShatranj(t *testing.T) {
	white, black, watch := e.players(t)
	lobby := watch // the spectator makes the game, then watches it
	e.openLobby(t, lobby)
	e2eChoose(lobby, "variant", "shatranj")
	lobby.SetValue("[name=fen]", "3k4/8/8/8/2r5/8/8/3KR3 w - - 0 1")
	lobby.SetValue("[name=limit]", "3")
	lobby.SetValue("[name=increment]", "2")
	lobby.Click(`[data-action="create-both"]`)
	lobby.WaitVisible(`[data-link="white"]`)
	wURL, bURL, sURL := lobby.Attr(`[data-link="white"]`, "href"), lobby.Attr(`[data-link="black"]`, "href"),
		lobby.Attr(`[data-link="watch"]`, "href")
	white.Navigate(wURL)
	e.waitBoard(t, white, "white")
	black.Navigate(bURL)
	e.waitBoard(t, black, "black")
	watch.Navigate(sURL)
	e.waitBoard(t, watch, "")
	id := e2eGameID(t, white)
	g := e.newGame(t, id, "shatranj", e.h.game(id).InitialFEN, white, black, watch)
	g.play("e1e6", "c4c1") // the rook checks from beside the king
	g.act("d1c1", true)    // and is taken: Black's king is bare
	g.finished("bareKing", "white", "white wins", "bare")
	e2eScreenshot(white, "shatranj")
}

// testDraughts: Black moves into a double jump that crowns White's man
// and takes Black's last piece.
func (e *e2e) testDraughts(t *testing.T) {
	g := e.openGame(t, map[string]any{"variant": "draughts", "fen": "B:W19,24:B15,2",
		"clock": map[string]any{"limit": 120, "increment": 1}}, true)
	g.waitStatus(0, "black to move")
	g.play("2-7")
	g.play("19x10x3")
	g.wantPiece("WK", "3")
	for _, p := range g.pages() {
		if n := browsertest.Eval[int](p, `document.querySelectorAll('[data-piece="B"], [data-piece="BK"]').length`); n != 0 {
			t.Errorf("%s: %d black pieces left on the board", p.Name, n)
		}
	}
	g.finished("noMoves", "white", "white wins")
	e2eScreenshot(g.seats[0], "draughts")
}

// testCapablanca: the archbishop moves as a knight and as a bishop and
// takes the other archbishop; Black resigns with the button.
func (e *e2e) testCapablanca(t *testing.T) {
	g := e.openGame(t, map[string]any{"variant": "capablanca", "clock": map[string]any{"limit": 600, "increment": 5}}, false)
	g.act("c1d3", false) // archbishop, a knight's leap
	g.wantPiece("A", "d3")
	g.act("h8g6", true) // chancellor, a knight's leap
	g.wantPiece("c", "g6")
	g.play("d3c5", "c8d6") // archbishops, a bishop's slide and a leap
	g.act("c5d6", true)    // archbishop takes archbishop
	g.wantPiece("A", "d6")
	e2eScreenshot(g.seats[0], "capablanca")
	g.resign(variant.Black)
	g.finished(statusResign, "white", "white wins", "resign")
}

// testTimeout: White lets a two-second clock run out; every page shows
// Black's win on time and White's clock at zero.
func (e *e2e) testTimeout(t *testing.T) {
	g := e.openGame(t, map[string]any{"variant": "chess", "clock": map[string]any{"limit": 2, "increment": 0}}, true)
	g.play("e2e4", "e7e5") // first actions are free: White's clock starts now
	w := g.seats[0]
	w.Wait("White's clock in tenths", `/^\d\.\d$/.test(document.querySelector('[data-clock="white"]').textContent.trim())`,
		`document.querySelector('[data-clock="white"]').textContent`, 3*time.Second)
	g.waitStatus(5*time.Second, "black wins")
	g.finished(statusOutTime, "black", "black wins", "time")
	for _, p := range g.pages() {
		if clk := p.Clock("white"); !regexp.MustCompile(`^0[.:]0+$`).MatchString(clk) {
			t.Errorf("%s: White's clock shows %q after the loss on time, want 0.0", p.Name, clk)
		}
	}
}

// e2eScripted are the variants the tests above play in full.
var e2eScripted = map[string]bool{"chess": true, "chess960": true, "banchess": true, "shatranj": true,
	"draughts": true, "capablanca": true, "xiangqi": true, "janggi": true,
	"kingofthehill": true, "3check": true, "antichess": true, // TestBrowserRules
	"crazyhouse": true} // e2e_drops_test.go

// testOthers: every other game of the registry loads its board, plays
// one action a side, and ends by White's resignation.
func (e *e2e) testOthers(t *testing.T) {
	for _, v := range e.h.cfg.Registry.All() {
		if e2eScripted[v.Name] {
			continue
		}
		t.Run(v.Name, func(t *testing.T) {
			g := e.openGame(t, map[string]any{"variant": v.Name, "clock": map[string]any{"limit": 300, "increment": 3}}, false)
			for _, p := range g.pages() {
				if got := p.Attr("[data-board]", "data-variant"); got != v.Name {
					t.Errorf("%s: board of %q, want %q", p.Name, got, v.Name)
				}
			}
			for range 2 {
				g.act(e2eQuietAction(g.p), false)
			}
			e2eScreenshot(g.seats[0], v.Name)
			g.resign(variant.White)
			g.finished(statusResign, "black", v.SideName(variant.Black)+" wins", "resign") // janggi: "Han wins"
		})
	}
}

// e2eQuietAction picks an action to click: the first move between two ranks
// without promotion (pawns and knights come first in the generators'
// order), so the pictures look like a game's opening.
func e2eQuietAction(p variant.Position) string {
	legal := p.Legal()
	for _, a := range legal {
		s := p.Format(a, variant.Machine)
		sq, promo := e2eSquares(p.Variant(), s)
		if len(sq) == 2 && promo == "" && sq[0][1:] != sq[1][1:] {
			return s
		}
	}
	return p.Format(legal[0], variant.Machine)
}

// testLobby: the lobby with an open seek and live games, for the
// screenshot, and the lobby's error line on a bad FEN.
func (e *e2e) testLobby(t *testing.T) {
	seeker, _, p := e.players(t)
	e.openLobby(t, seeker)
	e2eChoose(seeker, "variant", "banchess")
	seeker.SetValue("[name=limit]", "5")
	seeker.SetValue("[name=increment]", "2")
	seeker.SetValue("[name=name]", "carol")
	seeker.Click(`[data-action="create"]`)
	e.waitBoard(t, seeker, "white")

	e.openLobby(t, p)
	p.Click(`[data-action="refresh"]`)
	p.WaitVisible(`[data-seek]`)
	e2eChoose(p, "variant", "capablanca")
	e2eScreenshot(p, "lobby")

	e2eChoose(p, "variant", "chess")
	p.SetValue("[name=fen]", "not a position")
	p.Click(`[data-action="create-both"]`)
	p.Wait("the lobby's error line", `document.querySelector('[data-error]').textContent.trim() !== ''`, "", 0)
	// The server answers 400 to the bad FEN: the browser logs the failed
	// request, which is the point of this step.
	p.Allow("400")
}

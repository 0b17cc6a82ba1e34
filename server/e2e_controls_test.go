package server

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/baten-chess/baten/internal/browsertest"
	"github.com/baten-chess/baten/variant"
)

// e2eAbandon is TestBrowserControls' Config.Abandon: short, so that a
// victory can be claimed within the test.
const e2eAbandon = 8 * time.Second

// TestBrowserControls drives the game page's controls in a real browser
// (the harness of TestBrowserClient): resignation and abort that ask to
// be confirmed, premoves (chess and Ban-Chess), the claim of victory
// enabled only once it can succeed, the rematch, the "New game" link,
// the lobby's clock fields, and what the page says when the server
// cannot be reached.
func TestBrowserControls(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests skipped in -short mode")
	}
	b := browsertest.Start(t)
	e := &e2e{t: t, h: newHarness(t, func(c *Config) { c.Abandon = e2eAbandon }), b: b, checked: map[string]bool{}}
	e.white, e.black, e.spectator = e.newPage(t, "white"), e.newPage(t, "black"), e.newPage(t, "spectator")

	t.Run("confirm", e.testConfirm)
	t.Run("premove", e.testPremove)
	t.Run("premove-banchess", e.testPremoveBanChess)
	t.Run("premove-draughts", e.testPremoveDraughts)
	t.Run("claim-victory", e.testClaimVictory)
	t.Run("rematch", e.testRematch)
	t.Run("new-game", e.testNewGame)
	t.Run("lobby-clock", e.testLobbyClock)
	t.Run("offline", e.testOffline)
}

// serverMoves returns the game's actions as the server has them.
func (g *e2eGame) serverMoves() string {
	g.t.Helper()
	return e2eDeref(g.e.h.game(g.id).Moves)
}

// played records an action the page plays by itself (a premove) and
// waits until every page shows it.
func (g *e2eGame) played(text string) {
	t := g.t
	t.Helper()
	a, err := g.p.Parse(text)
	if err != nil {
		t.Fatalf("action %s: %v", text, err)
	}
	machine := machineText(g.p, a)
	if g.p, err = g.p.Play(a); err != nil {
		t.Fatal(err)
	}
	g.plies++
	g.moves = append(g.moves, machine)
	g.waitPly("the premove " + machine)
	if got := g.serverMoves(); got != strings.Join(g.moves, " ") {
		t.Fatalf("server: moves %q, want %q", got, strings.Join(g.moves, " "))
	}
}

// unchanged checks, a while after the last action, that the server has
// the actions played so far and no more: nothing was sent behind the
// test's back.
func (g *e2eGame) unchanged(why string) {
	g.t.Helper()
	time.Sleep(500 * time.Millisecond)
	if got := g.serverMoves(); got != strings.Join(g.moves, " ") {
		g.t.Fatalf("%s: server has %q, want %q", why, got, strings.Join(g.moves, " "))
	}
}

// premoveShown reports whether p highlights the premove from→to.
func premoveShown(p *browsertest.Page, from, to string) bool {
	return browsertest.Eval[bool](p, fmt.Sprintf(`!!document.querySelector('[data-premove=%q]') && !!document.querySelector('[data-premove=%q]')`, from, to))
}

// waitNoPremove waits until p shows no premove.
func waitNoPremove(p *browsertest.Page) {
	p.T().Helper()
	p.Wait("no premove shown", `!document.querySelector('[data-premove]')`,
		`[...document.querySelectorAll('[data-premove]')].map(e => e.getAttribute('data-premove')).join(' ')`, 0)
}

// testConfirm: the first click on Resign (and on Abort) only asks
// "Confirm …?", which lapses after a few seconds; the second click acts.
func (e *e2e) testConfirm(t *testing.T) {
	g := e.openGame(t, map[string]any{"variant": "chess"}, false)
	b := g.seats[1]
	b.Click(`[data-action="abort"]`)
	b.WaitText(`[data-action="abort"]`, "confirm abort?", 0)
	g.unchanged("one click on Abort")
	if st := g.e.h.game(g.id).Status; st != statusCreated {
		t.Fatalf("after one click on Abort the game is %s", st)
	}
	b.Click(`[data-action="abort"]`)
	g.finished(statusAborted, "", "aborted")

	g = e.openGame(t, map[string]any{"variant": "chess"}, false)
	g.play("e2e4", "e7e5")
	w := g.seats[0]
	w.Click(`[data-action="resign"]`)
	w.WaitText(`[data-action="resign"]`, "confirm resign?", 0)
	if !w.Exists(`[data-action="resign"][data-confirm]`) {
		t.Error("the resign button asks to confirm without data-confirm")
	}
	g.unchanged("one click on Resign")
	w.Wait("the question to lapse", `(b => !b.hasAttribute('data-confirm') && b.textContent.trim() === 'Resign')(document.querySelector('[data-action="resign"]'))`,
		`document.querySelector('[data-action="resign"]').textContent`, 5*time.Second)
	if st := g.e.h.game(g.id).Status; st != statusStarted {
		t.Fatalf("a resignation not confirmed: the game is %s", st)
	}
	g.resign(variant.White)
	g.finished(statusResign, "black", "black wins", "resign")
}

// testPremove: on Black's turn White sets up a premove (clicks), played
// as soon as Black has moved; an illegal one (dragged) is dropped
// without a word; one cancelled by a right-click is not sent.
func (e *e2e) testPremove(t *testing.T) {
	g := e.openGame(t, map[string]any{"variant": "chess", "clock": map[string]any{"limit": 300, "increment": 0}}, false)
	w, b := g.seats[0], g.seats[1]
	g.play("e2e4")
	w.ClickSquare("g1")
	w.ClickSquare("f3")
	w.Wait("the premove g1-f3 shown", `document.querySelector('[data-premove="g1"]') && document.querySelector('[data-premove="f3"]')`, "", 0)
	e2eScreenshot(w, "premove")
	g.unchanged("a premove set up")
	if premoveShown(b, "g1", "f3") {
		t.Error("the opponent sees the premove")
	}
	g.input("e7e5", false)
	g.played("g1f3")
	waitNoPremove(w)

	w.Drag("d1", "d8") // the pawn on d2 is in the way
	w.Wait("the premove d1-d8 shown", `document.querySelector('[data-premove="d8"]')`, "", 0)
	g.act("b8c6", false)
	waitNoPremove(w)
	g.unchanged("an illegal premove")
	w.WaitStatus("white to move", 0)

	g.act("f1c4", false)
	w.ClickSquare("c4")
	w.ClickSquare("f7")
	w.Wait("the premove c4-f7 shown", `document.querySelector('[data-premove="f7"]')`, "", 0)
	browsertest.Eval[bool](w, `document.querySelector('[data-board]').dispatchEvent(new MouseEvent('contextmenu', {bubbles: true, cancelable: true}))`)
	waitNoPremove(w)
	g.act("g8f6", false)
	g.unchanged("a premove cancelled")
	// A premove from a square that holds none of one's own pieces is none.
	g.act("c4b3", false)
	w.ClickSquare("e5")
	w.ClickSquare("e4")
	if w.Exists("[data-premove]") {
		t.Error("a premove of the opponent's pawn")
	}
}

// testPremoveBanChess: White's premove is dropped when Black bans it;
// the next one waits through Black's move and ban, and is played when
// White is to move.
func (e *e2e) testPremoveBanChess(t *testing.T) {
	g := e.openGame(t, map[string]any{"variant": "banchess"}, false)
	w := g.seats[0]
	w.ClickSquare("e2")
	w.ClickSquare("e4")
	w.Wait("the premove e2-e4 shown", `document.querySelector('[data-premove="e4"]')`, "", 0)
	g.act("b:e2e4", false) // Black bans it
	waitNoPremove(w)
	g.unchanged("a banned premove")
	g.play("d2d4", "b:e7e5")
	w.ClickSquare("c2")
	w.ClickSquare("c4")
	w.Wait("the premove c2-c4 shown", `document.querySelector('[data-premove="c4"]')`, "", 0)
	g.act("g8f6", false) // Black moves, and bans next: White waits
	if !premoveShown(w, "c2", "c4") {
		t.Fatal("the premove went before Black's ban")
	}
	g.input("b:a2a3", false)
	g.played("c2c4")
}

// testPremoveDraughts: a draughts premove is a piece and its landing
// square, played when Black has moved.
func (e *e2e) testPremoveDraughts(t *testing.T) {
	g := e.openGame(t, map[string]any{"variant": "draughts"}, false)
	w := g.seats[0]
	g.waitStatus(0, "black to move")
	w.ClickSquare("22")
	w.ClickSquare("18")
	w.Wait("the premove 22-18 shown", `document.querySelector('[data-premove="22"]') && document.querySelector('[data-premove="18"]')`, "", 0)
	g.unchanged("a premove set up")
	g.input("11-15", false)
	g.played("22-18")
	waitNoPremove(w)
}

// testClaimVictory: "Claim victory" stays disabled while the opponent is
// connected; once the opponent leaves, the page counts down the time the
// server gives and enables it when the claim can succeed.
func (e *e2e) testClaimVictory(t *testing.T) {
	g := e.openGame(t, map[string]any{"variant": "chess"}, false)
	w, b := g.seats[0], g.seats[1]
	g.play("e2e4", "e7e5")
	claim := `[data-action="claim-victory"]`
	w.WaitVisible(claim)
	for range 3 {
		if !browsertest.Eval[bool](w, `document.querySelector('[data-action="claim-victory"]').disabled`) {
			t.Fatal("Claim victory is enabled while the opponent is connected")
		}
		if title := w.Attr(claim, "title"); !strings.Contains(title, "connected") {
			t.Errorf("the disabled claim's title %q does not say the opponent is connected", title)
		}
		time.Sleep(300 * time.Millisecond)
	}
	b.Navigate(e.h.hs.URL + "/") // Black leaves
	// The page asks for the position every 5 s: it learns of the
	// departure well before the claim is due.
	w.WaitText("[data-away]", "you may claim victory in", 10*time.Second)
	if !browsertest.Eval[bool](w, `document.querySelector('[data-action="claim-victory"]').disabled`) {
		t.Error("Claim victory is enabled before the opponent has been gone long enough")
	}
	w.Wait("Claim victory enabled", `!document.querySelector('[data-action="claim-victory"]').disabled`,
		`document.querySelector('[data-away]').textContent`, e2eAbandon+5*time.Second)
	w.Click(claim)
	g.waitServer(statusTimeout)
	w.WaitStatus("white wins", 0)
	if gv := e.h.game(g.id); gv.Winner != "white" {
		t.Errorf("the claim: winner %q, want white", gv.Winner)
	}
}

// testRematch: after the end, White offers a rematch; Black and the
// spectator see the offer, Black declines, White offers again and Black
// accepts: both players' pages move to the new game with the colours
// swapped, the spectator follows the link, and the rematch is played.
// The top bar still tells the connection after the end.
func (e *e2e) testRematch(t *testing.T) {
	g := e.openGame(t, map[string]any{"variant": "chess", "clock": map[string]any{"limit": 180, "increment": 2}}, true)
	w, b, s := g.seats[0], g.seats[1], g.watch
	g.play("e2e4", "e7e5")
	g.resign(variant.Black)
	g.finished(statusResign, "white", "white wins", "resign")
	for _, p := range g.pages() {
		p.Wait("the connection label after the end", `(e => e.dataset.connection === 'open' && e.textContent.trim() === 'connected')(document.querySelector('[data-connection]'))`,
			`document.querySelector('[data-connection]').outerHTML`, 0)
	}
	if s.Exists(`[data-action="rematch"]:not([hidden])`) {
		t.Error("the spectator has a rematch button")
	}
	rematch := `[data-action="rematch"]`
	w.Wait("Rematch enabled", `(b => b && !b.hidden && !b.disabled)(document.querySelector('[data-action="rematch"]'))`, "", 0)
	w.Click(rematch)
	w.WaitText("[data-rematch]", "waiting for your opponent", 0)
	b.WaitText("[data-rematch]", "your opponent offers a rematch", 0)
	b.WaitText(rematch, "accept rematch", 0)
	s.WaitText("[data-rematch]", "white offers a rematch", 0)
	e2eScreenshot(b, "rematch")
	b.Click(`[data-action="decline-rematch"]`)
	w.WaitText("[data-rematch]", "declined", 0)
	w.Wait("Rematch to offer again", `(b => !b.disabled && b.textContent.trim() === 'Rematch')(document.querySelector('[data-action="rematch"]'))`,
		`document.querySelector('[data-action="rematch"]').textContent`, 0)

	w.Click(rematch)
	b.WaitText(rematch, "accept rematch", 0)
	b.Click(rematch)
	b.Wait("black's page on the rematch as White", `location.pathname !== '/game/`+g.id+`' && document.body.dataset.seat === 'white'`,
		`location.pathname + ' ' + document.body.dataset.seat`, 0)
	w.Wait("white's page on the rematch as Black", `location.pathname !== '/game/`+g.id+`' && document.body.dataset.seat === 'black'`,
		`location.pathname + ' ' + document.body.dataset.seat`, 0)
	id := e2eGameID(t, b)
	if got := e2eGameID(t, w); got != id {
		t.Fatalf("the players went to %s and %s", id, got)
	}
	link := fmt.Sprintf(`a[data-link="rematch"][href="/game/%s"]`, id)
	s.WaitVisible(link)
	s.Click(link)
	// Wait for the new document: until it commits, the old one's board
	// would satisfy waitBoard and the new one's timing read as none.
	s.Wait("the spectator's page on the rematch", `location.pathname === '/game/`+id+`'`, `location.pathname`, 0)
	e.waitBoard(t, s, "")
	old, gv := e.h.game(g.id), e.h.game(id)
	if gv.White.Name != "bob" || gv.Black.Name != "alice" || gv.Clock == nil || *gv.Clock != *old.Clock || gv.InitialFEN != old.InitialFEN {
		t.Errorf("the rematch: white %q black %q clock %v from %s; want bob, alice, %v, %s",
			gv.White.Name, gv.Black.Name, gv.Clock, gv.InitialFEN, *old.Clock, old.InitialFEN)
	}
	r := e.newGame(t, id, "chess", gv.InitialFEN, b, w, s)
	r.play("d2d4", "d7d5")
}

// testNewGame: a finished game's "New game" opens the lobby with its
// game, clock and (set by hand) start position filled in.
func (e *e2e) testNewGame(t *testing.T) {
	const fen = "r3k3/8/8/8/8/8/4P3/R3K3 w - - 0 1"
	g := e.openGame(t, map[string]any{"variant": "shatranj", "fen": fen, "clock": map[string]any{"limit": 90, "increment": 1}}, false)
	g.play("e2e3")
	g.resign(variant.Black)
	g.finished(statusResign, "white", "white wins", "resign")
	w := g.seats[0]
	w.WaitVisible(`[data-action="new-game"]`)
	w.Wait("the link with the settings", `document.querySelector('[data-action="new-game"]').href.includes('fen=')`,
		`document.querySelector('[data-action="new-game"]').href`, 0)
	w.Click(`[data-action="new-game"]`)
	w.WaitVisible(`form[data-form="create"]`)
	w.Wait("the lobby filled in", `document.querySelector('[name=variant]').value === 'shatranj'`,
		`document.querySelector('[name=variant]').value`, 0)
	for field, want := range map[string]string{"limit": "1.5", "increment": "1", "fen": fen} {
		if got := browsertest.Eval[string](w, fmt.Sprintf(`document.querySelector('[name=%s]').value`, field)); got != want {
			t.Errorf("lobby %s %q, want %q", field, got, want)
		}
	}
}

// testLobbyClock: clock fields that hold no time control are refused in
// the lobby with a plain message, and no game is made; a time control
// the fields can hold goes to the server as typed, whose refusal shows.
func (e *e2e) testLobbyClock(t *testing.T) {
	_, _, p := e.players(t)
	count := func() int {
		t.Helper()
		code, out := e.h.do("GET", "/api/games", "", nil)
		if code != http.StatusOK {
			t.Fatalf("list games: %d %s", code, out)
		}
		return strings.Count(string(out), `"id"`)
	}
	e.openLobby(t, p)
	e2eChoose(p, "variant", "chess")
	before := count()
	for _, tc := range []struct {
		limit, increment, action, says string
	}{
		{"-5", "3", "create-both", "minutes"},
		{"-5", "3", "create", "minutes"},
		{"5", "-2", "create-both", "increment"},
	} {
		p.SetValue("[name=limit]", tc.limit)
		p.SetValue("[name=increment]", tc.increment)
		p.Click(fmt.Sprintf(`[data-action=%q]`, tc.action))
		p.WaitText("[data-error]", tc.says, 0)
		if got := browsertest.Eval[string](p, `location.pathname`); got != "/" {
			t.Fatalf("%s with %s+%s went to %s", tc.action, tc.limit, tc.increment, got)
		}
		if n := count(); n != before {
			t.Fatalf("%s with %s+%s made a game", tc.action, tc.limit, tc.increment)
		}
		if !p.Exists("[data-links][hidden]") {
			t.Errorf("%s with %s+%s shows links", tc.action, tc.limit, tc.increment)
		}
		p.SetValue("[name=limit]", "5")
		p.SetValue("[name=increment]", "3")
		p.Click(`[data-action="refresh"]`) // the error line stays until the next create
	}
	p.SetValue("[name=limit]", "20000") // longer than the server's week
	p.SetValue("[name=increment]", "0")
	p.Click(`[data-action="create-both"]`)
	p.WaitText("[data-error]", "clock", 0)
	if n := count(); n != before {
		t.Fatal("a refused clock made a game")
	}
	p.Allow("400") // the refused request, which the browser logs
}

// testOffline: with the server gone, the top bar says it cannot be
// reached, and a move is not sent and says so in plain words (not the
// browser's "Failed to fetch"); the board takes it back.
func (e *e2e) testOffline(t *testing.T) {
	h := newHarness(t, nil)
	off := &e2e{t: t, h: h, b: e.b, checked: e.checked}
	off.white, off.black, off.spectator = off.newPage(t, "white"), off.newPage(t, "black"), off.newPage(t, "spectator")
	g := off.openGame(t, map[string]any{"variant": "chess"}, false)
	g.play("e2e4")
	b := g.seats[1]
	for _, p := range g.seats {
		// What a browser logs for connections refused: the point here.
		for _, s := range []string{"WebSocket connection", "ERR_CONNECTION_REFUSED", "Failed to load resource"} {
			p.Allow(s)
		}
	}
	h.stop()
	b.WaitText("[data-connection]", "cannot reach the server, retrying", 10*time.Second)
	b.ClickSquare("e7")
	b.ClickSquare("e5")
	b.WaitText("[data-error]", "move not sent: the server cannot be reached", 0)
	if txt := strings.ToLower(b.Text("[data-error]")); strings.Contains(txt, "fetch") {
		t.Errorf("the error line says %q", txt)
	}
	b.Wait("the pawn back on e7", `document.querySelector('[data-piece="p"][data-at="e7"]') && !document.querySelector('[data-at="e5"]')`, "", 0)
}

package server

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/baten-chess/baten/store"
	"github.com/baten-chess/baten/variant"
)

// TestWebSocketResume: a spectator leaves after version 2, two actions
// are played, and on reconnecting with its last version it gets exactly
// the two events it missed, "resumed", then the live ones.
func TestWebSocketResume(t *testing.T) {
	h := newHarness(t, nil)
	cr := h.create(map[string]any{"variant": "chess"})
	w := h.dialWS(cr.ID, "", 0)
	if m := w.next(); m["t"] != "full" || num(m["version"]) != 0 {
		t.Fatal(m)
	}
	h.move(cr.ID, cr.White.Token, "e2e4")
	h.move(cr.ID, cr.Black.Token, "e7e5")
	w.until("event")
	if m := w.until("event"); num(m["version"]) != 2 {
		t.Fatal(m)
	}
	w.c.CloseNow()
	h.move(cr.ID, cr.White.Token, "g1f3")
	h.move(cr.ID, cr.Black.Token, "b8c6")

	w = h.dialWS(cr.ID, "", 2)
	for _, want := range []string{"g1f3", "b8c6"} {
		m := w.next()
		if m["t"] != "event" || m["text"] != want {
			t.Fatalf("resumed with %v, want the event %s", m, want)
		}
	}
	if m := w.next(); m["t"] != "resumed" || num(m["version"]) != 4 {
		t.Fatalf("after the missed events %v, want resumed at version 4", m)
	}
	h.move(cr.ID, cr.White.Token, "f1c4")
	if m := w.next(); m["t"] != "event" || num(m["version"]) != 5 || m["color"] != "white" {
		t.Fatal(m)
	}
	// A player resumes too, and acts: the ack carries the new version.
	b := h.dialWS(cr.ID, cr.Black.Token, 5)
	if m := b.next(); m["t"] != "resumed" || num(m["version"]) != 5 || m["seat"] != "black" {
		t.Fatalf("up to date: %v, want resumed at version 5 as black", m)
	}
	if m := b.act("g8f6"); m["t"] != "ack" || num(m["version"]) != 6 {
		t.Fatal(m)
	}
	if m := b.act("a7a6"); m["t"] != "error" || !strings.Contains(m["error"].(string), "turn") {
		t.Fatal(m)
	}
	// A version from the future, or one too old for memory: the full game.
	if m := h.dialWS(cr.ID, "", 99).next(); m["t"] != "full" || num(m["version"]) != 6 {
		t.Fatal(m)
	}
}

// TestWebSocketHostile: a bad hello, a bad token and junk messages get
// errors; the server stays up.
func TestWebSocketHostile(t *testing.T) {
	h := newHarness(t, nil)
	cr := h.create(map[string]any{"variant": "chess"})
	w := h.dialWS(cr.ID, "not-a-token", 0)
	if m := w.next(); m["t"] != "error" {
		t.Fatal(m)
	}
	w = h.dialWS(cr.ID, cr.White.Token, 0)
	w.next()
	w.send(map[string]any{"t": "dance"})
	if m := w.next(); m["t"] != "error" || !strings.Contains(m["error"].(string), "dance") {
		t.Fatal(m)
	}
	if m := w.act("e2e5"); m["t"] != "error" {
		t.Fatal(m)
	}
	w.send(map[string]any{"t": "ping"})
	if m := w.next(); m["t"] != "pong" {
		t.Fatal(m)
	}
	if code, _ := h.do("GET", "/healthz", "", nil); code != http.StatusOK {
		t.Fatal(code)
	}
}

// TestRestartKeepsGamesAndClocks: a graceful stop and a new server over
// the same database: the game continues, its clock charged for the time
// the server was down, and a stream resumes.
func TestRestartKeepsGamesAndClocks(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.LagCompensation = -1 })
	cr := h.create(map[string]any{"variant": "banchess", "clock": map[string]any{"limit": 60, "increment": 1}})
	for _, m := range []struct {
		tok, a string
	}{{cr.Black.Token, "b:a2a3"}, {cr.White.Token, "e2e4"}, {cr.White.Token, "b:a7a6"}, {cr.Black.Token, "e7e5"}} {
		h.move(cr.ID, m.tok, m.a)
	}
	before := h.game(cr.ID)
	h.restart()
	time.Sleep(300 * time.Millisecond)
	after := h.game(cr.ID)
	if *after.Moves != *before.Moves || *after.Version != 4 || after.Status != statusStarted {
		t.Fatalf("after restart %+v", after)
	}
	// Black bans now: its clock ran during the restart.
	if d := *before.BTime - *after.BTime; d < 250 {
		t.Fatalf("Black's clock moved %d ms across a 300 ms downtime", d)
	}
	lines, stop := h.stream("/api/board/game/stream/"+cr.ID, "")
	defer stop()
	if m := next(t, lines, 5*time.Second); m["type"] != "gameFull" {
		t.Fatal(m)
	}
	h.move(cr.ID, cr.Black.Token, "b:d2d4")
	if m := next(t, lines, 5*time.Second); m["moves"] != "b:a2a3 e2e4 b:a7a6 e7e5 b:d2d4" {
		t.Fatal(m)
	}
}

// TestSeeksAndEventStream: a seek, the lobby, accepting it (once), and
// the event stream's gameStart and gameFinish.
func TestSeeksAndEventStream(t *testing.T) {
	h := newHarness(t, nil)
	code, out := h.do("POST", "/api/seeks", "", map[string]any{"variant": "shatranj", "color": "white", "name": "alice",
		"clock": map[string]any{"limit": 180, "increment": 2}})
	if code != http.StatusCreated {
		t.Fatalf("%d %s", code, out)
	}
	var seek seekResponse
	json.Unmarshal(out, &seek)
	ev, stop := h.stream("/api/stream/event", seek.Token)
	defer stop()
	_, out = h.do("GET", "/api/seeks", "", nil)
	var open []seekView
	json.Unmarshal(out, &open)
	if len(open) != 1 || open[0].ID != seek.ID || open[0].Color != "black" || open[0].Name != "alice" {
		t.Fatalf("lobby %s", out)
	}
	if code, _ := h.do("POST", "/api/board/game/"+seek.ID+"/move/e2e3", seek.Token, nil); code != 400 {
		t.Fatalf("a move before the opponent came: %d", code)
	}
	code, out = h.do("POST", "/api/seeks/"+seek.ID+"/accept", "", map[string]any{"name": "bob"})
	if code != http.StatusOK {
		t.Fatalf("%d %s", code, out)
	}
	var joined seekResponse
	json.Unmarshal(out, &joined)
	if code, _ := h.do("POST", "/api/seeks/"+seek.ID+"/accept", "", nil); code != http.StatusConflict {
		t.Fatalf("second accept: %d", code)
	}
	if m := next(t, ev, 5*time.Second); m["type"] != "gameStart" || m["game"].(map[string]any)["isMyTurn"] != true {
		t.Fatal(m)
	}
	h.move(seek.ID, seek.Token, "e2e3")
	h.do("POST", "/api/board/game/"+seek.ID+"/resign", joined.Token, nil)
	if m := next(t, ev, 5*time.Second); m["type"] != "gameFinish" || m["game"].(map[string]any)["winner"] != "white" {
		t.Fatal(m)
	}
	if gv := h.game(seek.ID); gv.White.Name != "alice" || gv.Black.Name != "bob" {
		t.Fatalf("%+v", gv)
	}
	_, out = h.do("GET", "/api/games?player=bob", "", nil)
	var list []gameView
	json.Unmarshal(out, &list)
	if len(list) != 1 || list[0].ID != seek.ID || list[0].Status != statusResign {
		t.Fatalf("list %s", out)
	}
}

// TestRecords: the PGN of a finished Ban-Chess game has its Variant tag,
// bans as comments and %clk; a draughts game is PDN.
func TestRecords(t *testing.T) {
	h := newHarness(t, nil)
	cr := h.create(map[string]any{"variant": "banchess", "clock": map[string]any{"limit": 300, "increment": 3}})
	for _, m := range []struct{ tok, a string }{{cr.Black.Token, "b:a2a3"}, {cr.White.Token, "e2e4"},
		{cr.White.Token, "b:a7a6"}, {cr.Black.Token, "f7f6"}, {cr.Black.Token, "b:a2a3"}, {cr.White.Token, "d1h5"},
		{cr.White.Token, "b:g7g6"}} {
		h.move(cr.ID, m.tok, m.a)
	}
	code, out := h.do("GET", "/api/games/"+cr.ID+".pgn", "", nil)
	pgnText := string(out)
	for _, want := range []string{`[Variant "Ban Chess"]`, "{banning: a2a3}", "[%clk 0:05:0", `[Result "1-0"]`, "Qh5+", `[TimeControl "300+3"]`} {
		if code != 200 || !strings.Contains(pgnText, want) {
			t.Fatalf("PGN lacks %q:\n%s", want, pgnText)
		}
	}
	if code, _ := h.do("GET", "/api/games/"+cr.ID+".pdn", "", nil); code != 404 {
		t.Fatalf("PDN of chess: %d", code)
	}
	d := h.create(map[string]any{"variant": "draughts", "fen": "B:WK1,17,25:B13"})
	h.move(d.ID, d.Black.Token, "13x22x29")
	h.do("POST", "/api/board/game/"+d.ID+"/resign", d.White.Token, nil)
	code, out = h.do("GET", "/api/games/"+d.ID+".pdn", "", nil)
	if code != 200 || !strings.Contains(string(out), "13x22x29") || !strings.Contains(string(out), "2-0") {
		t.Fatalf("PDN: %d\n%s", code, out)
	}
}

// TestMetricsAndHealth: /metrics is Prometheus text with the server's
// gauges and counters.
func TestMetricsAndHealth(t *testing.T) {
	h := newHarness(t, nil)
	cr := h.create(map[string]any{"variant": "chess"})
	h.move(cr.ID, cr.White.Token, "e2e4")
	code, out := h.do("GET", "/metrics", "", nil)
	for _, want := range []string{"baten_games_live 1", "baten_actions_total 1", `baten_action_seconds_bucket{le="+Inf"} 1`, "baten_websockets 0"} {
		if code != 200 || !strings.Contains(string(out), want) {
			t.Fatalf("metrics lack %q:\n%s", want, out)
		}
	}
}

// TestPanicRecovery: a panicking handler answers 500 and the server
// carries on.
func TestPanicRecovery(t *testing.T) {
	h := newHarness(t, nil)
	rec := h.srv.recoverer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") }))
	rw := httptest.NewRecorder()
	rec.ServeHTTP(rw, httptest.NewRequest("GET", "/", nil))
	if rw.Code != 500 {
		t.Fatal(rw.Code)
	}
	if code, _ := h.do("GET", "/healthz", "", nil); code != 200 {
		t.Fatal(code)
	}
}

// TestUnavailableUntilRestored: before Restore, the API answers 503 with
// Retry-After (a reconnecting client must not hear that its live game is
// unknown), and /healthz 503; after it, both serve.
func TestUnavailableUntilRestored(t *testing.T) {
	st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "b.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv, err := New(Config{Store: st, Registry: variant.Builtin(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	get := func(path string) *httptest.ResponseRecorder {
		rw := httptest.NewRecorder()
		srv.Handler().ServeHTTP(rw, httptest.NewRequest("GET", path, nil))
		return rw
	}
	for _, path := range []string{"/healthz", "/api/games/abcdefgh", "/api/seeks"} {
		rw := get(path)
		if rw.Code != http.StatusServiceUnavailable {
			t.Errorf("%s before Restore: %d %s", path, rw.Code, rw.Body)
		}
		if path != "/healthz" && rw.Header().Get("Retry-After") == "" {
			t.Errorf("%s before Restore: no Retry-After", path)
		}
	}
	if err := srv.Restore(context.Background()); err != nil {
		t.Fatal(err)
	}
	if rw := get("/healthz"); rw.Code != 200 {
		t.Errorf("/healthz after Restore: %d", rw.Code)
	}
	if rw := get("/api/seeks"); rw.Code != 200 {
		t.Errorf("/api/seeks after Restore: %d %s", rw.Code, rw.Body)
	}
}

// TestStoreAheadOfGame: a server killed while committing an event may
// have the database commit it only after its successor loaded the game.
// The event is put in the store behind the server's back, as such a late
// commit is; the next request finds the store ahead, and the game
// catches up instead of refusing every request as a conflict for ever.
func TestStoreAheadOfGame(t *testing.T) {
	h := newHarness(t, nil)
	// behind plays e2e4 e7e5, then stores White's g1f3 behind the
	// server's back, with a spectator watching.
	behind := func(t *testing.T) (createResponse, *wsClient) {
		h := h.with(t)
		cr := h.create(map[string]any{"variant": "chess"})
		h.move(cr.ID, cr.White.Token, "e2e4")
		h.move(cr.ID, cr.Black.Token, "e7e5")
		w := h.dialWS(cr.ID, "", 2)
		if m := w.next(); m["t"] != "resumed" {
			t.Fatal(m)
		}
		e := store.Event{Seq: 3, Kind: kindAction, Color: store.White, Text: "g1f3", At: time.Now()}
		if err := h.st.Append(context.Background(), cr.ID, e, nil); err != nil {
			t.Fatal(err)
		}
		return cr, w
	}
	// caughtUp checks that the game went on from the stored event: the
	// spectator saw it, Black's answer is accepted.
	caughtUp := func(t *testing.T, cr createResponse, w *wsClient) {
		h := h.with(t)
		if m := w.until("event"); m["text"] != "g1f3" || num(m["version"]) != 3 {
			t.Fatalf("spectator got %v, want the stored g1f3 at version 3", m)
		}
		h.move(cr.ID, cr.Black.Token, "b8c6")
		if gv := h.game(cr.ID); *gv.Moves != "e2e4 e7e5 g1f3 b8c6" || *gv.Version != 4 {
			t.Fatalf("moves %q version %d, want e2e4 e7e5 g1f3 b8c6 at version 4", *gv.Moves, *gv.Version)
		}
	}

	t.Run("retried", func(t *testing.T) {
		// White sends the stored move again (its first try's answer was
		// lost with the dead server): done, at the store's version.
		cr, w := behind(t)
		wh := h.with(t).dialWS(cr.ID, cr.White.Token, 2)
		if m := wh.next(); m["t"] != "resumed" {
			t.Fatal(m)
		}
		if m := wh.act("g1f3"); m["t"] != "ack" || num(m["version"]) != 3 {
			t.Fatalf("retried g1f3: %v, want an ack at version 3", m)
		}
		caughtUp(t, cr, w)
	})
	t.Run("turn passed", func(t *testing.T) {
		// White sends another move: it is Black's turn now.
		cr, w := behind(t)
		code, out := h.with(t).do("POST", "/api/board/game/"+cr.ID+"/move/d2d4", cr.White.Token, nil)
		if code != http.StatusBadRequest || !strings.Contains(string(out), "not your turn") {
			t.Fatalf("d2d4 after the stored g1f3: %d %s, want 400 not your turn", code, out)
		}
		caughtUp(t, cr, w)
	})
}

package server

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/baten-chess/baten/store"
)

// TestTimeForfeitByServerTimer: nobody sends anything after Black's
// first move, and the server's own timer ends the game when White's
// 0.3 s run out; the spectator's stream shows it.
func TestTimeForfeitByServerTimer(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.LagCompensation = -1 })
	cr := h.create(map[string]any{"variant": "chess", "clock": map[string]any{"limit": 0.3, "increment": 0}})
	lines, stop := h.stream("/api/board/game/stream/"+cr.ID, "")
	defer stop()
	next(t, lines, 5*time.Second)
	h.move(cr.ID, cr.White.Token, "e2e4") // first moves are free
	h.move(cr.ID, cr.Black.Token, "e7e5")
	start := time.Now()
	var last map[string]any
	for last = next(t, lines, 5*time.Second); last["status"] == statusStarted; last = next(t, lines, 5*time.Second) {
	}
	if waited := time.Since(start); waited < 250*time.Millisecond {
		t.Fatalf("flag after %v", waited)
	}
	if last["status"] != statusOutTime || last["winner"] != "black" || last["wtime"] != 0.0 {
		t.Fatalf("final state %v", last)
	}
	if code, _ := h.do("POST", "/api/board/game/"+cr.ID+"/move/g1f3", cr.White.Token, nil); code != 400 {
		t.Fatalf("a move after the flag: %d", code)
	}
}

// TestTimeForfeitDraw: the flag falls against a side whose opponent has
// a bare king: a draw.
func TestTimeForfeitDraw(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.LagCompensation = -1 })
	cr := h.create(map[string]any{"variant": "chess", "fen": "k7/8/8/8/8/8/7Q/K7 w - - 0 1",
		"clock": map[string]any{"limit": 0.2}})
	h.move(cr.ID, cr.White.Token, "h2h3")
	h.move(cr.ID, cr.Black.Token, "a8a7")
	h.move(cr.ID, cr.White.Token, "h3h4") // now Black's clock runs, and Black cannot win
	deadline := time.Now().Add(5 * time.Second)
	for h.game(cr.ID).Status == statusStarted && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if gv := h.game(cr.ID); gv.Status != statusOutTime || gv.Winner != "white" {
		t.Fatalf("%s %q", gv.Status, gv.Winner)
	}
	cr = h.create(map[string]any{"variant": "chess", "fen": "k7/8/8/8/8/8/7Q/K7 w - - 0 1",
		"clock": map[string]any{"limit": 0.2}})
	h.move(cr.ID, cr.White.Token, "h2h3")
	h.move(cr.ID, cr.Black.Token, "a8a7") // White's clock runs; Black cannot mate: a draw
	deadline = time.Now().Add(5 * time.Second)
	for h.game(cr.ID).Status == statusStarted && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if gv := h.game(cr.ID); gv.Status != statusOutTime || gv.Winner != "" {
		t.Fatalf("%s %q", gv.Status, gv.Winner)
	}
}

// TestNoStart: a game whose first action does not come in time is
// aborted with status noStart.
func TestNoStart(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.StartTimeout = 100 * time.Millisecond })
	cr := h.create(map[string]any{"variant": "chess"})
	ev, stop := h.stream("/api/stream/event", cr.White.Token)
	defer stop()
	if m := next(t, ev, 5*time.Second); m["type"] != "gameStart" {
		t.Fatal(m)
	}
	if m := next(t, ev, 5*time.Second); m["type"] != "gameFinish" {
		t.Fatal(m)
	}
	if gv := h.game(cr.ID); gv.Status != statusNoStart {
		t.Fatal(gv.Status)
	}
}

// TestClocksCharge: the first actions are free, later ones are charged,
// with the increment added after each.
func TestClocksCharge(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.LagCompensation = -1 })
	cr := h.create(map[string]any{"variant": "chess", "clock": map[string]any{"limit": 60, "increment": 2}})
	h.move(cr.ID, cr.White.Token, "e2e4")
	h.move(cr.ID, cr.Black.Token, "e7e5")
	gv := h.game(cr.ID)
	if *gv.WTime > 62000 || *gv.WTime < 61000 || *gv.BTime != 62000 {
		t.Fatalf("after the first moves: %d %d", *gv.WTime, *gv.BTime)
	}
	time.Sleep(200 * time.Millisecond)
	h.move(cr.ID, cr.White.Token, "g1f3")
	gv = h.game(cr.ID)
	if w := *gv.WTime; w > 64000-200 || w < 64000-2000 {
		t.Fatalf("White's clock %d after 0.2 s", w)
	}
}

// TestClockBounds: a time control is checked after it is rounded to the
// millisecond, so a limit under half a millisecond (which would round
// to none: a timed game whose flag can never fall) is refused, as are
// negative, missing, NaN and huge values; a limit that rounds to 1 ms is
// a real clock, and its game ends on time.
func TestClockBounds(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.LagCompensation = -1 })
	for _, body := range []string{
		`{"variant":"chess","clock":{"limit":0.0004}}`,
		`{"variant":"chess","clock":{"limit":0.0004999,"increment":5}}`,
		`{"variant":"chess","clock":{"limit":0}}`,
		`{"variant":"chess","clock":{}}`,
		`{"variant":"chess","clock":{"limit":-1}}`,
		`{"variant":"chess","clock":{"limit":-0.0001}}`,
		`{"variant":"chess","clock":{"limit":NaN}}`,
		`{"variant":"chess","clock":{"limit":"300"}}`,
		`{"variant":"chess","clock":{"limit":1e308}}`,
		`{"variant":"chess","clock":{"limit":1e400}}`,
		`{"variant":"chess","clock":{"limit":604800.001}}`,
		`{"variant":"chess","clock":{"limit":60,"increment":-1}}`,
		`{"variant":"chess","clock":{"limit":60,"increment":-0.0001}}`,
		`{"variant":"chess","clock":{"limit":60,"increment":86400.5}}`,
		`{"variant":"chess","clock":{"limit":60,"increment":1e300}}`,
	} {
		for _, path := range []string{"/api/games", "/api/seeks"} {
			code, out := h.do("POST", path, "", body)
			if code != http.StatusBadRequest || !strings.Contains(string(out), `"error"`) {
				t.Errorf("POST %s %s: %d %s; want 400", path, body, code, out)
			}
		}
	}
	for _, tc := range []struct {
		body        string
		limit, incr int64
	}{
		{`{"variant":"chess","clock":{"limit":0.0005}}`, 1, 0},
		{`{"variant":"chess","clock":{"limit":604800,"increment":0.0004}}`, 604800000, 0},
		{`{"variant":"chess","clock":{"limit":60,"increment":86400}}`, 60000, 86400000},
	} {
		cr := h.create(tc.body)
		if c := h.game(cr.ID).Clock; c == nil || c.Initial != tc.limit || c.Increment != tc.incr {
			t.Errorf("%s: clock %+v, want %d+%d ms", tc.body, c, tc.limit, tc.incr)
		}
	}
	// The 1 ms game: after the free first moves White's flag falls.
	cr := h.create(`{"variant":"chess","clock":{"limit":0.0005}}`)
	h.move(cr.ID, cr.White.Token, "e2e4")
	h.move(cr.ID, cr.Black.Token, "e7e5")
	deadline := time.Now().Add(5 * time.Second)
	for h.game(cr.ID).Status == statusStarted && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if gv := h.game(cr.ID); gv.Status != statusOutTime || gv.Winner != "black" {
		t.Fatalf("a 1 ms game: %s %q", gv.Status, gv.Winner)
	}
}

// TestZeroClockGameRepaired: a game stored with a clock of 0 ms (as the
// server accepted before limits were checked after rounding) loads as an
// untimed game and can be played and finished, instead of refusing every
// request because its flag "did not fall".
func TestZeroClockGameRepaired(t *testing.T) {
	h := newHarness(t, nil)
	hdr := store.Game{ID: "ZeroClk1", Variant: "chess", StartFEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		Clock: &store.Clock{}, Status: statusCreated, Created: time.Now()}
	var toks [2]string
	for seat := range hdr.Seats {
		var hash []byte
		toks[seat], hash = newToken()
		hdr.Seats[seat] = store.Seat{TokenHash: hash, Address: "127.0.0.1"}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := h.st.CreateGame(ctx, hdr); err != nil {
		t.Fatal(err)
	}
	h.restart() // the server loads it from the store, as after an upgrade
	h.move(hdr.ID, toks[0], "e2e4")
	h.move(hdr.ID, toks[1], "e7e5")
	time.Sleep(DefaultLagCompensation + 50*time.Millisecond) // past a 0 ms clock and the lag allowance
	h.move(hdr.ID, toks[0], "g1f3")
	h.restart()
	h.move(hdr.ID, toks[1], "b8c6")
	gv := h.game(hdr.ID)
	if gv.Clock != nil || gv.WTime != nil || gv.Status != statusStarted || *gv.Moves != "e2e4 e7e5 g1f3 b8c6" {
		t.Fatalf("the repaired game: clock %+v wtime %v status %s moves %q", gv.Clock, gv.WTime, gv.Status, *gv.Moves)
	}
	if code, out := h.do("POST", "/api/board/game/"+hdr.ID+"/resign", toks[0], nil); code != http.StatusOK {
		t.Fatalf("resign: %d %s", code, out)
	}
	if gv := h.game(hdr.ID); gv.Status != statusResign || gv.Winner != "black" {
		t.Fatalf("after resigning: %s %q", gv.Status, gv.Winner)
	}
}

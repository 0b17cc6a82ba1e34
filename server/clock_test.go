package server

import (
	"testing"
	"time"
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

package uci

import (
	"strconv"
	"testing"
	"time"
)

const e4e5FEN = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"

// TestStopFollowsGo: stop and ponderhit apply to the search they follow,
// even when they come with its position and go in one write, within a
// millisecond of the bestmove of a search that ended by its own limit
// (issue 44: the stop went to the search just finished, the new one never
// stopped, and python-chess's engine.play(…, ponder=True) timed out). A
// stop with no search running is ignored; isready is answered at once.
// The race depends on scheduling: each case is tried many times.
func TestStopFollowsGo(t *testing.T) {
	cases := []struct {
		name, cmds string
		ready      bool // a readyok comes before the bestmove
	}{
		{"go infinite, stop", "go infinite\nstop", false},
		{"go ponder, stop", "go ponder\nstop", false},
		{"go ponder, ponderhit", "go ponder movetime 20\nponderhit", false},
		{"go infinite, isready, stop", "go infinite\nisready\nstop", true},
	}
	const trials = 25
	h := start(t)
	for i := range trials {
		for _, c := range cases {
			h.send("position startpos moves e2e4")
			h.send("go movetime 20")
			if m, _ := bestmove(h.expect("bestmove")); !legalIn(t, e4FEN, m) {
				t.Fatalf("%s, trial %d: the movetime search answered %q, not a Black move after e4", c.name, i, m)
			}
			// One write, sent as soon as the bestmove is read: the loop
			// may not have seen its search end yet.
			h.send("position startpos moves e2e4 e7e5\n" + c.cmds)
			got := h.expectWithin("bestmove", 10*time.Second)
			if m, _ := bestmove(got); !legalIn(t, e4e5FEN, m) {
				t.Fatalf("%s, trial %d: answered %q, not a White move after e4 e5: %q", c.name, i, m, got)
			}
			if c.ready && !has(got, "readyok") {
				t.Fatalf("%s, trial %d: no readyok before the bestmove: %q", c.name, i, got)
			}
		}
	}
	// A stop with no search running is ignored: no bestmove.
	h.send("stop")
	h.send("isready")
	if got := h.expect("readyok"); has(got, "bestmove") {
		t.Fatalf("stop without a search answered: %q", got)
	}
	h.quiet("bestmove", 200*time.Millisecond)
	h.send("quit")
	select {
	case err := <-h.done:
		if err != nil {
			t.Errorf("Run: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("quit did not end Run")
	}
}

// TestStopAfterQueuedGo: a stop sent after a queued go ends that go's
// search, not the finite one still running, which completes its depth.
// Before, the stop cut the running search short and the queued "go
// infinite" never answered.
func TestStopAfterQueuedGo(t *testing.T) {
	h := start(t)
	h.send("position startpos moves e2e4")
	h.send("go depth 12\nposition startpos moves e2e4 e7e5\ngo infinite\nstop")
	first := h.expect("bestmove")
	if m, _ := bestmove(first); !legalIn(t, e4FEN, m) || !has(first, "info depth 12 ") {
		t.Errorf("the depth-12 search was not left to finish: %q", first)
	}
	second := h.expectWithin("bestmove", 10*time.Second)
	if m, _ := bestmove(second); !legalIn(t, e4e5FEN, m) {
		t.Errorf("the queued go infinite answered %q, not a White move after e4 e5", m)
	}
	h.send("quit")
}

// TestPonderHitStaysWithItsSearch: a ponderhit that comes after a ponder
// search ended by its own limit (go ponder depth 1) does not reach the
// next ponder search: that one ponders until its own ponderhit. Before,
// the hit stayed in the engine and the next "go ponder movetime 300"
// counted its time from it, stopping after its first iteration.
func TestPonderHitStaysWithItsSearch(t *testing.T) {
	h := start(t)
	h.send("position startpos moves e2e4")
	h.send("go ponder depth 1")
	time.Sleep(100 * time.Millisecond) // the depth-1 search has ended, waiting for ponderhit
	h.send("ponderhit")
	h.expect("bestmove")
	time.Sleep(400 * time.Millisecond) // longer than the next search's movetime
	h.send("go ponder movetime 300")
	got := h.quiet("bestmove", time.Second)
	deepest := 0
	for _, l := range infoLines(got) {
		if d, err := strconv.Atoi(field(l, "depth")); err == nil {
			deepest = max(deepest, d)
		}
	}
	if deepest < 5 {
		t.Errorf("the ponder search stopped at depth %d before its ponderhit: %q", deepest, got)
	}
	h.send("ponderhit")
	if m, _ := bestmove(h.expectWithin("bestmove", 5*time.Second)); !legalIn(t, e4FEN, m) {
		t.Errorf("after ponderhit: %q, not a Black move after e4", m)
	}
	h.send("quit")
}

package game

import (
	"testing"
	"time"

	"github.com/baten-chess/baten/variant"
)

// fakeClock is a time source tests move by hand.
type fakeClock struct{ t time.Time }

func newFakeClock() *fakeClock { return &fakeClock{t: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)} }

func (c *fakeClock) now() time.Time          { return c.t }
func (c *fakeClock) advance(d time.Duration) { c.t = c.t.Add(d) }

func TestClockIncrement(t *testing.T) {
	clock := newFakeClock()
	g := New(mustPosition(t, "chess", ""), WithClock(TimeControl{Base: time.Minute, Increment: 2 * time.Second}, clock.now))
	clock.advance(10 * time.Second)
	if left, _ := g.Remaining(variant.White); left != 50*time.Second {
		t.Fatalf("White's running clock: %v", left)
	}
	mustPlay(t, g, "e4")
	clock.advance(3 * time.Second)
	mustPlay(t, g, "e5")
	w, _ := g.Remaining(variant.White)
	b, _ := g.Remaining(variant.Black)
	if w != 52*time.Second || b != 59*time.Second {
		t.Fatalf("clocks %v / %v, want 52s / 59s", w, b)
	}
	if _, err := New(mustPosition(t, "chess", "")).Remaining(variant.White); err != ErrNoClock {
		t.Fatalf("no clock: %v", err)
	}
}

// TestTimeForfeit: a flag fall loses, except when the opponent could not
// win by any legal sequence (a lone king in chess): then it is a draw.
func TestTimeForfeit(t *testing.T) {
	tests := []struct {
		v    string
		fen  string
		want variant.Outcome
	}{
		{"chess", "", variant.Outcome{Winner: variant.Black, Reason: variant.TimeForfeit}},
		{"chess", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", variant.Outcome{Draw: true, Reason: variant.TimeForfeit}},
		// A lone knight cannot mate against a queen: Black's flag draws.
		{"chess", "4k3/8/8/7q/8/8/8/N3K3 b - - 0 1", variant.Outcome{Draw: true, Reason: variant.TimeForfeit}},
		{"chess", "4k3/8/8/8/8/8/8/R3K3 b - - 0 1", variant.Outcome{Winner: variant.White, Reason: variant.TimeForfeit}},
		// A lone bishop mates with a ban in Ban-Chess: the flag loses.
		// (Ply 4: Black moves; ply 1: Black bans; ply 2: White moves.)
		{"banchess", "4k3/8/8/8/8/8/8/B3K3 b - - 0 1 4", variant.Outcome{Winner: variant.White, Reason: variant.TimeForfeit}},
		{"banchess", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 1", variant.Outcome{Winner: variant.White, Reason: variant.TimeForfeit}},
		{"banchess", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 2", variant.Outcome{Draw: true, Reason: variant.TimeForfeit}},
		{"draughts", "", variant.Outcome{Winner: variant.White, Reason: variant.TimeForfeit}},
		{"draughts", "W:WK18:BK3,K4", variant.Outcome{Winner: variant.Black, Reason: variant.TimeForfeit}},
		{"shatranj", "4k2r/8/8/8/8/8/8/R2K4 w - - 0 1", variant.Outcome{Winner: variant.Black, Reason: variant.TimeForfeit}},
		// White's only legal move is Kxg5, which bares Black for good:
		// Black can never win (shatranj.Position.CanWin proves it), so
		// White's flag is a draw although White could still win.
		{"shatranj", "8/8/8/6r1/7K/k6P/8/8 w - - 0 1", variant.Outcome{Draw: true, Reason: variant.TimeForfeit}},
	}
	for _, tt := range tests {
		clock := newFakeClock()
		g := New(mustPosition(t, tt.v, tt.fen), WithClock(TimeControl{Base: time.Second}, clock.now))
		if _, fell := g.Flag(); fell {
			t.Fatal("flag fell with time left")
		}
		clock.advance(time.Second)
		err := g.Play(g.Position().Legal()[0])
		if err == nil {
			t.Fatalf("%v: a move after the flag fell was accepted", tt.v)
		}
		if o, over := g.Outcome(); !over || o != tt.want {
			t.Errorf("%v %q: %v, want %v", tt.v, tt.fen, o, tt.want)
		}
	}
}

func TestParseTimeControl(t *testing.T) {
	for text, want := range map[string]TimeControl{
		"300+3":   {5 * time.Minute, 3 * time.Second},
		"60":      {time.Minute, 0},
		"5m+3s":   {5 * time.Minute, 3 * time.Second},
		"0.5+0.1": {500 * time.Millisecond, 100 * time.Millisecond},
	} {
		got, err := ParseTimeControl(text)
		if err != nil || got != want {
			t.Errorf("ParseTimeControl(%q) = %v, %v", text, got, err)
		}
		if again, err := ParseTimeControl(got.String()); err != nil || again != got {
			t.Errorf("%q: String %q does not read back", text, got.String())
		}
	}
	for _, bad := range []string{"", "+3", "0", "-5", "5+-1", "abc", "1e300", "700000h", "5m+300000h"} {
		if _, err := ParseTimeControl(bad); err == nil {
			t.Errorf("ParseTimeControl(%q) accepted", bad)
		}
	}
}

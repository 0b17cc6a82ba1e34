package game

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// TimeControl is a Fischer time control: each side starts with Base and
// gains Increment after each of its actions (moves, and bans in Ban-Chess).
type TimeControl struct {
	Base      time.Duration
	Increment time.Duration
}

// String returns the PGN TimeControl form, seconds: "300+3" (or "300").
func (tc TimeControl) String() string {
	s := strconv.FormatFloat(tc.Base.Seconds(), 'f', -1, 64)
	if tc.Increment > 0 {
		s += "+" + strconv.FormatFloat(tc.Increment.Seconds(), 'f', -1, 64)
	}
	return s
}

// ParseTimeControl reads "BASE+INCREMENT" or "BASE": numbers are seconds,
// as in the PGN TimeControl tag ("300+3"), or Go durations ("5m+3s").
func ParseTimeControl(text string) (TimeControl, error) {
	base, inc, hasInc := strings.Cut(strings.TrimSpace(text), "+")
	var tc TimeControl
	var err error
	if tc.Base, err = parseSeconds(base); err != nil || tc.Base <= 0 {
		return TimeControl{}, fmt.Errorf("game: time control %q: base must be a positive duration", text)
	}
	if hasInc {
		if tc.Increment, err = parseSeconds(inc); err != nil || tc.Increment < 0 {
			return TimeControl{}, fmt.Errorf("game: time control %q: increment must be a duration ≥ 0", text)
		}
	}
	return tc, nil
}

// maxClock bounds a time control's base and increment (about 31 years),
// so that every value prints as seconds that read back to it.
const maxClock = 1e9 * time.Second

func parseSeconds(s string) (time.Duration, error) {
	var d time.Duration
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		if f > 1e9 || f < -1e9 {
			return 0, errors.New("out of range")
		}
		d = time.Duration(f * float64(time.Second))
	} else if d, err = time.ParseDuration(s); err != nil {
		return 0, err
	}
	if d > maxClock || d < -maxClock {
		return 0, errors.New("out of range")
	}
	return d, nil
}

// clocks is the state of both clocks: time left when the current turn
// began, and when that was.
type clocks struct {
	tc        TimeControl
	left      [2]time.Duration
	turnStart time.Time
}

// Option configures a new Game.
type Option func(*Game)

// WithClock gives the game clocks with time control tc, read from now
// (time.Now if nil). The clock of the side to act runs from New on.
func WithClock(tc TimeControl, now func() time.Time) Option {
	return func(g *Game) {
		if now == nil {
			now = time.Now
		}
		g.now = now
		g.cur.clock = clocks{tc: tc, left: [2]time.Duration{tc.Base, tc.Base}}
	}
}

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

// String returns the PGN TimeControl form, seconds: "300+3" (or "300";
// fractions to the nanosecond, "0.5+0.1").
func (tc TimeControl) String() string {
	s := formatSeconds(tc.Base)
	if tc.Increment > 0 {
		s += "+" + formatSeconds(tc.Increment)
	}
	return s
}

// formatSeconds writes d ≥ 0 as decimal seconds, exactly.
func formatSeconds(d time.Duration) string {
	sec, ns := int64(d/time.Second), int64(d%time.Second)
	if ns == 0 {
		return strconv.FormatInt(sec, 10)
	}
	return fmt.Sprintf("%d.%s", sec, strings.TrimRight(fmt.Sprintf("%09d", ns), "0"))
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

// maxClock bounds a time control's base and increment (about 31 years).
const maxClock = 1e9 * time.Second

var errClockRange = errors.New("out of range")

// parseSeconds reads decimal seconds ("300", "0.5"; digits beyond the
// nanosecond are dropped), exactly as formatSeconds writes them, or a Go
// duration ("5m").
func parseSeconds(s string) (time.Duration, error) {
	d, isDecimal, err := parseDecimalSeconds(s)
	if !isDecimal {
		if d, err = time.ParseDuration(s); err != nil {
			return 0, err
		}
	}
	if err == nil && (d > maxClock || d < -maxClock) {
		err = errClockRange
	}
	return d, err
}

// parseDecimalSeconds reads digits with an optional fraction; isDecimal
// is false for text of any other shape.
func parseDecimalSeconds(s string) (d time.Duration, isDecimal bool, err error) {
	whole, frac, _ := strings.Cut(s, ".")
	digits := func(t string) bool { return strings.Trim(t, "0123456789") == "" }
	if whole+frac == "" || !digits(whole) || !digits(frac) {
		return 0, false, nil
	}
	whole = strings.TrimLeft(whole, "0")
	if len(whole) > 10 {
		return 0, true, errClockRange
	}
	sec, _ := strconv.ParseInt("0"+whole, 10, 64)
	frac = (frac + "000000000")[:9]
	ns, _ := strconv.ParseInt(frac, 10, 64)
	return time.Duration(sec)*time.Second + time.Duration(ns), true, nil
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

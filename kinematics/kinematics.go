package kinematics

import (
	"iter"

	"github.com/baten-chess/baten/geom"
)

// Delta is a displacement in files and ranks.
type Delta struct{ File, Rank int }

// Motion is how a delta is used.
type Motion uint8

const (
	// Step applies the delta once; every square strictly between origin and
	// destination on a straight line must be empty (none for a one-square
	// step; one for a pawn's double step).
	Step Motion = iota
	// Leap applies the delta once; squares in between do not matter.
	Leap
	// Slide repeats the delta while the squares passed are empty; the first
	// occupied square ends the ray and is a capture target.
	Slide
	// Jump goes over the occupied square in the middle of the delta to an
	// empty landing square, capturing the piece jumped (draughts).
	// The delta must have even components.
	Jump
)

// String names the motion.
func (m Motion) String() string {
	switch m {
	case Step:
		return "step"
	case Leap:
		return "leap"
	case Slide:
		return "slide"
	case Jump:
		return "jump"
	}
	return "motion?"
}

// Modifier restricts a component. Modifiers combine with |.
type Modifier uint8

const (
	// MoveOnly: the destination must be empty (a pawn's push).
	MoveOnly Modifier = 1 << iota
	// CaptureOnly: the destination must be occupied (a pawn's diagonal).
	CaptureOnly
	// Forward: the delta is written for a piece advancing towards higher
	// ranks and is flipped for a player who advances the other way.
	Forward
	// Initial: only while the piece has not moved (a pawn's double step).
	Initial
)

// Component is one delta with its motion and modifiers.
type Component struct {
	Delta  Delta
	Motion Motion
	Mods   Modifier
}

// Movement is a piece kind's whole movement: the union of its components.
type Movement []Component

// Frame is what movement needs to know about the board and the mover.
type Frame struct {
	Size geom.Size
	// Forward is +1 when the mover advances towards higher ranks, −1 when
	// towards lower ones; Forward components are flipped by it.
	Forward int
	// Initial enables Initial components: the piece has not moved yet.
	Initial bool
	// Occupied reports whether a square holds any piece.
	Occupied func(geom.Square) bool
}

// Target is one square a component reaches.
type Target struct {
	To geom.Square
	// Capture is set when the move takes a piece: the one on To, or for a
	// Jump the one on Over. Whether that piece is an enemy is a guard.
	Capture bool
	// Over is the jumped square of a Jump; meaningful only when Jump is set.
	Over geom.Square
	Jump bool
}

// Capturing reports whether some component of m may take a piece.
func (m Movement) Capturing() bool {
	for _, c := range m {
		if c.Mods&MoveOnly == 0 {
			return true
		}
	}
	return false
}

// Targets yields every target of every component of m from the square from,
// components in order. The same square may be yielded twice when two
// components reach it.
func (m Movement) Targets(f Frame, from geom.Square) iter.Seq[Target] {
	return func(yield func(Target) bool) {
		for _, c := range m {
			for t := range c.Targets(f, from) {
				if !yield(t) {
					return
				}
			}
		}
	}
}

// Targets yields the squares this component reaches from the square from.
func (c Component) Targets(f Frame, from geom.Square) iter.Seq[Target] {
	return func(yield func(Target) bool) {
		if c.Mods&Initial != 0 && !f.Initial {
			return
		}
		d := c.Delta
		if c.Mods&Forward != 0 {
			d.Rank *= f.Forward
		}
		switch c.Motion {
		case Step, Leap:
			to, ok := f.Size.Offset(from, d.File, d.Rank)
			if !ok || (c.Motion == Step && !PathClear(f, from, to)) {
				return
			}
			c.emit(f, to, yield)
		case Slide:
			for at := from; ; {
				to, ok := f.Size.Offset(at, d.File, d.Rank)
				if !ok || !c.emit(f, to, yield) || f.Occupied(to) {
					return
				}
				at = to
			}
		case Jump:
			to, ok := f.Size.Offset(from, d.File, d.Rank)
			if !ok || d.File%2 != 0 || d.Rank%2 != 0 {
				return
			}
			over := geom.Square{File: from.File + d.File/2, Rank: from.Rank + d.Rank/2}
			if f.Occupied(over) && !f.Occupied(to) {
				yield(Target{To: to, Capture: true, Over: over, Jump: true})
			}
		}
	}
}

// emit yields to as a target when the move-only / capture-only modifiers
// allow it; it returns false when the consumer asked to stop.
func (c Component) emit(f Frame, to geom.Square, yield func(Target) bool) bool {
	occupied := f.Occupied(to)
	if (occupied && c.Mods&MoveOnly != 0) || (!occupied && c.Mods&CaptureOnly != 0) {
		return true
	}
	return yield(Target{To: to, Capture: occupied})
}

// Between lists the squares strictly between a and b when they share a
// file, rank or diagonal; otherwise (a knight's leap, say) there are none.
func Between(a, b geom.Square) []geom.Square {
	df, dr := b.File-a.File, b.Rank-a.Rank
	if df != 0 && dr != 0 && abs(df) != abs(dr) {
		return nil
	}
	n := max(abs(df), abs(dr))
	var out []geom.Square
	for i := 1; i < n; i++ {
		out = append(out, geom.Square{File: a.File + i*sign(df), Rank: a.Rank + i*sign(dr)})
	}
	return out
}

// PathClear reports whether every square strictly between from and to is
// empty (see Between).
func PathClear(f Frame, from, to geom.Square) bool {
	for _, sq := range Between(from, to) {
		if f.Occupied(sq) {
			return false
		}
	}
	return true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

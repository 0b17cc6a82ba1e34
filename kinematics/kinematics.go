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
	// Hop is the cannon's motion (Betza p): it repeats the delta like a
	// Slide, passes over exactly one occupied square (the screen) and lands
	// on any square beyond it, up to and including the first occupied one;
	// nothing is reached before the screen. Range, when set, limits the
	// landing squares beyond the screen (Fairy-Stockfish's hopper distance).
	Hop
	// Grasshop is the grasshopper's motion (Betza g): it repeats the delta
	// to the first occupied square and lands on the square just beyond it.
	Grasshop
	// Lame is a leap that is blocked (Betza n, "non-jumping"): every square
	// of the path Fairy-Stockfish walks from origin to destination must be
	// empty. The path moves one square at a time, diagonally while the file
	// and rank distances left are equal and otherwise along the longer one:
	// the xiangqi horse (1,2) is blocked on (0,1), the elephant (2,2) on
	// (1,1), the (2,3) leap on (0,1) and (1,2). For a delta along a file,
	// rank or diagonal it is the same as Step.
	Lame
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
	case Hop:
		return "hop"
	case Grasshop:
		return "grasshop"
	case Lame:
		return "lame"
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
	// Rotate: the delta is written for a piece advancing towards higher
	// ranks and is turned half a circle (file and rank negated) for a player
	// who advances the other way, as Fairy-Stockfish turns White's pieces
	// for Black: a forward-right move stays forward-right as the mover sees
	// it. Forward mirrors instead; the two agree for pieces that are
	// left-right symmetric. ParseBetza uses Rotate only for pieces that are
	// not (e.g. "rfF"). With Forward also set, Rotate wins.
	Rotate
)

// Component is one delta with its motion and modifiers.
type Component struct {
	Delta  Delta
	Motion Motion
	Mods   Modifier
	// Range limits a Slide to at most Range applications of the delta
	// (Betza R4, a short-range rider) and a Hop to at most Range landing
	// squares beyond its screen. 0 (or less) means unlimited; other motions
	// ignore it.
	Range int
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
		switch {
		case c.Mods&Rotate != 0:
			d.File *= f.Forward
			d.Rank *= f.Forward
		case c.Mods&Forward != 0:
			d.Rank *= f.Forward
		}
		if d == (Delta{}) {
			return // a null delta reaches nothing (and must not loop)
		}
		switch c.Motion {
		case Step, Leap, Lame:
			to, ok := f.Size.Offset(from, d.File, d.Rank)
			if !ok || (c.Motion == Step && !PathClear(f, from, to)) ||
				(c.Motion == Lame && !lameClear(f, from, d)) {
				return
			}
			c.emit(f, to, yield)
		case Slide:
			for at, n := from, 1; ; n++ {
				to, ok := f.Size.Offset(at, d.File, d.Rank)
				if !ok || !c.emit(f, to, yield) || f.Occupied(to) || n == c.Range {
					return
				}
				at = to
			}
		case Hop, Grasshop:
			screen, landed := false, 0
			for at := from; ; {
				to, ok := f.Size.Offset(at, d.File, d.Rank)
				if !ok {
					return
				}
				occupied := f.Occupied(to)
				if screen {
					if !c.emitOcc(to, occupied, yield) || occupied || c.Motion == Grasshop {
						return
					}
					if landed++; landed == c.Range {
						return
					}
				} else {
					screen = occupied
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

// lameClear reports whether the squares of a Lame leap by d from from are
// empty. It walks Fairy-Stockfish's lame-leaper path: one square at a time,
// diagonally while the file and rank distances left are equal, otherwise
// along the longer one. The destination is on the board (checked before).
func lameClear(f Frame, from geom.Square, d Delta) bool {
	sf, sr := sign(d.File), sign(d.Rank)
	df, dr := d.File, d.Rank
	at := from
	for {
		diff := abs(df) - abs(dr)
		switch {
		case diff > 0:
			at.File += sf
			df -= sf
		case diff < 0:
			at.Rank += sr
			dr -= sr
		default:
			at.File += sf
			at.Rank += sr
			df -= sf
			dr -= sr
		}
		if df == 0 && dr == 0 {
			return true
		}
		if f.Occupied(at) {
			return false
		}
	}
}

// emit yields to as a target when the move-only / capture-only modifiers
// allow it; it returns false when the consumer asked to stop.
func (c Component) emit(f Frame, to geom.Square, yield func(Target) bool) bool {
	return c.emitOcc(to, f.Occupied(to), yield)
}

// emitOcc is emit with the occupancy of to already known.
func (c Component) emitOcc(to geom.Square, occupied bool, yield func(Target) bool) bool {
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
	df, dr := to.File-from.File, to.Rank-from.Rank
	if df != 0 && dr != 0 && abs(df) != abs(dr) {
		return true
	}
	n := max(abs(df), abs(dr))
	for i := 1; i < n; i++ {
		if f.Occupied(geom.Square{File: from.File + i*sign(df), Rank: from.Rank + i*sign(dr)}) {
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

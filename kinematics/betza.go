package kinematics

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// BetzaError reports a Betza string that ParseBetza cannot read: the text,
// the position of the offending letter, and why. Callers branch on it with
// errors.As.
type BetzaError struct {
	Text string // the whole string given to ParseBetza
	Pos  int    // 1-based byte position of the offending letter in Text
	Msg  string // what is wrong, e.g. "unknown atom 'X'"
}

// Error formats the error as: betza "mRcpX": position 5: unknown atom 'X'.
func (e *BetzaError) Error() string {
	return fmt.Sprintf("betza %q: position %d: %s", e.Text, e.Pos, e.Msg)
}

// ParseBetza reads a piece's movement in Betza notation as Fairy-Stockfish
// reads it (the customPieceN values of its variants.ini, e.g. "mRcpR" for
// the cannon). Pieces are written for the first player (White); what the
// second player's piece does is White's move turned half a circle, as in
// Fairy-Stockfish (components get the Forward or Rotate modifier).
//
// Atoms: W F D N A H C (or L) Z (or J) G, and K = WF. R, B and Q are the
// W, F and K riders. An atom doubled ("NN", "WW") or followed by a number
// ("R4", "N2") is a rider, limited to that many steps (Component.Range; 0
// is unlimited). Modifiers apply to the atom that follows them: m
// (move only), c (capture only), i (initial move only), n (lame: blocked
// on its path, "nN" the xiangqi horse), p (hopper: Motion Hop, "pR" the
// xiangqi cannon's capture), g (grasshopper: Motion Grasshop), and the
// directions f b v l r s h, combined in pairs as Fairy-Stockfish combines
// them ("fs", "rf", "fh": "fN" is the shogi knight's two narrow forward
// leaps, "fsW" the xiangqi soldier). The empty string is a piece that does
// not move.
//
// Everything else is refused with a *BetzaError naming the letter, never
// ignored: en passant "e" (a rule, set in package rules), "j", multi-leg
// "a" and other XBetza letters, direction pairs Fairy-Stockfish gives no
// move ("vs", "hf"), lame riders and hoppers ("nNN", "npR"), stray digits
// and modifiers with no atom after them.
func ParseBetza(s string) (Movement, error) {
	m, _, err := parseBetza(s, false)
	return m, err
}

// EnPassant says where Fairy-Stockfish's modifier e (a capture that may
// also take en passant) stands in a Betza text.
type EnPassant struct {
	Some bool // some chunk has e
	All  bool // every chunk that captures has e
}

// ParseBetzaEnPassant reads s as ParseBetza does, but takes the modifier
// e as c (a capture), and says where it stood: en passant itself is a
// rule of the game (package rules), which the caller sets from it.
func ParseBetzaEnPassant(s string) (Movement, EnPassant, error) {
	return parseBetza(s, true)
}

func parseBetza(s string, takeE bool) (Movement, EnPassant, error) {
	ep := EnPassant{All: true}
	fail := func(pos int, format string, args ...any) (Movement, EnPassant, error) {
		return nil, EnPassant{}, &BetzaError{Text: s, Pos: pos + 1, Msg: fmt.Sprintf(format, args...)}
	}
	set := newElemSet()
	var (
		quiet, capture, initial bool
		hop, grass, lame, e     bool
		hopAt, lameAt           int
		dirs                    []string
		dirAt                   []int
		start                   = -1
	)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if start < 0 {
			start = i
		}
		switch {
		case c == 'm':
			quiet = true
		case c == 'c':
			capture = true
		case c == 'i':
			initial = true
		case c == 'p' || c == 'g':
			hop, hopAt = true, i
			grass = grass || c == 'g'
		case c == 'n':
			lame, lameAt = true, i
		case isVertical(c) || isHorizontal(c):
			tok := string([]byte{c, c})
			if i+1 < len(s) && combinable(c, s[i+1]) {
				tok = s[i : i+2]
			}
			if _, ok := tokenEntries[tok]; !ok {
				return fail(i, "direction %q selects no move (Fairy-Stockfish gives it none)", tok)
			}
			dirs, dirAt = append(dirs, tok), append(dirAt, i)
			if tok[0] != tok[1] || (i+1 < len(s) && s[i+1] == c) {
				i++
			}
		case atomsOf(c) != nil:
			atoms, rider := atomsOf(c), c == 'R' || c == 'B' || c == 'Q'
			rng := 0
			if grass {
				rng = 1
			}
			switch {
			case i+1 < len(s) && s[i+1] == c:
				rider = true
				i++
			case i+1 < len(s) && isDigit(s[i+1]):
				rider = true
				j := i + 1
				for j < len(s) && isDigit(s[j]) {
					j++
				}
				if j-(i+1) > 2 {
					return fail(i+1, "range %q too long (at most two digits)", s[i+1:j])
				}
				rng, _ = strconv.Atoi(s[i+1 : j])
				i = j - 1
			}
			if lame && hop {
				return fail(lameAt, "lame hopper ('n' with '%c') not supported", s[hopAt])
			}
			if lame && rider && atoms[0] != (atom{1, 0}) && atoms[0] != (atom{1, 1}) {
				return fail(lameAt, "lame rider ('n' with a %c rider) not supported", c)
			}
			if capture || !quiet { // the chunk captures
				ep.All = ep.All && e
			}
			mask := modBoth
			if quiet != capture {
				mask = modQuiet
				if capture {
					mask = modCapture
				}
			}
			for _, a := range atoms {
				var sel uint8
				if len(dirs) == 0 {
					sel = 0xff
				}
				for _, tok := range dirs {
					if len(atoms) == 1 && a.b == 0 && tok[0] != tok[1] {
						sel |= tokenEntries[string([]byte{tok[0], tok[0]})] | tokenEntries[string([]byte{tok[1], tok[1]})]
					} else {
						sel |= tokenEntries[tok]
					}
				}
				ents := a.entries()
				for k := range 8 {
					if sel&(1<<k) == 0 {
						continue
					}
					motion := Leap
					switch {
					case hop:
						motion = Hop
					case rider:
						motion = Slide
					case lame:
						motion = Lame
					}
					comp := Component{Delta: ents[k], Motion: motion, Range: rng}
					if e, ok := normalize(comp, ents[k]); ok {
						e.initial = initial
						set.add(e, mask)
					}
				}
			}
			quiet, capture, initial, hop, grass, lame, e = false, false, false, false, false, false, false
			dirs, dirAt, start = dirs[:0], dirAt[:0], -1
		case isDigit(c):
			return fail(i, "unexpected digit '%c' (a range follows an atom directly)", c)
		case c == 'e' && takeE:
			capture, e, ep.Some = true, true, true
		case c == 'e':
			return fail(i, "unsupported modifier 'e' (en passant is a rule: set it in package rules)")
		case c >= 'a' && c <= 'z':
			return fail(i, "unsupported modifier '%c'", c)
		case c >= 'A' && c <= 'Z':
			return fail(i, "unknown atom '%c'", c)
		default:
			return fail(i, "unexpected character %q", c)
		}
	}
	if start >= 0 {
		return fail(start, "modifiers %q have no atom after them", s[start:])
	}
	return set.movement(), ep, nil
}

// Betza writes m in Betza notation: a canonical form that ParseBetza reads
// back to a movement Equal to m. The predefined pieces print naturally:
// Knight() as "N", Queen() as "Q", King() as "K", Pawn() as "fmWfcFifmnD".
//
// Betza notation describes White's piece; Black's is White's turned half a
// circle. What it cannot express — draughts jumps, leaps longer than three
// squares, a second player's piece that is not the half turn of the first
// player's — is left out; CheckBetza says whether anything was.
func (m Movement) Betza() string {
	white := elementsOf(m, 1)
	type group struct {
		motion  Motion
		rng     int
		initial bool
		mask    uint8
	}
	type chunk struct {
		key  [5]int
		text string
	}
	// Order: chunks that start with their atom letter first, among those of
	// one letter a bare letter last (so "N" never precedes "NN" or "N2",
	// which would read as one rider); then by initial, atom, motion,
	// modality and range.
	order := func(c chunk) []int {
		lower := boolInt(c.text[0] >= 'a' && c.text[0] <= 'z')
		bare := boolInt(len(c.text) == 1)
		if lower == 1 {
			return append([]int{1, c.key[0], c.key[1], 0}, c.key[2:]...)
		}
		return append([]int{0, c.key[0], c.key[1], bare}, c.key[2:]...)
	}
	sets := map[group]map[atom]uint8{}
	for _, e := range white.order {
		a, k, ok := classify(e.d)
		if !ok || e.motion == Jump || e.motion > Lame {
			continue
		}
		g := group{e.motion, e.rng, e.initial, white.mask[e]}
		if sets[g] == nil {
			sets[g] = map[atom]uint8{}
		}
		sets[g][a] |= 1 << k
	}
	var chunks []chunk
	for g, byAtom := range sets {
		prefix := ""
		if g.initial {
			prefix = "i"
		}
		modality := map[uint8]string{modBoth: "", modQuiet: "m", modCapture: "c"}[g.mask]
		w, f := atom{1, 0}, atom{1, 1}
		if (g.motion == Step || g.motion == Slide || g.motion == Hop || g.motion == Grasshop) &&
			byAtom[w] == w.full() && byAtom[f] == f.full() {
			delete(byAtom, w)
			delete(byAtom, f)
			chunks = append(chunks, chunk{
				key:  [5]int{boolInt(g.initial), 0, int(g.motion), int(g.mask), g.rng},
				text: prefix + modality + motionLetter(g.motion) + atomText('K', g.motion, g.rng),
			})
		}
		for a, sel := range byAtom {
			chunks = append(chunks, chunk{
				key:  [5]int{boolInt(g.initial), a.order(), int(g.motion), int(g.mask), g.rng},
				text: prefix + directionText(a, sel) + modality + motionLetter(g.motion) + atomText(a.letter(), g.motion, g.rng),
			})
		}
	}
	slices.SortFunc(chunks, func(x, y chunk) int {
		if c := slices.Compare(order(x), order(y)); c != 0 {
			return c
		}
		return strings.Compare(x.text, y.text)
	})
	var b strings.Builder
	for _, c := range chunks {
		b.WriteString(c.text)
	}
	return b.String()
}

// CheckBetza reports why m cannot be written exactly in Betza notation
// (see Betza), or nil when ParseBetza(m.Betza()) is Equal to m.
func (m Movement) CheckBetza() error {
	white, black := elementsOf(m, 1), elementsOf(m, -1)
	var errs []error
	for _, e := range white.order {
		if e.motion == Jump {
			errs = append(errs, fmt.Errorf("betza: a draughts jump %v has no Betza form", e.d))
		} else if _, _, ok := classify(e.d); !ok || e.motion > Lame {
			errs = append(errs, fmt.Errorf("betza: the %v %v has no Betza atom", e.motion, e.d))
		}
	}
	if !white.turned().equal(black) {
		errs = append(errs, errors.New("betza: the second player's piece is not the first player's turned half a circle"))
	}
	return errors.Join(errs...)
}

// Equal reports whether m and o move alike for both players: the same
// elementary moves (delta, motion, range, move/capture, initial), however
// they are written — in any order, with duplicates, a move-only and a
// capture-only component for one plain component, a one-square Leap or a
// Slide of Range 1 for a Step, a Hop of Range 1 for a Grasshop, Forward or
// Rotate on a component that both turn alike.
func (m Movement) Equal(o Movement) bool {
	return elementsOf(m, 1).equal(elementsOf(o, 1)) && elementsOf(m, -1).equal(elementsOf(o, -1))
}

// Move and capture modalities of an element, as a mask.
const (
	modQuiet   uint8 = 1
	modCapture uint8 = 2
	modBoth          = modQuiet | modCapture
)

// element is one elementary move of one player, in a normal form: a
// movement is a set of elements, each with a modality mask.
type element struct {
	d       Delta
	motion  Motion
	rng     int
	initial bool
}

type elemSet struct {
	order []element
	mask  map[element]uint8
}

func newElemSet() *elemSet { return &elemSet{mask: map[element]uint8{}} }

func (s *elemSet) add(e element, mask uint8) {
	if _, ok := s.mask[e]; !ok {
		s.order = append(s.order, e)
	}
	s.mask[e] |= mask
}

func (s *elemSet) equal(o *elemSet) bool {
	if len(s.mask) != len(o.mask) {
		return false
	}
	for e, m := range s.mask {
		if o.mask[e] != m {
			return false
		}
	}
	return true
}

// turned is the set turned half a circle (the second player's piece).
func (s *elemSet) turned() *elemSet {
	out := newElemSet()
	for _, e := range s.order {
		t := e
		t.d = Delta{-e.d.File, -e.d.Rank}
		out.add(t, s.mask[e])
	}
	return out
}

// movement writes the set (White's piece) as components: for each orbit
// of a delta under the half turn and the two mirrors, no modifier when the
// orbit's moves are symmetric under the half turn, Forward when they are
// left-right symmetric, Rotate otherwise.
func (s *elemSet) movement() Movement {
	out := Movement{}
	for _, e := range s.order {
		mask := s.mask[e]
		has := func(d Delta) bool {
			t := e
			t.d = d
			m, ok := s.mask[t]
			return ok && m == mask
		}
		half := func(d Delta) Delta { return Delta{-d.File, -d.Rank} }
		side := func(d Delta) Delta { return Delta{-d.File, d.Rank} }
		orbit := []Delta{e.d, half(e.d), side(e.d), half(side(e.d))}
		turnSym, sideSym := true, true
		for _, d := range orbit {
			turnSym = turnSym && has(d) == has(half(d))
			sideSym = sideSym && has(d) == has(side(d))
		}
		var mods Modifier
		switch {
		case turnSym:
		case sideSym:
			mods = Forward
		default:
			mods = Rotate
		}
		switch mask {
		case modQuiet:
			mods |= MoveOnly
		case modCapture:
			mods |= CaptureOnly
		}
		if e.initial {
			mods |= Initial
		}
		out = append(out, Component{Delta: e.d, Motion: e.motion, Mods: mods, Range: e.rng})
	}
	return out
}

// elementsOf lists the elementary moves of m for a player advancing
// towards forward (+1 or −1).
func elementsOf(m Movement, forward int) *elemSet {
	set := newElemSet()
	for _, c := range m {
		d := c.Delta
		switch {
		case c.Mods&Rotate != 0:
			d = Delta{d.File * forward, d.Rank * forward}
		case c.Mods&Forward != 0:
			d.Rank *= forward
		}
		e, ok := normalize(c, d)
		if !ok {
			continue
		}
		mask := modBoth
		if c.Motion != Jump {
			if c.Mods&MoveOnly != 0 {
				mask &^= modCapture
			}
			if c.Mods&CaptureOnly != 0 {
				mask &^= modQuiet
			}
			if mask == 0 {
				continue
			}
		}
		e.initial = c.Mods&Initial != 0
		set.add(e, mask)
	}
	return set
}

// normalize writes the component c, its delta turned to d, in the one
// form every equivalent spelling shares; ok is false when it never moves.
func normalize(c Component, d Delta) (element, bool) {
	if d == (Delta{}) {
		return element{}, false
	}
	cheb := max(abs(d.File), abs(d.Rank))
	straight := d.File == 0 || d.Rank == 0 || abs(d.File) == abs(d.Rank)
	e := element{d: d, motion: c.Motion}
	switch c.Motion {
	case Slide, Hop:
		e.rng = max(c.Range, 0)
	}
	if e.motion == Slide && e.rng == 1 {
		e.motion, e.rng = Leap, 0
	}
	if e.motion == Hop && e.rng == 1 {
		e.motion, e.rng = Grasshop, 0
	}
	switch e.motion {
	case Step, Lame:
		if !straight {
			e.motion = Leap
			if c.Motion == Lame {
				e.motion = Lame
			}
		} else {
			e.motion = Step
		}
	case Jump:
		if d.File%2 != 0 || d.Rank%2 != 0 {
			return element{}, false
		}
	}
	if e.motion == Leap && cheb == 1 {
		e.motion = Step
	}
	return e, true
}

// atom is a Fairy-Stockfish atom (a, b): a squares forward and b to the
// side, the larger first.
type atom struct{ a, b int }

func atomsOf(c byte) []atom {
	switch c {
	case 'W', 'R':
		return []atom{{1, 0}}
	case 'F', 'B':
		return []atom{{1, 1}}
	case 'K', 'Q':
		return []atom{{1, 0}, {1, 1}}
	case 'D':
		return []atom{{2, 0}}
	case 'N':
		return []atom{{2, 1}}
	case 'A':
		return []atom{{2, 2}}
	case 'H':
		return []atom{{3, 0}}
	case 'C', 'L':
		return []atom{{3, 1}}
	case 'Z', 'J':
		return []atom{{3, 2}}
	case 'G':
		return []atom{{3, 3}}
	}
	return nil
}

// entries are the eight directions of the atom in Fairy-Stockfish's order,
// which tokenEntries indexes (bit k is entries()[k]).
func (a atom) entries() [8]Delta {
	return [8]Delta{
		{a.b, a.a}, {-a.b, -a.a}, {a.a, -a.b}, {-a.a, a.b},
		{a.a, a.b}, {-a.a, -a.b}, {a.b, -a.a}, {-a.b, a.a},
	}
}

// full is the selection of every distinct direction of the atom.
func (a atom) full() uint8 {
	var sel uint8
	ents := a.entries()
	for k := range 8 {
		if slices.Index(ents[:], ents[k]) == k {
			sel |= 1 << k
		}
	}
	return sel
}

// canon maps a selection to the canonical entries (first of equal deltas).
func (a atom) canon(sel uint8) uint8 {
	var out uint8
	ents := a.entries()
	for k := range 8 {
		if sel&(1<<k) != 0 {
			out |= 1 << slices.Index(ents[:], ents[k])
		}
	}
	return out
}

func (a atom) letter() byte {
	return "WFDNAHCZG"[a.order()-1]
}

func (a atom) order() int {
	switch a {
	case atom{1, 0}:
		return 1
	case atom{1, 1}:
		return 2
	case atom{2, 0}:
		return 3
	case atom{2, 1}:
		return 4
	case atom{2, 2}:
		return 5
	case atom{3, 0}:
		return 6
	case atom{3, 1}:
		return 7
	case atom{3, 2}:
		return 8
	}
	return 9
}

// classify finds the atom of d and its canonical entry index.
func classify(d Delta) (atom, int, bool) {
	x, y := abs(d.File), abs(d.Rank)
	a := atom{max(x, y), min(x, y)}
	if a.a < 1 || a.a > 3 {
		return atom{}, 0, false
	}
	ents := a.entries()
	return a, slices.Index(ents[:], d), true
}

// tokenEntries are the direction pairs Fairy-Stockfish knows, with the
// entries each selects; a single letter x is the pair xx.
var tokenEntries = map[string]uint8{
	"ff": 1<<0 | 1<<7, "bb": 1<<1 | 1<<6, "vv": 1<<0 | 1<<1 | 1<<6 | 1<<7,
	"rr": 1<<2 | 1<<4, "ll": 1<<3 | 1<<5, "ss": 1<<2 | 1<<3 | 1<<4 | 1<<5,
	"rf": 1 << 0, "lb": 1 << 1, "br": 1 << 2, "fl": 1 << 3,
	"fr": 1 << 4, "bl": 1 << 5, "rb": 1 << 6, "lf": 1 << 7,
	"rv": 1<<0 | 1<<6, "lv": 1<<1 | 1<<7, "fs": 1<<3 | 1<<4, "bs": 1<<2 | 1<<5,
	"fh": 1<<0 | 1<<3 | 1<<4 | 1<<7, "bh": 1<<1 | 1<<2 | 1<<5 | 1<<6,
	"rh": 1<<0 | 1<<2 | 1<<4 | 1<<6, "lh": 1<<1 | 1<<3 | 1<<5 | 1<<7,
	"hr": 1<<0 | 1<<1 | 1<<2 | 1<<3, "hl": 1<<4 | 1<<5 | 1<<6 | 1<<7,
}

// tokenOrder is the order in which directionText prefers the pairs.
var tokenOrder = []string{
	"ff", "bb", "ll", "rr", "vv", "ss", "fs", "bs", "fh", "bh", "lh", "rh",
	"fr", "fl", "br", "bl", "rf", "lf", "rb", "lb", "rv", "lv", "hr", "hl",
}

func isVertical(c byte) bool   { return c == 'f' || c == 'b' || c == 'v' || c == 'h' }
func isHorizontal(c byte) bool { return c == 'r' || c == 'l' || c == 's' || c == 'h' }
func isDigit(c byte) bool      { return c >= '0' && c <= '9' }

// combinable reports whether Fairy-Stockfish reads the direction c followed
// by c2 as one pair.
func combinable(c, c2 byte) bool {
	return c2 == c || (isVertical(c) && isHorizontal(c2)) || (isHorizontal(c) && isVertical(c2))
}

// tokenSelect is the canonical selection of a direction pair for a
// single atom, orthogonal pairs split as Fairy-Stockfish splits them.
func tokenSelect(a atom, tok string) uint8 {
	if a.b == 0 && tok[0] != tok[1] {
		return a.canon(tokenEntries[string([]byte{tok[0], tok[0]})] | tokenEntries[string([]byte{tok[1], tok[1]})])
	}
	return a.canon(tokenEntries[tok])
}

// directionText writes the fewest direction pairs selecting exactly sel
// (canonical entries of a), "" for all of them.
func directionText(a atom, sel uint8) string {
	if sel == a.full() {
		return ""
	}
	type step struct {
		prev uint8
		tok  string
	}
	seen := map[uint8]step{0: {}}
	queue := []uint8{0}
	for len(queue) > 0 && !hasKey(seen, sel) {
		cur := queue[0]
		queue = queue[1:]
		for _, tok := range tokenOrder {
			t := tokenSelect(a, tok)
			next := cur | t
			if t == 0 || t&^sel != 0 || hasKey(seen, next) {
				continue
			}
			seen[next] = step{cur, tok}
			queue = append(queue, next)
		}
	}
	var toks []string
	for at := sel; at != 0; at = seen[at].prev {
		toks = append(toks, seen[at].tok)
	}
	slices.Reverse(toks)
	var b strings.Builder
	for i, tok := range toks {
		if tok[0] != tok[1] {
			b.WriteString(tok)
			continue
		}
		b.WriteByte(tok[0])
		if i+1 < len(toks) && combinable(tok[0], toks[i+1][0]) {
			b.WriteByte(tok[0])
		}
	}
	return b.String()
}

func hasKey[V any](m map[uint8]V, k uint8) bool {
	_, ok := m[k]
	return ok
}

// motionLetter is the modifier letter of a motion.
func motionLetter(m Motion) string {
	switch m {
	case Hop:
		return "p"
	case Grasshop:
		return "g"
	case Lame:
		return "n"
	}
	return ""
}

// atomText writes the atom letter with its rider suffix; a lame straight
// leap (Step longer than one square) takes an n.
func atomText(letter byte, m Motion, rng int) string {
	unit := strings.IndexByte("WFK", letter) >= 0
	rider := map[byte]byte{'W': 'R', 'F': 'B', 'K': 'Q'}
	switch m {
	case Step:
		if !unit {
			return "n" + string(letter)
		}
	case Slide, Hop:
		if unit {
			letter = rider[letter]
		}
		switch {
		case rng > 0:
			return string(letter) + strconv.Itoa(rng)
		case m == Slide && !unit:
			return string([]byte{letter, letter})
		}
	case Grasshop:
		if unit {
			letter = rider[letter]
		}
	}
	return string(letter)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

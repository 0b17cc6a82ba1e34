// Package fairy is a fast, allocation-free legal-move generator and perft for
// games defined as data (*rules.Variant) on boards up to 16×16.
//
// Compile turns a variant into precomputed tables: for every piece kind,
// player and square the leap targets (with the squares that must be empty
// for steps and lame leaps) and the rays of sliders, hoppers and
// grasshoppers, plus reverse tables that answer "is this square attacked"
// by looking outward from it. A Position is a mailbox value (a 16×16 array
// of bytes) with the royal squares, castling rights, open gates (Cambodian
// chess), en passant square, side to move, clocks and the count of a
// counting rule (makruk). Legal moves are the pseudo-legal moves that do
// not leave a royal piece attacked, as in the reference generator of
// package rules, which is the specification: the tests require both to
// produce the same set of legal moves at every position of many random games
// and the same perft counts.
//
// Features Compile does not handle yet are reported as errors wrapping
// ErrUnsupported; callers keep using the reference generator for those
// variants.
package fairy

import (
	"cmp"
	"errors"
	"fmt"
	"slices"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/kinematics"
	"github.com/baten-chess/baten/rules"
)

// ErrUnsupported is wrapped by Compile's error for a variant that uses a
// feature this package does not implement; the message names the feature.
var ErrUnsupported = errors.New("fairy: unsupported feature")

// maxKinds is the largest number of piece kinds: kinds are bits of a uint32
// mask and the low five bits of a board byte.
const maxKinds = 31

// maxBlock is the most squares a step or lame leap may need empty.
const maxBlock = 6

// maxRoyal is the most royal pieces one player may have.
const maxRoyal = 4

const (
	opMoveOnly    = 1
	opCaptureOnly = 2
)

const (
	raySlide = iota
	rayHop
	rayGrasshop
)

// leapOp is one target of a step, leap or lame leap from one square.
type leapOp struct {
	to   uint8
	mods uint8
	nb   uint8
	blk  [maxBlock]uint8
}

// rayOp is one ray of a slider, hopper or grasshopper from one square:
// pool[start:start+n] are the squares in order.
type rayOp struct {
	start  uint32
	n      uint8
	motion uint8
	mods   uint8
	rng    uint8
}

// leapAtk is one square from which a kind in mask attacks by a leap.
type leapAtk struct {
	from uint8
	nb   uint8
	blk  [maxBlock]uint8
	mask uint32
}

// rayAtk is one reverse ray along which kinds in mask attack.
type rayAtk struct {
	start  uint32
	n      uint8
	motion uint8
	rng    uint8
	mask   uint32
}

type span struct{ lo, hi uint32 }

type promoInfo struct {
	ranks     [2][256]bool // arriving (or, with fromZone, leaving) promotes
	mandatory [2][256]bool
	optional  bool
	fromZone  bool
	to        []uint8
	limit     []int // -1: unlimited
	letter    bool  // MoveText writes the promotion letter
	promoted  uint8 // the kind FSFMoveText writes "+" (rules.Promotion.Promoted), 0 if none
}

type kindInfo struct {
	letter  byte
	royal   bool
	ep      [2]bool // by player (per-colour rules)
	resets  [2]bool // by player (per-colour rules)
	dedup   bool
	castles bool // the castling king kind
	// gate: the kind has gate moves (rules.PieceKind.GateMovement);
	// gateNotInCheck: not while its side is in check.
	gate, gateNotInCheck bool
	closesGate           bool          // rules.PieceKind.ClosesRoyalGate
	promo                [2]*promoInfo // by player (per-colour rules)
	// stand: the player's pieces of the kind may move only to the
	// squares of standOK (rules.SideKind.Stand); by player.
	stand   [2]bool
	standOK [2]*[256]bool
}

// Rules is a variant compiled into move tables. It is read-only after
// Compile and safe to share between goroutines.
type Rules struct {
	v       *rules.Variant
	w, h    int
	squares []uint8
	kinds   []kindInfo // by KindID; index 0 unused
	pool    []uint8

	leaps   []leapOp
	rays    []rayOp
	leapIdx []span // ((kind*2+player)*256 + sq)
	rayIdx  []span

	atkLeap    []leapAtk
	atkRay     []rayAtk
	atkLeapIdx [2][256]span
	atkRayIdx  [2][256]span

	hasScreens bool              // some capturing hopper or grasshopper exists
	lines      [2][256][4]uint64 // squares whose change may alter attacks on a royal square, by defender

	// gates: the variant has gates (rules.Variant.Gates), whose moves
	// are tabled by gateLeapIdx and gateRayIdx (indexed as leapIdx) for
	// the squares of the player's home rank, homeRank.
	gates                   bool
	homeRank                [2]int
	gateLeapIdx, gateRayIdx []span

	count countingInfo // the counting rule, rule 0 for none

	castling       bool
	castleKing     uint8 // kind
	castleRank     [2]int
	kingTo, rookTo [2]int
	bareKing       bool

	noCheck bool        // a move may not attack an enemy royal piece
	ext     *extinction // the extinction rule, nil for none
	checks  bool        // check counting (rules.CheckCounting)
	flag    *flagInfo   // the flag rule, nil for none (flag family)
	epOK    [256]bool   // a double step passing over the square may be taken en passant

	mustCapture bool // family: antichess: when a capture is legal, only captures are

	connect     *connectInfo   // family: connection: the connection rule, nil for none
	blast       *blastInfo     // family: atomic: capture effects, nil for none
	moves       *moveRulesInfo // family: move rules; nil for none
	pseudoRoyal bool           // family: pseudo-royal: the extinction kinds' last pieces are guarded (rules.ExtinctionRule.PseudoRoyal)
	wall        *wallInfo      // walling: nil for none
	eps         *epInfo        // en passant squares: nil for none
	epUse       *epUseInfo     // family: fen en passant: nil keeps every square

	guards  rules.RoyalGuards // family: royal guards (DupleCheck only with pseudo-royal pieces)
	petrify *petrifyInfo      // family: petrify: nil for none

	bb *bitboardInfo // family: bitboard path: chess's generator counts perft; nil for none

	soldiers *soldierInfo // family: palaces: nil for none
	palace   *palaceInfo  // family: palaces: the diagonal lines and janggi cannons, nil for none
	drops    *dropInfo    // family: drops: nil for none
}

// extinction is rules.ExtinctionRule compiled: the kinds it counts.
type extinction struct {
	value      rules.Value
	kinds      []uint8
	all        bool
	count, opp int
	claim      bool
}

// Variant is the variant the tables were compiled from.
func (r *Rules) Variant() *rules.Variant { return r.v }

func sqOf(file, rank int) uint8 { return uint8(rank*16 + file) }

func unsupported(v *rules.Variant, format string, args ...any) error {
	return fmt.Errorf("%w: %s: %s", ErrUnsupported, v.Name, fmt.Sprintf(format, args...))
}

// relRank is rules.Variant.RelativeRank for a zero-based rank.
func relRank(v *rules.Variant, pl, rank int) int {
	if v.Forward[pl] > 0 {
		return rank + 1
	}
	return v.Size.H - rank
}

func iabs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Compile precomputes the move tables of v. It returns an error wrapping
// ErrUnsupported, naming the feature, for variants it cannot play exactly
// as package rules does: jump chains and draughts jumps,
// more than 31 piece kinds, promotion to a royal
// kind, initial-only capturing riders, en passant by a rider, and leaps
// with more than six squares to keep empty.
func Compile(v *rules.Variant) (*Rules, error) {
	if v == nil {
		return nil, fmt.Errorf("%w: nil variant", ErrUnsupported)
	}
	if !v.Size.Valid() {
		return nil, unsupported(v, "board size %dx%d", v.Size.W, v.Size.H)
	}
	switch {
	case v.JumpChains:
		return nil, unsupported(v, "jump chains")
	case v.Gating != nil: // family: gating (rules/gating.go)
		return nil, unsupported(v, "Seirawan gating")
	case v.FEN != rules.ChessFEN:
		return nil, unsupported(v, "non-chess FEN style")
	case len(v.Pieces) > maxKinds:
		return nil, unsupported(v, "%d piece kinds (at most %d)", len(v.Pieces), maxKinds)
	case v.Forward[0] == 0 || v.Forward[1] == 0:
		return nil, unsupported(v, "zero forward direction")
	}
	r := &Rules{v: v, w: v.Size.W, h: v.Size.H, bareKing: v.BareKing, noCheck: v.NoChecking,
		gates: v.Gates, count: compileCounting(v),
		mustCapture: v.MandatoryCapture} // family: antichess
	r.checks = v.CheckCounting != nil // check counting
	for pl := 0; pl < 2; pl++ {
		r.homeRank[pl] = v.HomeRank(rules.Player(pl))
	}
	for rank := 0; rank < r.h; rank++ {
		for file := 0; file < r.w; file++ {
			r.squares = append(r.squares, sqOf(file, rank))
			r.epOK[sqOf(file, rank)] = v.EnPassantOn(geom.Square{File: file, Rank: rank})
		}
	}
	r.flag = compileFlag(v)                  // flag family
	r.connect = compileConnect(v, r.squares) // family: connection
	var err error
	if r.blast, err = compileBlast(r, v); err != nil { // family: atomic
		return nil, err
	}
	r.wall = compileWalling(v) // walling
	// en passant squares
	if r.eps, err = compileEPSquares(r, v); err != nil {
		return nil, err
	}
	r.epUse = compileEPUse(v) // family: fen en passant
	// family: petrify
	if r.petrify, err = compilePetrify(v); err != nil {
		return nil, err
	}
	if r.soldiers, err = compileSoldiers(v); err != nil { // family: palaces
		return nil, err
	}
	if r.palace, err = compilePalace(v, r); err != nil { // family: palaces
		return nil, err
	}
	r.bb = compileBitboard(v) // family: bitboard path
	if e := v.Extinction; e != nil {
		r.ext = &extinction{value: e.Value, all: e.All, count: e.Count, opp: e.OpponentCount, claim: e.Claim}
		r.pseudoRoyal = e.PseudoRoyal && r.blast == nil // family: pseudo-royal; atomic guards its king in its own branch
		for i := 0; i < len(e.Kinds); i++ {
			if id, ok := v.KindByLetter(e.Kinds[i]); ok {
				r.ext.kinds = append(r.ext.kinds, uint8(id))
			}
		}
	}
	if err := r.compileGuards(v); err != nil { // family: royal guards
		return nil, err
	}
	nk := len(v.Pieces) + 1
	r.kinds = make([]kindInfo, nk)
	r.leapIdx = make([]span, nk*2*256)
	r.rayIdx = make([]span, nk*2*256)
	if r.gates {
		r.gateLeapIdx = make([]span, nk*2*256)
		r.gateRayIdx = make([]span, nk*2*256)
	}
	for i := range v.Pieces {
		k := &v.Pieces[i]
		ki := &r.kinds[i+1]
		ki.letter, ki.royal = k.Letter, k.Royal
		for pl := range 2 { // per-colour rules
			side := v.Side(rules.Player(pl), rules.KindID(i+1))
			ki.ep[pl], ki.resets[pl] = side.EnPassant, side.ResetsClock
			if side.Stand != nil {
				ki.stand[pl], ki.standOK[pl] = true, new([256]bool)
				for _, sq := range side.Stand {
					ki.standOK[pl][sqOf(sq.File, sq.Rank)] = true
				}
			}
		}
		ki.gate, ki.gateNotInCheck = v.Gates && len(k.GateMovement) > 0, k.GateNotInCheck
		ki.closesGate = v.Gates && k.ClosesRoyalGate
		for _, c := range append(slices.Clone(k.Movement), k.GateMovement...) {
			switch c.Motion {
			case kinematics.Jump:
				return nil, unsupported(v, "jumps (%s)", k.Name)
			case kinematics.Step, kinematics.Leap, kinematics.Lame:
			case kinematics.Slide, kinematics.Hop, kinematics.Grasshop:
				if ki.ep[0] || ki.ep[1] {
					return nil, unsupported(v, "en passant by a rider (%s)", k.Name)
				}
				if c.Mods&kinematics.Initial != 0 && c.Mods&kinematics.MoveOnly == 0 {
					return nil, unsupported(v, "initial-only capturing rider (%s)", k.Name)
				}
			default:
				return nil, unsupported(v, "motion %v (%s)", c.Motion, k.Name)
			}
			if c.Mods&kinematics.MoveOnly != 0 && c.Mods&kinematics.CaptureOnly != 0 {
				continue
			}
		}
		for pl := range 2 { // per-colour rules: each player's promotion
			p := v.Side(rules.Player(pl), rules.KindID(i+1)).Promotion
			if p == nil {
				continue
			}
			pi := &promoInfo{optional: p.Optional, fromZone: p.FromZone, letter: len(p.To) > 1 || p.Optional}
			if id, ok := v.KindByLetter(p.Promoted); ok && p.Promoted != 0 {
				pi.promoted = uint8(id)
			}
			for _, sq := range r.squares {
				rel := relRank(v, pl, int(sq)/16)
				pi.ranks[pl][sq] = p.PromotesOn(v, rules.Player(pl), geom.Square{File: int(sq % 16), Rank: int(sq / 16)})
				pi.mandatory[pl][sq] = slices.Contains(p.Mandatory, rel)
			}
			for j := 0; j < len(p.To); j++ {
				id, ok := v.KindByLetter(p.To[j])
				if !ok {
					continue
				}
				if v.Kind(id).Royal {
					return nil, unsupported(v, "promotion to a royal kind (%s)", v.Kind(id).Name)
				}
				lim := -1
				if n, ok := p.Limit[p.To[j]]; ok {
					lim = n
				}
				pi.to = append(pi.to, uint8(id))
				pi.limit = append(pi.limit, lim)
			}
			ki.promo[pl] = pi
		}
	}
	if c := v.Castling; c != nil {
		id, ok := v.KindByLetter(c.King)
		if !ok {
			return nil, unsupported(v, "castling king %q is no kind", c.King)
		}
		r.castling, r.castleKing = true, uint8(id)
		r.kinds[id].castles = true
		r.kingTo, r.rookTo = c.KingTo, c.RookTo
		for pl := 0; pl < 2; pl++ {
			r.castleRank[pl] = v.CastlingRank(rules.Player(pl))
		}
	}

	// Ray pool: one ray per (direction, square), shared by generation and
	// attack tables.
	type rayKey struct {
		df, dr int
		sq     uint8
	}
	rayAt := map[rayKey]span{}
	ray := func(sq uint8, df, dr int) span {
		key := rayKey{df, dr, sq}
		if s, ok := rayAt[key]; ok {
			return s
		}
		s := span{lo: uint32(len(r.pool))}
		f, rk := int(sq%16)+df, int(sq/16)+dr
		for f >= 0 && f < r.w && rk >= 0 && rk < r.h {
			r.pool = append(r.pool, sqOf(f, rk))
			f, rk = f+df, rk+dr
		}
		s.hi = uint32(len(r.pool))
		rayAt[key] = s
		return s
	}
	// blockers lists the squares a step or lame leap by (df, dr) from
	// (f, rk) needs empty, or ok=false when it leaves the board.
	blockers := func(c kinematics.Component, f, rk, df, dr int) (to uint8, blk []uint8, ok bool) {
		tf, tr := f+df, rk+dr
		if tf < 0 || tf >= r.w || tr < 0 || tr >= r.h {
			return 0, nil, false
		}
		switch c.Motion {
		case kinematics.Step:
			if df == 0 || dr == 0 || iabs(df) == iabs(dr) {
				n := max(iabs(df), iabs(dr))
				for i := 1; i < n; i++ {
					blk = append(blk, sqOf(f+i*cmp.Compare(df, 0), rk+i*cmp.Compare(dr, 0)))
				}
			}
		case kinematics.Lame:
			sf, sr := cmp.Compare(df, 0), cmp.Compare(dr, 0)
			lf, lr := df, dr
			af, ar := f, rk
			for {
				diff := iabs(lf) - iabs(lr)
				switch {
				case diff > 0:
					af += sf
					lf -= sf
				case diff < 0:
					ar += sr
					lr -= sr
				default:
					af += sf
					ar += sr
					lf -= sf
					lr -= sr
				}
				if lf == 0 && lr == 0 {
					break
				}
				blk = append(blk, sqOf(af, ar))
			}
		}
		return sqOf(tf, tr), blk, true
	}
	delta := func(c kinematics.Component, pl int) (int, int) {
		df, dr := c.Delta.File, c.Delta.Rank
		fw := v.Forward[pl]
		switch {
		case c.Mods&kinematics.Rotate != 0:
			df, dr = df*fw, dr*fw
		case c.Mods&kinematics.Forward != 0:
			dr *= fw
		}
		return df, dr
	}
	mods := func(c kinematics.Component) uint8 {
		var m uint8
		if c.Mods&kinematics.MoveOnly != 0 {
			m |= opMoveOnly
		}
		if c.Mods&kinematics.CaptureOnly != 0 {
			m |= opCaptureOnly
		}
		return m
	}

	// build appends the forward ops of movement for a kind on sq to the
	// leap and ray tables, and reports whether two of its components reach
	// one square (so generation must de-duplicate).
	build := func(id int, movement kinematics.Movement, pl int, sq uint8) (dup bool, err error) {
		k := v.Kind(rules.KindID(id))
		f, rk := int(sq%16), int(sq/16)
		init := v.InitialAt(rules.Player(pl), rules.KindID(id), geom.Square{File: f, Rank: rk}) // initial squares
		var reach [4]uint64
		for _, c := range movement {
			if c.Mods&kinematics.Initial != 0 && !init {
				continue
			}
			df, dr := delta(c, pl)
			if df == 0 && dr == 0 || r.soldiers.held(v, id, pl, sq, df) { // family: palaces
				continue
			}
			var covered []uint8
			switch c.Motion {
			case kinematics.Step, kinematics.Leap, kinematics.Lame:
				to, blk, ok := blockers(c, f, rk, df, dr)
				if !ok {
					continue
				}
				if len(blk) > maxBlock {
					return false, unsupported(v, "leap of %s with %d squares to keep empty", k.Name, len(blk))
				}
				op := leapOp{to: to, mods: mods(c), nb: uint8(len(blk))}
				copy(op.blk[:], blk)
				r.leaps = append(r.leaps, op)
				covered = []uint8{to}
			default:
				s := ray(sq, df, dr)
				n := int(s.hi - s.lo)
				op := rayOp{start: s.lo, mods: mods(c)}
				switch c.Motion {
				case kinematics.Slide:
					op.motion = raySlide
					if c.Range > 0 && c.Range < n {
						n = c.Range
					}
				case kinematics.Hop:
					op.motion = rayHop
					if c.Range > 0 {
						op.rng = uint8(min(c.Range, 255))
					}
				case kinematics.Grasshop:
					op.motion = rayGrasshop
				}
				op.n = uint8(n)
				r.rays = append(r.rays, op)
				covered = r.pool[s.lo : s.lo+uint32(n)]
			}
			for _, t := range covered {
				if reach[t/64]&(1<<(t%64)) != 0 {
					dup = true
				}
			}
			for _, t := range covered {
				reach[t/64] |= 1 << (t % 64)
			}
		}
		return dup, nil
	}

	// Forward tables, and the gate moves' own tables beside them.
	for id := 1; id < nk; id++ {
		k := v.Kind(rules.KindID(id))
		for pl := 0; pl < 2; pl++ {
			for _, sq := range r.squares {
				li := (id*2+pl)*256 + int(sq)
				r.leapIdx[li].lo = uint32(len(r.leaps))
				r.rayIdx[li].lo = uint32(len(r.rays))
				dup, err := build(id, k.Movement, pl, sq)
				if err != nil {
					return nil, err
				}
				r.kinds[id].dedup = r.kinds[id].dedup || dup
				r.leapIdx[li].hi = uint32(len(r.leaps))
				r.rayIdx[li].hi = uint32(len(r.rays))
				if !r.kinds[id].gate || int(sq/16) != r.homeRank[pl] {
					continue
				}
				// The reference generator lists gate moves as they come,
				// duplicates included, so dup is not needed here.
				r.gateLeapIdx[li].lo = uint32(len(r.leaps))
				r.gateRayIdx[li].lo = uint32(len(r.rays))
				if _, err := build(id, k.GateMovement, pl, sq); err != nil {
					return nil, err
				}
				r.gateLeapIdx[li].hi = uint32(len(r.leaps))
				r.gateRayIdx[li].hi = uint32(len(r.rays))
			}
		}
	}

	// Reverse (attack) tables, by attacking player X and target square.
	type leapKey struct {
		from uint8
		blk  string
	}
	type rayDir struct {
		df, dr int
		motion uint8
		rng    int
	}
	for X := 0; X < 2; X++ {
		leapsTo := make([]map[leapKey]uint32, 256)
		var dirs []rayDir
		var dirMask []uint32
		for id := 1; id < nk; id++ {
			k := v.Kind(rules.KindID(id))
			for _, c := range k.Movement {
				if c.Mods&kinematics.MoveOnly != 0 {
					continue
				}
				df, dr := delta(c, X)
				if df == 0 && dr == 0 {
					continue
				}
				switch c.Motion {
				case kinematics.Step, kinematics.Leap, kinematics.Lame:
					for _, a := range r.squares {
						if c.Mods&kinematics.Initial != 0 && !v.InitialAt(rules.Player(X), rules.KindID(id), geom.Square{File: int(a % 16), Rank: int(a / 16)}) { // initial squares
							continue
						}
						to, blk, ok := blockers(c, int(a%16), int(a/16), df, dr)
						if !ok || r.kinds[id].stand[X] && !r.kinds[id].standOK[X][to] || r.soldiers.held(v, id, X, a, df) { // per-colour rules: no attack off its region; family: palaces
							continue
						}
						if leapsTo[to] == nil {
							leapsTo[to] = map[leapKey]uint32{}
						}
						leapsTo[to][leapKey{a, string(blk)}] |= 1 << id
					}
				default:
					d := rayDir{df: -df, dr: -dr}
					switch c.Motion {
					case kinematics.Slide:
						d.motion, d.rng = raySlide, max(c.Range, 0)
					case kinematics.Hop:
						d.motion, d.rng = rayHop, max(c.Range, 0)
						r.hasScreens = true
					case kinematics.Grasshop:
						d.motion = rayGrasshop
						r.hasScreens = true
					}
					if i := slices.Index(dirs, d); i >= 0 {
						dirMask[i] |= 1 << id
					} else {
						dirs = append(dirs, d)
						dirMask = append(dirMask, 1<<id)
					}
				}
			}
		}
		for _, s := range r.squares {
			r.atkLeapIdx[X][s].lo = uint32(len(r.atkLeap))
			keys := make([]leapKey, 0, len(leapsTo[s]))
			for key := range leapsTo[s] {
				keys = append(keys, key)
			}
			slices.SortFunc(keys, func(a, b leapKey) int {
				if a.from != b.from {
					return int(a.from) - int(b.from)
				}
				if a.blk < b.blk {
					return -1
				}
				if a.blk > b.blk {
					return 1
				}
				return 0
			})
			for _, key := range keys {
				e := leapAtk{from: key.from, nb: uint8(len(key.blk)), mask: leapsTo[s][key]}
				copy(e.blk[:], key.blk)
				r.atkLeap = append(r.atkLeap, e)
			}
			r.atkLeapIdx[X][s].hi = uint32(len(r.atkLeap))
			r.atkRayIdx[X][s].lo = uint32(len(r.atkRay))
			for i, d := range dirs {
				sp := ray(s, d.df, d.dr)
				n := int(sp.hi - sp.lo)
				if n == 0 {
					continue
				}
				e := rayAtk{start: sp.lo, motion: d.motion, mask: dirMask[i] &^ r.offStand(X, s)} // per-colour rules
				if d.motion == raySlide && d.rng > 0 && d.rng < n {
					n = d.rng
				}
				if d.motion == rayHop && d.rng > 0 {
					e.rng = uint8(min(d.rng, 255))
				}
				e.n = uint8(n)
				r.atkRay = append(r.atkRay, e)
			}
			r.atkRayIdx[X][s].hi = uint32(len(r.atkRay))
		}
	}
	// lines[X][s]: squares whose occupancy may change whether X's pieces
	// attack s: every reverse ray square and every leap blocker.
	for X := 0; X < 2; X++ {
		for _, s := range r.squares {
			set := &r.lines[1-X][s]
			add := func(q uint8) { set[q/64] |= 1 << (q % 64) }
			for _, e := range r.atkLeap[r.atkLeapIdx[X][s].lo:r.atkLeapIdx[X][s].hi] {
				for _, b := range e.blk[:e.nb] {
					add(b)
				}
			}
			for _, e := range r.atkRay[r.atkRayIdx[X][s].lo:r.atkRayIdx[X][s].hi] {
				for _, q := range r.pool[e.start : e.start+uint32(e.n)] {
					add(q)
				}
			}
		}
	}
	if r.moves, err = compileMoveRules(v, r); err != nil { // family: move rules
		return nil, err
	}
	if r.drops, err = compileDrops(v, r); err != nil { // family: drops
		return nil, err
	}
	return r, nil
}

// squareName is the algebraic name of a board byte square.
func squareName(sq uint8) string {
	return geom.Square{File: int(sq % 16), Rank: int(sq / 16)}.String()
}

package engine

import (
	"fmt"

	"github.com/baten-chess/baten/draughts"
	"github.com/baten-chess/baten/variant"
)

type draughtsFrame struct {
	m     draughts.Move
	u     draughts.Undo
	clock int
}

// draughtsGame is the Game of English draughts: captures are forced, the
// side to move without pieces or moves loses, and the 40-move rule (80
// plies without a capture or a man's move) draws.
type draughtsGame struct {
	pos     draughts.Position
	clock   int
	stack   [maxPly + 8]draughtsFrame
	n       int
	ml      draughts.MoveList
	cached  draughts.Position // the position ml was generated for
	haveGen bool
	w       draughts.Weights
}

func newDraughtsGame() *draughtsGame {
	return &draughtsGame{w: draughts.DefaultWeights()}
}

// gen fills ml with the legal moves of the current position, once.
func (g *draughtsGame) gen() *draughts.MoveList {
	if !g.haveGen || g.cached != g.pos {
		g.pos.LegalMoves(&g.ml)
		g.cached, g.haveGen = g.pos, true
	}
	return &g.ml
}

// Actor is 0 for White (the wtime clock) and 1 for Black.
func (g *draughtsGame) Actor() int {
	if g.pos.Turn() == draughts.White {
		return 0
	}
	return 1
}

func (g *draughtsGame) Moves(dst []draughts.Move) []draughts.Move {
	return append(dst, g.gen().Slice()...)
}

func (g *draughtsGame) HasMoves() bool { return g.gen().Len() > 0 }

// Tactical: every move when a capture is forced, none otherwise.
func (g *draughtsGame) Tactical(dst []draughts.Move, _ bool) []draughts.Move {
	ml := g.gen()
	if ml.Len() > 0 && ml.At(0).IsCapture() {
		return append(dst, ml.Slice()...)
	}
	return dst
}

// StandPat: not when a capture is forced, nor without moves (a loss).
func (g *draughtsGame) StandPat(_ bool) bool {
	ml := g.gen()
	return ml.Len() > 0 && !ml.At(0).IsCapture()
}

func (g *draughtsGame) InCheck() bool { return false }

func (g *draughtsGame) Make(m draughts.Move) {
	f := &g.stack[g.n]
	f.m, f.clock = m, g.clock
	if g.pos.IsIrreversible(m) {
		g.clock = 0
	} else {
		g.clock++
	}
	f.u = g.pos.Make(m)
	g.n++
}

func (g *draughtsGame) Unmake() {
	g.n--
	f := &g.stack[g.n]
	g.pos.Unmake(f.m, f.u)
	g.clock = f.clock
}

// Key hashes the placement and the side to move (draughts positions have
// no Zobrist key of their own).
func (g *draughtsGame) Key() uint64 {
	b := uint64(g.pos.Pieces(draughts.Black))
	w := uint64(g.pos.Pieces(draughts.White))
	k := uint64(g.pos.Kings(draughts.Black) | g.pos.Kings(draughts.White))
	h := (b | w<<32) * 0x9e3779b97f4a7c15
	h ^= (k + uint64(g.pos.Turn())<<40) * 0xbf58476d1ce4e5b9
	h ^= h >> 31
	h *= 0x94d049bb133111eb
	return h ^ h>>29
}

func (g *draughtsGame) Evaluate() int {
	return draughts.Evaluate(g.pos, g.w) + g.endgame()
}

// endgame helps the side ahead convert: its kings go towards the enemy
// pieces, and trading down is rewarded.
func (g *draughtsGame) endgame() int {
	us := g.pos.Turn()
	them := us.Opponent()
	mat := func(c draughts.Color) int {
		return g.w.Man*g.pos.Men(c).Count() + g.w.King*g.pos.Kings(c).Count()
	}
	diff := mat(us) - mat(them)
	if diff == 0 {
		return 0
	}
	strong, weak, sign := us, them, 1
	if diff < 0 {
		strong, weak, sign = them, us, -1
	}
	total := g.pos.Pieces(strong).Count() + g.pos.Pieces(weak).Count()
	if total > 10 {
		return 0
	}
	bonus := 25 * (24 - total) // trade when ahead
	for ks := g.pos.Kings(strong); ks != 0; ks &= ks - 1 {
		f1, r1 := ks.First().Coords()
		nearest := 8
		for ws := g.pos.Pieces(weak); ws != 0; ws &= ws - 1 {
			f2, r2 := ws.First().Coords()
			nearest = min(nearest, max(abs(f1-f2), abs(r1-r2)))
		}
		bonus += 6 * (7 - nearest)
	}
	// The weak side's kings are safest in the double corners.
	for ws := g.pos.Kings(weak); ws != 0; ws &= ws - 1 {
		f, r := ws.First().Coords()
		if (f <= 1 && r <= 1) || (f >= 6 && r >= 6) {
			bonus -= 8
		}
	}
	return sign * bonus
}

func (g *draughtsGame) NoMoves() int            { return -1 }
func (g *draughtsGame) Ended() (int, int, bool) { return 0, 0, false }
func (g *draughtsGame) Clock() int              { return g.clock }
func (g *draughtsGame) ClockLimit() int         { return draughts.FortyMovePlies }

func (g *draughtsGame) Order(m draughts.Move) int {
	if !m.IsCapture() {
		return 0
	}
	return 10*m.Jumps() + 5*(m.Captured()&(g.pos.Kings(draughts.Black)|g.pos.Kings(draughts.White))).Count()
}

func (g *draughtsGame) HistoryIndex(m draughts.Move) int {
	return int(m.From())<<5 | int(m.To())
}

// Text surface.

// reset starts the 40-move count afresh from start's own count, which
// the registry position keeps (PDN FEN has none).
func (g *draughtsGame) reset(start variant.Position) error {
	p, ok := start.(interface{ Draughts() draughts.Position })
	if !ok {
		return fmt.Errorf("not a draughts position: %s", start.FEN())
	}
	g.n, g.haveGen = 0, false
	g.pos, g.clock = p.Draughts(), variant.MoveRuleCount(start)
	return nil
}

func (g *draughtsGame) native(a variant.Action) (draughts.Move, bool) {
	m, ok := a.Native().(draughts.Move)
	return m, ok
}

func (g *draughtsGame) commit(m draughts.Move) {
	g.n = 0
	if g.pos.IsIrreversible(m) {
		g.clock = 0
	} else {
		g.clock++
	}
	g.pos.Make(m)
}

func (g *draughtsGame) text(m draughts.Move) string { return m.String() }
func (g *draughtsGame) mateMoves(plies int) int     { return alternatingMate(plies) }
func (g *draughtsGame) matePlies(n int) int         { return 2*n - 1 }

func (g *draughtsGame) clone() Game[draughts.Move] { c := *g; return &c }

package engine

import (
	"fmt"
	"math/bits"

	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/variant"
)

type chessFrame struct {
	m chess.Move
	u chess.Undo
}

// chessGame is the Game of chess and Chess960.
type chessGame struct {
	pos      chess.Position
	stack    [maxPly + 8]chessFrame
	saved    [maxPly + 8]chess.Position // the positions before null moves
	n        int
	ml       chess.MoveList
	gen      bool // ml holds the legal moves of pos
	chess960 bool
	evals    evalCache
	net      netStack
}

func (g *chessGame) Actor() int { return int(g.pos.Turn()) }

// legal generates the legal moves once per position: quiescence asks
// HasMoves and then Tactical.
func (g *chessGame) legal() []chess.Move {
	if !g.gen {
		g.pos.LegalMoves(&g.ml)
		g.gen = true
	}
	return g.ml.Slice()
}

func (g *chessGame) Moves(dst []chess.Move) []chess.Move {
	return append(dst, g.legal()...)
}

func (g *chessGame) HasMoves() bool { return len(g.legal()) > 0 }

func (g *chessGame) Tactical(dst []chess.Move, evasions bool) []chess.Move {
	ml := g.legal()
	if evasions && g.pos.InCheck() {
		return append(dst, ml...)
	}
	for _, m := range ml {
		if chessOrder(&g.pos, m) > 0 && see(&g.pos, m) >= 0 {
			dst = append(dst, m)
		}
	}
	return dst
}

func (g *chessGame) StandPat(evasions bool) bool { return !evasions || !g.pos.InCheck() }
func (g *chessGame) InCheck() bool               { return g.pos.InCheck() }

func (g *chessGame) Make(m chess.Move) {
	g.net.diffs[g.n+1] = moveDiff(&g.pos, m)
	g.stack[g.n] = chessFrame{m, g.pos.Play(m)}
	g.n++
	g.gen = false
}

func (g *chessGame) Unmake() {
	g.gen = false
	g.n--
	g.net.pop(g.n)
	f := g.stack[g.n]
	g.pos.Unplay(f.m, f.u)
}

// MakeNull passes: the position is saved whole, as chess.Position has no
// undo for a null move.
func (g *chessGame) MakeNull() bool {
	g.saved[g.n] = g.pos
	if !g.pos.PlayNull() {
		return false
	}
	g.stack[g.n] = chessFrame{m: chess.NullMove}
	g.net.diffs[g.n+1] = netDiff{}
	g.n++
	g.gen = false
	return true
}

func (g *chessGame) UnmakeNull() {
	g.n--
	g.net.pop(g.n)
	g.pos = g.saved[g.n]
	g.gen = false
}

// NullSafe: the side to move has a piece besides its king and pawns;
// zugzwang is common only in king and pawn endings.
func (g *chessGame) NullSafe() bool {
	c := g.pos.Turn()
	return g.pos.ByColor(c)&^(g.pos.Pieces(c, chess.Pawn)|g.pos.Pieces(c, chess.King)) != 0
}

func (g *chessGame) Key() uint64   { return g.pos.Key() }
func (g *chessGame) Evaluate() int { return g.evals.lookup(g.pos.Key(), g.evaluate) }

// evaluate is Evaluate without the cache (netStack.evaluate).
func (g *chessGame) evaluate() int { return g.net.evaluate(g.n, &g.pos) }

// loneKing reports whether a side has nothing but its king.
func loneKing(p *chess.Position) bool {
	return p.ByColor(chess.White).Count() == 1 || p.ByColor(chess.Black).Count() == 1
}

func (g *chessGame) NoMoves() int {
	if g.pos.InCheck() {
		return -1
	}
	return 0
}

func (g *chessGame) Ended() (int, int, bool) { return 0, 0, g.pos.IsInsufficientMaterial() }
func (g *chessGame) Clock() int              { return g.pos.Halfmove() }
func (g *chessGame) ClockLimit() int         { return 100 }

func (g *chessGame) Order(m chess.Move) int { return chessOrder(&g.pos, m) }

func (g *chessGame) HistoryIndex(m chess.Move) int { return int(m.From())<<6 | int(m.To()) }

// Text surface.

func (g *chessGame) reset(start variant.Position) error {
	c, ok := start.(interface{ Chess() (chess.Position, bool) })
	if !ok {
		return fmt.Errorf("not a chess position: %s", start.FEN())
	}
	g.n, g.gen = 0, false
	g.pos, g.chess960 = c.Chess()
	g.net.reset(&g.pos)
	return nil
}

func (g *chessGame) native(a variant.Action) (chess.Move, bool) {
	m, ok := a.Native().(chess.Move)
	return m, ok
}

func (g *chessGame) commit(m chess.Move) {
	g.n, g.gen = 0, false
	g.pos.Play(m)
	g.net.reset(&g.pos)
}

func (g *chessGame) text(m chess.Move) string { return m.UCI(g.chess960) }

func (g *chessGame) mateMoves(plies int) int { return alternatingMate(plies) }
func (g *chessGame) matePlies(n int) int     { return 2*n - 1 }

func (g *chessGame) clone() Game[chess.Move] { c := *g; return &c }

// Exchange is see.
func (g *chessGame) Exchange(m chess.Move) int { return see(&g.pos, m) }

// StructureKey hashes the pawns of both sides.
func (g *chessGame) StructureKey() uint64 {
	return mix64(uint64(g.pos.Pieces(chess.White, chess.Pawn)), uint64(g.pos.Pieces(chess.Black, chess.Pawn)))
}

// mix64 hashes two 64-bit words into one whose every bit depends on all
// of theirs (SplitMix64's finaliser).
func mix64(a, b uint64) uint64 {
	z := a*0x9e3779b97f4a7c15 ^ bits.RotateLeft64(b*0xc2b2ae3d27d4eb4f, 29)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

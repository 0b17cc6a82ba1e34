package engine

import (
	"fmt"

	"github.com/baten-chess/baten/shatranj"
	"github.com/baten-chess/baten/variant"
)

// shatranjGame is the Game of shatranj: copy-make on a stack of positions.
// The end rules are those of shatranj.Position.Outcome: checkmate and
// stalemate lose for the side to move, a bare king loses (a position
// decided so has no moves), two bare Shahs draw.
type shatranjGame struct {
	stack [maxPly + 8]shatranj.Position
	n     int // stack[n] is the current position
	ml    shatranj.MoveList
	gen   bool // ml holds the legal moves of stack[n]
	// table is the endgame table of the search's root, nil if it has none
	// (see prepare).
	table *shatranj.EndgameTable
	// tables are the endgame tables this engine has built or is building,
	// by the material of White and Black.
	tables map[[2]shatranj.PieceType]*tableSlot
	evals  evalCache
}

func (g *shatranjGame) cur() *shatranj.Position { return &g.stack[g.n] }

func (g *shatranjGame) Actor() int { return int(g.cur().Turn()) }

// legal generates the legal moves once per position: quiescence asks
// HasMoves and then Tactical. A position decided by bare king has none.
func (g *shatranjGame) legal() []shatranj.Move {
	if !g.gen {
		g.cur().LegalMoves(&g.ml)
		g.gen = true
	}
	return g.ml.Slice()
}

func (g *shatranjGame) Moves(dst []shatranj.Move) []shatranj.Move {
	return append(dst, g.legal()...)
}

func (g *shatranjGame) HasMoves() bool { return len(g.legal()) > 0 }

// Tactical: captures and promotions; every move in check (with evasions)
// and for a bared Shah, which loses unless it takes the last enemy piece
// at once (counter-bare), so every one of its moves is decisive.
func (g *shatranjGame) Tactical(dst []shatranj.Move, evasions bool) []shatranj.Move {
	p := g.cur()
	ml := g.legal()
	if (evasions && p.InCheck()) || bared(p) {
		return append(dst, ml...)
	}
	for _, m := range ml {
		if shatranjOrder(p, m) > 0 && !losingShatranjCapture(p, m) {
			dst = append(dst, m)
		}
	}
	return dst
}

// losingShatranjCapture reports a capture that loses material at once: a
// man takes one worth less (by more than a Baidaq, by EvalValue) on a
// square the opponent guards. Quiescence leaves such captures out;
// promotions are never left out. (shatranjSEE in its place measured no
// better in quiescence: BENCHMARKS.md, "Search changes", row 23; the
// search orders and prunes by it.)
func losingShatranjCapture(p *shatranj.Position, m shatranj.Move) bool {
	victim := p.PieceAt(m.To())
	if victim == shatranj.NoPiece {
		return false
	}
	mover := p.PieceAt(m.From()).Type()
	if mover == shatranj.Baidaq || shatranj.EvalValue[mover] <= shatranj.EvalValue[victim.Type()]+100 {
		return false
	}
	return p.IsAttacked(m.To(), p.Turn().Other())
}

// Exchange is shatranjSEE, but a capture of the enemy's last man beside
// its Shah is worth bareValue: it bares the Shah and wins (unless the
// Shah bares back at once), whatever the men were worth.
func (g *shatranjGame) Exchange(m shatranj.Move) int {
	p := g.cur()
	enemy := p.ByColor(p.Turn().Other())
	if p.PieceAt(m.To()) != shatranj.NoPiece && (enemy&^p.Pieces(p.Turn().Other(), shatranj.Shah)).Count() == 1 {
		return bareValue
	}
	return shatranjSEE(p, m)
}

// bareValue is Exchange's value of a capture that bares the enemy Shah.
const bareValue = 10000

func (g *shatranjGame) StandPat(evasions bool) bool {
	p := g.cur()
	return (!evasions || !p.InCheck()) && !bared(p)
}

// bared reports that the side to move has only its Shah.
func bared(p *shatranj.Position) bool {
	return p.ByColor(p.Turn()) == p.Pieces(p.Turn(), shatranj.Shah)
}

func (g *shatranjGame) InCheck() bool { return g.cur().InCheck() }

func (g *shatranjGame) Make(m shatranj.Move) {
	g.stack[g.n+1] = g.stack[g.n].Play(m)
	g.n++
	g.gen = false
}

func (g *shatranjGame) Unmake() {
	g.n--
	g.gen = false
}

// MakeNull passes: the position with the other side to move, the clock
// counting the pass as a quiet move. shatranj.Position has no null move,
// so the position is rebuilt from its Setup (which cannot fail: the side
// that passes is not in check).
func (g *shatranjGame) MakeNull() bool {
	p := g.cur()
	if p.InCheck() {
		return false
	}
	s := p.Setup()
	s.Turn = s.Turn.Other()
	s.Halfmove++
	next, err := shatranj.NewPosition(s)
	if err != nil {
		return false
	}
	g.stack[g.n+1] = next
	g.n++
	g.gen = false
	return true
}

func (g *shatranjGame) UnmakeNull() { g.Unmake() }

// NullSafe: the side to move has a Rukh or a Faras. With only Ferzes,
// Alfils and Baidaqs (short-stepping men that cannot lose a tempo at
// will) zugzwang is the rule of the endgame, not the exception.
func (g *shatranjGame) NullSafe() bool {
	p := g.cur()
	c := p.Turn()
	return p.Pieces(c, shatranj.Rukh)|p.Pieces(c, shatranj.Faras) != 0
}

func (g *shatranjGame) Key() uint64 { return g.cur().Key() }

func (g *shatranjGame) Evaluate() int { return g.evals.lookup(g.Key(), g.evaluate) }

// evaluate is Evaluate without the cache.
func (g *shatranjGame) evaluate() int {
	p := g.cur()
	return shatranj.Evaluate(p, p.Turn()) + 10
}

func (g *shatranjGame) NoMoves() int {
	p := g.cur()
	o, ok := p.Outcome()
	switch {
	case !ok || o.Draw:
		return 0
	case o.Winner == p.Turn():
		return 1
	}
	return -1
}

// Ended: two bare Shahs (a position decided by bare king has no moves and
// is handled by NoMoves), and the endgame table's verdict when the search
// has one: every position of the search with four men is of the table's
// material, as the root is (a capture bares a side, no Baidaq promotes).
// A table win or loss counts only when the fifty-move rule cannot come
// first: the clock then stays below its limit up to the end (a capture
// at the end only resets it).
func (g *shatranjGame) Ended() (int, int, bool) {
	p := g.cur()
	occ := p.Occupied()
	if occ == p.Pieces(shatranj.White, shatranj.Shah)|p.Pieces(shatranj.Black, shatranj.Shah) {
		return 0, 0, true
	}
	if g.table == nil || occ.Count() != 4 {
		return 0, 0, false
	}
	plies, win, draw, err := g.table.Probe(p)
	switch {
	case err != nil:
		return 0, 0, false
	case draw:
		return 0, 0, true
	case p.Halfmove()+plies >= g.ClockLimit():
		return 0, 0, false
	case win:
		return 1, plies, true
	}
	return -1, plies, true
}

func (g *shatranjGame) Clock() int      { return g.cur().Halfmove() }
func (g *shatranjGame) ClockLimit() int { return 100 }

func (g *shatranjGame) Order(m shatranj.Move) int { return shatranjOrder(g.cur(), m) }

func (g *shatranjGame) HistoryIndex(m shatranj.Move) int { return int(m.From())<<6 | int(m.To()) }

// MovesHorizon: shatranj games last about 110 moves at fast controls,
// chess games about 65; a clock shared over 40 moves, not 25, leaves time
// for the endings that decide them (BENCHMARKS.md, row 97).
func (g *shatranjGame) MovesHorizon() int { return 40 }

// PieceTo is the moved man's code and the destination. (Chess has no
// continuation history: it measured no gain there, BENCHMARKS.md row 78.)
func (g *shatranjGame) PieceTo(m shatranj.Move) int {
	return int(g.cur().PieceAt(m.From())&15)<<6 | int(m.To())
}

// shatranjOrder is MVV-LVA with the historical values; a promotion counts
// as winning a Ferz.
func shatranjOrder(p *shatranj.Position, m shatranj.Move) int {
	v := 0
	if victim := p.PieceAt(m.To()); victim != shatranj.NoPiece {
		v = 10 * shatranj.PieceValue[victim.Type()]
	}
	mover := p.PieceAt(m.From()).Type()
	if mover == shatranj.Baidaq && (m.To().Rank() == 7 || m.To().Rank() == 0) {
		v += 10
	}
	if v == 0 {
		return 0
	}
	return v + 6 - shatranj.PieceValue[mover]
}

// Text surface.

func (g *shatranjGame) reset(start variant.Position) error {
	p, ok := start.(interface{ Shatranj() shatranj.Position })
	if !ok {
		return fmt.Errorf("not a shatranj position: %s", start.FEN())
	}
	g.n, g.gen = 0, false
	g.stack[0] = p.Shatranj()
	return nil
}

func (g *shatranjGame) native(a variant.Action) (shatranj.Move, bool) {
	m, ok := a.Native().(shatranj.Move)
	return m, ok
}

func (g *shatranjGame) commit(m shatranj.Move) {
	g.stack[0] = g.stack[g.n].Play(m)
	g.n, g.gen = 0, false
}

// text is the move as Fairy-Stockfish writes it: a promotion carries the
// Ferz's letter q.
func (g *shatranjGame) text(m shatranj.Move) string {
	p := g.cur()
	s := m.String()
	if p.PieceAt(m.From()).Type() == shatranj.Baidaq && (m.To().Rank() == 7 || m.To().Rank() == 0) {
		s += "q"
	}
	return s
}

func (g *shatranjGame) mateMoves(plies int) int { return alternatingMate(plies) }
func (g *shatranjGame) matePlies(n int) int     { return 2*n - 1 }

// clone shares the endgame tables, which a search only reads.
func (g *shatranjGame) clone() Game[shatranj.Move] { c := *g; return &c }

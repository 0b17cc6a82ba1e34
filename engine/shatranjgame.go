package engine

import (
	"github.com/baten-chess/baten/shatranj"
)

// shatranjGame is the Game of shatranj: copy-make on a stack of positions.
// The end rules are those of shatranj.Position.Outcome: checkmate and
// stalemate lose for the side to move, a bare king loses (a position
// decided so has no moves), two bare Shahs draw.
type shatranjGame struct {
	stack [maxPly + 8]shatranj.Position
	n     int // stack[n] is the current position
	ml    shatranj.MoveList
	fsf   bool // print FEN with Fairy-Stockfish's letters
}

func (g *shatranjGame) cur() *shatranj.Position { return &g.stack[g.n] }

func (g *shatranjGame) Actor() int { return int(g.cur().Turn()) }

func (g *shatranjGame) Moves(dst []shatranj.Move) []shatranj.Move {
	g.cur().LegalMoves(&g.ml)
	return append(dst, g.ml.Slice()...)
}

func (g *shatranjGame) Tactical(dst []shatranj.Move, evasions bool) []shatranj.Move {
	p := g.cur()
	p.LegalMoves(&g.ml)
	if evasions && p.InCheck() {
		return append(dst, g.ml.Slice()...)
	}
	for _, m := range g.ml.Slice() {
		if shatranjOrder(p, m) > 0 {
			dst = append(dst, m)
		}
	}
	return dst
}

func (g *shatranjGame) StandPat(evasions bool) bool { return !evasions || !g.cur().InCheck() }
func (g *shatranjGame) InCheck() bool               { return g.cur().InCheck() }

func (g *shatranjGame) Make(m shatranj.Move) {
	g.stack[g.n+1] = g.stack[g.n].Play(m)
	g.n++
}

func (g *shatranjGame) Unmake() { g.n-- }

func (g *shatranjGame) Key() uint64 { return g.cur().Key() }

func (g *shatranjGame) Evaluate() int {
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
// is handled by NoMoves).
func (g *shatranjGame) Ended() (int, bool) {
	p := g.cur()
	shahs := p.Pieces(shatranj.White, shatranj.Shah) | p.Pieces(shatranj.Black, shatranj.Shah)
	return 0, p.Occupied() == shahs
}

func (g *shatranjGame) Clock() int      { return g.cur().Halfmove() }
func (g *shatranjGame) ClockLimit() int { return 100 }

func (g *shatranjGame) Order(m shatranj.Move) int { return shatranjOrder(g.cur(), m) }

func (g *shatranjGame) HistoryIndex(m shatranj.Move) int { return int(m.From())<<6 | int(m.To()) }

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

func (g *shatranjGame) reset(fen string, _ bool) error {
	g.n = 0
	if fen == "" || fen == "startpos" {
		g.stack[0] = shatranj.StartPosition()
		return nil
	}
	p, err := shatranj.ParsePosition(fen)
	if err != nil {
		return err
	}
	g.stack[0] = p
	return nil
}

func (g *shatranjGame) parse(text string) (shatranj.Move, error) {
	return shatranj.ParseMove(g.cur(), text)
}

func (g *shatranjGame) commit(m shatranj.Move) {
	g.stack[0] = g.stack[g.n].Play(m)
	g.n = 0
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

func (g *shatranjGame) notation(m shatranj.Move) string { return shatranj.SAN(g.cur(), m) }

func (g *shatranjGame) fen() string {
	if g.fsf {
		return g.cur().FENLetters(shatranj.FSF)
	}
	return g.cur().FEN()
}

func (g *shatranjGame) moveNumber() (int, bool) {
	return g.cur().Fullmove(), g.cur().Turn() == shatranj.White
}

func (g *shatranjGame) mateMoves(plies int) int { return alternatingMate(plies) }

package engine

import (
	"fmt"
	"github.com/baten-chess/baten/variant"

	"github.com/baten-chess/baten/banchess"
	"github.com/baten-chess/baten/chess"
)

// banAction is the search's Ban-Chess action: banchess.Action itself, a
// packed 32-bit value, so the search holds no encoding of its own.
type banAction = banchess.Action

// banFrame is one action on the search stack, with what undoes it.
type banFrame struct {
	a banAction
	u banchess.Undo
}

// banGame is the Game of Ban-Chess. It searches a banchess.Position in
// place with its unchecked Do and Undo, so the phase, the ban, the ply and
// the key are package banchess's, the one implementation of the rules;
// this adapter adds only what a search needs: a cache of the chess moves,
// move ordering, the quiescence selection and the evaluation.
//
// A ban ply is an ordinary node of the tree: the banner chooses among the
// distinct from→to pairs of the mover's legal moves, and the search takes
// the best for the banner, exactly as for a move. A side with no legal move
// left after the ban is checkmated if in check and stalemated (a draw)
// otherwise; the fifty-move rule counts moves only; repetition compares
// position, phase and ban (banchess.Position.Key).
type banGame struct {
	bpos  banchess.Position // the state, searched in place; the committed one when n == 0
	stack [maxPly + 8]banFrame
	n     int
	ml    chess.MoveList
	gen   bool            // ml holds the legal chess moves of bpos
	sub   [256]chess.Move // Tactical's choice among ml
	net   netStack        // the network's accumulators along the line
}

// Actor is the colour acting: the banner (the side not to move) in a ban
// ply, the mover in a move ply.
func (g *banGame) Actor() int { return int(g.bpos.Actor()) }

// banPly reports whether the next action is a ban.
func (g *banGame) banPly() bool { return g.bpos.Phase() == banchess.BanPhase }

// legal generates the mover's legal chess moves once per chess position: a
// ban does not change them, so the ban ply and the move ply after it share
// one generation (banchess.Position.AppendActions takes them at both), and
// quiescence asks HasMoves and then Tactical.
func (g *banGame) legal() []chess.Move {
	if !g.gen {
		g.bpos.LegalChessMoves(&g.ml)
		g.gen = true
	}
	return g.ml.Slice()
}

// Moves appends the legal actions: the bans of a ban ply, the moves the
// ban leaves in a move ply.
func (g *banGame) Moves(dst []banAction) []banAction {
	return g.bpos.AppendActions(dst, g.legal())
}

// HasMoves: in a ban ply, whether the mover has a move to ban (if not, the
// last move mated or stalemated it); in a move ply, whether a move is left
// after the ban.
func (g *banGame) HasMoves() bool { return g.bpos.HasAction(g.legal()) }

// Tactical: in a move ply the unbanned captures and queen promotions (every
// unbanned move in check); in a ban ply every ban when the mover is in
// check, else the bans of its tactical moves and one ban of a quiet move,
// which stands for all the bans that leave its captures alone.
//
// That one quiet ban loses nothing: it is exact, not a heuristic. A ban ply
// without every ban is followed by a move ply where the mover may stand
// pat and searches only its unbanned tactical moves. A quiet ban removes
// none of them, does not change the position (so neither the evaluation,
// the end tests nor the moves after it), and is left out only when another
// quiet pair exists, which keeps a move for the mover (no banned-escape
// mate or stalemate hides there; with a single quiet pair its ban is the
// one searched). So every quiet ban gives the move ply the same value.
func (g *banGame) Tactical(dst []banAction, evasions bool) []banAction {
	ml := g.legal()
	if evasions && g.bpos.InCheck() {
		return g.bpos.AppendActions(dst, ml)
	}
	// Choose chess moves, then let banchess turn them into actions: the
	// unbanned ones in a move ply, their distinct pairs in a ban ply.
	pos := g.bpos.ChessRef()
	sub := g.sub[:0]
	if !g.banPly() {
		for _, m := range ml {
			if chessOrder(pos, m) > 0 {
				sub = append(sub, m)
			}
		}
		return g.bpos.AppendActions(dst, sub)
	}
	var tactical [64]uint64
	for _, m := range ml {
		if chessOrder(pos, m) > 0 {
			b := banchess.BanOf(m)
			tactical[b.From&63] |= 1 << (b.To & 63)
		}
	}
	quiet := false
	for _, m := range ml {
		if b := banchess.BanOf(m); tactical[b.From&63]&(1<<(b.To&63)) != 0 {
			sub = append(sub, m)
		} else if !quiet {
			quiet = true
			sub = append(sub, m)
		}
	}
	return g.bpos.AppendActions(dst, sub)
}

// StandPat: in a move ply out of check (with evasions); never in a ban ply.
func (g *banGame) StandPat(evasions bool) bool {
	return !g.banPly() && (!evasions || !g.bpos.InCheck())
}

// InCheck is true in a move ply only, so a check is extended once.
func (g *banGame) InCheck() bool { return !g.banPly() && g.bpos.InCheck() }

// Make does a legal action (from Moves or Tactical) without checks.
func (g *banGame) Make(a banAction) {
	f := &g.stack[g.n]
	f.a = a
	var d netDiff // a ban changes no man
	if !a.IsBan() {
		d = moveDiff(g.bpos.ChessRef(), a.Move())
	}
	g.net.diffs[g.n+1] = d
	g.bpos.Do(a, &f.u)
	g.n++
	if !a.IsBan() {
		g.gen = false
	}
}

// Unmake takes back the last action; undoing a ban keeps the chess moves.
func (g *banGame) Unmake() {
	g.n--
	g.net.pop(g.n)
	f := &g.stack[g.n]
	g.bpos.Undo(f.a, &f.u)
	if !f.a.IsBan() {
		g.gen = false
	}
}

// Key is banchess.Position.Key: the chess key, the phase and the ban.
func (g *banGame) Key() uint64 { return g.bpos.Key() }

// Evaluate is the chess evaluation network's for the actor.
func (g *banGame) Evaluate() int {
	e := g.net.evaluate(g.n, g.bpos.ChessRef())
	if g.banPly() {
		return -e
	}
	return e
}

// NoMoves: with no legal action the side to move is checkmated if in check
// (won by the other side: the banner in a ban ply, whose opponent's last
// move left it no move, the opponent in a move ply, whose ban did) and
// stalemated otherwise, as banchess.Position.Outcome rules.
func (g *banGame) NoMoves() int {
	if !g.bpos.InCheck() {
		return 0
	}
	if g.bpos.Actor() != g.bpos.Turn() {
		return 1
	}
	return -1
}

// Ended: only two bare kings are insufficient material in Ban-Chess (a ban
// lets a lone minor piece mate; see banchess.Position.InsufficientMaterial).
func (g *banGame) Ended() (int, int, bool) { return 0, 0, g.bpos.InsufficientMaterial() }

// Clock counts plies of actions since the last pawn move or capture: two a
// move, as bans do not advance the fifty-move clock.
func (g *banGame) Clock() int {
	c := 2 * g.bpos.Halfmove()
	if !g.banPly() {
		c++
	}
	return c
}

// ClockLimit is the fifty-move rule: 100 moves, 200 actions.
func (g *banGame) ClockLimit() int { return 200 }

// Order ranks a move by MVV-LVA and a ban by the capture it prevents.
func (g *banGame) Order(a banAction) int {
	pos := g.bpos.ChessRef()
	if !a.IsBan() {
		return chessOrder(pos, a.Move())
	}
	b := a.Ban()
	v := 0
	if victim := pos.PieceAt(b.To); victim != chess.NoPiece && victim.Color() != pos.Turn() {
		v = 10 * int(victim.Role())
	}
	if mover := pos.PieceAt(b.From); mover.Role() == chess.Pawn && (b.To.Rank() == 0 || b.To.Rank() == 7) {
		v += 50
	}
	return v
}

// HistoryIndex: from and to squares (castling by the king's destination,
// as bans write it), bans in a second half.
func (g *banGame) HistoryIndex(a banAction) int {
	if a.IsBan() {
		b := a.Ban()
		return 1<<12 | int(b.From) | int(b.To)<<6
	}
	m := a.Move()
	return int(m.From())<<6 | int(m.KingTo())
}

// Forbids is, for a ban, the HistoryIndex of the moves it forbids.
func (g *banGame) Forbids(a banAction) (int, bool) {
	if !a.IsBan() {
		return 0, false
	}
	b := a.Ban()
	return int(b.From)<<6 | int(b.To), true
}

// ---------------------------------------------------------------------------
// Front-door surface: the registry position in, actions for good, text out.

func (g *banGame) reset(start variant.Position) error {
	b, ok := start.(interface{ BanChess() banchess.Position })
	if !ok {
		return fmt.Errorf("not a Ban-Chess position: %s", start.FEN())
	}
	g.bpos, g.n, g.gen = b.BanChess(), 0, false
	g.net.reset(g.bpos.ChessRef())
	return nil
}

func (g *banGame) native(a variant.Action) (banAction, bool) {
	b, ok := a.Native().(banchess.Action)
	return b, ok
}

// commit plays a for good with the checked banchess.Position.Play, after
// taking back whatever the search left on the stack.
func (g *banGame) commit(a banAction) {
	for g.n > 0 {
		g.Unmake()
	}
	if err := g.bpos.Play(a); err != nil {
		panic("engine: ban-chess action from the generator refused: " + err.Error())
	}
	g.gen = false
	g.net.reset(g.bpos.ChessRef())
}

// text is the action as UCI: the ban's from-to pair (castling as king
// square + destination, e1g1) or the move (classic castling e1g1).
func (g *banGame) text(a banAction) string {
	if a.IsBan() {
		return a.Ban().String()
	}
	return a.Move().UCI(false)
}

// mateMoves counts the winner's moves (not bans) in a win of |plies| plies
// from the root: from a move ply the actions run move A, ban A, move B,
// ban B; from a ban ply ban A, move B, ban B, move A. A win by the ban at
// the root (the mover's only move banned) counts as one.
func (g *banGame) mateMoves(plies int) int {
	win := plies > 0
	n := abs(plies)
	banPly := g.banPly()
	count := 0
	for k := range n {
		i := k % 4
		var moveByRoot, moveByOther bool
		if banPly {
			moveByOther, moveByRoot = i == 1, i == 3
		} else {
			moveByRoot, moveByOther = i == 0, i == 2
		}
		if (win && moveByRoot) || (!win && moveByOther) {
			count++
		}
	}
	if !win {
		return -count
	}
	return max(count, 1)
}

// matePlies: from a move ply the win is the actor's n moves and bans with
// the opponent's in between; from a ban ply, the ban and the opponent's
// move and ban come first.
func (g *banGame) matePlies(n int) int {
	if g.banPly() {
		return 4*n + 1
	}
	return 4*n - 2
}

func (g *banGame) clone() Game[banAction] { c := *g; return &c }

package engine

import (
	"strings"

	"github.com/baten-chess/baten/banchess"
	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/san"
)

// banAction is a Ban-Chess action for the search: a chess.Move in the low
// 16 bits, or a ban (from | to<<6) with banFlag set.
type banAction uint32

const banFlag banAction = 1 << 31

func newBan(b banchess.Ban) banAction { return banFlag | banAction(b.From) | banAction(b.To)<<6 }

func (a banAction) isBan() bool { return a&banFlag != 0 }
func (a banAction) move() chess.Move {
	return chess.Move(a & 0xffff)
}
func (a banAction) ban() banchess.Ban {
	return banchess.Ban{From: chess.Square(a & 63), To: chess.Square(a >> 6 & 63)}
}

type banFrame struct {
	a      banAction
	u      chess.Undo
	ban    banchess.Ban
	banned bool
}

// banGame is the Game of Ban-Chess, searched on a chess.Position with its
// own phase and ban (banchess.Position checks every action, which the
// search does not need). A ban ply is an ordinary node of the tree: the
// banner chooses among the distinct from→to pairs of the mover's legal
// moves, and the search takes the best for the banner, exactly as for a
// move. The rules follow package banchess: a side with no legal move left
// after the ban is checkmated if in check and stalemated (a draw)
// otherwise; the fifty-move rule counts moves only; repetition compares
// position, phase and ban.
type banGame struct {
	pos      chess.Position
	banPhase bool // the next action is a ban
	ban      banchess.Ban
	banned   bool
	stack    [maxPly + 8]banFrame
	n        int
	ml       chess.MoveList
	gen      bool              // ml holds the legal chess moves of pos
	bpos     banchess.Position // the committed state, for text
}

// Actor is the colour acting: the banner (the side not to move) in a ban
// ply, the mover in a move ply.
func (g *banGame) Actor() int {
	if g.banPhase {
		return int(g.pos.Turn().Other())
	}
	return int(g.pos.Turn())
}

// legal generates the mover's legal chess moves once per position: a ban
// does not change them, so the ban ply and the move ply after it share
// one generation, and quiescence asks HasMoves and then Tactical.
func (g *banGame) legal() []chess.Move {
	if !g.gen {
		g.pos.LegalMoves(&g.ml)
		g.gen = true
	}
	return g.ml.Slice()
}

func (g *banGame) Moves(dst []banAction) []banAction {
	ml := g.legal()
	if !g.banPhase {
		for _, m := range ml {
			if !g.banned || !g.ban.Covers(m) {
				dst = append(dst, banAction(m))
			}
		}
		return dst
	}
	var seen [64]uint64
	for _, m := range ml {
		b := banchess.BanOf(m)
		if seen[b.From]&(1<<b.To) == 0 {
			seen[b.From] |= 1 << b.To
			dst = append(dst, newBan(b))
		}
	}
	return dst
}

// HasMoves: in a ban ply, whether the mover has a move to ban (if not, the
// last move mated or stalemated it); in a move ply, whether a move is left
// after the ban.
func (g *banGame) HasMoves() bool {
	for _, m := range g.legal() {
		if g.banPhase || !g.banned || !g.ban.Covers(m) {
			return true
		}
	}
	return false
}

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
	inCheck := evasions && g.pos.InCheck()
	if !g.banPhase {
		for _, m := range ml {
			if g.banned && g.ban.Covers(m) {
				continue
			}
			if inCheck || chessOrder(&g.pos, m) > 0 {
				dst = append(dst, banAction(m))
			}
		}
		return dst
	}
	if inCheck {
		return g.Moves(dst)
	}
	var seen, tactical [64]uint64
	for _, m := range ml {
		if chessOrder(&g.pos, m) > 0 {
			b := banchess.BanOf(m)
			tactical[b.From] |= 1 << b.To
		}
	}
	quiet := false
	for _, m := range ml {
		b := banchess.BanOf(m)
		if seen[b.From]&(1<<b.To) != 0 {
			continue
		}
		seen[b.From] |= 1 << b.To
		if tactical[b.From]&(1<<b.To) != 0 {
			dst = append(dst, newBan(b))
		} else if !quiet {
			quiet = true
			dst = append(dst, newBan(b))
		}
	}
	return dst
}

func (g *banGame) StandPat(evasions bool) bool {
	return !g.banPhase && (!evasions || !g.pos.InCheck())
}

// InCheck is true in a move ply only, so a check is extended once.
func (g *banGame) InCheck() bool { return !g.banPhase && g.pos.InCheck() }

func (g *banGame) Make(a banAction) {
	f := &g.stack[g.n]
	f.a, f.ban, f.banned = a, g.ban, g.banned
	g.n++
	if a.isBan() {
		g.ban, g.banned = a.ban(), true
		g.banPhase = false
		return
	}
	f.u = g.pos.Play(a.move())
	g.gen = false
	g.ban, g.banned = banchess.Ban{}, false
	g.banPhase = true
}

func (g *banGame) Unmake() {
	g.n--
	f := &g.stack[g.n]
	if !f.a.isBan() {
		g.pos.Unplay(f.a.move(), f.u)
		g.gen = false
	}
	g.ban, g.banned = f.ban, f.banned
	g.banPhase = f.a.isBan()
}

// Key follows banchess.Position.Key: the chess key, the phase and the ban.
func (g *banGame) Key() uint64 {
	k := g.pos.Key()
	if g.banPhase {
		k ^= 0x9e3779b97f4a7c15
	}
	if g.banned {
		k ^= (uint64(g.ban.From)<<6 | uint64(g.ban.To) + 1) * 0xbf58476d1ce4e5b9
	}
	return k
}

// Evaluate is the chess evaluation for the actor.
func (g *banGame) Evaluate() int {
	e := evalChess(&g.pos)
	if g.banPhase {
		return -e
	}
	return e
}

// NoMoves: in a ban ply the mover has no legal move at all (it was mated
// or stalemated by the last move); in a move ply none is left after the ban.
func (g *banGame) NoMoves() int {
	if !g.pos.InCheck() {
		return 0
	}
	if g.banPhase {
		return 1 // the banner mated the mover
	}
	return -1
}

// Ended: only two bare kings are insufficient material in Ban-Chess (a ban
// lets a lone minor piece mate; see package banchess).
func (g *banGame) Ended() (int, int, bool) { return 0, 0, g.pos.Occupied().Count() == 2 }

// Clock counts plies of actions since the last pawn move or capture: two a
// move, as bans do not advance the fifty-move clock.
func (g *banGame) Clock() int {
	c := 2 * g.pos.Halfmove()
	if !g.banPhase {
		c++
	}
	return c
}

func (g *banGame) ClockLimit() int { return 200 }

// Order ranks a move by MVV-LVA and a ban by the capture it prevents.
func (g *banGame) Order(a banAction) int {
	if !a.isBan() {
		return chessOrder(&g.pos, a.move())
	}
	b := a.ban()
	v := 0
	if victim := g.pos.PieceAt(b.To); victim != chess.NoPiece && victim.Color() != g.pos.Turn() {
		v = 10 * int(victim.Role())
	}
	if mover := g.pos.PieceAt(b.From); mover.Role() == chess.Pawn && (b.To.Rank() == 0 || b.To.Rank() == 7) {
		v += 50
	}
	return v
}

func (g *banGame) HistoryIndex(a banAction) int {
	if a.isBan() {
		return 1<<12 | int(a&0xfff)
	}
	m := a.move()
	return int(m.From())<<6 | int(m.To())
}

// Text surface.

func (g *banGame) sync() {
	g.n, g.gen = 0, false
	g.pos = g.bpos.Chess()
	g.banPhase = g.bpos.Phase() == banchess.BanPhase
	g.ban, g.banned = g.bpos.CurrentBan()
}

// reset reads an extended FEN (7 fields, "PLY" or "PLY:BAN") or a plain FEN
// (a ban ply: the side not to move bans first).
func (g *banGame) reset(fen string, _ bool) error {
	if fen == "" || fen == "startpos" {
		g.bpos = banchess.Startpos()
		g.sync()
		return nil
	}
	if len(strings.Fields(fen)) >= 7 {
		p, err := banchess.ParseFEN(fen)
		if err != nil {
			return err
		}
		g.bpos = p
		g.sync()
		return nil
	}
	s, err := chess.ParseFEN(fen)
	if err != nil {
		return err
	}
	cp, err := chess.NewPosition(s)
	if err != nil {
		return err
	}
	p, err := banchess.NewPosition(cp)
	if err != nil {
		return err
	}
	g.bpos = p
	g.sync()
	return nil
}

// parse reads "b:e2e4", "m:e2e4", SAN, or plain UCI "e2e4", which is a ban
// in a ban ply and a move in a move ply.
func (g *banGame) parse(text string) (banAction, error) {
	t := text
	if !strings.Contains(t, ":") && len(t) >= 4 && len(t) <= 5 && t[0] >= 'a' && t[0] <= 'h' && t[1] >= '1' && t[1] <= '8' && t[2] >= 'a' && t[2] <= 'h' {
		if g.bpos.Phase() == banchess.BanPhase {
			t = "b:" + t
		} else {
			t = "m:" + t
		}
	}
	a, err := g.bpos.ParseAction(t)
	if err != nil {
		return 0, err
	}
	if a.IsBan() {
		return newBan(a.Ban()), nil
	}
	return banAction(a.Move()), nil
}

func (g *banGame) commit(a banAction) {
	var act banchess.Action
	if a.isBan() {
		act = banchess.BanAction(a.ban())
	} else {
		act = banchess.MoveAction(a.move())
	}
	if err := g.bpos.Play(act); err != nil {
		panic("engine: ban-chess action from the generator refused: " + err.Error())
	}
	g.sync()
}

// text is the action as UCI: the ban's from-to pair (castling as king
// square + destination, e1g1) or the move (classic castling e1g1).
func (g *banGame) text(a banAction) string {
	if a.isBan() {
		return a.ban().String()
	}
	return a.move().UCI(false)
}

// notation is banchess's action text: "b:e2e4" for a ban, SAN for a move.
func (g *banGame) notation(a banAction) string {
	if a.isBan() {
		return "b:" + a.ban().String()
	}
	return san.Format(&g.pos, a.move())
}

func (g *banGame) fen() string {
	p := g.bpos
	if g.n == 0 {
		return p.FEN()
	}
	return g.pos.FEN(chess.CastlingClassic)
}

func (g *banGame) moveNumber() (int, bool) {
	return g.pos.Fullmove(), g.pos.Turn() == chess.White
}

// mateMoves counts the winner's moves (not bans) in a win of |plies| plies
// from the root: from a move ply the actions run move A, ban A, move B,
// ban B; from a ban ply ban A, move B, ban B, move A. A win by the ban at
// the root (the mover's only move banned) counts as one.
func (g *banGame) mateMoves(plies int) int {
	win := plies > 0
	n := abs(plies)
	count := 0
	for k := range n {
		i := k % 4
		var moveByRoot, moveByOther bool
		if g.banPhase {
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
	if g.banPhase {
		return 4*n + 1
	}
	return 4*n - 2
}

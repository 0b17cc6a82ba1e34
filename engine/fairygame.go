package engine

import (
	"fmt"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// fairyGame is the Game of a data-defined game (a registry position over
// package rules) whose variant package fairy compiles: make/unmake on one
// fairy.Position with a stack of undo records, legal moves cached per ply,
// material kept incrementally. It searches as genericGame does (the same
// mobility piece values, MVV-LVA, end rules), only faster.
type fairyGame struct {
	fr      *fairy.Rules
	rv      *rules.Variant
	v       *variant.Variant
	values  []int // by KindID, mobilityValues
	kingTxt bool  // moves are written as Fairy-Stockfish does (castling e1g1, makruk's e5e6m)
	give    bool  // family: antichess: losing pieces wins (see giveaway), material counts inverted
	goals   goals // the race and the check count (goals.go)
	blast   bool  // family: atomic: a capture removes more than its victim, so material is counted again
	squares []geom.Square

	p      fairy.Position
	n      int
	frames [maxPly + 8]fairyFrame
	lists  [maxPly + 8]fairy.MoveList
	gen    [maxPly + 8]bool
	mat    [2]int // material by player
	pieces [2]int // all pieces by player
	ev     *fairyTables
	psq    evalSum // the tables' terms (fairyeval.go)
	srch   fairySearch
}

type fairyFrame struct {
	m      fairy.Move
	u      fairy.Undo
	mat    [2]int
	pieces [2]int
	psq    evalSum
}

// newFairyGame returns the fast adapter for the game of start, a registry
// position over package rules, or an error if fairy does not compile its
// variant or writes its moves otherwise than the registry.
func newFairyGame(v *variant.Variant, start variant.Position) (*fairyGame, error) {
	rp, ok := start.(interface{ Rules() *rules.Position })
	if !ok {
		return nil, fmt.Errorf("not a position over package rules")
	}
	if v.Family == variant.PDN {
		return nil, fmt.Errorf("PDN notation")
	}
	rv := rp.Rules().Variant()
	fr, err := fairy.Compile(rv)
	if err != nil {
		return nil, err
	}
	g := &fairyGame{fr: fr, rv: rv, v: v, values: mobilityValues(rv)}
	g.kingTxt = v.RulesMoveText != nil
	g.give = giveaway(rv) // family: antichess
	g.goals = newGoals(rv)
	g.blast = rv.Capture != nil && rv.Capture.Blast
	g.squares = rv.Size.Squares()
	home, err := rules.Start(rv)
	if err != nil {
		return nil, err
	}
	hp, err := fr.FromRules(home)
	if err != nil {
		return nil, err
	}
	g.ev = newFairyTables(rv, g.values, &hp, g.give)
	g.srch = newFairySearch(rv)
	if err := g.reset(start); err != nil {
		return nil, err
	}
	// The registry's machine text of the start's moves must be ours.
	want := map[string]bool{}
	for _, a := range start.Legal() {
		want[a.String()] = true
	}
	ms := g.legal()
	if len(ms) != len(want) {
		return nil, fmt.Errorf("fairy lists %d moves, the registry %d", len(ms), len(want))
	}
	for _, m := range ms {
		if !want[g.text(m)] {
			return nil, fmt.Errorf("move %s unknown to the registry", g.text(m))
		}
	}
	return g, nil
}

func (g *fairyGame) legal() []fairy.Move {
	if !g.gen[g.n] {
		g.p.LegalMoves(&g.lists[g.n])
		g.gen[g.n] = true
	}
	return g.lists[g.n].Slice()
}

// over reports a position the bare-king or extinction rule has decided
// although moves may remain.
func (g *fairyGame) over() bool { _, ok := g.p.Decided(); return ok }

func (g *fairyGame) Actor() int { return int(g.p.Turn()) }

func (g *fairyGame) Moves(dst []fairy.Move) []fairy.Move {
	if g.over() {
		return dst
	}
	return append(dst, g.legal()...)
}

func (g *fairyGame) HasMoves() bool { return !g.over() && len(g.legal()) > 0 }

// Tactical: every move in check with evasions, captures and promotions
// otherwise; none where every move is one and captures are not
// compulsory. There (clobber, where every move takes a stone) a capture is
// no tactic, and following each would search every line to the game's
// end; where captures are compulsory (antichess) the lines are forced.
// Captures the exchange loses (Exchange) are left out, as chessGame
// leaves them, and even exchanges too past the plies of evasions, but
// where captures are compulsory: following them all made the
// grasshopper's quiescence search every exchange of its sixteen hoppers
// (seldepth 38, a minute for depth 1).
func (g *fairyGame) Tactical(dst []fairy.Move, evasions bool) []fairy.Move {
	if g.over() {
		return dst
	}
	inCheck := evasions && g.p.InCheck()
	legal := g.legal()
	first, n := len(dst), 0
	for _, m := range legal {
		if inCheck {
			dst = append(dst, m)
		} else if g.Order(m) > 0 {
			n++
			if e := g.Exchange(m); g.rv.MandatoryCapture || e > 0 || e == 0 && evasions {
				dst = append(dst, m)
			}
		}
	}
	if !inCheck && !g.rv.MandatoryCapture && n == len(legal) {
		return dst[:first]
	}
	return dst
}

func (g *fairyGame) StandPat(evasions bool) bool { return !evasions || !g.p.InCheck() }
func (g *fairyGame) InCheck() bool               { return g.p.InCheck() }

// victim is the square of the piece m takes, if it takes one.
func (g *fairyGame) victim(m fairy.Move) (rules.Piece, bool) {
	if m.IsCastle() {
		return rules.Piece{}, false
	}
	sq := m.To()
	if m.IsEnPassant() {
		sq = geom.Square{File: sq.File, Rank: m.From().Rank}
	}
	pc := g.p.At(sq)
	return pc, !pc.Empty()
}

func (g *fairyGame) Make(m fairy.Move) {
	f := &g.frames[g.n]
	f.m, f.mat, f.pieces, f.psq = m, g.mat, g.pieces, g.psq
	recount := g.ev.move(&g.psq, &g.p, m)
	if c, ok := g.victim(m); ok {
		g.mat[c.Owner] -= g.values[c.Kind]
		g.pieces[c.Owner]--
	}
	if pk := m.Promotion(); pk != 0 {
		us := g.p.Turn()
		g.mat[us] += g.values[pk] - g.values[g.p.At(m.From()).Kind]
	}
	f.u = g.p.Play(m)
	if g.blast || recount { // family: atomic
		g.count()
	}
	g.n++
	g.gen[g.n] = false
}

func (g *fairyGame) Unmake() {
	g.n--
	f := &g.frames[g.n]
	g.p.Unplay(f.m, f.u)
	g.mat, g.pieces, g.psq = f.mat, f.pieces, f.psq
}

func (g *fairyGame) Key() uint64 { return g.p.Key() }

// Evaluate is the actor's material minus the opponent's, with the
// tables' terms (fairyeval.go) and the terms of the game's goal (goals.go).
func (g *fairyGame) Evaluate() int {
	us := g.p.Turn()
	if g.give { // family: antichess
		return g.mat[us^1] - g.mat[us]
	}
	return g.mat[us] - g.mat[us^1] + g.ev.score(&g.psq, us) + g.goals.score(&g.p)
}

// NoMoves scores the end as rules.Position.Outcome decides it: the
// bare-king or extinction rule, else checkmate with the variant's value,
// no pieces a loss, and stalemate with the variant's value.
func (g *fairyGame) NoMoves() int {
	us := g.p.Turn()
	if o, ok := g.p.Decided(); ok {
		return outcomeFor(o, us)
	}
	switch {
	case g.p.InCheck() || g.p.PseudoRoyalAttacked(): // family: pseudo-royal
		switch g.rv.CheckmateValue {
		case rules.ValueWin:
			return 1
		case rules.ValueDraw:
			return 0
		}
		return -1
	case g.pieces[us] == 0 && g.rv.NoMoves == rules.NoMovesLoses: // else stalemateValue decides, as rules does
		return -1
	}
	if s := g.rv.Stalemate; s != nil && s.ByPieceCount { // family: antichess
		return stalemateByCount(g.rv.NoMoves, g.pieces[us], g.pieces[us^1])
	}
	switch g.rv.NoMoves {
	case rules.NoMovesDraw:
		return 0
	case rules.NoMovesWins:
		return 1
	}
	return -1
}

// outcomeFor is o's result for player pl: -1, 0 or +1.
func outcomeFor(o rules.Outcome, pl rules.Player) int {
	switch {
	case o.Draw:
		return 0
	case o.Winner == pl:
		return 1
	}
	return -1
}

// RepetitionRule is the game's own repetition rule, if it has one, with
// the result for the actor (see repetitionRuler).
func (g *fairyGame) RepetitionRule() (count, res int, ok bool) {
	return repetitionFor(g.v, variant.Color(g.p.Turn()))
}

// Ended: a position decided by the bare-king or extinction rule while
// moves remain, or drawn by the counting rule (a count past its limit,
// the side to move not checkmated), as rules.Position.Outcome decides.
func (g *fairyGame) Ended() (int, int, bool) {
	if g.over() {
		return g.NoMoves(), 0, true
	}
	if g.p.CountingExpired() && (!g.p.InCheck() || len(g.legal()) > 0) {
		return 0, 0, true
	}
	return 0, 0, false
}

func (g *fairyGame) Clock() int      { return g.p.Halfmove() }
func (g *fairyGame) ClockLimit() int { return g.v.MoveRule }

// Order is genericGame's MVV-LVA.
func (g *fairyGame) Order(m fairy.Move) int {
	score := 0
	if c, ok := g.victim(m); ok {
		score += 16 * g.values[c.Kind]
	}
	if pk := m.Promotion(); pk != 0 {
		score += 16 * g.values[pk]
	}
	if score > 0 {
		score += 1000 - g.values[g.p.At(m.From()).Kind]/16
	}
	return score
}

func (g *fairyGame) HistoryIndex(m fairy.Move) int {
	f, t := m.From(), m.To()
	return ((f.Rank*16+f.File)*256 + t.Rank*16 + t.File) % HistorySize
}

// Text surface.

func (g *fairyGame) reset(start variant.Position) error {
	rp, ok := start.(interface{ Rules() *rules.Position })
	if !ok {
		return fmt.Errorf("not a position over package rules: %s", start.FEN())
	}
	p, err := g.fr.FromRules(rp.Rules())
	if err != nil {
		return err
	}
	g.p, g.n, g.gen[0] = p, 0, false
	g.count()
	return nil
}

// count sets the material, piece counts and tables' terms from the board.
func (g *fairyGame) count() {
	g.mat, g.pieces, g.psq = [2]int{}, [2]int{}, evalSum{}
	for _, sq := range g.squares {
		pc := g.p.At(sq)
		if pc.Empty() {
			continue
		}
		g.mat[pc.Owner] += g.values[pc.Kind]
		g.pieces[pc.Owner]++
		if g.ev.on {
			g.ev.add(&g.psq, pc, sq)
		}
	}
}

// native finds the legal move of the current position written as a.
func (g *fairyGame) native(a variant.Action) (fairy.Move, bool) {
	t := a.String()
	for _, m := range g.legal() {
		if g.text(m) == t {
			return m, true
		}
	}
	return 0, false
}

func (g *fairyGame) commit(m fairy.Move) {
	g.Make(m)
	g.n, g.gen[0] = 0, false
}

// text is the registry's machine text: the reference generator's, with
// castling as the king's own move where the registry writes it so.
func (g *fairyGame) text(m fairy.Move) string {
	if g.kingTxt {
		return g.p.FSFMoveText(m)
	}
	return g.p.MoveText(m)
}

func (g *fairyGame) mateMoves(plies int) int { return alternatingMate(plies) }
func (g *fairyGame) matePlies(n int) int     { return 2*n - 1 }

// clone shares the compiled rules, which a search only reads.
func (g *fairyGame) clone() Game[fairy.Move] { c := *g; return &c }

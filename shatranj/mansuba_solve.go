package shatranj

import (
	"context"
	"errors"
	"fmt"

	bb "github.com/baten-chess/baten/internal/bitboard"
)

// ErrNoWin is returned by Solve when the side to move has no forced win
// within the limit.
var ErrNoWin = errors.New("shatranj: no forced win within the limit")

// Solution is the shortest forced win of the side to move (the attacker).
type Solution struct {
	// Moves is the length of the win in moves of the attacker: after its
	// Moves-th move the game is decided (checkmate, stalemate, bare king),
	// or, when that move bares the defender's Shah, it is decided by the
	// defender's reply (which cannot take the last piece). This is
	// Fairy-Stockfish's "mate N" count.
	Moves int
	// Line is a main line: the attacker's moves and the defender's replies
	// alternately, the defender always choosing a reply that delays the
	// end longest, up to the position where the game is decided.
	Line []Move
	// Result is how the main line ends.
	Result Outcome
	// Nodes counts the positions the proof search visited (0 when an
	// endgame table answered).
	Nodes uint64
	// Table reports that the answer came from an exact retrograde
	// analysis (see EndgameTable).
	Table bool
}

// Solver finds shortest forced wins (see Solve). It keeps the endgame
// tables it builds and a transposition table between calls, so reuse one
// Solver for several problems. A Solver is not safe for concurrent use.
type Solver struct {
	// NoTables turns off the endgame tables: every position is searched.
	NoTables bool
	tables   map[[2]PieceType]*EndgameTable
	tt       []ttEntry
	nodes    uint64
	ctx      context.Context
	err      error
	killers  [maxSolve + 1]Move // the last refutation found with n moves to go
}

// ttEntry records what is proved about one position: the attacker (side
// to move) wins within win moves (0: not known), and does not win within
// noWin moves. best is a winning move; for a position where the defender
// is to move (stored under the key with the bit defenderKey set) best is a
// refutation.
type ttEntry struct {
	key   uint64
	win   uint8
	noWin uint8
	best  Move
}

const (
	killerScore = 5000 // the ordering bonus of the killer reply
	ttBits      = 20   // 2^20 entries in buckets of two
	defenderKey = 0x9e3779b97f4a7c15
	maxSolve    = 120 // the longest win Solve accepts, in moves
)

// NewSolver returns a Solver with an empty transposition table.
func NewSolver() *Solver {
	return &Solver{tables: map[[2]PieceType]*EndgameTable{}}
}

// Solve returns the shortest forced win of the side to move of p within
// maxMoves moves (see Solution for the count), with a new Solver. A win is
// any end the rules give to the side to move: checkmate, stalemate of the
// opponent, or its bare king. Draw claims (repetition, fifty moves) are
// ignored, as in problems. The error is ErrNoWin when there is no such
// win, wraps ErrGameOver when p is already decided, and is ctx's error
// when ctx is done first.
func Solve(ctx context.Context, p Position, maxMoves int) (Solution, error) {
	return NewSolver().Solve(ctx, p, maxMoves)
}

// Solve is the package-level Solve, reusing s's tables.
//
// Positions with one piece besides the Shah on each side and no Baidaqs
// are answered exactly from an EndgameTable (built on first use, a few
// seconds); other positions by an iterative-deepening proof search: for
// n = 1, 2, … it proves or refutes a win within n moves, every attacker
// move and every defender reply considered (checks and captures first,
// then moves that leave the defender fewest replies), with a
// transposition table keyed by Position.Key that records the proved
// bounds. The first n that succeeds is the shortest win.
func (s *Solver) Solve(ctx context.Context, p Position, limit int) (Solution, error) {
	if limit < 1 || limit > maxSolve {
		return Solution{}, fmt.Errorf("shatranj: Solve: move limit %d out of range 1..%d", limit, maxSolve)
	}
	if o, over := p.Outcome(); over {
		return Solution{}, fmt.Errorf("%w: %v", ErrGameOver, o)
	}
	if s.tables == nil {
		s.tables = map[[2]PieceType]*EndgameTable{}
	}
	if s.tt == nil {
		s.tt = make([]ttEntry, 1<<ttBits)
	}
	s.ctx, s.err, s.nodes = ctx, nil, 0
	defer func() { s.ctx = nil }()

	if e, ok := s.table(&p); ok {
		plies, win, _, _ := e.Probe(&p)
		if !win || (plies+1)/2 > limit {
			if s.err != nil {
				return Solution{}, s.err
			}
			return Solution{}, ErrNoWin
		}
		sol := Solution{Moves: (plies + 1) / 2, Table: true}
		sol.Line, sol.Result = s.tableLine(e, p)
		return sol, nil
	}
	if s.err != nil {
		return Solution{}, s.err
	}
	for n := 1; n <= limit; n++ {
		ok := s.win(&p, n)
		if s.err != nil {
			return Solution{}, s.err
		}
		if ok {
			sol := Solution{Moves: n, Nodes: s.nodes}
			sol.Line, sol.Result = s.line(p, n)
			if s.err != nil {
				return Solution{}, s.err
			}
			return sol, nil
		}
	}
	return Solution{}, ErrNoWin
}

// WinsWithin reports whether the side to move of p can force a win within
// n moves (counted as in Solution.Moves). It is Solve's test for one
// length, for verifying a stated solution move by move.
func (s *Solver) WinsWithin(ctx context.Context, p Position, n int) (bool, error) {
	if n < 1 || n > maxSolve {
		return false, fmt.Errorf("shatranj: WinsWithin: move limit %d out of range 1..%d", n, maxSolve)
	}
	if _, over := p.Outcome(); over {
		return false, nil
	}
	if s.tables == nil {
		s.tables = map[[2]PieceType]*EndgameTable{}
	}
	if s.tt == nil {
		s.tt = make([]ttEntry, 1<<ttBits)
	}
	s.ctx, s.err = ctx, nil
	defer func() { s.ctx = nil }()
	ok := s.win(&p, n)
	if s.err != nil {
		return false, s.err
	}
	return ok, nil
}

// table returns the endgame table for p's material, building it on first
// use, if p has one piece besides the Shah on each side and no Baidaqs.
func (s *Solver) table(p *Position) (*EndgameTable, bool) {
	if s.NoTables || p.byType[Baidaq] != 0 {
		return nil, false
	}
	w := p.byColor[White] &^ p.byType[Shah]
	b := p.byColor[Black] &^ p.byType[Shah]
	if w.Count() != 1 || b.Count() != 1 {
		return nil, false
	}
	k := [2]PieceType{p.PieceAt(w.LSB()).Type(), p.PieceAt(b.LSB()).Type()}
	if e := s.tables[k]; e != nil {
		return e, true
	}
	e, err := BuildEndgameTable(s.context(), k[0], k[1])
	if err != nil {
		s.err = err
		return nil, false
	}
	s.tables[k] = e
	return e, true
}

func (s *Solver) context() context.Context {
	if s.ctx == nil {
		return context.Background()
	}
	return s.ctx
}

// stopped polls the context every 4096 nodes.
func (s *Solver) stopped() bool {
	if s.err != nil {
		return true
	}
	s.nodes++
	if s.nodes&4095 == 0 && s.ctx != nil {
		if err := s.ctx.Err(); err != nil {
			s.err = err
			return true
		}
	}
	return false
}

func (s *Solver) probe(key uint64) *ttEntry {
	b := s.bucket(key)
	for i := range b {
		if b[i].key == key {
			return &b[i]
		}
	}
	return nil
}

// bucket returns the two entries key may be stored in. A new position
// takes the first when its proof is at least as deep as the first's
// (which moves to the second), else the second: deep proofs stay, and
// the latest shallow one is kept beside them.
func (s *Solver) bucket(key uint64) *[2]ttEntry {
	i := key & (1<<ttBits - 2)
	return (*[2]ttEntry)(s.tt[i : i+2])
}

// depth is the number of moves the entry's deepest bound is about.
func (e *ttEntry) depth() uint8 { return max(e.win, e.noWin) }

func (s *Solver) store(key uint64, n int, won bool, best Move) {
	e := s.probe(key)
	if e == nil {
		b := s.bucket(key)
		e = &b[1]
		if uint8(n) >= b[0].depth() {
			b[1] = b[0]
			e = &b[0]
		}
		*e = ttEntry{key: key}
	}
	if won {
		if e.win == 0 || int(e.win) > n {
			e.win = uint8(n)
			e.best = best
		}
	} else {
		if int(e.noWin) < n {
			e.noWin = uint8(n)
		}
		if best != NoMove {
			e.best = best
		}
	}
}

// attackerWon reports whether the decided outcome of q favours attacker.
func attackerWon(o Outcome, attacker Color) bool { return !o.Draw && o.Winner == attacker }

// win reports whether the side to move of p wins within n moves.
func (s *Solver) win(p *Position, n int) bool { return s.winKey(p, p.Key(), n) }

// childKey returns the Key of p.Play(m) from p's key.
func childKey(p *Position, key uint64, m Move) uint64 {
	from, to := m.From(), m.To()
	pc := p.board[from]
	key ^= zobristBlack ^ zobrist[pc&15][from]
	if cap := p.board[to]; cap != NoPiece {
		key ^= zobrist[cap&15][to]
	}
	if pc.Type() == Baidaq && to.Rank() == lastRank(p.turn) {
		pc = MakePiece(p.turn, Ferz)
	}
	return key ^ zobrist[pc&15][to]
}

// winKey is win with p's key given. The last move (n = 1) is not stored
// in the transposition table: it is cheaper to redo.
func (s *Solver) winKey(p *Position, key uint64, n int) bool {
	if s.stopped() {
		return false
	}
	if e, ok := s.table(p); ok {
		plies, won, _, _ := e.Probe(p)
		return won && (plies+1)/2 <= n
	}
	if n == 1 {
		return s.winNow(p)
	}
	if e := s.probe(key); e != nil {
		if e.win != 0 && int(e.win) <= n {
			return true
		}
		if int(e.noWin) >= n {
			return false
		}
	}
	us := p.turn
	var ml MoveList
	p.LegalMoves(&ml)
	moves := s.order(p, key, ml.Slice(), n)
	for _, m := range moves {
		c := p.Play(m)
		if o, over := c.Outcome(); over {
			if attackerWon(o, us) {
				s.store(key, n, true, m)
				return true
			}
			continue
		}
		if s.defenderLoses(&c, childKey(p, key, m), us, n-1) {
			s.store(key, n, true, m)
			return true
		}
		if s.err != nil {
			return false
		}
	}
	if s.err == nil {
		s.store(key, n, false, NoMove)
	}
	return false
}

// winNow reports whether the side to move of p wins with its next move:
// the game is decided by it, or it bares the defender's Shah for good.
func (s *Solver) winNow(p *Position) bool {
	us := p.turn
	var ml MoveList
	p.LegalMoves(&ml)
	for _, m := range s.order(p, 0, ml.Slice(), 1) {
		c := p.Play(m)
		if o, over := c.Outcome(); over {
			if attackerWon(o, us) {
				return true
			}
			continue
		}
		if s.defenderLoses(&c, 0, us, 0) {
			return true
		}
	}
	return false
}

// defenderLoses reports whether every reply of the defender (to move in c)
// leaves the attacker a win within n moves (n = 0: the reply itself must
// lose at once, which happens only to a bared Shah).
func (s *Solver) defenderLoses(c *Position, ckey uint64, attacker Color, n int) bool {
	if n == 0 {
		if c.byColor[c.turn]&^c.byType[Shah] != 0 {
			return false // a defender with a piece cannot lose by its own move
		}
		var ml MoveList
		c.LegalMoves(&ml)
		for _, r := range ml.Slice() {
			g := c.Play(r)
			if o, over := g.Outcome(); !over || !attackerWon(o, attacker) {
				return false
			}
		}
		return true
	}
	key := ckey ^ defenderKey
	var best Move
	if n > 1 {
		if e := s.probe(key); e != nil {
			if int(e.noWin) >= n {
				return false
			}
			best = e.best
		}
	}
	var ml MoveList
	c.LegalMoves(&ml)
	replies := ml.Slice()
	s.orderReplies(c, replies, best, s.killers[n])
	for _, r := range replies {
		g := c.Play(r)
		if o, over := g.Outcome(); over {
			if attackerWon(o, attacker) {
				continue
			}
			s.refuted(key, n, r)
			return false
		}
		if !s.winKey(&g, childKey(c, ckey, r), n) {
			if s.err == nil {
				s.refuted(key, n, r)
			}
			return false
		}
	}
	return true
}

// refuted records the defender's reply r, which leaves the attacker no
// win within n moves, as the killer for n and in the table. Not when
// n = 1: those are the most numerous defender nodes and the cheapest to
// redo, and storing them would evict the deeper proofs.
func (s *Solver) refuted(key uint64, n int, r Move) {
	s.killers[n] = r
	if n > 1 {
		s.store(key, n, false, r)
	}
}

// orderReplies sorts the defender's replies: the known refutation, the
// killer (the refutation found last with as many moves to go), captures
// of the most valuable attackers, Shah moves, then the rest.
func (s *Solver) orderReplies(c *Position, replies []Move, best, killer Move) {
	opp := c.byColor[c.turn^1]
	var buf [maxMoves]scoredMove
	list := buf[:0]
	for _, r := range replies {
		v := 0
		switch {
		case r == best:
			v = 1 << 20
		case r == killer:
			v = killerScore
		}
		if opp.Has(r.To()) {
			v += 1000 + 10*PieceValue[c.board[r.To()].Type()]
		}
		if c.board[r.From()].Type() == Shah {
			v += 500
		}
		list = append(list, scoredMove{r, v})
	}
	sortScored(list)
	for i, e := range list {
		replies[i] = e.m
	}
}

// sortScored sorts list by decreasing score, keeping the order of equal
// scores (insertion sort: the lists are short).
func sortScored(list []scoredMove) {
	for i := 1; i < len(list); i++ {
		e := list[i]
		j := i
		for ; j > 0 && list[j-1].v < e.v; j-- {
			list[j] = list[j-1]
		}
		list[j] = e
	}
}

// front moves m, if present, to the front of moves.
func front(moves []Move, m Move) {
	if m == NoMove {
		return
	}
	for i, r := range moves {
		if r == m {
			copy(moves[1:i+1], moves[:i])
			moves[0] = m
			return
		}
	}
}

// order sorts the attacker's moves: the previous best first, then moves
// that end the game, checks and captures, then (with three moves or more
// to go) the fewer replies the better. On the last move (n = 1) only moves
// that can win at once are kept: checks, captures and moves that may leave
// the defender no reply.
func (s *Solver) order(p *Position, key uint64, moves []Move, n int) []Move {
	var best Move
	if e := s.probe(key); e != nil {
		best = e.best
	}
	opp := p.byColor[p.turn^1]
	// A defender that keeps a move whatever quiet move the attacker makes
	// cannot be stalemated now.
	mobile := n == 1 && defenderMobile(p)
	ck := newCheckInfo(p)
	var buf [maxMoves]scoredMove
	list := buf[:0]
	for _, m := range moves {
		check := ck.givesCheck(p, m)
		capture := opp.Has(m.To())
		if n == 1 && !check && !capture {
			if mobile {
				continue // cannot decide the game now
			}
			if c := p.Play(m); c.HasMoves() {
				continue
			}
		}
		v := 0
		if n >= 3 {
			c := p.Play(m)
			v = -c.CountMoves()
		}
		if check {
			v += 1000
		}
		if capture {
			v += 500
		}
		if m == best {
			v += 100000
		}
		list = append(list, scoredMove{m, v})
	}
	sortScored(list)
	out := moves[:0]
	for _, e := range list {
		out = append(out, e.m)
	}
	return out
}

// checkInfo holds what tells whether a move of the side to move checks
// the opponent's Shah: the squares from which each kind of piece attacks
// it, and the own men whose departure from a Rukh's line uncovers a check.
type checkInfo struct {
	ksq        Square
	from       [7]Bitboard
	discoverer Bitboard
}

func newCheckInfo(p *Position) checkInfo {
	us := p.turn
	k := p.Shah(us ^ 1)
	occ := p.Occupied()
	ci := checkInfo{ksq: k}
	ci.from[Faras] = bb.KnightAttacks(k)
	ci.from[Alfil] = alfilAttacks[k]
	ci.from[Ferz] = ferzAttacks[k]
	ci.from[Baidaq] = pawnAttacks[us^1][k]
	ci.from[Rukh] = bb.RookAttacks(k, occ)
	for r := bb.RookAttacks(k, 0) & p.byType[Rukh] & p.byColor[us]; r != 0; {
		sq := r.PopLSB()
		if b := bb.Between(k, sq) & occ; b != 0 && !b.MoreThanOne() {
			ci.discoverer |= b & p.byColor[us]
		}
	}
	return ci
}

// givesCheck reports whether the legal move m of p checks the opponent.
func (ci *checkInfo) givesCheck(p *Position, m Move) bool {
	from, to := m.From(), m.To()
	t := p.board[from].Type()
	if t == Baidaq && to.Rank() == lastRank(p.turn) {
		t = Ferz
	}
	switch t {
	case Rukh:
		if bb.RookAttacks(ci.ksq, p.Occupied()&^from.Bit()).Has(to) {
			return true
		}
	case Shah:
	default:
		if ci.from[t].Has(to) {
			return true
		}
	}
	return ci.discoverer.Has(from) && !bb.Line(ci.ksq, from).Has(to)
}

type scoredMove struct {
	m Move
	v int
}

// defenderMobile reports whether the side not to move in p has a Faras,
// Alfil or Ferz off its Shah's rank and file (so no Rukh can pin it) with
// a square to go to not held by its own men: after any attacker move that
// does not give check, that move stays legal, so no stalemate is possible.
func defenderMobile(p *Position) bool {
	d := p.turn ^ 1
	own := p.byColor[d]
	k := p.Shah(d)
	lines := bb.RookAttacks(k, 0)
	for b := own &^ lines; b != 0; {
		s := b.PopLSB()
		switch p.board[s].Type() {
		case Faras, Alfil, Ferz:
			if attacks(p.board[s].Type(), s, 0)&^own != 0 {
				return true
			}
		}
	}
	return false
}

// shortest returns the fewest moves (≤ limit) in which the side to move of
// p wins, or 0.
func (s *Solver) shortest(p *Position, limit int) int {
	for n := 1; n <= limit; n++ {
		if s.win(p, n) {
			return n
		}
		if s.err != nil {
			return 0
		}
	}
	return 0
}

// line follows a win within n moves from p: the attacker plays a move
// that keeps the shortest win, the defender the reply that delays it most.
func (s *Solver) line(p Position, n int) ([]Move, Outcome) {
	attacker := p.turn
	var out []Move
	for n > 0 && s.err == nil {
		var ml MoveList
		p.LegalMoves(&ml)
		var next Move
		// The proof stored its winning move first in the order: trying
		// the moves that do not win would mean refuting each in full.
		for _, m := range s.order(&p, p.Key(), ml.Slice(), n) {
			c := p.Play(m)
			if o, over := c.Outcome(); over {
				if attackerWon(o, attacker) {
					return append(out, m), o
				}
				continue
			}
			if s.defenderLoses(&c, c.Key(), attacker, n-1) {
				next = m
				break
			}
		}
		if next == NoMove {
			return out, Outcome{}
		}
		out = append(out, next)
		p = p.Play(next)
		// The defender's most stubborn reply.
		var reply Move
		longest := -1
		p.LegalMoves(&ml)
		for _, r := range ml.Slice() {
			g := p.Play(r)
			if _, over := g.Outcome(); over {
				if reply == NoMove {
					reply = r
				}
				continue
			}
			d := s.shortest(&g, n-1)
			if d > longest {
				longest, reply = d, r
			}
		}
		if reply == NoMove {
			o, _ := p.Outcome()
			return out, o
		}
		out = append(out, reply)
		p = p.Play(reply)
		if o, over := p.Outcome(); over {
			return out, o
		}
		n = longest
	}
	return out, Outcome{}
}

// tableLine follows the table's best play from p to the decided game.
func (s *Solver) tableLine(e *EndgameTable, p Position) ([]Move, Outcome) {
	var out []Move
	for len(out) < 2*maxSolve {
		if o, over := p.Outcome(); over {
			return out, o
		}
		var ml MoveList
		p.LegalMoves(&ml)
		best, bestV := NoMove, 0
		for _, m := range ml.Slice() {
			c := p.Play(m)
			v := childValue(e, &c) // from the mover's point of view, larger is better
			if best == NoMove || v > bestV {
				best, bestV = m, v
			}
		}
		out = append(out, best)
		p = p.Play(best)
	}
	return out, Outcome{}
}

// childValue scores the position c (reached by a move of the side not to
// move in c) for the mover: wins sooner score higher, losses later score
// higher, draws in between.
func childValue(e *EndgameTable, c *Position) int {
	const big = 1 << 16
	if o, over := c.Outcome(); over {
		switch {
		case o.Draw:
			return 0
		case o.Winner != c.turn:
			return big
		default:
			return -big
		}
	}
	plies, win, draw, err := e.Probe(c)
	if err != nil {
		// Off the table: a capture bared one side (its Shah to move).
		return exitValue(c)
	}
	switch {
	case draw:
		return 0
	case win:
		return -big + plies
	default:
		return big - plies - 1
	}
}

// exitValue scores, for the side that just moved, a position where the
// side to move is bared (or the mover is): one ply of look-ahead decides.
func exitValue(c *Position) int {
	const big = 1 << 16
	var ml MoveList
	c.LegalMoves(&ml)
	worst := big
	for _, r := range ml.Slice() {
		g := c.Play(r)
		v := 0
		if o, over := g.Outcome(); over && !o.Draw {
			if o.Winner == c.turn {
				v = -big
			} else {
				v = big - 2
			}
		}
		if v < worst {
			worst = v
		}
	}
	return worst
}

package engine

import (
	"context"
	"sync/atomic"
	"time"
)

// Score bounds: a game won at ply p scores MateScore-p, lost -(MateScore-p).
const (
	MateScore = 30000
	infinity  = 32000
	// MaxDepth is the deepest iteration and the longest line searched.
	MaxDepth = 100
	maxPly   = 128
	// mateBound: scores beyond it are wins or losses, not evaluations.
	mateBound = MateScore - maxPly
	maxMoves  = 256
)

// Searcher is the variant-neutral search over any Game: iterative
// deepening, principal variation search with alpha-beta, a transposition
// table, quiescence search, move ordering (transposition table move, MVV-LVA,
// killers, history), check extension, late move reductions and
// mate-distance pruning. A Searcher keeps its table and history between
// searches; it is not safe for concurrent use (one search at a time).
type Searcher[M comparable] struct {
	g       Game[M]
	tt      *table[M]
	history [2][HistorySize]int32
	killers [maxPly][2]M
	moves   [maxPly][]M
	order   [maxPly][maxMoves]int32
	pv      [maxPly][maxPly]M
	pvLen   [maxPly]int
	keys    []uint64 // the game's history, then the current line
	root    int      // index in keys of the search's root
	rep     repetitionRuler

	// per search
	ctx       context.Context
	limits    Limits
	start     time.Time
	soft      time.Duration
	hard      time.Duration
	timed     bool
	ponderHit *atomic.Int64
	nodes     uint64
	selDepth  int
	stopped   bool
	complete  bool // ignore limits (the first iteration must finish)
	rootDepth int
	noMove    M
}

// NewSearcher returns a Searcher over g with a transposition table of
// hashMB megabytes.
func NewSearcher[M comparable](g Game[M], hashMB int) *Searcher[M] {
	s := &Searcher[M]{g: g, tt: newTable[M](hashMB)}
	s.rep, _ = g.(repetitionRuler)
	for i := range s.moves {
		s.moves[i] = make([]M, 0, maxMoves)
	}
	return s
}

// SetHash replaces the transposition table by an empty one of mb megabytes.
func (s *Searcher[M]) SetHash(mb int) { s.tt = newTable[M](mb) }

// Clear forgets everything learnt: the table, killers and history.
func (s *Searcher[M]) Clear() {
	s.tt.clear()
	s.history = [2][HistorySize]int32{}
	s.killers = [maxPly][2]M{}
}

// SetHistory sets the keys of the states played before the current one
// (oldest first, the current one excluded), for repetition.
func (s *Searcher[M]) SetHistory(keys []uint64) { s.keys = append(s.keys[:0], keys...) }

// SearchResult is what Search returns, in the Game's move type.
type SearchResult[M comparable] struct {
	Move     M
	PV       []M
	Score    int // for the actor; beyond ±(MateScore-MaxDepth) a win/loss
	Depth    int
	SelDepth int
	Nodes    uint64
	Time     time.Duration
	HasMove  bool
}

// Search runs iterative deepening within limits from the Game's current
// state and calls info (if not nil) after each completed iteration. The
// Game is left as it was. ponderHit (may be nil) holds the UnixNano time of
// a ponder hit, 0 before it.
func (s *Searcher[M]) Search(ctx context.Context, limits Limits, ponderHit *atomic.Int64, info func(SearchResult[M])) SearchResult[M] {
	s.ctx, s.limits, s.ponderHit = ctx, limits, ponderHit
	s.start = time.Now()
	s.nodes, s.stopped = 0, false
	s.tt.age++
	for c := range s.history {
		for i := range s.history[c] {
			s.history[c][i] /= 8
		}
	}
	s.setTime()
	base := len(s.keys)
	s.root = base
	defer func() { s.keys = s.keys[:base] }()

	var res SearchResult[M]
	rootMoves := s.g.Moves(s.moves[0][:0])
	if len(rootMoves) == 0 {
		res.Time = time.Since(s.start)
		return res
	}
	res.Move, res.HasMove = rootMoves[0], true
	maxDepth := MaxDepth
	if limits.Depth > 0 {
		maxDepth = min(limits.Depth, MaxDepth)
	}
	for depth := 1; depth <= maxDepth; depth++ {
		s.rootDepth = depth
		s.selDepth = 0
		s.complete = depth == 1
		score := s.negamax(depth, 0, -infinity, infinity, true)
		if s.stopped {
			break
		}
		res.Score, res.Depth, res.SelDepth = score, depth, s.selDepth
		res.PV = append(res.PV[:0], s.pv[0][:s.pvLen[0]]...)
		if len(res.PV) > 0 {
			res.Move = res.PV[0]
		}
		res.Nodes, res.Time = s.nodes, time.Since(s.start)
		if info != nil {
			info(res)
		}
		if s.stopped || s.outOfSoftTime() {
			break
		}
		if !limits.Infinite && !limits.Ponder && limits.Depth == 0 && limits.Nodes == 0 &&
			(score > mateBound || score < -mateBound) && MateScore-abs(score) <= depth {
			break // a forced result found within the full width
		}
	}
	res.Nodes, res.Time = s.nodes, time.Since(s.start)
	return res
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// setTime turns the clock limits into a soft limit (no new iteration after
// half of it) and a hard limit (stop at once).
func (s *Searcher[M]) setTime() {
	l := s.limits
	s.timed, s.soft, s.hard = false, 0, 0
	if l.Infinite {
		return
	}
	const overhead = 20 * time.Millisecond
	if l.MoveTime > 0 {
		s.timed = true
		s.hard = max(l.MoveTime-overhead/2, time.Millisecond)
		s.soft = 2 * s.hard // stop only on the hard limit
		return
	}
	left, inc := l.WTime, l.WInc
	otherLeft, otherInc := l.BTime, l.BInc
	if s.g.Actor() == 1 {
		left, inc, otherLeft, otherInc = otherLeft, otherInc, left, inc
	}
	if left <= 0 && inc <= 0 {
		// Only the opponent's clock was given: its time is the best guess.
		left, inc = otherLeft, otherInc
	}
	if left <= 0 && inc <= 0 {
		return
	}
	mtg := l.MovesToGo
	if mtg <= 0 {
		mtg = 30
	}
	alloc := left/time.Duration(mtg) + inc*3/4
	limit := max(left-overhead, time.Millisecond)
	s.timed = true
	s.soft = min(alloc, limit)
	s.hard = min(alloc*4, limit/2+inc/2, limit)
	s.hard = max(s.hard, time.Millisecond)
}

// elapsed is the time counted against the limits: from the start, or from
// the ponder hit; negative while pondering.
func (s *Searcher[M]) elapsed() time.Duration {
	if s.limits.Ponder {
		if s.ponderHit == nil {
			return -1
		}
		hit := s.ponderHit.Load()
		if hit == 0 {
			return -1
		}
		return time.Since(time.Unix(0, hit))
	}
	return time.Since(s.start)
}

func (s *Searcher[M]) outOfSoftTime() bool {
	if !s.timed {
		return false
	}
	e := s.elapsed()
	return e >= 0 && e > s.soft/2
}

// checkStop sets stopped when a limit is reached.
func (s *Searcher[M]) checkStop() bool {
	if s.stopped {
		return true
	}
	if s.complete {
		return false
	}
	if s.limits.Nodes > 0 && s.nodes >= s.limits.Nodes {
		s.stopped = true
		return true
	}
	if s.nodes&1023 == 0 {
		select {
		case <-s.ctx.Done():
			s.stopped = true
			return true
		default:
		}
		if s.timed {
			if e := s.elapsed(); e >= 0 && e >= s.hard {
				s.stopped = true
			}
		}
	}
	return s.stopped
}

// result turns a Game result (-1, 0, +1) into a score at ply.
func result(r, ply int) int {
	switch {
	case r < 0:
		return -MateScore + ply
	case r > 0:
		return MateScore - ply
	}
	return 0
}

func toTT(score, ply int) int {
	if score > mateBound {
		return score + ply
	}
	if score < -mateBound {
		return score - ply
	}
	return score
}

func fromTT(score, ply int) int {
	if score > mateBound {
		return score - ply
	}
	if score < -mateBound {
		return score + ply
	}
	return score
}

// repetitionRuler is a Game with a repetition rule of its own
// (variant.RepetitionRule): RepetitionRule returns the number of
// occurrences of a state that ends the game (0: none ever does) and the
// result then for the actor, -1, 0 or +1; ok is false for the default
// rule, under which any repetition scores as a draw.
type repetitionRuler interface {
	RepetitionRule() (count, result int, ok bool)
}

// repeated scores the current state if the move-count rule or a
// repetition within the plies the clock allows ends the game here: the
// move-count rule and the default repetition rule draw at once; a game's
// own rule, as Fairy-Stockfish searches it, applies once the state
// repeats a state after the root, or when it completes the rule's count
// with the states played before the search.
func (s *Searcher[M]) repeated(key uint64, ply int) (int, bool) {
	clock := s.g.Clock()
	if lim := s.g.ClockLimit(); lim > 0 && clock >= lim {
		return 0, true
	}
	count, res, own := 0, 0, false
	if s.rep != nil {
		count, res, own = s.rep.RepetitionRule()
	}
	if own && count == 0 {
		return 0, false // no repetition rule at all
	}
	n, seen := len(s.keys), 0
	for i := n - 1; i >= 0 && i >= n-clock; i-- {
		if s.keys[i] != key {
			continue
		}
		if !own {
			return 0, true
		}
		if seen++; i > s.root || seen+1 >= count {
			return result(res, ply), true
		}
	}
	return 0, false
}

// child searches the state after a move, negating unless the same actor
// acts again (Ban-Chess: a player moves, then bans).
func (s *Searcher[M]) child(same bool, depth, ply, alpha, beta int, pv bool) int {
	if same {
		return s.negamax(depth, ply+1, alpha, beta, pv)
	}
	return -s.negamax(depth, ply+1, -beta, -alpha, pv)
}

func (s *Searcher[M]) qchild(same bool, ply, qply, alpha, beta int) int {
	if same {
		return s.qsearch(ply+1, qply+1, alpha, beta)
	}
	return -s.qsearch(ply+1, qply+1, -beta, -alpha)
}

// qEvasionPlies is how deep into quiescence check evasions (and all bans
// against a side in check) are searched.
const qEvasionPlies = 4

// pick moves the best-ordered remaining move to position i.
func (s *Searcher[M]) pick(moves []M, ply, i int) M {
	sc := &s.order[ply]
	best := i
	for j := i + 1; j < len(moves); j++ {
		if sc[j] > sc[best] {
			best = j
		}
	}
	moves[i], moves[best] = moves[best], moves[i]
	sc[i], sc[best] = sc[best], sc[i]
	return moves[i]
}

func (s *Searcher[M]) negamax(depth, ply, alpha, beta int, pvNode bool) int {
	s.pvLen[ply] = 0
	if s.checkStop() {
		return 0
	}
	g := s.g
	key := g.Key()
	if ply > 0 {
		if sc, ok := s.repeated(key, ply); ok {
			return sc
		}
		if r, d, ok := g.Ended(); ok {
			return result(r, ply+d)
		}
		// Mate-distance pruning.
		alpha = max(alpha, -MateScore+ply)
		beta = min(beta, MateScore-ply-1)
		if alpha >= beta {
			return alpha
		}
	}
	inCheck := g.InCheck()
	if inCheck && ply < 2*s.rootDepth+8 {
		depth++ // check extension
	}
	if depth <= 0 || ply >= maxPly-1 {
		// Quiescence also scores a game end at the last ply exactly.
		return s.qsearch(ply, 0, alpha, beta)
	}
	s.nodes++
	s.selDepth = max(s.selDepth, ply)

	ttMove, hasTT := s.noMove, false
	if e, ok := s.tt.probe(key); ok {
		ttMove, hasTT = e.move, e.move != s.noMove
		if !pvNode && int(e.depth) >= depth && ply > 0 {
			sc := fromTT(int(e.score), ply)
			switch {
			case e.bound == boundExact,
				e.bound == boundLower && sc >= beta,
				e.bound == boundUpper && sc <= alpha:
				return sc
			}
		}
	}

	moves := g.Moves(s.moves[ply][:0])
	if len(moves) == 0 {
		return result(g.NoMoves(), ply)
	}
	actor := g.Actor()
	hist := &s.history[actor&1]
	k := s.killers[ply]
	for i, m := range moves {
		var v int32
		switch {
		case hasTT && m == ttMove:
			v = 1 << 30
		case g.Order(m) > 0:
			v = 1<<28 + int32(g.Order(m))
		case m == k[0]:
			v = 1 << 27
		case m == k[1]:
			v = 1<<27 - 1
		default:
			v = hist[g.HistoryIndex(m)]
		}
		s.order[ply][i] = v
	}

	s.keys = append(s.keys, key)
	defer func() { s.keys = s.keys[:len(s.keys)-1] }()

	origAlpha := alpha
	best := -infinity
	bestMove := s.noMove
	for i := range moves {
		m := s.pick(moves, ply, i)
		quiet := g.Order(m) == 0
		g.Make(m)
		same := g.Actor() == actor
		givesCheck := g.InCheck()
		var score int
		if i == 0 {
			score = s.child(same, depth-1, ply, alpha, beta, pvNode)
		} else {
			r := 0
			if depth >= 3 && i >= 3 && quiet && !inCheck && !givesCheck && m != k[0] && m != k[1] {
				r = 1
				if depth >= 6 && i >= 8 {
					r = 2
				}
			}
			score = s.child(same, depth-1-r, ply, alpha, alpha+1, false)
			if r > 0 && score > alpha {
				score = s.child(same, depth-1, ply, alpha, alpha+1, false)
			}
			if score > alpha && score < beta && pvNode {
				score = s.child(same, depth-1, ply, alpha, beta, true)
			}
		}
		g.Unmake()
		if s.stopped {
			return 0
		}
		if score > best {
			best, bestMove = score, m
			if score > alpha {
				alpha = score
				if pvNode {
					s.pv[ply][0] = m
					n := s.pvLen[ply+1]
					copy(s.pv[ply][1:], s.pv[ply+1][:n])
					s.pvLen[ply] = n + 1
				}
				if score >= beta {
					if quiet {
						if k[0] != m {
							s.killers[ply][1] = k[0]
							s.killers[ply][0] = m
						}
						bonus := int32(depth * depth)
						hi := &hist[g.HistoryIndex(m)]
						*hi += bonus - *hi*bonus/(1<<16)
						// Quiet moves tried before the cut-off get a malus.
						for j := 0; j < i; j++ {
							if q := moves[j]; g.Order(q) == 0 {
								hq := &hist[g.HistoryIndex(q)]
								*hq -= bonus + *hq*bonus/(1<<16)
							}
						}
					}
					break
				}
			}
		}
	}
	bound := boundUpper
	switch {
	case best >= beta:
		bound = boundLower
	case best > origAlpha:
		bound = boundExact
	}
	s.tt.store(key, bestMove, toTT(best, ply), depth, bound, false)
	return best
}

// qsearch resolves captures (and check evasions, forced captures, Ban-Chess
// ban plies) until the position is quiet enough to evaluate.
func (s *Searcher[M]) qsearch(ply, qply, alpha, beta int) int {
	s.pvLen[ply] = 0
	if s.checkStop() {
		return 0
	}
	s.nodes++
	s.selDepth = max(s.selDepth, ply)
	g := s.g
	if r, d, ok := g.Ended(); ok {
		return result(r, ply+d)
	}
	// A game end is exact at every node, whatever the evaluation says, so
	// it is tested before standing pat: a side without a legal action is
	// mated, stalemated (which loses in shatranj), bared or blocked.
	if !g.HasMoves() {
		return result(g.NoMoves(), ply)
	}
	if ply >= maxPly-1 {
		return g.Evaluate()
	}
	best := -infinity
	evasions := qply < qEvasionPlies
	if g.StandPat(evasions) {
		best = g.Evaluate()
		if best >= beta {
			return best
		}
		alpha = max(alpha, best)
	}
	// Without stand pat, Tactical has an action (see Game.StandPat), so
	// best is a real score after the loop.
	moves := g.Tactical(s.moves[ply][:0], evasions)
	for i, m := range moves {
		s.order[ply][i] = int32(g.Order(m))
	}
	actor := g.Actor()
	for i := range moves {
		m := s.pick(moves, ply, i)
		g.Make(m)
		score := s.qchild(g.Actor() == actor, ply, qply, alpha, beta)
		g.Unmake()
		if s.stopped {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				alpha = score
				if score >= beta {
					break
				}
			}
		}
	}
	return best
}

package engine

import (
	"context"
	"math"
	"slices"
	"sync"
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
	noEval    = -infinity - 1
)

// Searcher is the variant-neutral search over any Game: iterative
// deepening, principal variation search with alpha-beta, a transposition
// table, quiescence search, move ordering (transposition table move, MVV-LVA,
// killers, history), check extension, late move reductions and
// mate-distance pruning; in games that may pass (nullMover), also null-move,
// reverse futility, futility and late move pruning by whether the node is
// improving, a quiescence search that keeps the table, and aspiration
// windows; in games
// with a static exchange evaluation (exchanger), losing captures tried last
// and losing moves pruned near the leaves. A Searcher keeps its table and
// history between searches; it is not safe for concurrent use (one search
// at a time), but it may run helper threads of its own (SetThreads).
type Searcher[M comparable] struct {
	g       Game[M]
	tt      *table[M]
	history [2][HistorySize]int32
	killers [maxPly][2]M
	moves   [maxPly][]M
	order   [maxPly][]int32 // each ply's move scores, grown past maxMoves where a game has more (Amazons, Isolation)
	pv      [maxPly][maxPly]M
	pvLen   [maxPly]int
	keys    []uint64 // the game's history, then the current line
	root    int      // index in keys of the search's root
	rep     repetitionRuler
	ban     banner[M]    // the Game, when it has bans (Ban-Chess)
	null    nullMover    // the Game, when the search may pass (chess, shatranj)
	exch    exchanger[M] // the Game, when it has a static exchange evaluation
	pt      continuer[M] // the Game, when it tells actions apart by man and destination
	horizon int          // the moves the clock is shared over (movesHorizon, or the Game's: paced)
	// cont is the continuation history (with pt): cont[a][b] is how good
	// the quiet action b has been right after the action a (PieceTo).
	cont *[PieceToSize][PieceToSize]int16
	// capHist is the capture history (with pt): how good a capture by a
	// man to a square (PieceTo) has been; it orders captures of equal
	// MVV-LVA value.
	capHist *[PieceToSize]int16
	// corr is the correction history, when the Game is a structurer.
	structure structurer
	corr      *[2][corrSize]int32
	// prevPT[ply] is the PieceTo of the action into ply (ply ≥ 1), -1
	// after a pass or in a Game without pt.
	prevPT [maxPly + 1]int
	// nulled[ply]: the action into ply was a pass (no two in a row)
	nulled [maxPly + 1]bool
	// evals[ply] is the static evaluation at ply on the current line,
	// noEval in check or where the game has no forward pruning.
	evals [maxPly + 1]int

	// the root: its actions (after searchmoves), their ordering values
	// when the search sets them (Ban-Chess bans), and the moves of the
	// lines already searched at this depth (MultiPV)
	only      []M
	rootMoves []M
	rootPrio  []int32
	excluded  []M
	// restricted: the root searches fewer than its legal actions, so its
	// value is not the position's and is not stored.
	restricted bool

	// helpers are the Lazy SMP threads: Searchers over copies of the Game
	// (clone) sharing the table.
	helpers []*Searcher[M]
	clone   func() Game[M]
	smp     *smpState // shared with the helpers during a search; nil without

	// per search
	ctx       context.Context
	limits    Limits
	start     time.Time
	soft      time.Duration
	hard      time.Duration
	timed     bool
	clock     bool // the limits come from a clock (the soft limit may scale)
	ponderHit *atomic.Int64
	nodes     uint64
	published uint64 // nodes this thread has added to smp.nodes
	selDepth  int
	stopped   bool
	// lenientEnd: the limits and a stop apply from this node count on
	// (the first iteration's floor, see firstIterationNodes)
	lenientEnd uint64
	// probeEnd, when set, bounds one probe of banPriorities in nodes
	// (limits and stop are ignored there); probeCut says the bound was reached.
	probeEnd  uint64
	probeCut  bool
	rootDepth int
	rootBest  int // the score of pv[0] in the iteration being searched
	noMove    M
}

// smpState is what the threads of one search share besides the table.
type smpState struct {
	stop  atomic.Bool
	nodes atomic.Uint64 // the helpers' nodes, added every few hundred
}

// banner is a Game with bans (Ban-Chess): Forbids returns, for a ban, the
// HistoryIndex of the opponent's moves it forbids (ok false for a move).
// The search orders bans by what they take away: at the root by a shallow
// search of the opponent's replies, elsewhere by the opponent's history.
type banner[M comparable] interface {
	Forbids(a M) (int, bool)
}

// NewSearcher returns a Searcher over g with a transposition table of
// hashMB megabytes.
func NewSearcher[M comparable](g Game[M], hashMB int) *Searcher[M] {
	return newSearcher(g, newTable[M](hashMB))
}

func newSearcher[M comparable](g Game[M], tt *table[M]) *Searcher[M] {
	s := &Searcher[M]{g: g, tt: tt}
	s.rep, _ = g.(repetitionRuler)
	s.ban, _ = g.(banner[M])
	s.null, _ = g.(nullMover)
	s.exch, _ = g.(exchanger[M])
	if s.structure, _ = g.(structurer); s.structure != nil {
		s.corr = new([2][corrSize]int32)
	}
	s.horizon = movesHorizon
	if p, ok := g.(paced); ok {
		s.horizon = p.MovesHorizon()
	}
	if s.pt, _ = g.(continuer[M]); s.pt != nil {
		s.cont = new([PieceToSize][PieceToSize]int16)
		s.capHist = new([PieceToSize]int16)
	}
	for i := range s.moves {
		s.moves[i] = make([]M, 0, maxMoves)
		s.order[i] = make([]int32, maxMoves)
	}
	return s
}

// scores is ply's move scores for n moves.
func (s *Searcher[M]) scores(ply, n int) []int32 {
	if n > len(s.order[ply]) {
		s.order[ply] = make([]int32, n)
	}
	return s.order[ply]
}

// SetHash replaces the transposition table by an empty one of mb megabytes.
func (s *Searcher[M]) SetHash(mb int) {
	s.tt = newTable[M](mb)
	s.tt.setShared(len(s.helpers) > 0)
	for _, h := range s.helpers {
		h.tt = s.tt
	}
}

// SetThreads makes the search run on n threads (Lazy SMP: every thread
// searches the root, sharing the table; the first reports and decides).
// clone returns a copy of the Game in its current state, for a helper
// thread; a Searcher without one (nil) stays on one thread. Searches on
// more than one thread are not deterministic.
func (s *Searcher[M]) SetThreads(n int, clone func() Game[M]) {
	if clone == nil {
		n = 1
	}
	n = max(n, 1)
	s.clone = clone
	for len(s.helpers) > n-1 {
		s.helpers = s.helpers[:len(s.helpers)-1]
	}
	for len(s.helpers) < n-1 {
		s.helpers = append(s.helpers, newSearcher(clone(), s.tt))
	}
	s.tt.setShared(n > 1)
}

// Threads returns the number of threads a search runs on.
func (s *Searcher[M]) Threads() int { return len(s.helpers) + 1 }

// Clear forgets everything learnt: the table, killers and history.
func (s *Searcher[M]) Clear() {
	s.tt.clear()
	for _, x := range append([]*Searcher[M]{s}, s.helpers...) {
		x.history = [2][HistorySize]int32{}
		x.killers = [maxPly][2]M{}
		if x.corr != nil {
			*x.corr = [2][corrSize]int32{}
		}
		if x.cont != nil {
			*x.cont = [PieceToSize][PieceToSize]int16{}
			*x.capHist = [PieceToSize]int16{}
		}
	}
}

// SetHistory sets the keys of the states played before the current one
// (oldest first, the current one excluded), for repetition.
func (s *Searcher[M]) SetHistory(keys []uint64) { s.keys = append(s.keys[:0], keys...) }

// SetRootMoves restricts the next searches to these root actions (UCI
// searchmoves); those that are not legal are ignored, and nil or none
// legal searches every action.
func (s *Searcher[M]) SetRootMoves(ms []M) { s.only = append(s.only[:0], ms...) }

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
	// MultiPV is the rank of the line among the best (1 the best).
	MultiPV int
}

// Search runs iterative deepening within limits from the Game's current
// state and calls info (if not nil) after each completed iteration, once
// for each line with Limits.MultiPV, and once more at the end with the
// final node count and time when the search went on after the last report
// (without a PV when the first iteration was cut before any move's value).
// The Game is left as it was. ponderHit (may be nil) holds the UnixNano
// time of a ponder hit, 0 before it.
func (s *Searcher[M]) Search(ctx context.Context, limits Limits, ponderHit *atomic.Int64, info func(SearchResult[M])) SearchResult[M] {
	s.ctx, s.limits, s.ponderHit = ctx, limits, ponderHit
	s.start = time.Now()
	s.nodes, s.published, s.stopped = 0, 0, false
	s.tt.age++
	s.ageHistory()
	s.setTime()
	base := len(s.keys)
	s.root = base
	defer func() { s.keys = s.keys[:base] }()

	var res SearchResult[M]
	legal := s.g.Moves(s.moves[0][:0])
	if len(legal) == 0 {
		res.Time = time.Since(s.start)
		return res
	}
	s.setRoot(legal)
	s.rootPrio = s.banPriorities()
	res.Move, res.HasMove = s.rootMoves[0], true
	maxDepth := MaxDepth
	if limits.Depth > 0 {
		maxDepth = min(limits.Depth, MaxDepth)
	}
	if len(s.helpers) > 0 {
		stop := s.startHelpers()
		defer stop()
	}
	lines := min(max(limits.MultiPV, 1), len(s.rootMoves))
	cur := make([]SearchResult[M], 0, lines)
	reported := uint64(0)
	stable := 0 // iterations the best move has stayed the same
	for depth := 1; depth <= maxDepth; depth++ {
		s.rootDepth = depth
		s.lenientEnd = 0
		if depth == 1 {
			s.lenientEnd = s.nodes + firstIterationNodes
		}
		s.excluded = s.excluded[:0]
		cur = cur[:0]
		for range lines {
			s.selDepth = 0
			var score int
			if lines == 1 && depth >= aspirationDepth && abs(res.Score) < mateBound && s.null != nil {
				score = s.aspiration(depth, res.Score)
			} else {
				score = s.negamax(depth, 0, -infinity, infinity, true, false)
			}
			if s.stopped || s.pvLen[0] == 0 {
				break
			}
			line := SearchResult[M]{Score: score, Depth: depth, SelDepth: s.selDepth, HasMove: true}
			line.PV = append(line.PV, s.pv[0][:s.pvLen[0]]...)
			line.Move = line.PV[0]
			s.excluded = append(s.excluded, line.Move)
			cur = append(cur, line)
		}
		if len(cur) < lines {
			break // an unfinished iteration counts for nothing
		}
		// Later lines may find more than earlier ones (a line's window
		// does not know the next); rank them by score.
		slices.SortStableFunc(cur, func(a, b SearchResult[M]) int { return b.Score - a.Score })
		nodes, elapsed := s.totalNodes(), time.Since(s.start)
		for i := range cur {
			cur[i].MultiPV, cur[i].Nodes, cur[i].Time = i+1, nodes, elapsed
		}
		prev := res
		res = cur[0]
		res.PV = slices.Clone(res.PV)
		if prev.HasMove && prev.Depth > 0 && res.Move == prev.Move {
			stable++
		} else {
			stable = 0
		}
		if info != nil {
			for _, l := range cur {
				info(l)
			}
			reported = nodes
		}
		if s.stopped || s.outOfSoftTime(softScale(stable, prev.Depth > 0 && res.Score < prev.Score-scoreDrop)) {
			break
		}
		score := res.Score
		if !limits.Infinite && !limits.Ponder && limits.Depth == 0 && limits.Nodes == 0 &&
			(score > mateBound || score < -mateBound) && MateScore-abs(score) <= depth {
			break // a forced result found within the full width
		}
	}
	if res.Depth == 0 && s.pvLen[0] > 0 {
		// Stopped in the first iteration: the best of the moves searched.
		res.Move, res.PV = s.pv[0][0], slices.Clone(s.pv[0][:s.pvLen[0]])
		res.Score, res.SelDepth = s.rootBest, s.selDepth
	}
	if len(s.helpers) > 0 {
		s.smp.stop.Store(true) // the deferred stop waits for them
	}
	res.Nodes, res.Time = s.totalNodes(), time.Since(s.start)
	if info != nil && res.Nodes != reported {
		// The closing report: every node searched, the time (no line
		// when the first iteration was cut before any move's value).
		info(res)
	}
	return res
}

// Aspiration windows: from this depth on, an iteration of a single line
// searches first a window of ±aspirationDelta around the last score, and
// widens it (doubling the step) on the side that fails. Only games with
// forward pruning (nullMover) use them: in draughts a match showed no gain
// (BENCHMARKS.md, "Search changes").
const (
	aspirationDepth = 4
	aspirationDelta = 25
)

// aspiration searches the root at depth in windows around prev until the
// score falls inside one.
func (s *Searcher[M]) aspiration(depth, prev int) int {
	delta := aspirationDelta
	alpha, beta := max(prev-delta, -infinity), min(prev+delta, infinity)
	for {
		score := s.negamax(depth, 0, alpha, beta, true, false)
		switch {
		case s.stopped:
			return score
		case score <= alpha:
			beta = (alpha + beta) / 2
			alpha = max(score-delta, -infinity)
		case score >= beta:
			beta = min(score+delta, infinity)
		default:
			return score
		}
		delta *= 2
		if delta > 1000 {
			alpha, beta = -infinity, infinity
		}
	}
}

// ageHistory scales the history down at the start of a search, so that
// what the last search learnt guides without ruling. The continuation
// history is left whole: a million entries would cost a millisecond a
// search, and its bound (contMax) keeps old entries from ruling.
func (s *Searcher[M]) ageHistory() {
	for c := range s.history {
		for i := range s.history[c] {
			s.history[c][i] /= 8
		}
	}
}

// setRoot sets the root actions: the legal ones searchmoves keeps.
func (s *Searcher[M]) setRoot(legal []M) {
	s.rootMoves = s.rootMoves[:0]
	for _, m := range legal {
		if len(s.only) == 0 || slices.Contains(s.only, m) {
			s.rootMoves = append(s.rootMoves, m)
		}
	}
	if len(s.rootMoves) == 0 {
		s.rootMoves = append(s.rootMoves, legal...)
	}
	s.restricted = len(s.rootMoves) < len(legal)
	s.excluded = s.excluded[:0]
}

// totalNodes counts the nodes of every thread.
func (s *Searcher[M]) totalNodes() uint64 {
	if s.smp == nil {
		return s.nodes
	}
	return s.smp.nodes.Load() + s.nodes - s.published
}

// startHelpers starts the helper threads on copies of the Game at the root
// and returns the function that stops them and waits for them.
func (s *Searcher[M]) startHelpers() func() {
	st := &smpState{}
	s.smp = st
	var wg sync.WaitGroup
	for i, h := range s.helpers {
		h.g = s.clone()
		h.rep, _ = h.g.(repetitionRuler)
		h.ban, _ = h.g.(banner[M])
		h.null, _ = h.g.(nullMover)
		h.exch, _ = h.g.(exchanger[M])
		h.pt, _ = h.g.(continuer[M])
		h.tt = s.tt
		h.SetHistory(s.keys)
		h.root = len(h.keys)
		h.rootMoves = append(h.rootMoves[:0], s.rootMoves...)
		h.rootPrio = append(h.rootPrio[:0], s.rootPrio...)
		if s.rootPrio == nil {
			h.rootPrio = nil
		}
		h.restricted = s.restricted
		h.excluded = h.excluded[:0]
		h.ctx, h.smp, h.ponderHit = s.ctx, st, nil
		h.limits = Limits{Infinite: true, Nodes: s.limits.Nodes}
		h.timed, h.nodes, h.published, h.stopped = false, 0, 0, false
		h.ageHistory()
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.help(1 + (i+1)%2)
		}()
	}
	return func() {
		st.stop.Store(true)
		wg.Wait()
		s.smp = nil
	}
}

// help is a helper thread's search: iterative deepening from first, the
// results left in the shared table, until the main thread stops it.
func (s *Searcher[M]) help(first int) {
	for depth := first; depth <= MaxDepth && !s.stopped; depth++ {
		s.rootDepth, s.selDepth, s.lenientEnd = depth, 0, 0
		s.negamax(depth, 0, -infinity, infinity, true, false)
	}
	s.smp.nodes.Add(s.nodes - s.published)
	s.published = s.nodes
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Time management on a clock: the time of the next movesHorizon moves
// (or the moves to go, if fewer) is shared out evenly, each keeping
// MoveOverhead in reserve; the search starts no iteration once its
// share (soft) is spent, and stops at once at four times its share
// (hard), never beyond half of what the clock holds (four fifths before a
// new time control) once the overhead is set aside. 25 moves and the
// whole share, not 40 and half of it, gained 60–80 Elo in chess and
// draughts at fast controls (BENCHMARKS.md, "Strength, fourth round").
// A Game whose games run longer says its own horizon (paced).
const movesHorizon = 25

// setTime turns the limits into a soft limit (no new iteration after it)
// and a hard limit (stop at once).
func (s *Searcher[M]) setTime() {
	l := s.limits
	s.timed, s.clock, s.soft, s.hard = false, false, 0, 0
	if l.Infinite {
		return
	}
	over := max(l.MoveOverhead, 0)
	if l.MoveTime > 0 {
		s.timed = true
		s.hard = max(l.MoveTime-over, time.Millisecond)
		s.soft = s.hard
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
	s.timed, s.clock = true, true
	mtg := s.horizon
	if l.MovesToGo > 0 {
		mtg = min(l.MovesToGo, s.horizon)
	}
	n := time.Duration(mtg)
	budget := max(left+inc*(n-1)-over*(n+2), 0)
	ceiling := max(left-over, 0) / 2
	if mtg == 1 {
		ceiling = max(left-over, 0) * 4 / 5
	}
	s.soft = min(budget/n, ceiling)
	s.hard = min(4*s.soft, ceiling)
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

// outOfSoftTime says the soft limit, scaled by scale (softScale) on a
// clock, has passed.
func (s *Searcher[M]) outOfSoftTime(scale float64) bool {
	if !s.timed {
		return false
	}
	if !s.clock {
		scale = 1
	}
	e := s.elapsed()
	return e >= 0 && float64(e) > float64(s.soft)*scale
}

// The soft limit is stretched while the best move changes from one
// iteration to the next or the score drops, and shrunk once the move has
// held for a few iterations: time goes to the moves that need it.
var stabilityScale = [...]float64{1.6, 1.25, 1.0, 0.85, 0.7}

const (
	scoreDrop      = 30  // a drop from the last iteration's score this large…
	scoreDropScale = 1.3 // …stretches the soft limit this much more
)

// softScale is the soft limit's scale after stable iterations with the
// same best move, dropped if the score fell by scoreDrop or more.
func softScale(stable int, dropped bool) float64 {
	f := stabilityScale[min(stable, len(stabilityScale)-1)]
	if dropped {
		f *= scoreDropScale
	}
	return f
}

// checkStop sets stopped when a limit is reached. The clock and the
// context are read every 256 nodes: well under a millisecond at any speed
// the games search at. The first iteration's first firstIterationNodes
// nodes are searched whatever the limits, a stop included, so that every
// answer comes from a search (depth 1 nearly always completes in them).
func (s *Searcher[M]) checkStop() bool {
	if s.stopped {
		return true
	}
	if s.probeEnd > 0 {
		// A probe ends at its bound, and also once the clock's hard
		// limit has passed: on a short clock the probes of a Ban-Chess
		// root (up to a hundred thousand nodes) would lose on time.
		if s.nodes >= s.probeEnd || s.nodes&255 == 0 && s.pastHard() {
			s.probeCut = true
			return true
		}
		return false
	}
	if s.nodes < s.lenientEnd {
		return false
	}
	if s.limits.Nodes > 0 && s.nodes >= s.limits.Nodes {
		s.stopped = true
		return true
	}
	if s.nodes&255 == 0 {
		if s.smp != nil {
			// Every thread publishes its nodes and obeys a stop from any
			// other: the main thread's end, or the node limit reached.
			s.smp.nodes.Add(s.nodes - s.published)
			s.published = s.nodes
			if s.smp.stop.Load() || (s.limits.Nodes > 0 && s.smp.nodes.Load() >= s.limits.Nodes) {
				s.smp.stop.Store(true)
				s.stopped = true
				return true
			}
		}
		select {
		case <-s.ctx.Done():
			s.stopped = true
			return true
		default:
		}
		if s.pastHard() {
			s.stopped = true
		}
	}
	return s.stopped
}

// pastHard says the clock's hard limit has passed.
func (s *Searcher[M]) pastHard() bool {
	if !s.timed {
		return false
	}
	e := s.elapsed()
	return e >= 0 && e >= s.hard
}

// firstIterationNodes is how far the first iteration searches whatever the
// limits: a few milliseconds, enough for depth 1 nearly everywhere (a
// Ban-Chess depth 1 can run to hundreds of thousands of quiescence nodes).
const firstIterationNodes = 4096

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
func (s *Searcher[M]) child(same bool, depth, ply, alpha, beta int, pv, cut bool) int {
	if same {
		return s.negamax(depth, ply+1, alpha, beta, pv, cut)
	}
	return -s.negamax(depth, ply+1, -beta, -alpha, pv, cut)
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
	sc := s.order[ply]
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

// negamax searches the state at ply to depth within (alpha, beta). cutNode
// marks a zero-window node expected to fail high: a late move's reduced
// search, and alternately down the tree the first child of each node
// (the first move of an expected cut node is an expected all node, and
// its first move an expected cut node again); such nodes reduce late
// quiet moves more (lmrNode).
func (s *Searcher[M]) negamax(depth, ply, alpha, beta int, pvNode, cutNode bool) int {
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
	ttScore, ttBound, ttDepth := 0, boundNone, -1 // for the forward pruning
	if e, ok := s.tt.probe(key); ok {
		ttMove, hasTT = e.move, e.move != s.noMove
		ttScore, ttBound = fromTT(int(e.score), ply), e.bound
		ttDepth = int(e.depth)
		if !pvNode && ttDepth >= depth && ply > 0 && decides(ttScore, ttBound, alpha, beta) {
			return ttScore
		}
	}

	eval, improving := s.nodeEval(ply, inCheck, ttScore, ttBound)
	if sc, ok := s.prune(depth, ply, beta, key, pvNode || inCheck, cutNode, eval, improving); ok {
		return sc
	}
	if !pvNode && !inCheck && depth >= probCutDepth && s.null != nil && s.exch != nil &&
		beta > -mateBound && beta < mateBound-probCutMargin &&
		!(ttDepth >= depth-probCutReduction+1 && ttBound != boundNone && ttScore < beta+probCutMargin) {
		if sc, ok := s.probCut(depth, ply, beta, key, cutNode, eval); ok {
			return sc
		}
	}
	if s.null != nil && ply > 0 && depth >= iirDepth && !hasTT {
		// Internal iterative reduction: a node the table knows nothing of
		// is searched a ply less; its move ordering is weakest, and if it
		// matters, the next iteration finds it with a table move.
		depth--
	}

	var moves []M
	if ply == 0 {
		moves = s.rootList()
	} else {
		moves = g.Moves(s.moves[ply][:0])
	}
	if len(moves) == 0 {
		return result(g.NoMoves(), ply)
	}
	actor := g.Actor()
	hist := &s.history[actor&1]
	k := s.killers[ply]
	var cont *[PieceToSize]int16 // the continuation history after the action into this node
	if s.cont != nil && ply > 0 && s.prevPT[ply] >= 0 {
		cont = &s.cont[s.prevPT[ply]]
	}
	order := s.scores(ply, len(moves))
	for i, m := range moves {
		var v int32
		switch {
		case hasTT && m == ttMove:
			v = 1 << 30
		case ply == 0 && s.rootPrio != nil:
			v = s.rootPrio[slices.Index(s.rootMoves, m)]
		case g.Order(m) > 0:
			v = 1<<28 + s.captureScore(m)
			if s.exch != nil && s.exch.Exchange(m) < 0 {
				v = -1<<24 + s.captureScore(m) // after the quiet moves
			}
		case m == k[0]:
			v = 1 << 27
		case m == k[1]:
			v = 1<<27 - 1
		default:
			v = s.quietScore(hist, cont, m)
			if s.ban != nil {
				// A ban is worth the opponent's move it forbids.
				if idx, ok := s.ban.Forbids(m); ok {
					v = s.history[(actor^1)&1][idx]
				}
			}
		}
		order[i] = v
	}

	s.keys = append(s.keys, key)
	defer func() { s.keys = s.keys[:len(s.keys)-1] }()

	kind := lmrNode{pv: pvNode, cut: cutNode, improving: improving, ttCapture: hasTT && g.Order(ttMove) > 0}
	origAlpha := alpha
	best := -infinity
	bestMove := s.noMove
	for i := range moves {
		m := s.pick(moves, ply, i)
		quiet := g.Order(m) == 0
		s.setPrevPT(ply, m)
		var qscore int32 // a quiet action's ordering value, read before it is made
		if quiet {
			qscore = s.quietScore(hist, cont, m)
		}
		// SEE pruning: at a shallow non-PV node, a late action that loses
		// more than seeMargin a ply by the static exchange, and gives no
		// check, is not searched.
		seePrune := s.exch != nil && !pvNode && !inCheck && i > 0 && depth <= 3 && best > -mateBound &&
			s.exch.Exchange(m) < -seeMargin*depth
		g.Make(m)
		same := g.Actor() == actor
		givesCheck := g.InCheck()
		if seePrune && !givesCheck {
			g.Unmake()
			continue
		}
		var score int
		if i == 0 {
			score = s.child(same, depth-1, ply, alpha, beta, pvNode, !pvNode && !cutNode)
		} else {
			lateQuiet := quiet && !inCheck && !givesCheck && m != k[0] && m != k[1]
			r := s.reduction(depth, i, kind, lateQuiet, qscore)
			if r < 0 || lateQuiet && !pvNode && futile(eval, alpha, depth-1-r) {
				g.Unmake() // a late quiet move pruned
				continue
			}
			score = s.child(same, depth-1-r, ply, alpha, alpha+1, false, true)
			if r > 0 && score > alpha {
				score = s.child(same, depth-1, ply, alpha, alpha+1, false, !cutNode)
			}
			if score > alpha && score < beta && pvNode {
				score = s.child(same, depth-1, ply, alpha, beta, true, false)
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
				if ply == 0 {
					s.rootBest = score
				}
				if pvNode {
					s.pv[ply][0] = m
					n := s.pvLen[ply+1]
					copy(s.pv[ply][1:], s.pv[ply+1][:n])
					s.pvLen[ply] = n + 1
				}
				if score >= beta {
					if !quiet && s.capHist != nil {
						s.updateCaptures(moves[:i], m, depth)
					}
					if quiet {
						if k[0] != m {
							s.killers[ply][1] = k[0]
							s.killers[ply][0] = m
						}
						bonus := int32(depth * depth)
						hi := &hist[g.HistoryIndex(m)]
						*hi += bonus - *hi*bonus/(1<<16)
						if cont != nil {
							c, b := &cont[s.pt.PieceTo(m)], min(bonus, contMax/16)
							*c += int16(b - int32(*c)*b/contMax)
						}
						// Quiet moves tried before the cut-off get a malus.
						for j := 0; j < i; j++ {
							if q := moves[j]; g.Order(q) == 0 {
								hq := &hist[g.HistoryIndex(q)]
								*hq -= bonus + *hq*bonus/(1<<16)
								if cont != nil {
									c, b := &cont[s.pt.PieceTo(q)], min(bonus, contMax/16)
									*c -= int16(b + int32(*c)*b/contMax)
								}
							}
						}
					}
					break
				}
			}
		}
	}
	bound := boundOf(best, origAlpha, beta)
	// The correction history learns from quiet best moves only: a node
	// won by a capture says more of the capture than of the evaluation.
	if s.corr != nil && ply > 0 && !inCheck && (bound == boundUpper || g.Order(bestMove) == 0) {
		s.correct(best, bound, depth)
	}
	if ply > 0 || (!s.restricted && len(s.excluded) == 0) {
		if bound == boundUpper {
			// Every move failed low: the best of their bounds names no
			// best move, so the table keeps the move it knew.
			bestMove = s.noMove
		}
		s.tt.store(key, bestMove, toTT(best, ply), depth, bound, bound == boundUpper)
	}
	return best
}

// decides says a table score of kind bound settles a node searched with
// the window (alpha, beta): exact, or a bound beyond the window.
func decides(score int, bound uint8, alpha, beta int) bool {
	return bound == boundExact || bound == boundLower && score >= beta || bound == boundUpper && score <= alpha
}

// boundOf is the kind of bound a node's best score is, searched with the
// window (alpha, beta).
func boundOf(best, alpha, beta int) uint8 {
	switch {
	case best >= beta:
		return boundLower
	case best > alpha:
		return boundExact
	}
	return boundUpper
}

// Forward pruning, at non-PV nodes out of check of games that allow it
// (nullMover) where the side to move is safe from zugzwang: reverse
// futility pruning (a static evaluation this far above beta at a shallow
// depth stands), razoring (one this far below it at the last plies is
// searched by quiescence alone, and cut if no capture lifts it to beta)
// and null-move pruning (passing still fails high after a reduced search).
// ProbCut and internal iterative reduction apply in the same games, the
// zugzwang guard aside: they search real moves.
// An improving node (its evaluation above that of the same side's node
// two plies before) prunes with less margin and reduces less.
const (
	rfpDepth     = 6
	rfpMargin    = 100 // per ply of depth, less rfpImproving when improving
	rfpImproving = 50
	razorDepth   = 2
	razorMargin  = 250 // per ply of depth
	nullDepth    = 3   // the least depth for a pass
	seeMargin    = 90  // SEE pruning: per ply of depth
	iirDepth     = 4   // the least depth reduced without a table move
)

// nodeEval records the node's static evaluation at ply (noEval in check
// or in a game without forward pruning) and returns it refined by the
// table's score for the node (ttScore, ttBound; see refineEval), and
// whether the node is improving.
func (s *Searcher[M]) nodeEval(ply int, inCheck bool, ttScore int, ttBound uint8) (int, bool) {
	if inCheck || s.null == nil {
		s.evals[ply] = noEval
		return noEval, false
	}
	e := s.staticEval()
	s.evals[ply] = e
	improving := true
	switch {
	case ply >= 2 && s.evals[ply-2] != noEval:
		improving = e > s.evals[ply-2]
	case ply >= 4 && s.evals[ply-4] != noEval:
		improving = e > s.evals[ply-4]
	}
	return refineEval(e, ttScore, ttBound), improving
}

// Futility pruning: at a non-PV node, a late quiet move whose reduced
// depth is at most futilityDepth is not searched when the static
// evaluation, raised by a margin that grows with that depth, is still
// at or below alpha.
const (
	futilityDepth  = 6
	futilityBase   = 100
	futilityMargin = 100 // per ply of the reduced depth
)

// futile says a late quiet move searched to lmrDepth from a node of
// static evaluation eval (noEval: none) cannot reach alpha.
func futile(eval, alpha, lmrDepth int) bool {
	lmrDepth = max(lmrDepth, 0)
	return eval != noEval && lmrDepth <= futilityDepth && alpha < mateBound &&
		eval+futilityBase+futilityMargin*lmrDepth <= alpha
}

// prune returns a score and true when the node is cut without searching
// its moves; eval is the node's refined static evaluation (nodeEval);
// the null move's search is of the kind opposite to cutNode.
func (s *Searcher[M]) prune(depth, ply, beta int, key uint64, exact, cutNode bool, eval int, improving bool) (int, bool) {
	if exact || s.null == nil || ply == 0 || beta > mateBound || beta < -mateBound || !s.null.NullSafe() {
		return 0, false
	}
	margin := rfpMargin * depth
	if improving {
		margin -= rfpImproving
	}
	if depth <= rfpDepth && eval-margin >= beta {
		return eval, true
	}
	if depth <= razorDepth && eval+razorMargin*depth < beta-1 {
		if sc := s.qsearch(ply, 0, beta-1, beta); sc < beta {
			return sc, true
		}
	}
	if depth < nullDepth || eval < beta || s.nulled[ply] || !s.null.MakeNull() {
		return 0, false
	}
	r := 3 + depth/4 + min((eval-beta)/200, 2)
	s.keys = append(s.keys, key)
	s.nulled[ply+1] = true
	s.prevPT[ply+1] = -1
	score := -s.negamax(depth-1-r, ply+1, -beta, -beta+1, false, !cutNode)
	s.nulled[ply+1] = false
	s.keys = s.keys[:len(s.keys)-1]
	s.null.UnmakeNull()
	if s.stopped || score < beta {
		return 0, false
	}
	return min(score, mateBound), true // a pass proves no mate
}

// ProbCut: at a non-PV node of depth ≥ probCutDepth, a capture whose
// exchange value could lift the static evaluation probCutMargin above
// beta, and whose search probCutReduction plies shallower (after
// quiescence agrees) reaches that raised beta, cuts the node: the full
// search would almost surely fail high too. It is skipped where the
// table already holds a deep enough score below the raised beta.
const (
	probCutDepth     = 5
	probCutMargin    = 200
	probCutReduction = 4
)

// probCut returns the score of the first capture that proves the node
// fails high (see probCutDepth) and stores it in the table as a lower
// bound; eval is the node's static evaluation.
func (s *Searcher[M]) probCut(depth, ply, beta int, key uint64, cutNode bool, eval int) (int, bool) {
	g := s.g
	pcBeta := beta + probCutMargin
	moves := g.Moves(s.moves[ply][:0])
	s.keys = append(s.keys, key)
	defer func() { s.keys = s.keys[:len(s.keys)-1] }()
	for _, m := range moves {
		if g.Order(m) == 0 || s.exch.Exchange(m) < pcBeta-eval {
			continue
		}
		s.setPrevPT(ply, m)
		g.Make(m)
		score := -s.qsearch(ply+1, 0, -pcBeta, -pcBeta+1)
		if score >= pcBeta {
			score = -s.negamax(depth-probCutReduction, ply+1, -pcBeta, -pcBeta+1, false, !cutNode)
		}
		g.Unmake()
		if s.stopped {
			return 0, false
		}
		if score >= pcBeta {
			s.tt.store(key, m, toTT(score, ply), depth-probCutReduction+1, boundLower, false)
			return score, true
		}
	}
	return 0, false
}

// setPrevPT records the action m, about to be made at ply, as the one
// into ply+1 for the continuation history (-1 where the game has none).
func (s *Searcher[M]) setPrevPT(ply int, m M) {
	s.prevPT[ply+1] = -1
	if s.pt != nil {
		s.prevPT[ply+1] = s.pt.PieceTo(m)
	}
}

// refineEval is the static evaluation eval corrected by the table's
// score for the node where its bound says the search found the position
// better (a lower bound above eval) or worse (an upper bound below it),
// or knows its value (exact); mate scores are left out, as a bound on a
// mate says little about the position's standing.
func refineEval(eval, ttScore int, ttBound uint8) int {
	if ttScore <= -mateBound || ttScore >= mateBound {
		return eval
	}
	switch {
	case ttBound == boundExact,
		ttBound == boundLower && ttScore > eval,
		ttBound == boundUpper && ttScore < eval:
		return ttScore
	}
	return eval
}

// captureScore is a capture's ordering value: its MVV-LVA value and,
// where the search has one, its capture history, which can outweigh a
// difference of attackers but not of victims.
func (s *Searcher[M]) captureScore(m M) int32 {
	v := int32(s.g.Order(m)) << 9
	if s.capHist != nil {
		v += int32(s.capHist[s.pt.PieceTo(m)]) / 8
	}
	return v
}

// updateCaptures rewards the capture cut that caused a cut-off at depth
// and penalises the captures tried before it.
func (s *Searcher[M]) updateCaptures(tried []M, cut M, depth int) {
	b := min(int32(depth*depth), contMax/16)
	c := &s.capHist[s.pt.PieceTo(cut)]
	*c += int16(b - int32(*c)*b/contMax)
	for _, q := range tried {
		if s.g.Order(q) > 0 {
			c := &s.capHist[s.pt.PieceTo(q)]
			*c -= int16(b + int32(*c)*b/contMax)
		}
	}
}

// contMax bounds the continuation history's entries (they approach it
// and stay within int16); quietScore weighs them as much as the history.
const contMax = 1 << 14

// quietScore is a quiet action's ordering value: its history and, where
// the search has one, its continuation history after the action before.
func (s *Searcher[M]) quietScore(hist *[HistorySize]int32, cont *[PieceToSize]int16, m M) int32 {
	v := hist[s.g.HistoryIndex(m)]
	if cont != nil {
		v += 4 * int32(cont[s.pt.PieceTo(m)])
	}
	return v
}

// lmrTable[d][i] is the late move reduction of the i-th move at depth d
// in games with forward pruning: logarithmic in both, as in most engines
// since Stockfish 1.x.
var lmrTable = func() (t [32][64]int8) {
	for d := 1; d < 32; d++ {
		for i := 1; i < 64; i++ {
			t[d][i] = int8(0.75 + math.Log(float64(d))*math.Log(float64(i))/2.0)
		}
	}
	return t
}()

// lateMoves[improving][d] is how many moves are searched at depth d ≤ 4
// of a non-PV node before the quiet ones left are pruned (late move
// pruning).
var lateMoves = [2][5]int{{0, 4, 7, 11, 17}, {0, 6, 10, 16, 24}}

// lmrNode is what the late move reduction knows of a node: a PV node,
// an expected cut node (a zero-window search the parent expects to fail
// high: a reduced search of a late move, or the first move of an
// expected all node, alternating down the tree), improving (nodeEval),
// and whether its table move is a capture (a quiet move is then less
// likely to be best).
type lmrNode struct {
	pv, cut, improving, ttCapture bool
}

// reduction is how much the i-th move (i ≥ 1) is reduced, -1 to prune it;
// quiet: a quiet move that neither evades nor gives check nor is a killer,
// hist its history. Games without forward pruning (see nullMover) reduce
// by a fixed schedule and never prune.
func (s *Searcher[M]) reduction(depth, i int, n lmrNode, quiet bool, hist int32) int {
	if !quiet {
		return 0
	}
	if s.null == nil {
		switch {
		case depth < 3 || i < 3:
			return 0
		case depth >= 6 && i >= 8:
			return 2
		}
		return 1
	}
	imp := 0
	if n.improving {
		imp = 1
	}
	if !n.pv && depth < len(lateMoves[0]) && i >= lateMoves[imp][depth] {
		return -1
	}
	if depth < 3 {
		return 0
	}
	r := 0
	if i >= 2 {
		r = int(lmrTable[min(depth, 31)][min(i, 63)]) + 1 - imp
		if n.pv {
			r--
		}
		r = max(0, r-int(hist/(1<<13)))
	}
	// An expected cut node and a table capture reduce even the second move.
	if n.cut {
		r++
	}
	if n.ttCapture {
		r++
	}
	return min(r, depth-2)
}

// rootList is the root's actions for this line: the root actions but the
// moves of the lines already searched at this depth (MultiPV).
func (s *Searcher[M]) rootList() []M {
	moves := s.moves[0][:0]
	for _, m := range s.rootMoves {
		if !slices.Contains(s.excluded, m) {
			moves = append(moves, m)
		}
	}
	return moves
}

// banPriorities orders the bans of a Ban-Chess root by what they take
// away: each ban is worth the best the opponent gets from a move it
// forbids, by a quiescence search after that move (the opponent's view,
// higher first). It returns nil at a root that is not a ban ply.
func (s *Searcher[M]) banPriorities() []int32 {
	if s.ban == nil || len(s.rootMoves) < 2 {
		return nil
	}
	if _, ok := s.ban.Forbids(s.rootMoves[0]); !ok {
		return nil
	}
	g := s.g
	value := map[int]int{} // by the HistoryIndex of the forbidden moves
	// Under one ban every move but those it forbids is scored; the
	// forbidden ones under a second ban.
	for k := range 2 {
		n := s.rootMoves[k]
		skip, _ := s.ban.Forbids(n)
		g.Make(n)
		mover := g.Actor()
		replies := g.Moves(s.moves[1][:0])
		for _, m := range replies {
			idx := g.HistoryIndex(m)
			if k == 1 {
				if first, _ := s.ban.Forbids(s.rootMoves[0]); idx != first {
					continue
				}
			} else if idx == skip {
				continue
			}
			g.Make(m)
			// A quiescence search bounded in nodes (some positions'
			// exchanges of bans and captures run to hundreds of
			// thousands); past the bound the position's own value.
			s.probeEnd, s.probeCut = s.nodes+banProbeNodes, false
			v := s.qsearch(2, 0, -infinity, infinity)
			if s.probeCut {
				if g.HasMoves() {
					v = g.Evaluate()
				} else {
					v = result(g.NoMoves(), 2)
				}
			}
			s.probeEnd, s.probeCut = 0, false
			if g.Actor() != mover {
				v = -v
			}
			g.Unmake()
			if old, ok := value[idx]; !ok || v > old {
				value[idx] = v
			}
		}
		g.Unmake()
	}
	prio := make([]int32, len(s.rootMoves))
	for i, b := range s.rootMoves {
		idx, _ := s.ban.Forbids(b)
		v, ok := value[idx]
		if !ok {
			v = -infinity
		}
		prio[i] = 1<<28 + int32(v+infinity)
	}
	return prio
}

// banProbeNodes bounds each quiescence probe of banPriorities; a probe
// also ends once the clock's hard limit has passed (see checkStop).
const banProbeNodes = 2000

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
	// In games with forward pruning the table's entry for the state may
	// cut it, or refine the stand-pat score; the node's result is kept
	// for the next visit (depth 0, see table.storeShallow).
	useTT := s.null != nil
	var key uint64
	ttScore, ttBound := 0, boundNone
	if useTT {
		key = g.Key()
		if e, ok := s.tt.probe(key); ok {
			ttScore, ttBound = fromTT(int(e.score), ply), e.bound
			if decides(ttScore, ttBound, alpha, beta) {
				return ttScore
			}
		}
	}
	origAlpha := alpha
	best := -infinity
	evasions := qply < qEvasionPlies
	if g.StandPat(evasions) {
		best = s.staticEval()
		if useTT {
			best = refineEval(best, ttScore, ttBound)
		}
		if best >= beta {
			return best
		}
		alpha = max(alpha, best)
	}
	// Without stand pat, Tactical has an action (see Game.StandPat), so
	// best is a real score after the loop.
	moves := g.Tactical(s.moves[ply][:0], evasions)
	order := s.scores(ply, len(moves))
	for i, m := range moves {
		order[i] = int32(g.Order(m))
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
	if useTT {
		s.tt.storeShallow(key, toTT(best, ply), boundOf(best, origAlpha, beta))
	}
	return best
}

// The correction history: the static evaluation errs alike in positions
// of the same structure (the pawns in chess), so each node the search
// resolves moves an average, by the side to move and the structure, of
// how far its score stood from the evaluation, a deeper node with more
// weight (depth + 1 of 256, at most 16); the evaluation the search
// prunes and stands pat by is corrected by it (BENCHMARKS, row 125; in
// shatranj it gained nothing).
const (
	corrSize  = 1 << 14
	corrGrain = 256            // an entry is centipawns × corrGrain
	corrLimit = 64 * corrGrain // a correction is at most 64 cp
	corrError = 4 * 64         // one node's error counts at most this, in cp
)

// staticEval is the Game's evaluation corrected by the correction
// history.
func (s *Searcher[M]) staticEval() int {
	eval := s.g.Evaluate()
	if s.corr == nil {
		return eval
	}
	return eval + int(*s.corrEntry())/corrGrain
}

// corrEntry is the correction history's entry for the current state.
func (s *Searcher[M]) corrEntry() *int32 {
	return &s.corr[s.g.Actor()&1][s.structure.StructureKey()&(corrSize-1)]
}

// correct moves the current state's correction towards best, the score
// its search of depth found, bound its kind; a bound that says nothing
// of the error (a fail high at or below the corrected evaluation, a fail
// low at or above it) and mate scores are left out.
func (s *Searcher[M]) correct(best int, bound uint8, depth int) {
	raw, e := s.g.Evaluate(), s.corrEntry()
	eval := raw + int(*e)/corrGrain // staticEval
	if best <= -mateBound || best >= mateBound ||
		bound == boundLower && best <= eval || bound == boundUpper && best >= eval {
		return
	}
	target := int64(min(max(best-raw, -corrError), corrError) * corrGrain)
	w := int64(min(depth+1, 16))
	v := (int64(*e)*(256-w) + target*w) / 256
	*e = int32(min(max(v, -corrLimit), corrLimit))
}

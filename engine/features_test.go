package engine

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/shatranj"
	"github.com/baten-chess/baten/variant"
)

// chessLegal lists the legal moves of a chess FEN by package chess, as UCI
// text: the reference the engine's answers are checked against.
func chessLegal(t *testing.T, fen string) (moves []string, mates []string) {
	t.Helper()
	setup, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	p, err := chess.NewPosition(setup)
	if err != nil {
		t.Fatal(err)
	}
	var ml chess.MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Slice() {
		moves = append(moves, m.UCI(false))
		q := p
		q.Play(m)
		var reply chess.MoveList
		q.LegalMoves(&reply)
		if reply.Len() == 0 && q.InCheck() {
			mates = append(mates, m.UCI(false))
		}
	}
	return moves, mates
}

// TestSetPositionPrefix: a bad move leaves the position after the moves
// before it, with an *IllegalMoveError naming it; a bad FEN the start.
func TestSetPositionPrefix(t *testing.T) {
	e, err := newEngine(Chess, Options{})
	if err != nil {
		t.Fatal(err)
	}
	err = e.SetPositionText("", []string{"e2e4", "e7e5", "e1e2", "zz", "a7a6"})
	var bad *IllegalMoveError
	if !errors.As(err, &bad) || bad.Index != 3 || bad.Move != "zz" {
		t.Fatalf("error %v, want move 4 \"zz\"", err)
	}
	if want := "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR b kq - 1 2"; e.FEN() != want {
		t.Errorf("after the prefix: %s, want %s", e.FEN(), want)
	}
	if err := e.SetPositionText("8/8/8 w - - 0 1", nil); err == nil || errors.As(err, &bad) {
		t.Errorf("bad FEN: %v", err)
	}
	if e.FEN() != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" {
		t.Errorf("after a bad FEN: %s", e.FEN())
	}
	for in, want := range map[string]string{"e2e4": "e2e4", "Nf3": "g1f3"} {
		if got, err := e.ParseMove(in); err != nil || got != want {
			t.Errorf("ParseMove(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := e.ParseMove("e2e5"); !errors.Is(err, variant.ErrIllegal) && err == nil {
		t.Errorf("ParseMove(e2e5): %v", err)
	}
}

// TestTimeLimits: the soft and hard limits the clock gives, by the rule
// documented at movesHorizon, and that a search keeps them.
func TestTimeLimits(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		name       string
		l          Limits
		soft, hard time.Duration
	}{
		// budget 200+24·10-27·10 = 170, /25; ceiling (200-10)/2
		{"200+10", Limits{WTime: 200 * ms, BTime: 200 * ms, WInc: 10 * ms, BInc: 10 * ms, MoveOverhead: 10 * ms}, 6800 * time.Microsecond, 27200 * time.Microsecond},
		// budget 5000+24·50-270 = 5930, /25 = 237.2; hard 4×
		{"5s+50", Limits{WTime: 5000 * ms, WInc: 50 * ms, MoveOverhead: 10 * ms}, 237200 * time.Microsecond, 948800 * time.Microsecond},
		// one move to go: 4/5 of the clock less the overhead
		{"movestogo 1", Limits{WTime: 1000 * ms, MovesToGo: 1, MoveOverhead: 10 * ms}, 792 * ms, 792 * ms},
		// less than the overhead: no time at all (the first iteration only)
		{"flagging", Limits{WTime: 5 * ms, MoveOverhead: 10 * ms}, 0, 0},
		{"movetime", Limits{MoveTime: 100 * ms, MoveOverhead: 30 * ms}, 70 * ms, 70 * ms},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := NewSearcher[chess.Move](&chessGame{pos: chess.Startpos()}, 1)
			if soft, hard := timeLimits(s, c.l); !s.timed || soft != c.soft || hard != c.hard {
				t.Errorf("soft %v hard %v timed %v, want %v %v", soft, hard, s.timed, c.soft, c.hard)
			}
			e, _ := newEngine(Chess, Options{HashMB: 1})
			begin := time.Now()
			r, _ := e.Search(context.Background(), c.l, nil)
			// The margin is for a machine shared with other work, which
			// may hold the search off a core for a few hundred ms; a
			// search that ignored the limit would not end at all.
			if el := time.Since(begin); el > c.hard+400*ms || r.BestMove == "" {
				t.Errorf("searched %v for a hard limit of %v, move %q", el, c.hard, r.BestMove)
			}
		})
	}
}

// TestTimeHorizon: the same clock is shared over 25 moves in chess and
// over the 40 of shatranj's MovesHorizon, and moves to go cap both.
func TestTimeHorizon(t *testing.T) {
	ms := time.Millisecond
	clock := Limits{WTime: 5000 * ms, WInc: 50 * ms, MoveOverhead: 10 * ms}
	toGo := clock
	toGo.MovesToGo = 30
	chessLimits := func(l Limits) (time.Duration, time.Duration) {
		return timeLimits(NewSearcher[chess.Move](&chessGame{pos: chess.Startpos()}, 1), l)
	}
	shatranjLimits := func(l Limits) (time.Duration, time.Duration) {
		return timeLimits(NewSearcher[shatranj.Move](&shatranjGame{}, 1), l)
	}
	for _, c := range []struct {
		name   string
		limits func(Limits) (soft, hard time.Duration)
		l      Limits
		soft   time.Duration
	}{
		{"chess", chessLimits, clock, 237200 * time.Microsecond},          // (5000 + 24·50 − 27·10) / 25
		{"shatranj", shatranjLimits, clock, 163250 * time.Microsecond},    // (5000 + 39·50 − 42·10) / 40
		{"shatranj, 30 to go", shatranjLimits, toGo, 6130 * ms / 30},      // (5000 + 29·50 − 32·10) / 30
		{"chess, 30 to go", chessLimits, toGo, 237200 * time.Microsecond}, // beyond chess's horizon
	} {
		t.Run(c.name, func(t *testing.T) {
			if soft, hard := c.limits(c.l); soft != c.soft || hard != 4*c.soft {
				t.Errorf("soft %v hard %v, want %v %v", soft, hard, c.soft, 4*c.soft)
			}
		})
	}
}

// timeLimits is s's soft and hard limit for l.
func timeLimits[M comparable](s *Searcher[M], l Limits) (soft, hard time.Duration) {
	s.limits = l
	s.setTime()
	return s.soft, s.hard
}

// TestMultiPVAndSearchMoves: MultiPV lines are distinct, ranked, reported
// at every depth; searchmoves restricts the root.
func TestMultiPVAndSearchMoves(t *testing.T) {
	e, _ := newEngine(Chess, Options{HashMB: 1})
	var infos []Info
	r, _ := e.Search(context.Background(), Limits{Depth: 4, MultiPV: 4}, func(i Info) { infos = append(infos, i) })
	for d := 1; d <= 4; d++ {
		var firsts []string
		for _, i := range infos {
			if i.Depth == d {
				if i.MultiPV != len(firsts)+1 || slices.Contains(firsts, i.PV[0]) {
					t.Errorf("depth %d: line %d %v after %v", d, i.MultiPV, i.PV, firsts)
				}
				firsts = append(firsts, i.PV[0])
			}
		}
		if len(firsts) != 4 {
			t.Errorf("depth %d: %d lines", d, len(firsts))
		}
	}
	if r.BestMove != infos[len(infos)-4].PV[0] {
		t.Errorf("bestmove %s, first line %v", r.BestMove, infos[len(infos)-4].PV)
	}
	// The best of a restricted root is one of its moves.
	r, _ = e.Search(context.Background(), Limits{Depth: 4, SearchMoves: []string{"a2a3", "h2h3"}}, nil)
	if r.BestMove != "a2a3" && r.BestMove != "h2h3" {
		t.Errorf("searchmoves a2a3 h2h3: %s", r.BestMove)
	}
	// A mate in one searched only among the other moves is not found.
	fen := "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
	_, mates := chessLegal(t, fen)
	if !slices.Equal(mates, []string{"a1a8"}) {
		t.Fatalf("test position: mates %v", mates)
	}
	e.SetPositionText(fen, nil)
	if r, _ := e.Search(context.Background(), Limits{Depth: 3}, nil); r.BestMove != "a1a8" || r.Score.Mate != 1 {
		t.Errorf("mate in one: %s %v", r.BestMove, r.Score)
	}
	if r, _ := e.Search(context.Background(), Limits{Depth: 3, SearchMoves: []string{"a1a2", "g1f1"}}, nil); r.Score.Mate != 0 || (r.BestMove != "a1a2" && r.BestMove != "g1f1") {
		t.Errorf("mate in one outside searchmoves: %s %v", r.BestMove, r.Score)
	}
}

// TestThreads: searches on two threads (Lazy SMP) give legal moves and
// find mates in every game with a fast adapter; run with -race, they share
// the table without a data race.
func TestThreads(t *testing.T) {
	for _, c := range []struct{ variant, fen string }{
		{Chess, ""}, {Shatranj, ""}, {BanChess, ""}, {Draughts, ""}, {"capablanca", ""}, {"makruk", ""}, {"grand", ""},
		{Chess, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"},
	} {
		e, err := newEngine(c.variant, Options{HashMB: 2, Threads: 2})
		if err != nil {
			t.Fatal(err)
		}
		if e.Threads() != 2 {
			t.Errorf("%s: %d threads", c.variant, e.Threads())
		}
		if err := e.SetPositionText(c.fen, nil); err != nil {
			t.Fatal(err)
		}
		var last Info
		r, _ := e.Search(context.Background(), Limits{Depth: 5}, func(i Info) { last = i })
		if !slices.Contains(e.LegalMoves(), r.BestMove) {
			t.Errorf("%s: bestmove %q not legal", c.variant, r.BestMove)
		}
		if last.Nodes != r.Nodes || r.Depth != 5 {
			t.Errorf("%s: last info %d nodes, result %d at depth %d", c.variant, last.Nodes, r.Nodes, r.Depth)
		}
		if c.fen != "" && r.BestMove != "a1a8" {
			t.Errorf("two threads miss the mate: %s", r.BestMove)
		}
	}
	// A node limit counts every thread's nodes.
	e, _ := newEngine(Chess, Options{HashMB: 2, Threads: 2})
	if r, _ := e.Search(context.Background(), Limits{Nodes: 50000}, nil); r.Nodes < 50000 || r.Nodes > 52000 {
		t.Errorf("nodes 50000 on two threads searched %d", r.Nodes)
	}
	e.SetHash(4) // resized between searches, the helpers follow
	e.NewGame()
	if r, _ := e.Search(context.Background(), Limits{Depth: 4}, nil); r.BestMove == "" {
		t.Error("no move after a resize")
	}
}

// TestBanChoices: bans are chosen by what they take away. From the start
// the ban is of a move the chess search (another adapter, without bans,
// with Ban-Chess's evaluation) ranks best for White (within a few centipawns), not the first move the generator lists (b1a3,
// which it ranks lower); in a mate in one the mating move is banned; with
// one recapture, the recapture. The positions are checked by package
// chess: the mate is the only one, the recapture the only capture there.
func TestBanChoices(t *testing.T) {
	for _, depth := range []int{2, 3, 4} {
		// White's moves ranked by the chess search, whose evaluation
		// (the network) Ban-Chess shares.
		var g chessGame
		if err := resetFEN(&g, Chess, ""); err != nil {
			t.Fatal(err)
		}
		scores := map[string]int{}
		top := -infinity
		NewSearcher[chess.Move](&g, 2).Search(context.Background(), Limits{Depth: depth, MultiPV: 20}, nil, func(r SearchResult[chess.Move]) {
			if r.Depth == depth {
				scores[r.PV[0].UCI(false)] = r.Score
				top = max(top, r.Score)
			}
		})
		// The chess search prunes forward and the ban search does not, so
		// their shallow values of a move differ by a few centipawns: the
		// best are those within banMargin of the top.
		const banMargin = 10
		var best []string
		for m, sc := range scores {
			if sc >= top-banMargin {
				best = append(best, m)
			}
		}
		slices.Sort(best)
		if slices.Contains(best, "b1a3") {
			t.Fatalf("depth %d: b1a3 is among White's best moves %v: the test cannot tell", depth, best)
		}
		e, _ := newEngine(BanChess, Options{HashMB: 2})
		r, _ := e.Search(context.Background(), Limits{Depth: depth + 1}, nil)
		if !slices.Contains(best, r.BestMove) || r.BestMove == "b1a3" {
			t.Errorf("first ban at depth %d: %q, want one of White's best moves %v", depth+1, r.BestMove, best)
		}
	}

	// A back-rank mate: Ra8# is White's only mate; Black bans it.
	fen := "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
	if _, mates := chessLegal(t, fen); !slices.Equal(mates, []string{"a1a8"}) {
		t.Fatalf("mates %v", mates)
	}
	// Bishop takes knight on f3: g2xf3 is White's only capture of it.
	recapture := "6k1/5ppp/8/8/8/5b2/1B3PPP/6K1 w - - 0 1"
	moves, _ := chessLegal(t, recapture)
	var onF3 []string
	for _, m := range moves {
		if m[2:4] == "f3" {
			onF3 = append(onF3, m)
		}
	}
	if !slices.Equal(onF3, []string{"g2f3"}) {
		t.Fatalf("moves to f3: %v", onF3)
	}
	for _, c := range []struct{ fen, ban string }{{fen, "a1a8"}, {recapture, "g2f3"}} {
		for _, depth := range []int{2, 3, 4} {
			e, _ := newEngine(BanChess, Options{HashMB: 2})
			if err := e.SetPositionText(c.fen, nil); err != nil {
				t.Fatal(err)
			}
			if r, _ := e.Search(context.Background(), Limits{Depth: depth}, nil); r.BestMove != c.ban {
				t.Errorf("%s at depth %d: ban %s, want %s", c.fen, depth, r.BestMove, c.ban)
			}
		}
	}
}

// TestFirstIteration: the first iteration searches firstIterationNodes
// whatever the limits, a stop included, so a tiny budget or an early stop
// still completes depth 1 where that takes fewer nodes.
func TestFirstIteration(t *testing.T) {
	legal, _ := chessLegal(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		name string
		ctx  context.Context
		l    Limits
	}{
		{"stopped", cancelled, Limits{}},
		{"one node", context.Background(), Limits{Nodes: 1}},
		{"no time", context.Background(), Limits{WTime: time.Millisecond, MoveOverhead: 10 * time.Millisecond}},
	} {
		t.Run(c.name, func(t *testing.T) {
			e, _ := newEngine(Chess, Options{HashMB: 1})
			r, err := e.Search(c.ctx, c.l, nil)
			if err != nil || !slices.Contains(legal, r.BestMove) {
				t.Fatalf("move %q (%v), want a legal move", r.BestMove, err)
			}
			// A stop and the clock are read every 256 nodes.
			if r.Depth < 1 || r.Nodes > firstIterationNodes+256 {
				t.Errorf("depth %d after %d nodes, want depth 1 or more within %d nodes", r.Depth, r.Nodes, firstIterationNodes+256)
			}
		})
	}
}

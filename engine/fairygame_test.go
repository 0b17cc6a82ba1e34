package engine

import (
	"context"
	"slices"
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/variant"
)

// genericEngine is an engine of the named game forced onto genericGame.
func genericEngine(t testing.TB, name string) *Engine {
	t.Helper()
	v, err := variant.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	e := &Engine{variant: v, hashMB: 16, r: newDriver[variant.Action](newGenericGame(), 16)}
	if err := e.SetPositionText("", nil); err != nil {
		t.Fatal(err)
	}
	return e
}

func fastEngine(t testing.TB, name string) *Engine {
	t.Helper()
	e, err := newEngine(name, Options{HashMB: 16})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := e.r.(*driver[fairy.Move]); !ok {
		t.Fatalf("%s: engine does not use the fairy adapter (%T)", name, e.r)
	}
	return e
}

// gameLine is a deterministic line of n plies from the start of name.
func gameLine(t testing.TB, name string, n, seed int) []string {
	v, err := variant.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	p := v.Start()
	var line []string
	for i := 0; i < n; i++ {
		legal := p.Legal()
		if len(legal) == 0 {
			break
		}
		a := legal[(i*7+seed)%len(legal)]
		line = append(line, a.String())
		if p, err = p.Play(a); err != nil {
			t.Fatal(err)
		}
	}
	return line
}

func TestFairyGameMatchesGeneric(t *testing.T) {
	for _, name := range []string{"capablanca", "shako", "makruk"} {
		for _, plies := range []int{0, 9, 16} {
			line := gameLine(t, name, plies, plies)
			fast, slow := fastEngine(t, name), genericEngine(t, name)
			// The generic adapter evaluates material alone.
			fast.r.(*driver[fairy.Move]).g.(*fairyGame).ev.on = false
			if err := fast.SetPositionText("", line); err != nil {
				t.Fatal(err)
			}
			if err := slow.SetPositionText("", line); err != nil {
				t.Fatal(err)
			}
			if fast.FEN() != slow.FEN() {
				t.Fatalf("%s: FEN %q vs %q", name, fast.FEN(), slow.FEN())
			}
			fl, sl := fast.LegalMoves(), slow.LegalMoves()
			slices.Sort(fl)
			slices.Sort(sl)
			if !slices.Equal(fl, sl) {
				t.Fatalf("%s after %v: legal moves\n%v\n%v", name, line, fl, sl)
			}
			lim := Limits{Depth: 3}
			rf, _ := fast.Search(context.Background(), lim, nil)
			rs, _ := slow.Search(context.Background(), lim, nil)
			t.Logf("%s +%d: fast %s %+v (%d nodes), generic %s %+v (%d nodes)", name, plies, rf.BestMove, rf.Score, rf.Nodes, rs.BestMove, rs.Score, rs.Nodes)
			if rf.Score != rs.Score {
				t.Errorf("%s after %v: score %+v, generic %+v", name, line, rf.Score, rs.Score)
			}
			if !slices.Contains(sl, rf.BestMove) || !slices.Contains(sl, rs.BestMove) {
				t.Errorf("%s: best moves %s %s not legal", name, rf.BestMove, rs.BestMove)
			}
		}
	}
}

func TestFairyGameMateInOne(t *testing.T) {
	e := fastEngine(t, "capablanca")
	if err := e.SetPositionText("k9/10/1K8/10/10/10/10/9R w - - 0 1", nil); err != nil {
		t.Fatal(err)
	}
	r, _ := e.Search(context.Background(), Limits{Depth: 4}, nil)
	if r.BestMove != "j1j8" || r.Score.Mate != 1 {
		t.Fatalf("best %s score %+v, want j1j8 mate 1", r.BestMove, r.Score)
	}
}

func TestFairyGameCastlingEnPassant(t *testing.T) {
	e := fastEngine(t, "capablanca")
	moves := []string{"e2e4", "a7a6", "i1j3", "a6a5", "h1i3", "b7b6", "h2h3", "b6b5", "g1h2", "c7c6", "e4e5", "d7d5"}
	if err := e.SetPositionText("startpos", moves); err != nil {
		t.Fatal(err)
	}
	legal := e.LegalMoves()
	for _, want := range []string{"f1i1", "e5d6"} {
		if !slices.Contains(legal, want) {
			t.Fatalf("%s not among %v", want, legal)
		}
	}
	for _, m := range []string{"f1i1", "e5d6"} {
		if err := e.SetPositionText("startpos", append(slices.Clone(moves), m)); err != nil {
			t.Fatalf("after %s: %v", m, err)
		}
		r, _ := e.Search(context.Background(), Limits{Depth: 3}, nil)
		if !slices.Contains(e.LegalMoves(), r.BestMove) {
			t.Fatalf("after %s: best move %q not legal", m, r.BestMove)
		}
	}
	if err := e.SetPositionText("startpos", moves); err != nil {
		t.Fatal(err)
	}
	r, _ := e.Search(context.Background(), Limits{Depth: 3}, nil)
	if !slices.Contains(legal, r.BestMove) {
		t.Fatalf("best move %q not legal", r.BestMove)
	}
}

// Key: equal positions reached by different orders have equal keys.
func TestFairyGameKey(t *testing.T) {
	e1, e2 := fastEngine(t, "capablanca"), fastEngine(t, "capablanca")
	e1.SetPositionText("", []string{"b1c3", "b8c6", "c3b1", "c6b8"})
	e2.SetPositionText("", nil)
	k1 := e1.r.(*driver[fairy.Move]).g.Key()
	k2 := e2.r.(*driver[fairy.Move]).g.Key()
	if k1 != k2 {
		t.Fatalf("keys differ")
	}
	e1.SetPositionText("", []string{"b1c3"})
	if e1.r.(*driver[fairy.Move]).g.Key() == k2 {
		t.Fatalf("keys equal after a move")
	}
}

func BenchmarkSearchCapablancaFairy(b *testing.B) { benchSearch(b, "capablanca", 4) }

func BenchmarkSearchCapablancaGeneric(b *testing.B) {
	var nodes uint64
	for b.Loop() {
		e := genericEngine(b, "capablanca")
		r, _ := e.Search(context.Background(), Limits{Depth: 4}, nil)
		nodes += r.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// TestFairyGameCounting: the engine scores the counting rule's draw as
// Fairy-Stockfish 11.1 does ("go depth 10" on makruk 7k/8/5K2/8/8/8/8/R7
// w - 32 N 1: mate in 2 from N = 30, 0 from N = 31), through the fast
// adapter and the generic one alike.
func TestFairyGameCounting(t *testing.T) {
	for _, c := range []struct {
		fen  string
		mate int
	}{
		{"7k/8/5K2/8/8/8/8/R7 w - 32 30 1", 2},
		{"7k/8/5K2/8/8/8/8/R7 w - 32 31 1", 0},
	} {
		for _, e := range []*Engine{fastEngine(t, "makruk"), genericEngine(t, "makruk")} {
			if err := e.SetPositionText(c.fen, nil); err != nil {
				t.Fatal(err)
			}
			r, _ := e.Search(context.Background(), Limits{Depth: 6}, nil)
			if r.Score.Mate != c.mate || (c.mate == 0 && r.Score.CP != 0) {
				t.Errorf("%s (%T): score %+v, want mate %d", c.fen, e.r, r.Score, c.mate)
			}
		}
	}
}

package engine

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/baten-chess/baten/banchess"
)

// TestBanGameMakeUnmake: along seeded random lines walked with Make (and
// taken back with Unmake), the search adapter's actions are package
// banchess's at every node, through its cache of chess moves shared
// across a ban: Moves equals LegalActions, HasMoves says whether it is
// empty, Tactical picks from Moves (everything in check with evasions, a
// subset otherwise), and NoMoves agrees with Outcome. Unmake restores the
// state exactly.
func TestBanGameMakeUnmake(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	starts := []string{"",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 1",
		"7k/8/5K2/8/8/8/8/R7 w - - 0 1 2",
		"k7/2K5/8/8/8/7Q/8/8 b - - 0 1 3",
	}
	nodes := 0
	for _, fen := range starts {
		for game := range 20 {
			g := &banGame{}
			if err := resetFEN(g, BanChess, fen); err != nil {
				t.Fatal(err)
			}
			root := g.bpos
			var buf []banAction
			for ply := 0; ply < 100 && ply < len(g.stack); ply++ {
				ref := g.bpos
				var l banchess.ActionList
				ref.LegalActions(&l)
				// Ask in the order quiescence does: HasMoves, then Tactical,
				// then Moves, all from one generation.
				if g.HasMoves() != (l.Len() > 0) {
					t.Fatalf("%s: HasMoves %v with %d actions", ref.FEN(), !(l.Len() > 0), l.Len())
				}
				for _, ev := range []bool{false, true} {
					tac := g.Tactical(nil, ev)
					for _, a := range tac {
						if !slices.Contains(l.Slice(), a) {
							t.Fatalf("%s: Tactical(%v) gives %v, not legal", ref.FEN(), ev, a)
						}
					}
					if ev && ref.InCheck() && len(tac) != l.Len() {
						t.Fatalf("%s: in check, Tactical gives %d of %d actions", ref.FEN(), len(tac), l.Len())
					}
				}
				buf = g.Moves(buf[:0])
				if !slices.Equal(buf, l.Slice()) {
					t.Fatalf("%s: Moves %v, LegalActions %v", ref.FEN(), buf, l.Slice())
				}
				if g.Key() != ref.Key() || g.Actor() != int(ref.Actor()) {
					t.Fatalf("%s: key or actor differs", ref.FEN())
				}
				nodes++
				if len(buf) == 0 {
					o, _ := ref.Outcome()
					want := 0
					if o.Decisive {
						want = -1
						if int(o.Winner) == g.Actor() {
							want = 1
						}
					}
					if g.NoMoves() != want {
						t.Fatalf("%s: NoMoves %d, outcome %v", ref.FEN(), g.NoMoves(), o)
					}
					break
				}
				// Sometimes look one action ahead and come back, as a search
				// does, before going on.
				if rng.IntN(2) == 0 {
					a := buf[rng.IntN(len(buf))]
					g.Make(a)
					g.HasMoves() // the child generates
					g.Unmake()
					if g.bpos != ref {
						t.Fatalf("%s: Make/Unmake(%v) leaves %s", ref.FEN(), a, g.bpos.FEN())
					}
					if got := g.Moves(nil); !slices.Equal(got, l.Slice()) {
						t.Fatalf("%s: after Make/Unmake(%v), Moves %v, want %v", ref.FEN(), a, got, l.Slice())
					}
				}
				g.Make(buf[rng.IntN(len(buf))])
			}
			for g.n > 0 {
				g.Unmake()
			}
			if g.bpos != root {
				t.Fatalf("%s game %d: unwinding leaves %s", fen, game, g.bpos.FEN())
			}
		}
	}
	t.Logf("%d nodes", nodes)
}

// banBenchFENs are Ban-Chess middlegames reached by random play, each a
// few hundred thousand nodes deep at depth 6.
var banBenchFENs = []string{
	"rn2k3/1bp1npb1/6pr/p2Ppq2/8/PPPQPNpP/3R4/RNB1K3 w Qq - 0 21 82:f3h2",
	"1nb1k3/rpp4p/p1qp3P/5r1p/P1Pp1P2/NP1BP3/3PQn2/R1B1K2R w Q - 3 24 94:a1a2",
	"rnb4r/2p1kn1p/5pP1/ppqp1P2/3PP1P1/P7/3KNQB1/1NB4R b - - 0 25 100:e7d6",
	"r1br4/3kb2p/2npp3/p4Pp1/BB2pP2/2P5/3PK2P/RN4NR w - - 3 20 77",
}

// BenchmarkSearchBanMiddlegames searches banBenchFENs to depth 6 with a
// table allocated once, so that the search, not allocating the table,
// is measured (BenchmarkSearchBanChess spends most of its time there).
func BenchmarkSearchBanMiddlegames(b *testing.B) {
	g := &banGame{}
	s := NewSearcher[banAction](g, 16)
	var nodes uint64
	for b.Loop() {
		for _, fen := range banBenchFENs {
			if err := resetFEN(g, BanChess, fen); err != nil {
				b.Fatal(err)
			}
			s.Clear()
			r := s.Search(context.Background(), Limits{Depth: 6}, nil, nil)
			nodes += r.Nodes
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

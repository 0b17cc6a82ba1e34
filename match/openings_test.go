package match

import (
	"errors"
	"strings"
	"testing"

	"github.com/baten-chess/baten/game"
	"github.com/baten-chess/baten/variant"
)

func mustVariant(t testing.TB, name string) *variant.Variant {
	t.Helper()
	v, err := variant.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestReadOpeningsEPD(t *testing.T) {
	const file = `# two EPD positions (operations after the 4 fields) and a FEN
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 bm e5; id "1.e4";

r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - c0 "Nc6";
4k3/8/8/8/8/8/8/3QK3 w - - 12 40
rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq -
`
	ops, err := ReadOpenings(strings.NewReader(file), mustVariant(t, "chess"), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
		"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1",
		"4k3/8/8/8/8/8/8/3QK3 w - - 12 40",
		"rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 0 1",
	}
	if len(ops) != len(want) {
		t.Fatalf("%d openings, want %d", len(ops), len(want))
	}
	for i, o := range ops {
		// FEN may drop an en-passant square no capture can use: compare the
		// placement, side and castling only, and the move counters.
		gf, wf := strings.Fields(o.Start.FEN()), strings.Fields(want[i])
		if gf[0] != wf[0] || gf[1] != wf[1] || gf[2] != wf[2] || gf[4] != wf[4] || gf[5] != wf[5] || len(o.Moves) != 0 {
			t.Errorf("opening %d: %s with %d moves, want %s", i, o.Start.FEN(), len(o.Moves), want[i])
		}
	}
	if ops[1].Label != "line 4" {
		t.Errorf("label %q, want line 4 (the file's line)", ops[1].Label)
	}
}

func TestReadOpeningsOtherGames(t *testing.T) {
	tests := []struct {
		variant, file string
		plies         int
	}{
		{"draughts", "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12\n", 0},
		{"draughts", "[GameType \"21\"]\n1. 11-15 23-19 2. 8-11 *\n", 3},
		{"shatranj", "1. e3 e6 2. Nf3 *\n", 3},                          // no Variant tag: read as the match's game
		{"banchess", "1. {banning: e2e4} d4 {banning: e7e5} d5 *\n", 4}, // bans are actions
		{"chess960", "[Variant \"Chess960\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n9. g3 *\n", 1},
	}
	for _, tt := range tests {
		ops, err := ReadOpenings(strings.NewReader(tt.file), mustVariant(t, tt.variant), nil)
		if err != nil {
			t.Errorf("%s %q: %v", tt.variant, tt.file, err)
			continue
		}
		if len(ops) != 1 || len(ops[0].Moves) != tt.plies || ops[0].Start.Variant().Name != tt.variant {
			t.Errorf("%s %q: %d openings, first with %d actions; want 1 with %d", tt.variant, tt.file, len(ops), len(ops[0].Moves), tt.plies)
		}
	}
}

func TestReadOpeningsPGN(t *testing.T) {
	const file = `[Event "a finished game: its result is ignored"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0

1. d4 d5 *
`
	ops, err := ReadOpenings(strings.NewReader(file), mustVariant(t, "chess"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) != 2 || len(ops[0].Moves) != 5 || len(ops[1].Moves) != 2 {
		t.Fatalf("got %d openings; want 2 of 5 and 2 plies", len(ops))
	}
	if got := ops[0].Moves[4].String(); got != "f1b5" {
		t.Errorf("fifth action %s, want f1b5", got)
	}
}

func TestReadOpeningsErrors(t *testing.T) {
	tests := []struct{ variant, file string }{
		{"chess", ""},
		{"chess", "# only a comment\n\n"},
		{"chess", "not a fen at all\n"},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nrnbqkbnr/ppp\n"},
		{"chess", "1. e4 e5 2. Ke3 Ke6 3. Kd9 *\n"},                                  // illegal move
		{"chess", "[Variant \"Shatranj\"]\n\n1. e3 *\n"},                             // another game
		{"chess", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n"}, // already mate
		{"chess", "[Event \"x\"\n1. e4"},                                             // bad PGN
	}
	for _, tt := range tests {
		if _, err := ReadOpenings(strings.NewReader(tt.file), mustVariant(t, tt.variant), nil); !errors.Is(err, ErrOpenings) {
			t.Errorf("%q: error %v, want one wrapping ErrOpenings", tt.file, err)
		}
	}
}

func TestRandomOpenings(t *testing.T) {
	for _, name := range []string{"chess", "chess960", "shatranj", "banchess", "draughts"} {
		v := mustVariant(t, name)
		a, err := RandomOpenings(v, 20, 6, 7)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b, _ := RandomOpenings(v, 20, 6, 7)
		seen := map[string]bool{}
		for i, o := range a {
			g := game.New(o.Start)
			for _, m := range o.Moves {
				if strings.Contains(g.Position().Format(m, variant.Human), "x") {
					t.Errorf("%s opening %d has a capture", name, i)
				}
				if err := g.Play(m); err != nil {
					t.Fatalf("%s opening %d: %v", name, i, err)
				}
			}
			if _, over := g.Outcome(); over || len(o.Moves) != 6 {
				t.Errorf("%s opening %d: over or %d plies", name, i, len(o.Moves))
			}
			for _, m := range g.Position().Legal() {
				next, _ := g.Position().Play(m)
				if o, over := next.Outcome(); over && !o.Draw {
					t.Errorf("%s opening %d: %v wins at once with %v", name, i, o.Winner, m)
				}
			}
			fen := g.Position().FEN()
			if seen[fen] {
				t.Errorf("%s: opening %d repeats %s", name, i, fen)
			}
			seen[fen] = true
			if o.Start.FEN() != b[i].Start.FEN() || len(b[i].Moves) != len(o.Moves) || o.Moves[5] != b[i].Moves[5] {
				t.Errorf("%s: the same seed gave another opening %d", name, i)
			}
		}
	}
	// The position after 1.Na3 c5 2.g3 g5 3.e3 f6 (Qh5# next), which random
	// plies once gave, is refused.
	p, err := mustVariant(t, "chess").FromFEN("rnbqkbnr/pp1pp2p/5p2/2p3p1/8/N3P1P1/PPPP1P1P/R1BQKBNR w KQkq - 0 4")
	if err != nil || !winsAtOnce(p) || winsAtOnce(mustVariant(t, "chess").Start()) {
		t.Errorf("winsAtOnce: mate in one not seen, or seen at the start (%v)", err)
	}
	if _, err := RandomOpenings(mustVariant(t, "chess"), 0, 4, 1); !errors.Is(err, ErrOpenings) {
		t.Errorf("0 openings: error %v", err)
	}
	// Only 20 first moves exist: 21 distinct one-ply openings cannot.
	if _, err := RandomOpenings(mustVariant(t, "chess"), 21, 1, 1); !errors.Is(err, ErrOpenings) {
		t.Errorf("21 one-ply chess openings: error %v", err)
	}
}

func FuzzReadOpenings(f *testing.F) {
	for _, s := range []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 bm e5;\n",
		"[Event \"x\"]\n\n1. e4 e5 *\n",
		"1. d4 {c} (1. e4) d5 *",
		"# c\n\n8/8/8/8/8/8/8/K6k w - - 0 1\n",
	} {
		f.Add(s, "chess")
	}
	f.Add("B:W21,22:B1,2\n", "draughts")
	f.Add("1. {banning: e2e4} d4 *", "banchess")
	f.Add("1. e3 e6 *", "shatranj")
	f.Fuzz(func(t *testing.T, file, name string) {
		v, err := variant.Lookup(name)
		if err != nil {
			return
		}
		ops, err := ReadOpenings(strings.NewReader(file), v, nil)
		if err != nil {
			if !errors.Is(err, ErrOpenings) {
				t.Fatalf("error %v does not wrap ErrOpenings", err)
			}
			return
		}
		for _, o := range ops {
			g := game.New(o.Start)
			for _, m := range o.Moves {
				if err := g.Play(m); err != nil {
					t.Fatalf("opening %s does not replay: %v", o.Label, err)
				}
			}
			if _, over := g.Outcome(); over {
				t.Fatalf("opening %s is over", o.Label)
			}
		}
	})
}

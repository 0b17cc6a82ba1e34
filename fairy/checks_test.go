package fairy_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// checkGames are the built-in check-counting games.
var checkGames = []string{"3check", "5check", "karouk"}

// checkGame compiles a built-in game of the registry (any game, not only
// the check-counting ones).
func checkGame(t testing.TB, name string) compiled {
	t.Helper()
	v, err := variant.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	r, err := fairy.Compile(v.Rules())
	if err != nil {
		t.Fatal(err)
	}
	return compiled{name, v.Rules(), r}
}

// TestChecksPerftFairyStockfish: every count of Fairy-Stockfish HEAD's
// perft files of the check-counting games (fairy/fsf-head/NAME.perft,
// start and three random positions each, with counters other than the
// start's) matches with the fast generator, and the reference generator
// agrees to depth 2.
func TestChecksPerftFairyStockfish(t *testing.T) {
	budget := uint64(2_000_000)
	if testing.Short() || race.Enabled {
		budget = 100_000
	}
	if _, err := perftdata.Dir(); err != nil {
		t.Skip(err)
	}
	for _, name := range checkGames {
		t.Run(name, func(t *testing.T) {
			c := checkGame(t, name)
			checked := countFSFHead(t, c.v, c.r, name, budget, func(cs perftdata.Case, ref *rules.Position, fp *fairy.Position) {
				if got := ref.FEN(); got != cs.FEN {
					t.Errorf("%s: FEN written %q, Fairy-Stockfish's %q", cs.ID, got, cs.FEN)
				}
				if got, want := ref.Perft(2), fp.Perft(2); got != want {
					t.Errorf("%s: perft 2: reference %d, fast %d", cs.ID, got, want)
				}
			})
			if checked < 8 {
				t.Errorf("only %d counts checked", checked)
			}
		})
	}
}

// TestChecksSpecEqualsImpl walks seeded random games of the check-counting
// games and requires at every position the same legal moves, the same
// checks remaining and the same end in both generators: the fast
// Decided reports exactly the reference's ChecksGiven outcomes. Enough
// games end by the count to exercise the end.
func TestChecksSpecEqualsImpl(t *testing.T) {
	games := 12
	if testing.Short() || race.Enabled {
		games = 2
	}
	for _, name := range checkGames {
		c := checkGame(t, name)
		rng := rand.New(rand.NewPCG(7, uint64(len(name))))
		start, err := rules.Start(c.v)
		if err != nil {
			t.Fatal(err)
		}
		won, counted := 0, 0
		var l fairy.MoveList
		for g := 0; g < games; g++ {
			ref := start
			fp, err := c.r.FromRules(ref)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 200; ply++ {
				fp.LegalMoves(&l)
				if got, want := moveTexts(&fp, &l), refTexts(ref); !slices.Equal(got, want) {
					t.Fatalf("%s %s:\n got %v\nwant %v", name, ref.FEN(), got, want)
				}
				if fp.ChecksRemaining() != ref.ChecksRemaining() {
					t.Fatalf("%s %s: fast counts %v", name, ref.FEN(), fp.ChecksRemaining())
				}
				o, over := ref.Outcome()
				d, dec := fp.Decided()
				if dec != (over && o.Reason == rules.ChecksGiven) || dec && d != o {
					t.Fatalf("%s %s: fast %v %v, reference %v %v", name, ref.FEN(), d, dec, o, over)
				}
				if dec {
					won++
				}
				if l.N == 0 {
					break
				}
				m := l.Moves[rng.IntN(l.N)]
				before := ref.ChecksRemaining()
				text := fp.MoveText(m)
				fp.Play(m)
				next, err := ref.PlayText(text)
				if err != nil {
					t.Fatal(err)
				}
				if next.InCheck() {
					counted++
					mover := ref.Turn()
					if before[mover]-next.ChecksRemaining()[mover] != 1 {
						t.Fatalf("%s %s: check %s counted %v → %v", name, ref.FEN(), text, before, next.ChecksRemaining())
					}
				} else if next.ChecksRemaining() != before {
					t.Fatalf("%s %s: %s gives no check but the count moved", name, ref.FEN(), text)
				}
				ref = next
			}
		}
		t.Logf("%s: %d checks counted, %d games won by the count", name, counted, won)
		if won == 0 {
			t.Errorf("%s: no game ended by the count", name)
		}
	}
}

// TestChecksCorners: the count's corners, each checked against
// Fairy-Stockfish HEAD (go perft and d on the same FEN): a double check
// counts once; the last check wins even when it is also mate; a check
// with checks still to give leaves the game going; the counters in the
// FEN in both forms, and missing; the counter in the position key.
func TestChecksCorners(t *testing.T) {
	c := checkGame(t, "3check")
	play := func(fen, move string) *rules.Position {
		t.Helper()
		p, err := rules.ParseFEN(c.v, fen)
		if err != nil {
			t.Fatal(err)
		}
		if p, err = p.PlayText(move); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// A discovered double check (the knight checks and uncovers the
	// rook) counts once.
	if p := play("4k3/8/8/8/4N3/8/8/4RK2 w - - 3+3 0 1", "e4d6"); p.ChecksRemaining() != [2]int{2, 3} {
		t.Errorf("double check: %v", p.ChecksRemaining())
	}
	// The third check is mate as well: the count decides, white wins by
	// checks given, and no move is listed in either generator.
	p := play("6k1/5ppp/8/8/8/8/8/R5K1 w - - 1+3 0 1", "a1a8")
	o, over := p.Outcome()
	if !over || o.Winner != rules.First || o.Reason != rules.ChecksGiven || !p.Checkmated() {
		t.Errorf("last check and mate: %v %v, mate %v", o, over, p.Checkmated())
	}
	if p := play("6k1/5ppp/8/8/8/8/8/R5K1 w - - 1+3 0 1", "a1a7"); p.Checkmated() {
		t.Error("Ra7 gives no check but reads as mate")
	}
	fp, err := c.r.FromRules(p)
	if err != nil {
		t.Fatal(err)
	}
	if d, dec := fp.Decided(); !dec || d != o {
		t.Errorf("last check and mate, fast: %v %v", d, dec)
	}
	// Mate with checks still to give is checkmate.
	p = play("6k1/5ppp/8/8/8/8/8/R5K1 w - - 2+3 0 1", "a1a8")
	if o, over := p.Outcome(); !over || o.Reason != rules.Checkmate || p.ChecksRemaining() != [2]int{1, 3} {
		t.Errorf("mate with a check to spare: %v %v %v", o, over, p.ChecksRemaining())
	}
	for _, tc := range []struct{ in, out string }{
		{"4k3/8/8/8/8/8/8/4K3 w - - 2+1 5 9", "4k3/8/8/8/8/8/8/4K3 w - - 2+1 5 9"},
		// lichess's form: checks given, counted down from three.
		{"4k3/8/8/8/8/8/8/4K3 w - - 5 9 +1+2", "4k3/8/8/8/8/8/8/4K3 w - - 2+1 5 9"},
		// no counter: the next check wins, as Fairy-Stockfish reads it.
		{"4k3/8/8/8/8/8/8/4K3 w - - 5 9", "4k3/8/8/8/8/8/8/4K3 w - - 1+1 5 9"},
		{"4k3/8/8/8/8/8/8/4K3 w - -", "4k3/8/8/8/8/8/8/4K3 w - - 1+1 0 1"},
	} {
		p, err := rules.ParseFEN(c.v, tc.in)
		if err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		if got := p.FEN(); got != tc.out {
			t.Errorf("%s: FEN %s, want %s", tc.in, got, tc.out)
		}
	}
	for _, bad := range []string{
		"4k3/8/8/8/8/8/8/4K3 w - - 16+3 0 1",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+99",
		"4k3/8/8/8/8/8/8/4K3 w - - 3+ 0 1",
	} {
		if _, err := rules.ParseFEN(c.v, bad); err == nil {
			t.Errorf("%s read", bad)
		}
	}
	key := func(fen string) uint64 {
		p, err := rules.ParseFEN(c.v, fen)
		if err != nil {
			t.Fatal(err)
		}
		fp, err := c.r.FromRules(p)
		if err != nil {
			t.Fatal(err)
		}
		return fp.Key()
	}
	if key("4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1") == key("4k3/8/8/8/8/8/8/4K3 w - - 2+3 0 1") {
		t.Error("the key does not see the counter")
	}
}

// BenchmarkChecksPerft: three-check's start at depth 5, beside chess's
// from package rules on the same generator, for what counting checks
// costs (compare Fairy-Stockfish's "go perft 5" with UCI_Variant 3check).
func BenchmarkChecksPerft(b *testing.B) {
	b.Run("3check-d5", func(b *testing.B) { benchPerft(b, checkGame(b, "3check").v, "", 5) })
	b.Run("chess-d5", func(b *testing.B) { benchPerft(b, rules.Chess(), "", 5) })
}

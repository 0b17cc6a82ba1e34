package variant_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/baten-chess/baten/shatranj"
	"github.com/baten-chess/baten/variant"
)

// The adapters over the fast bitboard packages (chess and Chess960,
// shatranj, Ban-Chess, English draughts), tested through the Position
// interface: the lemmas about notation and FEN that package game checked
// while it held these adapters.

// adapterGames names the games of the fast adapters, in a fixed order:
// the 1-based index seeds each game's random games.
var adapterGames = []string{"chess", "chess960", "shatranj", "banchess", "draughts"}

// fuzzGames are the games the fuzz targets read text of: the adapted ones
// and Capablanca chess, played by the generic adapter over package rules.
var fuzzGames = append(append([]string(nil), adapterGames...), "capablanca", "crazyhouse") // drops: the reference adapter's hands

// lookupGame looks a built-in game up by name.
func lookupGame(t testing.TB, name string) *variant.Variant {
	t.Helper()
	v, err := variant.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// positionOf reads a position of the named game from its FEN ("" is the
// standard start).
func positionOf(t testing.TB, name, fen string) variant.Position {
	t.Helper()
	p, err := lookupGame(t, name).FromFEN(fen)
	if err != nil {
		t.Fatalf("%s %q: %v", name, fen, err)
	}
	return p
}

// walkRandomGames plays games of random legal actions in the named game
// from its start (a random one of its first start set for a game with
// random starts: Chess960) and calls visit on every position reached (the
// start included).
func walkRandomGames(t testing.TB, name string, games, plies int, visit func(p variant.Position)) {
	t.Helper()
	v := lookupGame(t, name)
	rng := rand.New(rand.NewPCG(uint64(slices.Index(adapterGames, name)+1), 2026))
	for range games {
		p := v.Start()
		if v.RandomStart {
			set := v.Starts[0]
			var err error
			if p, err = v.StartFrom(set.Name, strconv.Itoa(set.First+rng.IntN(set.Count))); err != nil {
				t.Fatal(err)
			}
		}
		for range plies {
			visit(p)
			if _, over := p.Outcome(); over {
				break
			}
			legal := p.Legal()
			var err error
			if p, err = p.Play(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestMoveRoundtrip is the move_roundtrip lemma: for every legal action a
// of every position of random games in every game of the fast adapters
// (at least 100,000 actions per game), parsing its human notation and its
// machine notation gives a back, and its machine notation is its String.
func TestMoveRoundtrip(t *testing.T) {
	for _, name := range adapterGames {
		count := 0
		for games := 50; count < 100_000; games *= 2 {
			count = 0
			walkRandomGames(t, name, games, 120, func(p variant.Position) {
				for _, a := range p.Legal() {
					count++
					if p.Format(a, variant.Machine) != a.String() {
						t.Fatalf("%s %s: machine notation %q of %v", name, p.FEN(), p.Format(a, variant.Machine), a)
					}
					for _, text := range []string{p.Format(a, variant.Human), a.String()} {
						got, err := p.Parse(text)
						if err != nil || got != a {
							t.Fatalf("%s %s: %q parses to %v, %v; want %v", name, p.FEN(), text, got, err, a)
						}
					}
				}
			})
		}
		t.Logf("%s: %d actions", name, count)
	}
}

// TestParsePrintInverse is the parse_print_inverse lemma: printed notation
// is a fixed point — print(parse(s)) == s for every s the printer writes —
// and lenient spellings (UCI, missing check marks, 0-0) print canonically.
func TestParsePrintInverse(t *testing.T) {
	for _, name := range adapterGames {
		walkRandomGames(t, name, 20, 80, func(p variant.Position) {
			for _, a := range p.Legal() {
				s := p.Format(a, variant.Human)
				got, err := p.Parse(s)
				if err != nil || p.Format(got, variant.Human) != s {
					t.Fatalf("%s %s: %q reprints as %q (%v)", name, p.FEN(), s, p.Format(got, variant.Human), err)
				}
			}
		})
	}
	lenient := []struct {
		game, fen, text string
		want            string
	}{
		{"chess", "", "e2e4", "e4"},
		{"chess", "", "Ng1-f3", "Nf3"},
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0", "O-O"},
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
		{"chess960", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1", "O-O"},
		{"chess", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8Q", "a8=Q+"},
		{"chess", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n", "a8=N"},
		{"chess", "", "e4!?", "e4"},
		{"shatranj", "", "b1c3", "Nc3"},
		{"shatranj", "", "Nc3", "Nc3"},
		{"banchess", "", "b:e2e4", "b:e2e4"},
		{"banchess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2:e2e4", "d2d4", "d4"},
		{"draughts", "", "11-15", "11-15"},
	}
	for _, tt := range lenient {
		p := positionOf(t, tt.game, tt.fen)
		a, err := p.Parse(tt.text)
		if err != nil {
			t.Errorf("%s %q: %v", tt.game, tt.text, err)
			continue
		}
		if got := p.Format(a, variant.Human); got != tt.want {
			t.Errorf("%s %q prints as %q, want %q", tt.game, tt.text, got, tt.want)
		}
	}
}

// TestParseMoveInverse is the parse_move_inverse lemma: the machine text
// of an action (UCI, action text, PDN path) parses back to it, and no two
// legal actions share a text, so the notation is injective.
func TestParseMoveInverse(t *testing.T) {
	for _, name := range adapterGames {
		walkRandomGames(t, name, 20, 80, func(p variant.Position) {
			seen := map[string]bool{}
			human := map[string]bool{}
			for _, a := range p.Legal() {
				h := p.Format(a, variant.Human)
				if seen[a.String()] || human[h] {
					t.Fatalf("%s %s: two actions print as %q / %q", name, p.FEN(), a.String(), h)
				}
				seen[a.String()], human[h] = true, true
			}
		})
	}
}

// TestFENRoundtrip is the fen_roundtrip lemma for every game of the fast
// adapters: the FEN of every position of random games reads back to a
// position with the same FEN, key and legal actions.
func TestFENRoundtrip(t *testing.T) {
	for _, name := range adapterGames {
		v := lookupGame(t, name)
		walkRandomGames(t, name, 30, 150, func(p variant.Position) {
			q, err := v.FromFEN(p.FEN())
			if err != nil {
				t.Fatalf("%s %s: %v", name, p.FEN(), err)
			}
			if q.FEN() != p.FEN() || q.Key() != p.Key() {
				t.Fatalf("%s: %s reads back as %s", name, p.FEN(), q.FEN())
			}
			if !slices.Equal(q.Legal(), p.Legal()) {
				t.Fatalf("%s %s: actions differ after the round trip", name, p.FEN())
			}
		})
	}
}

// TestReachablePreservesWF is the reachable_preserves_wf lemma: every
// position reached by legal actions is well formed — its FEN is accepted
// by the game's validating constructor — and each legal action's result
// is again accepted.
func TestReachablePreservesWF(t *testing.T) {
	for _, name := range adapterGames {
		v := lookupGame(t, name)
		walkRandomGames(t, name, 20, 150, func(p variant.Position) {
			for _, a := range p.Legal() {
				q, err := p.Play(a)
				if err != nil {
					t.Fatalf("%s %s: legal %v refused: %v", name, p.FEN(), a, err)
				}
				if _, err := v.FromFEN(q.FEN()); err != nil {
					t.Fatalf("%s: %v leads to an invalid position %s: %v", name, a, q.FEN(), err)
				}
			}
		})
	}
}

// TestShatranjStarts: the alternative setup and every documented tabiya,
// by number and by name, give playable shatranj starts equal to their
// FEN; unknown ones are errors wrapping shatranj.ErrUnknownTabiya.
func TestShatranjStarts(t *testing.T) {
	v := lookupGame(t, "shatranj")
	alt, err := v.StartFrom("setup", "alternative")
	if err != nil || alt.Variant() != v || alt.FEN() != positionOf(t, "shatranj", shatranj.AlternativeFEN).FEN() {
		t.Fatalf("alternative setup: %v %v", alt, err)
	}
	if alt.FEN() == v.Start().FEN() {
		t.Fatal("the alternative setup is the standard one")
	}
	if std, err := v.StartFrom("setup", "standard"); err != nil || std.FEN() != v.Start().FEN() {
		t.Fatalf("standard setup: %v %v", std, err)
	}
	for _, tab := range shatranj.Tabiyat {
		want := positionOf(t, "shatranj", tab.FEN).FEN()
		for _, key := range append([]string{" " + strconv.Itoa(tab.Number), tab.Name}, tab.Aliases...) {
			p, err := v.StartFrom("tabiya", key)
			if err != nil || p.FEN() != want || p.Variant() != v {
				t.Fatalf("tabiya %q: %v, %v", key, p, err)
			}
			if len(p.Legal()) == 0 {
				t.Fatalf("tabiya %q: no legal move", key)
			}
		}
	}
	for _, bad := range []string{"0", "-1", "17", "", "Muwashshah", "1x"} {
		if _, err := v.StartFrom("tabiya", bad); !errors.Is(err, shatranj.ErrUnknownTabiya) {
			t.Errorf("tabiya %q: %v", bad, err)
		}
	}
	if _, err := v.StartFrom("chess960", "1"); !errors.Is(err, variant.ErrNoStart) {
		t.Errorf("shatranj's Chess960 start: %v", err)
	}
}

// FuzzFromFEN feeds FEN text of every game of the fast adapters to
// FromFEN: no panic, and whatever is accepted prints a FEN that reads back
// to the same position.
func FuzzFromFEN(f *testing.F) {
	for _, seed := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
		"rnakfanr/pppppppp/8/8/8/8/PPPPPPPP/RNAKFANR w - - 0 1",
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - -",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2:e2e4",
		"B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
		"W:WK18:B14,K3", "", "8/8/8/8 w", "B:W:B",
		"rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1", "r3k4r/10/10/10/10/10/10/R3K4R w Kq - 0 1",
		"r1b1kbnr/1pqppppp/p1n5/2P5/3P2P1/N4B2/PBPKPP1P/R2Q2NR[P] b k - 2 12", "Q~1r1k3/8/8/8/8/8/8/4K3/Rn b - - 0 1", // drops
	} {
		for i := range len(fuzzGames) {
			f.Add(uint8(i), seed)
		}
	}
	f.Fuzz(func(t *testing.T, vi uint8, fen string) {
		name := fuzzGames[int(vi)%len(fuzzGames)]
		v := lookupGame(t, name)
		p, err := v.FromFEN(fen)
		if err != nil {
			return
		}
		q, err := v.FromFEN(p.FEN())
		if err != nil || q.FEN() != p.FEN() {
			t.Fatalf("%s %q: prints %q, which reads back as %v", name, fen, p.FEN(), err)
		}
	})
}

// FuzzParse feeds action text of every game of the fast adapters to Parse
// in the start and in a middle-game position: no panic, and an accepted
// action is legal and reads back from its own notation.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{"e4", "Nf3", "O-O", "0-0-0", "e8=Q+", "exd6 e.p.", "e2e4", "b:e2e4",
		"m:g1f3", "11-15", "22x15x8", "Fd2", "Rxd8+ BK", "Nbd7!?", "--", "Z0", "a1a1", "K", "", "Ad3", "b7a8=C", "O-O-O", "Cxi3+", "j2j1q", "P@e4", "@e4", "N@f3+"} {
		f.Add(uint8(0), seed)
		f.Add(uint8(1), seed)
	}
	starts := map[string][]string{
		"chess":      {"", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
		"chess960":   {"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1", "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1"},
		"shatranj":   {"", "4k3/1P6/8/8/8/8/3r4/R3K3 w - - 0 1"},
		"banchess":   {"", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2:e2e4"},
		"draughts":   {"", "W:WK18,K27:B14,23,K3"},
		"capablanca": {"", "r3k4r/pP8/10/10/10/10/8Pp/R3K4R w KQkq - 0 1"},
		"crazyhouse": {"", "r1r1k3/1P6/8/8/8/8/8/4K3[NPq] w - - 0 1"}, // drops
	}
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		for _, name := range fuzzGames {
			p := positionOf(t, name, starts[name][int(which)%2])
			a, err := p.Parse(text)
			if err != nil {
				continue
			}
			if _, err := p.Play(a); err != nil {
				t.Fatalf("%s %q: parsed to an unplayable action: %v", name, text, err)
			}
			if again, err := p.Parse(p.Format(a, variant.Human)); err != nil || again != a {
				t.Fatalf("%s %q: notation %q does not read back", name, text, p.Format(a, variant.Human))
			}
			if strings.TrimSpace(text) == "" {
				t.Fatalf("%s: blank text parsed as %v", name, a)
			}
		}
	})
}

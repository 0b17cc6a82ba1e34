package fairy_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// compiled is one variant with its compiled rules.
type compiled struct {
	name string
	v    *rules.Variant
	r    *fairy.Rules
}

// accepted compiles every fairy variant plus chess and Capablanca from
// package rules, and logs the refused ones with their reasons.
func accepted(t testing.TB) []compiled {
	t.Helper()
	vs, err := variant.Fairy()
	if err != nil {
		t.Fatal(err)
	}
	var out []compiled
	for _, v := range vs {
		rv := v.Rules()
		r, err := fairy.Compile(rv)
		if err != nil {
			if !errors.Is(err, fairy.ErrUnsupported) {
				t.Fatalf("%s: %v does not wrap ErrUnsupported", v.Name, err)
			}
			t.Logf("refused: %v", err)
			continue
		}
		out = append(out, compiled{v.Name, rv, r})
	}
	for _, rv := range []*rules.Variant{rules.Chess(), rules.Capablanca()} {
		r, err := fairy.Compile(rv)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, compiled{"rules-" + rv.Name, rv, r})
	}
	out = append(out, connectVariants(t)...) // family: connection
	out = append(out, colourVariants(t)...)  // per-colour rules
	out = append(out, royalList(t)...)       // family: royal guards
	out = append(out, palaceList(t)...)      // family: palaces
	return append(out, endsVariants(t)...)
}

func moveTexts(p *fairy.Position, l *fairy.MoveList) []string {
	var out []string
	for _, m := range l.Slice() {
		out = append(out, p.MoveText(m))
	}
	slices.Sort(out)
	return out
}

func refTexts(p *rules.Position) []string {
	var out []string
	for _, m := range p.LegalMoves() {
		out = append(out, p.MoveText(m))
	}
	slices.Sort(out)
	return out
}

// TestCompileAcceptsMostFairyVariants: the variants Compile takes, and
// that every refusal wraps ErrUnsupported.
func TestCompileAcceptsMostFairyVariants(t *testing.T) {
	var names []string
	for _, c := range accepted(t) {
		names = append(names, c.name)
	}
	t.Logf("accepted: %v", names)
	if len(names) < 12 {
		t.Errorf("only %d variants accepted", len(names))
	}
}

// TestSpecEqualsImpl walks seeded random games of every accepted variant
// and requires at each position the same set of legal moves (by MoveText)
// and the same InCheck as the reference generator, with the fast position
// advanced by its own Play, and Unplay restoring it exactly.
func TestSpecEqualsImpl(t *testing.T) {
	games, plies := 30, 100
	if testing.Short() || race.Enabled {
		games = 6
	}
	for _, c := range accepted(t) {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			games := games
			if c.v.Walling != nil {
				games = min(games, 3) // walling: thousands of moves a position; TestWallSpecEqualsImpl walks more
			}
			rng := rand.New(rand.NewPCG(1, uint64(len(c.name))))
			start, err := rules.Start(c.v)
			if err != nil {
				t.Fatal(err)
			}
			var l fairy.MoveList
			positions := 0
			if piecesAndKeys[c.name] { // no rule of their own: a tenth of the games
				games = max(1, games/10)
			}
			if c.name == "wolf" { // wolf: 8x10 of riders; TestEPSquaresSpecEqualsImpl walks it too
				games = max(1, games/10)
			}
			plies := plies
			if fsfBuiltins[c.name] {
				games = 1
				if testing.Short() || race.Enabled {
					plies = 25
				}
			}
			if c.v.Royal != nil { // family: royal guards: TestRoyalSpecEqualsImpl walks more
				games = max(1, games/10)
			}
			if palaceWalked[c.name] && (testing.Short() || race.Enabled) { // family: palaces
				t.Skip("TestPalaceSpecEqualsImpl walks it")
			}
			for g := 0; g < games; g++ {
				ref := start
				fp, err := c.r.FromRules(ref)
				if err != nil {
					t.Fatal(err)
				}
				for ply := 0; ply < plies; ply++ {
					want := refTexts(ref)
					fp.LegalMoves(&l)
					got := moveTexts(&fp, &l)
					positions++
					if !slices.Equal(got, want) {
						t.Fatalf("game %d ply %d %s:\n got %v\nwant %v", g, ply, ref.FEN(), got, want)
					}
					if fp.InCheck() != ref.InCheck() {
						t.Fatalf("game %d ply %d %s: InCheck %v, reference %v", g, ply, ref.FEN(), fp.InCheck(), ref.InCheck())
					}
					if l.N == 0 {
						break
					}
					i := rng.IntN(l.N)
					m := l.Moves[i]
					text := playRestoring(t, &fp, m, func() string { return fmt.Sprintf("game %d ply %d %s", g, ply, ref.FEN()) })
					ref, err = ref.PlayText(text)
					if err != nil {
						t.Fatal(err)
					}
					if fp.Halfmove() != ref.Halfmove() || fp.Fullmove() != ref.Fullmove() {
						t.Fatalf("clocks after %s: %d %d, reference %d %d", text, fp.Halfmove(), fp.Fullmove(), ref.Halfmove(), ref.Fullmove())
					}
					if gl, gp := fp.Counting(); true {
						if wl, wp := ref.Counting(); gl != wl || gp != wp {
							t.Fatalf("count after %s: %d/%d, reference %d/%d", text, gl, gp, wl, wp)
						}
					}
				}
			}
			t.Logf("%d positions", positions)
		})
	}
}

// perftCases reads the reference counts of a compiled variant.
func perftCases(name string) ([]perftdata.Case, error) {
	switch name {
	case "rules-chess":
		return perftdata.Load("chess/tricky.perft")
	case "rules-capablanca":
		return perftdata.Load("fairy/capablanca.perft")
	}
	return perftdata.LoadFairy(name)
}

// TestPerft: every reference count up to the node budget matches.
func TestPerft(t *testing.T) {
	budget := uint64(5_000_000)
	if testing.Short() || race.Enabled {
		budget = 200_000
	}
	if _, err := perftdata.Dir(); err != nil {
		t.Skip(err)
	}
	for _, c := range accepted(t) {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cases, err := perftCases(c.name)
			if errors.Is(err, os.ErrNotExist) {
				t.Skip(err)
			}
			if err != nil {
				t.Fatal(err)
			}
			checked := countCases(t, c.v, c.r, cases, budget, nil)
			if checked == 0 {
				t.Errorf("no counts checked")
			}
			t.Logf("%d counts", checked)
		})
	}
}

// TestNoAllocations: LegalMoves, Play and Unplay allocate nothing.
func TestNoAllocations(t *testing.T) {
	var games []compiled
	for _, c := range append(accepted(t), moveRulesList(t)...) { // family: move rules: castling and passing games
		games = append(games, c)
	}
	games = append(games, epSquareVariants(t)...) // en passant squares
	for _, c := range games {
		start, err := rules.Start(c.v)
		if err != nil {
			t.Fatal(err)
		}
		fp, err := c.r.FromRules(start)
		if err != nil {
			t.Fatal(err)
		}
		var l fairy.MoveList
		if a := testing.AllocsPerRun(50, func() { fp.LegalMoves(&l) }); a != 0 {
			t.Errorf("%s: LegalMoves allocates %v", c.name, a)
		}
		m := l.Moves[0]
		if a := testing.AllocsPerRun(50, func() { u := fp.Play(m); fp.Unplay(m, u) }); a != 0 {
			t.Errorf("%s: Play allocates %v", c.name, a)
		}
	}
}

func benchPerft(b *testing.B, v *rules.Variant, fen string, depth int) {
	r, err := fairy.Compile(v)
	if err != nil {
		b.Fatal(err)
	}
	var ref *rules.Position
	if fen == "" {
		ref, err = rules.Start(v)
	} else {
		ref, err = rules.ParseFEN(v, fen)
	}
	if err != nil {
		b.Fatal(err)
	}
	fp, err := r.FromRules(ref)
	if err != nil {
		b.Fatal(err)
	}
	var nodes, runs uint64
	for b.Loop() {
		nodes += fp.Perft(depth)
		runs++
	}
	b.ReportMetric(float64(nodes/runs), "nodes")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnps")
}

func fairyVariant(b *testing.B, name string) *rules.Variant {
	vs, err := variant.Fairy()
	if err != nil {
		b.Fatal(err)
	}
	for _, v := range vs {
		if v.Name == name {
			return v.Rules()
		}
	}
	b.Fatalf("no %s", name)
	return nil
}

// BenchmarkPerft: Capablanca start depth 4 (and 5), Grand depth 3, Makruk
// and janggi depth 4, reporting millions of nodes per second.
func BenchmarkPerft(b *testing.B) {
	b.Run("capablanca-d4", func(b *testing.B) { benchPerft(b, rules.Capablanca(), "", 4) })
	b.Run("grand-d3", func(b *testing.B) { benchPerft(b, fairyVariant(b, "grand"), "", 3) })
	b.Run("makruk-d4", func(b *testing.B) { benchPerft(b, fairyVariant(b, "makruk"), "", 4) })
	b.Run("janggi-d4", func(b *testing.B) { benchPerft(b, fairyVariant(b, "janggi"), "", 4) })
	// Depth 5 compares with Fairy-Stockfish's "go perft 5".
	b.Run("capablanca-d5", func(b *testing.B) { benchPerft(b, rules.Capablanca(), "", 5) })
}

// TestCompileDrops: every game with drops (rules.DropRules) compiles, and
// drops joined to a family this package does not combine with them
// (compulsory capture here) are refused with ErrUnsupported naming drops.
func TestCompileDrops(t *testing.T) {
	vs, err := variant.Fairy()
	if err != nil {
		t.Fatal(err)
	}
	games := []*rules.Variant{rules.Crazyhouse()}
	for _, v := range vs {
		if v.Rules().Drops != nil {
			games = append(games, v.Rules())
		}
	}
	if len(games) < 7 {
		t.Fatalf("%d games with drops, want crazyhouse twice, loop, chessgi, pocketknight, capahouse and placement", len(games))
	}
	for _, rv := range games {
		if _, err := fairy.Compile(rv); err != nil {
			t.Errorf("%s: %v", rv.Name, err)
		}
	}
	odd := *rules.Crazyhouse()
	odd.MandatoryCapture = true
	if _, err := fairy.Compile(&odd); !errors.Is(err, fairy.ErrUnsupported) || !strings.Contains(err.Error(), "drops") {
		t.Errorf("crazyhouse with compulsory capture: %v, want ErrUnsupported naming drops", err)
	}
}

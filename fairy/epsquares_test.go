package fairy_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// epSquaresINI are games of the en passant squares family small enough
// for many random games: chess whose pawns may step three from their
// second rank and two from their third, as wildebeest's do; and en
// passant regions that differ between the colours (White may take on
// the sixth rank only and Black nowhere, then White nowhere and Black on
// the third).
const epSquaresINI = `
[triplesmall:chess]
doubleStepRegionWhite = *2 *3
doubleStepRegionBlack = *7 *6
tripleStepRegionWhite = *2
tripleStepRegionBlack = *7

[epapart:chess]
enPassantRegionWhite = *6
enPassantRegionBlack = -

[epapart2:chess]
enPassantRegionWhite = -
enPassantRegionBlack = *3
`

// epSquareSections are the sections of Fairy-Stockfish's example file
// the family makes load: wildebeest (triple steps on 11x10) and
// dragon-chess (a pawn, KifmnD, whose first double step leaves en passant
// squares no piece may take on).
var epSquareSections = []string{"wildebeest", "dragon-chess"}

// exampleSections loads the named sections of Fairy-Stockfish's example
// file, none when the shared data is not here.
func exampleSections(t testing.TB, names ...string) []*variant.Variant {
	t.Helper()
	dir, err := perftdata.Dir()
	if err != nil {
		return nil
	}
	text, err := os.ReadFile(filepath.Join(dir, "fairy", "fsf-variants.ini"))
	if err != nil {
		t.Fatal(err)
	}
	// The file's other sections need families not done yet: its error
	// lists them, and the good ones load all the same.
	all, _ := variant.LoadINI(strings.NewReader(string(text)), "fsf-variants.ini", variant.Builtin())
	var out []*variant.Variant
	for _, v := range all {
		if slices.Contains(names, v.Name) {
			out = append(out, v)
		}
	}
	if len(out) != len(names) {
		t.Fatalf("%d of the sections %v load", len(out), names)
	}
	return out
}

// epSquareVariants compiles triplesmall and the epSquareSections, for
// this family's tests and TestNoAllocations.
func epSquareVariants(t testing.TB) []compiled {
	t.Helper()
	out := compileINI(t, "ep", epSquaresINI, variant.Builtin()) // connect_test.go
	for _, v := range exampleSections(t, epSquareSections...) {
		r, err := fairy.Compile(v.Rules())
		if err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		out = append(out, compiled{v.Name, v.Rules(), r})
	}
	return append(out, familyGames(t, "wolf", "", "wolf")["wolf"]) // wolf: a sergeant's first step leaves en passant squares
}

// byNames indexes compiled games by name.
func byNames(cs []compiled) map[string]compiled {
	out := map[string]compiled{}
	for _, c := range cs {
		out[c.name] = c
	}
	return out
}

// TestEPSquaresPerft: positions made to exercise the family, counted by
// both generators as Fairy-Stockfish c19b5f6 counts them ("setoption
// name VariantPath", the section saved as a file, "position fen FEN", "go
// perft DEPTH"): a triple step that leaves two en passant squares, each
// attacked (e2e5 past d5 and f4), both captures from the FEN the oracle
// writes after it (e3e4), Black's mirror, dragon-chess after its pawns'
// double steps (f5f6: squares set, never taken), and en passant regions
// by colour (epapart: only White may take, on d6; epapart2: only Black).
func TestEPSquaresPerft(t *testing.T) {
	byName := byNames(epSquareVariants(t))
	for _, tc := range []struct {
		name, fen string
		counts    []uint64 // Fairy-Stockfish c19b5f6's perft 1, 2, … (the reference generator's to 3)
	}{
		{"ep-triplesmall", "", []uint64{28, 760, 22119}},
		{"ep-triplesmall", "rnbqkbnr/pp1ppppp/8/8/2p5/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", []uint64{26, 737, 19941}},
		{"ep-triplesmall", "4k3/8/8/3p4/5p2/8/4P3/4K3 w - - 0 1", []uint64{7, 54, 383, 3281, 24302}},
		{"ep-triplesmall", "4k3/8/8/3pP3/5p2/8/8/4K3 b - e3e4 0 1", []uint64{9, 49, 363, 2277, 17356}},
		{"ep-triplesmall", "4k3/4p3/8/3P1P2/8/8/8/4K3 b - - 0 1", []uint64{7, 55, 373, 3194, 22480}},
		{"ep-triplesmall", "r3k2r/p1pp1ppp/8/8/8/8/P1PP1PPP/R3K2R w KQkq - 0 1", []uint64{28, 766, 20704}},
		{"wildebeest", "5k5/11/11/11/11/3p7/5p5/11/4P6/5K5 w - - 0 1", []uint64{7, 54, 395, 3559}},
		{"wildebeest", "5k5/11/11/11/11/3pP6/5p5/11/11/5K5 b - e3e4 0 1", []uint64{9, 49, 407, 2553}},
		{"wildebeest", "5k5/4p6/11/5P5/3P7/11/11/11/11/5K5 b - - 0 1", []uint64{7, 54, 395, 3559}},
		{"wildebeest", "5k5/11/11/5P5/3Pp6/11/11/11/11/5K5 w - e7e8 0 2", []uint64{9, 49, 407, 2553}},
		{"dragon-chess", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f5f6 0 3", []uint64{51, 2652, 145318}},
		{"ep-epapart", "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", []uint64{6, 38, 258, 1977}},
		{"ep-epapart", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", []uint64{6, 37, 245, 1869}},
		{"ep-epapart", "", []uint64{20, 400, 8902}},
		{"ep-epapart2", "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", []uint64{6, 37, 254}},
		{"ep-epapart2", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", []uint64{6, 38, 248}},
	} {
		c, ok := byName[tc.name]
		if !ok {
			continue // the example file is not here
		}
		fastMax, refMax := uint64(math.MaxUint64), uint64(30_000)
		if race.Enabled {
			fastMax, refMax = 10_000, 1_000 // the plain run counts the rest
		}
		countsAgree(t, c, tc.fen, tc.counts, fastMax, refMax)
	}
}

// countsAgree counts fen (the start for "") of c to each depth of counts,
// Fairy-Stockfish's: with the fast generator up to fastMax nodes, and with
// the reference one to depth 3 up to refMax.
func countsAgree(t *testing.T, c compiled, fen string, counts []uint64, fastMax, refMax uint64) {
	t.Helper()
	if fen == "" {
		fen = c.v.Start
	}
	ref, err := rules.ParseFEN(c.v, fen)
	if err != nil {
		t.Fatalf("%s %s: %v", c.name, fen, err)
	}
	fp, err := c.r.FromRules(ref)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range counts {
		d := i + 1
		if want <= fastMax {
			if got := fp.Perft(d); got != want {
				t.Errorf("%s %s perft %d: %d, Fairy-Stockfish %d", c.name, fen, d, got, want)
			}
		}
		if d <= 3 && want <= refMax {
			if got := ref.Perft(d); got != want {
				t.Errorf("%s %s reference perft %d: %d, Fairy-Stockfish %d", c.name, fen, d, got, want)
			}
		}
	}
}

// TestEPSquaresFEN: the en passant field after the family's moves, as
// Fairy-Stockfish c19b5f6 writes it where it writes every square ("d"
// after the moves; none off the taker's region), and read back to the
// same position. Baten writes
// every square a triple step passed, as it writes a double step's; the
// oracle leaves out those no enemy pawn attacks.
func TestEPSquaresFEN(t *testing.T) {
	byName := byNames(epSquareVariants(t))
	for _, tc := range []struct {
		name, fen string
		moves     []string
		want      string
	}{
		{"ep-triplesmall", "4k3/8/8/3p4/5p2/8/4P3/4K3 w - - 0 1", []string{"e2e5"}, "4k3/8/8/3pP3/5p2/8/8/4K3 b - e3e4 0 1"},
		{"ep-triplesmall", "4k3/8/8/3pP3/5p2/8/8/4K3 b - e3e4 0 1", []string{"f4e3"}, "4k3/8/8/3p4/8/4p3/8/4K3 w - - 0 2"},
		{"ep-triplesmall", "4k3/8/8/3pP3/5p2/8/8/4K3 b - e3e4 0 1", []string{"d5e4"}, "4k3/8/8/8/4pp2/8/8/4K3 w - - 0 2"},
		{"wildebeest", "5k5/4p6/11/5P5/3P7/11/11/11/11/5K5 b - - 0 1", []string{"e9e6"}, "5k5/11/11/5P5/3Pp6/11/11/11/11/5K5 w - e7e8 0 2"},
		{"dragon-chess", "", []string{"e2e4"}, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3e4 0 1"},
		{"ep-epapart", "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", []string{"d7d5"}, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"},
		{"ep-epapart", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", []string{"e2e4"}, "4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1"},
		{"dragon-chess", "", []string{"e2e4", "d7d5", "e4e5", "f7f5"}, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f5f6 0 3"},
	} {
		c, ok := byName[tc.name]
		if !ok {
			continue // the example file is not here
		}
		fen := tc.fen
		if fen == "" {
			fen = c.v.Start
		}
		p, err := rules.ParseFEN(c.v, fen)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.name, fen, err)
		}
		for _, m := range tc.moves {
			if p, err = p.PlayText(m); err != nil {
				t.Fatalf("%s %s %s: %v", tc.name, fen, m, err)
			}
		}
		if got := p.FEN(); got != tc.want {
			t.Errorf("%s %s %v: %s, want %s", tc.name, fen, tc.moves, got, tc.want)
		}
		back, err := rules.ParseFEN(c.v, tc.want)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.name, tc.want, err)
		}
		if back.FEN() != tc.want || !slices.Equal(refTexts(back), refTexts(p)) {
			t.Errorf("%s %s: read back as %s, moves %v, want %v", tc.name, tc.want, back.FEN(), refTexts(back), refTexts(p))
		}
	}
	for _, bad := range []string{"e3e4e5", "e3e3", "e6", "d3d4"} {
		c, ok := byName["ep-triplesmall"]
		if !ok {
			t.Fatal("no triplesmall")
		}
		if _, err := rules.ParseFEN(c.v, "4k3/8/8/3pP3/5p2/8/8/4K3 b - "+bad+" 0 1"); err == nil {
			t.Errorf("en passant %q: no error", bad)
		}
	}
}

// TestEPSquaresSpecEqualsImpl walks seeded random games of the family's
// games and requires at every position the same legal moves and the same
// en passant squares in both generators (through the position key), with
// Unplay restoring the fast position; enough triple steps and en passant
// captures on a triple step's farther square happen to exercise both.
func TestEPSquaresSpecEqualsImpl(t *testing.T) {
	games, plies := 16, 60
	if testing.Short() || race.Enabled {
		games = 2
	}
	triples, second := 0, 0
	for _, c := range epSquareVariants(t) {
		rng := rand.New(rand.NewPCG(11, uint64(len(c.name))))
		start, err := rules.Start(c.v)
		if err != nil {
			t.Fatal(err)
		}
		n := games
		if c.name != "ep-triplesmall" {
			n = max(1, games/16) // larger boards, the reference generator is slower
		}
		if race.Enabled && (c.name == "wildebeest" || c.name == "dragon-chess") {
			continue // 11x10 and 8x8 boards of many moves: the plain run walks them
		}
		var l fairy.MoveList
		for g := 0; g < n; g++ {
			ref := start
			fp, err := c.r.FromRules(ref)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < plies; ply++ {
				want := refTexts(ref)
				fp.LegalMoves(&l)
				if got := moveTexts(&fp, &l); !slices.Equal(got, want) {
					t.Fatalf("%s game %d ply %d %s:\n got %v\nwant %v", c.name, g, ply, ref.FEN(), got, want)
				}
				back, err := c.r.FromRules(ref)
				if err != nil {
					t.Fatal(err)
				}
				if back.Key() != fp.Key() {
					t.Fatalf("%s game %d ply %d %s: the played position's key is not the FEN's", c.name, g, ply, ref.FEN())
				}
				if l.N == 0 {
					break
				}
				// Prefer triple steps and en passant captures, so that
				// the games meet the family's moves often.
				m := l.Moves[rng.IntN(l.N)]
				for _, x := range l.Slice() {
					if x.IsEnPassant() || isTriple(c.v, &fp, x) {
						if rng.IntN(2) == 0 {
							m = x
						}
					}
				}
				if isTriple(c.v, &fp, m) {
					triples++
				}
				if m.IsEnPassant() && farther(ref, m.To()) {
					second++
				}
				text := playRestoring(t, &fp, m, func() string { return fmt.Sprintf("%s game %d ply %d %s", c.name, g, ply, ref.FEN()) })
				if ref, err = ref.PlayText(text); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d triple steps, %d en passant captures on a farther square", triples, second)
	if triples == 0 || second == 0 {
		t.Errorf("the games met %d triple steps and %d captures on a farther square", triples, second)
	}
}

// farther reports whether the en passant square to of ref is the farther
// of the two a triple step passed: two ranks from the pawn taken. Since
// Fairy-Stockfish keeps only the squares an enemy pawn attacks (see
// rules.EnPassantUse), such a square is often the position's only one.
func farther(ref *rules.Position, to geom.Square) bool {
	for _, m := range ref.LegalMoves() {
		if m.EnPassant && m.To == to && len(m.Captures) == 1 {
			d := m.Captures[0].Rank - to.Rank
			return d == 2 || d == -2
		}
	}
	return false
}

// isTriple reports whether m is a pawn's step of three ranks.
func isTriple(v *rules.Variant, p *fairy.Position, m fairy.Move) bool {
	d := m.To().Rank - m.From().Rank
	pc := p.At(m.From())
	return !pc.Empty() && v.Kind(pc.Kind).Name == "pawn" && m.From().File == m.To().File && (d == 3 || d == -3)
}

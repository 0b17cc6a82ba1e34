package fairy_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/rules"
)

// cambodian compiles the built-in Cambodian chess.
func cambodian(t testing.TB) compiled {
	t.Helper()
	for _, c := range accepted(t) {
		if c.name == "cambodian" {
			return c
		}
	}
	t.Fatal("cambodian is not compiled")
	return compiled{}
}

// TestGatePerft: positions that exercise the gate moves, counted by
// today's Fairy-Stockfish, c19b5f6 ("setoption name UCI_Variant value
// cambodian", "position fen …", "go perft N"): a king gate in check (no
// leap), a leap onto an occupied square (never a capture), the Neang's
// gate leap onto a piece (no capture either) and over one, Black's gates,
// rooks aimed at a king on its gate (its leap then taken away).
func TestGatePerft(t *testing.T) {
	c := cambodian(t)
	for _, tc := range []struct {
		fen   string
		nodes []uint64 // by depth from 1
	}{
		{"4k3/8/8/8/8/8/8/r2K4 w D - 0 1", []uint64{3, 57, 327, 6114}},
		{"4k3/8/8/8/8/4n3/8/3KM3 w DE - 0 1", []uint64{3, 39, 276, 3272}},
		{"4k3/8/8/8/8/8/1s3s2/3K4 w D - 0 1", []uint64{3, 45, 240, 3228}},
		{"3mk3/8/8/8/8/8/8/R2KM3 w DEde - 0 1", []uint64{18, 151, 3045, 27832}},
		{"3mk3/3R4/8/8/8/8/8/3KM3 b de - 0 1", []uint64{5, 73, 470, 7885}},
		{"r3k3/8/8/8/8/8/8/3KM3 b DE - 0 1", []uint64{15, 116, 2114, 17920}},
		{"4k3/4r3/8/8/8/8/8/3KM3 w DE - 0 1", []uint64{8, 134, 1101, 19652}},
		{"rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR b DEde - 0 1", []uint64{25, 625, 15031, 361719}},
		{"4k3/8/8/7r/8/3P4/8/3K4 b D - 0 1", []uint64{19, 134, 2535, 17274}},
	} {
		ref, err := rules.ParseFEN(c.v, tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		fp, err := c.r.FromRules(ref)
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range tc.nodes {
			if got := fp.Perft(i + 1); got != want {
				t.Errorf("%s: perft %d = %d, want %d", tc.fen, i+1, got, want)
			}
		}
		var l fairy.MoveList
		fp.LegalMoves(&l)
		if got, want := moveTexts(&fp, &l), refTexts(ref); !slices.Equal(got, want) {
			t.Errorf("%s: moves %v, reference %v", tc.fen, got, want)
		}
	}
}

// TestRookTakesKingLeap: a rook moved onto the unmoved king's file or rank
// closes its gate, even behind a blocker; one that stops off those lines
// does not. The gates after each move are those of Fairy-Stockfish
// c19b5f6's "d" (Fen: … w - … after h5d5, … w D … after h5g5), in the
// spec's FEN and, through the position key, in the fast generator.
func TestRookTakesKingLeap(t *testing.T) {
	c := cambodian(t)
	for _, tc := range []struct{ move, gates string }{
		{"h5d5", "-"}, // the pawn on d3 stands between: the leap is lost all the same
		{"h5g5", "D"},
		{"h5h1", "-"}, // a check along the rank
	} {
		ref, err := rules.ParseFEN(c.v, "4k3/8/8/7r/8/3P4/8/3K4 b D - 0 1")
		if err != nil {
			t.Fatal(err)
		}
		fp, err := c.r.FromRules(ref)
		if err != nil {
			t.Fatal(err)
		}
		if ref, err = ref.PlayText(tc.move); err != nil {
			t.Fatal(err)
		}
		var l fairy.MoveList
		fp.LegalMoves(&l)
		for _, m := range l.Slice() {
			if fp.MoveText(m) == tc.move {
				fp.Play(m)
			}
		}
		if got := strings.Fields(ref.FEN())[2]; got != tc.gates {
			t.Errorf("after %s: gates %q (%s), want %q", tc.move, got, ref.FEN(), tc.gates)
		}
		fresh, err := c.r.FromRules(ref)
		if err != nil {
			t.Fatal(err)
		}
		if fresh.Key() != fp.Key() { // the key holds the gates
			t.Errorf("after %s: the fast generator's gates differ from %s", tc.move, ref.FEN())
		}
	}
}

// TestCambodianPerftAll: every count of the reference file, the largest
// (8.8 million nodes) included; the short mode keeps to TestPerft's budget.
func TestCambodianPerftAll(t *testing.T) {
	if testing.Short() || race.Enabled {
		t.Skip("skipped: 8.8 million nodes, too long for -short and -race")
	}
	if _, err := perftdata.Dir(); err != nil {
		t.Skip(err)
	}
	c := cambodian(t)
	cases, err := perftdata.LoadFairy("cambodian")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, cs := range cases {
		ref, err := rules.ParseFEN(c.v, cs.FEN)
		if err != nil {
			t.Fatalf("%s: %v", cs.ID, err)
		}
		fp, err := c.r.FromRules(ref)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range cs.Counts {
			if got := fp.Perft(want.Depth); got != want.Nodes {
				t.Errorf("%s depth %d: %d, want %d", cs.ID, want.Depth, got, want.Nodes)
			}
			n++
		}
	}
	if n < 30 {
		t.Errorf("only %d counts", n)
	}
}

// TestGatesSpecEqualsImpl: random games from every position of the
// Cambodian reference file, where gates stand open mid-game, give the
// same legal moves, check, gates (through the key) and clocks in both
// generators.
func TestGatesSpecEqualsImpl(t *testing.T) {
	if _, err := perftdata.Dir(); err != nil {
		t.Skip(err)
	}
	c := cambodian(t)
	cases, err := perftdata.LoadFairy("cambodian")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 5))
	var l fairy.MoveList
	games := 10
	if race.Enabled {
		games = 2 // a race run looks for data races, the plain run compares
	}
	for _, cs := range cases {
		for g := 0; g < games; g++ {
			ref, err := rules.ParseFEN(c.v, cs.FEN)
			if err != nil {
				t.Fatal(err)
			}
			fp, err := c.r.FromRules(ref)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 40; ply++ {
				fp.LegalMoves(&l)
				if got, want := moveTexts(&fp, &l), refTexts(ref); !slices.Equal(got, want) {
					t.Fatalf("%s:\n got %v\nwant %v", ref.FEN(), got, want)
				}
				if fp.InCheck() != ref.InCheck() {
					t.Fatalf("%s: InCheck %v", ref.FEN(), fp.InCheck())
				}
				fresh, err := c.r.FromRules(ref)
				if err != nil {
					t.Fatal(err)
				}
				if fresh.Key() != fp.Key() {
					t.Fatalf("%s: key of the played position differs from the converted one", ref.FEN())
				}
				if l.N == 0 {
					break
				}
				m := l.Moves[rng.IntN(l.N)]
				text := fp.MoveText(m)
				fp.Play(m)
				if ref, err = ref.PlayText(text); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

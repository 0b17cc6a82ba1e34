package variant_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// colourSections are the sections of Fairy-Stockfish's example file whose
// rules differ between the colours and need nothing else, and two that
// need a parent's promotion zone kept as squares (1d-chess and alapo,
// whose boards have fewer than chess's eight ranks: no pawn promotes):
// TestFSFExampleSections checks that each loads and counts as there.
var colourSections = []string{"xhess", "argess", "quasi-shatranj", "khans", "buffalo", "1d-chess", "alapo"}

// loadColours loads variant/testdata/colours.ini.
func loadColours(t *testing.T) map[string]*variant.Variant {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "colours.ini"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	vs, err := variant.LoadINI(f, "colours.ini", variant.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	return byName(vs)
}

// byName indexes games by name.
func byName(vs []*variant.Variant) map[string]*variant.Variant {
	out := map[string]*variant.Variant{}
	for _, v := range vs {
		out[v.Name] = v
	}
	return out
}

// TestColourRules: per-colour keys that mirror each other load as the
// PieceKind fields alone (no ColourRules: the generators' mirrored
// path); keys that differ give each colour its own rules; the old
// per-colour parent's promotion zone stays a child's.
func TestColourRules(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		apart      bool
	}{
		{"mirrored", "[v:chess]\npromotionRegionWhite = *8\npromotionRegionBlack = *1\ndoubleStepRegionWhite = *2\ndoubleStepRegionBlack = *7\n", false},
		{"mirrored types", "[v:chess]\npromotionPieceTypesWhite = qn\npromotionPieceTypesBlack = nq\nnMoveRuleTypesWhite = p\n", false},
		{"promotion apart", "[v:chess]\npromotionRegionBlack = *2 *1\n", true},
		{"pieces apart", "[v:chess]\npromotionPieceTypesBlack = r\n", true},
		{"not whole ranks", "[v:chess]\npromotionRegionWhite = a8 h8\npromotionRegionBlack = a1 h1\n", true},
		{"clock apart", "[v:chess]\nnMoveRuleTypesBlack = -\n", true},
		{"mobility", "[v:chess]\nmobilityRegionWhiteKnight = *1 *2 *3 *4\nmobilityRegionBlackKnight = *5 *6 *7 *8\n", true},
	} {
		v, err := variant.LoadINI(strings.NewReader(tc.text), "c.ini", variant.Builtin())
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got := v[0].Rules().Colours != nil; got != tc.apart {
			t.Errorf("%s: rules apart %v, want %v", tc.name, got, tc.apart)
		}
	}
	vs := loadColours(t)
	rv := vs["stepsapart"].Rules()
	pawn, _ := rv.KindByLetter('P')
	w, b := rv.Side(rules.First, pawn), rv.Side(rules.Second, pawn)
	if w.InitialRankMin != 2 || w.InitialRank != 2 || b.InitialRankMin != 2 || b.InitialRank != 3 {
		t.Errorf("double steps: White %d-%d, Black %d-%d; want 2-2, 2-3", w.InitialRankMin, w.InitialRank, b.InitialRankMin, b.InitialRank)
	}
	if w.Promotion.To != "QN" || b.Promotion.To != "RB" || w.ResetsClock || !b.ResetsClock {
		t.Errorf("promotion %q %q, clock %v %v", w.Promotion.To, b.Promotion.To, w.ResetsClock, b.ResetsClock)
	}
}

// TestColourKeyErrors: what per-colour rules do not cover yet is a clear
// error naming the key, and a mobility region names a piece of the game.
func TestColourKeyErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"[v:chess]\ntripleStepRegionWhite = *9x\n", `line 2: section [v]: key "tripleStepRegionWhite": want squares`}, // en passant squares: triple steps load
		{"[v:chess]\nenPassantRegionWhite = *6x\n", `key "enPassantRegionWhite": want squares`},                        // en passant squares: regions by colour load
		{"[v:chess]\ncastlingRookPiecesBlack = q\n", `castling "KQkq": rules: bad FEN: 'k' names no castling rook`},    // castling rooks: Black's queen castles, not its rook
		{"[v:chess]\nmobilityRegionWhiteCustomPiece1 = *1\n", `line 2: section [v]: key "mobilityRegionWhiteCustomPiece1": no piece "customPiece1" in this game`},
		{"[v:chess]\nmobilityRegionBlackKing = x9\n", `key "mobilityRegionBlackKing": want squares`},
	} {
		_, err := variant.LoadINI(strings.NewReader(tc.text), "c.ini", variant.Builtin())
		var le *variant.LoadError
		if err == nil || !errors.As(err, &le) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want an error with %q", tc.text, err, tc.want)
		}
	}
}

// TestColourClocks: the fifty-move count as each colour's nMoveRuleTypes
// reset it, move by move, as Fairy-Stockfish c19b5f6 writes the FENs of
// khans after g1f3, c7b5 (Black's pawn s resets it), e2e4 (White's pawn
// does) and, after g1f3 c7b5 g2g3, a8b6 (Black's l does not).
func TestColourClocks(t *testing.T) {
	dir, err := perftdata.Dir()
	if err != nil {
		t.Skip(err)
	}
	text, err := os.ReadFile(filepath.Join(dir, "fairy", "fsf-variants.ini"))
	if err != nil {
		t.Fatal(err)
	}
	all, _ := variant.LoadINI(strings.NewReader(string(text)), "fsf-variants.ini", variant.Builtin())
	khans := byName(all)["khans"]
	if khans == nil {
		t.Fatal("khans does not load")
	}
	for _, tc := range []struct{ moves, fen string }{
		{"g1f3 c7b5", "lhatkahl/ss1sssss/8/1s6/8/5N2/PPPPPPPP/RNBQKB1R w KQ - 0 2"},
		{"g1f3 c7b5 e2e4", "lhatkahl/ss1sssss/8/1s6/4P3/5N2/PPPP1PPP/RNBQKB1R b KQ - 0 2"},
		{"g1f3 c7b5 g2g3 a8b6", "1hatkahl/ss1sssss/1l6/1s6/8/5NP1/PPPPPP1P/RNBQKB1R w KQ - 1 3"},
	} {
		p, err := rules.Start(khans.Rules())
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range strings.Fields(tc.moves) {
			if p, err = p.PlayText(m); err != nil {
				t.Fatalf("%s: %v", m, err)
			}
		}
		// The clocks and the board; Baten writes an en passant square
		// that no pawn can take, Fairy-Stockfish does not.
		got, want := strings.Fields(p.FEN()), strings.Fields(tc.fen)
		if got[0] != want[0] || got[4] != want[4] || got[5] != want[5] {
			t.Errorf("after %s: %s, Fairy-Stockfish %s", tc.moves, p.FEN(), tc.fen)
		}
	}
}

// TestColourParentZone: a parent's promotion zone is kept as the squares
// Fairy-Stockfish keeps, not as ranks counted from each side: xhess, on
// ten ranks from chess, promotes White on its tenth rank (its own key)
// and Black on the first only (chess's), so Black's h on b3 steps to b2
// without promoting, but leaps to a1 and c1 promoting (Fairy-Stockfish
// c19b5f6: 19, 83, 1499).
func TestColourParentZone(t *testing.T) {
	dir, err := perftdata.Dir()
	if err != nil {
		t.Skip(err)
	}
	text, err := os.ReadFile(filepath.Join(dir, "fairy", "fsf-variants.ini"))
	if err != nil {
		t.Fatal(err)
	}
	all, _ := variant.LoadINI(strings.NewReader(string(text)), "fsf-variants.ini", variant.Builtin())
	xhess := byName(all)["xhess"]
	if xhess == nil {
		t.Fatal("xhess does not load")
	}
	const fen = "4k5/10/10/10/10/10/10/1h8/10/4K5 b - - 0 1"
	p, err := xhess.FromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	rp, err := rules.ParseFEN(xhess.Rules(), fen)
	if err != nil {
		t.Fatal(err)
	}
	for d, want := range []uint64{19, 83, 1499} {
		if got, err := variant.Perft(context.Background(), p, d+1, 1); err != nil || got != want {
			t.Errorf("perft %d: %d (%v), Fairy-Stockfish %d", d+1, got, err, want)
		}
		if got := rp.Perft(d + 1); got != want {
			t.Errorf("reference perft %d: %d, Fairy-Stockfish %d", d+1, got, want)
		}
	}
}

// TestBetzaEnPassant: Betza e loads where it is Baten's rule (every
// capture of a pawn type; a piece of another kind where no pawn type
// double-steps) and is refused, naming the key, where it is not.
func TestBetzaEnPassant(t *testing.T) {
	for _, c := range []struct{ text, err string }{
		{"[v:chess]\ncustomPiece1 = p:mWfceFifmnD\npawnTypes = p\n", ""},
		{"[v:chess]\npawn = -\ncustomPiece1 = p:fsmWfceF\nstartFen = 4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1\n", ""},
		{"[v:chess]\ncustomPiece1 = p:fmWfceFcNifmnD\npawnTypes = p\n", `key "customPiece1": not supported yet: en passant (Betza e) on some of a piece's captures only`},
		{"[v:chess]\ncustomPiece1 = s:fsmWfceF\nstartFen = 4k3/pppppppp/8/8/8/8/PPPPPPPP/S3K3 w - - 0 1\n", `key "customPiece1": not supported yet: en passant (Betza e) by a piece not of enPassantTypes`},
	} {
		_, err := variant.LoadINI(strings.NewReader(c.text), "v.ini", variant.Builtin())
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%q: %v", c.text, err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%q: %v, want %s", c.text, err, c.err)
		}
	}
}

package variant_test

import (
	"context"
	"strings"
	"testing"

	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// rooksApartINI: castling rooks that differ between the colours, White
// castling with its rooks and Black with its queens.
const rooksApartINI = `
[rooksapart:chess]
castlingRookPiecesWhite = r
castlingRookPiecesBlack = q
startFen = q3k2q/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1
`

// TestCastlingRooksPerft: castling with more than one kind of rook
// (perfect chess's chancellor on a1 and rook on h1) and with rooks that
// differ between the colours (rooksApartINI), counted by both generators
// as Fairy-Stockfish c19b5f6 counts them (its perfect, rooksApartINI
// saved as a file, "position fen FEN", "go perft DEPTH"), and the
// castling field written back as it writes it. TestFairyPerft counts the
// built-in perfect on fsf-head/perfect.perft.
func TestCastlingRooksPerft(t *testing.T) {
	vs, err := variant.LoadINI(strings.NewReader(rooksApartINI), "rooks.ini", variant.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	perfect, err := variant.Lookup("perfect")
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*variant.Variant{"rooksapart": vs[0], "perfect": perfect}
	for _, tc := range []struct {
		name, fen string
		counts    []uint64 // Fairy-Stockfish c19b5f6's perft 1, 2, 3
	}{
		{"perfect", "c3k2r/8/8/8/8/8/8/C3K2R w KQkq - 0 1", []uint64{28, 670, 18185}},
		{"perfect", "r3k2c/8/8/8/8/8/8/R3K2C b KQkq - 0 1", []uint64{28, 663, 17729}},
		{"rooksapart", "q3k2q/8/8/8/8/8/8/R3K2R w KQkq - 0 1", []uint64{26, 904, 18463}},
		{"rooksapart", "q3k2q/8/8/8/8/8/8/R3K2R b KQkq - 0 1", []uint64{40, 741, 28313}},
		{"rooksapart", "r3k2q/8/8/8/8/8/8/R3K2R b KQk - 0 1", []uint64{32, 622, 19376}},
	} {
		v := byName[tc.name]
		p, err := v.FromFEN(tc.fen)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.name, tc.fen, err)
		}
		if p.FEN() != tc.fen {
			t.Errorf("%s: %s written back as %s", tc.name, tc.fen, p.FEN())
		}
		rp, err := rules.ParseFEN(v.Rules(), tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range tc.counts {
			d := i + 1
			if got, err := variant.Perft(context.Background(), p, d, 1); err != nil || got != want {
				t.Errorf("%s %s perft %d: %d (%v), Fairy-Stockfish %d", tc.name, tc.fen, d, got, err, want)
			}
			if d <= 2 || !race.Enabled {
				if got := rp.Perft(d); got != want {
					t.Errorf("%s %s reference perft %d: %d, Fairy-Stockfish %d", tc.name, tc.fen, d, got, want)
				}
			}
		}
	}
}

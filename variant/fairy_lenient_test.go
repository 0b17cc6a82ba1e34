package variant_test

import (
	"context"
	"strings"
	"testing"

	"github.com/baten-chess/baten/variant"
)

// lenientSections are the sections of Fairy-Stockfish's example file
// that load by the loader's leniencies alone (fairy_lenient.go, and
// rules.FSFFEN): no royal piece (tuktuk, lewthwaite, nim), Fairy-Stockfish's
// FEN forms (petty, rookmate, nim and alapo's placement alone), a
// promotion rank beyond the board (1d-chess, alapo). TestFSFExampleSections
// checks that each loads and counts as Fairy-Stockfish does.
var lenientSections = []string{"tuktuk", "lewthwaite", "nim", "petty", "rookmate", "1d-chess", "alapo"}

// TestPromotionBeyondBoard: Fairy-Stockfish keeps chess's promotion
// regions as squares, White's rank 8 and Black's rank 1, cut to the board:
// on a 6-rank board with chess as parent White's pawns never promote and
// Black's promote on the first rank. Counts of Fairy-Stockfish c19b5f6.
func TestPromotionBeyondBoard(t *testing.T) {
	const text = "[v:chess]\nmaxRank = 6\nmaxFile = 6\nstartFen = rnbqkb/pppppp/6/6/PPPPPP/RNBQKB w - - 0 1\ncastling = false\n"
	vs, err := variant.LoadINI(strings.NewReader(text), "v.ini", variant.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	for fen, want := range map[string]uint64{
		"1nbqkb/P5/6/6/5p/RNBQ1K b - - 0 1": 12058, // f2f1 promotes
		"1nbqkb/P5/6/6/5p/RNBQ1K w - - 0 1": 12328, // a5a6 does not
	} {
		p, err := vs[0].FromFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		got, err := variant.Perft(context.Background(), p, 3, 1)
		if err != nil || got != want {
			t.Errorf("%s: perft 3 = %d, %v; Fairy-Stockfish %d", fen, got, err, want)
		}
	}
}

// TestNoRoyalPiece: a game without a royal piece loads, as
// Fairy-Stockfish allows; it ends by having no moves (stalemateValue).
func TestNoRoyalPiece(t *testing.T) {
	const text = "[v]\nmaxRank = 3\nmaxFile = 1\ncustomPiece1 = p:mfW\nstartFen = p/P/1 w - - 0 1\nstalemateValue = loss\n"
	vs, err := variant.LoadINI(strings.NewReader(text), "v.ini", nil)
	if err != nil {
		t.Fatal(err)
	}
	p := vs[0].Start()
	o, over := p.Outcome()
	if !over || o.Winner != variant.Black || o.Draw {
		t.Errorf("white without a move: %v %v, want black wins", o, over)
	}
}

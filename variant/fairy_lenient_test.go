package variant_test

import (
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

// TestPromotionBeyondBoard: a promotion rank beyond the board promotes
// nothing where no piece that could promote is on the board, and is a
// clear error where a pawn stands there, since White's rank is then off
// the board and Black's is not (Fairy-Stockfish keeps chess's White rank
// 8 and Black rank 1).
func TestPromotionBeyondBoard(t *testing.T) {
	const ok = "[v:chess]\nmaxRank = 6\nmaxFile = 6\nstartFen = rnbqkb/6/6/6/6/RNBQKB w - - 0 1\ncastling = false\n"
	if _, err := variant.LoadINI(strings.NewReader(ok), "v.ini", variant.Builtin()); err != nil {
		t.Errorf("no pawn on a 6-rank chess board: %v", err)
	}
	const bad = "[v:chess]\nmaxRank = 6\nmaxFile = 6\nstartFen = rnbqkb/pppppp/6/6/PPPPPP/RNBQKB w - - 0 1\ncastling = false\n"
	_, err := variant.LoadINI(strings.NewReader(bad), "v.ini", variant.Builtin())
	if err == nil || !strings.Contains(err.Error(), "promotion rank 8 is beyond the board's 6 ranks") || !strings.Contains(err.Error(), "not supported yet") {
		t.Errorf("pawns on a 6-rank chess board: %v, want a not-supported error naming rank 8", err)
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

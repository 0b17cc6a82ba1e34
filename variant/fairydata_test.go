package variant_test

import (
	"context"
	"strings"
	"testing"

	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/shatranj"
	"github.com/baten-chess/baten/variant"
)

// chessAndShatranjINI defines chess and shatranj from scratch in the
// variants.ini language, shatranj as Fairy-Stockfish's variant.cpp does
// (its letters: q is the Ferz, b the Alfil).
const chessAndShatranjINI = `
[datachess]
pawn = p
knight = n
bishop = b
rook = r
queen = q
king = k
promotionPieceTypes = qrbn
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1

[datashatranj]
pawn = p
knight = n
alfil = b
fers = q
rook = r
king = k
promotionPieceTypes = q
doubleStep = false
castling = false
stalemateValue = loss
extinctionValue = loss
extinctionClaim = true
extinctionPieceTypes = *
extinctionPieceCount = 1
extinctionOpponentPieceCount = 2
nMoveRule = 70
startFen = rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1
`

// TestDataDefinitionsMatchBitboards: chess and shatranj written as data
// count the same perft as the chess and shatranj bitboard packages on the
// shared reference positions (every count up to 60,000 nodes).
func TestDataDefinitionsMatchBitboards(t *testing.T) {
	defs, err := variant.LoadINI(strings.NewReader(chessAndShatranjINI), "test.ini", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		data, native, file string
		fen                func(string) (string, error)
	}{
		{"datachess", "chess", "chess/tricky.perft", func(f string) (string, error) { return f, nil }},
		{"datashatranj", "shatranj", "shatranj/shatranj.perft", func(f string) (string, error) {
			p, err := shatranj.ParsePosition(f)
			return p.FENLetters(shatranj.FSF), err
		}},
	} {
		var data *variant.Variant
		for _, v := range defs {
			if v.Name == c.data {
				data = v
			}
		}
		native, err := variant.Lookup(c.native)
		if err != nil || data == nil {
			t.Fatalf("%s: %v", c.data, err)
		}
		cases, err := perftdata.Load(c.file)
		if err != nil {
			t.Fatal(err)
		}
		checked := 0
		for _, cs := range cases {
			np, err := native.FromFENLenient(cs.FEN)
			if err != nil {
				continue // positions only the lenient chess reader takes
			}
			fen, err := c.fen(cs.FEN)
			if err != nil {
				t.Fatal(err)
			}
			dp, err := data.FromFEN(fen)
			if err != nil {
				t.Errorf("%s %s: %v", c.data, cs.ID, err)
				continue
			}
			for _, want := range cs.Counts {
				if want.Nodes > 60000 {
					continue
				}
				got, err := variant.Perft(context.Background(), dp, want.Depth, 2)
				fast, _ := variant.Perft(context.Background(), np, want.Depth, 1)
				if err != nil || got != fast || got != want.Nodes {
					t.Errorf("%s %s depth %d: data %d (%v), %s package %d, reference %d", c.data, cs.ID, want.Depth, got, err, c.native, fast, want.Nodes)
				}
				checked++
			}
		}
		if checked < 20 {
			t.Errorf("%s: only %d counts checked", c.data, checked)
		}
	}
}

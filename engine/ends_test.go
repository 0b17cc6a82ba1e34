package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/variant"
)

// endsGames are variants.ini games whose ends are not chess's.
const endsGames = `
# family: antichess: renamed from losers, a built-in game now
[matewins:chess]
checkmateValue = win
stalemateValue = win

[drawmate:chess]
checkmateValue = draw

[extinct:chess]
king = -
commoner = k
castling = false
extinctionValue = loss
extinctionPieceTypes = kqrbnp
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1

[twofold:chess]
nFoldRule = 2
nFoldValue = win

[fourloss:chess]
nFoldRule = 4
nFoldValue = loss

[never:chess]
nFoldRule = 0

[chess-rules:chess]
`

// endsGame is the fast adapter of an endsGames game at fen.
func endsGame(t *testing.T, name, fen string) *fairyGame {
	t.Helper()
	vs, err := variant.LoadINI(strings.NewReader(endsGames), "ends.ini", variant.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		if v.Name == name {
			return fairyGameAt(t, v, fen)
		}
	}
	t.Fatalf("no %s", name)
	return nil
}

// TestFairyGameEnds: the fast adapter scores every end exactly as the
// rules decide it, for the side to move: checkmate and stalemate with the
// variant's values, and an extinction decided while moves remain.
func TestFairyGameEnds(t *testing.T) {
	const mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
	const stalemated = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
	for _, tc := range []struct {
		game, fen string
		want      int
	}{
		{"matewins", mated, 1},
		{"matewins", stalemated, 1},
		{"drawmate", mated, 0},
		{"drawmate", stalemated, 0},
		{"twofold", mated, -1},
	} {
		g := endsGame(t, tc.game, tc.fen)
		if g.HasMoves() {
			t.Fatalf("%s %s: moves", tc.game, tc.fen)
		}
		if got := g.NoMoves(); got != tc.want {
			t.Errorf("%s %s: NoMoves %d, want %d", tc.game, tc.fen, got, tc.want)
		}
	}
	// Black has no queen: extinct, White (to move) has won.
	g := endsGame(t, "extinct", "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1")
	if r, _, ok := g.Ended(); !ok || r != 1 || g.HasMoves() {
		t.Errorf("extinct: Ended %d %v, HasMoves %v", r, ok, g.HasMoves())
	}
	// The search plays for the variant's values: in losers, mating loses,
	// so Black does not play Qh4#.
	g = endsGame(t, "matewins", "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2")
	s := NewSearcher[fairy.Move](g, 1)
	res := s.Search(context.Background(), Limits{Depth: 3}, nil, nil)
	if txt := g.text(res.Move); txt == "d8h4" || res.Score < -mateBound {
		t.Errorf("losers: plays %s with score %d", txt, res.Score)
	}
}

// TestRepetitionScores: the search scores a repeated state by the game's
// own rule as Fairy-Stockfish does — at once when the earlier occurrence
// is after the root, else when the occurrences before the root complete
// the count — and by the default rule as a draw at the first repetition.
func TestRepetitionScores(t *testing.T) {
	const fen = "4k3/8/8/8/8/8/8/R3K3 w - - 10 40"
	const ply = 4
	for _, tc := range []struct {
		game        string
		before      int  // occurrences before the root
		after       bool // one after the root
		want        int
		wantDecided bool
	}{
		{"chess-rules", 1, false, 0, true},
		{"twofold", 1, false, MateScore - ply, true},
		{"fourloss", 1, false, 0, false},
		{"fourloss", 3, false, -MateScore + ply, true},
		{"fourloss", 0, true, -MateScore + ply, true},
		{"never", 3, true, 0, false},
	} {
		g := endsGame(t, tc.game, fen)
		s := NewSearcher[fairy.Move](g, 1)
		key := g.Key()
		var keys []uint64
		for i := 0; i < 3; i++ {
			k := uint64(i + 1)
			if i < tc.before {
				k = key
			}
			keys = append(keys, k, 99)
		}
		s.keys, s.root = keys, len(keys)
		s.keys = append(s.keys, 7) // the root
		if tc.after {
			s.keys = append(s.keys, key)
		}
		s.keys = append(s.keys, 8)
		got, decided := s.repeated(key, ply)
		if got != tc.want || decided != tc.wantDecided {
			t.Errorf("%s, %d before, after %v: %d %v, want %d %v", tc.game, tc.before, tc.after, got, decided, tc.want, tc.wantDecided)
		}
	}
}

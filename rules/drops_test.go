package rules

import (
	"errors"
	"slices"
	"testing"

	"github.com/baten-chess/baten/geom"
)

// loopChess is crazyhouse whose promoted pieces stay promoted in hand.
func loopChess() *Variant {
	v := Crazyhouse()
	v.Name = "loop"
	v.Drops.Loop = true
	return v
}

// chessgi is loop chess with pawn drops on the first rank.
func chessgi() *Variant {
	v := loopChess()
	v.Name = "chessgi"
	v.Drops.FirstRankPawns = true
	return v
}

// TestDropsFEN: the hand reads from Fairy-Stockfish's brackets and
// lichess's ninth rank, and prints as Fairy-Stockfish prints it (its
// Fen line of d): the first player's pieces first, each side's from the
// king down, a promoted piece marked "~" where a capture demotes it.
func TestDropsFEN(t *testing.T) {
	for _, tc := range []struct {
		v        func() *Variant
		fen, out string
	}{
		{Crazyhouse, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", ""},
		{Crazyhouse, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"},
		{Crazyhouse, "4k3/8/8/8/8/8/8/4K3/PNq w - - 0 1", "4k3/8/8/8/8/8/8/4K3[NPq] w - - 0 1"}, // lichess; the order of Fairy-Stockfish's d
		{Crazyhouse, "4k3/8/8/8/8/8/8/4K3[pPqQrRbBnN] w - - 0 1", "4k3/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1"},
		{Crazyhouse, "Q~1r1k3/8/8/8/8/8/8/4K3[R] b - - 0 1", ""},
		{loopChess, "Q~1r1k3/8/8/8/8/8/8/4K3[R] b - - 0 1", "Q1r1k3/8/8/8/8/8/8/4K3[R] b - - 0 1"}, // a loop's promoted piece is never demoted
		{Chess, "Q~1r1k3/8/8/8/8/8/8/4K3[] b - - 0 1", "Q1r1k3/8/8/8/8/8/8/4K3 b - - 0 1"},         // as Fairy-Stockfish reads chess
		{chessgi, "4k3/8/8/8/8/8/8/P3K3[] w - - 0 1", ""},
	} {
		p, err := ParseFEN(tc.v(), tc.fen)
		if err != nil {
			t.Errorf("%s: %v", tc.fen, err)
			continue
		}
		want := tc.out
		if want == "" {
			want = tc.fen
		}
		if got := p.FEN(); got != want {
			t.Errorf("%s prints as %s, want %s", tc.fen, got, want)
		}
	}
}

// TestDropsFENErrors: a hand that cannot be is a typed error naming it.
func TestDropsFENErrors(t *testing.T) {
	for _, tc := range []struct {
		v          func() *Variant
		fen, field string
		err        error
	}{
		{Crazyhouse, "4k3/8/8/8/8/8/8/4K3[X] w - - 0 1", "hand", ErrFEN},
		{Crazyhouse, "4k3/8/8/8/8/8/8/4K3[K] w - - 0 1", "placement", ErrIllegalPosition}, // two white kings
		{Chess, "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1", "hand", ErrFEN},
		{Chess, "4k3/8/8/8/8/8/8/4K3/Q w - - 0 1", "placement", ErrFEN}, // no ninth rank without drops
		{Crazyhouse, "4k3/8/8/8/8/8/8/P3K3[] w - - 0 1", "placement", ErrIllegalPosition},
	} {
		_, err := ParseFEN(tc.v(), tc.fen)
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != tc.field || !errors.Is(err, tc.err) {
			t.Errorf("%s: %v, want a %s error wrapping %v", tc.fen, err, tc.field, tc.err)
		}
	}
}

// TestDropPerft: Fairy-Stockfish's counts (go perft) of drop positions:
// drops with no piece on the board, a drop that blocks a check, pawns
// kept off the back ranks (chessgi: off the last only), a promoted
// queen in hand.
func TestDropPerft(t *testing.T) {
	for _, tc := range []struct {
		v     func() *Variant
		fen   string
		depth int
		want  uint64
	}{
		{Crazyhouse, "4k3/8/8/8/8/8/8/4K3/PNq w - - 0 1", 1, 115},
		{Crazyhouse, "4k3/8/8/8/8/8/8/4K3/PNq w - - 0 1", 2, 7193},
		{Crazyhouse, "4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1", 1, 6},
		{Crazyhouse, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", 1, 53},
		{chessgi, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", 1, 60},
		{Crazyhouse, "4k3/8/8/8/8/8/8/4K3[Q~] w - - 0 1", 1, 67},
		{Crazyhouse, "r1r1k3/1P6/8/8/8/8/8/4K3[] w - - 0 1", 3, 7611},
		{loopChess, "r1r1k3/1P6/8/8/8/8/8/4K3[] w - - 0 1", 3, 7611},
	} {
		if got := mustFEN(t, tc.v(), tc.fen).Perft(tc.depth); got != tc.want {
			t.Errorf("%s %s perft %d: %d, want %d", tc.v().Name, tc.fen, tc.depth, got, tc.want)
		}
	}
}

// TestCapturesToHand: a capture puts the piece in the capturer's hand, a
// promoted one as a pawn (as Fairy-Stockfish's d shows after b7a8q
// c8a8), in loop chess as what it became; a drop takes it out again.
func TestCapturesToHand(t *testing.T) {
	for _, tc := range []struct {
		v     func() *Variant
		moves []string
		want  string
	}{
		{Crazyhouse, []string{"b7a8q"}, "Q~1r1k3/8/8/8/8/8/8/4K3[R] b - - 0 1"},
		{Crazyhouse, []string{"b7a8q", "c8a8"}, "r3k3/8/8/8/8/8/8/4K3[Rp] w - - 0 2"},
		{loopChess, []string{"b7a8q", "c8a8"}, "r3k3/8/8/8/8/8/8/4K3[Rq] w - - 0 2"},
		{Crazyhouse, []string{"b7a8q", "c8a8", "R@a1"}, "r3k3/8/8/8/8/8/8/R3K3[p] b - - 0 2"},
		{Crazyhouse, []string{"b7a8q", "c8a8", "R@a1", "P@e2"}, "r3k3/8/8/8/8/8/4p3/R3K3[] w - - 0 3"},
	} {
		p := mustFEN(t, tc.v(), "r1r1k3/1P6/8/8/8/8/8/4K3[] w - - 0 1")
		for _, m := range tc.moves {
			var err error
			if p, err = p.PlayText(m); err != nil {
				t.Fatal(err)
			}
		}
		if got := p.FEN(); got != tc.want {
			t.Errorf("%s %v: %s, want %s", tc.v().Name, tc.moves, got, tc.want)
		}
	}
}

// TestDropRules: the region, doubled-pawn and drop-check rules as
// DropRules says.
func TestDropRules(t *testing.T) {
	region := Crazyhouse()
	region.Drops.Region[First] = mustSquares(t, "a1", "b2", "h8")
	nifu := Crazyhouse()
	nifu.Drops.NoDoubled = 'P'
	noChecks := Crazyhouse()
	noChecks.Drops.NoChecks = true
	for _, tc := range []struct {
		name string
		v    *Variant
		fen  string
		want []string // the drops (with check: those that give check)
	}{
		{"region", region, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", []string{"N@a1", "N@b2", "N@h8"}},
		{"no doubled pawns", nifu, "4k3/8/8/8/8/8/PPPPPP1P/4K3[P] w - - 0 1", []string{"P@g2", "P@g3", "P@g4", "P@g5", "P@g6", "P@g7"}},
		{"no drop checks", noChecks, "7k/8/8/8/8/8/8/K7[R] w - - 0 1", nil},
	} {
		p := mustFEN(t, tc.v, tc.fen)
		var got []string
		for _, m := range p.LegalMoves() {
			if m.Drop != 0 && (tc.name != "no drop checks" || p.PlayLegal(m).InCheck()) {
				got = append(got, p.MoveText(m))
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: drops %v, want %v", tc.name, got, tc.want)
		}
	}
}

func mustSquares(t *testing.T, names ...string) []geom.Square {
	t.Helper()
	var out []geom.Square
	for _, n := range names {
		sq, err := geom.Chess.Parse(n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, sq)
	}
	return out
}

// TestDropsPerftSuites: the reference generator counts Fairy-Stockfish's
// perft of crazyhouse, loop chess and chessgi (fsf-head) to depth 2; the
// variant package's TestFairyPerft counts deeper.
func TestDropsPerftSuites(t *testing.T) {
	for name, v := range map[string]func() *Variant{"crazyhouse": Crazyhouse, "loop": loopChess, "chessgi": chessgi} {
		t.Run(name, func(t *testing.T) { perftSuite(t, v, "fairy/fsf-head/"+name+".perft", 0, 2, 0) })
	}
}

// TestMustDrop: with DropRules.Must a side with a piece in hand drops
// one: every legal move is a drop (of MustKind's kind where it is set),
// those that block a check included; when no drop is legal (a knight's
// check) the other moves are.
func TestMustDrop(t *testing.T) {
	must := Crazyhouse()
	must.Drops.Must = true
	knight := Crazyhouse()
	knight.Drops.Must, knight.Drops.MustKind = true, 'N'
	for _, tc := range []struct {
		v            *Variant
		fen          string
		moves, drops int
	}{
		{must, "k7/8/8/8/8/8/8/7K[N] w - - 0 1", 62, 62},
		{knight, "k7/8/8/8/8/8/8/7K[NR] w - - 0 1", 62, 62}, // the knight's drops only
		{must, "k7/8/8/8/8/8/8/r6K[N] w - - 0 1", 6, 6},     // b1 … g1 block
		{must, "k7/8/8/8/8/8/5n2/7K[N] w - - 0 1", 3, 0},    // Kg1, Kg2, Kh2
		{must, "k7/8/8/8/8/8/8/7K[n] w - - 0 1", 3, 0},      // nothing in White's hand
	} {
		moves := mustFEN(t, tc.v, tc.fen).LegalMoves()
		drops := 0
		for _, m := range moves {
			if m.Drop != 0 {
				drops++
				if tc.v.Drops.MustKind != 0 && tc.v.Kind(m.Drop).Letter != tc.v.Drops.MustKind {
					t.Errorf("%s: drop of a %s", tc.fen, tc.v.Kind(m.Drop).Name)
				}
			}
		}
		if len(moves) != tc.moves || drops != tc.drops {
			t.Errorf("%s: %d moves, %d drops; want %d, %d", tc.fen, len(moves), drops, tc.moves, tc.drops)
		}
	}
}

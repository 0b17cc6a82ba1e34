package fairy_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// endsINI defines a test variant for each end rule of variants.ini beyond
// checkmate: checks forbidden, extinction of kinds (with no royal piece),
// extinction of all pieces with counts and claim, checkmate and
// stalemate won, an en passant region, and the bare-king rule in its
// pre-11 Fairy-Stockfish words.
const endsINI = `
[nocheck:chess]
checking = false

[racing:chess]
checking = false
castling = false
doubleStep = false
startFen = 8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1

# family: antichess: extinct and kinglets renamed, extinction and kinglet are built-in games now
[extinct:chess]
king = -
commoner = k
castling = false
promotionPieceTypes = qrbnk
extinctionValue = loss
extinctionPieceTypes = kqrbnp
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1

[kinglets:chess]
king = -
commoner = k
castling = false
promotionPieceTypes = k
extinctionValue = loss
extinctionPieceTypes = p
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1

[lastn:chess]
extinctionValue = win
extinctionPieceTypes = n*
extinctionPieceCount = 1
extinctionOpponentPieceCount = 2
extinctionClaim = true

[matewin:chess]
checkmateValue = win
stalemateValue = win

[epregion:chess]
enPassantRegion = *3 c6 d6

[oldbare:chess]
bareKingValue = draw

# family: pseudo-royal: a commoner king guarded as royal, which castles
[pseudocastle:chess]
king = -
commoner = k
castlingKingPiece = k
extinctionValue = loss
extinctionPseudoRoyal = true
extinctionPieceTypes = k
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
`

// endsVariants compiles the variants of endsINI, for the tests that walk
// every accepted variant (TestSpecEqualsImpl, TestNoAllocations).
func endsVariants(t testing.TB) []compiled {
	t.Helper()
	return compileINI(t, "ends", endsINI, variant.Builtin()) // connect_test.go
}

func endsVariant(t testing.TB, name string) compiled {
	t.Helper()
	return named(t, endsVariants(t), "ends-"+name)
}

// TestEndsPerftFairyStockfish: counts of Fairy-Stockfish 11.1
// (/usr/games/fairy-stockfish), with endsINI saved as ends.ini and, for
// each row, "setoption name VariantPath value ends.ini", "setoption name
// UCI_Variant value NAME", "position fen FEN" (or startpos) and "go perft
// DEPTH". The positions come from random games of the variant; the zeros
// are positions an extinction rule has decided. Both generators must
// count the same (the reference one to depth 2).
func TestEndsPerftFairyStockfish(t *testing.T) {
	for _, tc := range []struct {
		variant, fen string
		depth        int
		nodes        uint64
	}{
		{"nocheck", "", 4, 196764},
		{"racing", "", 4, 296242},
		{"extinct", "", 4, 197742},
		{"lastn", "", 4, 197281},
		{"nocheck", "rnbqkb1r/pppppppp/5n2/8/P7/N7/1PPPPPPP/R1BQKBNR b KQkq - 2 2", 3, 11539},
		{"nocheck", "rn2kbr1/1pp1pp1p/2N1b3/1p1p1np1/P7/R4P2/1PPPP2q/2BQKB1R w K - 0 16", 3, 33000},
		{"racing", "8/8/1B6/3rn3/3Q4/kr1N2K1/q3B1R1/3n2R1 b - - 3 11", 3, 32215},
		{"racing", "8/1r5R/8/k7/nr3Q2/2n5/3R3K/5B2 b - - 3 38", 3, 40397},
		{"extinct", "rnb1kbnr/pppp1ppp/8/4p3/4P2q/5Q2/PPPP1PPP/RNB1KBNR w - - 0 3", 3, 51390},
		{"extinct", "r1b1qb2/4p1r1/1p2k3/pNn3p1/P3p3/1nP4R/1P3P2/1RB1K1N1 w - - 0 27", 3, 0},
		{"extinct", "rnb1kbnr/p1p1pppp/1p6/3N4/1P1P4/6P1/P1P1PP2/R1BQKBR1 b - - 0 7", 3, 0},
		{"lastn", "r1bq1b1r/p2kp1p1/np3p2/P1p3pn/QPPp4/4PP1P/R2P2P1/1NB1KB1R b K - 1 16", 3, 0},
		{"lastn", "2bq1b2/r1pnp1rp/1p2kp1Q/pN6/PP1pP2p/2P5/3P1P2/1RB1KBNR w K - 0 19", 3, 0},
		{"lastn", "4k3/8/8/3n4/8/2N5/8/3QK3 b - - 0 1", 3, 3271},
		{"lastn", "4k3/8/8/3n4/8/2N5/8/2NQK3 b - - 0 1", 3, 201},
		{"matewin", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 1, 0},
		{"matewin", "rn1k2n1/p4p2/P2p4/3Pb1pN/bNB1pP2/2PRP3/3r4/4K1R1 b - - 3 38", 3, 26686},
	} {
		if race.Enabled && tc.nodes > 60_000 {
			continue // the plain run checks it; perft is fortyfold slower under -race
		}
		checkPerft(t, endsVariant(t, tc.variant), tc.fen, tc.depth, tc.nodes) // connect_test.go
	}
}

// TestEndsDecidedLikeSpec walks random games of the end-rule variants
// (from the start, and from a few pieces where material ends come
// sooner) and requires the fast generator's Decided to agree with the
// reference Outcome at every position: the same material ends, the same
// winners.
func TestEndsDecidedLikeSpec(t *testing.T) {
	endgames := map[string]string{
		"ends-kinglet": "4k3/3p4/8/8/8/8/4P3/R3K3 w - - 0 1",
		"ends-oldbare": "4k3/3n4/8/8/8/8/4P3/4K3 w - - 0 1",
		"ends-lastn":   "4k3/8/8/3n4/8/2N5/8/2NQK3 b - - 0 1",
	}
	games := 8
	if testing.Short() || race.Enabled {
		games = 2
	}
	for _, c := range endsVariants(t) {
		if c.v.Extinction == nil && !c.v.BareKing {
			continue
		}
		rng := rand.New(rand.NewPCG(3, uint64(len(c.name))))
		start, err := rules.Start(c.v)
		if err != nil {
			t.Fatal(err)
		}
		end := start
		if fen, ok := endgames[c.name]; ok {
			if end, err = rules.ParseFEN(c.v, fen); err != nil {
				t.Fatal(err)
			}
		}
		decided := 0
		for g := 0; g < 2*games; g++ {
			ref := start
			if g%2 == 1 {
				ref = end
			}
			for ply := 0; ply < 120; ply++ {
				fp, err := c.r.FromRules(ref)
				if err != nil {
					t.Fatal(err)
				}
				o, over := ref.Outcome()
				d, dec := fp.Decided()
				material := over && (o.Reason == rules.Extinction || o.Reason == rules.BareKing)
				if dec != material || dec && d != o {
					t.Fatalf("%s %s: fast %v %v, reference %v %v", c.name, ref.FEN(), d, dec, o, over)
				}
				if dec {
					decided++
				}
				moves := ref.LegalMoves()
				if len(moves) == 0 {
					break
				}
				if ref, err = ref.Play(moves[rng.IntN(len(moves))]); err != nil {
					t.Fatal(err)
				}
			}
		}
		t.Logf("%s: %d games decided by material", c.name, decided)
	}
}

// TestNoChecking: with checking = false a move that attacks the enemy
// king is not legal in either generator, while the king still may not
// step into an attack.
func TestNoChecking(t *testing.T) {
	c := endsVariant(t, "nocheck")
	ref, err := rules.ParseFEN(c.v, "k7/8/8/8/8/8/8/1R2K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	fp, err := c.r.FromRules(ref)
	if err != nil {
		t.Fatal(err)
	}
	var l fairy.MoveList
	fp.LegalMoves(&l)
	for _, moves := range [][]string{refTexts(ref), moveTexts(&fp, &l)} {
		for _, m := range []string{"b1a1", "b1b8"} {
			if slices.Contains(moves, m) {
				t.Errorf("%s gives check but is listed: %v", m, moves)
			}
		}
		if !slices.Contains(moves, "b1b7") || len(moves) != 13 {
			t.Errorf("moves %v, want the rook's eight that give no check and the king's five", moves)
		}
	}
}

// TestEnPassantRegion: with enPassantRegion = *3 c6 d6 White's double
// steps may be taken en passant anywhere, Black's only over c6 and d6;
// a FEN naming an en passant square outside the region is refused.
func TestEnPassantRegion(t *testing.T) {
	c := endsVariant(t, "epregion")
	for _, tc := range []struct {
		fen, step, take string
		ok              bool
	}{
		{"4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1", "a2a4", "b4a3", true},
		{"4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1", "e7e5", "d5e6", false},
		{"4k3/2p5/8/3P4/8/8/8/4K3 b - - 0 1", "c7c5", "d5c6", true},
	} {
		ref, err := rules.ParseFEN(c.v, tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		if ref, err = ref.PlayText(tc.step); err != nil {
			t.Fatal(err)
		}
		fp, err := c.r.FromRules(ref)
		if err != nil {
			t.Fatal(err)
		}
		var l fairy.MoveList
		fp.LegalMoves(&l)
		if got := slices.Contains(refTexts(ref), tc.take); got != tc.ok {
			t.Errorf("%s %s: reference lists %s: %v", tc.fen, tc.step, tc.take, got)
		}
		if got := slices.Contains(moveTexts(&fp, &l), tc.take); got != tc.ok {
			t.Errorf("%s %s: fast lists %s: %v", tc.fen, tc.step, tc.take, got)
		}
	}
	if _, err := rules.ParseFEN(c.v, "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2"); err == nil {
		t.Error("an en passant square outside the region was read")
	}
}

package fairy_test

import (
	"slices"
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/rules"
)

// TestWolf: the rules wolf needs beside the families it shares, in both
// generators, against Fairy-Stockfish c19b5f6's counts ("setoption name
// UCI_Variant value wolf", "position fen FEN", "go perft N") and the FEN
// its "d" writes. A sergeant (fKifmnD) double-steps from its second rank
// and from b3, c3, f3 and g3 (the double-step region that is not whole
// ranks) and leaves the square it passed, where a pawn takes it en
// passant (c4b3 after b2b4); a pawn promotes to an elephant beside the
// promotion choices (its promotedPieceType). fsf-head/wolf.perft is
// TestPerft's, as every built-in game's.
func TestWolf(t *testing.T) {
	v, r := compileGame(t, "wolf")
	for _, c := range []struct {
		fen    string
		counts []uint64
	}{
		{"7k/8/8/8/8/8/2p5/8/1S6/K7 w - - 0 1", []uint64{6, 25, 152}},   // b2b4 c4b3
		{"7k/8/8/8/8/2p5/8/1S6/8/K7 w - - 0 1", []uint64{7, 29, 204}},   // b3b5 c5b4: from a square of the region off its ranks
		{"k7/8/1s6/8/P7/8/8/8/8/7K b - - 0 1", []uint64{7, 29, 205}},    // Black's b8b6 a6b7
		{"7k/P7/8/8/8/8/8/8/8/K7 w - - 0 1", []uint64{9, 23, 364}},      // a9a10 to q, w, f, r, b or the elephant
		{"7k/8/8/8/8/8/1Sp5/8/8/K7 b - b3b4 0 1", []uint64{5, 25, 153}}, // the FEN after b2b4, as "d" writes it
	} {
		countOracle(t, v, r, "wolf", c.fen, c.counts, 1<<62, 1<<62)
	}
	// b2b4 leaves b3 (and b4, where the sergeant stands, as
	// Fairy-Stockfish writes it) in both generators, and c4b3 takes it.
	start, err := rules.ParseFEN(v, "7k/8/8/8/8/8/2p5/8/1S6/K7 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	fp, err := r.FromRules(start)
	if err != nil {
		t.Fatal(err)
	}
	var l fairy.MoveList
	fp.LegalMoves(&l)
	for _, m := range start.LegalMoves() {
		if start.MoveText(m) == "b2b4" {
			checkPlayed(t, "wolf", r, start, &fp, &l, m)
			next := start.PlayLegal(m)
			if got, want := next.FEN(), "7k/8/8/8/8/8/1Sp5/8/8/K7 b - b3b4 0 1"; got != want {
				t.Errorf("after b2b4: %s, want %s", got, want)
			}
			if !slices.Contains(refTexts(next), "c4b3") {
				t.Errorf("after b2b4: no c4b3 in %v", refTexts(next))
			}
			return
		}
	}
	t.Error("no b2b4 from the sergeant on b2")
}

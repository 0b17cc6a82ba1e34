package variant_test

import (
	"strings"
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// fairyGame returns a built-in fairy variant by name.
func fairyGame(t *testing.T, name string) *variant.Variant {
	t.Helper()
	vs, err := variant.Fairy()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		if v.Name == name {
			return v
		}
	}
	t.Fatalf("no %s", name)
	return nil
}

// countingCases are positions and moves with the FEN Fairy-Stockfish 11.1
// prints after them ("setoption name UCI_Variant value makruk", "position
// fen F moves M", "d"): while a count runs it writes the count's limit in
// place of the en passant square and the plies counted in place of the
// halfmove clock, both in plies.
var countingCases = []struct {
	game, fen, moves, want string
}{
	// Makruk: the board's honour starts when a move leaves no pawn and
	// neither side bare: 64 moves, from zero.
	{"makruk", "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a2", "r3k3/8/8/8/8/8/R7/4K3 b - 128 0 1"},
	{"makruk", "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a2 a8a7", "4k3/r7/8/8/8/8/R7/4K3 w - 128 1 2"},
	// A capture that bares the side to move restarts the count by the
	// pieces' honour, from twice the pieces on the board.
	{"makruk", "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a2 a8a7 a2a7", "4k3/R7/8/8/8/8/8/4K3 b - 32 6 2"},
	{"makruk", "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a2 a8a7 a2a7 e8d8", "3k4/R7/8/8/8/8/8/4K3 w - 32 7 3"},
	{"makruk", "r3k3/8/8/8/8/8/8/R3K3 w - 128 20 1", "a1a8", "R3k3/8/8/8/8/8/8/4K3 b - 32 6 1"},
	// A capture that leaves the side to move more than its king changes
	// nothing.
	{"makruk", "r3k3/1n6/8/8/8/8/8/R3K3 w - 128 20 1", "a1a8", "R3k3/1n6/8/8/8/8/8/4K3 b - 128 21 1"},
	// The pieces' honour limits by the stronger side's pieces.
	{"makruk", "4k3/1r6/8/2N5/8/8/8/RR2K3 w - - 0 1", "c5b7", "4k3/1N6/8/8/8/8/8/RR2K3 b - 16 10 1"},
	{"makruk", "4k3/1r6/8/2N5/8/8/8/R3K3 w - - 0 1", "c5b7", "4k3/1N6/8/8/8/8/8/R3K3 b - 32 8 1"},
	{"makruk", "4k3/1r6/8/2N5/8/8/8/1SS1K3 w - - 0 1", "c5b7", "4k3/1N6/8/8/8/8/8/1SS1K3 b - 44 10 1"},
	{"makruk", "4k3/1r6/8/2N5/8/8/8/1N2K3 w - - 0 1", "c5b7", "4k3/1N6/8/8/8/8/8/1N2K3 b - 64 8 1"},
	{"makruk", "4k3/1r6/8/2N5/8/8/8/1S2K3 w - - 0 1", "c5b7", "4k3/1N6/8/8/8/8/8/1S2K3 b - 88 8 1"},
	{"makruk", "4k3/1r6/8/2N5/8/8/8/1M2K3 w - - 0 1", "c5b7", "4k3/1N6/8/8/8/8/8/1M2K3 b - 128 8 1"},
	// No count while a pawn is on the board, nor for a side whose
	// opponent is bare.
	{"makruk", "4k3/n7/8/8/8/8/7P/R3K3 w - - 0 1", "a1a7", "4k3/R7/8/8/8/8/7P/4K3 b - - 0 1"},
	{"makruk", "4k3/8/8/8/4p3/3K4/8/r7 w - - 0 1", "d3e4", "4k3/8/8/8/4K3/8/8/r7 b - - 0 1"},
	{"makruk", "4k3/r7/8/8/8/8/8/3K4 w - - 0 1", "d1d2", "4k3/r7/8/8/8/8/3K4/8 b - - 1 1"},
	{"makruk", "4k3/r7/8/8/8/8/8/3K4 b - - 0 1", "a7a6", "4k3/8/r7/8/8/8/8/3K4 w - 32 6 2"},
	// A count read from the FEN runs on; pawn moves and promotions do
	// not reset it, and a capture for which the rule has no limit (a pawn
	// is left) keeps it.
	{"makruk", "4k3/1r6/p7/2N5/8/8/P7/RR2K3 w - 99 5 1", "a2a3", "4k3/1r6/p7/2N5/8/P7/8/RR2K3 b - 99 6 1"},
	{"makruk", "4k3/8/8/P7/8/8/8/R3K3 b - 32 10 1", "e8d8 a5a6", "3k4/8/M7/8/8/8/8/R3K3 b - 32 12 2"},
	{"makruk", "4k3/1r6/8/2N5/8/8/P7/R3K3 w - 99 5 1", "c5b7", "4k3/1N6/8/8/8/8/P7/R3K3 b - 99 6 1"},
	// Ouk Chatrang counts as makruk.
	{"cambodian", "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a2 a8a7 a2a7", "4k3/R7/8/8/8/8/8/4K3 b - 32 6 2"},
	// ASEAN: only the pieces' honour, from zero, whatever the pawns.
	{"asean", "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a2", "r3k3/8/8/8/8/8/R7/4K3 b - - 1 1"},
	{"asean", "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a2 a8a7 a2a7", "4k3/R7/8/8/8/8/8/4K3 b - 32 0 2"},
	{"asean", "4k3/1r6/8/2N5/8/8/8/1BQ1K3 w - - 0 1", "c5b7", "4k3/1N6/8/8/8/8/8/1BQ1K3 b - 88 0 1"},
	{"asean", "4k3/1r6/8/2N5/8/8/8/2Q1K3 w - - 0 1", "c5b7", "4k3/1N6/8/8/8/8/8/2Q1K3 b - 128 0 1"},
	{"asean", "4k3/1r6/8/2N5/8/8/8/1B2K3 w - - 0 1", "c5b7", "4k3/1N6/8/8/8/8/8/1B2K3 b - - 0 1"},
	{"asean", "4k3/1r6/8/2N5/8/8/7P/R3K3 w - - 0 1", "c5b7", "4k3/1N6/8/8/8/8/7P/R3K3 b - 32 0 1"},
	{"asean", "r3k3/8/8/8/8/8/8/R3K3 w - 128 20 1", "a1a8", "R3k3/8/8/8/8/8/8/4K3 b - 32 0 1"},
	{"asean", "4k3/1r6/8/2N5/8/8/8/1B2K3 w - 99 5 1", "c5b7", "4k3/1N6/8/8/8/8/8/1B2K3 b - 99 6 1"},
	{"asean", "3k4/P7/8/8/8/8/8/4K3 b - 99 10 1", "d8e8 a7a8r", "R3k3/8/8/8/8/8/8/4K3 b - 99 12 2"},
}

// TestCountingFEN: the counting rules as Fairy-Stockfish 11.1 plays them
// (countingCases), in the reference generator, in the fast generator (its
// count after the same moves) and through the registry's positions.
func TestCountingFEN(t *testing.T) {
	for _, c := range countingCases {
		v := fairyGame(t, c.game)
		p, err := v.FromFEN(c.fen)
		if err != nil {
			t.Fatalf("%s %s: %v", c.game, c.fen, err)
		}
		if p.FEN() != c.fen {
			t.Errorf("%s: FEN %q reads back as %q", c.game, c.fen, p.FEN())
		}
		rp := p.(interface{ Rules() *rules.Position }).Rules()
		fr, err := fairy.Compile(rp.Variant())
		if err != nil {
			t.Fatal(err)
		}
		fp, err := fr.FromRules(rp)
		if err != nil {
			t.Fatal(err)
		}
		var l fairy.MoveList
		for _, text := range strings.Fields(c.moves) {
			a, err := p.Parse(text)
			if err != nil {
				t.Fatalf("%s %s: %s: %v", c.game, c.fen, text, err)
			}
			if p, err = p.Play(a); err != nil {
				t.Fatal(err)
			}
			fp.LegalMoves(&l)
			found := false
			for _, m := range l.Slice() {
				if fp.MoveText(m) == text {
					fp.Play(m)
					found = true
					break
				}
			}
			if !found {
				t.Fatalf("%s: %s unknown to the fast generator", c.fen, text)
			}
		}
		if p.FEN() != c.want {
			t.Errorf("%s %s + %s:\n got %s\nwant %s", c.game, c.fen, c.moves, p.FEN(), c.want)
		}
		ref := p.(interface{ Rules() *rules.Position }).Rules()
		gl, gp := fp.Counting()
		if wl, wp := ref.Counting(); gl != wl || gp != wp {
			t.Errorf("%s + %s: fast count %d/%d, reference %d/%d", c.fen, c.moves, gl, gp, wl, wp)
		}
	}
}

// TestCountingDraw: a count ends the game in a draw once it passes its
// limit, unless the side to move is checkmated. Fairy-Stockfish 11.1
// ("go depth 10" on makruk 7k/8/5K2/8/8/8/8/R7 w - 32 N 1) finds the mate
// in two (Kg6 Kg8 Ra8#) from N = 30 but scores 0 from N = 31: the
// position after Kg8, 32 plies into a limit of 32, still plays on, the
// one a ply later is drawn.
func TestCountingDraw(t *testing.T) {
	v := fairyGame(t, "makruk")
	play := func(fen, moves string) variant.Position {
		t.Helper()
		p, err := v.FromFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		for _, text := range strings.Fields(moves) {
			if o, over := p.Outcome(); over {
				t.Fatalf("%s: over (%v) before %s", p.FEN(), o, text)
			}
			a, err := p.Parse(text)
			if err != nil {
				t.Fatal(err)
			}
			if p, err = p.Play(a); err != nil {
				t.Fatal(err)
			}
		}
		return p
	}
	if o, _ := play("7k/8/5K2/8/8/8/8/R7 w - 32 30 1", "f6g6 h8g8 a1a8").Outcome(); o.Reason != variant.Checkmate || o.Winner != variant.White {
		t.Errorf("mate at ply 33: %v", o)
	}
	p := play("7k/8/5K2/8/8/8/8/R7 w - 32 31 1", "f6g6")
	if o, over := p.Outcome(); over {
		t.Errorf("at the limit: %v", o)
	}
	p = play("7k/8/5K2/8/8/8/8/R7 w - 32 31 1", "f6g6 h8g8")
	o, over := p.Outcome()
	if !over || !o.Draw || o.Reason != variant.CountingRule {
		t.Errorf("past the limit %s: %v %v", p.FEN(), o, over)
	}
	if o.String() != "draw by the counting rule" {
		t.Errorf("outcome %q", o.String())
	}
	if r, ok := variant.ParseReason("counting rule"); !ok || r != variant.CountingRule {
		t.Errorf("ParseReason: %v %v", r, ok)
	}
	// Checkmate past the limit stands; stalemate past it is the count's.
	if o, _ := play("R5k1/8/6K1/8/8/8/8/8 b - 32 40 1", "").Outcome(); o.Reason != variant.Checkmate {
		t.Errorf("checkmate past the limit: %v", o)
	}
	if o, _ := play("7k/5M2/6K1/8/8/8/8/8 b - 32 40 1", "").Outcome(); !o.Draw || o.Reason != variant.CountingRule {
		t.Errorf("stalemate past the limit: %v", o)
	}
	if o, _ := play("7k/5M2/6K1/8/8/8/8/8 b - 32 4 1", "").Outcome(); !o.Draw || o.Reason != variant.Stalemate {
		t.Errorf("stalemate: %v", o)
	}
}

// TestCountingFENErrors: a count limit that is no count is refused.
func TestCountingFENErrors(t *testing.T) {
	v := fairyGame(t, "makruk")
	for _, fen := range []string{"3k4/R7/8/8/8/8/8/4K3 w - 99999999 7 3", "3k4/R7/8/8/8/8/8/4K3 w - e3 7 3"} {
		if _, err := v.FromFEN(fen); err == nil {
			t.Errorf("%s: no error", fen)
		}
	}
	// 0 is no count, as Fairy-Stockfish reads it.
	p, err := v.FromFEN("3k4/R7/8/8/8/8/8/4K3 w - 0 7 3")
	if err != nil {
		t.Fatal(err)
	}
	if p.FEN() != "3k4/R7/8/8/8/8/8/4K3 w - - 7 3" {
		t.Errorf("FEN %s", p.FEN())
	}
}

package variant_test

import (
	"slices"
	"testing"

	"github.com/baten-chess/baten/variant"
)

// TestPiecePromotionText: wolf's pawn becoming its promotedPieceType (the
// elephant) is a piece promotion, which Fairy-Stockfish c19b5f6 writes
// "+" ("go perft 1" of 7k/P7/8/8/8/8/8/8/8/K7: a9a10w, a9a10f, a9a10q,
// a9a10r, a9a10b, a9a10+); Baten's older a9a10e is read as the same move.
func TestPiecePromotionText(t *testing.T) {
	v, err := variant.Builtin().Lookup("wolf")
	if err != nil {
		t.Fatal(err)
	}
	p, err := v.FromFEN("7k/P7/8/8/8/8/8/8/8/K7 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, a := range p.Legal() {
		if a.String()[:2] == "a9" {
			got = append(got, a.String())
		}
	}
	slices.Sort(got)
	if want := []string{"a9a10+", "a9a10b", "a9a10f", "a9a10q", "a9a10r", "a9a10w"}; !slices.Equal(got, want) {
		t.Errorf("promotions %v, want %v", got, want)
	}
	for _, text := range []string{"a9a10+", "a9a10e", "a10=E"} {
		a, err := p.Parse(text)
		if err != nil {
			t.Errorf("%s: %v", text, err)
			continue
		}
		next, err := p.Play(a)
		if err != nil {
			t.Fatal(err)
		}
		if a.String() != "a9a10+" || next.FEN() != "E6k/8/8/8/8/8/8/8/8/K7 b - - 0 1" {
			t.Errorf("%s: read as %s, then %s", text, a, next.FEN())
		}
	}
	if _, err := p.Parse("a9a10n"); err == nil {
		t.Error("a9a10n (no promotion to a nightrider) read")
	}
}

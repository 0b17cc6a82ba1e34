package game

import (
	"strconv"
	"testing"

	"github.com/baten-chess/baten/pgn"
	"github.com/baten-chess/baten/shatranj"
	"github.com/baten-chess/baten/variant"
)

// TestShatranjStartRecords: a game from each documented tabiya (chosen
// with Variant.StartFrom, the starts themselves are variant's
// TestShatranjStarts) reads back from its PGN with the same start; the
// standard setup writes no FEN tag, the alternative setup its FEN.
func TestShatranjStartRecords(t *testing.T) {
	v := mustVariant(t, "shatranj")
	for _, tab := range shatranj.Tabiyat {
		start, err := v.StartFrom("tabiya", strconv.Itoa(tab.Number))
		if err != nil {
			t.Fatal(err)
		}
		want := mustPosition(t, "shatranj", tab.FEN).FEN()
		g := New(start)
		if g.Variant() != v || g.Start().FEN() != want {
			t.Fatalf("tabiya %d: a %v game from %s", tab.Number, g.Variant(), g.Start().FEN())
		}
		mustPlay(t, g, g.Position().Format(g.Position().Legal()[0], variant.Human))
		again, err := FromPGN(g.PGN(nil), nil)
		if err != nil || again.Start().FEN() != want || len(again.Moves()) != 1 {
			t.Fatalf("tabiya %d read back: %v", tab.Number, err)
		}
	}
	// The tags a start sets for its game: no FEN for the standard setup.
	if _, ok := New(mustPosition(t, "shatranj", "")).PGN(nil).Tags.Lookup("FEN"); ok {
		t.Error("the standard setup writes a FEN tag")
	}
	alt, err := v.StartFrom("setup", "alternative")
	if err != nil {
		t.Fatal(err)
	}
	if fen := New(alt).PGN(pgn.Tags{}).Tags.Get("FEN"); fen != alt.FEN() {
		t.Errorf("the alternative setup writes FEN %q", fen)
	}
}

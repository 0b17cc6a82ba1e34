package game

import (
	"errors"
	"strconv"
	"testing"

	"github.com/baten-chess/baten/pgn"
	"github.com/baten-chess/baten/shatranj"
)

// TestShatranjStarts: the alternative setup and every documented tabiya,
// by number and by name, give playable shatranj starts equal to their
// FEN; unknown ones are errors wrapping shatranj.ErrUnknownTabiya; a game
// from a tabiya reads back from its PGN with the same start.
func TestShatranjStarts(t *testing.T) {
	alt := ShatranjAlternative()
	if alt.Variant() != Shatranj || alt.FEN() != mustPosition(t, Shatranj, shatranj.AlternativeFEN).FEN() {
		t.Fatalf("alternative setup: %v %s", alt.Variant(), alt.FEN())
	}
	if alt.FEN() == mustPosition(t, Shatranj, "").FEN() {
		t.Fatal("the alternative setup is the standard one")
	}
	for _, tab := range shatranj.Tabiyat {
		want := mustPosition(t, Shatranj, tab.FEN).FEN()
		for _, key := range append([]string{" " + strconv.Itoa(tab.Number), tab.Name}, tab.Aliases...) {
			p, err := ShatranjTabiya(key)
			if err != nil || p.FEN() != want || p.Variant() != Shatranj {
				t.Fatalf("tabiya %q: %v, %v", key, p, err)
			}
		}
		g := New(mustPosition(t, Shatranj, want))
		mustPlay(t, g, g.Position().Notation(g.Position().Moves()[0]))
		again, err := FromPGN(g.PGN(nil))
		if err != nil || again.Start().FEN() != want || len(again.Moves()) != 1 {
			t.Fatalf("tabiya %d read back: %v", tab.Number, err)
		}
	}
	for _, bad := range []string{"0", "-1", "17", "", "Muwashshah", "1x"} {
		if _, err := ShatranjTabiya(bad); !errors.Is(err, shatranj.ErrUnknownTabiya) {
			t.Errorf("tabiya %q: %v", bad, err)
		}
	}
	// The tags a start sets for its game: no FEN for the standard setup.
	if _, ok := New(mustPosition(t, Shatranj, "")).PGN(nil).Tags.Lookup("FEN"); ok {
		t.Error("the standard setup writes a FEN tag")
	}
	if fen := New(alt).PGN(pgn.Tags{}).Tags.Get("FEN"); fen != alt.FEN() {
		t.Errorf("the alternative setup writes FEN %q", fen)
	}
}

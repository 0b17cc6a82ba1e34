package main

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/baten-chess/baten/game"
	"github.com/baten-chess/baten/variant"
)

// FuzzPlayerError plays arbitrary text in the start positions (and a
// middlegame) of several games: a refused text is worded without panics,
// package prefixes or the FEN, and repeats at most maxEcho characters of
// the input.
func FuzzPlayerError(f *testing.F) {
	for _, seed := range []string{"Kg8", "e2e5", "Nxe5", "O-O", "O-O-O", "e8", "a8=Q", "b:e2e5", "b:e2e4", "11-15", "9x18",
		"Fe3", "Ad6", "xx", "", "Nbd2", "exd6", "e1g1", strings.Repeat("e4", 100)} {
		for vi := range uint8(6) {
			f.Add(vi, seed)
		}
	}
	names := []string{"chess", "chess960", "shatranj", "banchess", "draughts", "capablanca"}
	reg := variant.Builtin()
	f.Fuzz(func(t *testing.T, vi uint8, text string) {
		v, err := reg.Lookup(names[int(vi)%len(names)])
		if err != nil {
			t.Fatal(err)
		}
		g := game.New(v.Start())
		p := g.Position()
		_, err = g.PlayText(text)
		if err == nil {
			return
		}
		msg := playerError(p, text, err).Error()
		for _, bad := range []string{"san:", "variant:", "shatranj:", "draughts:", "banchess:", p.FEN()} {
			if strings.Contains(msg, bad) {
				t.Fatalf("%s %q: %q says %q", v.Name, text, msg, bad)
			}
		}
		if n := utf8.RuneCountInString(msg); n > 2*maxEcho+200 {
			t.Fatalf("%s %q: a message of %d characters: %q", v.Name, text, n, msg)
		}
	})
}

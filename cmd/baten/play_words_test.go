package main

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/baten-chess/baten/engine"
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

// TestProgressLine: the engine's progress in words, from the side
// thinking: centipawns as pawns, mates as wins or losses in moves, the
// best move in the game's notation, and what Ctrl-C does (for a hint: no
// move is played).
func TestProgressLine(t *testing.T) {
	reg := variant.Builtin()
	chessV, err := reg.Lookup("chess")
	if err != nil {
		t.Fatal(err)
	}
	p := chessV.Start()
	tests := []struct {
		info engine.Info
		hint bool
		want string
	}{
		{engine.Info{Depth: 7, Score: engine.Score{CP: 35}, Nodes: 123456, Time: 1260 * time.Millisecond, PV: []string{"g1f3", "g8f6"}}, false,
			"thinking… depth 7, white +0.35, best Nf3, 123k nodes, 1.3 s (Ctrl-C: move now)"},
		{engine.Info{Depth: 12, Score: engine.Score{CP: -120}, Nodes: 3_400_000, Time: 5 * time.Second}, false,
			"thinking… depth 12, white -1.20, 3.4M nodes, 5.0 s (Ctrl-C: move now)"},
		{engine.Info{Depth: 5, Score: engine.Score{Mate: 3}, Nodes: 950, PV: []string{"e2e4"}}, false,
			"thinking… depth 5, white wins in 3, best e4, 950 nodes, 0.0 s (Ctrl-C: move now)"},
		{engine.Info{Depth: 5, Score: engine.Score{Mate: -2}, Nodes: 9999}, false,
			"thinking… depth 5, white loses in 2, 9999 nodes, 0.0 s (Ctrl-C: move now)"},
		{engine.Info{Depth: 3, Score: engine.Score{CP: 20}, Nodes: 400, PV: []string{"d2d4"}}, true,
			"thinking… depth 3, white +0.20, best d4, 400 nodes, 0.0 s (Ctrl-C: hint now)"},
	}
	for _, tt := range tests {
		if got := progressLine(p, tt.info, tt.hint); got != tt.want {
			t.Errorf("progressLine(%+v, hint %v) = %q, want %q", tt.info, tt.hint, got, tt.want)
		}
	}
}

package variant_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
	"github.com/baten-chess/baten/variant/ini"
)

// wallSections are the sections of Fairy-Stockfish's example file that
// need only the walling family (and its built-in parents amazons and
// snailtrail) to load; TestFSFExampleSections requires that they do.
// crossderby has no walling rule: its start has wall squares, "*".
var wallSections = []string{"atlantis", "cowboys", "la-mancha-squeez", "la-mancha-duel", "crossderby"}

// TestWallKeys: the walling keys as Fairy-Stockfish reads them:
// wallingRegion sets both colours and a later per-colour key one of them,
// the region is cut to the board, a child inherits its parent's rule and
// changes one key.
func TestWallKeys(t *testing.T) {
	text := "[v:chess]\nwallingRule = static\nwallingRegion = *3 *4\nwallingRegionBlack = a1 h12\n[w:v]\nwallOrMove = true\nwallingRule = edge\n"
	vs, err := variant.LoadINI(strings.NewReader(text), "walls.ini", variant.Builtin())
	if err != nil || len(vs) != 2 {
		t.Fatalf("%d games, %v", len(vs), err)
	}
	v := vs[0].Rules().Walling
	if v == nil || v.Rule != rules.WallStatic || v.OrMove || len(v.Region[rules.First]) != 16 ||
		!slices.Equal(v.Region[rules.Second], []geom.Square{{File: 0, Rank: 0}}) {
		t.Errorf("[v]: %+v", v)
	}
	w := vs[1].Rules().Walling
	if w == nil || w.Rule != rules.WallEdge || !w.OrMove || len(w.Region[rules.First]) != 16 {
		t.Errorf("[w]: %+v", w)
	}
	if g, err := variant.Builtin().Lookup("duck"); err != nil || g.Rules().Walling.Rule != rules.WallDuck {
		t.Errorf("duck: %v", err)
	}
}

// TestWallKeyErrors: each bad value is an error naming the file, line,
// section and key.
func TestWallKeyErrors(t *testing.T) {
	for _, tc := range []struct{ text, key, msg string }{
		{"[v:chess]\nwallingRule = sideways\n", "wallingRule", "want arrow, duck, edge, past, static or none"},
		{"[v:chess]\nwallingRule = arrow\nwallOrMove = maybe\n", "wallOrMove", "want true or false"},
		{"[v:chess]\nwallingRegionWhite = e4 9z\n", "wallingRegionWhite", `found "9z"`},
	} {
		_, err := variant.LoadINI(strings.NewReader(tc.text), "walls.ini", variant.Builtin())
		var ie *ini.Error
		if !errors.As(err, &ie) || ie.Key != tc.key || ie.Line == 0 || !strings.Contains(err.Error(), tc.msg) ||
			!strings.Contains(err.Error(), "walls.ini") || !strings.Contains(err.Error(), "[v]") {
			t.Errorf("%q: %v, want an error of key %s at a line of walls.ini saying %q", tc.text, err, tc.key, tc.msg)
		}
	}
}

// TestWallSAN: a walling move's SAN is the move's SAN, a comma and the
// wall's square, as Fairy-Stockfish's SAN writer (pyffish, which
// pychess-variants records) writes it, and reads back to the same move;
// a game where a wall may be put instead of a move keeps its machine text.
func TestWallSAN(t *testing.T) {
	orMove := "[wallormove:chess]\nwallingRule = arrow\nwallOrMove = true\n"
	tests := []struct {
		game, fen, machine, san string
	}{
		{"duck", "", "e2e4,e4d5", "e4,d5"},
		{"duck", "", "g1f3,f3g1", "Nf3,g1"},
		{"duck", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP*PPP/RNBQKBNR w KQkq - 0 2", "e4d5,d5e4", "exd5,e4"},
		{"amazons", "", "d1d2,d2d3", "Qd2,d3"},
		{"wallormove", "", "b1c3,c3a1", "b1c3,c3a1"},
	}
	custom, err := variant.LoadINI(strings.NewReader(orMove), "ormove.ini", variant.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		g, err := variant.Builtin().Lookup(tc.game)
		if tc.game == "wallormove" {
			g, err = custom[0], nil
		}
		if err != nil {
			t.Fatal(err)
		}
		p := g.Start()
		if tc.fen != "" {
			if p, err = g.FromFEN(tc.fen); err != nil {
				t.Fatalf("%s %s: %v", tc.game, tc.fen, err)
			}
		}
		a, err := p.Parse(tc.machine)
		if err != nil {
			t.Errorf("%s: %s: %v", tc.game, tc.machine, err)
			continue
		}
		if got := p.Format(a, variant.Human); got != tc.san {
			t.Errorf("%s: %s is %q in SAN, want %q", tc.game, tc.machine, got, tc.san)
		}
		if b, err := p.Parse(tc.san); err != nil || p.Format(b, variant.Machine) != tc.machine {
			t.Errorf("%s: SAN %q reads as %v (%v), want %s", tc.game, tc.san, b, err, tc.machine)
		}
	}
}

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

package fairy_test

import (
	"strings"
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// familyGames compiles the games of a family's test file text (named
// file) and its built-in games, by name.
func familyGames(t testing.TB, file, text string, builtins ...string) map[string]compiled {
	t.Helper()
	vs, err := variant.LoadINI(strings.NewReader(text), file, variant.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range builtins {
		v, err := variant.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		vs = append(vs, v)
	}
	out := map[string]compiled{}
	for _, v := range vs {
		r, err := fairy.Compile(v.Rules())
		if err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		out[v.Name] = compiled{v.Name, v.Rules(), r}
	}
	return out
}

// countFSFHead counts with the fast generator r every perft of
// fsf-head/<name>.perft up to budget nodes, and returns how many counts
// it checked. each, if not nil, is called once a position with its case
// and both generators' positions, for a family's own checks.
func countFSFHead(t *testing.T, v *rules.Variant, r *fairy.Rules, name string, budget uint64,
	each func(cs perftdata.Case, ref *rules.Position, fp *fairy.Position)) int {
	t.Helper()
	cases, err := perftdata.Load("fairy/fsf-head/" + name + ".perft")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, cs := range cases {
		ref, err := rules.ParseFEN(v, cs.FEN)
		if err != nil {
			t.Errorf("%s: %v", cs.ID, err)
			continue
		}
		fp, err := r.FromRules(ref)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range cs.Counts {
			if want.Nodes > budget {
				continue
			}
			if got := fp.Perft(want.Depth); got != want.Nodes {
				t.Errorf("%s depth %d: %d, want %d (%s)", cs.ID, want.Depth, got, want.Nodes, cs.FEN)
			}
			checked++
		}
		if each != nil {
			each(cs, ref, &fp)
		}
	}
	return checked
}

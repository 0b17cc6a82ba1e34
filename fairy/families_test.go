package fairy_test

import (
	"strings"
	"testing"

	"github.com/baten-chess/baten/fairy"
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

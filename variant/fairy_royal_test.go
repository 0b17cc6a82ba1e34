package variant_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/baten-chess/baten/variant"
	"github.com/baten-chess/baten/variant/ini"
)

// TestRoyalKeys: flyingGeneral and dupleCheck load onto the game's
// rules and moveRepetitionIllegal onto its repetition rule; a child
// section keeps its parent's and may turn them off; a bad value or
// dupleCheck with blasts is an error naming the file, line, section and
// key.
func TestRoyalKeys(t *testing.T) {
	base := variant.Builtin()
	vs, err := variant.LoadINI(strings.NewReader("[a:chess]\nflyingGeneral = true\n[b:a]\n[c:threekings]\nextinctionPseudoRoyal = true\ndupleCheck = true\n[d:c]\ndupleCheck = false\n"+
		"[h:chess]\nmoveRepetitionIllegal = true\n[n:chess]\nnFoldRule = 0\nmoveRepetitionIllegal = true\n"),
		"royal.ini", base)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		if err := base.Register(v); err != nil {
			t.Fatal(err)
		}
	}
	// Children of the registered games: their rules read back (royalFrom).
	more, err := variant.LoadINI(strings.NewReader("[e:a]\n[f:c]\n[g:c]\nflyingGeneral = true\ndupleCheck = false\n[i:h]\n[j:h]\nmoveRepetitionIllegal = false\n"), "more.ini", base)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][2]bool{"a": {true, false}, "b": {true, false}, "c": {false, true}, "d": {false, false},
		"e": {true, false}, "f": {false, true}, "g": {true, false}, "h": {}, "i": {}, "j": {}, "n": {}}
	// moveRepetitionIllegal goes onto the repetition rule, which it needs
	// (nFoldRule = 0: none, as Fairy-Stockfish tests it with the n-fold rule).
	moveRep := map[string]bool{"h": true, "i": true}
	if len(vs)+len(more) != len(want) {
		t.Fatalf("%d games loaded, want %d", len(vs)+len(more), len(want))
	}
	for _, v := range append(vs, more...) {
		g := v.Rules().Royal
		got := [2]bool{g != nil && g.FlyingGeneral, g != nil && g.DupleCheck}
		if got != want[v.Name] {
			t.Errorf("[%s]: flyingGeneral, dupleCheck %v, want %v", v.Name, got, want[v.Name])
		}
		if rep := v.Repetition; (rep != nil && rep.MoveRepetition) != moveRep[v.Name] {
			t.Errorf("[%s]: repetition rule %+v, want moveRepetitionIllegal %v", v.Name, rep, moveRep[v.Name])
		}
	}
	for _, tc := range []struct{ text, key, msg string }{
		{"[v:chess]\nflyingGeneral = yes\n", "flyingGeneral", "want true or false"},
		{"[v:chess]\nmoveRepetitionIllegal = 2\n", "moveRepetitionIllegal", "want true or false"},
		{"[v:atomic]\ndupleCheck = true\n", "dupleCheck", "not supported yet: dupleCheck with blastOnCapture"},
		{"[v:atomic]\nflyingGeneral = true\n", "flyingGeneral", "not supported yet: flyingGeneral with blastOnCapture"},
	} {
		_, err := variant.LoadINI(strings.NewReader(tc.text), "royal.ini", variant.Builtin())
		var ie *ini.Error
		if !errors.As(err, &ie) || ie.Key != tc.key || ie.Line == 0 || ie.Section != "v" ||
			!strings.Contains(err.Error(), tc.msg) || !strings.Contains(err.Error(), "royal.ini") {
			t.Errorf("%q: %v, want an error of key %s at a line of royal.ini saying %q", tc.text, err, tc.key, tc.msg)
		}
	}
}

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
	return countCases(t, v, r, cases, budget, each)
}

// countCases counts every case's perft in r's fast generator up to budget
// nodes, calling each (if not nil) as countFSFHead does, and returns how
// many counts it checked.
func countCases(t *testing.T, v *rules.Variant, r *fairy.Rules, cases []perftdata.Case, budget uint64,
	each func(cs perftdata.Case, ref *rules.Position, fp *fairy.Position)) int {
	t.Helper()
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

// countOracle counts fen's perft in both generators of v (r the fast
// one) against counts, the oracle's numbers by depth from 1 (0: not
// counted): the fast one up to budget nodes, the reference up to
// refBudget. what names the position in errors.
func countOracle(t *testing.T, v *rules.Variant, r *fairy.Rules, what, fen string, counts []uint64, budget, refBudget uint64) {
	t.Helper()
	ref, err := rules.ParseFEN(v, fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	fp, err := r.FromRules(ref)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range counts {
		if want == 0 || want > budget {
			continue
		}
		if got := fp.Perft(i + 1); got != want {
			t.Errorf("%s (%s) depth %d: fast %d, want %d", what, fen, i+1, got, want)
		}
		if want > refBudget {
			continue
		}
		if got := ref.Perft(i + 1); got != want {
			t.Errorf("%s (%s) depth %d: reference %d, want %d", what, fen, i+1, got, want)
		}
	}
}

// playRestoring plays m in fp, requiring Unplay to give fp back exactly
// (where names the game and position in the error, written only then:
// a FEN costs a walk's every ply), and leaves fp after m. It returns m's
// text, written before m is played.
func playRestoring(t *testing.T, fp *fairy.Position, m fairy.Move, where func() string) string {
	t.Helper()
	text := fp.MoveText(m)
	before := *fp
	u := fp.Play(m)
	after := *fp
	fp.Unplay(m, u)
	if *fp != before {
		t.Fatalf("%s: Unplay(%s) does not restore", where(), text)
	}
	*fp = after
	return text
}

// checkPlayed plays m, the reference move about to be played from ref,
// in fp (whose legal moves are l) and requires the fast position after
// it equal to the reference's and Unplay to give the key back.
func checkPlayed(t *testing.T, name string, r *fairy.Rules, ref *rules.Position, fp *fairy.Position, l *fairy.MoveList, m rules.Move) {
	t.Helper()
	key := fp.Key()
	for _, fm := range l.Slice() {
		if fp.MoveText(fm) != ref.MoveText(m) {
			continue
		}
		u := fp.Play(fm)
		want, err := r.FromRules(ref.PlayLegal(m))
		if err != nil {
			t.Fatal(err)
		}
		if fp.Key() != want.Key() {
			t.Fatalf("%s %s %s: the fast position after the move differs from the reference's", name, ref.FEN(), fp.MoveText(fm))
		}
		fp.Unplay(fm, u)
		if fp.Key() != key {
			t.Fatalf("%s %s %s: Unplay does not restore the key", name, ref.FEN(), fp.MoveText(fm))
		}
	}
}

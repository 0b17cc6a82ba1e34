package variant_test

import (
	"testing"

	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// TestRulesNames: one name for one game (issue #44, item 20; the
// reference rules called English draughts "english-draughts" where every
// surface says "draughts"). Every game of rules.Builtin is listed under
// the canonical name of a registry game, and is that game: its reference
// rules (Variant.Rules) have the same board, piece letters and start
// position and the same perft counts to depth 3 (2 under -race and
// -short). Every registry game's
// reference rules carry the game's own name.
func TestRulesNames(t *testing.T) {
	reg := variant.Builtin()
	for name, mk := range rules.Builtin() {
		spec := mk()
		if spec.Name != name {
			t.Errorf("rules.Builtin lists %q as %q", spec.Name, name)
		}
		v, err := reg.Lookup(name)
		if err != nil || v.Name != name {
			t.Errorf("rules.Builtin's %q is no registry game's name (%v)", name, err)
			continue
		}
		if v.Rules == nil {
			t.Errorf("%s: the registry's game has no reference rules", name)
			continue
		}
		game := v.Rules()
		if game.Size != spec.Size || letters(game) != letters(spec) {
			t.Errorf("%s: the registry's rules are %v with pieces %s, rules.Builtin's %v with %s", name, game.Size, letters(game), spec.Size, letters(spec))
			continue
		}
		a, errA := rules.Start(game)
		b, errB := rules.Start(spec)
		if errA != nil || errB != nil {
			t.Fatalf("%s: %v, %v", name, errA, errB)
		}
		if a.FEN() != b.FEN() {
			t.Errorf("%s: the registry's game starts from %s, rules.Builtin's from %s", name, a.FEN(), b.FEN())
			continue
		}
		depths := 3
		if testing.Short() || race.Enabled {
			depths = 2 // the reference generator's depth 3 of Capablanca chess takes seconds there
		}
		for depth := 1; depth <= depths; depth++ {
			if na, nb := a.Perft(depth), b.Perft(depth); na != nb {
				t.Errorf("%s: perft(%d) %d in the registry's game, %d in rules.Builtin's", name, depth, na, nb)
			}
		}
	}
	for _, v := range reg.All() {
		if v.Rules != nil && v.Rules().Name != v.Name {
			t.Errorf("the reference rules of %s are named %q", v.Name, v.Rules().Name)
		}
	}
}

// letters returns the piece letters of v in order.
func letters(v *rules.Variant) string {
	b := make([]byte, len(v.Pieces))
	for i, p := range v.Pieces {
		b[i] = p.Letter
	}
	return string(b)
}

package fairy_test

import (
	"math/rand/v2"
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/rules"
)

// TestKey: along random games of every accepted variant the key of the
// position made by Play is the key of the reference position converted
// afresh, Unplay restores the key, and the side to move changes it.
func TestKey(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for _, c := range accepted(t) {
		ref, err := rules.Start(c.v)
		if err != nil {
			t.Fatal(err)
		}
		fp, err := c.r.FromRules(ref)
		if err != nil {
			t.Fatal(err)
		}
		var l fairy.MoveList
		for ply := 0; ply < 60; ply++ {
			fp.LegalMoves(&l)
			if l.N == 0 {
				break
			}
			m := l.Moves[rng.IntN(l.N)]
			before := fp.Key()
			text := fp.MoveText(m)
			u := fp.Play(m)
			after := fp.Key()
			fp.Unplay(m, u)
			if fp.Key() != before {
				t.Fatalf("%s: Unplay %s does not restore the key", c.name, text)
			}
			fp.Play(m)
			var found bool
			for _, rm := range ref.LegalMoves() {
				if ref.MoveText(rm) == text {
					if ref, err = ref.Play(rm); err != nil {
						t.Fatal(err)
					}
					found = true
					break
				}
			}
			if !found {
				t.Fatalf("%s: %s unknown to the reference", c.name, text)
			}
			fresh, err := c.r.FromRules(ref)
			if err != nil {
				t.Fatal(err)
			}
			if fresh.Key() != after || after == before {
				t.Fatalf("%s: key after %s: %x, fresh %x, before %x", c.name, text, after, fresh.Key(), before)
			}
		}
	}
}

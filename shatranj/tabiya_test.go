package shatranj

import (
	"errors"
	"testing"
)

// TestTabiyat checks that each opening array reads, is a game in
// progress, keeps the stated number of men a side (16: the initial
// material, 30, and 8 Baidaqs), and that numbers and names round-trip.
func TestTabiyat(t *testing.T) {
	if len(Tabiyat) == 0 {
		t.Fatal("no tabiyat")
	}
	for i, tb := range Tabiyat {
		p := mustPos(t, tb.FEN)
		if tb.Number != i+1 {
			t.Errorf("%s: number %d at position %d", tb.Name, tb.Number, i+1)
		}
		if tb.Source == "" {
			t.Errorf("%s: no source", tb.Name)
		}
		for c := White; c <= Black; c++ {
			if p.ByColor(c).Count() != tb.Men {
				t.Errorf("%s: %v has %d men, source %d", tb.Name, c, p.ByColor(c).Count(), tb.Men)
			}
			if tb.Men == 16 && (p.Material(c) != 30 || p.Pieces(c, Baidaq).Count() != 8) {
				t.Errorf("%s: %v has material %d", tb.Name, c, p.Material(c))
			}
		}
		if _, over := p.Outcome(); over || !p.HasMoves() {
			t.Errorf("%s: the game is over", tb.Name)
		}
		if got, err := TabiyaByNumber(tb.Number); err != nil || got.Name != tb.Name {
			t.Errorf("TabiyaByNumber(%d) = %q, %v", tb.Number, got.Name, err)
		}
		for _, name := range append([]string{tb.Name}, tb.Aliases...) {
			if got, err := TabiyaByName(name); err != nil || got.Number != tb.Number {
				t.Errorf("TabiyaByName(%q) = %d, %v", name, got.Number, err)
			}
		}
	}
}

// TestTabiyaByName checks the tolerated spellings and the errors.
func TestTabiyaByName(t *testing.T) {
	cases := []struct {
		name string
		ok   bool
	}{
		{"Mujannah-Mashaikhi", true},
		{"mujannah mashaikhi", true},
		{"MUJANNAH_MASHAIKHI", true},
		{"al-Mujannah al-Mashā'ikhī", true},
		{"Mudjannah Mashaikhi", true},
		{"Mujanna-Mashaikhi", true},
		{"  mujannah--mashaikhi ", true},
		{"Mujannah", false}, // another array of the Mujannah family
		{"Sayf", false},
		{"Muwashshah", false},
		{"", false},
		{"al-", false},
	}
	for _, c := range cases {
		tb, err := TabiyaByName(c.name)
		if c.ok && (err != nil || tb.Number != 1) {
			t.Errorf("TabiyaByName(%q) = %d, %v", c.name, tb.Number, err)
		}
		if !c.ok && !errors.Is(err, ErrUnknownTabiya) {
			t.Errorf("TabiyaByName(%q): %v, want ErrUnknownTabiya", c.name, err)
		}
	}
}

// TestTabiyaByNumber checks the range and the error.
func TestTabiyaByNumber(t *testing.T) {
	for _, n := range []int{0, -1, len(Tabiyat) + 1, 16, 17} {
		if _, err := TabiyaByNumber(n); !errors.Is(err, ErrUnknownTabiya) {
			t.Errorf("TabiyaByNumber(%d): %v, want ErrUnknownTabiya", n, err)
		}
	}
}

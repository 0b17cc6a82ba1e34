package rules

import (
	"strings"
	"testing"
)

// TestCapaRandomArrays: every array keeps the rules of Capablanca random
// chess, none repeats, there are pychess-variants' 12,130, and a number
// always gives the same array.
func TestCapaRandomArrays(t *testing.T) {
	n := CapaRandomArrays()
	if n != 12130 {
		t.Fatalf("%d arrays, want the 12,130 pychess-variants deals", n)
	}
	seen := map[string]bool{}
	for i := range n {
		a, err := CapaRandomArray(i)
		if err != nil {
			t.Fatal(err)
		}
		if seen[a] {
			t.Fatalf("array %d %s repeats", i, a)
		}
		seen[a] = true
		for _, l := range "RNABQKC" {
			want := map[rune]int{'R': 2, 'N': 2, 'B': 2}[l]
			if want == 0 {
				want = 1
			}
			if got := strings.Count(a, string(l)); got != want || len(a) != 10 {
				t.Fatalf("array %d %s: %d of %c", i, a, got, l)
			}
		}
		b1, b2 := strings.IndexByte(a, 'B'), strings.LastIndexByte(a, 'B')
		q, arch := strings.IndexByte(a, 'Q'), strings.IndexByte(a, 'A')
		r1, k, r2 := strings.IndexByte(a, 'R'), strings.IndexByte(a, 'K'), strings.LastIndexByte(a, 'R')
		switch {
		case b1%2 == b2%2 || b2-b1 == 1:
			t.Fatalf("array %d %s: bishops on one colour or side by side", i, a)
		case q%2 == arch%2:
			t.Fatalf("array %d %s: queen and archbishop on one colour", i, a)
		case k < r1 || k > r2:
			t.Fatalf("array %d %s: king not between the rooks", i, a)
		}
	}
	if seen["RNABQKBCNR"] {
		t.Error("Capablanca's array (queen and archbishop on one colour) is among them")
	}
	// Fixed numbers, fixed arrays (Baten's numbering).
	for i, want := range map[int]string{0: "QBCABNRNKR", 500: "RBKABRQNCN", 12129: "RKNRNCBAQB"} {
		if got, _ := CapaRandomArray(i); got != want {
			t.Errorf("array %d: %s, want %s", i, got, want)
		}
	}
	for _, i := range []int{-1, n} {
		if _, err := CapaRandomArray(i); err == nil {
			t.Errorf("array %d: no error", i)
		}
	}
}

// TestPawnsProtected: a pawn is protected only by the pieces whose move
// reaches its square.
func TestPawnsProtected(t *testing.T) {
	for array, want := range map[string]bool{
		"QBCABNRNKR": true,
		"BRQANKNCRB": false, // the a-pawn: a bishop does not guard its own file, nor the rook on b the pawn beside it
		"RNABQKBCNR": false, // Capablanca's own array: nothing guards the i-pawn
	} {
		var rank [10]byte
		copy(rank[:], array)
		if got := pawnsProtected(&rank); got != want {
			t.Errorf("%s: %v, want %v", array, got, want)
		}
	}
}

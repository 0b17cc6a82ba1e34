package rules

import (
	"fmt"
	"sync"
)

// Capablanca random chess (caparandom, CRC): Capablanca chess started
// from a shuffled home rank, with Chess960's castling (Castling.Chess960).
// The arrays are Reinhard Scharnagl's, as pychess-variants deals them for
// its caparandom games:
//
//   - the two bishops stand on squares of opposite colours, and not side
//     by side;
//   - the queen and the archbishop stand on squares of opposite colours;
//   - the king stands between the two rooks;
//   - every pawn of the start is protected by a piece of the home rank.
//
// The first three rules give Scharnagl's 48,000 basic arrays; with the
// last two, 12,130 remain. Capablanca's own array (RNABQKBCNR) is not
// among them (its queen and archbishop share a colour): it stays the
// game's start position, as in Fairy-Stockfish.

// CapaRandomArray returns the home rank, files a to j, of caparandom
// array n (0 ≤ n < CapaRandomArrays()) in the letters of Capablanca
// chess: R rook, N knight, A archbishop, B bishop, Q queen, K king,
// C chancellor. The numbering is Baten's: the arrays in the order of
// their placement (light bishop, dark bishop, queen, archbishop,
// chancellor, knights), not Scharnagl's.
func CapaRandomArray(n int) (string, error) {
	arrays := capaRandomArrays()
	if n < 0 || n >= len(arrays) {
		return "", fmt.Errorf("caparandom array %d out of range 0..%d", n, len(arrays)-1)
	}
	return arrays[n], nil
}

// CapaRandomArrays is the number of caparandom arrays.
func CapaRandomArrays() int { return len(capaRandomArrays()) }

// capaRandomArrays lists every array once, built on first use.
var capaRandomArrays = sync.OnceValue(func() []string {
	var out []string
	var rank [10]byte
	// free lists the empty files of rank.
	free := func() []int {
		var fs []int
		for f, c := range rank {
			if c == 0 {
				fs = append(fs, f)
			}
		}
		return fs
	}
	// a1 is dark: an even file is dark on the first rank.
	for light := 1; light < 10; light += 2 {
		for dark := 0; dark < 10; dark += 2 {
			rank[light], rank[dark] = 'B', 'B'
			for _, q := range free() {
				rank[q] = 'Q'
				for _, a := range free() {
					if a%2 == q%2 {
						continue
					}
					rank[a] = 'A'
					for _, c := range free() {
						rank[c] = 'C'
						fs := free() // five: two knights, then rook, king, rook
						for i := 0; i < len(fs); i++ {
							for j := i + 1; j < len(fs); j++ {
								rank[fs[i]], rank[fs[j]] = 'N', 'N'
								rest := free()
								rank[rest[0]], rank[rest[1]], rank[rest[2]] = 'R', 'K', 'R'
								if light-dark != 1 && dark-light != 1 && pawnsProtected(&rank) {
									out = append(out, string(rank[:]))
								}
								for _, f := range rest {
									rank[f] = 0
								}
								rank[fs[i]], rank[fs[j]] = 0, 0
							}
						}
						rank[c] = 0
					}
					rank[a] = 0
				}
				rank[q] = 0
			}
			rank[light], rank[dark] = 0, 0
		}
	}
	return out
})

// pawnsProtected reports whether every pawn in front of the home rank is
// protected by one of its pieces: from the next file by a diagonal step
// (bishop, queen, archbishop) or the king's; from its own file by an
// orthogonal step (rook, queen, chancellor, king); from two files away by
// a knight's leap (knight, archbishop, chancellor).
func pawnsProtected(rank *[10]byte) bool {
	for f := range rank {
		protected := false
		for g, c := range rank {
			switch d := f - g; {
			case d == 1 || d == -1:
				protected = protected || c == 'B' || c == 'Q' || c == 'A' || c == 'K'
			case d == 0:
				protected = protected || c == 'R' || c == 'Q' || c == 'C' || c == 'K'
			case d == 2 || d == -2:
				protected = protected || c == 'N' || c == 'A' || c == 'C'
			}
		}
		if !protected {
			return false
		}
	}
	return true
}

package draughts

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// randomPositions plays seeded random games from the start and from every
// position of the reference perft files, returning n positions reached
// (each game at most 150 plies).
func randomPositions(t testing.TB, seed uint64, n int) []Position {
	t.Helper()
	starts := []Position{Start()}
	for _, file := range []string{"english.perft", "edge-cases.perft"} {
		for _, c := range loadPerft(t, file) {
			starts = append(starts, mustPosition(t, c.FEN))
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	var out []Position
	for g := 0; len(out) < n; g++ {
		p := starts[g%len(starts)]
		for ply := 0; ply <= 150 && len(out) < n; ply++ {
			out = append(out, p)
			var ml MoveList
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			p = p.Play(ml.At(rng.IntN(ml.Len())))
		}
	}
	return out
}

// moveTexts lists p's legal moves in PDN, sorted.
func moveTexts(p Position) []string {
	var ml MoveList
	p.LegalMoves(&ml)
	var out []string
	for _, m := range ml.Slice() {
		out = append(out, m.String())
	}
	slices.Sort(out)
	return out
}

// offset is the square d files and r ranks from s, by coordinates.
func offset(s Square, df, dr int) (Square, bool) {
	f, r := s.Coords()
	return SquareAt(f+df, r+dr)
}

// forward is +1 when c's men move towards higher ranks (White), else −1.
func forward(c Color) int {
	if c == White {
		return 1
	}
	return -1
}

// slowCanJump says, by coordinates alone, whether a piece of side c (a king
// or not) on s can jump: an enemy piece in capturable diagonally next to
// it and an empty square beyond, forward only for a man.
func slowCanJump(s Square, c Color, king bool, capturable, empty SquareSet) bool {
	for _, df := range []int{-1, 1} {
		for _, dr := range []int{-1, 1} {
			if !king && dr != forward(c) {
				continue
			}
			over, ok1 := offset(s, df, dr)
			land, ok2 := offset(s, 2*df, 2*dr)
			if ok1 && ok2 && capturable.Has(over) && empty.Has(land) {
				return true
			}
		}
	}
	return false
}

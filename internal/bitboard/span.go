package bitboard

// ForwardSpan returns the squares ahead of s for side c (0 white, moving
// up the ranks; 1 black, moving down) on its file and the two beside it:
// a pawn on s with no enemy pawn in its span is passed.
func ForwardSpan(c int, s Square) Bitboard { return forwardSpan[c&1][s&63] }

var forwardSpan = func() (t [2][64]Bitboard) {
	for s := Square(0); s < 64; s++ {
		files := FileMask(s.File())
		if s.File() > 0 {
			files |= FileMask(s.File() - 1)
		}
		if s.File() < 7 {
			files |= FileMask(s.File() + 1)
		}
		for r := 0; r < 8; r++ {
			switch {
			case r > s.Rank():
				t[0][s] |= files & RankMask(r)
			case r < s.Rank():
				t[1][s] |= files & RankMask(r)
			}
		}
	}
	return t
}()

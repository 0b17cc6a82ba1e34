package bitboard

// Leaper and line tables, indexed by square; filled by init and read-only after.
var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard // [0] white, [1] black
	between       [64][64]Bitboard
	line          [64][64]Bitboard
)

// stepAttacks returns the squares one (df, dr) step from s for each step, on the board.
func stepAttacks(s Square, steps [][2]int) Bitboard {
	var b Bitboard
	for _, d := range steps {
		f, r := s.File()+d[0], s.Rank()+d[1]
		if f >= 0 && f < 8 && r >= 0 && r < 8 {
			b |= NewSquare(f, r).Bit()
		}
	}
	return b
}

func init() {
	knight := [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	king := [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	for s := Square(0); s < 64; s++ {
		knightAttacks[s] = stepAttacks(s, knight)
		kingAttacks[s] = stepAttacks(s, king)
		pawnAttacks[0][s] = stepAttacks(s, [][2]int{{-1, 1}, {1, 1}})
		pawnAttacks[1][s] = stepAttacks(s, [][2]int{{-1, -1}, {1, -1}})
	}
	for a := Square(0); a < 64; a++ {
		for _, d := range king {
			// Walk the ray from a; every square reached shares a line with a.
			var ray Bitboard
			f, r := a.File()+d[0], a.Rank()+d[1]
			for f >= 0 && f < 8 && r >= 0 && r < 8 {
				b := NewSquare(f, r)
				between[a][b] = ray
				ray |= b.Bit()
				f, r = f+d[0], r+d[1]
			}
			full := ray | a.Bit() | slideRay(a, -d[0], -d[1])
			for x := ray; x != 0; {
				line[a][x.PopLSB()] = full
			}
		}
	}
}

// slideRay returns the squares from s (exclusive) to the edge in direction (df, dr).
func slideRay(s Square, df, dr int) Bitboard {
	var b Bitboard
	for f, r := s.File()+df, s.Rank()+dr; f >= 0 && f < 8 && r >= 0 && r < 8; f, r = f+df, r+dr {
		b |= NewSquare(f, r).Bit()
	}
	return b
}

// KnightAttacks returns the squares a knight on s attacks.
func KnightAttacks(s Square) Bitboard { return knightAttacks[s&63] }

// KingAttacks returns the squares a king on s attacks.
func KingAttacks(s Square) Bitboard { return kingAttacks[s&63] }

// PawnAttacks returns the squares a pawn of colour c (0 white, 1 black) on s attacks.
func PawnAttacks(c int, s Square) Bitboard { return pawnAttacks[c&1][s&63] }

// Between returns the squares strictly between a and b when they share a
// rank, file or diagonal, and the empty set otherwise.
func Between(a, b Square) Bitboard { return between[a&63][b&63] }

// Line returns the whole rank, file or diagonal through a and b (edge to
// edge, both included), or the empty set when they share none or a == b.
func Line(a, b Square) Bitboard { return line[a&63][b&63] }

package bitboard

// Fancy magic bitboards: for each square, the relevant blockers (the ray
// squares minus the board edge) are hashed by a multiply-and-shift into a
// per-square slice of one shared attack table. The magic numbers were
// searched from a fixed-seed generator (magic_search_test.go) and are kept
// in magics_table.go; init only fills the table.

type magic struct {
	mask   Bitboard
	magic  uint64
	shift  uint8
	offset uint32
}

var (
	rookRays     [64]Bitboard // attacks on an empty board
	bishopRays   [64]Bitboard
	rookMagics   [64]magic
	bishopMagics [64]magic
	// 102400 rook + 5248 bishop entries: the exact sizes with full-width keys.
	attackTable [102400 + 5248]Bitboard
)

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// slowSlide computes slider attacks by walking rays; it builds the tables and
// is the reference the tests compare them against.
func slowSlide(s Square, occ Bitboard, dirs [4][2]int) Bitboard {
	var b Bitboard
	for _, d := range dirs {
		for f, r := s.File()+d[0], s.Rank()+d[1]; f >= 0 && f < 8 && r >= 0 && r < 8; f, r = f+d[0], r+d[1] {
			t := NewSquare(f, r).Bit()
			b |= t
			if occ&t != 0 {
				break
			}
		}
	}
	return b
}

// relevantMask is the set of squares whose occupancy can change the attacks
// from s: each ray without its last square.
func relevantMask(s Square, dirs [4][2]int) Bitboard {
	var b Bitboard
	for _, d := range dirs {
		ray := slideRay(s, d[0], d[1])
		if ray != 0 {
			last := ray.LSB()
			if d[0]+8*d[1] > 0 {
				last = ray.MSB()
			}
			ray &^= last.Bit()
		}
		b |= ray
	}
	return b
}

// SplitMix64 is a tiny deterministic generator used wherever Baten needs fixed
// pseudo-random tables (magics, Zobrist keys).
type SplitMix64 uint64

// Next returns the next 64-bit value.
func (x *SplitMix64) Next() uint64 {
	*x += 0x9E3779B97F4A7C15
	z := uint64(*x)
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// fillMagics sets up magics for one slider from its magic numbers (in
// magics_table.go), its attack sets going into attackTable from offset
// on; it returns the offset after the last entry.
func fillMagics(offset int, magics *[64]magic, numbers *[64]uint64, dirs [4][2]int) int {
	for s := Square(0); s < 64; s++ {
		m := &magics[s]
		m.mask = relevantMask(s, dirs)
		n := m.mask.Count()
		m.shift = uint8(64 - n)
		m.offset = uint32(offset)
		m.magic = numbers[s]
		// Carry-Rippler enumeration of every subset of the mask.
		for sub := Bitboard(0); ; {
			attackTable[offset+int((uint64(sub)*m.magic)>>m.shift)] = slowSlide(s, sub, dirs)
			sub = (sub - m.mask) & m.mask
			if sub == 0 {
				break
			}
		}
		offset += 1 << n
	}
	return offset
}

// init fills the attack tables from the magic numbers found once, when
// magics_table.go was generated (searching for them at every start cost
// hundreds of milliseconds of every command's start-up; filling costs
// about a millisecond). TestMagicsTable checks that the search still finds
// exactly these numbers and TestMagicsExhaustive every entry.
func init() {
	n := fillMagics(0, &rookMagics, &rookMagicNumbers, rookDirs)
	fillMagics(n, &bishopMagics, &bishopMagicNumbers, bishopDirs)
	for s := Square(0); s < 64; s++ {
		rookRays[s] = slowSlide(s, 0, rookDirs)
		bishopRays[s] = slowSlide(s, 0, bishopDirs)
	}
}

// RookRays returns the squares a rook on s attacks on an empty board: a
// cheap filter before the occupancy-dependent lookup.
func RookRays(s Square) Bitboard { return rookRays[s&63] }

// BishopRays returns the squares a bishop on s attacks on an empty board.
func BishopRays(s Square) Bitboard { return bishopRays[s&63] }

// RookAttacks returns the squares a rook on s attacks given the occupied squares.
func RookAttacks(s Square, occ Bitboard) Bitboard {
	m := &rookMagics[s&63]
	return attackTable[m.offset+uint32((uint64(occ&m.mask)*m.magic)>>m.shift)]
}

// BishopAttacks returns the squares a bishop on s attacks given the occupied squares.
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	m := &bishopMagics[s&63]
	return attackTable[m.offset+uint32((uint64(occ&m.mask)*m.magic)>>m.shift)]
}

// QueenAttacks returns the union of rook and bishop attacks from s.
func QueenAttacks(s Square, occ Bitboard) Bitboard {
	return RookAttacks(s, occ) | BishopAttacks(s, occ)
}

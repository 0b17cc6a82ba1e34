package bitboard

import "testing"

// TestSlidingAttacksMatchRays compares the magic tables with ray walking
// for every square over many random occupancies (fixed seed).
func TestSlidingAttacksMatchRays(t *testing.T) {
	rng := SplitMix64(1)
	for s := Square(0); s < 64; s++ {
		for i := 0; i < 2000; i++ {
			occ := Bitboard(rng.Next() & rng.Next())
			if i%2 == 1 {
				occ = Bitboard(rng.Next())
			}
			if RookAttacks(s, occ)&^RookRays(s) != 0 || BishopAttacks(s, occ)&^BishopRays(s) != 0 {
				t.Fatalf("attacks from %v leave the empty-board rays", s)
			}
			if got, want := RookAttacks(s, occ), slowSlide(s, occ, rookDirs); got != want {
				t.Fatalf("rook %v occ %#x: got %#x want %#x", s, occ, got, want)
			}
			if got, want := BishopAttacks(s, occ), slowSlide(s, occ, bishopDirs); got != want {
				t.Fatalf("bishop %v occ %#x: got %#x want %#x", s, occ, got, want)
			}
		}
	}
}

// TestLeaperCounts checks the table sizes known for each piece (exhaustive over squares).
func TestLeaperCounts(t *testing.T) {
	knight, king, pawn := 0, 0, 0
	for s := Square(0); s < 64; s++ {
		knight += KnightAttacks(s).Count()
		king += KingAttacks(s).Count()
		pawn += PawnAttacks(0, s).Count() + PawnAttacks(1, s).Count()
		for c := 0; c < 2; c++ {
			for x := PawnAttacks(c, s); x != 0; {
				if !PawnAttacks(1-c, x.PopLSB()).Has(s) {
					t.Fatalf("pawn attacks not symmetric at %v", s)
				}
			}
		}
	}
	// 336 knight moves, 420 king moves; pawns: 2 per square minus edges, both colours.
	if r, b := RookRays(27).Count(), BishopRays(27).Count(); r != 14 || b != 13 {
		t.Fatalf("rays from d4: rook %d bishop %d", r, b)
	}
	if knight != 336 || king != 420 || pawn != 2*(6*14+2*7) {
		t.Fatalf("knight %d king %d pawn %d", knight, king, pawn)
	}
}

// TestBetweenLine checks Between and Line against the slow slider for every pair.
func TestBetweenLine(t *testing.T) {
	for a := Square(0); a < 64; a++ {
		for b := Square(0); b < 64; b++ {
			q := QueenAttacks(a, 0)
			if a == b || !q.Has(b) {
				if Between(a, b) != 0 || Line(a, b) != 0 {
					t.Fatalf("%v %v: expected empty", a, b)
				}
				continue
			}
			// The slider rays from a and b that see each other meet exactly
			// on the line; off the line they cross in at most a and b.
			shared := BishopAttacks(a, 0) & BishopAttacks(b, 0)
			if RookAttacks(a, 0).Has(b) {
				shared = RookAttacks(a, 0) & RookAttacks(b, 0)
			}
			l := shared | a.Bit() | b.Bit()
			if Line(a, b) != l || Line(b, a) != l {
				t.Fatalf("line %v %v = %#x, want %#x", a, b, Line(a, b), l)
			}
			if want := QueenAttacks(a, b.Bit()) & QueenAttacks(b, a.Bit()) & l; Between(a, b) != want {
				t.Fatalf("between %v %v = %#x, want %#x", a, b, Between(a, b), want)
			}
		}
	}
}

func TestSquareString(t *testing.T) {
	if NewSquare(4, 3).String() != "e4" || Square(63).String() != "h8" || NoSquare.String() != "-" {
		t.Fatal("square names")
	}
}

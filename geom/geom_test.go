package geom

import (
	"errors"
	"testing"
)

// allSizes is every board shape the package supports.
func allSizes() []Size {
	var out []Size
	for w := 1; w <= MaxSide; w++ {
		for h := 1; h <= MaxSide; h++ {
			out = append(out, Size{W: w, H: h})
		}
	}
	return out
}

// Lemma offset_roundtrip, exhaustively: every square of every size, every
// delta in −15..15.
func TestOffsetRoundtrip(t *testing.T) {
	checked := 0
	for _, s := range allSizes() {
		for _, p := range s.Squares() {
			for df := -15; df <= 15; df++ {
				for dr := -15; dr <= 15; dr++ {
					q, ok := s.Offset(p, df, dr)
					if !ok {
						if q != p {
							t.Fatalf("%v: failed Offset(%v,%d,%d) moved the square to %v", s, p, df, dr, q)
						}
						continue
					}
					if !s.Contains(q) {
						t.Fatalf("%v: Offset(%v,%d,%d)=%v is off the board", s, p, df, dr, q)
					}
					back, ok := s.Offset(q, -df, -dr)
					if !ok || back != p {
						t.Fatalf("%v: Offset(%v,%d,%d)=%v but back gives %v,%v", s, p, df, dr, q, back, ok)
					}
					checked++
				}
			}
		}
	}
	t.Logf("%d on-board offsets checked", checked)
}

// Lemma all_squares_enumerated: no duplicates, every on-board square, and
// the order agrees with Index.
func TestAllSquaresEnumerated(t *testing.T) {
	for _, s := range allSizes() {
		sqs := s.Squares()
		if len(sqs) != s.W*s.H {
			t.Fatalf("%v: %d squares, want %d", s, len(sqs), s.W*s.H)
		}
		seen := map[Square]bool{}
		for i, sq := range sqs {
			if seen[sq] {
				t.Fatalf("%v: %v listed twice", s, sq)
			}
			seen[sq] = true
			if !s.Contains(sq) || s.Index(sq) != i || s.At(i) != sq {
				t.Fatalf("%v: square %d is %v (index %d)", s, i, sq, s.Index(sq))
			}
		}
		for f := -1; f <= s.W; f++ {
			for r := -1; r <= s.H; r++ {
				sq := Square{f, r}
				if s.Contains(sq) != seen[sq] {
					t.Fatalf("%v: %v contained=%v listed=%v", s, sq, s.Contains(sq), seen[sq])
				}
			}
		}
	}
}

func TestNameRoundtrip(t *testing.T) {
	for _, s := range allSizes() {
		for _, sq := range s.Squares() {
			got, err := s.Parse(sq.String())
			if err != nil || got != sq {
				t.Fatalf("%v: Parse(%q) = %v, %v", s, sq.String(), got, err)
			}
		}
	}
}

func TestParseRejects(t *testing.T) {
	tests := []struct {
		size Size
		name string
	}{
		{Chess, ""},
		{Chess, "e"},
		{Chess, "e9"},
		{Chess, "i1"},
		{Chess, "e0"},
		{Chess, "e01"},
		{Chess, "E4"},
		{Chess, "e+4"},
		{Chess, "e-1"},
		{Chess, "4e"},
		{Chess, "e4x"},
		{Size{10, 8}, "k1"},
		{Size{16, 16}, "a17"},
		{Size{16, 16}, "q1"},
		{Size{16, 16}, "a100"},
	}
	for _, tt := range tests {
		if sq, err := tt.size.Parse(tt.name); !errors.Is(err, ErrSquareName) {
			t.Errorf("%v: Parse(%q) = %v, %v; want ErrSquareName", tt.size, tt.name, sq, err)
		}
	}
}

func TestCode(t *testing.T) {
	tests := []struct {
		name string
		code int
	}{{"a1", 11}, {"e2", 52}, {"h8", 88}, {"c7", 37}}
	for _, tt := range tests {
		sq, _ := Chess.Parse(tt.name)
		if got := Code(sq); got != tt.code {
			t.Errorf("Code(%s) = %d, want %d", tt.name, got, tt.code)
		}
	}
	// Injective and invertible on every board with H ≤ 9, W ≤ 9.
	for _, s := range allSizes() {
		if s.H > 9 {
			if _, ok := s.FromCode(11); ok {
				t.Fatalf("%v: FromCode must refuse boards taller than 9", s)
			}
			continue
		}
		seen := map[int]bool{}
		for _, sq := range s.Squares() {
			c := Code(sq)
			if seen[c] {
				t.Fatalf("%v: code %d used twice", s, c)
			}
			seen[c] = true
			if back, ok := s.FromCode(c); !ok || back != sq {
				t.Fatalf("%v: FromCode(%d) = %v, %v; want %v", s, c, back, ok, sq)
			}
		}
	}
	// Why the bound matters: on a 10-rank board a10 and b0 would share 20.
	if Code(Square{0, 9}) != 20 {
		t.Fatalf("a10 should code to 20 (the collision the docs warn about)")
	}
}

func TestColor(t *testing.T) {
	for _, s := range allSizes() {
		for _, sq := range s.Squares() {
			for _, d := range [][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}} {
				if n, ok := s.Offset(sq, d[0], d[1]); ok && n.Color() == sq.Color() {
					t.Fatalf("%v and %v are neighbours of one colour", sq, n)
				}
			}
		}
	}
	a1, _ := Chess.Parse("a1")
	h1, _ := Chess.Parse("h1")
	if a1.Color() != Dark || h1.Color() != Light {
		t.Fatalf("a1 must be dark and h1 light")
	}
}

func TestSizeCheck(t *testing.T) {
	for _, s := range []Size{{0, 8}, {8, 0}, {17, 8}, {8, 17}, {-1, -1}} {
		if err := s.Check(); !errors.Is(err, ErrSize) {
			t.Errorf("%v: Check() = %v, want ErrSize", s, err)
		}
	}
	for _, s := range allSizes() {
		if err := s.Check(); err != nil {
			t.Errorf("%v: %v", s, err)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, seed := range []string{"a1", "h8", "p16", "e0", "k1", "", "zz9", "a-1", "b+2"} {
		f.Add(8, 8, seed)
	}
	f.Fuzz(func(t *testing.T, w, h int, name string) {
		s := Size{W: w, H: h}
		if !s.Valid() {
			return
		}
		sq, err := s.Parse(name)
		if err != nil {
			if !errors.Is(err, ErrSquareName) {
				t.Fatalf("Parse(%q) error %v does not wrap ErrSquareName", name, err)
			}
			return
		}
		if !s.Contains(sq) || sq.String() != name {
			t.Fatalf("Parse(%q) = %v, which prints as %q", name, sq, sq.String())
		}
	})
}

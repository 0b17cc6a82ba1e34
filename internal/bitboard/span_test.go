package bitboard

import "testing"

func TestForwardSpan(t *testing.T) {
	sq := func(name string) Square { return NewSquare(int(name[0]-'a'), int(name[1]-'1')) }
	set := func(names ...string) Bitboard {
		var b Bitboard
		for _, n := range names {
			b |= sq(n).Bit()
		}
		return b
	}
	for _, c := range []struct {
		side int
		from string
		want Bitboard
	}{
		{0, "e6", set("d7", "e7", "f7", "d8", "e8", "f8")},
		{1, "a3", set("a2", "b2", "a1", "b1")},
		{0, "h8", 0},
		{1, "h2", set("g1", "h1")},
	} {
		if got := ForwardSpan(c.side, sq(c.from)); got != c.want {
			t.Errorf("ForwardSpan(%d, %s) = %#x, want %#x", c.side, c.from, uint64(got), uint64(c.want))
		}
	}
}

package chess

import "testing"

// TestZobristIncremental: over random games (fixed seeds), the key Play
// maintains equals the key computed from scratch, and Unplay restores the
// whole position, key included.
func TestZobristIncremental(t *testing.T) {
	positions := 0
	randomGames(t, 20, 200, func(p *Position, m Move) {
		positions++
		if got, want := p.Key(), p.computeKey(); got != want {
			t.Fatalf("%s: incremental key %#x, from scratch %#x", p.FEN(CastlingShredder), got, want)
		}
		if m == 0 {
			return
		}
		before := *p
		u := p.Play(m)
		if got, want := p.Key(), p.computeKey(); got != want {
			t.Fatalf("%s after %v: incremental key %#x, from scratch %#x", before.FEN(CastlingShredder), m, got, want)
		}
		p.Unplay(m, u)
		if *p != before {
			t.Fatalf("%s: Play/Unplay %v gives %s", before.FEN(CastlingShredder), m, p.FEN(CastlingShredder))
		}
	})
	t.Logf("%d positions checked", positions)
}

// TestZobristTransposition: the same position reached by different move
// orders has the same key; rights and side to move change it.
func TestZobristTransposition(t *testing.T) {
	play := func(p Position, moves ...string) Position {
		for _, s := range moves {
			m, err := p.ParseUCI(s)
			if err != nil {
				t.Fatal(err)
			}
			p.Play(m)
		}
		return p
	}
	a := play(Startpos(), "g1f3", "g8f6", "b1c3", "b8c6")
	b := play(Startpos(), "b1c3", "b8c6", "g1f3", "g8f6")
	if a.Key() != b.Key() {
		t.Error("transposition has a different key")
	}
	start := Startpos()
	c := play(start, "g1f3", "g8f6", "f3g1", "f6g8")
	if c.Key() != start.Key() {
		t.Error("knights out and back: key differs from the start")
	}
	d := play(Startpos(), "e2e4", "e7e5", "e1e2", "e8e7", "e2e1", "e7e8")
	if d.Key() == start.Key() {
		t.Error("lost castling rights do not change the key")
	}
	// A double push with no enemy pawn able to capture sets no ep square.
	e := play(Startpos(), "e2e4")
	if e.EnPassant() != NoSquare {
		t.Errorf("ep square %v without a capturer", e.EnPassant())
	}
}

package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/baten-chess/baten/shatranj"
)

// TestSEE: static exchange values worked out by hand (chessValue: pawn
// 100, knight 320, bishop 330, rook 500, queen 900), x-rays included.
func TestSEE(t *testing.T) {
	tests := []struct {
		fen, move string
		want      int
	}{
		{"1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 100},           // pawn, undefended
		{"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", -220}, // N takes P, B/Q behind
		{"4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5", -800},                      // queen takes a guarded pawn
		{"4k3/8/8/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5", 100},                         // unguarded
		{"4k3/8/4p3/3n4/8/4N3/8/4K3 w - - 0 1", "e3d5", 0},                         // knight for knight
		{"3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100},                       // doubled rooks win the pawn
		{"4k3/8/8/2p5/8/8/2N5/4K3 w - - 0 1", "c2d4", -320},                        // a quiet move onto a square a pawn guards
		{"4k3/8/8/2p5/8/8/2N5/4K3 w - - 0 1", "c2e3", 0},                           // … onto a safe one
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", 0},                            // castling
	}
	for _, tt := range tests {
		var g chessGame
		if err := resetFEN(&g, Chess, tt.fen); err != nil {
			t.Fatal(err)
		}
		m, err := g.pos.ParseUCI(tt.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := see(&g.pos, m); got != tt.want {
			t.Errorf("%q %s: see %d, want %d", tt.fen, tt.move, got, tt.want)
		}
	}
}

// TestShatranjSEE: shatranj exchange values worked out by hand
// (shatranj.EvalValue: Baidaq 100, Alfil 205, Ferz 260, Faras 490, Rukh
// 795): leaps, promotion, a Rukh behind a Rukh, the Shah's guarded
// square, and a capture that bares the enemy Shah.
func TestShatranjSEE(t *testing.T) {
	tests := []struct {
		fen, move string
		want      int
	}{
		{"4k3/8/8/3p3p/8/8/3R4/4K3 w - - 0 1", "d2d5", 100},      // undefended
		{"4k3/8/2p5/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5", -695},    // a Rukh for a guarded Baidaq
		{"3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100},     // the second Rukh wins it
		{"3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", -695},  // two against two
		{"4k3/8/4f3/3p4/8/1A6/8/4K3 w - - 0 1", "b3d5", -105},    // the Alfil leaps, the Ferz retakes
		{"8/8/4k3/3p3p/2P5/1A6/8/4K3 w - - 0 1", "c4d5", 100},    // the Shah may not retake on a guarded square
		{"8/8/4k3/3p3p/2P5/8/8/4K3 w - - 0 1", "c4d5", 0},        // … and does on an unguarded one
		{"k7/3P4/8/7p/8/8/8/4K3 w - - 0 1", "d7d8", 160},         // a Baidaq becomes a Ferz
		{"8/3Pk3/8/7p/8/8/8/4K3 w - - 0 1", "d7d8", -100},        // … that the Shah takes
		{"4k3/8/8/8/3p4/8/8/1N2K3 w - - 0 1", "b1c3", -490},      // a quiet move onto a guarded square
		{"4k3/8/8/8/3p4/8/8/1N2K3 w - - 0 1", "b1a3", 0},         // … onto a safe one
		{"4k3/8/8/3r4/8/8/3R4/4K3 w - - 0 1", "d2d5", bareValue}, // the last man: the Shah is bared
	}
	for _, tt := range tests {
		var g shatranjGame
		if err := resetFEN(&g, Shatranj, tt.fen); err != nil {
			t.Fatalf("%q: %v", tt.fen, err)
		}
		m, err := shatranj.ParseMove(g.cur(), tt.move)
		if err != nil {
			t.Fatalf("%q %s: %v", tt.fen, tt.move, err)
		}
		if got := g.Exchange(m); got != tt.want {
			t.Errorf("%q %s: shatranjSEE %d, want %d", tt.fen, tt.move, got, tt.want)
		}
	}
}

// TestPieceTo: the continuation history's index of every legal move
// along random shatranj games is in range and tells moves apart exactly
// by the man moved and its destination.
func TestPieceTo(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 9))
	kinds := map[int]string{} // the man of each code
	check := func(fen string, n int, pt func(i int) int, piece func(i int) string, to func(i int) int) {
		for i := range n {
			v := pt(i)
			if v < 0 || v >= PieceToSize {
				t.Fatalf("%s: PieceTo %d out of range", fen, v)
			}
			if v&63 != to(i) {
				t.Fatalf("%s: PieceTo %d, destination %d", fen, v, to(i))
			}
			if k, ok := kinds[v>>6]; ok && k != piece(i) {
				t.Fatalf("%s: %s and %s share the code %d", fen, k, piece(i), v>>6)
			}
			kinds[v>>6] = piece(i)
		}
		seen := map[string]int{}
		for code, k := range kinds {
			if c, ok := seen[k]; ok {
				t.Fatalf("%s: %s has the codes %d and %d", fen, k, c, code)
			}
			seen[k] = code
		}
	}
	for range 20 {
		var s shatranjGame
		if err := resetFEN(&s, Shatranj, shatranj.StartFEN); err != nil {
			t.Fatal(err)
		}
		for range 80 {
			ms := s.Moves(nil)
			if len(ms) == 0 {
				break
			}
			p := s.cur()
			check(p.FEN(), len(ms), func(i int) int { return s.PieceTo(ms[i]) },
				func(i int) string { return p.PieceAt(ms[i].From()).String() },
				func(i int) int { return int(ms[i].To()) })
			s.Make(ms[rng.IntN(len(ms))])
		}
	}
}

// TestCaptureHistory: a capture that caused cut-offs is ordered before
// another of the same MVV-LVA value tried before it, however often; a
// capture of a more valuable man stays first.
func TestCaptureHistory(t *testing.T) {
	var g shatranjGame
	// The Rukhs on a1 and h1 can each take a Faras (a5, h5); the Faras on
	// e6 can take the Rukh on d8.
	if err := resetFEN(&g, Shatranj, "3r2k1/8/4N3/n6n/8/8/8/R5KR w - - 0 1"); err != nil {
		t.Fatal(err)
	}
	s := NewSearcher[shatranj.Move](&g, 1)
	find := func(uci string) shatranj.Move {
		for _, m := range g.Moves(nil) {
			if m.String() == uci {
				return m
			}
		}
		t.Fatalf("no move %s", uci)
		return 0
	}
	a, h, d := find("a1a5"), find("h1h5"), find("e6d8")
	if x, y := s.captureScore(a), s.captureScore(h); x != y {
		t.Fatalf("before any cut-off: Rxa5 %d, Rxh5 %d, want equal", x, y)
	}
	for range 200 {
		s.updateCaptures([]shatranj.Move{a, d}, h, 10)
	}
	if x, y := s.captureScore(h), s.captureScore(a); x <= y {
		t.Errorf("Rxh5 caused the cut-offs: %d, not above Rxa5: %d", x, y)
	}
	if x, y := s.captureScore(d), s.captureScore(h); x <= y {
		t.Errorf("Fxd8 takes a Rukh: %d, not above Rxh5 (a Faras): %d", x, y)
	}
	if v := s.capHist[g.PieceTo(h)]; v <= 0 || v > contMax {
		t.Errorf("the rewarded entry is %d, want in (0, %d]", v, contMax)
	}
}

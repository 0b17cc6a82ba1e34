package shatranj

import "testing"

// TestMansubat solves the "checked" problems of shared/data/shatranj/
// mansubat.md whose solutions are all checks, with the lengths and first
// moves Fairy-Stockfish found.
func TestMansubat(t *testing.T) {
	cases := []struct {
		name, fen, first string
		moves            int
	}{
		{"al-Adli mate in 5", "6k1/5R2/7R/4N1Q1/8/1qn5/r2r4/2K5 w - - 0 1", "Rg6+", 5},
		{"Dilaram's mate in 6, not 5", "1r4k1/8/5PP1/8/K1n3NR/7B/1r6/7R w - - 0 1", "Rh8+", 6},
		{"Dilaram's Legacy mate in 8", "rnb1kbnr/p2ppppp/1pp5/4NN2/2Q5/2K1B3/8/8 w - - 0 1", "Nxg7+", 8},
	}
	for _, c := range cases {
		if testing.Short() && c.moves > 6 {
			continue
		}
		p := mustPos(t, c.fen)
		n, m, ok := SolveCheckingMate(&p, c.moves)
		if !ok || n != c.moves || SAN(&p, m) != c.first {
			t.Errorf("%s: %d %v %v, want %s in %d", c.name, n, m, ok, c.first, c.moves)
		}
	}
}

// TestTabiyat checks that each opening array reads, keeps all 16 men a
// side with the initial material (30), and is a game in progress.
func TestTabiyat(t *testing.T) {
	for _, tb := range Tabiyat {
		p := mustPos(t, tb.FEN)
		for c := White; c <= Black; c++ {
			if p.ByColor(c).Count() != 16 || p.Material(c) != 30 || p.Pieces(c, Baidaq).Count() != 8 {
				t.Errorf("%s: %v has %d men, material %d", tb.Name, c, p.ByColor(c).Count(), p.Material(c))
			}
		}
		if _, over := p.Outcome(); over || !p.HasMoves() {
			t.Errorf("%s: the game is over", tb.Name)
		}
	}
}

package shatranj

import (
	"math/rand/v2"
	"testing"
)

// TestMaterialBounds computes the true bound of a side's material by
// enumerating every composition a side can have (at most 2 Rukhs, 2
// Farasan, 2 Alfils, 8 Baidaqs, 1 Ferz plus one per promoted Baidaq), checks
// it is MaxMaterial = 38 (not the spec's 31), then checks 0 ≤ Material ≤ 38
// and |Evaluate| ≤ EvalBound with antisymmetry over random games and over a
// position with nine Ferzes a side.
func TestMaterialBounds(t *testing.T) {
	best := 0
	for r := 0; r <= 2; r++ {
		for n := 0; n <= 2; n++ {
			for a := 0; a <= 2; a++ {
				for f := 0; f <= 1; f++ {
					for pawns := 0; pawns <= 8; pawns++ {
						for promoted := 0; promoted <= 8-pawns; promoted++ {
							m := 5*r + 3*n + 2*a + 2*(f+promoted) + pawns
							best = max(best, m)
						}
					}
				}
			}
		}
	}
	if best != MaxMaterial {
		t.Errorf("true bound %d, MaxMaterial %d", best, MaxMaterial)
	}
	if s := StartPosition(); s.Material(White) != 30 || s.Material(Black) != 30 {
		t.Errorf("initial material %d/%d, want 30", s.Material(White), s.Material(Black))
	}
	check := func(p *Position) {
		for c := White; c <= Black; c++ {
			if m := p.Material(c); m < 0 || m > MaxMaterial {
				t.Fatalf("%s: material %d", p.FEN(), m)
			}
		}
		e := Evaluate(p, White)
		if e != -Evaluate(p, Black) || e > EvalBound || e < -EvalBound {
			t.Fatalf("%s: evaluate %d / %d, bound %d", p.FEN(), e, Evaluate(p, Black), EvalBound)
		}
	}
	randomWalk(t, 200, check)
	p := mustPos(t, "rnaffanr/fffffffk/8/8/8/8/FFFFFFFK/RNAFFANR w - - 0 1")
	if p.Material(White) != MaxMaterial || p.Material(Black) != MaxMaterial {
		t.Errorf("nine ferzes: %d", p.Material(White))
	}
	check(&p)
	q := mustPos(t, "7k/8/8/8/8/8/FFFFFFFK/RNAFFANR w - - 0 1")
	check(&q)
	if Evaluate(&q, White) < 3000 {
		t.Errorf("lopsided position evaluates %d", Evaluate(&q, White))
	}
}

func TestEvaluateAllocs(t *testing.T) {
	p := StartPosition()
	if n := testing.AllocsPerRun(100, func() { _ = Evaluate(&p, White) }); n != 0 {
		t.Errorf("Evaluate allocates %v times", n)
	}
	if e := Evaluate(&p, White); e != 0 {
		t.Errorf("start position evaluates %d, want 0 by symmetry", e)
	}
}

// TestEvalBoundExtremes checks |Evaluate| ≤ EvalBound and Material ≤
// MaxMaterial on the most lopsided positions NewPosition accepts: the
// largest army (nine Ferzes, two Rukhs, Farasan and Alfils: 38) against a
// bare Shah, for either colour and either side to move, and on placements
// of that army moved piece by piece towards the largest evaluation (a
// hill climb).
func TestEvalBoundExtremes(t *testing.T) {
	check := func(p *Position) int {
		t.Helper()
		for c := White; c <= Black; c++ {
			if m := p.Material(c); m < 0 || m > MaxMaterial {
				t.Fatalf("%s: material %d, bound %d", p.FEN(), m, MaxMaterial)
			}
		}
		e := Evaluate(p, White)
		if e != -Evaluate(p, Black) || e > EvalBound || e < -EvalBound {
			t.Fatalf("%s: evaluate %d / %d, bound %d", p.FEN(), e, Evaluate(p, Black), EvalBound)
		}
		return e
	}
	for _, fen := range []string{
		"7k/8/8/8/8/8/FFFFFFFF/RNAFKANR w - - 0 1",
		"7k/8/8/8/8/8/FFFFFFFF/RNAFKANR b - - 0 1",
		"rnafkanr/ffffffff/8/8/8/8/8/7K w - - 0 1",
		"rnafkanr/ffffffff/8/8/8/8/8/7K b - - 0 1",
		"7R/5FF1/2FFN3/2FKA3/2FAF3/4N3/3k1F2/R4F2 w - - 0 1", // the hill climb's best with the historical values
		"r4f2/3K1f2/4n3/2faf3/2fka3/2ffn3/5ff1/7r b - - 0 1", // mirrored
	} {
		p := mustPos(t, fen)
		e := check(&p)
		if m := max(p.Material(White), p.Material(Black)); m != MaxMaterial {
			t.Errorf("%s: material %d, want %d", fen, m, MaxMaterial)
		}
		if e < 3800 && e > -3800 {
			t.Errorf("%s: evaluates %d, want the material's 3800 at least", fen, e)
		}
	}
	rng := rand.New(rand.NewPCG(9, 4))
	evaluate := func(s Setup) (int, bool) {
		p, err := NewPosition(s)
		if err != nil {
			return 0, false
		}
		return check(&p), true
	}
	best, bestFEN := 0, ""
	for range 30 {
		if e, s, ok := climb(rng, "KRRNNAAFFFFFFFFF", "K", 1500, evaluate); ok && e > best {
			p, _ := NewPosition(s)
			best, bestFEN = e, p.FEN()
		}
	}
	t.Logf("largest evaluation found %d (%s), bound %d", best, bestFEN, EvalBound)
}

// TestEvaluateMirrored: a position and its colour mirror (ranks
// reversed, colours swapped, the other side to move) evaluate the same
// for the side to move, over random games: every term counts Black's men
// on mirrored squares as White's.
func TestEvaluateMirrored(t *testing.T) {
	randomWalk(t, 50, func(p *Position) {
		s := p.Setup()
		var m Setup
		for sq, pc := range s.Board {
			if pc != NoPiece {
				m.Board[sq^56] = MakePiece(pc.Color()^1, pc.Type())
			}
		}
		m.Turn, m.Halfmove, m.Fullmove = s.Turn^1, s.Halfmove, s.Fullmove
		q, err := NewPosition(m)
		if err != nil {
			t.Fatalf("%s: mirror: %v", p.FEN(), err)
		}
		if a, b := Evaluate(p, p.Turn()), Evaluate(&q, q.Turn()); a != b {
			t.Fatalf("%s evaluates %d, its mirror %s %d", p.FEN(), a, q.FEN(), b)
		}
	})
}

// BenchmarkEvaluate evaluates the positions of the first 40 plies of 25
// random games.
func BenchmarkEvaluate(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	var positions []Position
	for range 25 {
		p := StartPosition()
		for range 40 {
			var ml MoveList
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			positions = append(positions, p)
			p = p.Play(ml.At(rng.IntN(ml.Len())))
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		for i := range positions {
			Evaluate(&positions[i], White)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(positions)), "ns/eval")
}

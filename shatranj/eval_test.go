package shatranj

import "testing"

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

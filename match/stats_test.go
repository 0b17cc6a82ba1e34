package match

import (
	"math"
	"testing"
)

// The reference values below come from testdata/reference.py, which
// computes the interval with the textbook formulas and the GSPRT by
// maximising the trinomial likelihood directly (a golden-section search
// over the loss probability), not by the secular equation LLR solves.
// (10, 16, 14) is also worked by hand in docs/match.md: score 0.45,
// Elo -34.86, interval -122.25 to +48.27.

func TestEloInterval(t *testing.T) {
	tests := []struct {
		s              Stats
		elo, low, high float64
	}{
		{Stats{Wins: 10, Draws: 16, Losses: 14}, -34.860070, -122.253684, 48.267032},
		{Stats{Wins: 60, Draws: 30, Losses: 10}, 190.848502, 134.357270, 258.447341},
	}
	for _, tt := range tests {
		elo, lo, hi := tt.s.Elo()
		for _, c := range []struct{ got, want float64 }{{elo, tt.elo}, {lo, tt.low}, {hi, tt.high}} {
			if math.Abs(c.got-c.want) > 1e-4 {
				t.Errorf("%+v: Elo() = %.6f, %.6f, %.6f; want %.6f, %.6f, %.6f", tt.s, elo, lo, hi, tt.elo, tt.low, tt.high)
				break
			}
		}
	}
}

func TestEloEdges(t *testing.T) {
	if elo, _, _ := (Stats{}).Elo(); !math.IsNaN(elo) {
		t.Errorf("no games: Elo %v, want NaN", elo)
	}
	// Every game the same result: no variance, so no bound either way
	// (before, all draws gave the zero-width interval 0 to 0).
	for _, c := range []struct {
		s   Stats
		elo float64
	}{{Stats{Wins: 3}, math.Inf(1)}, {Stats{Draws: 7}, 0}, {Stats{Losses: 2}, math.Inf(-1)}, {Stats{Draws: 1}, 0}} {
		if elo, lo, hi := c.s.Elo(); elo != c.elo || !math.IsInf(lo, -1) || !math.IsInf(hi, 1) {
			t.Errorf("%+v: Elo %v (%v, %v), want %v (-Inf, +Inf)", c.s, elo, lo, hi, c.elo)
		}
	}
	// An interval that reaches a score of 1 is bounded below only.
	if elo, lo, hi := (Stats{Wins: 3, Draws: 1}).Elo(); math.Abs(elo-338.04) > 0.01 || math.Abs(lo-117.42) > 0.01 || !math.IsInf(hi, 1) {
		t.Errorf("+3 =1: Elo %v (%v, %v), want 338.04 (117.42, +Inf)", elo, lo, hi)
	}
	// 1/(1+10^(-1/4)) worked by hand: 10^-0.25 = 0.562341, so 0.640065.
	if s := ScoreFromElo(100); math.Abs(s-0.640065) > 1e-6 {
		t.Errorf("ScoreFromElo(100) = %v, want 0.640065", s)
	}
	if e := EloFromScore(ScoreFromElo(-250)); math.Abs(e+250) > 1e-9 {
		t.Errorf("EloFromScore(ScoreFromElo(-250)) = %v", e)
	}
}

func TestLOS(t *testing.T) {
	// 0.5·(1+erf(4/√(2·24))) = 0.5·(1+erf(0.577350)), erf(0.577350) = 0.585784
	// (Python math.erf): LOS 0.792892.
	if got := (Stats{Wins: 14, Draws: 9, Losses: 10}).LOS(); math.Abs(got-0.792892) > 1e-6 {
		t.Errorf("LOS = %v, want 0.792892", got)
	}
	if got := (Stats{Draws: 9}).LOS(); got != 0.5 {
		t.Errorf("LOS without decisive games = %v, want 0.5", got)
	}
}

func TestSPRTLLR(t *testing.T) {
	tests := []struct {
		s          Stats
		elo0, elo1 float64
		want       float64
	}{
		{Stats{Wins: 10, Draws: 16, Losses: 14}, 0, 10, -0.219101},
		{Stats{Wins: 120, Draws: 200, Losses: 80}, 0, 10, 1.976166},
		{Stats{Wins: 60, Draws: 30, Losses: 10}, -5, 5, 2.055824},
		{Stats{Wins: 5}, 0, 5, 0.071438},
		{Stats{Draws: 3, Losses: 7}, -10, 0, -0.283627},
	}
	for _, tt := range tests {
		got := SPRT{Elo0: tt.elo0, Elo1: tt.elo1, Alpha: 0.05, Beta: 0.05}.LLR(tt.s)
		if math.Abs(got-tt.want) > 1e-4 {
			t.Errorf("LLR(%+v, [%v, %v]) = %.6f, want %.6f", tt.s, tt.elo0, tt.elo1, got, tt.want)
		}
	}
	if got := (SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}).LLR(Stats{}); got != 0 {
		t.Errorf("LLR without games = %v", got)
	}
}

func TestSPRTBounds(t *testing.T) {
	// Fishtest's familiar ±2.94 for alpha = beta = 0.05: ln(19) = 2.944439.
	lo, hi := SPRT{Alpha: 0.05, Beta: 0.05}.Bounds()
	if math.Abs(lo+2.944439) > 1e-6 || math.Abs(hi-2.944439) > 1e-6 {
		t.Errorf("bounds %v, %v; want ∓2.944439", lo, hi)
	}
	tt := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	for _, c := range []struct {
		llr  float64
		want Verdict
	}{{-3, AcceptH0}, {0, Continue}, {2.9, Continue}, {3, AcceptH1}} {
		if got := tt.Decide(c.llr); got != c.want {
			t.Errorf("Decide(%v) = %v, want %v", c.llr, got, c.want)
		}
	}
}

func TestParseSPRT(t *testing.T) {
	tests := []struct {
		in      string
		want    SPRT
		wantErr bool
	}{
		{"0,5", SPRT{0, 5, 0.05, 0.05}, false},
		{" -3 , 1.5 ,0.1,0.2", SPRT{-3, 1.5, 0.1, 0.2}, false},
		{"5,0", SPRT{}, true},
		{"0,5,1,0.05", SPRT{}, true},
		{"0,5,0.05", SPRT{}, true},
		{"0,NaN", SPRT{}, true},
		{"0,x", SPRT{}, true},
		{"0,5000", SPRT{}, true},
		{"", SPRT{}, true},
	}
	for _, tt := range tests {
		got, err := ParseSPRT(tt.in)
		if (err != nil) != tt.wantErr || err == nil && got != tt.want {
			t.Errorf("ParseSPRT(%q) = %+v, %v; want %+v, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
}

func FuzzParseSPRT(f *testing.F) {
	for _, s := range []string{"0,5", "-1.75,0.25,0.05,0.05", "5,0", "1e308,1e309", ",,,"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sp, err := ParseSPRT(s)
		if err != nil {
			return
		}
		if sp.Validate() != nil {
			t.Fatalf("ParseSPRT(%q) accepted an invalid test %+v", s, sp)
		}
		lo, hi := sp.Bounds()
		llr := sp.LLR(Stats{Wins: 3, Draws: 2, Losses: 1})
		if math.IsNaN(lo) || math.IsNaN(hi) || math.IsNaN(llr) {
			t.Fatalf("ParseSPRT(%q): NaN bounds or LLR", s)
		}
	})
}

func TestStatsString(t *testing.T) {
	tests := []struct {
		s    Stats
		want string
	}{
		{Stats{Wins: 10, Draws: 16, Losses: 14}, "+10 =16 -14  score 45.0% of 40  Elo -34.9 ±85.3 (95%: -122.3 to 48.3)  LOS 20.7%"},
		{Stats{Wins: 1, Draws: 1, Losses: 1}, "+1 =1 -1  score 50.0% of 3  Elo +0.0 ±561.2 (95%: -561.2 to 561.2)  LOS 50.0%"},
		// The degenerate cases: no bound, or one only.
		{Stats{}, "no games"},
		{Stats{Wins: 1}, "+1 =0 -0  score 100.0% of 1  Elo +Inf (95%: not yet bounded: one game)  LOS 84.1%"},
		{Stats{Draws: 1}, "+0 =1 -0  score 50.0% of 1  Elo +0.0 (95%: not yet bounded: one game)  LOS 50.0%"},
		{Stats{Losses: 1}, "+0 =0 -1  score 0.0% of 1  Elo -Inf (95%: not yet bounded: one game)  LOS 15.9%"},
		{Stats{Wins: 5}, "+5 =0 -0  score 100.0% of 5  Elo +Inf (95%: not yet bounded: every game won)  LOS 98.7%"},
		{Stats{Losses: 4}, "+0 =0 -4  score 0.0% of 4  Elo -Inf (95%: not yet bounded: every game lost)  LOS 2.3%"},
		{Stats{Draws: 2}, "+0 =2 -0  score 50.0% of 2  Elo +0.0 (95%: not yet bounded: every game drawn)  LOS 50.0%"},
		{Stats{Wins: 1, Losses: 1}, "+1 =0 -1  score 50.0% of 2  Elo +0.0 (95%: not yet bounded: too few games)  LOS 50.0%"},
		{Stats{Wins: 3, Draws: 1}, "+3 =1 -0  score 87.5% of 4  Elo +338.0 (95%: 117.4 to +Inf)  LOS 95.8%"},
		{Stats{Draws: 1, Losses: 3}, "+0 =1 -3  score 12.5% of 4  Elo -338.0 (95%: -Inf to -117.4)  LOS 4.2%"},
	}
	for _, tt := range tests {
		if got := tt.s.String(); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.s, got, tt.want)
		}
	}
}

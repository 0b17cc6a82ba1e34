package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Stats are the results of a match from the first engine's point of view.
type Stats struct {
	Wins, Draws, Losses int
}

// Games returns the number of games counted.
func (s Stats) Games() int { return s.Wins + s.Draws + s.Losses }

// Score returns the first engine's mean score per game (a win 1, a draw
// ½), or NaN without games.
func (s Stats) Score() float64 {
	n := s.Games()
	if n == 0 {
		return math.NaN()
	}
	return (float64(s.Wins) + float64(s.Draws)/2) / float64(n)
}

// EloFromScore converts an expected score into a logistic Elo difference:
// 400·log10(score/(1-score)). It is ±Inf at scores 0 and 1.
func EloFromScore(score float64) float64 {
	return 400 * math.Log10(score/(1-score))
}

// ScoreFromElo is the expected score of the logistic model at an Elo
// difference: 1/(1+10^(-elo/400)).
func ScoreFromElo(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// z975 is the 97.5% quantile of the standard normal distribution: a
// two-sided 95% interval is ±z975 standard errors.
const z975 = 1.959963984540054

// Variance returns the per-game variance of the score: the trinomial
// variance (w(1-s)² + d(½-s)² + l(0-s)²) with the observed frequencies.
func (s Stats) Variance() float64 {
	n := float64(s.Games())
	mu := s.Score()
	w, d, l := float64(s.Wins)/n, float64(s.Draws)/n, float64(s.Losses)/n
	return w*(1-mu)*(1-mu) + d*(0.5-mu)*(0.5-mu) + l*mu*mu
}

// Elo returns the Elo difference the score implies and the bounds of its
// 95% confidence interval: the score's interval (±1.96 standard errors of
// the mean, trinomial variance) mapped through EloFromScore. A bound is
// ±Inf where the score interval reaches 0 or 1. When every game had the
// same result (one game, or all won, drawn or lost) the variance is 0 and
// says nothing about the spread: the bounds are -Inf and +Inf, not the
// zero-width interval the formula gives. All three are NaN without games.
func (s Stats) Elo() (elo, lower, upper float64) {
	n := float64(s.Games())
	if n == 0 {
		return math.NaN(), math.NaN(), math.NaN()
	}
	mu := s.Score()
	if s.sameResult() {
		return EloFromScore(mu), math.Inf(-1), math.Inf(1)
	}
	dev := z975 * math.Sqrt(s.Variance()/n)
	clamp := func(x float64) float64 { return math.Min(1, math.Max(0, x)) }
	return EloFromScore(mu), EloFromScore(clamp(mu - dev)), EloFromScore(clamp(mu + dev))
}

// LOS returns the likelihood of superiority: the probability that the
// first engine is the stronger, 0.5·(1 + erf((W-L)/√(2(W+L)))), from the
// decisive games alone. It is 0.5 without decisive games.
func (s Stats) LOS() float64 {
	decisive := float64(s.Wins + s.Losses)
	if decisive == 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf(float64(s.Wins-s.Losses)/math.Sqrt(2*decisive)))
}

// sameResult reports whether every game (at least one) had the same result.
func (s Stats) sameResult() bool {
	n := s.Games()
	return n > 0 && (s.Wins == n || s.Draws == n || s.Losses == n)
}

// String is the summary line: "+12 =30 -8  score 56.0% of 50  Elo +41.9
// ±… (95%: … to …)  LOS 96.1%"; "±" is half the interval's width. An
// interval with one infinite bound is given without "±" ("95%: 117.4 to
// +Inf"); one with none is "not yet bounded", saying why: one game, every
// game won, drawn or lost, or too few games.
func (s Stats) String() string {
	n := s.Games()
	if n == 0 {
		return "no games"
	}
	elo, lo, hi := s.Elo()
	var interval string
	switch {
	case n == 1:
		interval = "(95%: not yet bounded: one game)"
	case s.Wins == n:
		interval = "(95%: not yet bounded: every game won)"
	case s.Draws == n:
		interval = "(95%: not yet bounded: every game drawn)"
	case s.Losses == n:
		interval = "(95%: not yet bounded: every game lost)"
	case math.IsInf(lo, 0) && math.IsInf(hi, 0):
		interval = "(95%: not yet bounded: too few games)"
	case math.IsInf(lo, 0) || math.IsInf(hi, 0):
		interval = fmt.Sprintf("(95%%: %.1f to %.1f)", lo, hi)
	default:
		interval = fmt.Sprintf("±%.1f (95%%: %.1f to %.1f)", (hi-lo)/2, lo, hi)
	}
	return fmt.Sprintf("+%d =%d -%d  score %.1f%% of %d  Elo %+.1f %s  LOS %.1f%%",
		s.Wins, s.Draws, s.Losses, 100*s.Score(), n, elo, interval, 100*s.LOS())
}

// SPRT is a sequential probability ratio test of H0: Elo = Elo0 against
// H1: Elo = Elo1 (logistic Elo), with error rates Alpha (accepting H1 when
// H0 holds) and Beta.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// Validate reports a test that cannot decide: error rates outside (0, 1)
// or Elo0 not below Elo1.
func (t SPRT) Validate() error {
	switch {
	case !(t.Alpha > 0 && t.Alpha < 1 && t.Beta > 0 && t.Beta < 1):
		return fmt.Errorf("sprt: alpha %v and beta %v must lie strictly between 0 and 1", t.Alpha, t.Beta)
	case !(t.Elo0 < t.Elo1):
		return fmt.Errorf("sprt: elo0 %v must be below elo1 %v", t.Elo0, t.Elo1)
	}
	return nil
}

// Bounds returns the LLR bounds: H0 is accepted at or below lower =
// ln(β/(1-α)), H1 at or above upper = ln((1-β)/α) (Wald).
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// Verdict says where a test stands.
type Verdict int

// The verdicts.
const (
	Continue Verdict = iota // neither bound reached
	AcceptH0                // LLR at or below the lower bound
	AcceptH1                // LLR at or above the upper bound
)

// String returns "continue", "H0 accepted" or "H1 accepted".
func (v Verdict) String() string {
	switch v {
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return "continue"
}

// Decide returns the verdict at the given LLR.
func (t SPRT) Decide(llr float64) Verdict {
	lower, upper := t.Bounds()
	switch {
	case llr <= lower:
		return AcceptH0
	case llr >= upper:
		return AcceptH1
	}
	return Continue
}

// LLR returns the generalized log-likelihood ratio of the results, as
// fishtest's LLR_logistic computes it for a trinomial (L, D, W): counts
// of 0 are replaced by 1e-3 (fishtest's regularization); the empirical
// distribution of game scores {0, ½, 1} is projected, by maximum
// likelihood, onto the distributions with mean s0 and with mean s1 (the
// scores of Elo0 and Elo1); the LLR is N times the mean of the log ratio
// of the two projections. It is 0 without games.
func (t SPRT) LLR(s Stats) float64 {
	if s.Games() == 0 {
		return 0
	}
	counts := [3]float64{float64(s.Losses), float64(s.Draws), float64(s.Wins)}
	n := 0.0
	for i, c := range counts {
		if c == 0 {
			counts[i] = 1e-3
		}
		n += counts[i]
	}
	values := [3]float64{0, 0.5, 1}
	var probs [3]float64
	for i := range counts {
		probs[i] = counts[i] / n
	}
	s0, s1 := ScoreFromElo(t.Elo0), ScoreFromElo(t.Elo1)
	p0 := mleExpected(values, probs, s0)
	p1 := mleExpected(values, probs, s1)
	llr := 0.0
	for i := range probs {
		llr += probs[i] * (math.Log(p1[i]) - math.Log(p0[i]))
	}
	return n * llr
}

// mleExpected returns the distribution on values with mean s closest in
// likelihood to probs: p_i/(1 + x(a_i - s)), where x is the root of the
// secular equation Σ p_i(a_i - s)/(1 + x(a_i - s)) = 0 on the interval
// where every denominator stays positive (found by bisection; the
// function decreases there). s must lie strictly between the smallest and
// largest value.
func mleExpected(values, probs [3]float64, s float64) [3]float64 {
	var a [3]float64
	lowA, highA := math.Inf(1), math.Inf(-1)
	for i, v := range values {
		a[i] = v - s
		lowA, highA = math.Min(lowA, a[i]), math.Max(highA, a[i])
	}
	f := func(x float64) float64 {
		sum := 0.0
		for i := range a {
			sum += probs[i] * a[i] / (1 + x*a[i])
		}
		return sum
	}
	const eps = 1e-9
	lo, hi := -1/highA+eps, -1/lowA-eps
	for range 200 {
		mid := (lo + hi) / 2
		if v := f(mid); v > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	x := (lo + hi) / 2
	var out [3]float64
	for i := range a {
		out[i] = probs[i] / (1 + x*a[i])
	}
	return out
}

// ParseSPRT reads "ELO0,ELO1" or "ELO0,ELO1,ALPHA,BETA" (alpha and beta
// default to 0.05), the test fishtest writes as "[0, 5]".
func ParseSPRT(text string) (SPRT, error) {
	parts := strings.Split(text, ",")
	if len(parts) != 2 && len(parts) != 4 {
		return SPRT{}, fmt.Errorf("sprt %q: want elo0,elo1 or elo0,elo1,alpha,beta", text)
	}
	nums := []float64{0, 0, 0.05, 0.05}
	for i, p := range parts {
		x, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return SPRT{}, fmt.Errorf("sprt %q: %q is not a number", text, p)
		}
		nums[i] = x
	}
	t := SPRT{Elo0: nums[0], Elo1: nums[1], Alpha: nums[2], Beta: nums[3]}
	if math.Abs(t.Elo0) > 1000 || math.Abs(t.Elo1) > 1000 {
		return SPRT{}, fmt.Errorf("sprt %q: Elo bounds beyond ±1000", text)
	}
	return t, t.Validate()
}

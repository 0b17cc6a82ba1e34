package shatranj

import bb "github.com/baten-chess/baten/internal/bitboard"

// PieceValue is the material value of each piece type, in Baidaqs:
// Rukh 5, Faras 3, Alfil 2, Ferz 2, Baidaq 1; the Shah has none.
var PieceValue = [7]int{Baidaq: 1, Faras: 3, Alfil: 2, Rukh: 5, Ferz: 2}

// MaxMaterial is the largest material a side can have: two Rukhs, two
// Farasan, two Alfils and nine Ferzes (its own and eight promoted
// Baidaqs), 10+6+4+18 = 38. The often-quoted bound 0 ≤ material ≤ 31
// ignores promotion (and the initial array is worth 30): every promotion
// turns a Baidaq (1) into a Ferz (2), so a side's material can only grow,
// by one per promotion, from 30 to 38. NewPosition rejects any setup with
// more men of a kind than that (see NewPosition), so the bound holds for
// every Position.
const MaxMaterial = 38

// Material returns the material of colour c (see PieceValue).
func (p *Position) Material(c Color) int {
	own := p.byColor[c&1]
	m := 0
	for t := Baidaq; t < Shah; t++ {
		m += PieceValue[t] * (p.byType[t] & own).Count()
	}
	return m
}

// EvalValue is the value of each piece type in exchanges, in hundredths
// of a Baidaq (the engine's quiescence leaves out captures that lose
// material by it): Fairy-Stockfish's values for these movers (its
// types.h: Baidaq 126/208, Ferz 420/450, Alfil 350/330, Faras 781/854,
// Rukh 1276/1380, middlegame/endgame), both phases added and scaled to a
// Baidaq of 100. The historical PieceValue rates the Ferz and the Alfil
// far too high against the Faras and the Rukh.
var EvalValue = [7]int{Baidaq: 100, Faras: 490, Alfil: 205, Rukh: 795, Ferz: 260}

// Evaluate is a static evaluation of p from c's point of view, in
// hundredths of a Baidaq: a linear sum of terms (evalTerms), each with a
// middlegame and an endgame weight (evaltables.go), tapered by the men on
// the board (evalPhase). The weights are fitted by least squares to
// Fairy-Stockfish's scores, from a search to depth 8, of quiet positions
// from played games (evalfit_test.go says how). It is antisymmetric,
// Evaluate(p, White) = -Evaluate(p, Black), and bounded:
// |Evaluate(p, c)| ≤ EvalBound. It does not look at the outcome; see
// Position.Outcome.
func Evaluate(p *Position, c Color) int {
	var t [2]evalTerms
	p.countTerms(&t)
	var mid, end int
	for k := range t {
		m, e := t[k].score()
		if k == int(Black) {
			m, e = -m, -e
		}
		mid += m
		end += e
	}
	phase := p.evalPhase()
	s := (mid*phase + end*(evalPhaseMax-phase)) / evalPhaseMax
	if c&1 == Black {
		return -s
	}
	return s
}

// evalPhaseMax is the phase of the initial array, and of any position
// with more men (promoted Ferzes).
const evalPhaseMax = 30

// evalPhase is the middlegame's share of the evaluation, 0 (Baidaqs and
// Shahs only) to evalPhaseMax: 4 a Rukh, 2 a Faras, 1 an Alfil or a Ferz.
func (p *Position) evalPhase() int {
	return min(evalPhaseMax, 4*p.byType[Rukh].Count()+2*p.byType[Faras].Count()+
		p.byType[Alfil].Count()+p.byType[Ferz].Count())
}

// The scalar terms of evalTerms.terms.
const (
	termDoubled  = iota // a Baidaq with another of its side on its file
	termIsolated        // a Baidaq without one of its side on the files beside
	termShelter         // an own man next to the Shah
	termDanger          // a square next to the Shah the enemy attacks
	termOpen            // a Rukh on a file without Baidaqs
	termHalfOpen        // a Rukh on a file with only enemy Baidaqs
	termThreat          // a man (not a Baidaq) an enemy Baidaq attacks
	evalNTerms
)

// evalAttackCap caps the enemy's weight² on the Shah's zone.
const evalAttackCap = 400

// evalTerms is what Evaluate counts for one side, squares seen from that
// side (Black's mirrored to White's).
type evalTerms struct {
	pst    int64  // the men's piece-square values, middlegame and endgame packed (see evalPSTPacked)
	mob    [7]int // squares the men of a type attack, not own and not attacked by an enemy Baidaq
	passed [8]int // passed Baidaqs by rank
	terms  [evalNTerms]int
	// attack is the enemy's weight² on the Shah and its neighbours, at
	// most evalAttackCap, when two men or more reach them: for each square
	// of the zone a man attacks, 3 a Rukh, 2 a Faras, 1 an Alfil or a Ferz.
	attack int
}

// evalPSTPacked holds both piece-square tables in one, a man's
// middlegame value times 2³² plus its endgame value, so that a side's
// men are summed with one lookup each; every sum stays far inside 32
// bits a half.
var evalPSTPacked = func() (t [7][64]int64) {
	for ty := range t {
		for s := range t[ty] {
			t[ty][s] = int64(evalPSTMid[ty][s])<<32 + int64(evalPSTEnd[ty][s])
		}
	}
	return t
}()

// score is the terms' middlegame and endgame value.
func (t *evalTerms) score() (mid, end int) {
	end = int(int32(t.pst))
	mid = int((t.pst - int64(end)) >> 32)
	for ty := Faras; ty <= Ferz; ty++ {
		n := t.mob[ty]
		mid += int(evalMobMid[ty]) * n
		end += int(evalMobEnd[ty]) * n
	}
	for r := 1; r <= 6; r++ { // the tables hold 0 for ranks 0 and 7
		n := t.passed[r]
		mid += int(evalPassedMid[r]) * n
		end += int(evalPassedEnd[r]) * n
	}
	for i, n := range t.terms {
		mid += int(evalTermsMid[i]) * n
		end += int(evalTermsEnd[i]) * n
	}
	mid += int(evalAttackMid) * t.attack / 16 // in sixteenths
	end += int(evalAttackEnd) * t.attack / 16
	return mid, end
}

// countTerms counts the terms of both sides.
func (p *Position) countTerms(t *[2]evalTerms) {
	occ := p.Occupied()
	var pawnAtt, attacked [2]Bitboard
	for c := White; c <= Black; c++ {
		pawnAtt[c] = pawnSet(c, p.byType[Baidaq]&p.byColor[c])
	}
	for c := White; c <= Black; c++ {
		attacked[c] = p.sideTerms(c, occ, &pawnAtt, t)
	}
	for c := White; c <= Black; c++ {
		t[c].terms[termDanger] = (bb.KingAttacks(p.Shah(c)) & attacked[c^1]).Count()
	}
}

// sideTerms counts colour c's terms but the danger to its Shah, and c's
// weight on the enemy Shah's zone (the enemy's attack term); it returns
// the squares c attacks. Each man's attacks are computed once, for all
// the terms that read them.
func (p *Position) sideTerms(c Color, occ Bitboard, pawnAtt *[2]Bitboard, t *[2]evalTerms) Bitboard {
	o := c ^ 1
	own := p.byColor[c]
	flip := Square(0)
	if c == Black {
		flip = 56
	}
	pawns, theirPawns := p.byType[Baidaq]&own, p.byType[Baidaq]&p.byColor[o]
	safe := ^own &^ pawnAtt[o]
	shah := p.Shah(c)
	attacked := pawnAtt[c] | bb.KingAttacks(shah)
	theirZone := bb.KingAttacks(p.Shah(o)) | p.Shah(o).Bit()
	attackers, weight := 0, 0
	tc := &t[c]
	for ty := Baidaq; ty <= Shah; ty++ {
		for b := p.byType[ty] & own; b != 0; {
			s := b.PopLSB()
			tc.pst += evalPSTPacked[ty][s^flip]
			var a Bitboard
			unit := 1 // the man's weight on the enemy Shah's zone, a square
			switch ty {
			case Faras:
				a, unit = bb.KnightAttacks(s), 2
			case Alfil:
				a = alfilSet(s.Bit())
			case Ferz:
				a = ferzSet(s.Bit())
			case Rukh:
				a, unit = bb.RookAttacks(s, occ), 3
				if f := bb.FileMask(s.File()); f&pawns == 0 {
					if f&theirPawns == 0 {
						tc.terms[termOpen]++
					} else {
						tc.terms[termHalfOpen]++
					}
				}
			default: // Baidaq, Shah
				continue
			}
			attacked |= a
			tc.mob[ty] += (a & safe).Count()
			if pawnAtt[o].Has(s) {
				tc.terms[termThreat]++
			}
			if n := (a & theirZone).Count(); n > 0 {
				attackers++
				weight += unit * n
			}
		}
	}
	for b := pawns; b != 0; {
		s := b.PopLSB()
		file := bb.FileMask(s.File())
		if (file & pawns).MoreThanOne() {
			tc.terms[termDoubled]++
		}
		var beside Bitboard
		if s.File() > 0 {
			beside |= bb.FileMask(s.File() - 1)
		}
		if s.File() < 7 {
			beside |= bb.FileMask(s.File() + 1)
		}
		if beside&pawns == 0 {
			tc.terms[termIsolated]++
		}
		if span := bb.ForwardSpan(int(c), s); span&theirPawns == 0 && span&file&pawns == 0 {
			tc.passed[(s^flip).Rank()]++
		}
	}
	tc.terms[termShelter] = (bb.KingAttacks(shah) & own).Count()
	if attackers >= 2 {
		t[o].attack = min(weight*weight, evalAttackCap)
	}
	return attacked
}

// EvalBound bounds |Evaluate(p, c)| for every position p: sixteen men a
// side, each on the square its type values most, every count at its
// largest (fourteen squares for each man's mobility, sixteen for each
// scalar term), for both sides.
var EvalBound = evalBound()

func evalBound() int {
	side := 0
	for _, tables := range [2]struct {
		pst    *[7][64]int16
		mob    *[7]int16
		passed *[8]int16
		terms  *[evalNTerms]int16
		attack int16
	}{
		{&evalPSTMid, &evalMobMid, &evalPassedMid, &evalTermsMid, evalAttackMid},
		{&evalPSTEnd, &evalMobEnd, &evalPassedEnd, &evalTermsEnd, evalAttackEnd},
	} {
		most := 0
		for _, row := range tables.pst {
			for _, v := range row {
				most = max(most, absInt(int(v)))
			}
		}
		b := 16 * most
		for _, v := range tables.mob {
			b += 16 * 14 * absInt(int(v))
		}
		for _, v := range tables.passed {
			b += 8 * absInt(int(v))
		}
		for _, v := range tables.terms {
			b += 16 * absInt(int(v))
		}
		b += evalAttackCap * absInt(int(tables.attack)) / 16
		side = max(side, b)
	}
	return 2 * side
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

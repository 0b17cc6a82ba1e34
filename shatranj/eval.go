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

// EvalValue is the value of each piece type in Evaluate, in hundredths of
// a Baidaq: Fairy-Stockfish's values for these movers (its types.h:
// Baidaq 126/208, Ferz 420/450, Alfil 350/330, Faras 781/854, Rukh
// 1276/1380, middlegame/endgame), both phases added and scaled to a
// Baidaq of 100. The historical PieceValue rates the Ferz and the Alfil
// far too high against the Faras and the Rukh; a match at equal nodes
// measured the gain (BENCHMARKS.md, "Search changes").
var EvalValue = [7]int{Baidaq: 100, Faras: 490, Alfil: 205, Rukh: 795, Ferz: 260}

// maxEvalMaterial is MaxMaterial's army (two Rukhs, Farasan and Alfils and
// nine Ferzes) valued by EvalValue: no army is worth more, as a Ferz is
// worth more than the Baidaq it was.
const maxEvalMaterial = 2*795 + 2*490 + 2*205 + 9*260

// Evaluation weights, in hundredths of a Baidaq.
const (
	evalMobility = 9 // per square attacked
	evalAdvance  = 4 // per rank a Baidaq has advanced beyond its start
	evalShelter  = 5 // per own piece next to the Shah
	evalDanger   = 6 // per enemy-attacked square next to the Shah
)

// EvalBound bounds |Evaluate(p, c)| for every position p (every position
// NewPosition accepts or play reaches, whose material is at most
// MaxMaterial a side): the largest material difference (maxEvalMaterial)
// plus the largest value of each positional term (64 attacked squares, 8
// Baidaqs 5 ranks advanced, 8 sheltering neighbours, 8 attacked
// neighbours). The terms cannot all peak at once (eight Baidaqs leave 30
// material, not 38), so the bound is not reached; TestEvalBoundExtremes
// searches the most lopsided positions for the largest value.
const EvalBound = maxEvalMaterial + 64*evalMobility + 8*5*evalAdvance + 8*evalShelter + 8*evalDanger

// Evaluate is a static evaluation of p from c's point of view, in
// hundredths of a Baidaq: material, mobility (squares attacked), Baidaq
// advancement and Shah safety (own pieces next to the Shah, attacked squares
// around it). It is antisymmetric, Evaluate(p, White) = -Evaluate(p,
// Black), and bounded: |Evaluate(p, c)| ≤ EvalBound. It does not look at
// the outcome; see Position.Outcome.
func Evaluate(p *Position, c Color) int {
	s := p.side(White) - p.side(Black)
	if c&1 == Black {
		return -s
	}
	return s
}

// side scores colour c's half of Evaluate.
func (p *Position) side(c Color) int {
	own := p.byColor[c&1]
	score := 0
	for t := Baidaq; t < Shah; t++ {
		score += EvalValue[t] * (p.byType[t] & own).Count()
	}
	occ := p.Occupied()
	score += p.attackedBy(c, occ).Count() * evalMobility
	pawns := p.Pieces(c, Baidaq)
	for b := pawns; b != 0; {
		s := b.PopLSB()
		adv := s.Rank() - 1
		if c == Black {
			adv = 6 - s.Rank()
		}
		score += max(adv, 0) * evalAdvance
	}
	zone := bb.KingAttacks(p.Shah(c))
	score += (zone & p.byColor[c]).Count() * evalShelter
	score -= (zone & p.attackedBy(c^1, occ)).Count() * evalDanger
	return score
}

package engine

import (
	"github.com/baten-chess/baten/chess"
	bb "github.com/baten-chess/baten/internal/bitboard"
)

// The classical chess evaluation (chess, Chess960 and Ban-Chess are
// evaluated by the network of chessnet.go, with this file's mop-up; this
// one scores lone kings, and is the trainer's reference):
// material and piece-square tables, a middlegame and
// an endgame value each, tapered by the material left (the values are
// Ronald Friederich's PeSTO tables, Texel-tuned), a bishop pair bonus,
// mobility, pawn structure (passed pawns, and the kings' distances to
// them in the endgame; doubled and isolated pawns), rooks on open files,
// king safety (a pawn shield, and a king danger from the attacks on the
// king's ring and the checks the enemy can give), threats (men attacked
// by weaker or more men than defend them) and a mop-up term that drives
// a lone king to the edge.

// chessValue is the value of each role for exchanges (SEE, mop-up).
var chessValue = [7]int{chess.Pawn: 100, chess.Knight: 320, chess.Bishop: 330, chess.Rook: 500, chess.Queen: 900}

// phaseWeight is each role's share of the game phase (24 at the start).
var phaseWeight = [7]int{chess.Knight: 1, chess.Bishop: 1, chess.Rook: 2, chess.Queen: 4}

// Middlegame and endgame values of each role.
var (
	valueMid = [7]int{chess.Pawn: 82, chess.Knight: 337, chess.Bishop: 365, chess.Rook: 477, chess.Queen: 1025}
	valueEnd = [7]int{chess.Pawn: 94, chess.Knight: 281, chess.Bishop: 297, chess.Rook: 512, chess.Queen: 936}
)

// Piece-square tables, middlegame and endgame, written as seen by White,
// rank 8 first.
var pstMid = [7][64]int{
	chess.Pawn: {
		0, 0, 0, 0, 0, 0, 0, 0,
		98, 134, 61, 95, 68, 126, 34, -11,
		-6, 7, 26, 31, 65, 56, 25, -20,
		-14, 13, 6, 21, 23, 12, 17, -23,
		-27, -2, -5, 12, 17, 6, 10, -25,
		-26, -4, -4, -10, 3, 3, 33, -12,
		-35, -1, -20, -23, -15, 24, 38, -22,
		0, 0, 0, 0, 0, 0, 0, 0,
	},
	chess.Knight: {
		-167, -89, -34, -49, 61, -97, -15, -107,
		-73, -41, 72, 36, 23, 62, 7, -17,
		-47, 60, 37, 65, 84, 129, 73, 44,
		-9, 17, 19, 53, 37, 69, 18, 22,
		-13, 4, 16, 13, 28, 19, 21, -8,
		-23, -9, 12, 10, 19, 17, 25, -16,
		-29, -53, -12, -3, -1, 18, -14, -19,
		-105, -21, -58, -33, -17, -28, -19, -23,
	},
	chess.Bishop: {
		-29, 4, -82, -37, -25, -42, 7, -8,
		-26, 16, -18, -13, 30, 59, 18, -47,
		-16, 37, 43, 40, 35, 50, 37, -2,
		-4, 5, 19, 50, 37, 37, 7, -2,
		-6, 13, 13, 26, 34, 12, 10, 4,
		0, 15, 15, 15, 14, 27, 18, 10,
		4, 15, 16, 0, 7, 21, 33, 1,
		-33, -3, -14, -21, -13, -12, -39, -21,
	},
	chess.Rook: {
		32, 42, 32, 51, 63, 9, 31, 43,
		27, 32, 58, 62, 80, 67, 26, 44,
		-5, 19, 26, 36, 17, 45, 61, 16,
		-24, -11, 7, 26, 24, 35, -8, -20,
		-36, -26, -12, -1, 9, -7, 6, -23,
		-45, -25, -16, -17, 3, 0, -5, -33,
		-44, -16, -20, -9, -1, 11, -6, -71,
		-19, -13, 1, 17, 16, 7, -37, -26,
	},
	chess.Queen: {
		-28, 0, 29, 12, 59, 44, 43, 45,
		-24, -39, -5, 1, -16, 57, 28, 54,
		-13, -17, 7, 8, 29, 56, 47, 57,
		-27, -27, -16, -16, -1, 17, -2, 1,
		-9, -26, -9, -10, -2, -4, 3, -3,
		-14, 2, -11, -2, -5, 2, 14, 5,
		-35, -8, 11, 2, 8, 15, -3, 1,
		-1, -18, -9, 10, -15, -25, -31, -50,
	},
	chess.King: {
		-65, 23, 16, -15, -56, -34, 2, 13,
		29, -1, -20, -7, -8, -4, -38, -29,
		-9, 24, 2, -16, -20, 6, 22, -22,
		-17, -20, -12, -27, -30, -25, -14, -36,
		-49, -1, -27, -39, -46, -44, -33, -51,
		-14, -14, -22, -46, -44, -30, -15, -27,
		1, 7, -8, -64, -43, -16, 9, 8,
		-15, 36, 12, -54, 8, -28, 24, 14,
	},
}

var pstEnd = [7][64]int{
	chess.Pawn: {
		0, 0, 0, 0, 0, 0, 0, 0,
		178, 173, 158, 134, 147, 132, 165, 187,
		94, 100, 85, 67, 56, 53, 82, 84,
		32, 24, 13, 5, -2, 4, 17, 17,
		13, 9, -3, -7, -7, -8, 3, -1,
		4, 7, -6, 1, 0, -5, -1, -8,
		13, 8, 8, 10, 13, 0, 2, -7,
		0, 0, 0, 0, 0, 0, 0, 0,
	},
	chess.Knight: {
		-58, -38, -13, -28, -31, -27, -63, -99,
		-25, -8, -25, -2, -9, -25, -24, -52,
		-24, -20, 10, 9, -1, -9, -19, -41,
		-17, 3, 22, 22, 22, 11, 8, -18,
		-18, -6, 16, 25, 16, 17, 4, -18,
		-23, -3, -1, 15, 10, -3, -20, -22,
		-42, -20, -10, -5, -2, -20, -23, -44,
		-29, -51, -23, -15, -22, -18, -50, -64,
	},
	chess.Bishop: {
		-14, -21, -11, -8, -7, -9, -17, -24,
		-8, -4, 7, -12, -3, -13, -4, -14,
		2, -8, 0, -1, -2, 6, 0, 4,
		-3, 9, 12, 9, 14, 10, 3, 2,
		-6, 3, 13, 19, 7, 10, -3, -9,
		-12, -3, 8, 10, 13, 3, -7, -15,
		-14, -18, -7, -1, 4, -9, -15, -27,
		-23, -9, -23, -5, -9, -16, -5, -17,
	},
	chess.Rook: {
		13, 10, 18, 15, 12, 12, 8, 5,
		11, 13, 13, 11, -3, 3, 8, 3,
		7, 7, 7, 5, 4, -3, -5, -3,
		4, 3, 13, 1, 2, 1, -1, 2,
		3, 5, 8, 4, -5, -6, -8, -11,
		-4, 0, -5, -1, -7, -12, -8, -16,
		-6, -6, 0, 2, -9, -9, -11, -3,
		-9, 2, 3, -1, -5, -13, 4, -20,
	},
	chess.Queen: {
		-9, 22, 22, 27, 27, 19, 10, 20,
		-17, 20, 32, 41, 58, 25, 30, 0,
		-20, 6, 9, 49, 47, 35, 19, 9,
		3, 22, 24, 45, 57, 40, 57, 36,
		-18, 28, 19, 47, 31, 34, 39, 23,
		-16, -27, 15, 6, 9, 17, 10, 5,
		-22, -23, -30, -16, -16, -23, -36, -32,
		-33, -28, -22, -43, -5, -32, -20, -41,
	},
	chess.King: {
		-74, -35, -18, -18, -11, 15, 4, -17,
		-12, 17, 14, 17, 17, 38, 23, 11,
		10, 17, 23, 15, 20, 45, 44, 13,
		-8, 22, 24, 27, 26, 33, 26, 3,
		-18, -4, 21, 24, 27, 23, 9, -11,
		-19, -3, 11, 21, 23, 16, 7, -9,
		-27, -11, 4, 13, 14, 4, -5, -17,
		-53, -34, -21, -11, -28, -14, -24, -43,
	},
}

// pstIndex maps a square to its table index for colour c.
func pstIndex(c chess.Color, s chess.Square) int {
	if c == chess.White {
		return int(s) ^ 56
	}
	return int(s)
}

// centreDistance is the king's distance from the centre, 0–6.
func centreDistance(f, r int) int {
	df := max(3-f, f-4)
	dr := max(3-r, r-4)
	return df + dr
}

func squareDistance(a, b chess.Square) int {
	return abs(a.File()-b.File()) + abs(a.Rank()-b.Rank())
}

// evalChess scores p for the side to move.
func evalChess(p *chess.Position) int {
	var score, mid, end, material [2]int
	phase := 0
	for c := chess.White; c <= chess.Black; c++ {
		for r := chess.Pawn; r <= chess.King; r++ {
			bb := p.Pieces(c, r)
			n := bb.Count()
			material[c] += n * chessValue[r]
			phase += n * phaseWeight[r]
			mid[c] += n * valueMid[r]
			end[c] += n * valueEnd[r]
			tm, te := &pstMid[r], &pstEnd[r]
			for bb != 0 {
				i := pstIndex(c, bb.PopLSB())
				mid[c] += tm[i]
				end[c] += te[i]
			}
		}
		if p.Pieces(c, chess.Bishop).MoreThanOne() {
			score[c] += 30
		}
	}
	phase = min(phase, 24)
	activity(p, &score, phase)
	w := score[0] - score[1] + ((mid[0]-mid[1])*phase+(end[0]-end[1])*(24-phase))/24
	w += mopUpBy(p, &material)
	if p.Turn() == chess.Black {
		w = -w
	}
	return w + 20 // the move is worth something
}

// mopUp is the mop-up bonus of p from White's side: the side ahead by a
// rook or more, its opponent without pawns, pushes the lone king to the
// edge and brings its own closer.
func mopUp(p *chess.Position) int {
	var material [2]int
	for c := chess.White; c <= chess.Black; c++ {
		for r := chess.Pawn; r <= chess.Queen; r++ {
			material[c] += p.Pieces(c, r).Count() * chessValue[r]
		}
	}
	return mopUpBy(p, &material)
}

// mopUpBy is mopUp given each side's material by chessValue.
func mopUpBy(p *chess.Position, material *[2]int) int {
	w := 0
	for c := chess.White; c <= chess.Black; c++ {
		o := c.Other()
		if material[c]-material[o] >= 400 && p.Pieces(o, chess.Pawn) == 0 {
			ok, mk := p.King(o), p.King(c)
			bonus := 10*centreDistance(ok.File(), ok.Rank()) + 4*(14-squareDistance(ok, mk))
			if c == chess.White {
				w += bonus
			} else {
				w -= bonus
			}
		}
	}
	return w
}

// Weights of the activity terms, in centipawns.
var (
	// mobility per square a piece attacks that holds no own piece and no
	// enemy pawn attacks, counted from a typical number (mobilityBase).
	mobilityWeight = [7]int{chess.Knight: 4, chess.Bishop: 4, chess.Rook: 2, chess.Queen: 1}
	mobilityBase   = [7]int{chess.Knight: 4, chess.Bishop: 6, chess.Rook: 6, chess.Queen: 12}
	// passedBonus by the pawn's rank counted from its own side (1–6),
	// middlegame and endgame.
	passedMid = [8]int{0, 5, 5, 10, 20, 35, 60, 0}
	passedEnd = [8]int{0, 10, 15, 25, 45, 75, 120, 0}
)

// King safety (beside kingDanger): pawnShield per own pawn one or two
// ranks ahead of a king on its first two ranks, on its file or the two
// beside it. pawnThreat goes to the side whose pawn attacks an enemy
// piece.

// shieldRanks[c]: the second and third ranks of colour c.
var shieldRanks = [2]bb.Bitboard{bb.RankMask(1) | bb.RankMask(2), bb.RankMask(6) | bb.RankMask(5)}

const (
	pawnThreat      = 40
	pawnShield      = 12
	doubledPenalty  = 12
	isolatedPenalty = 12
	rookOpenFile    = 20
	rookHalfOpen    = 10
)

// activity adds to score, White's and Black's, mobility, pawn structure,
// rooks on open files, king safety, pawn threats and threats; phase (24
// the opening, 0 a pawn ending) tapers the passed pawn bonus, king safety
// and threats.
func activity(p *chess.Position, score *[2]int, phase int) {
	occ := p.Occupied()
	var att attackMaps
	for c := chess.White; c <= chess.Black; c++ {
		for b := p.Pieces(c, chess.Pawn); b != 0; {
			att.add(c, chess.Pawn, bb.PawnAttacks(int(c), b.PopLSB()))
		}
		att.add(c, chess.King, bb.KingAttacks(p.King(c)))
	}
	kd := newKingAttack(p, &att)
	for c := chess.White; c <= chess.Black; c++ {
		o := c.Other()
		own, pawns, theirPawns := p.ByColor(c), p.Pieces(c, chess.Pawn), p.Pieces(o, chess.Pawn)
		theirPawnAttacks := att.by[o][chess.Pawn]
		safe := ^own &^ theirPawnAttacks
		for r := chess.Knight; r <= chess.Queen; r++ {
			for b := p.Pieces(c, r); b != 0; {
				s := b.PopLSB()
				if theirPawnAttacks.Has(s) {
					score[o] += pawnThreat // a piece a pawn attacks must move
				}
				var a bb.Bitboard
				switch r {
				case chess.Knight:
					a = bb.KnightAttacks(s)
				case chess.Bishop:
					a = bb.BishopAttacks(s, occ)
				case chess.Rook:
					a = bb.RookAttacks(s, occ)
					f := bb.FileMask(s.File())
					if f&pawns == 0 {
						if f&theirPawns == 0 {
							score[c] += rookOpenFile
						} else {
							score[c] += rookHalfOpen
						}
					}
				default:
					a = bb.QueenAttacks(s, occ)
				}
				att.add(c, r, a)
				score[c] += mobilityWeight[r] * ((a & safe).Count() - mobilityBase[r])
				kd.add(c, r, a)
			}
		}
		// The pawn shield of a king on its first two ranks: own pawns on
		// its file and the two beside it, one or two ranks ahead.
		k := p.King(c)
		kr := k.Rank()
		if c == chess.Black {
			kr = 7 - kr
		}
		if kr <= 1 {
			score[c] += pawnShield * (bb.ForwardSpan(int(c), k) & pawns & shieldRanks[c]).Count() * phase / 24
		}
		for b := pawns; b != 0; {
			s := b.PopLSB()
			f := s.File()
			file := bb.FileMask(f)
			if (file & pawns).MoreThanOne() {
				score[c] -= doubledPenalty / 2 // each of the two pays half
			}
			var beside bb.Bitboard
			if f > 0 {
				beside |= bb.FileMask(f - 1)
			}
			if f < 7 {
				beside |= bb.FileMask(f + 1)
			}
			if beside&pawns == 0 {
				score[c] -= isolatedPenalty
			}
			if span := bb.ForwardSpan(int(c), s); span&theirPawns == 0 && span&file&pawns == 0 {
				rank := s.Rank()
				if c == chess.Black {
					rank = 7 - rank
				}
				score[c] += (passedMid[rank]*phase + passedEnd[rank]*(24-phase)) / 24
				if rank >= 3 {
					score[c] += passedKingProximity(p, c, s, rank) * (24 - phase) / 24
				}
			}
		}
	}
	for c := chess.White; c <= chess.Black; c++ {
		mid, end := threats(p, &att, c)
		km, ke := kingDanger(p, &att, &kd, c)
		mid -= km
		end -= ke
		score[c] += (mid*phase + end*(24-phase)) / 24
	}
}

// kingRing is the squares around a king on k, the king kept one square
// from the edges so that a king in the corner has nine too.
func kingRing(k chess.Square) bb.Bitboard {
	s := chess.Square(bb.NewSquare(min(max(k.File(), 1), 6), min(max(k.Rank(), 1), 6)))
	return bb.KingAttacks(s) | s.Bit()
}

// kingAttack is what each side's pieces do against the enemy king's
// ring (kingRing without the squares two of the king's pawns defend):
// how many attack it (pawns counted by the ring's squares they attack),
// their kingAttackWeight summed, and the squares next to the king they
// attack (a square once per piece).
type kingAttack struct {
	ring, next                    [2]bb.Bitboard // by the king's colour
	attackers, weight, nextToKing [2]int         // by the attacker's
}

// newKingAttack returns the kings' rings and the pawns' attacks on them,
// read from att's pawn maps.
func newKingAttack(p *chess.Position, att *attackMaps) kingAttack {
	var kd kingAttack
	for c := chess.White; c <= chess.Black; c++ {
		o := c.Other()
		ring := kingRing(p.King(c))
		kd.attackers[o] = (ring & att.by[o][chess.Pawn]).Count()
		pawns := p.Pieces(c, chess.Pawn)
		var left, right bb.Bitboard // the squares c's pawns attack towards each side
		if c == chess.White {
			left, right = (pawns&^bb.FileA)<<7, (pawns&^bb.FileH)<<9
		} else {
			left, right = (pawns&^bb.FileA)>>9, (pawns&^bb.FileH)>>7
		}
		kd.ring[c] = ring &^ (left & right)
		kd.next[c] = bb.KingAttacks(p.King(c))
	}
	return kd
}

// add counts a piece of colour c and role r that attacks a.
func (kd *kingAttack) add(c chess.Color, r chess.Role, a bb.Bitboard) {
	o := c.Other()
	if a&kd.ring[o] != 0 {
		kd.attackers[c]++
		kd.weight[c] += kingAttackWeight[r]
		kd.nextToKing[c] += (a & kd.next[o]).Count()
	}
}

// Stockfish's classical king danger (its evaluate.cpp: SafeCheck,
// KingAttackWeights, the terms of kingDanger, PawnlessFlank and
// FlankAttacks), in its units; kingDanger converts the result to
// PeSTO's.
var (
	kingAttackWeight = [7]int{chess.Knight: 81, chess.Bishop: 52, chess.Rook: 44, chess.Queen: 10}
	// safeCheck by the checking role, one safe checking square or more.
	safeCheck = [7][2]int{chess.Knight: {792, 1283}, chess.Bishop: {645, 967}, chess.Rook: {1084, 1897}, chess.Queen: {772, 1119}}
	// kingFlank by the king's file: the files of its side of the board.
	kingFlank = [8]bb.Bitboard{
		files(0, 2), files(0, 3), files(0, 3), files(2, 5), files(2, 5), files(4, 7), files(4, 7), files(5, 7),
	}
	// camp is each side's five ranks nearest to it.
	camp = [2]bb.Bitboard{^(bb.RankMask(5) | bb.RankMask(6) | bb.RankMask(7)), ^(bb.RankMask(0) | bb.RankMask(1) | bb.RankMask(2))}
)

// files is the files from to to, both included.
func files(from, to int) bb.Bitboard {
	var b bb.Bitboard
	for f := from; f <= to; f++ {
		b |= bb.FileMask(f)
	}
	return b
}

// kingDanger is the middlegame and endgame penalty of c's king: the
// enemy's attacks on its ring, the safe and unsafe checks it can give,
// weak squares of the ring and attacks on the king's flank. The danger
// costs danger²/16384 in the middlegame, a quarter of Stockfish's
// danger²/4096: at these depths Stockfish's own quadratic lost badly and
// half of it gained less (BENCHMARKS, row 113).
func kingDanger(p *chess.Position, att *attackMaps, kd *kingAttack, c chess.Color) (mid, end int) {
	o := c.Other()
	k := p.King(c)
	weak := att.all[o] &^ att.twice[c] & (^att.all[c] | att.by[c][chess.King] | att.by[c][chess.Queen])
	safe := ^p.ByColor(o) & (^att.all[c] | weak&att.twice[o])
	occ := p.Occupied() ^ p.Pieces(c, chess.Queen)
	straight, diagonal := bb.RookAttacks(k, occ), bb.BishopAttacks(k, occ)
	danger := 0
	var unsafe bb.Bitboard
	rookChecks := straight & att.by[o][chess.Rook] & safe
	if rookChecks != 0 {
		danger += safeCheck[chess.Rook][b2i(rookChecks.MoreThanOne())]
	} else {
		unsafe |= straight & att.by[o][chess.Rook]
	}
	queenChecks := (straight | diagonal) & att.by[o][chess.Queen] & safe &^ att.by[c][chess.Queen] &^ rookChecks
	if queenChecks != 0 {
		danger += safeCheck[chess.Queen][b2i(queenChecks.MoreThanOne())]
	}
	bishopChecks := diagonal & att.by[o][chess.Bishop] & safe &^ queenChecks
	if bishopChecks != 0 {
		danger += safeCheck[chess.Bishop][b2i(bishopChecks.MoreThanOne())]
	} else {
		unsafe |= diagonal & att.by[o][chess.Bishop]
	}
	knightChecks := bb.KnightAttacks(k) & att.by[o][chess.Knight]
	if knightChecks&safe != 0 {
		danger += safeCheck[chess.Knight][b2i((knightChecks & safe).MoreThanOne())]
	} else {
		unsafe |= knightChecks
	}
	flank := kingFlank[k.File()] & camp[c]
	flankAttack := (att.all[o] & flank).Count() + (att.twice[o] & flank).Count()
	danger += kd.attackers[o]*kd.weight[o] + 185*(kd.ring[c]&weak).Count() + 148*unsafe.Count() +
		69*kd.nextToKing[o] + 3*flankAttack*flankAttack/8 - 4*(att.all[c]&flank).Count() + 37
	if p.Pieces(o, chess.Queen) == 0 {
		danger -= 873
	}
	if att.by[c][chess.Knight]&att.by[c][chess.King] != 0 {
		danger -= 100
	}
	if danger > 100 {
		mid += danger * danger / 16384
		end += danger / 16
	}
	if (p.Pieces(c, chess.Pawn)|p.Pieces(o, chess.Pawn))&kingFlank[k.File()] == 0 {
		mid += 17
		end += 95
	}
	mid += 8 * flankAttack
	return mid * 13 / 20, end * 9 / 20
}

// b2i is 1 for true, 0 for false: the index of safeCheck's second column.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// attackMaps are the squares each side attacks, by role (by) and with any
// man (all), and those it attacks twice or more (twice).
type attackMaps struct {
	by         [2][7]bb.Bitboard
	all, twice [2]bb.Bitboard
}

func (a *attackMaps) add(c chess.Color, r chess.Role, b bb.Bitboard) {
	a.twice[c] |= a.all[c] & b
	a.all[c] |= b
	a.by[c][r] |= b
}

// Threats, middlegame and endgame, by the role attacked: Stockfish's
// classical weights (its evaluate.cpp, ThreatByMinor, ThreatByRook,
// ThreatByKing, Hanging, WeakQueenProtection) scaled from its pawn
// (126, 208) to PeSTO's (82, 94), by 13/20 and 9/20.
var (
	threatByMinorMid = [7]int{chess.Pawn: 3, chess.Knight: 36, chess.Bishop: 50, chess.Rook: 58, chess.Queen: 51}
	threatByMinorEnd = [7]int{chess.Pawn: 14, chess.Knight: 19, chess.Bishop: 25, chess.Rook: 54, chess.Queen: 73}
	threatByRookMid  = [7]int{chess.Pawn: 2, chess.Knight: 24, chess.Bishop: 27, chess.Rook: 0, chess.Queen: 38}
	threatByRookEnd  = [7]int{chess.Pawn: 20, chess.Knight: 31, chess.Bishop: 27, chess.Rook: 18, chess.Queen: 19}
)

const (
	threatByKingMid, threatByKingEnd = 16, 40
	hangingMid, hangingEnd           = 45, 16
	weakQueenProtectionMid           = 9
)

// threats is what c gains, middlegame and endgame, from attacking enemy
// men: a minor attacking any man not defended by a pawn or by more
// attackers than c has (weak), or a piece other than a pawn however
// defended; a rook or the king attacking a weak man; weak men that are
// not defended at all, or pieces c attacks twice (hanging); and weak men
// that only the enemy queen defends.
func threats(p *chess.Position, att *attackMaps, c chess.Color) (mid, end int) {
	o := c.Other()
	theirs := p.ByColor(o)
	pieces := theirs &^ p.Pieces(o, chess.Pawn) &^ p.Pieces(o, chess.King)
	strong := att.by[o][chess.Pawn] | (att.twice[o] &^ att.twice[c])
	weak := theirs &^ p.Pieces(o, chess.King) &^ strong & att.all[c]
	for b := (pieces&strong | weak) & (att.by[c][chess.Knight] | att.by[c][chess.Bishop]); b != 0; {
		r := p.PieceAt(b.PopLSB()).Role()
		mid += threatByMinorMid[r]
		end += threatByMinorEnd[r]
	}
	for b := weak & att.by[c][chess.Rook]; b != 0; {
		r := p.PieceAt(b.PopLSB()).Role()
		mid += threatByRookMid[r]
		end += threatByRookEnd[r]
	}
	if weak&att.by[c][chess.King] != 0 {
		mid += threatByKingMid
		end += threatByKingEnd
	}
	n := (weak & (^att.all[o] | pieces&att.twice[c])).Count()
	mid += hangingMid * n
	end += hangingEnd * n
	mid += weakQueenProtectionMid * (weak & att.by[o][chess.Queen]).Count()
	return mid, end
}

// passedKingProximity is the endgame value of the kings' distances to
// the square in front of a passed pawn of colour c on s, rank (from c's
// side) 3 to 6: the farther the enemy king and the nearer its own, the
// better, and more so the further the pawn has run. These are Stockfish's
// classical weights (its evaluate.cpp, "king proximity": 19/4 a square of
// the enemy king's distance, less 2 a square of its own, and below the
// seventh rank less 1 a square of its own king's distance to the square
// after; distances capped at 5, the sum times 5·rank − 13), scaled by
// 9/20 from its endgame pawn (208) to PeSTO's (94).
func passedKingProximity(p *chess.Position, c chess.Color, s chess.Square, rank int) int {
	up := 8
	if c == chess.Black {
		up = -8
	}
	block := chess.Square(int(s) + up)
	w := 5*rank - 13
	v := kingProximity(p.King(c.Other()), block)*19/4 - kingProximity(p.King(c), block)*2
	if rank != 6 {
		v -= kingProximity(p.King(c), chess.Square(int(block)+up))
	}
	return v * w * 9 / 20
}

// kingProximity is the king distance (moves of a king) from k to s, at
// most 5.
func kingProximity(k, s chess.Square) int {
	return min(5, max(abs(k.File()-s.File()), abs(k.Rank()-s.Rank())))
}

// chessOrder is the MVV-LVA value of m in p (0 for a quiet move).
func chessOrder(p *chess.Position, m chess.Move) int {
	if m.IsCastling() {
		return 0
	}
	v := 0
	if m.IsEnPassant() {
		v = 10 * int(chess.Pawn)
	} else if victim := p.PieceAt(m.To()); victim != chess.NoPiece {
		v = 10 * int(victim.Role())
	}
	if pr := m.Promotion(); pr != chess.NoRole {
		if pr != chess.Queen {
			return v // underpromotions are not searched first
		}
		v += 50
	}
	if v == 0 {
		return 0
	}
	return v + 7 - int(p.PieceAt(m.From()).Role())
}

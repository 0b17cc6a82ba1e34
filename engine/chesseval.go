package engine

import (
	"github.com/baten-chess/baten/chess"
	bb "github.com/baten-chess/baten/internal/bitboard"
)

// Chess evaluation: material and piece-square tables (Tomasz Michniewski's
// "simplified evaluation function"), the king's table tapered from the
// middlegame to the endgame by the material left, a bishop pair bonus,
// mobility, pawn structure (passed, doubled and isolated pawns), rooks on
// open files and a mop-up term that drives a lone king to the edge.

var chessValue = [7]int{chess.Pawn: 100, chess.Knight: 320, chess.Bishop: 330, chess.Rook: 500, chess.Queen: 900}

// phaseWeight is each role's share of the game phase (24 at the start).
var phaseWeight = [7]int{chess.Knight: 1, chess.Bishop: 1, chess.Rook: 2, chess.Queen: 4}

// Tables are written as seen by White, rank 8 first.
var pstPawn = [64]int{
	0, 0, 0, 0, 0, 0, 0, 0,
	50, 50, 50, 50, 50, 50, 50, 50,
	10, 10, 20, 30, 30, 20, 10, 10,
	5, 5, 10, 25, 25, 10, 5, 5,
	0, 0, 0, 20, 20, 0, 0, 0,
	5, -5, -10, 0, 0, -10, -5, 5,
	5, 10, 10, -20, -20, 10, 10, 5,
	0, 0, 0, 0, 0, 0, 0, 0,
}

var pstKnight = [64]int{
	-50, -40, -30, -30, -30, -30, -40, -50,
	-40, -20, 0, 0, 0, 0, -20, -40,
	-30, 0, 10, 15, 15, 10, 0, -30,
	-30, 5, 15, 20, 20, 15, 5, -30,
	-30, 0, 15, 20, 20, 15, 0, -30,
	-30, 5, 10, 15, 15, 10, 5, -30,
	-40, -20, 0, 5, 5, 0, -20, -40,
	-50, -40, -30, -30, -30, -30, -40, -50,
}

var pstBishop = [64]int{
	-20, -10, -10, -10, -10, -10, -10, -20,
	-10, 0, 0, 0, 0, 0, 0, -10,
	-10, 0, 5, 10, 10, 5, 0, -10,
	-10, 5, 5, 10, 10, 5, 5, -10,
	-10, 0, 10, 10, 10, 10, 0, -10,
	-10, 10, 10, 10, 10, 10, 10, -10,
	-10, 5, 0, 0, 0, 0, 5, -10,
	-20, -10, -10, -10, -10, -10, -10, -20,
}

var pstRook = [64]int{
	0, 0, 0, 0, 0, 0, 0, 0,
	5, 10, 10, 10, 10, 10, 10, 5,
	-5, 0, 0, 0, 0, 0, 0, -5,
	-5, 0, 0, 0, 0, 0, 0, -5,
	-5, 0, 0, 0, 0, 0, 0, -5,
	-5, 0, 0, 0, 0, 0, 0, -5,
	-5, 0, 0, 0, 0, 0, 0, -5,
	0, 0, 0, 5, 5, 0, 0, 0,
}

var pstQueen = [64]int{
	-20, -10, -10, -5, -5, -10, -10, -20,
	-10, 0, 0, 0, 0, 0, 0, -10,
	-10, 0, 5, 5, 5, 5, 0, -10,
	-5, 0, 5, 5, 5, 5, 0, -5,
	0, 0, 5, 5, 5, 5, 0, -5,
	-10, 5, 5, 5, 5, 5, 0, -10,
	-10, 0, 5, 0, 0, 0, 0, -10,
	-20, -10, -10, -5, -5, -10, -10, -20,
}

var pstKingMid = [64]int{
	-30, -40, -40, -50, -50, -40, -40, -30,
	-30, -40, -40, -50, -50, -40, -40, -30,
	-30, -40, -40, -50, -50, -40, -40, -30,
	-30, -40, -40, -50, -50, -40, -40, -30,
	-20, -30, -30, -40, -40, -30, -30, -20,
	-10, -20, -20, -20, -20, -20, -20, -10,
	20, 20, 0, 0, 0, 0, 20, 20,
	20, 30, 10, 0, 0, 10, 30, 20,
}

var pstKingEnd = [64]int{
	-50, -40, -30, -20, -20, -30, -40, -50,
	-30, -20, -10, 0, 0, -10, -20, -30,
	-30, -10, 20, 30, 30, 20, -10, -30,
	-30, -10, 30, 40, 40, 30, -10, -30,
	-30, -10, 30, 40, 40, 30, -10, -30,
	-30, -10, 20, 30, 30, 20, -10, -30,
	-30, -30, 0, 0, 0, 0, -30, -30,
	-50, -30, -30, -30, -30, -30, -30, -50,
}

var pstChess = [7]*[64]int{chess.Pawn: &pstPawn, chess.Knight: &pstKnight, chess.Bishop: &pstBishop, chess.Rook: &pstRook, chess.Queen: &pstQueen}

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
	var score [2]int
	var material [2]int
	phase := 0
	for c := chess.White; c <= chess.Black; c++ {
		for r := chess.Pawn; r <= chess.Queen; r++ {
			bb := p.Pieces(c, r)
			n := bb.Count()
			material[c] += n * chessValue[r]
			phase += n * phaseWeight[r]
			t := pstChess[r]
			for bb != 0 {
				s := bb.PopLSB()
				score[c] += t[pstIndex(c, s)]
			}
		}
		if p.Pieces(c, chess.Bishop).MoreThanOne() {
			score[c] += 30
		}
	}
	phase = min(phase, 24)
	activity(p, &score, phase)
	var king [2]int
	for c := chess.White; c <= chess.Black; c++ {
		i := pstIndex(c, p.King(c))
		king[c] = (pstKingMid[i]*phase + pstKingEnd[i]*(24-phase)) / 24
	}
	w := score[0] + material[0] + king[0] - score[1] - material[1] - king[1]
	// Mop-up: the side ahead by a rook or more, its opponent without
	// pawns, pushes the lone king to the edge and brings its own closer.
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
	if p.Turn() == chess.Black {
		w = -w
	}
	return w + 10 // the move is worth something
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

// King safety: kingAttackWeight per square of the enemy king's zone (its
// square and neighbours) a piece attacks; with two attackers or more the
// attacking side gains weight²/4, at most kingAttackCap, tapered to
// nothing in the endgame; pawnShield per own pawn one or two ranks ahead
// of a king on its first two ranks, on its file or the two beside it.
// pawnThreat goes to the side whose pawn attacks an enemy piece.
var kingAttackWeight = [7]int{chess.Knight: 2, chess.Bishop: 2, chess.Rook: 3, chess.Queen: 5}

// shieldRanks[c]: the second and third ranks of colour c.
var shieldRanks = [2]bb.Bitboard{bb.RankMask(1) | bb.RankMask(2), bb.RankMask(6) | bb.RankMask(5)}

const (
	kingAttackCap   = 400
	pawnThreat      = 40
	pawnShield      = 12
	doubledPenalty  = 12
	isolatedPenalty = 12
	rookOpenFile    = 20
	rookHalfOpen    = 10
)

// forwardSpan[c][s]: the squares ahead of square s for colour c on its
// file and the two beside it (a pawn there with none of the enemy's in
// the span is passed).
var forwardSpan = func() (t [2][64]bb.Bitboard) {
	for s := bb.Square(0); s < 64; s++ {
		files := bb.FileMask(s.File())
		if s.File() > 0 {
			files |= bb.FileMask(s.File() - 1)
		}
		if s.File() < 7 {
			files |= bb.FileMask(s.File() + 1)
		}
		for r := 0; r < 8; r++ {
			switch {
			case r > s.Rank():
				t[0][s] |= files & bb.RankMask(r)
			case r < s.Rank():
				t[1][s] |= files & bb.RankMask(r)
			}
		}
	}
	return t
}()

// activity adds to score, White's and Black's, mobility, pawn structure,
// rooks on open files, king safety and pawn threats; phase (24 the
// opening, 0 a pawn ending) tapers the passed pawn bonus and king safety.
func activity(p *chess.Position, score *[2]int, phase int) {
	occ := p.Occupied()
	var zone [2]bb.Bitboard // each king's square and its neighbours
	for c := chess.White; c <= chess.Black; c++ {
		k := p.King(c)
		zone[c] = bb.KingAttacks(k) | k.Bit()
	}
	var pawnAttacks [2]bb.Bitboard
	for c := chess.White; c <= chess.Black; c++ {
		for b := p.Pieces(c, chess.Pawn); b != 0; {
			pawnAttacks[c] |= bb.PawnAttacks(int(c), b.PopLSB())
		}
	}
	for c := chess.White; c <= chess.Black; c++ {
		o := c.Other()
		own, pawns, theirPawns := p.ByColor(c), p.Pieces(c, chess.Pawn), p.Pieces(o, chess.Pawn)
		safe := ^own &^ pawnAttacks[o]
		attackers, weight := 0, 0 // on the enemy king's zone
		for r := chess.Knight; r <= chess.Queen; r++ {
			for b := p.Pieces(c, r); b != 0; {
				s := b.PopLSB()
				if pawnAttacks[o].Has(s) {
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
				score[c] += mobilityWeight[r] * ((a & safe).Count() - mobilityBase[r])
				if n := (a & zone[o]).Count(); n > 0 {
					attackers++
					weight += kingAttackWeight[r] * n
				}
			}
		}
		if attackers >= 2 {
			score[c] += min(weight*weight/4, kingAttackCap) * phase / 24
		}
		// The pawn shield of a king on its first two ranks: own pawns on
		// its file and the two beside it, one or two ranks ahead.
		k := p.King(c)
		kr := k.Rank()
		if c == chess.Black {
			kr = 7 - kr
		}
		if kr <= 1 {
			score[c] += pawnShield * (forwardSpan[c][k] & pawns & shieldRanks[c]).Count() * phase / 24
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
			if forwardSpan[c][s]&theirPawns == 0 && forwardSpan[c][s]&file&pawns == 0 {
				rank := s.Rank()
				if c == chess.Black {
					rank = 7 - rank
				}
				score[c] += (passedMid[rank]*phase + passedEnd[rank]*(24-phase)) / 24
			}
		}
	}
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

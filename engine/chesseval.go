package engine

import "github.com/baten-chess/baten/chess"

// Chess evaluation: material and piece-square tables (Tomasz Michniewski's
// "simplified evaluation function"), the king's table tapered from the
// middlegame to the endgame by the material left, a bishop pair bonus and a
// mop-up term that drives a lone king to the edge.

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

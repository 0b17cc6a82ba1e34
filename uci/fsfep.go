package uci

import (
	"strings"

	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/internal/bitboard"
)

// fsfChessEP is chess's FEN with the en passant square Fairy-Stockfish's
// "d" writes where package chess writes "-". Package chess keeps a square
// only where an en passant capture is legal (python-chess's convention,
// which its tests check against published FENs); Fairy-Stockfish keeps it
// wherever a pawn of the side to move attacks it, even a pinned one
// (after 1...c5 with the d5 pawn pinned: c6). The square is found from the
// session's last move, or from the FEN the GUI sent when it sent no moves.
func (s *session) fsfChessEP(c *chess.Position, fen string) string {
	f := strings.Fields(fen)
	if len(f) < 4 || f[3] != "-" {
		return fen
	}
	us := c.Turn()
	attackers := func(ep chess.Square) bool { // a pawn of the side to move attacks ep
		return bitboard.PawnAttacks(int(us.Other()), ep)&c.Pieces(us, chess.Pawn) != 0
	}
	ep := chess.NoSquare
	if n := len(s.posMoves); n > 0 {
		// after a double step: the mover's pawn stands two ranks from where it left
		m := s.posMoves[n-1]
		from, ok1 := chess.ParseSquare(m[:min(2, len(m))])
		to, ok2 := chess.ParseSquare(m[min(2, len(m)):min(4, len(m))])
		pc := c.PieceAt(to)
		if ok1 && ok2 && len(m) == 4 && pc.Role() == chess.Pawn && pc.Color() != us && from.File() == to.File() && (from.Rank()-to.Rank() == 2 || to.Rank()-from.Rank() == 2) {
			ep = (from + to) / 2
		}
	} else if g := strings.Fields(s.posFEN); len(g) >= 4 {
		// as Fairy-Stockfish reads a FEN's square: the enemy pawn just
		// beyond it, it and the square behind it empty
		if sq, ok := chess.ParseSquare(g[3]); ok {
			ahead, behind := sq-8, sq+8 // White to move: Black's pawn stepped from rank 7 to 5
			if us == chess.Black {
				ahead, behind = sq+8, sq-8
			}
			occ := c.Occupied()
			if ahead < 64 && behind < 64 && c.PieceAt(ahead) == chess.MakePiece(us.Other(), chess.Pawn) && !occ.Has(sq) && !occ.Has(behind) {
				ep = sq
			}
		}
	}
	if ep == chess.NoSquare || !attackers(ep) {
		return fen
	}
	f[3] = ep.String()
	return strings.Join(f, " ")
}

package chess

import (
	"fmt"
	"math/rand/v2"

	bb "github.com/baten-chess/baten/internal/bitboard"
)

// knightPairs lists the free-square pairs that hold the knights, by index.
var knightPairs = [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}

// Scharnagl returns the back rank, files a to h, of Chess960 start position
// n (0 ≤ n < 960) in Scharnagl's numbering; 518 is the classic RNBQKBNR.
//
// n%4 places the light-squared bishop on b, d, f or h; (n/4)%4 the
// dark-squared one on a, c, e or g; with m = n/16, the queen goes on the
// (m%6)-th free square, the knights on the pair m/6 of the five left, and
// rook, king, rook on the last three.
func Scharnagl(n int) ([8]Role, error) {
	var rank [8]Role
	if n < 0 || n >= 960 {
		return rank, fmt.Errorf("chess: Scharnagl number %d out of range 0..959", n)
	}
	rank[2*(n%4)+1] = Bishop
	rank[2*(n/4%4)] = Bishop
	m := n / 16
	placeNth(&rank, m%6, Queen)
	pair := knightPairs[m/6]
	placeNth(&rank, pair[1], Knight) // the later one first: indices count free squares
	placeNth(&rank, pair[0], Knight)
	for _, r := range []Role{Rook, King, Rook} {
		placeNth(&rank, 0, r)
	}
	return rank, nil
}

// placeNth puts r on the i-th (from 0) empty file of rank.
func placeNth(rank *[8]Role, i int, r Role) {
	for f := range rank {
		if rank[f] == NoRole {
			if i == 0 {
				rank[f] = r
				return
			}
			i--
		}
	}
}

// ScharnaglNumber returns the Scharnagl number of p when p is a Chess960
// start position (move counters aside), the inverse of Chess960Start.
func ScharnaglNumber(p *Position) (int, bool) {
	var rank [8]Role
	for f := range rank {
		rank[f] = p.board[f].Role()
	}
	n, ok := scharnaglIndex(rank)
	if !ok {
		return 0, false
	}
	start, err := Chess960Start(n)
	if err != nil || start.board != p.board || start.castling != p.castling || start.turn != p.turn || start.ep != p.ep {
		return 0, false
	}
	return n, true
}

// scharnaglIndex inverts Scharnagl: it reads the bishops, then the queen's
// index among the six other squares, then the knights' pair among the five
// left, and checks the result by decoding it again.
func scharnaglIndex(rank [8]Role) (int, bool) {
	light, dark, queen := -1, -1, -1
	var knights [2]int
	nk, i, j := 0, 0, 0 // knights seen; index among non-bishop squares; among the five left
	for f, r := range rank {
		switch {
		case r == Bishop && f%2 == 1:
			light = f / 2
		case r == Bishop:
			dark = f / 2
		case r == Queen:
			queen = i
			i++
		default:
			if r == Knight && nk < 2 {
				knights[nk] = j
				nk++
			}
			i++
			j++
		}
	}
	if light < 0 || dark < 0 || queen < 0 || nk != 2 {
		return 0, false
	}
	for pair, kp := range knightPairs {
		if kp == knights {
			n := light + 4*dark + 16*(queen+6*pair)
			decoded, err := Scharnagl(n)
			return n, err == nil && decoded == rank
		}
	}
	return 0, false
}

// Chess960Start returns Chess960 start position n (Scharnagl numbering),
// with castling rights for both rooks of both sides.
func Chess960Start(n int) (Position, error) {
	rank, err := Scharnagl(n)
	if err != nil {
		return Position{}, err
	}
	s := Setup{Turn: White, EnPassant: NoSquare, Fullmove: 1}
	for f, r := range rank {
		s.Board[bb.NewSquare(f, 0)] = MakePiece(White, r)
		s.Board[bb.NewSquare(f, 1)] = MakePiece(White, Pawn)
		s.Board[bb.NewSquare(f, 6)] = MakePiece(Black, Pawn)
		s.Board[bb.NewSquare(f, 7)] = MakePiece(Black, r)
		if r == Rook {
			s.Castling |= bb.NewSquare(f, 0).Bit() | bb.NewSquare(f, 7).Bit()
		}
	}
	return NewPosition(s)
}

// Chess960Random returns a uniformly chosen Chess960 start position and its
// Scharnagl number, drawing from r (no global random source is used).
func Chess960Random(r *rand.Rand) (Position, int) {
	n := r.IntN(960)
	p, err := Chess960Start(n)
	if err != nil {
		panic("chess: " + err.Error()) // unreachable: n is in range
	}
	return p, n
}

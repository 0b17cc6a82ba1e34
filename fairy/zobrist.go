package fairy

import (
	"math/bits"

	"github.com/baten-chess/baten/rules"
)

// zobrist holds the Zobrist keys of positions (fixed once computed; Key
// combines them from the board on demand).
var zobrist = func() (z struct {
	piece  [256][64]uint64
	castle [2][16]uint64
	ep     [256]uint64
	turn   uint64
	gate   [2][16]uint64
	checks [2][rules.MaxChecks + 1]uint64 // check counting: checks remaining

	castled [3]uint64   // family: move rules: by lastCastle, 0 for none
	wall    [256]uint64 // walling: wall squares
	faced   uint64      // family: palaces: bikjang's end

	hand     [2][maxKinds + 1][64]uint64 // family: drops: by player, kind and count (capped at 63)
	promoted [256]uint64                 // family: drops: promoted marks
}) {
	s := uint64(0x9e3779b97f4a7c15)
	next := func() uint64 { // splitmix64
		s += 0x9e3779b97f4a7c15
		x := s
		x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
		x = (x ^ x>>27) * 0x94d049bb133111eb
		return x ^ x>>31
	}
	for sq := range z.piece {
		for pc := range z.piece[sq] {
			z.piece[sq][pc] = next()
		}
		z.ep[sq] = next()
	}
	for pl := range z.castle {
		for f := range z.castle[pl] {
			z.castle[pl][f] = next()
		}
	}
	z.turn = next()
	for pl := range z.gate {
		for f := range z.gate[pl] {
			z.gate[pl][f] = next()
		}
	}
	for pl := range z.checks { // check counting
		for n := range z.checks[pl] {
			z.checks[pl][n] = next()
		}
	}
	z.castled[1], z.castled[2] = next(), next() // family: move rules
	for sq := range z.wall {                    // walling
		z.wall[sq] = next()
	}
	z.faced = next()         // family: palaces
	for pl := range z.hand { // family: drops
		for k := range z.hand[pl] {
			for n := 1; n < 64; n++ {
				z.hand[pl][k][n] = next()
			}
		}
	}
	for sq := range z.promoted {
		z.promoted[sq] = next()
	}
	return z
}()

// Key is a Zobrist hash of the position: the pieces on their squares, the
// side to move, the castling rights, the open gates, the en passant
// square, the checks each side has left to give (check counting), the
// wall squares (walling) and bikjang's end (a pass answering it). Equal
// positions have equal keys; the move counters are not hashed.
func (p *Position) Key() uint64 {
	var k uint64
	for _, sq := range p.r.squares {
		if pc := p.board[sq]; pc == wallPiece { // walling
			k ^= zobrist.wall[sq]
		} else if pc != 0 {
			k ^= zobrist.piece[sq][pc&63]
		}
	}
	for pl := range p.castle {
		for c := p.castle[pl]; c != 0; c &= c - 1 {
			f := 0
			for c>>f&1 == 0 {
				f++
			}
			k ^= zobrist.castle[pl][f]
		}
	}
	for pl := range p.gates {
		for g := p.gates[pl]; g != 0; g &= g - 1 {
			k ^= zobrist.gate[pl][bits.TrailingZeros16(g)]
		}
	}
	if p.hasEP {
		k ^= zobrist.ep[p.ep]
	}
	if p.hasEP && p.hasEP2 { // en passant squares
		k ^= zobrist.ep[p.ep2]
	}
	if p.r.checks { // check counting
		k ^= zobrist.checks[0][p.checks[0]] ^ zobrist.checks[1][p.checks[1]]
	}
	if p.turn == 1 {
		k ^= zobrist.turn
	}
	k ^= zobrist.castled[p.lastCastle] ^ passKeys[p.passes] // family: move rules: the castling castlingWins looks at, the passes
	if p.r.drops != nil {                                   // family: drops: the hands and promoted marks
		for pl := range p.hand {
			for kd, n := range p.hand[pl] {
				k ^= zobrist.hand[pl][kd][min(n, 63)]
			}
		}
		for w, b := range p.promoted {
			for ; b != 0; b &= b - 1 {
				k ^= zobrist.promoted[w*64+bits.TrailingZeros64(b)]
			}
		}
	}
	if p.faced { // family: palaces: bikjang's end
		k ^= zobrist.faced
	}
	return k
}

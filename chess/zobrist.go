package chess

import bb "github.com/baten-chess/baten/internal/bitboard"

// Zobrist keys, drawn at init from a fixed-seed generator so keys are the
// same in every run and on every machine; read-only afterwards.
var (
	pieceKeys    [16][64]uint64 // indexed by Piece
	castlingKeys [64]uint64     // per castling rook square (back ranks only)
	epKeys       [8]uint64      // per file
	turnKey      uint64         // xored in when Black is to move
)

func init() {
	rng := bb.SplitMix64(0x5EED0F2A0B21)
	for c := White; c <= Black; c++ {
		for r := Pawn; r <= King; r++ {
			for s := range pieceKeys[0] {
				pieceKeys[MakePiece(c, r)][s] = rng.Next()
			}
		}
	}
	for s := range castlingKeys {
		if (backRank(White)|backRank(Black))&Square(s).Bit() != 0 {
			castlingKeys[s] = rng.Next()
		}
	}
	for f := range epKeys {
		epKeys[f] = rng.Next()
	}
	turnKey = rng.Next()
}

// computeKey hashes p from scratch; Play keeps p.key equal to it incrementally.
func (p *Position) computeKey() uint64 {
	var k uint64
	for s, pc := range p.board {
		if pc != NoPiece {
			k ^= pieceKeys[pc][s]
		}
	}
	for x := p.castling; x != 0; {
		k ^= castlingKeys[x.PopLSB()]
	}
	if p.ep != NoSquare {
		k ^= epKeys[p.ep.File()]
	}
	if p.turn == Black {
		k ^= turnKey
	}
	return k
}

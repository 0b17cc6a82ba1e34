package chess

import (
	"math/rand/v2"
	"strconv"
	"testing"

	bb "github.com/baten-chess/baten/internal/bitboard"
)

// TestScharnaglRoundtrip checks all 960 numbers exhaustively: each decodes
// to a valid back rank (bishops on opposite colours, king between the rooks,
// the standard material), the position mirrors it for Black, and encoding
// the position gives the number back. The numbering is injective since the
// round trip holds for every n.
func TestScharnaglRoundtrip(t *testing.T) {
	for n := range 960 {
		rank, err := Scharnagl(n)
		if err != nil {
			t.Fatal(err)
		}
		var count [7]int
		var bishops, rooks Bitboard
		king := -1
		for f, r := range rank {
			count[r]++
			switch r {
			case Bishop:
				bishops |= Square(f).Bit()
			case Rook:
				rooks |= Square(f).Bit()
			case King:
				king = f
			}
		}
		if count != [7]int{0, 0, 2, 2, 2, 1, 1} {
			t.Fatalf("%d: %v has wrong material", n, rank)
		}
		if (bishops & bb.DarkSquares).Count() != 1 {
			t.Fatalf("%d: bishops on one colour", n)
		}
		if !(rooks.LSB().File() < king && king < rooks.MSB().File()) {
			t.Fatalf("%d: king not between the rooks", n)
		}
		p, err := Chess960Start(n)
		if err != nil {
			t.Fatal(err)
		}
		for f := range 8 {
			w, b := p.PieceAt(Square(f)), p.PieceAt(Square(56+f))
			if w != MakePiece(White, rank[f]) || b != MakePiece(Black, rank[f]) {
				t.Fatalf("%d: file %d holds %c and %c", n, f, w.Char(), b.Char())
			}
		}
		if got, ok := ScharnaglNumber(&p); !ok || got != n {
			t.Fatalf("ScharnaglNumber(Chess960Start(%d)) = %d, %v", n, got, ok)
		}
	}
	if start, p := Startpos(), mustPosition(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"); start != p {
		t.Error("518 is not the classic start")
	}
	for _, n := range []int{-1, 960} {
		if _, err := Scharnagl(n); err == nil {
			t.Errorf("Scharnagl(%d) accepted", n)
		}
	}
	kiwipete := mustPosition(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if _, ok := ScharnaglNumber(&kiwipete); ok {
		t.Error("Kiwipete taken for a start position")
	}
}

// TestChess960StartsFile: every id of chess960-starts.perft decodes to that
// file's position.
func TestChess960StartsFile(t *testing.T) {
	for _, c := range readPerftFile(t, "chess960-starts.perft") {
		n, err := strconv.Atoi(c.id)
		if err != nil {
			t.Fatal(err)
		}
		p, err := Chess960Start(n)
		if err != nil {
			t.Fatal(err)
		}
		if want := mustPosition(t, c.fen); p != want {
			t.Errorf("id %d: decodes to %s, file has %s", n, p.FEN(CastlingShredder), c.fen)
		}
	}
}

func TestChess960Random(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	seen := map[int]bool{}
	for range 2000 {
		p, n := Chess960Random(rng)
		if got, ok := ScharnaglNumber(&p); !ok || got != n {
			t.Fatalf("random start %d reads back as %d, %v", n, got, ok)
		}
		seen[n] = true
	}
	if len(seen) < 800 {
		t.Errorf("only %d distinct starts in 2000 draws", len(seen))
	}
}

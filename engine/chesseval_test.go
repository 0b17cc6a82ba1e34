package engine

import (
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/baten-chess/baten/chess"
	bb "github.com/baten-chess/baten/internal/bitboard"
	"github.com/baten-chess/baten/shatranj"
)

// mirrorFEN is fen with the board turned upside down and the colours
// swapped (White's pieces become Black's on the mirrored squares), the
// other side to move: the same position seen from the other side.
func mirrorFEN(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	swap := func(s string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsUpper(r) {
				return unicode.ToLower(r)
			}
			return unicode.ToUpper(r)
		}, s)
	}
	f[0] = swap(strings.Join(ranks, "/"))
	if f[1] == "w" {
		f[1] = "b"
	} else {
		f[1] = "w"
	}
	if f[2] != "-" {
		f[2] = swap(f[2])
	}
	if f[3] != "-" {
		f[3] = string(f[3][0]) + string('1'+'8'-f[3][1])
	}
	return strings.Join(f, " ")
}

// TestEvalChessSymmetric: the evaluation, for the side to move, is the
// same for a position and its colour-mirrored twin, and does not favour a
// side in the symmetric start. Every term (mobility, passed, doubled and
// isolated pawns, rooks on open files, king tables) is written for both
// colours; an error in one colour's square mapping breaks this.
func TestEvalChessSymmetric(t *testing.T) {
	fens := []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r1bqk2r/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP3PPP/R2QKB1R w KQkq - 0 8",
		"8/5pk1/1p4p1/1P1R4/5P2/6KP/r7/8 b - - 3 41",
		"8/2P5/8/3k4/8/1p6/2K5/8 w - - 0 60",
		"r4rk1/1b3ppp/p7/1p1Pp3/4P3/1B3N2/PP3PPP/R4RK1 b - - 1 18",
	}
	for _, fen := range fens {
		var a, b chessGame
		if err := resetFEN(&a, Chess, fen); err != nil {
			t.Fatalf("%q: %v", fen, err)
		}
		m := mirrorFEN(fen)
		if err := resetFEN(&b, Chess, m); err != nil {
			t.Fatalf("%q mirrored %q: %v", fen, m, err)
		}
		if x, y := evalChess(&a.pos), evalChess(&b.pos); x != y {
			t.Errorf("%q: %d, mirrored %q: %d", fen, x, m, y)
		}
	}
	start := chess.Startpos()
	if v := evalChess(&start); v != 20 {
		t.Errorf("start: %d, want the tempo bonus 20 alone", v)
	}
}

// TestEvalChessTerms: each activity term moves the evaluation the way
// chess knowledge says, between two positions that differ in little else.
func TestEvalChessTerms(t *testing.T) {
	tests := []struct {
		name, better, worse string
	}{
		{"passed pawn", "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", "4k3/8/4p3/3P4/8/8/8/4K3 w - - 0 1"},
		{"far-advanced passed pawn", "4k3/2P5/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/2P5/4K3 w - - 0 1"},
		{"doubled pawns", "4k3/8/8/8/8/8/2PP4/4K3 w - - 0 1", "4k3/8/8/8/8/2P5/2P5/4K3 w - - 0 1"},
		{"isolated pawn", "4k3/pp6/8/8/8/8/1PP5/4K3 w - - 0 1", "4k3/pp6/8/8/8/8/P1P5/4K3 w - - 0 1"},
		{"rook on the open file", "4k3/pp6/8/8/8/8/PP6/2R1K3 w - - 0 1", "4k3/pp6/8/8/8/8/PP6/R3K3 w - - 0 1"},
		{"knight in the centre", "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/N3K3 w - - 0 1"},
		// The last two fail without the king safety and pawn threat terms:
		// the piece-square tables and mobility prefer the worse.
		{"pawn shield", "r2q1rk1/pp3ppp/8/8/8/8/PP3PPP/R2Q1RK1 w - - 0 1", "r2q1rk1/pp3ppp/8/8/5PPP/8/PP6/R2Q1RK1 w - - 0 1"},
		{"attack on the king", "r2q1rk1/5ppp/8/6NQ/8/8/5PPP/R4RK1 w - - 0 1", "r2q1rk1/5ppp/8/8/8/5N2/5PPP/R2Q1RK1 w - - 0 1"},
		{"pawn attacks a knight", "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "4k3/8/8/2n5/4P3/8/8/4K3 w - - 0 1"},
	}
	for _, tt := range tests {
		var a, b chessGame
		if err := resetFEN(&a, Chess, tt.better); err != nil {
			t.Fatal(err)
		}
		if err := resetFEN(&b, Chess, tt.worse); err != nil {
			t.Fatal(err)
		}
		if x, y := evalChess(&a.pos), evalChess(&b.pos); x <= y {
			t.Errorf("%s: %q scores %d, not above %q: %d", tt.name, tt.better, x, tt.worse, y)
		}
	}
}

// TestTacticalSEE: chess quiescence searches the captures whose static
// exchange does not lose material (see), and promotions.
func TestTacticalSEE(t *testing.T) {
	tests := []struct {
		fen, move string
		searched  bool
	}{
		{"4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5", false}, // queen takes a guarded pawn
		{"4k3/8/8/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5", true},    // unguarded
		{"4k3/8/4p3/3n4/8/8/3R4/4K3 w - - 0 1", "d2d5", false}, // rook takes a knight a pawn guards
		{"4k3/8/8/3n4/4b3/8/3R4/4K3 w - - 0 1", "d2d5", false}, // … a bishop guards
		{"4k3/8/4p3/3b4/8/4N3/8/4K3 w - - 0 1", "e3d5", true},  // knight takes a guarded bishop: even
		{"4k3/8/4p3/3q4/8/8/3R4/4K3 w - - 0 1", "d2d5", true},  // rook takes the queen
		{"3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", true},  // two rooks against one win the pawn
		{"4k3/8/8/2p5/3q4/8/8/3RK3 b - - 0 1", "d4d1", false},  // the king retakes: a queen for a rook
		{"4k3/8/8/8/3q4/2P5/3P4/4K3 b - - 0 1", "d4c3", false}, // Black: queen takes a pawn d2 guards
		{"1n2k3/P1p5/8/8/8/8/8/4K3 w - - 0 1", "a7b8q", true},  // a promotion that captures
	}
	for _, tt := range tests {
		var g chessGame
		if err := resetFEN(&g, Chess, tt.fen); err != nil {
			t.Fatalf("%q: %v", tt.fen, err)
		}
		m, err := g.pos.ParseUCI(tt.move)
		if err != nil {
			t.Fatalf("%q %s: %v", tt.fen, tt.move, err)
		}
		if got := slices.Contains(g.Tactical(nil, false), m); got != tt.searched {
			t.Errorf("%q %s: in quiescence %v, want %v", tt.fen, tt.move, got, tt.searched)
		}
		// The full-width search tries the same losing captures last.
		if losing := g.Exchange(m) < 0; losing != !tt.searched && m.Promotion() == chess.NoRole {
			t.Errorf("%q %s: Exchange < 0 is %v, want %v", tt.fen, tt.move, losing, !tt.searched)
		}
	}
}

// TestLosingShatranjCapture: shatranj quiescence leaves out a capture of
// a man worth less (by EvalValue, by more than a Baidaq) on a square the
// opponent guards, whatever guards it, and only that.
func TestLosingShatranjCapture(t *testing.T) {
	tests := []struct {
		fen, move string
		want      bool
	}{
		{"4k3/8/2p5/3f4/8/8/3R4/4K3 w - - 0 1", "d2d5", true},  // Rukh takes a Ferz a Baidaq guards
		{"4k3/8/8/3f4/8/8/3R4/4K3 w - - 0 1", "d2d5", false},   // unguarded
		{"4k3/1a6/8/3f4/8/8/3R4/4K3 w - - 0 1", "d2d5", true},  // guarded by an Alfil's leap
		{"4k3/8/2p5/3r4/8/4N3/8/4K3 w - - 0 1", "e3d5", false}, // Faras takes a Rukh
		{"4k3/8/2p5/3f4/4P3/8/8/4K3 w - - 0 1", "e4d5", false}, // a Baidaq's capture is never losing
		{"4k3/8/2p5/3a4/8/4N3/8/4K3 w - - 0 1", "e3d5", true},  // Faras takes a guarded Alfil
	}
	for _, tt := range tests {
		p, err := shatranj.ParsePosition(tt.fen)
		if err != nil {
			t.Fatalf("%q: %v", tt.fen, err)
		}
		m, err := shatranj.ParseMove(&p, tt.move)
		if err != nil {
			t.Fatalf("%q %s: %v", tt.fen, tt.move, err)
		}
		if got := losingShatranjCapture(&p, m); got != tt.want {
			t.Errorf("%q %s: losingShatranjCapture = %v, want %v", tt.fen, tt.move, got, tt.want)
		}
	}
}

// TestPassedKingProximity: the kings' distances to a passed pawn's path,
// worked out by hand from the weights passedKingProximity states.
func TestPassedKingProximity(t *testing.T) {
	tests := []struct {
		name, fen string
		pawn      string
		want      int
	}{
		// e6 (rank 5, w = 12), block e7: Black's king on a8 at 4 (19),
		// White's on e1 at 5 (-10) and at 5 from e8 (-5): 4 × 12 × 9/20.
		{"White pawn, kings far", "k7/8/4P3/8/8/8/8/4K3 w - - 0 1", "e6", 4 * 12 * 9 / 20},
		// d3 (rank 5 for Black), block d2: White's king on h8 at 5 (23),
		// Black's on d4 at 2 (-4) and at 3 from d1 (-3): 16 × 12 × 9/20.
		{"Black pawn, own king near", "7K/8/8/8/3k4/3p4/8/8 w - - 0 1", "d3", 16 * 12 * 9 / 20},
		// c7 (rank 6, w = 17), block c8, the queening square: no second
		// push; Black's king stands on it (0), White's on b6 at 2 (-4).
		{"pawn on the seventh, enemy king in front", "2k5/2P5/1K6/8/8/8/8/8 w - - 0 1", "c7", -4 * 17 * 9 / 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var g chessGame
			if err := resetFEN(&g, Chess, tt.fen); err != nil {
				t.Fatal(err)
			}
			s, ok := chess.ParseSquare(tt.pawn)
			if !ok {
				t.Fatalf("bad square %q", tt.pawn)
			}
			c := g.pos.PieceAt(s).Color()
			rank := s.Rank()
			if c == chess.Black {
				rank = 7 - rank
			}
			if got := passedKingProximity(&g.pos, c, s, rank); got != tt.want {
				t.Errorf("passedKingProximity = %d, want %d", got, tt.want)
			}
		})
	}
}

// testChessPosition is the chess position of fen.
func testChessPosition(t *testing.T, fen string) *chess.Position {
	t.Helper()
	var g chessGame
	if err := resetFEN(&g, Chess, fen); err != nil {
		t.Fatal(err)
	}
	return &g.pos
}

// testAttackMaps builds the attack maps of p from each man's attacks, as
// activity does while it scores mobility.
func testAttackMaps(p *chess.Position) attackMaps {
	var att attackMaps
	for c := chess.White; c <= chess.Black; c++ {
		for r := chess.Pawn; r <= chess.King; r++ {
			for b := p.Pieces(c, r); b != 0; {
				att.add(c, r, testPieceAttacks(p, c, r, b.PopLSB()))
			}
		}
	}
	return att
}

// testPieceAttacks is the squares a man of colour c and role r on s
// attacks in p.
func testPieceAttacks(p *chess.Position, c chess.Color, r chess.Role, s chess.Square) bb.Bitboard {
	occ := p.Occupied()
	switch r {
	case chess.Pawn:
		return bb.PawnAttacks(int(c), s)
	case chess.Knight:
		return bb.KnightAttacks(s)
	case chess.Bishop:
		return bb.BishopAttacks(s, occ)
	case chess.Rook:
		return bb.RookAttacks(s, occ)
	case chess.Queen:
		return bb.QueenAttacks(s, occ)
	}
	return bb.KingAttacks(s)
}

func TestThreats(t *testing.T) {
	tests := []struct {
		name, fen    string
		white, black [2]int // middlegame, endgame
	}{
		// The knight attacks the rook, which nothing defends: a minor's
		// threat on a rook (58, 54) and a hanging man (45, 16).
		{"knight on a loose rook", "6k1/8/8/1r6/3N4/8/8/6K1 w - - 0 1", [2]int{103, 70}, [2]int{}},
		// The bishop attacks a knight the d6 pawn defends: a minor's
		// threat on a knight (36, 19), not hanging.
		{"bishop on a defended knight", "7k/8/3p4/4n3/8/8/1B6/7K w - - 0 1", [2]int{36, 19}, [2]int{}},
		// The king attacks a loose pawn (16, 40), which hangs (45, 16).
		{"king on a loose pawn", "7k/8/8/3p4/3K4/8/8/8 w - - 0 1", [2]int{61, 56}, [2]int{}},
		// The rook and the knight attack the pawn a5, which the b6 pawn
		// defends: no threat on it. The knight also attacks b6, which
		// nothing defends: a minor's threat on a pawn (3, 14), hanging
		// (45, 16). Black's pawns attack b4, a5 and c5, none of White's.
		{"rook and knight on a defended pawn", "7k/8/1p6/p7/R1N5/8/8/7K w - - 0 1", [2]int{48, 30}, [2]int{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := testChessPosition(t, tt.fen)
			att := testAttackMaps(p)
			for c, want := range [2][2]int{tt.white, tt.black} {
				mid, end := threats(p, &att, chess.Color(c))
				if [2]int{mid, end} != want {
					t.Errorf("threats for colour %d = (%d, %d), want %v", c, mid, end, want)
				}
			}
		})
	}
}

func TestKingDanger(t *testing.T) {
	tests := []struct {
		name, fen    string
		white, black [2]int // middlegame, endgame penalties
	}{
		// White's king on g1 behind three pawns, Black's queen on b6:
		// one attacker on the ring (f2, weight 10), which is weak there
		// (185) and next to the king (69); a safe queen check from b1
		// (772); the flank attacked on e3 and f2 (2: 3·2²/8 = 1, and
		// 8·2 for FlankAttacks) and defended on nine squares (−36); 37
		// more. Danger 1038: 1038²/16384 + 16 = 81 and 1038/16 = 64,
		// scaled 13/20 and 9/20. Black's king faces no queen (−873).
		{"queen check on a castled king", "7k/8/1q6/8/8/8/5PPP/6K1 w - - 0 1", [2]int{52, 28}, [2]int{}},
		// A rook on a2 instead: weight 44 on f2, a safe rook check from
		// a1 (1084), the flank attacked on e2 and f2, but Black has no
		// queen (−873): danger 511, 511²/16384 + 16 = 31 and 511/16 = 31.
		{"rook check, no queen", "7k/8/8/8/8/8/r4PPP/6K1 w - - 0 1", [2]int{20, 13}, [2]int{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := testChessPosition(t, tt.fen)
			att := testAttackMaps(p)
			kd := newKingAttack(p, &att)
			for c := chess.White; c <= chess.Black; c++ {
				for r := chess.Knight; r <= chess.Queen; r++ {
					for b := p.Pieces(c, r); b != 0; {
						s := b.PopLSB()
						kd.add(c, r, testPieceAttacks(p, c, r, s))
					}
				}
			}
			for c, want := range [2][2]int{tt.white, tt.black} {
				mid, end := kingDanger(p, &att, &kd, chess.Color(c))
				if [2]int{mid, end} != want {
					t.Errorf("kingDanger for colour %d = (%d, %d), want %v", c, mid, end, want)
				}
			}
		})
	}
}

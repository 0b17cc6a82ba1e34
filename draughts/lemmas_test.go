package draughts

import (
	"slices"
	"testing"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
)

// Lemma offset_roundtrip for the 1–32 ↔ file/rank mapping, exhaustively:
// every square's coordinates map back to it and agree with the reference
// numbering rules.Numbered; of the 64 board squares exactly the 32 dark
// ones are playable; out-of-board coordinates are rejected; PDN numbers
// 1–32 and nothing else name squares.
func TestOffsetRoundtrip(t *testing.T) {
	numbered := rules.Numbered(geom.Chess)
	for s := Square(0); s < NumSquares; s++ {
		f, r := s.Coords()
		if back, ok := SquareAt(f, r); !ok || back != s {
			t.Errorf("SquareAt(Coords(%v)) = %v, %v", s, back, ok)
		}
		if want := numbered[s]; (geom.Square{File: f, Rank: r}) != want {
			t.Errorf("square %v at %v, reference %v", s, geom.Square{File: f, Rank: r}, want)
		}
		if n, ok := SquareOf(s.Number()); !ok || n != s {
			t.Errorf("SquareOf(%d) = %v, %v", s.Number(), n, ok)
		}
	}
	playable := 0
	for f := -2; f < 10; f++ {
		for r := -2; r < 10; r++ {
			s, ok := SquareAt(f, r)
			if !ok {
				continue
			}
			playable++
			if f2, r2 := s.Coords(); f2 != f || r2 != r || (f+r)%2 != 0 {
				t.Errorf("SquareAt(%d, %d) = %v at (%d, %d)", f, r, s, f2, r2)
			}
		}
	}
	if playable != NumSquares {
		t.Errorf("%d playable squares, want %d", playable, NumSquares)
	}
	for _, n := range []int{-1, 0, 33, 100} {
		if _, ok := SquareOf(n); ok {
			t.Errorf("SquareOf(%d) accepted", n)
		}
	}
}

// TestDiagonalShifts: the bitboard step and jump shifts equal one and two
// diagonal offsets by coordinates, for every square and direction
// (exhaustive), including dropping squares that would leave the board.
func TestDiagonalShifts(t *testing.T) {
	dirs := []struct {
		name       string
		df, dr     int
		step, jump func(SquareSet) SquareSet
	}{
		{"down-left", -1, -1, downLeft, jumpDownLeft},
		{"down-right", 1, -1, downRight, jumpDownRight},
		{"up-left", -1, 1, upLeft, jumpUpLeft},
		{"up-right", 1, 1, upRight, jumpUpRight},
	}
	for _, d := range dirs {
		for s := Square(0); s < NumSquares; s++ {
			for k, shift := range []func(SquareSet) SquareSet{d.step, d.jump} {
				var want SquareSet
				if to, ok := offset(s, (k+1)*d.df, (k+1)*d.dr); ok {
					want = to.Bit()
				}
				if got := shift(s.Bit()); got != want {
					t.Errorf("%s ×%d from %v: %v, want %v", d.name, k+1, s, got.Squares(), want.Squares())
				}
			}
		}
	}
}

// Lemma man_cannot_step_backward: a man alone moves only forward (table),
// and in every position of random games every landing square of a man's
// move lies one rank further forward than the square before it (property).
func TestManCannotStepBackward(t *testing.T) {
	table := []struct{ fen string }{{"B:W:B14"}, {"W:W14:B"}, {"B:W:BK14"}}
	want := [][]string{{"14-17", "14-18"}, {"14-10", "14-9"}, {"14-10", "14-17", "14-18", "14-9"}}
	for i, tt := range table {
		if got := moveTexts(mustPosition(t, tt.fen)); !slices.Equal(got, want[i]) {
			t.Errorf("%s: %v, want %v", tt.fen, got, want[i])
		}
	}
	for _, p := range randomPositions(t, 1, 20_000) {
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			if p.Kings(p.Turn()).Has(m.From()) {
				continue
			}
			for _, step := range moveSquares(m) {
				_, r0 := step[0].Coords()
				_, r1 := step[1].Coords()
				if r1 != r0+forward(p.Turn()) && r1 != r0+2*forward(p.Turn()) {
					t.Fatalf("%s: man move %v goes from rank %d to %d", p, m, r0+1, r1+1)
				}
			}
		}
	}
}

// moveSquares lists the pairs of consecutive squares a move visits.
func moveSquares(m Move) [][2]Square {
	if !m.IsCapture() {
		return [][2]Square{{m.From(), m.To()}}
	}
	var out [][2]Square
	at := m.From()
	for i := range m.Jumps() {
		out = append(out, [2]Square{at, m.Landing(i)})
		at = m.Landing(i)
	}
	return out
}

// Lemma king_nonflying: a king on an open diagonal still moves one square
// (table), and in random games every king step covers exactly one diagonal
// square and every jump exactly two, over the captured piece (property).
func TestKingNonflying(t *testing.T) {
	if got, want := moveTexts(mustPosition(t, "B:W:BK1")), []string{"1-5", "1-6"}; !slices.Equal(got, want) {
		t.Errorf("lone king on 1: %v, want %v", got, want)
	}
	if got, want := moveTexts(mustPosition(t, "W:WK29:B22")), []string{"29-25"}; !slices.Equal(got, want) {
		t.Errorf("king on 29 facing 22 two squares off: %v, want %v (no flying capture)", got, want)
	}
	for _, p := range randomPositions(t, 2, 20_000) {
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			for _, step := range moveSquares(m) {
				f0, r0 := step[0].Coords()
				f1, r1 := step[1].Coords()
				dist := 1
				if m.IsCapture() {
					dist = 2
				}
				if abs(f1-f0) != dist || abs(r1-r0) != dist {
					t.Fatalf("%s: %v has a step %v→%v", p, m, step[0], step[1])
				}
				if m.IsCapture() {
					over, _ := SquareAt((f0+f1)/2, (r0+r1)/2)
					if !m.Captured().Has(over) {
						t.Fatalf("%s: %v jumps %v without capturing it", p, m, over)
					}
				}
			}
		}
	}
}

// Lemma captured_not_reusable_in_chain: a king surrounded by four men takes
// each once, circling either way back to its start, and stops (table, from
// edge-cases.perft's king_loop_to_origin); in random games every chain
// captures as many distinct pieces as it has jumps (property).
func TestCapturedNotReusableInChain(t *testing.T) {
	p := mustPosition(t, "W:WK10:B14,15,22,23")
	if got, want := moveTexts(p), []string{"10x17x26x19x10", "10x19x26x17x10"}; !slices.Equal(got, want) {
		t.Errorf("king loop: %v, want %v", got, want)
	}
	for _, p := range randomPositions(t, 3, 20_000) {
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			if m.Captured().Count() != m.Jumps() || m.Captured()&^p.Pieces(p.Turn().Opponent()) != 0 {
				t.Fatalf("%s: %v captures %v in %d jumps", p, m, m.Captured().Squares(), m.Jumps())
			}
		}
	}
}

// Lemma promotion_ends_chain: a man that reaches the far row by a capture
// is crowned and stops, though a king could jump on (table).
func TestPromotionEndsChain(t *testing.T) {
	for _, tt := range []struct{ fen, move, after string }{
		{"B:W26,27:B22", "22x31", "W:W27:BK31"},
		{"B:W25,26,18:B14", "14x23x30", "W:W25:BK30"},
		{"W:W11:B6,7", "11x2", "B:WK2:B6"},
	} {
		p := mustPosition(t, tt.fen)
		if got := moveTexts(p); !slices.Equal(got, []string{tt.move}) {
			t.Errorf("%s: %v, want only %s", tt.fen, got, tt.move)
			continue
		}
		m, _ := p.ParseMove(tt.move)
		if got := p.Play(m).FEN(); got != tt.after {
			t.Errorf("%s after %s: %s, want %s", tt.fen, tt.move, got, tt.after)
		}
	}
}

// Lemma mandatory_capture_blocks_steps: when a capture is possible only
// captures are legal (table); in random games the generator offers
// captures exactly when a coordinate-based check finds a jump, and then
// only captures (property).
func TestMandatoryCaptureBlocksSteps(t *testing.T) {
	if got, want := moveTexts(mustPosition(t, "B:W18:B14,1")), []string{"14x23"}; !slices.Equal(got, want) {
		t.Errorf("capture available: %v, want %v", got, want)
	}
	for _, p := range randomPositions(t, 4, 20_000) {
		c := p.Turn()
		empty := ^(p.Pieces(Black) | p.Pieces(White))
		canJump := false
		for _, s := range p.Pieces(c).Squares() {
			canJump = canJump || slowCanJump(s, c, p.Kings(c).Has(s), p.Pieces(c.Opponent()), empty)
		}
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			if m.IsCapture() != canJump {
				t.Fatalf("%s: move %v while a capture is %v", p, m, canJump)
			}
		}
	}
}

// Lemma legal_requires_maximal_chain: a chain may not stop while a jump is
// left (table: the one-jump prefix of a two-jump chain is not legal); in
// random games no chain ends where, by a coordinate check with the jumped
// pieces still standing and the start square empty, the piece could jump
// on, unless it was just crowned (property).
func TestLegalRequiresMaximalChain(t *testing.T) {
	p := mustPosition(t, "B:W25,26,18:B14")
	if _, err := p.ParseMove("14x23"); err == nil {
		t.Errorf("the prefix 14x23 of 14x23x30 was accepted")
	}
	for _, p := range randomPositions(t, 5, 20_000) {
		var ml MoveList
		p.LegalMoves(&ml)
		c := p.Turn()
		for _, m := range ml.Slice() {
			if !m.IsCapture() {
				continue
			}
			king := p.Kings(c).Has(m.From())
			if !king && crownRow(c).Has(m.To()) {
				continue
			}
			occupied := (p.Pieces(Black) | p.Pieces(White)) &^ m.From().Bit()
			empty := ^occupied &^ m.To().Bit()
			capturable := p.Pieces(c.Opponent()) &^ m.Captured()
			if slowCanJump(m.To(), c, king, capturable, empty) {
				t.Fatalf("%s: chain %v stops with a jump left", p, m)
			}
		}
	}
}

// Lemma captures_removed_after_chain_only: the captured pieces leave
// together when the chain ends, the mover lands on its last square (its own
// start square in a loop, table), and nothing else changes (property over
// random games, the captured set rebuilt from the path by coordinates).
func TestCapturesRemovedAfterChainOnly(t *testing.T) {
	p := mustPosition(t, "W:WK10:B14,15,22,23")
	m, err := p.ParseMove("10x17x26x19x10")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Play(m).FEN(); got != "B:WK10:B" {
		t.Errorf("after the loop: %s, want B:WK10:B", got)
	}
	for _, p := range randomPositions(t, 6, 20_000) {
		var ml MoveList
		p.LegalMoves(&ml)
		c := p.Turn()
		for _, m := range ml.Slice() {
			var middles SquareSet
			for _, step := range moveSquares(m) {
				f0, r0 := step[0].Coords()
				f1, r1 := step[1].Coords()
				if m.IsCapture() {
					over, _ := SquareAt((f0+f1)/2, (r0+r1)/2)
					middles |= over.Bit()
				}
			}
			q := p.Play(m)
			wantOwn := p.Pieces(c)&^m.From().Bit() | m.To().Bit()
			if m.Captured() != middles || q.Pieces(c.Opponent()) != p.Pieces(c.Opponent())&^middles ||
				q.Pieces(c) != wantOwn || q.Turn() != c.Opponent() {
				t.Fatalf("%s: %v gives %s", p, m, q)
			}
		}
	}
}

// Lemma immobilization_loses (and no pieces loses): the side to move with
// pieces but no legal move, or with no pieces, has lost.
func TestImmobilizationLoses(t *testing.T) {
	for _, tt := range []struct {
		fen  string
		want Outcome
	}{
		{"B:W8,11:B4", Outcome{Winner: White, Reason: NoMoves}},
		{"W:W12:B1,3,4,5,7,8,9,10,K14", Outcome{Winner: Black, Reason: NoMoves}},
		{"W:W:B1,2", Outcome{Winner: Black, Reason: NoPieces}},
		{"B:W9,12,15,21:B", Outcome{Winner: White, Reason: NoPieces}},
	} {
		p := mustPosition(t, tt.fen)
		if got, over := p.Outcome(); !over || got != tt.want || p.MoveCount() != 0 {
			t.Errorf("%s: %+v %v, want %+v", tt.fen, got, over, tt.want)
		}
		g := NewGame(p)
		if got, over := g.Outcome(); !over || got != tt.want {
			t.Errorf("game from %s: %+v %v, want %+v", tt.fen, got, over, tt.want)
		}
	}
	if _, over := Start().Outcome(); over {
		t.Error("the start position is over")
	}
}

// TestMoveListBound proves the capture part of MaxMoves exhaustively: on
// each lattice of squares two diagonal steps apart, counting the maximal
// trails (paths using each edge at most once) from every vertex of the
// full graph gives at most 16.
func TestMoveListBound(t *testing.T) {
	type pt struct{ f, r int }
	var pts []pt
	for f := 0; f < 8; f += 2 {
		for r := 0; r < 8; r += 2 {
			pts = append(pts, pt{f, r}, pt{f + 1, r + 1})
		}
	}
	type edge struct{ a, b pt }
	var edges []edge
	for _, p := range pts {
		for _, d := range []pt{{2, 2}, {2, -2}} {
			q := pt{p.f + d.f, p.r + d.r}
			if q.f < 8 && q.r >= 0 && q.r < 8 {
				edges = append(edges, edge{p, q})
			}
		}
	}
	used := make([]bool, len(edges))
	var trails func(at pt) int
	trails = func(at pt) int {
		n := 0
		for i, e := range edges {
			if used[i] || (e.a != at && e.b != at) {
				continue
			}
			next := e.a
			if next == at {
				next = e.b
			}
			used[i] = true
			n += trails(next)
			used[i] = false
		}
		return max(n, 1)
	}
	most := 0
	for _, p := range pts {
		most = max(most, trails(p))
	}
	if most*MaxPieces > MaxMoves || 4*MaxPieces > MaxMoves {
		t.Errorf("a piece may have %d chains; MaxMoves %d is too small", most, MaxMoves)
	}
	t.Logf("at most %d chains a piece", most)
}

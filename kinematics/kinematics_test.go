package kinematics

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/baten-chess/baten/geom"
)

// frame is a frame over a set of occupied squares.
func frame(size geom.Size, forward int, initial bool, occupied ...geom.Square) Frame {
	occ := map[geom.Square]bool{}
	for _, sq := range occupied {
		occ[sq] = true
	}
	return Frame{Size: size, Forward: forward, Initial: initial, Occupied: func(sq geom.Square) bool { return occ[sq] }}
}

func sq(name string) geom.Square {
	s, err := geom.Size{W: 16, H: 16}.Parse(name)
	if err != nil {
		panic(err)
	}
	return s
}

func names(m Movement, f Frame, from geom.Square) []string {
	var out []string
	for t := range m.Targets(f, from) {
		n := t.To.String()
		if t.Capture {
			n = "x" + n
		}
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// Lemma alfil_color_bound: from every square of 8×8 the alfil reaches exactly
// 8 squares (its start included) by repeated leaps on an empty board.
func TestAlfilColorBound(t *testing.T) {
	f := frame(geom.Chess, 1, false)
	for _, start := range geom.Chess.Squares() {
		reached := map[geom.Square]bool{start: true}
		todo := []geom.Square{start}
		for len(todo) > 0 {
			at := todo[len(todo)-1]
			todo = todo[:len(todo)-1]
			for tg := range Alfil().Targets(f, at) {
				if !reached[tg.To] {
					reached[tg.To] = true
					todo = append(todo, tg.To)
				}
			}
		}
		if len(reached) != 8 {
			t.Fatalf("alfil from %v reaches %d squares, want 8", start, len(reached))
		}
		for r := range reached {
			df, dr := r.File-start.File, r.Rank-start.Rank
			if df%2 != 0 || dr%2 != 0 || (df+dr)%4 != 0 {
				t.Fatalf("alfil from %v reached %v, off its lattice", start, r)
			}
		}
	}
}

// Lemma rukh_orthogonal: every rukh move keeps its file or its rank, stops
// at the first occupied square, and on an empty 8×8 board reaches 14 squares.
func TestRukhOrthogonal(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, from := range geom.Chess.Squares() {
		if n := len(names(Rukh(), frame(geom.Chess, 1, false), from)); n != 14 {
			t.Fatalf("rukh on %v reaches %d squares of an empty board, want 14", from, n)
		}
		for trial := 0; trial < 50; trial++ {
			var occ []geom.Square
			for _, s := range geom.Chess.Squares() {
				if s != from && rng.IntN(4) == 0 {
					occ = append(occ, s)
				}
			}
			f := frame(geom.Chess, 1, false, occ...)
			for tg := range Rukh().Targets(f, from) {
				if tg.To.File != from.File && tg.To.Rank != from.Rank {
					t.Fatalf("rukh %v→%v leaves file and rank", from, tg.To)
				}
				if !PathClear(f, from, tg.To) {
					t.Fatalf("rukh %v→%v jumps a piece", from, tg.To)
				}
				if tg.Capture != f.Occupied(tg.To) {
					t.Fatalf("rukh %v→%v capture flag %v", from, tg.To, tg.Capture)
				}
			}
		}
	}
}

func TestTargets(t *testing.T) {
	c8 := geom.Chess
	tests := []struct {
		name    string
		m       Movement
		f       Frame
		from    string
		targets []string
	}{
		{"knight corner", Knight(), frame(c8, 1, false), "a1", []string{"b3", "c2"}},
		{"knight leaps over", Knight(), frame(c8, 1, false, sq("a2"), sq("b2"), sq("b1")), "a1", []string{"b3", "c2"}},
		{"bishop blocked", Bishop(), frame(c8, 1, false, sq("c3")), "a1", []string{"b2", "xc3"}},
		{"king centre", King(), frame(c8, 1, false, sq("e5")), "e4", []string{"d3", "d4", "d5", "e3", "f3", "f4", "f5", "xe5"}},
		{"pawn initial double", Pawn(), frame(c8, 1, true), "e2", []string{"e3", "e4"}},
		{"pawn double needs path", Pawn(), frame(c8, 1, true, sq("e3")), "e2", nil},
		{"pawn double needs empty end", Pawn(), frame(c8, 1, true, sq("e4")), "e2", []string{"e3"}},
		{"pawn not initial", Pawn(), frame(c8, 1, false), "e2", []string{"e3"}},
		{"pawn captures only diagonally", Pawn(), frame(c8, 1, false, sq("d5"), sq("e5"), sq("f5")), "e4", []string{"xd5", "xf5"}},
		{"black pawn forward is down", Pawn(), frame(c8, -1, true, sq("d6")), "e7", []string{"e5", "e6", "xd6"}},
		{"baidaq never double-steps", Baidaq(), frame(c8, 1, true), "e2", []string{"e3"}},
		{"ferz", Ferz(), frame(c8, 1, false), "a1", []string{"b2"}},
		{"alfil jumps over", Alfil(), frame(c8, 1, false, sq("d4")), "c3", []string{"a1", "a5", "e1", "e5"}},
		{"man steps forward only", Man(), frame(c8, 1, false), "c3", []string{"b4", "d4"}},
		{"dark man moves down", Man(), frame(c8, -1, false), "c3", []string{"b2", "d2"}},
		{"man jumps forward only", Man(), frame(c8, 1, false, sq("d4"), sq("b2")), "c3", []string{"b4", "xe5"}},
		{"jump needs empty landing", DraughtsKing(), frame(c8, 1, false, sq("d4"), sq("e5")), "c3", []string{"b2", "b4", "d2"}},
		{"draughts king not flying", DraughtsKing(), frame(c8, 1, false), "a1", []string{"b2"}},
		{"archbishop", Archbishop(), frame(geom.Size{W: 10, H: 8}, 1, false, sq("b2")), "a1", []string{"b3", "c2", "xb2"}},
		{"chancellor wide board", Chancellor(), frame(geom.Size{W: 10, H: 8}, 1, false, sq("a2"), sq("c1")), "a1", []string{"b3", "b1", "c2", "xa2", "xc1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := slices.Clone(tt.targets)
			slices.Sort(want)
			if got := names(tt.m, tt.f, sq(tt.from)); !slices.Equal(got, want) {
				t.Errorf("from %s: %v, want %v", tt.from, got, want)
			}
		})
	}
}

func TestJumpReportsJumpedSquare(t *testing.T) {
	f := frame(geom.Chess, 1, false, sq("d4"))
	var got []Target
	for tg := range Man().Targets(f, sq("c3")) {
		if tg.Jump {
			got = append(got, tg)
		}
	}
	if len(got) != 1 || got[0].To != sq("e5") || got[0].Over != sq("d4") || !got[0].Capture {
		t.Fatalf("jump targets %+v, want c3 over d4 to e5", got)
	}
}

func TestBetween(t *testing.T) {
	tests := []struct {
		a, b string
		want []string
	}{
		{"a1", "a4", []string{"a2", "a3"}},
		{"a1", "d4", []string{"b2", "c3"}},
		{"h8", "e5", []string{"g7", "f6"}},
		{"a1", "b3", nil},
		{"a1", "a2", nil},
	}
	for _, tt := range tests {
		var got []string
		for _, s := range Between(sq(tt.a), sq(tt.b)) {
			got = append(got, s.String())
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("Between(%s,%s) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestCapturing(t *testing.T) {
	if !Pawn().Capturing() || !Man().Capturing() || (Movement{{Delta: Delta{0, 1}, Mods: MoveOnly}}).Capturing() {
		t.Fatal("Capturing misjudges move-only components")
	}
}

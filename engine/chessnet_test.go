package engine

import (
	"context"
	"encoding/binary"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/baten-chess/baten/chess"
)

// TestNetUpdateIsRefresh: the accumulator a game keeps, brought up to
// date move by move when a position is evaluated, is the one computed
// from scratch, through random games from positions with
// castling (also Chess960's), en passant and promotions, with null moves
// and takebacks.
func TestNetUpdateIsRefresh(t *testing.T) {
	for _, c := range []struct {
		variant, fen string
	}{
		{Chess, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
		{Chess, "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"},
		{Chess, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
		{Chess960, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"},
	} {
		e, err := newEngine(c.variant, Options{HashMB: 1})
		if err != nil {
			t.Fatal(err)
		}
		start, err := e.Variant().FromFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		g := &chessGame{}
		if err := g.reset(start); err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		check := func(where string) {
			t.Helper()
			var want accumulator
			defaultNet.refresh(&want, &g.pos)
			score := defaultNet.evaluate(&want, g.pos.Turn(), g.pos.Occupied().Count()) + signed(g.pos.Turn(), mopUp(&g.pos))
			if loneKing(&g.pos) {
				score = evalChess(&g.pos)
			}
			if got := g.evaluate(); got != score {
				t.Fatalf("%s after %s: evaluate %d, want %d", c.fen, where, got, score)
			}
			if g.net.acc[g.n] != want {
				t.Fatalf("%s after %s: the kept accumulator differs from a fresh one", c.fen, where)
			}
		}
		for range 200 {
			var path []string
			for ply := 0; ply < 40; ply++ {
				moves := g.Moves(nil)
				if len(moves) == 0 || g.n >= maxPly {
					break
				}
				if rng.IntN(8) == 0 && g.MakeNull() {
					path = append(path, "null")
				} else {
					m := moves[rng.IntN(len(moves))]
					g.Make(m)
					path = append(path, m.String())
				}
				// Evaluating now and then, the accumulators are brought up
				// to date over several moves at once.
				if rng.IntN(3) == 0 {
					check(path[len(path)-1])
				}
				if rng.IntN(6) == 0 {
					undo(g, path[len(path)-1])
					path = path[:len(path)-1]
					if rng.IntN(2) == 0 {
						check("a takeback")
					}
				}
			}
			for i := len(path) - 1; i >= 0; i-- {
				undo(g, path[i])
			}
			check("taking every move back")
		}
	}
}

func undo(g *chessGame, what string) {
	if what == "null" {
		g.UnmakeNull()
	} else {
		g.Unmake()
	}
}

func signed(c chess.Color, v int) int {
	if c == chess.Black {
		return -v
	}
	return v
}

// TestNetSymmetry: the network scores a position and its colours
// swapped (the board turned, the other side to move) alike, as both
// perspectives share their weights.
func TestNetSymmetry(t *testing.T) {
	for _, fen := range []string{
		"r1bqkb1r/pp3ppp/2nppn2/8/3NP3/2N5/PPP1BPPP/R1BQK2R w KQkq - 0 7",
		"8/5pk1/6p1/3R4/6P1/5PK1/r7/8 b - - 0 40",
	} {
		p := testChessPosition(t, fen)
		s := p.Setup()
		var flipped chess.Setup
		flipped.Turn = s.Turn.Other()
		flipped.EnPassant = chess.NoSquare
		flipped.Fullmove = 1
		for sq, pc := range s.Board {
			if pc != chess.NoPiece {
				flipped.Board[sq^56] = chess.MakePiece(pc.Color().Other(), pc.Role())
			}
		}
		q, err := chess.NewPosition(flipped)
		if err != nil {
			t.Fatal(err)
		}
		var a, b accumulator
		defaultNet.refresh(&a, p)
		defaultNet.refresh(&b, &q)
		if x, y := defaultNet.evaluate(&a, p.Turn(), p.Occupied().Count()), defaultNet.evaluate(&b, q.Turn(), q.Occupied().Count()); x != y {
			t.Errorf("%s: %d, its colours swapped %d", fen, x, y)
		}
	}
}

// TestParseChessNet: a weights file of the wrong size, magic or shape, or
// whose weights could overflow a hidden sum, is refused with errNetFile.
func TestParseChessNet(t *testing.T) {
	good := append([]byte(nil), chessNetFile...)
	if _, err := parseChessNet(good); err != nil {
		t.Fatalf("the embedded file: %v", err)
	}
	wrongShape := append([]byte(nil), good...)
	wrongShape[len(chessNetMagic)+2]++ // netHidden
	wrongBuckets := append([]byte(nil), good...)
	wrongBuckets[len(chessNetMagic)+4]++
	// Hidden unit 0's weights for 32 inputs at 1100 overflow an int16.
	overflow := append([]byte(nil), good...)
	for i := range 32 {
		binary.LittleEndian.PutUint16(overflow[len(chessNetMagic)+6+2*i*netHidden:], 1100)
	}
	// An output weight one beyond netW2Max: times a clipped sum of
	// 255 it would overflow an int16.
	outputOverflow := append([]byte(nil), good...)
	binary.LittleEndian.PutUint16(outputOverflow[len(chessNetMagic)+6+2*(netInputs+1)*netHidden:], netW2Max+1)
	for name, b := range map[string][]byte{
		"empty":       nil,
		"short":       good[:len(good)-1],
		"long":        append(append([]byte(nil), good...), 0),
		"magic":       append([]byte("BATENNEU"), good[len(chessNetMagic):]...),
		"wrong shape": wrongShape,
		"buckets":     wrongBuckets,
		"overflow":    overflow,
		"output":      outputOverflow,
	} {
		if _, err := parseChessNet(b); !errors.Is(err, errNetFile) {
			t.Errorf("%s: error %v, want errNetFile", name, err)
		}
	}
}

func FuzzParseChessNet(f *testing.F) {
	f.Add(chessNetFile)
	f.Add([]byte(chessNetMagic))
	f.Fuzz(func(t *testing.T, b []byte) {
		n, err := parseChessNet(b)
		if (n == nil) == (err == nil) {
			t.Fatalf("net %v, error %v", n != nil, err)
		}
	})
}

// TestLanes: the packed sums read, lane by lane, the int16 sums of the
// rows added and taken away, wherever the final sums fit an int16, even
// when a sum on the way left int16's range and carried into the next lane.
func TestLanes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	edge := []int16{0, 1, -1, 255, -256, 0x7fff, -0x8000, 0x4000, -0x4000}
	pick := func() (v [netHidden]int16) {
		for j := range v {
			if rng.IntN(2) == 0 {
				v[j] = edge[rng.IntN(len(edge))]
			} else {
				v[j] = int16(rng.Uint32())
			}
		}
		return v
	}
	checked := 0
	for range 1000 {
		bias, x, y, z := pick(), pick(), pick(), pick()
		a := packRow(&bias)
		for j := range a {
			a[j] += lanesHigh
		}
		px, py, pz := packRow(&x), packRow(&y), packRow(&z)
		// + x + y + z - x - y: the sum on the way overflows in many lanes.
		var zero accRow
		addSubGeneric(&a, &a, &px, &zero)
		addSubGeneric(&a, &a, &py, &zero)
		addSubGeneric(&a, &a, &pz, &zero)
		addSubGeneric(&a, &a, &zero, &px)
		addSubGeneric(&a, &a, &zero, &py)
	words:
		for w := range a {
			for k := range 4 {
				if sum := int(bias[4*w+k]) + int(z[4*w+k]); sum < math.MinInt16 || sum > math.MaxInt16 {
					continue words // a word reads right when each of its lanes fits
				}
			}
			checked++
			for k := range 4 {
				j := 4*w + k
				lane := (a[w] ^ lanesHigh) >> (16 * k)
				if got, want := int16(lane), bias[j]+z[j]; got != want {
					t.Fatalf("%d + %d: lane %d holds %d", bias[j], z[j], j, got)
				}
				if got, want := clip(lane), min(max(int32(bias[j])+int32(z[j]), 0), netQA); got != want {
					t.Fatalf("%d + %d: lane %d clips to %d, want %d", bias[j], z[j], j, got, want)
				}
			}
		}
	}
	if checked < 1000*netWords/10 {
		t.Fatalf("only %d words checked", checked)
	}
}

// TestSquaredDot: the output layer's sum, in the processor's vector
// instructions where it has them and without, chunk by chunk, is
// Σ clip(unit)²·weight computed plainly, for units across int16's range
// (the clip's edges among them) and weights anywhere within ±netW2Max,
// the extremes among them, and for the largest sums a chunk can reach
// (every unit clipped to 255, every weight ±netW2Max).
func TestSquaredDot(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	edge := []int16{0, 1, -1, 254, 255, 256, -256, 0x7fff, -0x8000}
	type row struct{ units, w [netHidden]int16 }
	var rows []row
	for _, w := range []int16{netW2Max, -netW2Max} {
		var r row
		for j := range r.units {
			r.units[j], r.w[j] = 0x7fff, w
		}
		rows = append(rows, r)
	}
	for range 2000 {
		var r row
		for j := range r.units {
			r.units[j] = int16(rng.Uint32())
			if rng.IntN(2) == 0 {
				r.units[j] = edge[rng.IntN(len(edge))]
			}
			r.w[j] = int16(rng.IntN(2*netW2Max+1) - netW2Max)
			if rng.IntN(4) == 0 {
				r.w[j] = netW2Max * int16(1-2*rng.IntN(2))
			}
		}
		rows = append(rows, r)
	}
	for _, r := range rows {
		a := packRow(&r.units)
		for j := range a {
			a[j] += lanesHigh
		}
		var want, generic int64
		for j, u := range r.units {
			v := int64(min(max(u, 0), netQA))
			want += v * v * int64(r.w[j])
		}
		for i := 0; i < netHidden; i += dotChunk {
			generic += int64(squaredDotGeneric((*[dotChunk / 4]uint64)(a[i/4:]), (*[dotChunk]int16)(r.w[i:])))
		}
		if got := squaredDot(&a, &r.w); got != want || generic != want {
			t.Fatalf("units %v, weights %v: squaredDot %d, squaredDotGeneric by chunk %d, want %d", r.units, r.w, got, generic, want)
		}
	}
}

// TestMatesLoneKing: the engine, playing both sides at depth 8, mates a
// lone king with a queen and with a rook within the fifty moves; with the
// network's score there, it drew both.
func TestMatesLoneKing(t *testing.T) {
	for _, fen := range []string{
		"8/8/8/4k3/8/8/8/4K2Q w - - 0 1",
		"8/8/3k4/8/8/8/2R5/4K3 w - - 0 1",
	} {
		e, err := newEngine(Chess, Options{HashMB: 4})
		if err != nil {
			t.Fatal(err)
		}
		p := testChessPosition(t, fen)
		var moves []string
		for len(moves) < 100 {
			if err := e.SetPositionText(fen, moves); err != nil {
				t.Fatal(err)
			}
			r, err := e.Search(context.Background(), Limits{Depth: 8}, nil)
			if err != nil {
				t.Fatal(err)
			}
			m, err := p.ParseUCI(r.BestMove)
			if err != nil {
				t.Fatal(err)
			}
			p.Play(m)
			moves = append(moves, r.BestMove)
			var ml chess.MoveList
			if p.LegalMoves(&ml); ml.Len() == 0 {
				break
			}
		}
		var ml chess.MoveList
		if p.LegalMoves(&ml); ml.Len() != 0 || !p.InCheck() {
			t.Errorf("%s: no mate after %d plies: %v", fen, len(moves), moves)
		}
	}
}

// TestBanNetUpdateIsRefresh: in Ban-Chess the accumulator kept action by
// action (a ban changes no man) is the one computed from scratch, and
// the evaluation is the network's for the actor, through random lines
// of bans and moves with takebacks.
func TestBanNetUpdateIsRefresh(t *testing.T) {
	for _, fen := range banBenchFENs {
		g := &banGame{}
		if err := resetFEN(g, BanChess, fen); err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(3, 4))
		check := func(where string) {
			t.Helper()
			p := g.bpos.ChessRef()
			var want accumulator
			defaultNet.refresh(&want, p)
			score := defaultNet.evaluate(&want, p.Turn(), p.Occupied().Count()) + signed(p.Turn(), mopUp(p))
			if loneKing(p) {
				score = evalChess(p)
			}
			if g.banPly() {
				score = -score // the banner's
			}
			if got := g.Evaluate(); got != score {
				t.Fatalf("%s after %s: Evaluate %d, want %d", fen, where, got, score)
			}
			if g.net.acc[g.n] != want {
				t.Fatalf("%s after %s: the kept accumulator differs from a fresh one", fen, where)
			}
		}
		for range 100 {
			depth := 0
			for ply := 0; ply < 40; ply++ {
				actions := g.Moves(nil)
				if len(actions) == 0 {
					break
				}
				a := actions[rng.IntN(len(actions))]
				g.Make(a)
				depth++
				if rng.IntN(3) == 0 {
					check(a.String())
				}
				if rng.IntN(6) == 0 {
					g.Unmake()
					depth--
					if rng.IntN(2) == 0 {
						check("a takeback")
					}
				}
			}
			for ; depth > 0; depth-- {
				g.Unmake()
			}
			check("taking every action back")
		}
	}
}

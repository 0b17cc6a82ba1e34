package banchess

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/baten-chess/baten/chess"
)

// Lemma action_encoding_round_trip: every ban pair and every 16-bit move
// survives BanAction/MoveAction and back, and the two kinds never mix.
func TestActionEncodingRoundTrip(t *testing.T) {
	for from := range chess.Square(64) {
		for to := range chess.Square(64) {
			b := Ban{from, to}
			a := BanAction(b)
			if !a.IsBan() || a.Ban() != b || a.Move() != 0 {
				t.Fatalf("BanAction(%v) = %#x: IsBan %v, Ban %v, Move %v", b, uint32(a), a.IsBan(), a.Ban(), a.Move())
			}
		}
	}
	for i := range 1 << 16 {
		m := chess.Move(i)
		a := MoveAction(m)
		if a.IsBan() || a.Move() != m || a.Ban() != (Ban{}) {
			t.Fatalf("MoveAction(%#x) = %#x: IsBan %v, Move %#x, Ban %v", i, uint32(a), a.IsBan(), uint16(a.Move()), a.Ban())
		}
	}
}

// Lemma do_equals_play: along seeded random games from every spec start,
// for every legal action, Do leaves the same position (==, so the same
// Key) as the checked Play, that is the chess move played (or the ban put
// in force), the ply advanced and the key of that state; and Undo
// restores the position exactly; the
// search accessors agree with LegalActions (AppendActions gives the same
// list from LegalChessMoves, before and after a ban; HasAction is whether
// it is empty; IsBanned is the ban in force covering the move); and a
// whole game done with Do is taken back with Undo, action by action.
func TestDoEqualsPlay(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 13))
	var l ActionList
	var ml chess.MoveList
	checked := 0
	for _, fen := range specStarts(t) {
		start, err := specStart(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		for game := range 3 {
			p := start
			type done struct {
				before Position
				a      Action
				u      Undo
			}
			var line []done
			for ply := 0; ply < 300; ply++ {
				p.LegalActions(&l)
				p.LegalChessMoves(&ml)
				got := p.AppendActions(nil, ml.Slice())
				if !slices.Equal(got, l.Slice()) {
					t.Fatalf("%s game %d: AppendActions %v, LegalActions %v", p.FEN(), game, got, l.Slice())
				}
				if p.HasAction(ml.Slice()) != (l.Len() > 0) {
					t.Fatalf("%s: HasAction %v with %d actions", p.FEN(), !(l.Len() > 0), l.Len())
				}
				ban, banned := p.CurrentBan()
				for _, m := range ml.Slice() {
					if want := banned && ban.Covers(m); p.IsBanned(m) != want {
						t.Fatalf("%s: IsBanned(%v) = %v", p.FEN(), m, !want)
					}
				}
				if p.ChessRef() == nil || *p.ChessRef() != p.Chess() {
					t.Fatalf("%s: ChessRef is not the chess position", p.FEN())
				}
				for _, a := range l.Slice() {
					q, r := p, p
					var u Undo
					q.Do(a, &u)
					if err := r.Play(a); err != nil {
						t.Fatalf("%s: Play(%v): %v", p.FEN(), a, err)
					}
					if q != r || q.Key() != r.Key() {
						t.Fatalf("%s: Do(%v) gives %s, Play %s", p.FEN(), a, q.FEN(), r.FEN())
					}
					// Play is Do behind checks, so check Do against the rules
					// too: the chess move played, the ban put in force or
					// lifted, the ply advanced, the key of the state.
					cp, wantBan, wantBanned := p.Chess(), a.Ban(), a.IsBan()
					if !a.IsBan() {
						cp.Play(a.Move())
						wantBan = Ban{}
					}
					gotBan, gotBanned := q.CurrentBan()
					if q.Chess() != cp || q.Ply() != p.Ply()+1 || gotBan != wantBan || gotBanned != wantBanned {
						t.Fatalf("%s: Do(%v) gives %s", p.FEN(), a, q.FEN())
					}
					if model := (Position{pos: cp, ply: p.ply + 1, ban: pack(wantBan)}); q != model || q.Key() != model.Key() {
						t.Fatalf("%s: Do(%v) gives %s, want %s", p.FEN(), a, q.FEN(), model.FEN())
					}
					if a.IsBan() {
						// The moves before the ban serve the move ply after it.
						got = q.AppendActions(got[:0], ml.Slice())
						var want ActionList
						q.LegalActions(&want)
						if !slices.Equal(got, want.Slice()) {
							t.Fatalf("%s: after %v, AppendActions of the earlier moves %v, LegalActions %v", p.FEN(), a, got, want.Slice())
						}
					}
					q.Undo(a, &u)
					if q != p {
						t.Fatalf("%s: Do/Undo(%v) leaves %s", p.FEN(), a, q.FEN())
					}
					checked++
				}
				if l.Len() == 0 {
					break
				}
				a := l.At(rng.IntN(l.Len()))
				line = append(line, done{before: p, a: a})
				p.Do(a, &line[len(line)-1].u)
			}
			for i := len(line) - 1; i >= 0; i-- {
				p.Undo(line[i].a, &line[i].u)
				if p != line[i].before {
					t.Fatalf("%s game %d: taking back action %d (%v) leaves %s, want %s", fen, game, i, line[i].a, p.FEN(), line[i].before.FEN())
				}
			}
		}
	}
	t.Logf("%d actions done, played and undone", checked)
}

// Lemma do_undo_zero_alloc: the search surface allocates nothing.
func TestDoUndoZeroAlloc(t *testing.T) {
	p := mustFEN(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 2:e1g1")
	var ml chess.MoveList
	dst := make([]Action, 0, maxActions)
	var u1, u2 Undo
	if n := testing.AllocsPerRun(100, func() {
		p.LegalChessMoves(&ml)
		dst = p.AppendActions(dst[:0], ml.Slice())
		_ = p.HasAction(ml.Slice())
		_ = p.IsBanned(ml.Slice()[0])
		m := dst[0]
		p.Do(m, &u1) // a move: then a ban phase
		p.LegalChessMoves(&ml)
		dst = p.AppendActions(dst[:0], ml.Slice())
		b := dst[0]
		p.Do(b, &u2)
		_ = p.Key()
		_ = p.ChessRef().Key()
		p.Undo(b, &u2)
		p.Undo(m, &u1)
	}); n != 0 {
		t.Fatalf("Do/Undo and the search accessors allocate %v times per run", n)
	}
}

// BenchmarkDoUndo: one ban and one move done and undone.
func BenchmarkDoUndo(b *testing.B) {
	p := Startpos()
	ban, err := p.ParseAction("b:e2e4")
	if err != nil {
		b.Fatal(err)
	}
	q := p
	q.play(ban)
	move, err := q.ParseAction("m:d2d4")
	if err != nil {
		b.Fatal(err)
	}
	var u1, u2 Undo
	for b.Loop() {
		p.Do(ban, &u1)
		p.Do(move, &u2)
		p.Undo(move, &u2)
		p.Undo(ban, &u1)
	}
}

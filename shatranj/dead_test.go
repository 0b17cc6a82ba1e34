package shatranj

import (
	"flag"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

var deadExhaustive = flag.Bool("dead.exhaustive", false,
	"decide every Shah+Alfil v Shah+Alfil position (TestDeadAlfilsExhaustive; about a minute)")

// bruteKey identifies a position for bruteReach independently of
// dead.go's encoding: the whole board and the side to move.
type bruteKey struct {
	board [64]Piece
	turn  Color
}

func anyWin(o Outcome) bool { return !o.Draw }

func winOf(c Color) func(Outcome) bool {
	return func(o Outcome) bool { return !o.Draw && o.Winner == c }
}

// bruteReach is the reference for IsDead and CanWin: a plain
// breadth-first search of the positions reachable from p (both sides
// playing any legal move, not going past a position the game has ended
// in) that looks for an end accepted by goal, visiting at most limit
// positions. complete reports that it visited them all.
func bruteReach(p Position, goal func(Outcome) bool, limit int) (found, complete bool) {
	if o, over := p.Outcome(); over {
		return goal(o), true
	}
	seen := map[bruteKey]bool{{p.board, p.turn}: true}
	queue := []Position{p}
	var ml MoveList
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		cur.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			q := cur.Play(m)
			k := bruteKey{q.board, q.turn}
			if seen[k] {
				continue
			}
			if len(seen) >= limit {
				return false, false
			}
			seen[k] = true
			if o, over := q.Outcome(); over {
				if goal(o) {
					return true, true
				}
				continue
			}
			queue = append(queue, q)
		}
	}
	return false, true
}

// checkSound checks IsDead and CanWin on p against bruteReach: a "dead" or
// "cannot win" verdict must be confirmed by a complete search that finds
// no such end. It returns the verdicts.
func checkSound(t *testing.T, p Position) (dead, white, black bool) {
	t.Helper()
	dead, white, black = p.IsDead(), p.CanWin(White), p.CanWin(Black)
	_, over := p.Outcome()
	if dead && !over && (white || black) {
		t.Errorf("%s: dead but CanWin(white)=%v CanWin(black)=%v", p.FEN(), white, black)
	}
	const limit = 400000
	if dead {
		if found, complete := bruteReach(p, anyWin, limit); found || !complete {
			t.Errorf("%s: IsDead true, brute force found=%v complete=%v", p.FEN(), found, complete)
		}
	}
	for c, can := range [2]bool{white, black} {
		if !can {
			if found, complete := bruteReach(p, winOf(Color(c)), limit); found || !complete {
				t.Errorf("%s: CanWin(%v) false, brute force found=%v complete=%v", p.FEN(), Color(c), found, complete)
			}
		}
	}
	return dead, white, black
}

type deadCase struct {
	name         string
	fen          string
	dead         bool
	white, black bool // CanWin
	why          string
}

func runDeadCases(t *testing.T, cases []deadCase) {
	t.Helper()
	for _, tc := range cases {
		p := mustPos(t, tc.fen)
		dead, w, b := checkSound(t, p)
		if dead != tc.dead || w != tc.white || b != tc.black {
			t.Errorf("%s (%s): IsDead=%v CanWin(w)=%v CanWin(b)=%v, want %v %v %v — %s",
				tc.name, tc.fen, dead, w, b, tc.dead, tc.white, tc.black, tc.why)
		}
	}
}

// TestDeadSpecExamples derives the verdict of each of the specification's
// examples from the definition ("no sequence of legal moves, even
// cooperative, leads to checkmate, stalemate or bare king for either
// side").
func TestDeadSpecExamples(t *testing.T) {
	runDeadCases(t, []deadCase{
		{"Shah v Shah", "8/8/8/4k3/8/8/8/4K3 w - - 0 1", true, false, false,
			"agrees with the spec: no piece can be taken, two Shahs can neither mate nor stalemate, " +
				"and the game is over already (insufficient material)"},
		{"Shah v Shah+Alfil, bared side to move", "8/8/8/4k3/8/8/8/A3K3 b - - 0 1", false, true, false,
			"DISAGREES with the spec: Black is bare and cannot take the Alfil now; " +
				"any Black move leaves White to move with a piece against a bare Shah: White wins by bare king"},
		{"Shah v Shah+Alfil, Alfil side to move", "8/8/8/4k3/8/8/8/A3K3 w - - 0 1", false, true, false,
			"DISAGREES with the spec: already decided by the bare-king rule (White wins), so not a draw at all"},
		{"Shah v Shah+Alfil, forced counter-bare", "8/8/8/8/8/8/A7/k1K5 b - - 0 1", true, false, false,
			"the one K v K+A case that is dead: Black's only legal move Kxa2 (b1, b2 are covered by the Shah on c1) " +
				"leaves two bare Shahs"},
		{"Shah+Alfil v Shah+Alfil, Alfils that never meet", "a7/8/8/4k3/8/8/8/A3K3 w - - 0 1", false, true, true,
			"DISAGREES with the spec: the Alfils (a1 and a8 complexes) can never take each other, but a Shah " +
				"can walk to the enemy Alfil while the enemy Shah walks away, bare the enemy and win"},
		{"Shah+Alfil v Shah+Alfil, other complexes", "1a6/8/8/4k3/8/8/8/A3K3 b - - 0 1", false, true, true,
			"as above: the Shah, not the Alfil, does the capturing"},
	})
}

// The locked pawn wall of the dead-position tests: White a3 b4 c3 d4 e3 f4
// g3 h4, Black a4 b5 c4 d5 e4 f5 g4 h5. No Baidaq can step or capture, and
// every empty square a Shah could use to cross is attacked by an enemy
// Baidaq, so each Shah is locked on its own side.
const deadWall = "8/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/"

// TestDeadTable checks verdicts derived from the definition for
// positions outside the specification's examples.
func TestDeadTable(t *testing.T) {
	runDeadCases(t, []deadCase{
		{"start", StartFEN, false, true, true, "fast path: too much material to search; unknown counts as can win"},
		{"checkmate", "k7/2K5/8/8/8/8/8/R7 b - - 0 1", false, true, false,
			"decided (the Rukh on a1 mates, the Shah on c7 covers b7 and b8): not dead but won"},
		{"locked wall", "4k3/" + deadWall[2:] + "4K3 w - - 0 1", true, false, false,
			"each Shah is locked on its side of the wall, no Baidaq can move, nothing can be taken, " +
				"and a Shah with free squares around it can never be mated or stalemated"},
		{"locked wall, Black to move", "4k3/" + deadWall[2:] + "4K3 b - - 0 1", true, false, false, "as above"},
		{"wall, both Shahs below", deadWall + "4K2k w - - 0 1", false, true, true,
			"the black Shah is on White's side: it can take the Baidaqs on a3 c3 e3 g3 (undefended from below)"},
		{"wall + Alfil shut in on c1", "4k3/" + deadWall[2:] + "2A1K3 w - - 0 1", true, false, false,
			"the Alfil's only leaps (a3, e3) are onto its own Baidaqs: it can never move, so the wall stays locked"},
		{"wall + Alfil on h1", "4k3/" + deadWall[2:] + "4K2A w - - 0 1", false, true, true,
			"the Alfil can leap to f3 where a black Baidaq takes it: the wall opens"},
		{"blocked pair e4/e5", "4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1", false, true, true,
			"a blocked pair is not a wall: the Shah walks round and takes the enemy Baidaq, baring the enemy"},
		{"K+Baidaq v K, bared side to move", "8/8/8/4k3/8/8/4P3/4K3 b - - 0 1", false, true, false,
			"Black cannot take e2 now: any move loses by bare king"},
		{"K+Rukh v K+Faras", "r3k3/8/8/8/8/8/8/4K2N w - - 0 1", false, true, true,
			"each Shah can take the enemy piece: bare king either way"},
		{"Baidaqs that must promote", "4k3/ppp5/8/8/8/8/5PPP/4K3 w - - 0 1", false, true, true,
			"Baidaqs run and promote to Ferzes; Shahs take undefended pieces"},
	})
}

// randomSmall returns a random valid position with the Shahs, up to
// officers pieces of the types Faras..Ferz and up to pawns Baidaqs, or
// false if the placement was not a valid position.
func randomSmall(rng *rand.Rand, officers, pawns int) (Position, bool) {
	var s Setup
	put := func(pc Piece, lo, hi int) {
		for {
			sq := Square(lo + rng.IntN(hi-lo))
			if s.Board[sq] == NoPiece {
				s.Board[sq] = pc
				return
			}
		}
	}
	put(MakePiece(White, Shah), 0, 64)
	put(MakePiece(Black, Shah), 0, 64)
	for range rng.IntN(officers + 1) {
		put(MakePiece(Color(rng.IntN(2)), Faras+PieceType(rng.IntN(4))), 0, 64)
	}
	for range rng.IntN(pawns + 1) {
		put(MakePiece(Color(rng.IntN(2)), Baidaq), 8, 56)
	}
	s.Turn = Color(rng.IntN(2))
	s.Fullmove = 1
	p, err := NewPosition(s)
	return p, err == nil
}

// randomWall returns a random position around a locked structure: on each
// file, with probability 3/4, a white Baidaq blocked by a black one (rank
// chosen at random), plus the Shahs and up to officers other pieces.
func randomWall(rng *rand.Rand, officers int) (Position, bool) {
	var s Setup
	base := 2 + rng.IntN(3)
	for f := range 8 {
		if rng.IntN(4) == 0 {
			continue
		}
		r := base + rng.IntN(2)
		s.Board[Square(8*r+f)] = MakePiece(White, Baidaq)
		s.Board[Square(8*(r+1)+f)] = MakePiece(Black, Baidaq)
	}
	put := func(pc Piece, lo, hi int) { // on a rank in [lo, hi)
		for {
			sq := Square(8*lo + rng.IntN(8*(hi-lo)))
			if s.Board[sq] == NoPiece {
				s.Board[sq] = pc
				return
			}
		}
	}
	if rng.IntN(3) == 0 {
		put(MakePiece(White, Shah), 0, 8)
		put(MakePiece(Black, Shah), 0, 8)
	} else { // each Shah on its own side of the structure
		put(MakePiece(White, Shah), 0, base)
		put(MakePiece(Black, Shah), base+3, 8)
	}
	for range rng.IntN(officers + 1) {
		put(MakePiece(Color(rng.IntN(2)), Faras+PieceType(rng.IntN(4))), 0, 8)
	}
	s.Turn = Color(rng.IntN(2))
	s.Fullmove = 1
	p, err := NewPosition(s)
	return p, err == nil
}

// randomPlay plays up to n random legal moves from p.
func randomPlay(rng *rand.Rand, p Position, n int) Position {
	var ml MoveList
	for range n {
		p.LegalMoves(&ml)
		if ml.Len() == 0 {
			break
		}
		p = p.Play(ml.At(rng.IntN(ml.Len())))
	}
	return p
}

// TestDeadProperty: for random reachable positions of small material
// (random placements then random moves), every "dead" verdict and every
// "cannot win" verdict is confirmed by an exhaustive brute-force search
// that finds no decisive result (no win for that side).
func TestDeadProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(0xdead, 1))
	n, dead, nowin := 0, 0, 0
	for n < 3000 {
		p, ok := randomSmall(rng, 2, 3)
		if !ok {
			continue
		}
		p = randomPlay(rng, p, rng.IntN(6))
		d, w, b := checkSound(t, p)
		n++
		if d {
			dead++
		}
		if !w || !b {
			nowin++
		}
	}
	t.Logf("%d positions: %d dead, %d with a side that cannot win", n, dead, nowin)
	if nowin == 0 {
		t.Error("no position where a side cannot win: the test exercises nothing")
	}
}

// TestDeadSoundnessRandom is the fuzz-like soundness test: random positions
// built around locked Baidaq structures with up to two more pieces (many
// of them dead), then a few random moves; every verdict of dead or
// cannot-win is confirmed by brute force.
func TestDeadSoundnessRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(0xdead, 2))
	n, dead, nowin := 0, 0, 0
	for n < 1000 {
		p, ok := randomWall(rng, 2)
		if !ok {
			continue
		}
		p = randomPlay(rng, p, rng.IntN(4))
		d, w, b := checkSound(t, p)
		n++
		if d {
			dead++
		}
		if !w || !b {
			nowin++
		}
	}
	t.Logf("%d positions: %d dead, %d with a side that cannot win", n, dead, nowin)
	if dead == 0 {
		t.Error("no dead position: the test exercises nothing")
	}
}

// TestDeadExactOneOfficer: on the class "no Baidaq, at most one piece
// besides the Shahs" IsDead and CanWin equal the complete brute-force
// verdicts (random sample of 20,000 positions, every piece type).
func TestDeadExactOneOfficer(t *testing.T) {
	rng := rand.New(rand.NewPCG(0xdead, 3))
	n, dead := 0, 0
	for n < 20000 {
		p, ok := randomSmall(rng, 1, 0)
		if !ok {
			continue
		}
		n++
		checkExact(t, p)
		if p.IsDead() {
			dead++
		}
	}
	t.Logf("%d positions, %d dead", n, dead)
}

// checkExact compares IsDead and CanWin with complete brute-force searches.
func checkExact(t *testing.T, p Position) {
	t.Helper()
	const limit = 1 << 20
	found, complete := bruteReach(p, anyWin, limit)
	if !complete && !found {
		t.Fatalf("%s: brute force incomplete", p.FEN())
	}
	if p.IsDead() != !found {
		t.Errorf("%s: IsDead=%v, brute force found a decisive end: %v", p.FEN(), p.IsDead(), found)
	}
	for c := White; c <= Black; c++ {
		found, complete := bruteReach(p, winOf(c), limit)
		if !complete && !found {
			t.Fatalf("%s: brute force incomplete", p.FEN())
		}
		if p.CanWin(c) != found {
			t.Errorf("%s: CanWin(%v)=%v, brute force %v", p.FEN(), c, p.CanWin(c), found)
		}
	}
}

// truth decides, for every position of one material class, whether an
// end accepted by goal is reachable, by depth-first searches that share
// their results (live: reaches one; dead: cannot).
type truth struct {
	goal       func(Outcome) bool
	live, dead []uint64
	seen       map[bruteKey]bool
}

// alfilIndex numbers the positions of exactly Shah+Alfil v Shah+Alfil.
func alfilIndex(p *Position) (int, bool) {
	if p.Occupied().Count() != 4 || p.byType[Alfil].Count() != 2 ||
		p.Pieces(White, Alfil) == 0 || p.Pieces(Black, Alfil) == 0 {
		return 0, false
	}
	i := int(p.Shah(White))
	i = i*64 + int(p.Shah(Black))
	i = i*64 + int(p.Pieces(White, Alfil).LSB())
	i = i*64 + int(p.Pieces(Black, Alfil).LSB())
	return i*2 + int(p.turn), true
}

func newTruth(goal func(Outcome) bool) *truth {
	return &truth{goal: goal, live: make([]uint64, 1<<19), dead: make([]uint64, 1<<19)}
}

func has(b []uint64, i int) bool { return b[i>>6]>>(i&63)&1 != 0 }
func set(b []uint64, i int)      { b[i>>6] |= 1 << (i & 63) }

// reach reports whether an end accepted by tr.goal is reachable from p.
func (tr *truth) reach(p Position) bool {
	if o, over := p.Outcome(); over {
		return tr.goal(o)
	}
	if i, ok := alfilIndex(&p); ok {
		if has(tr.live, i) {
			return true
		}
		if has(tr.dead, i) {
			return false
		}
	}
	if tr.seen == nil || len(tr.seen) > 4096 {
		tr.seen = make(map[bruteKey]bool)
	} else {
		clear(tr.seen)
	}
	type frame struct {
		p     Position
		moves []Move
	}
	expand := func(p Position) frame {
		var ml MoveList
		p.LegalMoves(&ml)
		moves := slices.Clone(ml.Slice())
		// Most promising first (the order does not affect the answer).
		slices.SortStableFunc(moves, func(a, b Move) int {
			pa, pb := p.Play(a), p.Play(b)
			return int(deadScore(&pa, deadGoalAny) - deadScore(&pb, deadGoalAny))
		})
		return frame{p, moves}
	}
	markLive := func(stack []frame) {
		for _, f := range stack {
			if i, ok := alfilIndex(&f.p); ok {
				set(tr.live, i)
			}
		}
	}
	tr.seen[bruteKey{p.board, p.turn}] = true
	stack := []frame{expand(p)}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if len(top.moves) == 0 {
			stack = stack[:len(stack)-1]
			continue
		}
		q := top.p.Play(top.moves[0])
		top.moves = top.moves[1:]
		k := bruteKey{q.board, q.turn}
		if tr.seen[k] {
			continue
		}
		tr.seen[k] = true
		if o, over := q.Outcome(); over {
			if tr.goal(o) {
				markLive(stack)
				return true
			}
			continue
		}
		if i, ok := alfilIndex(&q); ok {
			if has(tr.live, i) {
				markLive(stack)
				return true
			}
			if has(tr.dead, i) {
				continue
			}
		}
		stack = append(stack, expand(q))
	}
	// Nothing reachable reaches the goal: every position seen is dead.
	for k := range tr.seen {
		q := Position{board: k.board, turn: k.turn}
		for s, pc := range k.board {
			if pc != NoPiece {
				q.byType[pc.Type()] |= Square(s).Bit()
				q.byColor[pc.Color()] |= Square(s).Bit()
			}
		}
		if i, ok := alfilIndex(&q); ok {
			set(tr.dead, i)
		}
	}
	return false
}

// alfilCanonical reports whether the alfilIndex i is the least of its
// images under the 8 symmetries of the board.
func alfilCanonical(i int) bool {
	for sym := 1; sym < 8; sym++ {
		j := i & 1
		for sh := 1; sh < 25; sh += 6 {
			s := i >> sh & 63
			f, r := s&7, s>>3
			if sym&1 != 0 {
				f = 7 - f
			}
			if sym&2 != 0 {
				r = 7 - r
			}
			if sym&4 != 0 {
				f, r = r, f
			}
			j |= (r*8 + f) << sh
		}
		if j < i {
			return false
		}
	}
	return true
}

// TestDeadAlfilsExhaustive decides the class Shah+Alfil v Shah+Alfil
// (no Baidaq) against an independent ground truth: a memoised exhaustive
// search per position. With -dead.exhaustive every valid placement
// (64·64·64·64·2 candidates, one per orbit of the board's 8 symmetries) is checked — the proof that IsDead and
// CanWin are exact on the class; by default a random sample of 1,000.
func TestDeadAlfilsExhaustive(t *testing.T) {
	goals := [3]*truth{newTruth(anyWin), newTruth(winOf(White)), newTruth(winOf(Black))}
	n, dead, nowin := 0, 0, 0
	check := func(p Position) {
		n++
		isLive := goals[0].reach(p)
		w, b := goals[1].reach(p), goals[2].reach(p)
		if !isLive {
			dead++
		}
		if !w || !b {
			nowin++
		}
		// IsDead and CanWin are sound by construction; calling them on every
		// position would take long, so they are checked wherever the truth
		// is "dead" or "cannot win" and on a sample of the rest.
		if !isLive || !w || !b || n%97 == 0 {
			if p.IsDead() == isLive || p.CanWin(White) != w || p.CanWin(Black) != b {
				t.Errorf("%s: IsDead=%v CanWin=%v/%v, truth live=%v white=%v black=%v",
					p.FEN(), p.IsDead(), p.CanWin(White), p.CanWin(Black), isLive, w, b)
			}
		}
	}
	start := time.Now()
	if *deadExhaustive {
		var s Setup
		s.Fullmove = 1
		for i := range 1 << 25 {
			turn, ba, wa, bk, wk := i&1, i>>1&63, i>>7&63, i>>13&63, i>>19&63
			if wk == bk || wk == wa || wk == ba || bk == wa || bk == ba || wa == ba {
				continue
			}
			// Without Baidaqs the rules are symmetric under the 8 symmetries
			// of the board: decide one position of each orbit.
			if !alfilCanonical(i) {
				continue
			}
			s.Board = [64]Piece{}
			s.Board[wk] = MakePiece(White, Shah)
			s.Board[bk] = MakePiece(Black, Shah)
			s.Board[wa] = MakePiece(White, Alfil)
			s.Board[ba] = MakePiece(Black, Alfil)
			s.Turn = Color(turn)
			p, err := NewPosition(s)
			if err != nil {
				continue
			}
			check(p)
		}
	} else {
		rng := rand.New(rand.NewPCG(0xdead, 4))
		for n < 1000 {
			var s Setup
			s.Fullmove = 1
			sq := rng.Perm(64)
			s.Board[sq[0]] = MakePiece(White, Shah)
			s.Board[sq[1]] = MakePiece(Black, Shah)
			s.Board[sq[2]] = MakePiece(White, Alfil)
			s.Board[sq[3]] = MakePiece(Black, Alfil)
			s.Turn = Color(rng.IntN(2))
			if p, err := NewPosition(s); err == nil {
				check(p)
			}
		}
	}
	t.Logf("%d positions in %v: %d dead, %d where a side cannot win", n, time.Since(start).Round(time.Millisecond), dead, nowin)
}

// TestDeadFastPath: with much material IsDead and CanWin answer at once,
// without allocating; on the locked wall the full search stays fast.
func TestDeadFastPath(t *testing.T) {
	p := StartPosition()
	if a := testing.AllocsPerRun(100, func() { _ = p.IsDead(); _ = p.CanWin(White) }); a != 0 {
		t.Errorf("start position: %v allocations, want 0", a)
	}
	wall := mustPos(t, "4k3/"+deadWall[2:]+"4K3 w - - 0 1")
	start := time.Now()
	if !wall.IsDead() {
		t.Error("wall not dead")
	}
	if d := time.Since(start); d > 500*time.Millisecond {
		t.Errorf("locked wall took %v", d)
	}
}

// TestDeadEncoding: the search's state encoding round-trips every position
// of random games with at most 24 pieces.
func TestDeadEncoding(t *testing.T) {
	randomWalk(t, 100, func(p *Position) {
		if p.Occupied().Count() > deadMaxPieces {
			return
		}
		q := deadEncode(p).position()
		if q.board != p.board || q.byType != p.byType || q.byColor != p.byColor || q.turn != p.turn {
			t.Fatalf("%s: decoded as %s", p.FEN(), q.FEN())
		}
	})
}

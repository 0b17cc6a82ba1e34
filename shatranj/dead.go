package shatranj

// Dead positions.
//
// A position is dead when no sequence of legal moves, even with both sides
// cooperating, leads to a decisive result (checkmate, stalemate or bare
// king) for either side. Draws that must be claimed (fifty moves,
// repetition) are not forced, so cooperative play ignores them, and the
// move counters play no part: a position is its placement and side to
// move.
//
// Both questions are answered by one exhaustive search of the positions
// reachable from p: IsDead and CanWin never guess. The search visits each
// reachable position once (keyed by an exact encoding, not by the Zobrist
// key, whose collisions could hide a reachable position and make a verdict
// unsound), does not go past a position the game has ended in, and stops
// at the first decisive result it is looking for. A best-first order
// (fewest enemy pieces left, then the Shah nearest to one of them) finds
// the cooperative bare king of most live positions within a few hundred
// positions. A verdict of "dead" (or "cannot win") is given only when the
// search has visited every reachable position; when it runs out of its
// budget the answer is the sound one, "not dead" (or "can win").

// The search budgets, in positions visited.
const (
	// DeadSearchLimit is the number of positions the exhaustive search of
	// IsDead and CanWin may visit in the material classes it decides
	// exactly; any position from which fewer positions are reachable is
	// decided exactly whatever its material.
	DeadSearchLimit = 1 << 17
	// deadProbeLimit is the budget outside those classes.
	deadProbeLimit = 1 << 10
	// deadMaxPieces bounds the pieces of a searched position (the state
	// encoding holds 24).
	deadMaxPieces = 24
	// deadMaxOfficers bounds the pieces other than Shahs and Baidaqs of a
	// searched position; beyond it IsDead says false and CanWin true at
	// once.
	deadMaxOfficers = 4
)

// IsDead reports whether p is a dead position: whether no sequence of
// legal moves, even with both sides cooperating, can lead to checkmate,
// stalemate or bare king for either side. It is sound: true only when
// proven, by visiting every position reachable from p. A position the game
// has already ended in is dead only if that end is a draw (two bare Shahs);
// one already decided (checkmate, stalemate, bare king) is not dead but
// decided.
//
// Because a Shah may walk up to an undefended enemy piece and take it
// while the enemy looks on, most positions with little material are not
// dead: taking the last enemy piece bares the enemy. In particular
// Shah+Alfil v Shah+Alfil is never dead, even with Alfils bound to squares
// where they can never meet, and Shah v Shah+piece is decided by the
// bare-king rule, not dead — unless the bared side is to move and its one
// legal move takes the last piece (a forced counter-bare).
//
// IsDead is exact (true exactly for the dead positions) on these classes:
//
//   - no Baidaq and at most one piece besides the Shahs: at most 9
//     positions are reachable (K v K is dead; K+X v K only as a forced
//     counter-bare);
//   - no Baidaq and one Alfil a side: no such position is dead — checked for
//     all 3,294,932 valid placements up to the board's symmetries by
//     TestDeadAlfilsExhaustive -dead.exhaustive, with CanWin matching too;
//   - Shahs and Baidaqs, plus at most two other pieces if every Baidaq is
//     frozen (its step blocked by a Baidaq, no enemy piece on its capture
//     squares), whenever at most DeadSearchLimit positions are reachable;
//     in particular when the pawn structure can never change and no other
//     piece or one Alfil is left: the Shahs have 64·63 placements, times 2
//     sides to move, times 8 squares for an Alfil, at most 64,512
//     positions (the locked Baidaq wall is such a case);
//   - any position from which at most 1,024 positions are reachable.
//
// Elsewhere it may answer false for a dead position. It does bounded work:
// at most DeadSearchLimit positions visited, and nothing at all when p has
// more than 24 pieces or more than four besides the Shahs and Baidaqs.
func (p *Position) IsDead() bool {
	if o, over := p.Outcome(); over {
		return o.Draw
	}
	found, complete := deadSearch(p, deadGoalAny, deadBudget(p))
	return complete && !found
}

// CanWin reports whether c may still win: whether some sequence of legal
// moves, with both sides cooperating, leads to checkmate, stalemate or bare
// king in c's favour. It is sound in the other direction from IsDead: false
// only when proven that c can never win (so a flag fall of c's opponent is
// a draw); unknown counts as "can win". A side with only its Shah can never
// win, whatever the rest of the board (it can at best take the last enemy
// piece for a counter-bare draw). CanWin is exact on the classes listed
// under IsDead and, by the argument just given, whenever c is bare.
func (p *Position) CanWin(c Color) bool {
	c &= 1
	if o, over := p.Outcome(); over {
		return !o.Draw && o.Winner == c
	}
	if p.byColor[c]&^p.byType[Shah] == 0 {
		// c is bare and the game goes on, so c is to move and the opponent
		// has exactly one piece left (see bareKingDecided): c takes it (a
		// draw), or makes another move and is bared, or has no move and
		// loses.
		return false
	}
	found, complete := deadSearch(p, deadGoal(c), deadBudget(p))
	return found || !complete
}

// deadGoal is what a search looks for: a win of White, of Black, or either.
type deadGoal uint8

const deadGoalAny deadGoal = 2

// deadBudget returns how many positions a search from p may visit: the
// full limit in the classes decided exactly, a probe elsewhere, nothing
// when p has too much material to be worth searching.
func deadBudget(p *Position) int {
	occ := p.Occupied()
	if occ.Count() > deadMaxPieces {
		return 0
	}
	pawns := p.byType[Baidaq]
	officers := (occ &^ p.byType[Shah] &^ pawns).Count()
	switch {
	case officers > deadMaxOfficers:
		return 0
	case officers == 0,
		pawns == 0 && officers <= 2,
		officers <= 2 && p.baidaqsFrozen():
		return DeadSearchLimit
	}
	return deadProbeLimit
}

// baidaqsFrozen reports whether no Baidaq can move now or after any move
// of a piece other than a Baidaq that captures nothing: each one's step is
// blocked by a Baidaq and no enemy piece stands on its capture squares.
func (p *Position) baidaqsFrozen() bool {
	pawns := p.byType[Baidaq]
	w, b := pawns&p.byColor[White], pawns&p.byColor[Black]
	return w<<8&^pawns == 0 && b>>8&^pawns == 0 &&
		pawnSet(White, w)&p.byColor[Black] == 0 && pawnSet(Black, b)&p.byColor[White] == 0
}

// deadKey encodes a position of at most 24 pieces exactly: the occupied
// squares, the pieces on them in square order (4 bits each: 16 in lo, 8 in
// hi) and the side to move (the top bit of hi).
type deadKey struct{ occ, lo, hi uint64 }

func deadEncode(p *Position) deadKey {
	k := deadKey{occ: uint64(p.Occupied())}
	i := 0
	for occ := p.Occupied(); occ != 0; i++ {
		v := uint64(p.board[occ.PopLSB()] & 15)
		if i < 16 {
			k.lo |= v << (4 * i)
		} else {
			k.hi |= v << (4 * (i - 16))
		}
	}
	k.hi |= uint64(p.turn&1) << 63
	return k
}

// position decodes k (counters: halfmove 0, fullmove 1).
func (k deadKey) position() Position {
	var p Position
	i := 0
	for occ := Bitboard(k.occ); occ != 0; i++ {
		s := occ.PopLSB()
		var v uint64
		if i < 16 {
			v = k.lo >> (4 * i) & 15
		} else {
			v = k.hi >> (4 * (i - 16)) & 15
		}
		pc := Piece(v)
		p.board[s] = pc
		p.byType[pc.Type()] |= s.Bit()
		p.byColor[pc.Color()] |= s.Bit()
	}
	p.turn = Color(k.hi >> 63)
	p.fullmove = 1
	p.key = p.computeKey()
	return p
}

// deadScore orders the search: lower is tried first. For a side c it is
// 16 per enemy piece besides the Shah plus the distance from c's Shah to
// the nearest of them — how far c seems from baring the enemy.
func deadScore(p *Position, goal deadGoal) int32 {
	if goal != deadGoalAny {
		return deadSideScore(p, Color(goal))
	}
	return min(deadSideScore(p, White), deadSideScore(p, Black))
}

func deadSideScore(p *Position, c Color) int32 {
	enemy := p.byColor[c^1] &^ p.byType[Shah]
	if enemy == 0 {
		return 0
	}
	ks := p.Shah(c)
	d := 7
	for b := enemy; b != 0; {
		s := b.PopLSB()
		d = min(d, max(deadAbs(s.File()-ks.File()), deadAbs(s.Rank()-ks.Rank())))
	}
	return int32(16*enemy.Count() + d)
}

func deadAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

type deadEntry struct {
	score int32
	seq   uint32
	key   deadKey
}

// deadHeap is a min-heap on score; among equal scores the newest entry
// comes first (depth first).
type deadHeap []deadEntry

func (h deadHeap) less(i, j int) bool {
	return h[i].score < h[j].score || h[i].score == h[j].score && h[i].seq > h[j].seq
}

func (h *deadHeap) push(e deadEntry) {
	*h = append(*h, e)
	a := *h
	for i := len(a) - 1; i > 0; {
		parent := (i - 1) / 2
		if !a.less(i, parent) {
			break
		}
		a[i], a[parent] = a[parent], a[i]
		i = parent
	}
}

func (h *deadHeap) pop() deadEntry {
	a := *h
	top := a[0]
	last := len(a) - 1
	a[0] = a[last]
	a = a[:last]
	for i := 0; ; {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(a) && a.less(l, m) {
			m = l
		}
		if r < len(a) && a.less(r, m) {
			m = r
		}
		if m == i {
			break
		}
		a[i], a[m] = a[m], a[i]
		i = m
	}
	*h = a
	return top
}

// deadSearch explores the positions reachable from root, which must not be
// over, visiting at most limit of them. found reports a decisive result
// matching goal; complete reports that every reachable position was
// visited (so !found is then a proof).
func deadSearch(root *Position, goal deadGoal, limit int) (found, complete bool) {
	if limit <= 0 || root.Occupied().Count() > deadMaxPieces {
		return false, false
	}
	visited := make(map[deadKey]struct{}, 64)
	k := deadEncode(root)
	visited[k] = struct{}{}
	var seq uint32
	heap := deadHeap{{score: deadScore(root, goal), key: k}}
	var ml MoveList
	for len(heap) > 0 {
		p := heap.pop().key.position()
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			q := p.Play(m)
			k := deadEncode(&q)
			if _, seen := visited[k]; seen {
				continue
			}
			if len(visited) >= limit {
				return false, false
			}
			visited[k] = struct{}{}
			if o, over := q.Outcome(); over {
				if !o.Draw && (goal == deadGoalAny || o.Winner == Color(goal)) {
					return true, true
				}
				continue // a draw, or a win of the other side: the game ends
			}
			seq++
			heap.push(deadEntry{score: deadScore(&q, goal), seq: seq, key: k})
		}
	}
	return false, true
}

package shatranj

import (
	"context"
	"errors"
	"fmt"

	bb "github.com/baten-chess/baten/internal/bitboard"
)

// EndgameTable is the exact retrograde analysis of one pawnless ending
// with one piece a side: the white Shah and a piece of type White, the
// black Shah and a piece of type Black (K+F v K+F, K+R v K+N, ...). For
// every position it knows the result under the rules of Position.Outcome
// and, for a decided game, the distance in plies to the end with best play
// (the winner hurrying, the loser delaying).
//
// A capture leaves the table: the bared side is then to move, and the game
// is a draw if its Shah can take the last enemy piece (counter-bare) and
// lost otherwise. Those exits are resolved directly, so the table needs no
// other table. The eight symmetries of the board (there are no Baidaqs) put
// the white Shah in the triangle a1–d1–d4, so the table has 10·64³·2
// entries.
//
// An EndgameTable is read-only after BuildEndgameTable returns and is safe
// for concurrent use.
type EndgameTable struct {
	white, black PieceType
	val          []int16 // 0 draw (or unused), d+1 side to move wins in d plies, -(d+1) it loses in d plies
	maxPlies     int
}

// ErrNotInTable is wrapped by EndgameTable.Probe's error for a position of
// another material.
var ErrNotInTable = errors.New("shatranj: position not covered by the endgame table")

// tableSize is the number of entries: white Shah in the triangle (10),
// white piece, black Shah, black piece (64 each), side to move.
const tableSize = 10 * 64 * 64 * 64 * 2

// The eight symmetries of the square board, as square maps, and for each
// square the symmetries that take it into the triangle a1–d1–d4 (one, or
// two on the diagonal a1–d4).
var (
	symSquare  [8][64]Square
	toTriangle [64][]uint8
	triIndex   [64]int8 // index of a triangle square, -1 elsewhere
	triSquare  [10]Square
)

func init() {
	for s := Square(0); s < 64; s++ {
		f, r := int(s)&7, int(s)>>3
		maps := [8][2]int{{f, r}, {7 - f, r}, {f, 7 - r}, {7 - f, 7 - r}, {r, f}, {7 - r, f}, {r, 7 - f}, {7 - r, 7 - f}}
		for t, m := range maps {
			symSquare[t][s] = bb.NewSquare(m[0], m[1])
		}
	}
	n := int8(0)
	for s := Square(0); s < 64; s++ {
		f, r := int(s)&7, int(s)>>3
		triIndex[s] = -1
		if f <= 3 && r <= f {
			triIndex[s] = n
			triSquare[n] = s
			n++
		}
	}
	for s := Square(0); s < 64; s++ {
		for t := uint8(0); t < 8; t++ {
			if triIndex[symSquare[t][s]] >= 0 {
				toTriangle[s] = append(toTriangle[s], t)
			}
		}
	}
}

// egPos is a position of the table: Shahs k, pieces x (index by colour),
// side to move.
type egPos struct {
	k, x [2]Square
	stm  Color
}

func (e *EndgameTable) index(q egPos) int {
	return (((int(triIndex[q.k[White]])*64+int(q.x[White]))*64+int(q.k[Black]))*64+int(q.x[Black]))*2 + int(q.stm)
}

func (e *EndgameTable) decode(i int) egPos {
	var q egPos
	q.stm = Color(i & 1)
	i >>= 1
	q.x[Black] = Square(i & 63)
	i >>= 6
	q.k[Black] = Square(i & 63)
	i >>= 6
	q.x[White] = Square(i & 63)
	i >>= 6
	q.k[White] = triSquare[i]
	return q
}

// canon returns the index of the representative of q's symmetry class:
// the smallest index among the symmetries that put the white Shah in the
// triangle.
func (e *EndgameTable) canon(q egPos) int {
	best := -1
	for _, t := range toTriangle[q.k[White]] {
		m := &symSquare[t]
		i := e.index(egPos{k: [2]Square{m[q.k[White]], m[q.k[Black]]}, x: [2]Square{m[q.x[White]], m[q.x[Black]]}, stm: q.stm})
		if best < 0 || i < best {
			best = i
		}
	}
	return best
}

func (e *EndgameTable) typ(c Color) PieceType {
	if c == White {
		return e.white
	}
	return e.black
}

// attacks returns the squares a piece of type t on s attacks.
func attacks(t PieceType, s Square, occ Bitboard) Bitboard {
	switch t {
	case Shah:
		return bb.KingAttacks(s)
	case Ferz:
		return ferzAttacks[s]
	case Alfil:
		return alfilAttacks[s]
	case Faras:
		return bb.KnightAttacks(s)
	case Rukh:
		return bb.RookAttacks(s, occ)
	}
	return 0
}

// attacked reports whether colour c's Shah is attacked in q (with the
// opponent's piece present unless it sits on gone).
func (e *EndgameTable) attacked(q *egPos, c Color, occ Bitboard) bool {
	o := c ^ 1
	ks := q.k[c]
	if bb.KingAttacks(q.k[o]).Has(ks) {
		return true
	}
	return q.x[o] < 64 && attacks(e.typ(o), q.x[o], occ).Has(ks)
}

func (q *egPos) occ() Bitboard {
	b := q.k[0].Bit() | q.k[1].Bit() | q.x[0].Bit()
	if q.x[1] < 64 {
		b |= q.x[1].Bit()
	}
	return b
}

// valid reports whether q is a legal placement: four distinct squares and
// the side not to move not in check.
func (e *EndgameTable) valid(q *egPos) bool {
	occ := q.occ()
	if occ.Count() != 4 {
		return false
	}
	return !e.attacked(q, q.stm^1, occ)
}

// exitPlies resolves a capture that bares the side to move of q (its piece
// is gone, x[stm] = 64): -1 for a draw (its Shah takes the last piece), or
// the plies until it loses (0: it has no move, 1: any move loses).
func (e *EndgameTable) exitPlies(q *egPos) int {
	us, them := q.stm, q.stm^1
	occ := q.k[us].Bit() | q.k[them].Bit() | q.x[them].Bit()
	danger := bb.KingAttacks(q.k[them]) | attacks(e.typ(them), q.x[them], occ&^q.k[us].Bit())
	to := bb.KingAttacks(q.k[us]) &^ danger
	if to.Has(q.x[them]) {
		return -1
	}
	if to != 0 {
		return 1
	}
	return 0
}

// children lists the legal moves of q: the canonical indices of the
// positions they reach inside the table (deduplicated), and the best exit:
// the fewest plies to a win through a capture (or -1 if none wins) and
// whether some capture only draws.
func (e *EndgameTable) children(q egPos, buf []int) (kids []int, exitWin int, exitDraw bool, moves int) {
	us, them := q.stm, q.stm^1
	kids = buf[:0]
	exitWin = -1
	occ := q.occ()
	own := q.k[us].Bit() | q.x[us].Bit()
	for piece := 0; piece < 2; piece++ {
		from := q.k[us]
		t := Shah
		if piece == 1 {
			from, t = q.x[us], e.typ(us)
		}
		for to := attacks(t, from, occ) &^ own; to != 0; {
			s := to.PopLSB()
			n := q
			if piece == 0 {
				n.k[us] = s
			} else {
				n.x[us] = s
			}
			capture := s == q.x[them]
			if capture {
				n.x[them] = 64
			}
			nocc := occ&^from.Bit() | s.Bit()
			if e.attacked(&n, us, nocc) {
				continue
			}
			moves++
			n.stm = them
			if capture {
				switch d := e.exitPlies(&n); {
				case d < 0:
					exitDraw = true
				case exitWin < 0 || d+1 < exitWin:
					exitWin = d + 1
				}
				continue
			}
			c := e.canon(n)
			dup := false
			for _, k := range kids {
				if k == c {
					dup = true
					break
				}
			}
			if !dup {
				kids = append(kids, c)
			}
		}
	}
	return kids, exitWin, exitDraw, moves
}

// parents lists the canonical indices of the positions from which a legal
// non-capturing move leads to q (deduplicated).
func (e *EndgameTable) parents(q egPos, buf []int) []int {
	mover := q.stm ^ 1
	out := buf[:0]
	occ := q.occ()
	for piece := 0; piece < 2; piece++ {
		from := q.k[mover]
		t := Shah
		if piece == 1 {
			from, t = q.x[mover], e.typ(mover)
		}
		for to := attacks(t, from, occ) &^ occ; to != 0; {
			s := to.PopLSB()
			p := q
			if piece == 0 {
				p.k[mover] = s
			} else {
				p.x[mover] = s
			}
			p.stm = mover
			if e.attacked(&p, q.stm, occ&^from.Bit()|s.Bit()) {
				continue
			}
			c := e.canon(p)
			dup := false
			for _, k := range out {
				if k == c {
					dup = true
					break
				}
			}
			if !dup {
				out = append(out, c)
			}
		}
	}
	return out
}

// tableable reports whether t can stand in a table (any piece but the
// Shah and the Baidaq).
func tableable(t PieceType) bool {
	return t == Ferz || t == Alfil || t == Faras || t == Rukh
}

// BuildEndgameTable computes the table of the ending K+white v K+black by
// retrograde analysis. It takes a few seconds and about 16 MB; it stops
// early with ctx's error when ctx is done.
func BuildEndgameTable(ctx context.Context, white, black PieceType) (*EndgameTable, error) {
	if !tableable(white) || !tableable(black) {
		return nil, fmt.Errorf("shatranj: no endgame table for K+%v v K+%v: pieces must be Ferz, Alfil, Faras or Rukh", white, black)
	}
	e := &EndgameTable{white: white, black: black, val: make([]int16, tableSize)}
	cnt := make([]uint8, tableSize)
	var layers [][]int32 // layers[d]: positions decided at distance d
	push := func(d, i int) {
		for len(layers) <= d {
			layers = append(layers, nil)
		}
		layers[d] = append(layers[d], int32(i))
	}
	pendingWin := [3][]int32{} // exit wins at distance 1 and 2
	buf := make([]int, 0, 64)
	for i := 0; i < tableSize; i++ {
		if i&0xfffff == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		q := e.decode(i)
		if !e.valid(&q) || e.canon(q) != i {
			continue
		}
		kids, exitWin, exitDraw, moves := e.children(q, buf)
		switch {
		case moves == 0:
			e.val[i] = -1 // checkmated or stalemated: lost now
			push(0, i)
			continue
		case exitWin > 0:
			pendingWin[exitWin] = append(pendingWin[exitWin], int32(i))
		}
		n := len(kids)
		if exitWin > 0 || exitDraw {
			n++ // an exit is never a win for the opponent
		}
		cnt[i] = uint8(n)
	}
	for d := 0; d < len(layers) || d < len(pendingWin); d++ {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if d < len(pendingWin) {
			for _, i := range pendingWin[d] {
				if e.val[i] == 0 {
					e.val[i] = int16(d + 1)
					push(d, int(i))
				}
			}
		}
		if d >= len(layers) {
			continue
		}
		for k := 0; k < len(layers[d]); k++ {
			i := int(layers[d][k])
			e.maxPlies = d
			lost := e.val[i] < 0
			for _, p := range e.parents(e.decode(i), buf) {
				if e.val[p] != 0 {
					continue
				}
				if lost {
					e.val[p] = int16(d + 2)
					push(d+1, p)
				} else if cnt[p]--; cnt[p] == 0 {
					e.val[p] = int16(-(d + 2))
					push(d+1, p)
				}
			}
		}
		layers[d] = nil
	}
	return e, nil
}

// Material returns the piece types of the table: White's and Black's.
func (e *EndgameTable) Material() (white, black PieceType) { return e.white, e.black }

// MaxPlies returns the longest distance to a decided game in the table.
func (e *EndgameTable) MaxPlies() int { return e.maxPlies }

// Probe returns the value of p from the side to move's point of view:
// win true with the plies to the decisive position for a win, win false
// with the plies for a loss, or draw true. The error wraps ErrNotInTable
// when p has other material.
func (e *EndgameTable) Probe(p *Position) (plies int, win, draw bool, err error) {
	q, ok := e.pos(p)
	if !ok {
		return 0, false, false, fmt.Errorf("%w: %s", ErrNotInTable, p.FEN())
	}
	v := e.val[e.canon(q)]
	switch {
	case v > 0:
		return int(v) - 1, true, false, nil
	case v < 0:
		return int(-v) - 1, false, false, nil
	}
	return 0, false, true, nil
}

// pos converts p to the table's form if it has the table's material.
func (e *EndgameTable) pos(p *Position) (egPos, bool) {
	var q egPos
	if p.byType[Baidaq] != 0 {
		return q, false
	}
	for c := White; c <= Black; c++ {
		rest := p.byColor[c] &^ p.byType[Shah]
		if rest.Count() != 1 || p.PieceAt(rest.LSB()).Type() != e.typ(c) {
			return q, false
		}
		q.k[c] = p.Shah(c)
		q.x[c] = rest.LSB()
	}
	q.stm = p.turn
	return q, true
}

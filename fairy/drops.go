package fairy

import (
	"math/bits"
	"reflect"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
)

// The drops family (rules.DropRules) on the fast generator: each side's
// hand is a count per kind in Position, the promoted pieces a capture
// returns as pawns a bitboard, and a drop a Move with flagDrop, from =
// to, the kind in extra.

// flagDrop marks a drop: the kind in extra, from = to.
const flagDrop Move = 1 << 29

// dropInfo is rules.DropRules compiled.
type dropInfo struct {
	toHand, demote bool
	pawn           uint8                      // the kind a demoted piece returns as, 0 for none
	ok             [2][maxKinds + 1][4]uint64 // squares a kind may be dropped on, by player
	noDoubled      uint8
	noDoubledCount int
	noChecks       bool
	must           bool
	mustKind       uint8
	bishop         uint8 // OppositeBishops' kind, 0 for none
	bishopFree     [2][4]uint64
	castling       bool      // CastlingDropped
	rooks          [2]uint32 // the castling rook kinds, by player
}

// dropsRefusal reports the drop rules this generator does not play: every
// DropRules field it does not know, and the families it does not combine
// with drops. The one place to add a refusal.
func dropsRefusal(v *rules.Variant, r *Rules) error {
	d := *v.Drops
	d.CapturesToHand, d.Loop, d.Region, d.Pawn, d.FirstRankPawns, d.ZonePawns = false, false, [2][]geom.Square{}, 0, false, false
	d.NoDoubled, d.NoDoubledCount, d.NoChecks, d.Must, d.MustKind = 0, 0, false, false, 0
	d.OppositeBishops, d.CastlingDropped, d.HandOrder = 0, false, ""
	if !reflect.DeepEqual(d, rules.DropRules{}) {
		return unsupported(v, "drops: a drop rule beside those of rules.DropRules in fairy/drops.go")
	}
	switch {
	case r.blast != nil || r.petrify != nil:
		return unsupported(v, "drops with capture effects")
	case r.gates || r.moves != nil || r.wall != nil || r.eps != nil:
		return unsupported(v, "drops with gates, move rules, walls or en passant squares")
	case r.palace != nil || r.soldiers != nil || r.guards != (rules.RoyalGuards{}):
		return unsupported(v, "drops with palaces or royal guards")
	case r.checks || r.count.rule != rules.NoCounting || r.flag != nil || r.connect != nil:
		return unsupported(v, "drops with check counting, counting, flag or connection")
	case r.mustCapture || r.noCheck || r.ext != nil:
		return unsupported(v, "drops with compulsory capture, no checking or extinction")
	}
	return nil
}

// compileDrops compiles v's drop rules, once the kinds are compiled.
func compileDrops(v *rules.Variant, r *Rules) (*dropInfo, error) {
	if v.Drops == nil {
		return nil, nil
	}
	if err := dropsRefusal(v, r); err != nil {
		return nil, err
	}
	d := v.Drops
	di := &dropInfo{toHand: d.CapturesToHand, noChecks: d.NoChecks, must: d.Must, noDoubledCount: d.NoDoubledCount,
		castling: d.CastlingDropped && v.Castling != nil}
	kind := func(letter byte) uint8 {
		if id, ok := v.KindByLetter(letter); ok && letter != 0 {
			return uint8(id)
		}
		return 0
	}
	di.pawn, di.noDoubled, di.mustKind, di.bishop = kind(d.Pawn), kind(d.NoDoubled), kind(d.MustKind), kind(d.OppositeBishops)
	di.demote = d.CapturesToHand && !d.Loop && di.pawn != 0
	for pl := range 2 {
		player := rules.Player(pl)
		region := map[geom.Square]bool{}
		for _, sq := range d.Region[pl] {
			region[sq] = true
		}
		for id := 1; id < len(r.kinds); id++ {
			side := v.Side(player, rules.KindID(id))
			for _, s := range r.squares {
				sq := sqToGeom(s)
				if d.Region[pl] != nil && !region[sq] || !side.MayStand(sq) {
					continue
				}
				if uint8(id) == di.pawn {
					if !d.FirstRankPawns && v.RelativeRank(player, sq) == 1 {
						continue
					}
					if !d.ZonePawns && side.Promotion != nil && side.Promotion.PromotesOn(v, player, sq) {
						continue
					}
				}
				di.ok[pl][id][s/64] |= 1 << (s % 64)
				if uint8(id) == di.bishop {
					di.bishopFree[pl][s/64] |= 1 << (s % 64)
				}
			}
		}
		if c := v.Castling; c != nil {
			letters := c.Rooks[pl]
			if letters == "" {
				letters = string(c.Rook)
			}
			for i := 0; i < len(letters); i++ {
				if k := kind(letters[i]); k != 0 {
					di.rooks[pl] |= 1 << k
				}
			}
		}
	}
	return di, nil
}

// readHands copies the hands and promoted marks of p into q.
func (q *Position) readHands(p *rules.Position) error {
	d := q.r.drops
	if d == nil {
		return nil
	}
	for pl := range 2 {
		royals := int(q.nroyal[pl])
		for id := 1; id < len(q.r.kinds); id++ {
			n := p.Hand(rules.Player(pl), rules.KindID(id))
			if n > 255 {
				return unsupported(q.r.v, "%d pieces of a kind in hand", n)
			}
			q.hand[pl][id] = uint8(n)
			if q.r.kinds[id].royal {
				royals += n
			}
		}
		if royals > maxRoyal {
			return unsupported(q.r.v, "more than %d royal pieces with the hand", maxRoyal)
		}
	}
	if d.demote {
		for _, s := range q.r.squares {
			if p.IsPromoted(sqToGeom(s)) {
				q.promoted[s/64] |= 1 << (s % 64)
			}
		}
	}
	return nil
}

// dropMoves adds the legal drops of the side to move to l, and applies
// Must.
func (p *Position) dropMoves(l *MoveList, inCheck bool) {
	d := p.r.drops
	us := p.turn
	any := false
	for k := 1; k < len(p.r.kinds); k++ {
		any = any || p.hand[us][k] != 0
	}
	if !any {
		return
	}
	var empty [4]uint64
	for _, s := range p.r.squares {
		if p.board[s] == 0 {
			empty[s/64] |= 1 << (s % 64)
		}
	}
	// safe: the squares where a dropped piece leaves no royal piece of
	// ours attacked (every empty one out of check, without screens).
	safe := empty
	if inCheck || p.r.hasScreens {
		safe = [4]uint64{}
		for w := range 4 {
			for b := empty[w]; b != 0; b &= b - 1 {
				s := uint8(w*64 + bits.TrailingZeros64(b))
				p.board[s] = 1 | us<<5 // a blocker of any kind
				if !p.royalAttacked(us) {
					safe[w] |= 1 << (s % 64)
				}
				p.board[s] = 0
			}
		}
	}
	var bish bishopCount
	if d.bishop != 0 {
		bish = p.bishopCount(empty)
	}
	start := l.N
	for k := uint8(1); int(k) < len(p.r.kinds); k++ {
		if p.hand[us][k] == 0 || (d.must && d.mustKind != 0 && k != d.mustKind && p.hand[us][d.mustKind] != 0) {
			continue
		}
		royal := p.r.kinds[k].royal
		var noFile uint16
		if k == d.noDoubled {
			var n [16]int
			for _, s := range p.r.squares {
				if p.board[s] == k|us<<5 {
					n[s%16]++
				}
			}
			for f := range n {
				if n[f] >= d.noDoubledCount {
					noFile |= 1 << f
				}
			}
		}
		for w := range 4 {
			mask := empty[w] & d.ok[us][k][w]
			if !royal {
				mask &= safe[w]
			}
			for b := mask; b != 0; b &= b - 1 {
				s := uint8(w*64 + bits.TrailingZeros64(b))
				if noFile>>(s%16)&1 != 0 || d.bishop != 0 && bish.forbid(d, us, k, s) {
					continue
				}
				m := mkMove(s, s, k, flagDrop)
				if royal || d.noChecks {
					u := p.Play(m)
					bad := royal && p.royalAttacked(us) || d.noChecks && p.royalAttacked(us^1)
					p.Unplay(m, u)
					if bad {
						continue
					}
				}
				l.add(m)
			}
		}
	}
	if d.must && l.N > start && (d.mustKind == 0 || p.hand[us][d.mustKind] != 0) {
		n := copy(l.Moves[:], l.Moves[start:l.N])
		l.N = n
	}
}

// bishopCount is what OppositeBishops needs: the mover's bishops, and
// the free squares a bishop may be dropped on, by colour (1: dark).
type bishopCount struct {
	on, free [2]int
	total    int
}

func dark(s uint8) int { return int(s%16+s/16+1) % 2 }

func (p *Position) bishopCount(empty [4]uint64) bishopCount {
	d := p.r.drops
	us := p.turn
	c := bishopCount{total: int(p.count[us][d.bishop]) + int(p.hand[us][d.bishop])}
	for _, s := range p.r.squares {
		switch {
		case p.board[s] == d.bishop|us<<5:
			c.on[dark(s)]++
		case empty[s/64]&d.bishopFree[us][s/64]&(1<<(s%64)) != 0:
			c.free[dark(s)]++
		}
	}
	return c
}

// forbid applies OppositeBishops to a drop of kind k on s
// (rules.Position.bishopsForbid).
func (c *bishopCount) forbid(d *dropInfo, us, k, s uint8) bool {
	col := dark(s)
	if k == d.bishop {
		return c.on[col]+1 > (c.total+1)/2
	}
	on := [2]int{c.on[0] + c.free[0], c.on[1] + c.free[1]}
	if d.bishopFree[us][s/64]&(1<<(s%64)) != 0 {
		on[col]--
	}
	return on[0] < c.total/2 || on[1] < c.total/2
}

// playDrop plays the drop m; u holds what Unplay restores.
func (p *Position) playDrop(m Move, u Undo) Undo {
	r := p.r
	us := p.turn
	s, k := m.to(), m.extra()
	p.board[s] = k | us<<5
	p.hand[us][k]--
	p.count[us][k]++
	if r.kinds[k].royal {
		p.royal[us][p.nroyal[us]] = s
		p.nroyal[us]++
	} else {
		p.nonroyal[us]++
	}
	p.hasEP, p.ep, p.victim, p.hasEP2 = false, 0, 0, false
	p.halfmove = 0 // as Fairy-Stockfish: a drop cannot be taken back
	if us == 1 {
		p.fullmove++
	}
	p.turn ^= 1
	if d := r.drops; d.castling && int(s/16) == r.castleRank[us] {
		p.droppedCastling(us, k, s)
	}
	return u
}

// droppedCastling gives a king dropped on the e-file of its castling rank
// the rights of the castling rooks in its corners, and a rook dropped in
// a corner its right where the king stands on e (CastlingDropped).
func (p *Position) droppedCastling(us, k, s uint8) {
	r := p.r
	const kingFile = 4 // Fairy-Stockfish's castlingKingFile
	rank := r.castleRank[us]
	rook := func(sq uint8) bool {
		pc := p.board[sq]
		return pc != 0 && owner(pc) == us && r.drops.rooks[us]&(1<<kindOf(pc)) != 0
	}
	switch {
	case k == r.castleKing && s%16 == kingFile:
		for _, f := range [2]int{0, r.w - 1} {
			if rook(sqOf(f, rank)) {
				p.castle[us] |= 1 << f
			}
		}
	case (int(s%16) == 0 || int(s%16) == r.w-1) && rook(s) && p.board[sqOf(kingFile, rank)] == r.castleKing|us<<5:
		p.castle[us] |= 1 << (s % 16)
	}
}

// unplayDrop takes back the drop m.
func (p *Position) unplayDrop(m Move, u Undo) {
	p.turn ^= 1
	us := p.turn
	s, k := m.to(), m.extra()
	p.board[s] = 0
	p.hand[us][k]++
	p.count[us][k]--
	if p.r.kinds[k].royal {
		p.nroyal[us]--
		p.royal[us][p.nroyal[us]] = 0
	} else {
		p.nonroyal[us]--
	}
	p.ep, p.victim, p.hasEP = u.ep, u.victim, u.hasEP
	p.ep2, p.hasEP2 = u.ep2, u.hasEP2
	p.castle = u.castle
	p.halfmove, p.fullmove = u.halfmove, u.fullmove
}

// toHand puts the piece c captured on capSq into the mover's hand
// (CapturesToHand), as a pawn if it was promoted.
func (p *Position) toHand(c, capSq uint8, u *Undo) {
	d := p.r.drops
	if !d.toHand {
		return
	}
	k := kindOf(c)
	if d.demote && p.promoted[capSq/64]&(1<<(capSq%64)) != 0 {
		k = d.pawn
	}
	p.hand[p.turn][k]++
	u.handKind = k
}

// moveMarks moves the promoted marks along with the move m of us
// (rookFrom, rookTo: a castling rook's squares, 255 for none).
func (p *Position) moveMarks(m Move, capSq, rookFrom, rookTo uint8, u *Undo) {
	u.promoted = p.promoted
	clear := func(s uint8) bool {
		had := p.promoted[s/64]&(1<<(s%64)) != 0
		p.promoted[s/64] &^= 1 << (s % 64)
		return had
	}
	set := func(s uint8) { p.promoted[s/64] |= 1 << (s % 64) }
	if capSq != 255 {
		clear(capSq)
	}
	if rookFrom != 255 && clear(rookFrom) {
		set(rookTo)
	}
	if clear(m.from()) || m&flagPromo != 0 {
		set(m.to())
	}
}

// dropText is a drop's text, "P@e4".
func (p *Position) dropText(m Move) string {
	return string(p.r.kinds[m.extra()].letter) + "@" + squareName(m.to())
}

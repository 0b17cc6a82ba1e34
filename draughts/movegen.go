package draughts

// movers returns the side to move's pieces that may move towards square 32
// (down) and towards square 1 (up): its men one way, its kings both.
func (p Position) movers() (down, up SquareSet) {
	own := p.pieces[p.turn&1]
	if p.turn == Black {
		return own, own & p.kings
	}
	return own & p.kings, own
}

// jumpers is the set of pieces among down and up that can capture a piece
// of opp. A piece can jump down-left when the square down-left of it holds
// an enemy and the one beyond is empty, that is when it lies up-right of an
// enemy and two steps up-right of an empty square; likewise for the other
// directions.
func jumpers(down, up, opp, empty SquareSet) SquareSet {
	return down&(upRight(opp)&jumpUpRight(empty)|upLeft(opp)&jumpUpLeft(empty)) |
		up&(downRight(opp)&jumpDownRight(empty)|downLeft(opp)&jumpDownLeft(empty))
}

// jumpers is the set of the side to move's pieces that can capture.
func (p Position) jumpers() SquareSet {
	down, up := p.movers()
	return jumpers(down, up, p.pieces[p.turn^1], ^(p.pieces[0] | p.pieces[1]))
}

// LegalMoves fills ml with the legal moves of the side to move: every
// maximal capture chain when any capture exists (capture is mandatory, any
// maximal chain may be chosen), else every step. It never allocates.
func (p Position) LegalMoves(ml *MoveList) {
	ml.n = 0
	if j := p.jumpers(); j != 0 {
		c := p.chains(ml)
		for ; j != 0; j &= j - 1 {
			c.start(j.First(), p.kings)
		}
		return
	}
	empty := ^(p.pieces[0] | p.pieces[1])
	down, up := p.movers()
	for b := down | up; b != 0; b &= b - 1 {
		s := b.First()
		bit := s.Bit()
		if down&bit != 0 {
			ml.addStep(s, downLeft(bit)&empty)
			ml.addStep(s, downRight(bit)&empty)
		}
		if up&bit != 0 {
			ml.addStep(s, upLeft(bit)&empty)
			ml.addStep(s, upRight(bit)&empty)
		}
	}
}

// addStep adds the step from s to the square in to, if there is one.
func (l *MoveList) addStep(s Square, to SquareSet) {
	if to != 0 {
		l.moves[l.n] = Move{from: s, to: to.First()}
		l.n++
	}
}

// MoveCount is the number of legal moves, counted without listing them:
// steps by population counts of whole target sets (each direction maps
// distinct pieces to distinct squares), chains by walking them. Perft
// counts its last ply this way.
func (p Position) MoveCount() int {
	down, up := p.movers()
	opp := p.pieces[p.turn^1]
	empty := ^(p.pieces[0] | p.pieces[1])
	if j := jumpers(down, up, opp, empty); j != 0 {
		return p.countChains(j, opp, empty)
	}
	return (downLeft(down) & empty).Count() + (downRight(down) & empty).Count() +
		(upLeft(up) & empty).Count() + (upRight(up) & empty).Count()
}

// countChains counts the maximal chains of the pieces in j.
func (p Position) countChains(j, opp, empty SquareSet) int {
	n := 0
	for ; j != 0; j &= j - 1 {
		bit := j & -j
		if p.kings&bit != 0 {
			n += countKingChains(bit, opp, empty|bit)
		} else {
			n += countManChains(bit, p.turn, opp, empty|bit)
		}
	}
	return n
}

// countKingChains counts the maximal chains of a king on at; opp holds the
// enemies it may still jump, empty the squares it may land on (its start
// square included, jumped pieces not).
func countKingChains(at, opp, empty SquareSet) int {
	n := 0
	if over := downLeft(at) & opp; over != 0 {
		if land := jumpDownLeft(at) & empty; land != 0 {
			n += countKingChains(land, opp&^over, empty)
		}
	}
	if over := downRight(at) & opp; over != 0 {
		if land := jumpDownRight(at) & empty; land != 0 {
			n += countKingChains(land, opp&^over, empty)
		}
	}
	if over := upLeft(at) & opp; over != 0 {
		if land := jumpUpLeft(at) & empty; land != 0 {
			n += countKingChains(land, opp&^over, empty)
		}
	}
	if over := upRight(at) & opp; over != 0 {
		if land := jumpUpRight(at) & empty; land != 0 {
			n += countKingChains(land, opp&^over, empty)
		}
	}
	return max(n, 1)
}

// countManChains counts the maximal chains of a man of side c on at; a man
// landing on its crowning row stops.
func countManChains(at SquareSet, c Color, opp, empty SquareSet) int {
	if at&crownRow(c) != 0 {
		return 1
	}
	n := 0
	if c == Black {
		if over := downLeft(at) & opp; over != 0 {
			if land := jumpDownLeft(at) & empty; land != 0 {
				n += countManChains(land, c, opp&^over, empty)
			}
		}
		if over := downRight(at) & opp; over != 0 {
			if land := jumpDownRight(at) & empty; land != 0 {
				n += countManChains(land, c, opp&^over, empty)
			}
		}
	} else {
		if over := upLeft(at) & opp; over != 0 {
			if land := jumpUpLeft(at) & empty; land != 0 {
				n += countManChains(land, c, opp&^over, empty)
			}
		}
		if over := upRight(at) & opp; over != 0 {
			if land := jumpUpRight(at) & empty; land != 0 {
				n += countManChains(land, c, opp&^over, empty)
			}
		}
	}
	return max(n, 1)
}

// HasMoves reports whether the side to move has a legal move.
func (p Position) HasMoves() bool {
	if p.jumpers() != 0 {
		return true
	}
	empty := ^(p.pieces[0] | p.pieces[1])
	down, up := p.movers()
	return (downLeft(down)|downRight(down))&empty != 0 || (upLeft(up)|upRight(up))&empty != 0
}

// chainWalker lists the maximal capture chains of one piece at a time.
type chainWalker struct {
	ml   *MoveList
	side Color
	// opp holds the enemy pieces not yet jumped in the current chain.
	// Jumped pieces stay on the board until the chain ends, so they are
	// never in empty: they block landings and cannot be jumped again.
	opp, empty SquareSet
	// crown is the mover's crowning row when it is a man (crowning ends
	// the move), else empty.
	crown    SquareSet
	down, up bool
	m        Move
}

// chains prepares a walker that adds the side to move's chains to ml.
func (p Position) chains(ml *MoveList) chainWalker {
	return chainWalker{
		ml:    ml,
		side:  p.turn,
		opp:   p.pieces[p.turn^1],
		empty: ^(p.pieces[0] | p.pieces[1]),
	}
}

// start walks the chains of the piece on s; kings tells which pieces are
// kings.
func (c *chainWalker) start(s Square, kings SquareSet) {
	bit := s.Bit()
	king := kings&bit != 0
	c.down = king || c.side == Black
	c.up = king || c.side == White
	c.crown = 0
	if !king {
		c.crown = crownRow(c.side)
	}
	c.m = Move{from: s}
	c.empty |= bit // the piece has left its square while it jumps
	c.extend(bit, 0)
	c.empty &^= bit
}

// extend tries every jump from at, the landing square after depth jumps,
// and records the chain when none is possible.
func (c *chainWalker) extend(at SquareSet, depth int) {
	found := false
	if c.down {
		if c.jump(downLeft(at), jumpDownLeft(at), depth) {
			found = true
		}
		if c.jump(downRight(at), jumpDownRight(at), depth) {
			found = true
		}
	}
	if c.up {
		if c.jump(upLeft(at), jumpUpLeft(at), depth) {
			found = true
		}
		if c.jump(upRight(at), jumpUpRight(at), depth) {
			found = true
		}
	}
	if !found && depth > 0 {
		c.record(depth)
	}
}

// jump takes the piece on over, landing on land, if that is possible, and
// continues the chain from there (a man that lands on its crowning row
// stops). It reports whether the jump was possible.
func (c *chainWalker) jump(over, land SquareSet, depth int) bool {
	if over&c.opp == 0 || land&c.empty == 0 {
		return false
	}
	c.m.path[depth] = land.First()
	c.m.captured |= over
	c.opp &^= over
	if land&c.crown != 0 {
		c.record(depth + 1)
	} else {
		c.extend(land, depth+1)
	}
	c.opp |= over
	c.m.captured &^= over
	c.m.path[depth] = 0 // landing squares beyond jumps stay zero, so == compares moves
	return true
}

// record adds the chain of the given number of jumps.
func (c *chainWalker) record(jumps int) {
	c.m.jumps = uint8(jumps)
	c.m.to = c.m.path[jumps-1]
	c.ml.moves[c.ml.n] = c.m
	c.ml.n++
}

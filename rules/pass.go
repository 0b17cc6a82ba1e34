package rules

// Passing (Fairy-Stockfish's pass and passOnStalemate, by player): a
// player may pass, always (Pass) or only when it has no other legal move
// (PassOnStalemate), but never while in check. A pass is a move of one
// of the player's pieces to its own square (Move.Pass), written so, as
// Fairy-Stockfish writes it ("e1e1"): the royal piece's, else the piece
// on the lowest square (a1, b1, …, a2, …). It changes nothing on the
// board and keeps the castling rights; the clocks and the en passant
// square go as after any move of that piece (a pawn's pass resets the
// halfmove clock, as in Fairy-Stockfish). Two passes in a row end the
// game in a draw, which material counting may decide. A player without
// pieces cannot pass.

// mayPass reports whether the side to move may pass, at least when it
// has no other move.
func (p *Position) mayPass() bool {
	r := p.v.Moves
	return r != nil && (r.Pass[p.turn] || r.PassOnStalemate[p.turn])
}

// passMove is the side to move's pass, if it may pass and has a piece.
func (p *Position) passMove() (Move, bool) {
	if !p.mayPass() {
		return Move{}, false
	}
	var first *Move
	for _, sq := range p.v.Size.Squares() {
		pc := p.board.At(sq)
		if pc.Empty() || pc.Owner != p.turn {
			continue
		}
		m := Move{From: sq, To: sq, Pass: true}
		if p.v.Kind(pc.Kind).Royal {
			return m, true
		}
		if first == nil {
			first = &m
		}
	}
	if first == nil {
		return Move{}, false
	}
	return *first, true
}

// keepPass applies passOnStalemate to the legal moves: a pass the player
// may make only on stalemate goes when another move is legal.
func (p *Position) keepPass(legal []Move) []Move {
	if len(legal) < 2 || p.v.Moves == nil || p.v.Moves.Pass[p.turn] || !p.v.Moves.PassOnStalemate[p.turn] {
		return legal
	}
	out := legal[:0]
	for _, m := range legal {
		if !m.Pass {
			out = append(out, m)
		}
	}
	return out
}

// Passes counts the passes played last in a row, up to 2 (the game is
// then over).
func (p *Position) Passes() uint8 { return p.moves.passes }

// passesOutcome is the end of two passes in a row: a draw, or material
// counting's result.
func (p *Position) passesOutcome() (Outcome, bool) {
	if p.moves.passes < 2 {
		return Outcome{}, false
	}
	return p.MaterialOutcome(DoublePass), true
}

package rules

// makpongForbids applies Makpong's rule (MoveRules.Makpong,
// Fairy-Stockfish's makpongRule): while the side to move is in check, its
// king may move only to capture the piece that gives check, and not at
// all when two pieces give it. Other pieces answer the check as usual.
func (p *Position) makpongForbids(m Move) bool {
	if p.v.Moves == nil || !p.v.Moves.Makpong || m.Drop != 0 || !p.v.Kind(p.board.At(m.From).Kind).Royal {
		return false
	}
	var checkers int
	onTo := false
	for _, sq := range p.v.Size.Squares() {
		pc := p.board.At(sq)
		if pc.Empty() || pc.Owner != p.turn || !p.v.Kind(pc.Kind).Royal {
			continue
		}
		for _, from := range p.attackers(sq, p.turn.Opponent(), -1) {
			checkers++
			onTo = onTo || from == m.To
		}
	}
	return checkers > 0 && (checkers > 1 || !onTo)
}

package banchess

// Perft counts the leaves of the legal-action tree of depth plies from p:
// every ban and every move is one ply. The last ply is counted in bulk.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 || p.ply == 0 {
		return 1
	}
	q := *p
	return q.perft(depth)
}

// perft walks the tree with Do and Undo, leaving p as it found it.
func (p *Position) perft(depth int) uint64 {
	if depth == 1 {
		return uint64(p.countActions())
	}
	var l ActionList
	p.LegalActions(&l)
	var n uint64
	for _, a := range l.Slice() {
		var u Undo
		p.Do(a, &u)
		n += p.perft(depth - 1)
		p.Undo(a, &u)
	}
	return n
}

// Division is the action-perft count below one root action.
type Division struct {
	Action string // as ActionText writes it
	Nodes  uint64
}

// Divide returns the perft of depth-1 below each legal action of p.
func (p *Position) Divide(depth int) []Division {
	var l ActionList
	p.LegalActions(&l)
	out := make([]Division, 0, l.Len())
	for _, a := range l.Slice() {
		q := *p
		q.play(a)
		out = append(out, Division{p.ActionText(a), q.Perft(depth - 1)})
	}
	return out
}

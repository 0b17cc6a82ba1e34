package banchess

// Perft counts the leaves of the legal-action tree of depth plies from p:
// every ban and every move is one ply. The last ply is counted in bulk.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 || p.ply == 0 {
		return 1
	}
	stack := make([]Position, depth+1)
	stack[0] = *p
	return perft(stack, depth)
}

func perft(stack []Position, depth int) uint64 {
	p := &stack[0]
	if depth == 1 {
		return uint64(p.countActions())
	}
	var l ActionList
	p.LegalActions(&l)
	child := &stack[1]
	var n uint64
	for _, a := range l.Slice() {
		*child = *p
		child.play(a)
		n += perft(stack[1:], depth-1)
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

package shatranj

// SolveCheckingMate searches for a forced win in at most n moves of the
// side to move in which every one of its moves gives check — the genre of
// most mansubat (shatranj problems). A win is any end the Outcome rules
// give to the attacker: checkmate, or bare king when a checking capture
// takes the defender's last piece. It returns the shortest such win: its
// length in moves and the attacker's first move, or ok false when there is
// none within n. It is not a general solver: a win whose moves are not all
// checks is not found.
func SolveCheckingMate(p *Position, n int) (moves int, first Move, ok bool) {
	for d := 1; d <= n; d++ {
		if m, found := checkingWin(p, d); found {
			return d, m, true
		}
	}
	return 0, NoMove, false
}

// checkingWin reports whether the side to move of p wins in at most d
// checking moves, and the first move of such a win.
func checkingWin(p *Position, d int) (Move, bool) {
	us := p.turn
	var ml MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Slice() {
		c := p.Play(m)
		if !c.InCheck() {
			continue
		}
		if o, ended := c.Outcome(); ended {
			if !o.Draw && o.Winner == us {
				return m, true
			}
			continue
		}
		if d == 1 {
			continue
		}
		var replies MoveList
		c.LegalMoves(&replies)
		all := true
		for _, r := range replies.Slice() {
			g := c.Play(r)
			if _, win := checkingWin(&g, d-1); !win {
				all = false
				break
			}
		}
		if all {
			return m, true
		}
	}
	return NoMove, false
}

package fairy

// isCapture reports whether m takes a piece: en passant, or a move (not
// castling, whose king may land on its own rook) onto an occupied square.
func (p *Position) isCapture(m Move) bool {
	return m&flagEP != 0 || (m&(flagCastle|flagPass) == 0 && p.board[m.to()] != 0) // family: move rules: a pass takes nothing
}

// keepCaptures applies mandatory capture (rules.Variant.MandatoryCapture,
// Fairy-Stockfish's mustCapture) to the legal moves in l: when one of them
// captures, only the captures stay. Legality comes first, as in
// Fairy-Stockfish, where a capture that leaves the royal piece attacked
// does not oblige (losers).
func (p *Position) keepCaptures(l *MoveList) {
	n := 0
	for i := 0; i < l.N; i++ {
		if p.isCapture(l.Moves[i]) {
			l.Moves[n] = l.Moves[i]
			n++
		}
	}
	if n > 0 {
		l.N = n
	}
}

package rules

// Reason says why a game ended.
type Reason uint8

const (
	// Checkmate: the side to move is in check with no legal move.
	Checkmate Reason = iota + 1
	// Stalemate: the side to move has no legal move and is not in check.
	Stalemate
	// BareKing: the loser has only royal pieces left (shatranj).
	BareKing
	// NoPieces: the side to move has nothing left (draughts).
	NoPieces
	// NoMoves: the side to move cannot move (draughts).
	NoMoves
	// CountingLimit: a count of the variant's counting rule passed its
	// limit (makruk): a draw.
	CountingLimit
)

// String names the reason.
func (r Reason) String() string {
	switch r {
	case Checkmate:
		return "checkmate"
	case Stalemate:
		return "stalemate"
	case BareKing:
		return "bare king"
	case NoPieces:
		return "no pieces"
	case NoMoves:
		return "no moves"
	case CountingLimit:
		return "counting"
	}
	return "unknown"
}

// Outcome is the end of a game: a winner, or a draw, and the reason.
type Outcome struct {
	Draw   bool
	Winner Player // meaningful when !Draw
	Reason Reason
}

// Outcome reports the automatic end of the game in p, if it has ended:
// checkmate, stalemate (by the variant's rule), no pieces or no moves, the
// bare-king rule, and the counting rule (a draw once the count passes its
// limit, unless the side to move is checkmated; the count is position
// state, carried by the FEN as in Fairy-Stockfish). Draws that must be claimed or that depend on the
// game's history (repetition, move counts, material) belong to the game
// record, not here.
//
// The bare-king rule follows Fairy-Stockfish's shatranj: a side with only
// royal pieces loses while the opponent has any other piece, unless the
// bared side is to move and the opponent has exactly one other piece, so
// that taking it may still bare both (a draw).
func (p *Position) Outcome() (Outcome, bool) {
	if p.v.BareKing {
		if w, ok := p.bareKingWinner(); ok {
			return Outcome{Winner: w, Reason: BareKing}, true
		}
	}
	moves := len(p.LegalMoves())
	if p.CountingExpired() && (moves > 0 || !p.InCheck()) {
		return Outcome{Draw: true, Reason: CountingLimit}, true
	}
	if moves > 0 {
		return Outcome{}, false
	}
	loser := p.turn
	switch {
	case p.InCheck():
		return Outcome{Winner: loser.Opponent(), Reason: Checkmate}, true
	case p.count(loser, false)+p.count(loser, true) == 0:
		return Outcome{Winner: loser.Opponent(), Reason: NoPieces}, true
	}
	reason := NoMoves
	for _, k := range p.v.Pieces {
		if k.Royal {
			reason = Stalemate
		}
	}
	if p.v.NoMoves == NoMovesDraw {
		return Outcome{Draw: true, Reason: reason}, true
	}
	return Outcome{Winner: loser.Opponent(), Reason: reason}, true
}

// bareKingWinner applies the bare-king rule (see Outcome).
func (p *Position) bareKingWinner() (Player, bool) {
	for _, bared := range []Player{First, Second} {
		other := bared.Opponent()
		left := p.count(other, false)
		if p.count(bared, false) > 0 || left == 0 {
			continue
		}
		if p.turn == bared && left == 1 {
			return 0, false
		}
		return other, true
	}
	return 0, false
}

// count counts player's royal (or non-royal) pieces.
func (p *Position) count(player Player, royal bool) int {
	n := 0
	for _, sq := range p.v.Size.Squares() {
		pc := p.board.At(sq)
		if !pc.Empty() && pc.Owner == player && p.v.Kind(pc.Kind).Royal == royal {
			n++
		}
	}
	return n
}

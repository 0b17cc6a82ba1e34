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
	// Extinction: a side's pieces of a counted kind are extinct (see
	// ExtinctionRule).
	Extinction
	// ChecksGiven: the winner has given all its checks (see
	// CheckCounting).
	ChecksGiven
	// FlagReached: a side reached its flag region (FlagRule), or both did.
	FlagReached // flag family
	// NoMovesWin: the side to move, without a royal piece, has no legal
	// move and wins by it (antichess); family: antichess.
	NoMovesWin
	// PieceCount: a stalemate decided by counting pieces
	// (StalemateRule.ByPieceCount, suicide chess); family: antichess.
	PieceCount
	// Connection: the side that has just moved connected its pieces
	// (ConnectRule), with the rule's value; family: connection.
	Connection
	// KingExploded: a side's king (an extinction kind) exploded in a
	// capture's blast (CaptureEffects); family: atomic.
	KingExploded
	// CastlingWon: the winner castled on a winning wing
	// (MoveRules.CastlingWins); family: move rules.
	CastlingWon
	// CastlingLost: the loser has lost its winning castling rights.
	CastlingLost
	// Material: a draw decided by material counting (MoveRules.Material).
	Material
	// KnightMate: a mate by knights alone, which Shatar does not allow:
	// the mated side wins (ShatarMate).
	KnightMate
	// NoShak: a mate after a series of checks without a shak, drawn in
	// Shatar (ShatarMate).
	NoShak
	// DoublePass: both players passed in a row (MoveRules.Pass).
	DoublePass
	// Bikjang: the royal pieces faced each other in two positions in a
	// row (RoyalGuards.Bikjang); family: palaces.
	Bikjang
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
	case Extinction:
		return "extinction"
	case ChecksGiven: // check counting
		return "checks given"
	case FlagReached: // flag family
		return "flag reached"
	case NoMovesWin: // family: antichess
		return "no moves win"
	case PieceCount:
		return "piece count"
	case Connection: // family: connection
		return "connection"
	case KingExploded: // family: atomic
		return "king exploded"
	case CastlingWon: // family: move rules
		return "castling won"
	case CastlingLost:
		return "castling lost"
	case Material:
		return "material"
	case KnightMate:
		return "knight mate"
	case NoShak:
		return "no shak"
	case DoublePass:
		return "double pass"
	case Bikjang:
		return "bikjang"
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
// checkmate and stalemate (each with the variant's value for the side to
// move), no pieces or no moves, the bare-king rule, the extinction rule,
// the check-counting, flag and connection rules (see CheckCounting, FlagRule, ConnectRule), and the counting rule (a draw once the count passes its limit, unless
// the side to move is checkmated; the count is position state, carried by
// the FEN as in Fairy-Stockfish). Draws that must be claimed or that
// depend on the game's history (repetition, move counts, material) belong
// to the game record, not here.
//
// The bare-king rule follows Fairy-Stockfish's shatranj: a side with only
// royal pieces loses while the opponent has any other piece, unless the
// bared side is to move and the opponent has exactly one other piece, so
// that taking it may still bare both (a draw). The extinction rule is
// Fairy-Stockfish's too (see ExtinctionRule).
func (p *Position) Outcome() (Outcome, bool) {
	if p.v.BareKing {
		if w, ok := p.bareKingWinner(); ok {
			return Outcome{Winner: w, Reason: BareKing}, true
		}
	}
	if e := p.v.Extinction; e != nil && (!e.PseudoRoyal || p.v.blasts()) { // family: antichess: pseudo-royal pieces are never taken; atomic: but explode
		if extinct, ok := p.extinct(); ok {
			return valueOutcome(e.Value, extinct, p.blastReason(Extinction)), true // family: atomic
		}
	}
	if w, ok := p.checksWinner(); ok { // check counting
		return Outcome{Winner: w, Reason: ChecksGiven}, true
	}
	if p.v.Flag != nil { // flag family
		if o, ok := p.flagOutcome(); ok {
			return o, true
		}
	}
	if o, ok := p.castlingWinsOutcome(); ok { // family: move rules
		return o, true
	}
	if o, ok := p.passesOutcome(); ok { // family: move rules
		return o, true
	}
	if o, ok := p.bikjangOutcome(); ok { // family: palaces
		return o, true
	}
	if o, ok := p.connectOutcome(); ok { // family: connection
		return o, true
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
	case p.InCheck() || p.pseudoRoyalAttacked(loser): // family: antichess
		if o, ok := p.shatarOutcome(); ok { // family: move rules
			return o, true
		}
		return valueOutcome(p.v.CheckmateValue, loser, Checkmate), true
	case p.v.NoMoves == NoMovesLoses && p.count(loser, false)+p.count(loser, true) == 0: // else stalemateValue decides, as in Fairy-Stockfish (connection: games without a royal piece)
		return Outcome{Winner: loser.Opponent(), Reason: NoPieces}, true
	}
	reason := NoMoves
	for _, k := range p.v.Pieces {
		if k.Royal {
			reason = Stalemate
		}
	}
	if o, ok := p.stalemateByCount(reason); ok { // family: antichess
		return o, true
	}
	switch p.v.NoMoves {
	case NoMovesDraw:
		return p.MaterialOutcome(reason), true // family: move rules
	case NoMovesWins:
		return Outcome{Winner: loser, Reason: noMovesWon(reason)}, true // family: antichess
	}
	return Outcome{Winner: loser.Opponent(), Reason: reason}, true
}

// valueOutcome is the outcome that gives v to player pl.
func valueOutcome(v Value, pl Player, r Reason) Outcome {
	switch v {
	case ValueWin:
		return Outcome{Winner: pl, Reason: r}
	case ValueDraw:
		return Outcome{Draw: true, Reason: r}
	}
	return Outcome{Winner: pl.Opponent(), Reason: r}
}

// extinct applies the extinction rule: it returns the extinct side, the
// side that has just moved examined first, as Fairy-Stockfish does.
func (p *Position) extinct() (Player, bool) {
	e := p.v.Extinction
	for _, side := range [2]Player{p.turn.Opponent(), p.turn} {
		need := e.OpponentCount
		if e.Claim && side == p.turn {
			need++
		}
		other := side.Opponent()
		// family: drops: the pieces in hand count, as Fairy-Stockfish counts them
		if e.All && p.count(side, false)+p.count(side, true)+p.inHand(side, 0) <= e.Count &&
			p.count(other, false)+p.count(other, true)+p.inHand(other, 0) >= need {
			return side, true
		}
		for i := 0; i < len(e.Kinds); i++ {
			id, ok := p.v.KindByLetter(e.Kinds[i])
			if ok && p.countKind(side, id)+p.Hand(side, id) <= e.Count && p.countKind(other, id)+p.Hand(other, id) >= need {
				return side, true
			}
		}
	}
	return 0, false
}

// bareKingWinner applies the bare-king rule (see Outcome).
func (p *Position) bareKingWinner() (Player, bool) {
	for _, bared := range []Player{First, Second} {
		other := bared.Opponent()
		left := p.count(other, false) + p.inHand(other, 0) // family: drops
		if p.count(bared, false)+p.inHand(bared, 0) > 0 || left == 0 {
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

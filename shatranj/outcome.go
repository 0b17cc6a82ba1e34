package shatranj

import "fmt"

// Reason says why a game ended.
type Reason uint8

// The reasons a shatranj game ends.
const (
	NoReason             Reason = iota // the game has not ended
	Checkmate                          // the side to move is in check with no legal move: it loses
	Stalemate                          // the side to move has no legal move and is not in check: it loses (the stalemating side wins)
	BareKing                           // a side is left with only its Shah while the opponent keeps a piece: it loses
	CounterBare                        // the bared side took the opponent's last piece at once: a draw
	InsufficientMaterial               // both sides have only their Shah: a draw
	FiftyMoves                         // claimed: 50 moves by each side without a capture or a Baidaq move
	ThreefoldRepetition                // claimed: the same position for the third time
	Agreement                          // a draw offer was accepted
	Resignation                        // a side resigned
	DeadPosition                       // no sequence of legal moves can end the game decisively (see IsDead): a draw
)

var reasonNames = [...]string{"none", "checkmate", "stalemate", "bare king", "counter-bare draw",
	"insufficient material", "fifty moves", "threefold repetition", "agreement", "resignation",
	"dead position"}

// String names the reason.
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("Reason(%d)", uint8(r))
}

// Outcome is the end of a game: a winner or a draw, and the reason.
type Outcome struct {
	Draw   bool
	Winner Color // meaningful when !Draw
	Reason Reason
}

// String describes o ("white wins by checkmate", "draw by agreement").
func (o Outcome) String() string {
	if o.Draw {
		return "draw by " + o.Reason.String()
	}
	return o.Winner.String() + " wins by " + o.Reason.String()
}

// Result returns the score of o: WhiteWins, BlackWins or Drawn, and
// Unfinished for an Outcome without a reason (the zero Outcome, a game
// not over).
func (o Outcome) Result() Result {
	switch {
	case o.Reason == NoReason:
		return Unfinished
	case o.Draw:
		return Drawn
	case o.Winner == White:
		return WhiteWins
	}
	return BlackWins
}

// Result is the score of a game as move text writes it after the moves.
type Result uint8

// The results, written "1-0", "0-1", "½-½" and "*" (see Result.String).
const (
	Unfinished Result = iota // "*": not over, or unknown
	WhiteWins                // "1-0"
	BlackWins                // "0-1"
	Drawn                    // "½-½"
)

var resultText = [...]string{"*", "1-0", "0-1", "½-½"}

// String writes r as the historical move texts do: "1-0", "0-1", "½-½" or
// "*". (PGN files write a draw "1/2-1/2"; package game does that.)
func (r Result) String() string {
	if int(r) < len(resultText) {
		return resultText[r]
	}
	return "*"
}

// ParseResult reads a result: "1-0", "0-1", "½-½" or PGN's "1/2-1/2" for
// a draw, "*" for a game not over. ok is false for any other text.
func ParseResult(text string) (r Result, ok bool) {
	switch text {
	case "*":
		return Unfinished, true
	case "1-0":
		return WhiteWins, true
	case "0-1":
		return BlackWins, true
	case "½-½", "1/2-1/2":
		return Drawn, true
	}
	return Unfinished, false
}

// Outcome reports how the game in p has ended, if it has, judging from p
// alone:
//
//   - bare king: a side with only its Shah loses while the opponent keeps a
//     piece — unless the bared side is to move and the opponent has exactly
//     one piece besides its Shah, for then it may still capture it
//     (Fairy-Stockfish's convention, which the perft counts follow);
//   - checkmate: the side to move loses;
//   - stalemate: the side to move loses (the stalemating side wins);
//   - insufficient material: both sides have only their Shah, a draw.
//
// A counter-bare draw (the bared side capturing the last piece at once) is
// a draw between two bare Shahs; p alone cannot tell it from any other
// K v K, so Position.Outcome reports InsufficientMaterial and Game.Outcome,
// which knows the last move, reports CounterBare. Draws that must be
// claimed (fifty moves, repetition) belong to Game. Two verdicts a game
// ends on are left to the caller, so that search (perft, the solver) stays
// cheap and matches Fairy-Stockfish: the bare king that no counter-bare
// can answer although the bared side still has its move (BareKingWinner),
// and dead positions (IsDead). Game and package game report both.
func (p *Position) Outcome() (Outcome, bool) {
	if w, ok := p.bareKingDecided(); ok {
		return Outcome{Winner: w, Reason: BareKing}, true
	}
	if p.generate(nil) == 0 {
		if p.InCheck() {
			return Outcome{Winner: p.turn ^ 1, Reason: Checkmate}, true
		}
		return Outcome{Winner: p.turn ^ 1, Reason: Stalemate}, true
	}
	if p.Occupied() == p.byType[Shah] {
		return Outcome{Draw: true, Reason: InsufficientMaterial}, true
	}
	return Outcome{}, false
}

// BareKingWinner reports whether the bare-king rule has decided the game
// in p, and the winner. Besides the positions Outcome reports as won by
// bare king, it covers the one Outcome leaves open under Fairy-Stockfish's
// convention: the bared side is to move, the opponent has one piece left
// besides its Shah, and no legal move takes it. No counter-bare can
// follow — whatever the bared side plays, it is still bare after its move
// against that piece — so a game is lost then, at once, not one ply later.
// This is the verdict SAN's BK mark, Game and package game follow; perft
// and Outcome keep the moves of such a position, as Fairy-Stockfish does.
//
// When the bared side has no legal move at all, Outcome reports the
// checkmate or stalemate, with the same winner; callers that report
// reasons ask Outcome first.
func (p *Position) BareKingWinner() (Color, bool) {
	if w, ok := p.bareKingDecided(); ok {
		return w, true
	}
	us := p.turn
	last := p.byColor[us^1] &^ p.byType[Shah]
	if p.byColor[us]&^p.byType[Shah] != 0 || last == 0 {
		return 0, false
	}
	// bareKingDecided has ruled out two or more pieces left, so last is
	// one square, and only the bared Shah can take it.
	var ml MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Slice() {
		if m.To() == last.LSB() {
			return 0, false
		}
	}
	return us ^ 1, true
}

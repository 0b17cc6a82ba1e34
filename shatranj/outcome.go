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
)

var reasonNames = [...]string{"none", "checkmate", "stalemate", "bare king", "counter-bare draw",
	"insufficient material", "fifty moves", "threefold repetition", "agreement", "resignation"}

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
// claimed (fifty moves, repetition) belong to Game. Dead positions are not
// reported here, so that search (perft, the solver) stays cheap and
// matches Fairy-Stockfish; IsDead decides them, and the game layer
// (package game) ends a dead position as a draw.
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

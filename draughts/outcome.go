package draughts

// Reason says why a game ended.
type Reason uint8

// The ways a game of draughts ends.
const (
	// NoPieces: the side to move has no pieces left and loses.
	NoPieces Reason = iota + 1
	// NoMoves: the side to move has pieces but no legal move and loses.
	NoMoves
	// Repetition: a draw claimed when the same position (placement and
	// side to move) occurred a third time.
	Repetition
	// FortyMove: a draw claimed after 40 moves of each side (80 plies)
	// without a capture or a man's move.
	FortyMove
	// Agreement: a draw offered by one side and accepted by the other.
	Agreement
	// Resignation: a side resigned and lost.
	Resignation
)

var reasonNames = [...]string{"", "no pieces", "no moves", "threefold repetition",
	"40-move rule", "agreement", "resignation"}

// String names the reason.
func (r Reason) String() string {
	if int(r) < len(reasonNames) && r != 0 {
		return reasonNames[r]
	}
	return "unknown"
}

// Outcome is the end of a game: a winner, or a draw, and why.
type Outcome struct {
	Draw   bool
	Winner Color // meaningful when !Draw
	Reason Reason
}

// Result is the outcome as PDN writes it.
func (o Outcome) Result() Result {
	switch {
	case o.Draw:
		return Drawn
	case o.Winner == Black:
		return BlackWins
	}
	return WhiteWins
}

// Outcome reports whether the game ends in p by the rules alone: the side
// to move loses when it has no pieces (NoPieces) or cannot move (NoMoves).
// Draws by claim or agreement depend on the game's history; Game handles
// them.
func (p Position) Outcome() (Outcome, bool) {
	switch {
	case p.pieces[p.turn] == 0:
		return Outcome{Winner: p.turn ^ 1, Reason: NoPieces}, true
	case !p.HasMoves():
		return Outcome{Winner: p.turn ^ 1, Reason: NoMoves}, true
	}
	return Outcome{}, false
}

// Result is a game result as PDN records it.
type Result uint8

// The results. PDN 3.0 writes them 2-0, 0-2, 1-1, 0-0 and *; for English
// draughts (GameType 21) the older 1-0, 0-1 and 1/2-1/2 are read as well,
// 1-0 meaning that Black, the first player, won.
const (
	Unfinished    Result = iota // "*": unknown or still in progress
	BlackWins                   // "2-0"
	WhiteWins                   // "0-2"
	Drawn                       // "1-1"
	DoubleForfeit               // "0-0": both sides lost, e.g. both forfeited
)

var resultText = [...]string{"*", "2-0", "0-2", "1-1", "0-0"}

// String is the PDN 3.0 form.
func (r Result) String() string {
	if int(r) < len(resultText) {
		return resultText[r]
	}
	return "*"
}

// ParseResult reads a PDN result in PDN 3.0 or the older form.
func ParseResult(text string) (Result, bool) {
	switch text {
	case "*":
		return Unfinished, true
	case "2-0", "1-0":
		return BlackWins, true
	case "0-2", "0-1":
		return WhiteWins, true
	case "1-1", "1/2-1/2":
		return Drawn, true
	case "0-0":
		return DoubleForfeit, true
	}
	return Unfinished, false
}

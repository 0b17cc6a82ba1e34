package variant

import (
	"fmt"
	"strings"

	"github.com/baten-chess/baten/chess"
)

// Color is a side: White or Black, with Other and String ("white",
// "black"). It is package chess's type, so that a chess colour needs no
// conversion; in English draughts Black moves first.
type Color = chess.Color

// The two sides.
const (
	White = chess.White
	Black = chess.Black
)

// Reason says why a game ended.
type Reason uint8

// The reasons a game ends, for every game.
const (
	NoReason             Reason = iota
	Checkmate                   // the side to move is in check with no legal move
	Stalemate                   // no legal move, not in check: a draw in chess, a win for the stalemating side in shatranj
	BareKing                    // shatranj: a side is left with only its Shah and loses
	CounterBare                 // shatranj: the bared side took the opponent's last piece at once: a draw
	InsufficientMaterial        // neither side can ever win with the material left
	DeadPosition                // no sequence of legal moves leads to a decisive result
	NoPieces                    // draughts: the side to move has no pieces and loses
	NoMoves                     // draughts: the side to move has no legal move and loses
	ThreefoldRepetition         // claimed: the position occurred a third time
	FivefoldRepetition          // automatic (chess family but shatranj): the position occurred a fifth time
	FiftyMoves                  // claimed: 50 moves by each side without capture or pawn (Baidaq) move
	FortyMoves                  // claimed (draughts): 40 moves by each side without capture or man move
	SeventyFiveMoves            // automatic (chess family but shatranj): 75 moves by each side without capture or pawn move
	Agreement                   // a draw offer was accepted
	Resignation                 // a side resigned
	TimeForfeit                 // a flag fell: a loss, or a draw when the opponent could not win
	// Adjudication: decided off the board by an arbiter or adjudicator,
	// with any result. Only records give it (see game.FromPGN): the PGN
	// Termination values "adjudication", "abandoned", "rules infraction",
	// "emergency" and "death", and tool-specific ones such as cutechess's
	// "stalled connection", all of which a game cannot reach by play.
	Adjudication
	// CountingRule: automatic (makruk, ASEAN chess, Ouk Chatrang): a count
	// of the counting rule passed its limit: a draw.
	CountingRule
	// Extinction: a side's pieces of a kind a variants.ini extinction rule
	// counts are gone (or down to its count), with the rule's result.
	Extinction
	// Repetition: automatic, the position occurred as often as the game's
	// own repetition rule says (Variant.Repetition), with its result.
	Repetition
	// ChecksGiven: automatic (three-check, five-check, Kar Ouk): the
	// winner has given the checks the game asks for.
	ChecksGiven
	// FlagReached: automatic, a side's flag pieces reached its region
	// (king of the hill, racing kings, breakthrough); a draw when both
	// did (racing kings).
	FlagReached // flag family
	// NoMovesWin: automatic (antichess): the winner has no legal move
	// left, and wins by it.
	NoMovesWin // family: antichess
	// PieceCount: automatic (suicide chess): the side to move has no
	// legal move, and the side with fewer pieces wins, or equal counts draw.
	PieceCount // family: antichess
	// Connected: automatic (connect four, teeko): the winner connected
	// its pieces (variants.ini's connectN, connectRegion…, connectNxN,
	// collinearN); a draw where the rule's value is a draw.
	Connected // family: connection
	// ConnectedLost: automatic (three musketeers): the loser connected
	// its pieces, where connecting loses (connectValue = loss).
	ConnectedLost // family: connection
	// KingExploded: automatic (atomic): the loser's king exploded in a
	// capture's blast.
	KingExploded // family: atomic
	// CastlingWon: automatic (castlingWins): the winner castled on a
	// winning wing.
	CastlingWon // family: move rules
	// CastlingLost: automatic (castlingWins): the loser has lost its
	// winning castling rights.
	CastlingLost
	// MaterialCount: automatic (materialCounting, Armageddon): a draw
	// decided by material or by draw odds.
	MaterialCount
	// KnightMate: automatic (Shatar): a mate by knights alone is not
	// allowed, and the mated side wins.
	KnightMate
	// NoShak: automatic (Shatar): a mate whose series of checks had no
	// shak (niol) is a draw.
	NoShak
	// DoublePass: automatic (pass, passOnStalemate): both sides passed
	// in a row, a draw.
	DoublePass
	// PerpetualCheck: automatic (perpetualCheckIllegal): a position
	// repeated while the loser gave check in every position of the
	// repetition; a draw when both sides did.
	PerpetualCheck
	// MoveRepetition: automatic (moveRepetitionIllegal): the loser moved
	// one piece back and forth, as Janggi forbids (game.Game).
	MoveRepetition // family: royal guards
	// Bikjang: automatic (bikjangRule): the generals faced each other in
	// two positions in a row, a draw (janggi counts it: MaterialCount).
	Bikjang // family: palaces
	// PerpetualChase: automatic (chasingRule = axf): a position repeated
	// while the loser chased one piece with every move of the
	// repetition; a draw when both sides did.
	PerpetualChase // family: palaces
)

var reasonNames = [...]string{"none", "checkmate", "stalemate", "bare king", "counter-bare",
	"insufficient material", "dead position", "no pieces", "no moves", "threefold repetition",
	"fivefold repetition", "fifty-move rule", "forty-move rule", "seventy-five-move rule",
	"agreement", "resignation", "time forfeit", "adjudication", "counting rule", "extinction",
	"repetition", "checks given",
	"goal reached",                // flag family
	"no moves win", "piece count", // family: antichess
	"connection", "misère connection", // family: connection
	"king exploded",                                                                                     // family: atomic
	"castling", "castling lost", "material", "knight mate", "no shak", "double pass", "perpetual check", // family: move rules
	"move repetition",            // family: royal guards
	"bikjang", "perpetual chase"} // family: palaces

// String names the reason in words ("checkmate", "fifty-move rule", …):
// the Termination tag game.Game.PGN writes, which game.FromPGN reads back.
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("Reason(%d)", uint8(r))
}

// ParseReason reads a reason's String name back.
func ParseReason(name string) (Reason, bool) {
	for r := Checkmate; int(r) < len(reasonNames); r++ {
		if reasonNames[r] == name {
			return r, true
		}
	}
	return NoReason, false
}

// Outcome is the end of a game: a winner or a draw, and the reason. The
// zero Outcome (Reason NoReason) is no end: the game goes on; it prints
// as "ongoing" and its Result is "*" (Ongoing reports it).
type Outcome struct {
	Draw   bool
	Winner Color // meaningful when !Draw
	Reason Reason
}

// Result returns the PGN result with White's score first: "1-0", "0-1" or
// "1/2-1/2", and "*" for the zero Outcome, a game that goes on (PDN for
// draughts lists Black first; see package draughts).
func (o Outcome) Result() string {
	switch {
	case o.Ongoing():
		return "*"
	case o.Draw:
		return "1/2-1/2"
	case o.Winner == White:
		return "1-0"
	}
	return "0-1"
}

// Ongoing reports whether o is no end at all: the zero Outcome, as an
// unfinished game's Outcome method returns it (with ok false).
func (o Outcome) Ongoing() bool { return !o.Draw && o.Reason == NoReason }

// String says the outcome in a player's words: "white wins by
// checkmate", "black wins: white has no pieces left", "draw by the
// fifty-move rule", "ongoing" for the zero Outcome. Reasons that are the
// loser's state name the loser; rules take their article.
func (o Outcome) String() string {
	if o.Ongoing() {
		return "ongoing"
	}
	loser := o.Winner.Other()
	if o.Draw {
		switch o.Reason {
		case CounterBare:
			return "draw: both sides have a bare king"
		case FlagReached: // flag family
			return "draw: both sides reached the goal"
		case NoShak: // family: move rules
			return "draw: mate without a shak (niol)"
		case DoublePass:
			return "draw: both sides passed"
		case Bikjang: // family: palaces
			return "draw: the generals faced each other (bikjang)"
		case PerpetualCheck:
			return "draw: both sides gave perpetual check"
		case PerpetualChase: // family: palaces
			return "draw: both sides chased perpetually"
		case DeadPosition:
			return "draw: neither side can ever win (dead position)"
		case TimeForfeit:
			return "draw: a flag fell but the opponent cannot win"
		case FiftyMoves, FortyMoves, SeventyFiveMoves, CountingRule:
			return "draw by the " + o.Reason.String()
		}
		return "draw by " + o.Reason.String()
	}
	switch o.Reason {
	case FlagReached: // flag family
		return fmt.Sprintf("%v wins by reaching the goal", o.Winner)
	case BareKing:
		return fmt.Sprintf("%v wins: %v has a bare king", o.Winner, loser)
	case NoPieces:
		return fmt.Sprintf("%v wins: %v has no pieces left", o.Winner, loser)
	case NoMoves:
		return fmt.Sprintf("%v wins: %v has no moves left", o.Winner, loser)
	case NoMovesWin: // family: antichess
		return fmt.Sprintf("%v wins: %v has no moves left", o.Winner, o.Winner)
	case TimeForfeit:
		return fmt.Sprintf("%v wins on time", o.Winner)
	case ChecksGiven: // check counting
		return fmt.Sprintf("%v wins by giving all its checks", o.Winner)
	case Connected: // family: connection
		return fmt.Sprintf("%v wins by connecting its pieces", o.Winner)
	case ConnectedLost:
		return fmt.Sprintf("%v wins: %v connected its pieces", o.Winner, loser)
	case KingExploded: // family: atomic
		return fmt.Sprintf("%v wins: %v's king exploded", o.Winner, loser)
	case CastlingLost: // family: move rules
		return fmt.Sprintf("%v wins: %v has lost its winning castling rights", o.Winner, loser)
	case MaterialCount:
		return fmt.Sprintf("%v wins on material", o.Winner)
	case KnightMate:
		return fmt.Sprintf("%v wins: a mate by knights alone does not count", o.Winner)
	case PerpetualCheck:
		return fmt.Sprintf("%v wins: %v gave perpetual check", o.Winner, loser)
	case MoveRepetition: // family: royal guards
		return fmt.Sprintf("%v wins: %v moved a piece back and forth", o.Winner, loser)
	case PerpetualChase: // family: palaces
		return fmt.Sprintf("%v wins: %v chased a piece perpetually", o.Winner, loser)
	}
	return fmt.Sprintf("%v wins by %v", o.Winner, o.Reason)
}

// In is String with the sides named as v's players name them ("red wins
// by checkmate" in xiangqi).
func (o Outcome) In(v *Variant) string {
	s := o.String()
	if len(v.Sides) != 2 {
		return s
	}
	words := strings.Fields(s)
	for i, w := range words {
		trimmed := strings.TrimRight(w, ":,")
		switch trimmed {
		case "white", "black":
			c := White
			if trimmed == "black" {
				c = Black
			}
			words[i] = v.SideName(c) + w[len(trimmed):]
		}
	}
	return strings.Join(words, " ")
}

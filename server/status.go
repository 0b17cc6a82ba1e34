package server

import (
	"github.com/baten-chess/baten/store"
	"github.com/baten-chess/baten/variant"
)

// Status names of games that are not decided by the rules of play: the
// store's and lichess's words.
const (
	statusCreated = "created"   // no action yet
	statusStarted = "started"   // live
	statusAborted = "aborted"   // ended by a player before both sides acted
	statusNoStart = "noStart"   // the first actions did not come in time
	statusTimeout = "timeout"   // victory claimed over an absent player
	statusResign  = "resign"    // a side resigned
	statusDraw    = "draw"      // agreement (and dead positions)
	statusOutTime = "outoftime" // a flag fell
)

// statusOf names an outcome as lichess does where it has a word for it,
// and with Baten's words for the rest (docs/server.md).
func statusOf(o variant.Outcome) string {
	switch o.Reason {
	case variant.Checkmate:
		return "mate"
	case variant.Stalemate:
		return "stalemate"
	case variant.BareKing, variant.CounterBare:
		return "bareKing"
	case variant.InsufficientMaterial:
		return "insufficientMaterial"
	case variant.NoPieces, variant.NoMoves:
		return "noMoves"
	case variant.ThreefoldRepetition, variant.FivefoldRepetition:
		return "repetition"
	case variant.FiftyMoves, variant.SeventyFiveMoves:
		return "fiftyMoves"
	case variant.FortyMoves:
		return "fortyMoves"
	case variant.Agreement, variant.DeadPosition:
		return statusDraw
	case variant.Resignation:
		return statusResign
	case variant.TimeForfeit:
		return statusOutTime
	}
	return "variantEnd"
}

// winnerOf returns "white", "black" or "" for a draw.
func winnerOf(o variant.Outcome) string {
	if o.Draw {
		return ""
	}
	return colorName(o.Winner)
}

// colorName returns "white" or "black".
func colorName(c variant.Color) string {
	if c == variant.Black {
		return "black"
	}
	return "white"
}

// seatOf returns the store's seat index of a colour.
func seatOf(c variant.Color) int {
	if c == variant.Black {
		return store.Black
	}
	return store.White
}

// colorOfSeat is seatOf's inverse.
func colorOfSeat(seat int) variant.Color {
	if seat == store.Black {
		return variant.Black
	}
	return variant.White
}

// parseColor reads "white" or "black".
func parseColor(s string) (int, bool) {
	switch s {
	case "white":
		return store.White, true
	case "black":
		return store.Black, true
	}
	return -1, false
}

// seatName returns "white", "black", or "" for -1 (a spectator, the
// server).
func seatName(seat int) string {
	switch seat {
	case store.White:
		return "white"
	case store.Black:
		return "black"
	}
	return ""
}

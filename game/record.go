package game

import (
	"fmt"
	"strings"

	"github.com/baten-chess/baten/draughts"
	"github.com/baten-chess/baten/variant"
)

// ResultError reports a recorded result that does not fit the game the
// record's moves replay to: it contradicts the ending the final position
// decided, the Result tag and the termination marker disagree, the result
// contradicts the Termination reason (a resignation recorded as a draw),
// or the Termination names a claim the final position did not allow or an
// ending it did not reach. FromPGN and FromPDN return it with the replayed
// game, whose outcome is then what the position alone decided.
type ResultError struct {
	// Result is the recorded result as written ("1-0"; "2-0" in PDN, where
	// Black's score comes first).
	Result string
	// Termination is the record's Termination tag, "" if it has none.
	Termination string
	// Final is the ending the final position decided when that is what
	// the result contradicts; its Reason is NoReason otherwise.
	Final variant.Outcome
	// Msg says what does not fit.
	Msg string
	// Err is ErrNoClaim when the Termination names a draw claim the final
	// position did not allow, else nil.
	Err error
}

// Error names the result, the Termination if any, and what does not fit:
// `game: result 1-0: contradicts the final position: black wins by
// checkmate`.
func (e *ResultError) Error() string {
	s := "game: result " + e.Result
	if e.Termination != "" {
		s += fmt.Sprintf(" (Termination %q)", e.Termination)
	}
	return s + ": " + e.Msg
}

// Unwrap returns the cause: ErrNoClaim, or nil.
func (e *ResultError) Unwrap() error { return e.Err }

// recorded is a result read from a record.
type recorded struct {
	text   string // as written
	known  bool   // a win or a draw; false for "*", a double forfeit, or text that is no result
	draw   bool
	winner variant.Color // meaningful when known && !draw
}

// fits reports whether o is the recorded result.
func (r recorded) fits(o variant.Outcome) bool {
	return r.draw == o.Draw && (r.draw || r.winner == o.Winner)
}

// readResult reads a result of game v: PGN's 1-0, 0-1 and 1/2-1/2 with
// White's score first; for games of the PDN family (English draughts),
// PDN's results with Black's score first (draughts.ParseResult: 2-0 and
// 1-0 mean Black, the first player, won). Anything else — "*", PDN's
// double forfeit 0-0, which an Outcome cannot express, a malformed tag
// such as "?" — is no known result.
func readResult(v *variant.Variant, text string) recorded {
	r := recorded{text: text}
	if v.Family == variant.PDN {
		res, _ := draughts.ParseResult(text)
		switch res {
		case draughts.BlackWins:
			r.known, r.winner = true, variant.Black
		case draughts.WhiteWins:
			r.known, r.winner = true, variant.White
		case draughts.Drawn:
			r.known, r.draw = true, true
		}
		return r
	}
	switch text {
	case "1-0":
		r.known, r.winner = true, variant.White
	case "0-1":
		r.known, r.winner = true, variant.Black
	case "1/2-1/2":
		r.known, r.draw = true, true
	}
	return r
}

// recordResult chooses between a game's termination marker and its Result
// tag, which the PGN standard requires to agree: a known result in one
// wins over an unknown one in the other ("*" in either is common), and two
// known results that differ are a *ResultError.
func recordResult(marker, tag recorded, termination string) (recorded, error) {
	switch {
	case !marker.known:
		return tag, nil
	case tag.known && !tag.fits(variant.Outcome{Draw: marker.draw, Winner: marker.winner}):
		return marker, &ResultError{Result: marker.text, Termination: termination,
			Msg: "the Result tag says " + tag.text}
	}
	return marker, nil
}

// readTermination returns the reason a Termination tag value names,
// ignoring case and surrounding space: Baten's own reason names
// (variant.Reason.String, which Game.PGN writes; "time forfeit" is also the PGN
// standard's), NoReason for "normal" or no tag (the result then tells a
// resignation from an agreement), and Adjudication for the PGN standard's
// "adjudication", "abandoned", "rules infraction", "emergency" and
// "death" and for any other value: tools write their own ("stalled
// connection"), and what they describe is a decision made off the board.
// It reports false for "unterminated", which has no result.
func readTermination(value string) (variant.Reason, bool) {
	value = strings.ToLower(strings.TrimSpace(value))
	switch value {
	case "", "normal": // the PGN standard's value for a game the players ended
		return variant.NoReason, true
	case "unterminated":
		return variant.NoReason, false
	}
	if r, ok := variant.ParseReason(value); ok {
		return r, true
	}
	return variant.Adjudication, true
}

// restore sets the outcome a record gives (see FromPGN) to a game that its
// moves replayed to, and checks that it fits.
func (g *Game) restore(res recorded, termination string) error {
	e := &ResultError{Result: res.text, Termination: termination}
	fail := func(cause error, format string, args ...any) error {
		e.Msg, e.Err = fmt.Sprintf(format, args...), cause
		return e
	}
	reason, terminated := readTermination(termination)
	if o, over := g.Outcome(); over {
		switch {
		case res.known && !res.fits(o):
			e.Final = o
			return fail(nil, "contradicts the final position: %v", o)
		case reason != variant.NoReason && !offBoard(reason) && reason != o.Reason:
			// Writers label a positional end loosely ("normal",
			// "adjudication"), but one of its own names must be right.
			return fail(nil, "the final position is decided by %v", o.Reason)
		}
		return nil
	}
	if !res.known {
		return nil // no result, or none an Outcome expresses: the game stays open
	}
	if !terminated {
		return fail(nil, "an unterminated game has no result")
	}
	o := variant.Outcome{Draw: res.draw, Winner: res.winner, Reason: reason}
	switch reason {
	case variant.NoReason: // "normal": the players ended it
		o.Reason = variant.Resignation
		if res.draw {
			o.Reason = variant.Agreement
		}
	case variant.Resignation:
		if res.draw {
			return fail(nil, "a resignation is no draw")
		}
	case variant.Agreement:
		if !res.draw {
			return fail(nil, "an agreement is a draw")
		}
	case variant.TimeForfeit:
		// CanWin is exact when false: a flag fall against a side whose
		// opponent cannot win is a draw. A drawn forfeit is not checked,
		// as true may only mean "not known to be impossible".
		if !res.draw && !variant.CanWin(g.cur.pos, res.winner) {
			return fail(nil, "%v cannot win the final position: a flag fall there is a draw", res.winner)
		}
	case variant.ThreefoldRepetition, variant.FiftyMoves, variant.FortyMoves:
		if !res.draw {
			return fail(nil, "a %v claim is a draw", reason)
		}
		if !g.canClaim(reason) {
			return fail(ErrNoClaim, "the %v cannot be claimed in the final position", reason)
		}
	case variant.Adjudication:
	default: // an ending the final position would have decided
		return fail(nil, "the final position is not decided by %v", reason)
	}
	g.end(o)
	return nil
}

// canClaim reports whether the player on move may claim a draw for reason
// now: threefold repetition, or the game's move rule.
func (g *Game) canClaim(reason variant.Reason) bool {
	if reason == variant.ThreefoldRepetition {
		return g.CanClaimRepetition()
	}
	_, rule := g.moveRuleLimit()
	return reason == rule && g.CanClaimMoveRule()
}

package game

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/baten-chess/baten/draughts"
	"github.com/baten-chess/baten/pgn"
	"github.com/baten-chess/baten/variant"
)

// ReplayError reports the first move of a recorded game that could not be
// played: its ply (0-based action index), the move number as a reader
// counts it, the text and why.
type ReplayError struct {
	Ply        int
	MoveNumber int
	Text       string
	Err        error
}

func (e *ReplayError) Error() string {
	return fmt.Sprintf("move %d (%s): %v", e.MoveNumber, e.Text, e.Err)
}

func (e *ReplayError) Unwrap() error { return e.Err }

// banPrefix starts a Ban-Chess ban comment: {banning: e2e4}.
const banPrefix = "banning:"

// FromPGN replays the main line of a PGN (or PDN) game, in a game of reg
// (nil: the built-in games, variant.Builtin). The Variant tag chooses the
// game (reg.Lookup: any name, title, UCI or PGN name or alias, ignoring
// case, spaces and hyphens; an unknown one is an error wrapping
// variant.ErrUnknownVariant). Without a Variant tag, a PDN GameType tag
// chooses the game of that number (its number before any comma; 21 is
// English draughts, see Registry.ByPDNGameType); otherwise the game is
// reg's default, standard chess among the built-ins. The FEN tag is the
// start (Variant.FromFEN). Ban comments {banning: e2e4} before the move
// they restrict are played as the ban action "b:e2e4" in a game with bans
// (Ban-Chess: a game whose positions offer bans among their legal
// actions, variant.Action.IsBan) and are mere comments in every other
// game. The first move that does not replay stops it with a *ReplayError;
// the game so far is returned with it.
//
// The outcome is restored from the record. The result is the termination
// marker, or the Result tag when the marker is missing or "*"; the two
// must agree when both are known. For games of the PDN family (draughts)
// both are read as PDN results, Black's score first (1-0 and 2-0: Black
// won; see draughts.ParseResult); a PDN double forfeit (0-0), which an
// Outcome cannot express, leaves the game open, as do "*" and values that
// are no result (such as "?").
//
// When the final position decides the game (checkmate, bare king, …,
// fivefold repetition), its ending stands and a known result must fit it;
// a Termination tag naming another ending the position decides (say
// "stalemate" for a checkmate) is an error, while the loose labels
// writers use ("normal", "adjudication", "time forfeit") are accepted.
// Otherwise a known result ends the game with the reason of the
// Termination tag (see variant.Reason.String; case does not matter):
//
//   - missing or "normal" (the PGN standard's): a decisive result is a
//     Resignation, a draw an Agreement;
//   - "resignation" (decisive only), "agreement" (draws only);
//   - "time forfeit": a loss, or a draw; a win for a side that cannot win
//     the final position (variant.CanWin) is an error, as Flag would
//     have drawn;
//   - "threefold repetition", and the name of the game's move rule
//     ("fifty-move rule"; "forty-move rule" in draughts): a draw that
//     must be claimable in the final position (CanClaimRepetition,
//     CanClaimMoveRule), else an error wrapping ErrNoClaim;
//   - "adjudication", "abandoned", "rules infraction", "emergency",
//     "death" and any value not listed here: Adjudication, with the
//     recorded result;
//   - "unterminated" with a known result, and the name of an ending the
//     position decides but did not: an error.
//
// A result that does not fit is a *ResultError, returned with the
// replayed game, whose outcome is then only what the position decided.
func FromPGN(pg *pgn.Game, reg *variant.Registry) (*Game, error) {
	if reg == nil {
		reg = variant.Builtin()
	}
	v, err := recordVariant(pg.Tags, reg)
	if err != nil {
		return nil, err
	}
	start, err := v.FromFEN(strings.TrimSpace(pg.Tags.Get("FEN")))
	if err != nil {
		return nil, fmt.Errorf("FEN tag: %w", err)
	}
	g := New(start)
	play := func(text string) error {
		if _, err := g.playRecorded(text); err != nil {
			return &ReplayError{Ply: len(g.plies), MoveNumber: g.moveNumber(), Text: text, Err: err}
		}
		return nil
	}
	bans := func(comments []string) error {
		for _, c := range comments {
			if ban, ok := strings.CutPrefix(strings.TrimSpace(c), banPrefix); ok && g.Variant().Bans {
				if err := play("b:" + strings.TrimSpace(ban)); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := bans(pg.Comments); err != nil {
		return g, err
	}
	moves, marker := pg.Moves, pg.Result
	if v.Family == variant.PDN && len(moves) > 0 {
		// PDN's double forfeit 0-0 is no PGN termination marker (it is
		// castling there), so the PGN reader leaves it as a last move
		// token.
		last := moves[len(moves)-1].Move
		if _, isResult := draughts.ParseResult(last); isResult {
			moves = moves[:len(moves)-1]
			if marker == "" {
				marker = last
			}
		}
	}
	for _, n := range moves {
		if err := bans(n.CommentsBefore); err != nil {
			return g, err
		}
		text := n.Move
		if v.Family == variant.PDN {
			// A converter's prose run together with the move is no
			// part of it.
			if m, _, ok := draughts.CutProse(text); ok {
				text = m
			}
		}
		if err := play(text); err != nil {
			return g, err
		}
		if err := bans(n.CommentsAfter); err != nil {
			return g, err
		}
	}
	termination := pg.Tags.Get("Termination")
	res, err := recordResult(readResult(v, marker), readResult(v, pg.Tags.Get("Result")), termination)
	if err != nil {
		return g, err
	}
	return g, g.restore(res, termination)
}

// recordVariant returns the game of reg a record's tags name: the Variant
// tag, else a PDN GameType tag of a game reg knows, else reg's default.
func recordVariant(tags pgn.Tags, reg *variant.Registry) (*variant.Variant, error) {
	if name, ok := tags.Lookup("Variant"); ok && strings.TrimSpace(name) != "" {
		return reg.Lookup(name)
	}
	// PDN's GameType: the game's number, then optional fields after commas
	// (board size, notation, …) that the number already implies.
	number, _, _ := strings.Cut(tags.Get("GameType"), ",")
	if n, err := strconv.Atoi(strings.TrimSpace(number)); err == nil {
		if v, ok := reg.ByPDNGameType(n); ok {
			return v, nil
		}
	}
	if v, ok := reg.Default(); ok {
		return v, nil
	}
	return nil, fmt.Errorf("%w: the registry has no games", variant.ErrUnknownVariant)
}

// moveNumber returns the number of the move being made now, counted from
// the start as a reader of the record counts (the FEN's fullmove number in
// chess-family games).
func (g *Game) moveNumber() int {
	first, blackFirst := 1, false
	if fields := strings.Fields(g.start.FEN()); len(fields) >= 6 {
		if n, err := strconv.Atoi(fields[5]); err == nil && n > 0 {
			first = n
		}
		blackFirst = fields[1] == "b" // the side to move, not a banning side
	}
	moves := 0
	for _, p := range g.plies {
		if !p.move.IsBan() {
			moves++
		}
	}
	if blackFirst {
		moves++ // the record starts with Black's half of a move
	}
	return first + moves/2
}

// PGN returns the game as a PGN game: tags copies the given tags (which
// may be nil), then sets the seven-tag roster's Result (for games of the
// PDN family, draughts, in PDN's form, Black's score first: 2-0, 0-2,
// 1-1), the Variant tag with the game's PGNName (none for standard
// chess), SetUp and FEN when the start is not the game's standard start
// (Variant.Start) or the game usually starts from one of many arrays
// (Variant.RandomStart: Chess960), Termination with the outcome's reason
// (variant.Reason.String) when the game is over — for an Adjudication, a
// given Termination that FromPGN reads as one is kept — and TimeControl
// when the game has clocks. FromPGN reads the result back to the same
// Outcome. Moves are in the game's human notation (SAN, PDN); Ban-Chess
// bans are comments {banning: e2e4} before the move they restrict.
func (g *Game) PGN(tags pgn.Tags) *pgn.Game {
	pg := &pgn.Game{}
	pg.Tags = append(pg.Tags, tags...)
	v := g.Variant()
	result := "*"
	if o, over := g.Outcome(); over {
		result = RecordResult(v, o) // Black's score first in draughts, as FromPGN reads it
		// An adjudication keeps the given tag's own words ("abandoned",
		// "rules infraction"), which read back as Adjudication.
		if r, _ := readTermination(pg.Tags.Get("Termination")); o.Reason != variant.Adjudication || r != variant.Adjudication {
			pg.Tags.Set("Termination", o.Reason.String())
		}
	} else {
		pg.Tags.Delete("Termination")
	}
	pg.Tags.Set("Result", result)
	pg.Result = result
	if v.PGNName != "" {
		pg.Tags.Set("Variant", v.PGNName)
	}
	if v.RandomStart || v.Start().FEN() != g.start.FEN() {
		pg.Tags.Set("SetUp", "1")
		pg.Tags.Set("FEN", g.start.FEN())
	}
	if tc, ok := g.TimeControl(); ok {
		pg.Tags.Set("TimeControl", tc.String())
	}
	var pending []string // bans waiting for the move they restrict
	for _, p := range g.plies {
		if p.move.IsBan() {
			pending = append(pending, banPrefix+" "+strings.TrimPrefix(p.move.String(), "b:"))
			continue
		}
		n := &pgn.Node{Move: p.notation}
		if len(pg.Moves) == 0 {
			pg.Comments = append(pg.Comments, pending...)
		} else {
			n.CommentsBefore = pending
		}
		pending = nil
		pg.Moves = append(pg.Moves, n)
	}
	if len(pending) > 0 {
		if len(pg.Moves) == 0 {
			pg.Comments = append(pg.Comments, pending...)
		} else {
			last := pg.Moves[len(pg.Moves)-1]
			last.CommentsAfter = append(last.CommentsAfter, pending...)
		}
	}
	return pg
}

// playRecorded plays one move of a record: as PlayText, and also a null
// move ("--", "Z0") where the game's records may hold one
// (variant.NullMover) and its rules allow it there (never in check).
func (g *Game) playRecorded(text string) (variant.Action, error) {
	nm, ok := g.cur.pos.(variant.NullMover)
	if !ok || !variant.IsNullMoveText(text) || g.over {
		return g.PlayText(text)
	}
	a, err := nm.NullMove()
	if err != nil {
		return variant.Action{}, err
	}
	return a, g.Play(a)
}

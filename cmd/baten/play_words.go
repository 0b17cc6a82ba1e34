package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/baten-chess/baten/banchess"
	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/draughts"
	"github.com/baten-chess/baten/game"
	"github.com/baten-chess/baten/internal/bitboard"
	"github.com/baten-chess/baten/san"
	"github.com/baten-chess/baten/variant"
)

// maxEcho is how much of a player's input an error message repeats.
const maxEcho = 40

// shorten returns text cut to maxEcho characters ("…" marks the cut), so
// that a pasted page is not echoed back whole.
func shorten(text string) string {
	if utf8.RuneCountInString(text) <= maxEcho {
		return text
	}
	r := []rune(text)
	return string(r[:maxEcho]) + "…"
}

// shortenEchoes replaces, in an error message, the long words of the
// command line that produced it (and their quoted forms) by their
// shortened forms.
func shortenEchoes(msg string, fields []string) string {
	long := append([]string{strings.Join(fields, " ")}, fields...)
	for _, f := range long {
		if utf8.RuneCountInString(f) > maxEcho {
			msg = strings.ReplaceAll(msg, strconv.Quote(f), strconv.Quote(shorten(f)))
			msg = strings.ReplaceAll(msg, f, shorten(f))
		}
	}
	return msg
}

// moveError is a move or ban the player typed that cannot be played,
// worded for the player: no package names, no FEN.
type moveError struct {
	msg string
	err error // what the rules said, for errors.Is
}

func (e *moveError) Error() string { return e.msg }
func (e *moveError) Unwrap() error { return e.err }

// playerError words the refusal err of the text a player typed in
// position p: "Kg8 is illegal: the king would be in check", "foo is not a
// move", "e2e4 is banned". The reason comes from the position itself
// where the game is chess (the legal moves do not say why a move is
// missing), else from the rules' message with its prefixes and FEN cut.
func playerError(p variant.Position, text string, err error) error {
	if errors.Is(err, game.ErrGameOver) {
		return err // said by the caller in words
	}
	shown := shorten(strings.TrimSpace(text))
	if legal := p.Legal(); len(legal) > 0 {
		ban := legal[0].IsBan()
		typedBan := strings.HasPrefix(strings.ToLower(text), "b:")
		switch {
		case ban && !typedBan:
			return &moveError{fmt.Sprintf("%v bans a move of the opponent now, it does not move: type ban and the opponent's move, e.g. ban %s", p.Turn(), banExample(legal)), err}
		case !ban && typedBan:
			return &moveError{fmt.Sprintf("%v moves now; the ban comes after the move", p.Turn()), err}
		case typedBan:
			return banError(p, strings.TrimSpace(text)[2:], err)
		}
	}
	if why, ok := chessReason(p, text); ok {
		return &moveError{shown + " is " + why, err}
	}
	var se *san.Error
	if errors.As(err, &se) {
		why := sanReason(se)
		switch {
		case errors.Is(err, san.ErrInvalid):
			return &moveError{shown + " is not a move: " + why, err}
		case errors.Is(err, san.ErrAmbiguous):
			return &moveError{shown + " is ambiguous: " + why, err}
		}
		return &moveError{shown + " is illegal: " + why, err}
	}
	msg := err.Error()
	why := ruleReason(msg, p, text)
	switch {
	case strings.HasPrefix(strings.ToLower(text), "b:"):
		return banError(p, strings.TrimSpace(text)[2:], err)
	case strings.Contains(msg, "invalid"):
		return &moveError{shown + " is not a move", err}
	}
	return &moveError{shown + " is illegal: " + why, err}
}

// banError words the refusal err of the ban text (a from-to pair or the
// opponent's move in SAN) in position p: unknown, illegal or ambiguous.
func banError(p variant.Position, text string, err error) error {
	shown := shorten(text)
	var se *san.Error
	switch {
	case errors.Is(err, banchess.ErrInvalidText):
		return &moveError{"cannot ban " + shown + ": it is not a move (write the opponent's move, e.g. ban Nf3 or ban g1f3)", err}
	case errors.Is(err, san.ErrAmbiguous) && errors.As(err, &se):
		return &moveError{"cannot ban " + shown + ": it is ambiguous: " + sanReason(se), err}
	case errors.Is(err, banchess.ErrIllegalBan):
		return &moveError{"cannot ban " + shown + ": it is not a legal move of the opponent (moves lists the bans)", err}
	}
	return &moveError{"cannot ban " + shown + ": " + ruleReason(err.Error(), p, "b:"+text), err}
}

// banExample returns a ban of the position's legal ones ("e2e4").
func banExample(legal []variant.Action) string {
	return strings.TrimPrefix(legal[0].String(), "b:")
}

// sanReason returns the reason of a san.Error, the text after its
// "san: kind "text" in FEN: " prefix (san keeps the reason unexported).
func sanReason(e *san.Error) string {
	prefix := fmt.Sprintf("san: %v %q", e.Err, e.Text)
	if e.FEN != "" {
		prefix += " in " + e.FEN
	}
	why := strings.TrimPrefix(strings.TrimPrefix(e.Error(), prefix), ": ")
	if why == "" || why == e.Error() {
		return e.Err.Error()
	}
	if why == "no legal move matches" {
		return "it matches no legal move (moves lists them)"
	}
	return why
}

// ruleReason cuts a rules package's message to its reason: without the
// position's FEN, the package prefixes ("shatranj: ", "variant: illegal
// action: ") and the text itself.
func ruleReason(msg string, p variant.Position, text string) string {
	fen := p.FEN()
	if dp, ok := p.(interface{ Draughts() draughts.Position }); ok {
		fen = dp.Draughts().FEN()
	}
	msg = strings.ReplaceAll(msg, " in "+fen, "")
	msg = strings.ReplaceAll(msg, fen, "this position")
	for _, prefix := range []string{"variant: ", "illegal action: ", "shatranj: ", "draughts: ", "banchess: ", "rules: ",
		"illegal move: ", "illegal move ", "invalid move text: ", "illegal ban: "} {
		msg = strings.TrimPrefix(msg, prefix)
	}
	quoted := strconv.Quote(strings.TrimSpace(text))
	msg = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(msg, quoted), ": "))
	switch {
	case msg == "" || msg == "empty move":
		return "it matches no legal move (moves lists them)"
	case strings.HasPrefix(msg, "is not a legal move"):
		return "it matches no legal move (moves lists them)"
	case strings.HasPrefix(msg, "is ambiguous"):
		return "several legal moves are written so: add the file or rank the piece comes from"
	}
	return strings.ReplaceAll(msg, quoted, shorten(strings.TrimSpace(text)))
}

// chessPosition returns the chess position of a chess-family game (chess,
// Chess960, Ban-Chess) and the ban in force, if any.
func chessPosition(p variant.Position) (chess.Position, *banchess.Ban, bool) {
	switch cp := p.(type) {
	case interface{ Chess() (chess.Position, bool) }:
		pos, _ := cp.Chess()
		return pos, nil, true
	case interface{ BanChess() banchess.Position }:
		bp := cp.BanChess()
		if bp.Phase() != banchess.MovePhase {
			return chess.Position{}, nil, false
		}
		pos := bp.Chess()
		if b, ok := bp.CurrentBan(); ok {
			return pos, &b, true
		}
		return pos, nil, true
	}
	return chess.Position{}, nil, false
}

// chessReason explains why text is no legal move of a chess-family
// position: a banned move, a move the piece could make were it not for
// its own king ("the king would be in check"), castling out of, through
// or into check. It reports false when the position does not say (the
// text names no move any piece could make, or the game is no chess).
func chessReason(p variant.Position, text string) (string, bool) {
	pos, ban, ok := chessPosition(p)
	if !ok {
		return "", false
	}
	s, err := san.Parse(text)
	if err != nil {
		return "", false
	}
	if m, err := s.Resolve(&pos); err == nil {
		if ban != nil && ban.Covers(m) {
			return "banned: the opponent banned " + ban.String() + " for this move", true
		}
		return "", false
	}
	lastRank := 7
	if pos.Turn() == chess.Black {
		lastRank = 0
	}
	if s.Castle != san.NoCastle {
		if pos.InCheck() {
			return "illegal: the king may not castle out of check", true
		}
		return "", false
	}
	us := pos.Turn()
	for from := range chess.Square(64) {
		pc := pos.PieceAt(from)
		if pc == chess.NoPiece || pc.Color() != us || !writtenFrom(&pos, s, from) || !reaches(&pos, from, s.To) {
			continue
		}
		if pc.Role() == chess.Pawn && (s.To.Rank() == lastRank) != (s.Promotion != chess.NoRole) {
			return "", false // san says what a promotion needs
		}
		if s.Capture && pos.PieceAt(s.To) == chess.NoPiece && (pc.Role() != chess.Pawn || s.To != pos.EnPassant()) {
			continue // an "x" must capture
		}
		// The piece could go there: only its own king stops it.
		switch {
		case pc.Role() == chess.King:
			return "illegal: the king would be in check", true
		case pos.InCheck():
			return "illegal: it does not get the king out of check", true
		}
		return "illegal: it would leave the king in check (the " + pc.Role().String() + " is pinned)", true
	}
	if s.UCI {
		return "", false // san names the squares
	}
	return fmt.Sprintf("illegal: no %v %v can go to %v", us, s.Role, s.To), true
}

// writtenFrom reports whether s can describe a move from the square from:
// the piece written (UCI: the square) and any file or rank given.
func writtenFrom(pos *chess.Position, s san.SAN, from chess.Square) bool {
	if s.UCI {
		return int(s.FromFile) == from.File() && int(s.FromRank) == from.Rank()
	}
	if pos.PieceAt(from).Role() != s.Role {
		return false
	}
	if s.FromFile != san.NoFile && from.File() != int(s.FromFile) || s.FromRank != san.NoRank && from.Rank() != int(s.FromRank) {
		return false
	}
	if s.Role == chess.Pawn && s.FromFile == san.NoFile && from.File() != s.To.File() {
		return false // "c4" never means bxc4
	}
	return true
}

// reaches reports whether the piece on from could move to to by its way
// of moving, ignoring the safety of its own king.
func reaches(pos *chess.Position, from, to chess.Square) bool {
	if to > 63 || from == to {
		return false
	}
	us := pos.Turn()
	target := pos.PieceAt(to)
	if target != chess.NoPiece && (target.Color() == us || target.Role() == chess.King) {
		return false
	}
	occ := pos.Occupied()
	switch pos.PieceAt(from).Role() {
	case chess.Knight:
		return bitboard.KnightAttacks(from).Has(to)
	case chess.King:
		return bitboard.KingAttacks(from).Has(to)
	case chess.Bishop:
		return bitboard.BishopAttacks(from, occ).Has(to)
	case chess.Rook:
		return bitboard.RookAttacks(from, occ).Has(to)
	case chess.Queen:
		return bitboard.QueenAttacks(from, occ).Has(to)
	case chess.Pawn:
		if bitboard.PawnAttacks(int(us), from).Has(to) {
			return target != chess.NoPiece || to == pos.EnPassant()
		}
		step, home := 8, 1
		if us == chess.Black {
			step, home = -8, 6
		}
		one := chess.Square(int(from) + step)
		switch {
		case to == one:
			return target == chess.NoPiece
		case from.Rank() == home && int(to) == int(from)+2*step:
			return pos.PieceAt(one) == chess.NoPiece && target == chess.NoPiece
		}
	}
	return false
}

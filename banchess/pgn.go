package banchess

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/baten-chess/baten/chess"
)

// PGN returns the game in PGN. Each ban is a comment before the move it
// restricts, and the move number precedes White's ban:
//
//  1. {banning: e2e4} d4 {banning: e7e5} d5
//
// The tags are Variant "Ban Chess", FEN and SetUp when the start is not
// the standard one (the FEN is the extended FEN with its 7th field),
// Result, and Termination with the reason when the game is over.
func (g *Game) PGN() string {
	var b strings.Builder
	result := "*"
	if g.over {
		result = g.outcome.Result()
	}
	b.WriteString("[Variant \"Ban Chess\"]\n")
	std := Startpos()
	if g.start != std {
		fmt.Fprintf(&b, "[SetUp \"1\"]\n[FEN %q]\n", g.start.FEN())
	}
	fmt.Fprintf(&b, "[Result %q]\n", result)
	if g.over {
		fmt.Fprintf(&b, "[Termination %q]\n", g.outcome.Reason.String())
	}
	b.WriteString("\n")
	var tokens []string
	p := g.start
	// numbered reports whether the current move already has its number.
	numbered := false
	number := func(q *Position) {
		if numbered {
			return
		}
		fm := strconv.Itoa(q.pos.Fullmove())
		if q.pos.Turn() == chess.White {
			tokens = append(tokens, fm+".")
		} else if len(tokens) == 0 {
			tokens = append(tokens, fm+"...")
		}
		numbered = true
	}
	for _, a := range g.actions {
		number(&p)
		if a.IsBan() {
			tokens = append(tokens, "{banning: "+a.Ban().String()+"}")
		} else {
			tokens = append(tokens, p.ActionText(a))
			numbered = false
		}
		p.play(a)
	}
	tokens = append(tokens, result)
	b.WriteString(strings.Join(tokens, " "))
	b.WriteString("\n")
	return b.String()
}

// PGNError reports PGN text that could not be read.
type PGNError struct {
	Token string // the offending token or tag
	Err   error
}

// Error names the token and the problem.
func (e *PGNError) Error() string { return fmt.Sprintf("banchess: PGN at %q: %v", e.Token, e.Err) }

// Unwrap returns the cause.
func (e *PGNError) Unwrap() error { return e.Err }

// ReadPGN reads one game written as Game.PGN writes it: tags (FEN with
// either the extended 7-field FEN or a 6-field FEN, then taken as a ban
// phase), "{banning: e2e4}" comments as bans, moves in SAN (or "m:" UCI),
// move numbers, other comments ignored, and a result. A Termination of
// agreement, resignation, threefold repetition or fifty moves is replayed
// as that event.
func ReadPGN(text string) (*Game, error) {
	tags := map[string]string{}
	rest := text
	for {
		rest = strings.TrimLeft(rest, " \t\r\n")
		if !strings.HasPrefix(rest, "[") {
			break
		}
		line, after, _ := strings.Cut(rest, "\n")
		rest = after
		line = strings.TrimSpace(line)
		if !strings.HasSuffix(line, "]") {
			return nil, &PGNError{line, ErrInvalidText}
		}
		key, val, ok := strings.Cut(line[1:len(line)-1], " ")
		if !ok {
			return nil, &PGNError{line, ErrInvalidText}
		}
		uq, err := strconv.Unquote(strings.TrimSpace(val))
		if err != nil {
			return nil, &PGNError{line, fmt.Errorf("%w: %w", ErrInvalidText, err)}
		}
		tags[key] = uq
	}
	start := Startpos()
	if fen, ok := tags["FEN"]; ok {
		var err error
		if start, err = specOrExtendedFEN(fen); err != nil {
			return nil, &PGNError{fen, err}
		}
	}
	g := NewGameFrom(start)
	result := ""
	for len(rest) > 0 {
		rest = strings.TrimLeft(rest, " \t\r\n")
		if rest == "" {
			break
		}
		if rest[0] == '{' {
			end := strings.IndexByte(rest, '}')
			if end < 0 {
				return nil, &PGNError{rest, fmt.Errorf("%w: unclosed comment", ErrInvalidText)}
			}
			body := strings.TrimSpace(rest[1:end])
			rest = rest[end+1:]
			if ban, ok := strings.CutPrefix(body, "banning:"); ok {
				// ban-chess.ts may mark a ban with +, # or =.
				tok := "b:" + strings.TrimRight(strings.TrimSpace(ban), "+#=")
				if err := g.PlayText(tok); err != nil {
					return nil, &PGNError{body, err}
				}
			}
			continue
		}
		end := strings.IndexAny(rest, " \t\r\n{")
		if end < 0 {
			end = len(rest)
		}
		tok := rest[:end]
		rest = rest[end:]
		switch tok {
		case "1-0", "0-1", "1/2-1/2", "*":
			result = tok
			continue
		}
		tok = strings.TrimLeft(tok, "0123456789")
		tok = strings.TrimLeft(tok, ".")
		if tok == "" {
			continue
		}
		if err := g.PlayText(tok); err != nil {
			return nil, &PGNError{tok, err}
		}
	}
	if err := g.replayTermination(tags["Termination"], result); err != nil {
		return nil, err
	}
	return g, nil
}

// specOrExtendedFEN reads a 7-field extended FEN, or a 6-field FEN as a
// ban phase with no ban.
func specOrExtendedFEN(fen string) (Position, error) {
	if len(strings.Fields(fen)) != 6 {
		return ParseFEN(fen)
	}
	setup, err := chess.ParseFEN(fen)
	if err != nil {
		return Position{}, err
	}
	cp, err := chess.NewPosition(setup)
	if err != nil {
		return Position{}, err
	}
	return NewPosition(cp)
}

// replayTermination applies an ending the moves alone do not show.
func (g *Game) replayTermination(term, result string) error {
	if g.over {
		if result != "" && result != "*" && result != g.outcome.Result() {
			return &PGNError{result, fmt.Errorf("%w: the moves end %v", ErrInvalidText, g.outcome)}
		}
		return nil
	}
	var err error
	switch term {
	case Agreement.String():
		err = g.AgreeDraw()
	case ThreefoldRepetition.String(), FiftyMoves.String():
		err = g.ClaimDraw()
	case Resignation.String():
		switch result {
		case "1-0":
			err = g.Resign(chess.Black)
		case "0-1":
			err = g.Resign(chess.White)
		default:
			err = fmt.Errorf("%w: resignation with result %q", ErrInvalidText, result)
		}
	default:
		return nil
	}
	if err != nil {
		return &PGNError{term, err}
	}
	return nil
}

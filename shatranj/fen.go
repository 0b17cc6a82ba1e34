package shatranj

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// FENError names the FEN field that could not be read.
type FENError struct {
	Field string // "placement", "turn", "castling", "en passant", "halfmove", "fullmove", or "fen" for the whole text
	Text  string // the offending text
	Err   error
}

// Error names the field, the text and the reason.
func (e *FENError) Error() string {
	reason := strings.TrimPrefix(e.Err.Error(), ErrFEN.Error()+": ")
	if e.Field == "fen" {
		return fmt.Sprintf("shatranj: invalid FEN %q: %s", e.Text, reason)
	}
	return fmt.Sprintf("shatranj: invalid FEN %s field %q: %s", e.Field, e.Text, reason)
}

// Unwrap returns the reason.
func (e *FENError) Unwrap() error { return e.Err }

// ErrFEN is wrapped by every FENError.
var ErrFEN = errors.New("invalid fen")

func fenErr(field, text, format string, args ...any) error {
	return &FENError{Field: field, Text: text, Err: fmt.Errorf("%w: "+format, append([]any{ErrFEN}, args...)...)}
}

// ParseFEN reads a FEN into an unchecked Setup. It takes the 6-field form
// ("placement turn - - halfmove fullmove") and the 4-field form without the
// counters (halfmove 0, fullmove 1). Shatranj has neither castling nor en
// passant, so those fields must be "-". Piece letters may be native (K F A N
// R P) or Fairy-Stockfish's (Q for the Ferz, B for the Alfil).
func ParseFEN(fen string) (Setup, error) {
	var s Setup
	fields := strings.Fields(fen)
	if len(fields) != 4 && len(fields) != 6 {
		return s, fenErr("fen", fen, "%d fields, want 4 or 6", len(fields))
	}
	if err := parsePlacement(fields[0], &s.Board); err != nil {
		return s, err
	}
	switch fields[1] {
	case "w":
		s.Turn = White
	case "b":
		s.Turn = Black
	default:
		return s, fenErr("turn", fields[1], "want w or b")
	}
	if fields[2] != "-" {
		return s, fenErr("castling", fields[2], "shatranj has no castling, want -")
	}
	if fields[3] != "-" {
		return s, fenErr("en passant", fields[3], "shatranj has no en passant, want -")
	}
	s.Fullmove = 1
	if len(fields) == 6 {
		var err error
		if s.Halfmove, err = parseCounter("halfmove", fields[4], 0); err != nil {
			return s, err
		}
		if s.Fullmove, err = parseCounter("fullmove", fields[5], 1); err != nil {
			return s, err
		}
	}
	return s, nil
}

func parseCounter(field, text string, min int) (int, error) {
	n, err := strconv.Atoi(text)
	if err != nil || n < min || n > 1<<30 || text[0] == '+' {
		return 0, fenErr(field, text, "want an integer ≥ %d", min)
	}
	return n, nil
}

func parsePlacement(text string, board *[64]Piece) error {
	ranks := strings.Split(text, "/")
	if len(ranks) != 8 {
		return fenErr("placement", text, "%d ranks, want 8", len(ranks))
	}
	for i, row := range ranks {
		r := 7 - i
		f := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '8' {
				f += int(c - '0')
				if f > 8 {
					return fenErr("placement", row, "rank %d has more than 8 squares", r+1)
				}
				continue
			}
			pc, ok := pieceFromLetter(c)
			if !ok {
				return fenErr("placement", row, "unknown piece letter %q", c)
			}
			if f >= 8 {
				return fenErr("placement", row, "rank %d has more than 8 squares", r+1)
			}
			board[r*8+f] = pc
			f++
		}
		if f != 8 {
			return fenErr("placement", row, "rank %d has %d squares, want 8", r+1, f)
		}
	}
	return nil
}

// pieceFromLetter reads a FEN piece letter: upper case White, lower case
// Black, native or Fairy-Stockfish letters.
func pieceFromLetter(c byte) (Piece, bool) {
	color := White
	if c >= 'a' && c <= 'z' {
		color = Black
		c -= 'a' - 'A'
	}
	t, ok := typeFromLetter(c)
	if !ok {
		return NoPiece, false
	}
	return MakePiece(color, t), true
}

// typeFromLetter reads an upper-case piece letter, native (K F A N R P) or
// Fairy-Stockfish's (Q for the Ferz, B for the Alfil).
func typeFromLetter(c byte) (PieceType, bool) {
	switch c {
	case 'K':
		return Shah, true
	case 'F', 'Q':
		return Ferz, true
	case 'A', 'B':
		return Alfil, true
	case 'N':
		return Faras, true
	case 'R':
		return Rukh, true
	case 'P':
		return Baidaq, true
	}
	return 0, false
}

// ParsePosition reads a FEN (see ParseFEN) and validates it (see NewPosition).
func ParsePosition(fen string) (Position, error) {
	s, err := ParseFEN(fen)
	if err != nil {
		return Position{}, err
	}
	return NewPosition(s)
}

// FEN returns p in the 6-field form with native letters.
func (p *Position) FEN() string { return p.FENLetters(Native) }

// FENLetters returns p in the 6-field form with the chosen piece letters.
func (p *Position) FENLetters(l Letters) string {
	var b strings.Builder
	b.Grow(64)
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := p.board[r*8+f]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pc.letter(l))
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if p.turn == White {
		b.WriteString(" w - - ")
	} else {
		b.WriteString(" b - - ")
	}
	b.WriteString(strconv.Itoa(p.halfmove))
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(p.fullmove))
	return b.String()
}

package chess

import (
	"fmt"
	"strconv"
	"strings"

	bb "github.com/baten-chess/baten/internal/bitboard"
)

// FENError reports a FEN that cannot be parsed: which field, its text, and why.
type FENError struct {
	Field  string // "board", "turn", "castling", "en passant", "halfmove", "fullmove", or "" for the FEN as a whole
	Text   string // the offending text
	Reason string
	Err    error // the underlying error, if any (number parsing)
}

// Error names the field and the text.
func (e *FENError) Error() string {
	if e.Field == "" {
		return fmt.Sprintf("chess: invalid FEN %q: %s", e.Text, e.Reason)
	}
	return fmt.Sprintf("chess: invalid FEN %s field %q: %s", e.Field, e.Text, e.Reason)
}

// Unwrap returns the underlying error.
func (e *FENError) Unwrap() error { return e.Err }

// ParseFEN parses a FEN (or the first four fields of an EPD) into an
// unchecked Setup; NewPosition validates it.
//
// The castling field may be "-", classic "KQkq", Shredder-FEN file letters
// ("HAha") or X-FEN (KQkq for the outermost rook on that side of the king, a
// file letter for an inner rook); forms may be mixed. Any en passant square
// is accepted here. Missing halfmove and fullmove fields default to 0 and 1;
// a fullmove number of 0, common in the wild, is read as 1.
func ParseFEN(fen string) (Setup, error) {
	s := Setup{EnPassant: NoSquare, Fullmove: 1}
	f := strings.Fields(fen)
	if len(f) < 4 || len(f) > 6 {
		return s, &FENError{Text: fen, Reason: fmt.Sprintf("want 4 to 6 space-separated fields, have %d", len(f))}
	}
	if err := parseBoard(f[0], &s.Board); err != nil {
		return s, err
	}
	switch f[1] {
	case "w":
		s.Turn = White
	case "b":
		s.Turn = Black
	default:
		return s, &FENError{Field: "turn", Text: f[1], Reason: `want "w" or "b"`}
	}
	var err error
	if s.Castling, err = parseCastling(f[2], &s.Board); err != nil {
		return s, err
	}
	if f[3] != "-" {
		sq, ok := ParseSquare(f[3])
		if !ok {
			return s, &FENError{Field: "en passant", Text: f[3], Reason: `want "-" or a square`}
		}
		s.EnPassant = sq
	}
	if len(f) > 4 {
		if s.Halfmove, err = parseCounter("halfmove", f[4]); err != nil {
			return s, err
		}
	}
	if len(f) > 5 {
		if s.Fullmove, err = parseCounter("fullmove", f[5]); err != nil {
			return s, err
		}
		s.Fullmove = max(s.Fullmove, 1)
	}
	return s, nil
}

func parseCounter(field, text string) (int, error) {
	n, err := strconv.Atoi(text)
	if err != nil {
		return 0, &FENError{Field: field, Text: text, Reason: "not a number", Err: err}
	}
	if n < 0 {
		return 0, &FENError{Field: field, Text: text, Reason: "negative"}
	}
	return n, nil
}

func parseBoard(text string, board *[64]Piece) error {
	ranks := strings.Split(text, "/")
	if len(ranks) != 8 {
		return &FENError{Field: "board", Text: text, Reason: fmt.Sprintf("want 8 ranks, have %d", len(ranks))}
	}
	for i, row := range ranks {
		r, f := 7-i, 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '8' {
				f += int(c - '0')
			} else if pc, ok := pieceFromChar(c); ok && f < 8 {
				board[bb.NewSquare(f, r)] = pc
				f++
			} else if !ok {
				return &FENError{Field: "board", Text: text, Reason: fmt.Sprintf("unexpected %q in rank %d", c, r+1)}
			} else {
				f = 9 // too many squares: reported below
			}
			if f > 8 {
				return &FENError{Field: "board", Text: text, Reason: fmt.Sprintf("rank %d has more than 8 squares", r+1)}
			}
		}
		if f != 8 {
			return &FENError{Field: "board", Text: text, Reason: fmt.Sprintf("rank %d has %d squares, want 8", r+1, f)}
		}
	}
	return nil
}

// parseCastling turns the castling field into castling rook squares. K/Q
// name the outermost rook of that colour on that side of its king; with no
// such rook (or no king on the back rank) they name the corner, which
// NewPosition then reports as a bad right.
func parseCastling(text string, board *[64]Piece) (Bitboard, error) {
	var rooks Bitboard
	if text == "-" {
		return 0, nil
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		color, rank := White, 0
		if c >= 'a' && c <= 'z' {
			color, rank, c = Black, 7, c-('a'-'A')
		}
		switch {
		case c == 'K' || c == 'Q':
			rooks |= outermostRook(board, color, rank, c == 'K').Bit()
		case c >= 'A' && c <= 'H':
			rooks |= bb.NewSquare(int(c-'A'), rank).Bit()
		default:
			return 0, &FENError{Field: "castling", Text: text, Reason: fmt.Sprintf("unexpected %q", text[i])}
		}
	}
	return rooks, nil
}

func outermostRook(board *[64]Piece, c Color, rank int, hSide bool) Square {
	king, rook := MakePiece(c, King), MakePiece(c, Rook)
	f, step, corner := 0, 1, bb.NewSquare(0, rank)
	if hSide {
		f, step, corner = 7, -1, bb.NewSquare(7, rank)
	}
	for ; f >= 0 && f < 8; f += step {
		switch board[bb.NewSquare(f, rank)] {
		case rook:
			return bb.NewSquare(f, rank)
		case king:
			return corner
		}
	}
	return corner
}

// CastlingMode selects how FEN writes castling rights.
type CastlingMode uint8

// The castling field forms FEN can print.
const (
	// CastlingClassic writes KQkq when every right is that of a king on the
	// e-file and a rook in the corner, and X-FEN otherwise.
	CastlingClassic CastlingMode = iota
	// CastlingShredder writes the rook files: "HAha".
	CastlingShredder
	// CastlingXFEN writes K/Q (k/q) for the outermost rook on that side of
	// the king and the rook's file for an inner one.
	CastlingXFEN
)

// FEN returns the position in Forsyth–Edwards Notation, castling rights in
// the given mode. The en passant square is printed only when an en passant
// capture is legal (python-chess's "legal" convention).
func (p *Position) FEN(mode CastlingMode) string {
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := p.board[bb.NewSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pc.Char())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteByte(' ')
	b.WriteByte("wb"[p.turn&1])
	b.WriteByte(' ')
	b.WriteString(p.castlingField(mode))
	fmt.Fprintf(&b, " %v %d %d", p.ep, p.halfmove, p.fullmove)
	return b.String()
}

// String returns the FEN with CastlingClassic.
func (p *Position) String() string { return p.FEN(CastlingClassic) }

func (p *Position) castlingField(mode CastlingMode) string {
	if p.castling == 0 {
		return "-"
	}
	classic := mode == CastlingClassic
	for c := White; c <= Black && classic; c++ {
		corners := backRank(c) & (bb.FileA | bb.FileH)
		classic = p.castling&backRank(c)&^corners == 0 &&
			(p.castling&backRank(c) == 0 || p.King(c).File() == 4)
	}
	var out []byte
	for c := White; c <= Black; c++ {
		rank := backRank(c)
		king := p.King(c)
		rooks := p.Pieces(c, Rook) & rank
		hSide := p.castling & rank &^ (king.Bit()<<1 - 1)
		aSide := p.castling & rank & (king.Bit() - 1)
		for _, side := range []struct {
			rights, outer Bitboard
			letter        byte
		}{
			{hSide, rooks &^ (king.Bit()<<1 - 1), 'K'},
			{aSide, rooks & (king.Bit() - 1), 'Q'},
		} {
			if side.rights == 0 {
				continue
			}
			r := side.rights.LSB()
			outermost := side.outer.MSB()
			if side.letter == 'Q' {
				outermost = side.outer.LSB()
			}
			letter := 'A' + byte(r.File())
			if classic || mode != CastlingShredder && r == outermost {
				letter = side.letter
			}
			if c == Black {
				letter += 'a' - 'A'
			}
			out = append(out, letter)
		}
	}
	return string(out)
}

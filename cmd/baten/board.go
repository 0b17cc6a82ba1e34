package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/baten-chess/baten/draughts"
	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/variant"
)

// boardStyle says how to draw a board.
type boardStyle struct {
	ascii   bool // letters instead of Unicode pieces
	color   bool // ANSI colours for the last move and a king in check
	numbers bool // draughts: number the empty dark squares
}

// figurines are the Unicode chess pieces by the name of the kind they
// stand for (package rules' names): shatranj's Ferz, Alfil and Shah share
// the queen's, bishop's and king's shapes, their modern descendants.
// Kinds without a figurine (archbishop, chancellor, …) are drawn as their
// letters.
var figurines = map[string][2]string{ // white, black
	"king": {"♔", "♚"}, "shah": {"♔", "♚"}, "queen": {"♕", "♛"}, "ferz": {"♕", "♛"},
	"rook": {"♖", "♜"}, "rukh": {"♖", "♜"}, "bishop": {"♗", "♝"}, "alfil": {"♗", "♝"},
	"knight": {"♘", "♞"}, "faras": {"♘", "♞"}, "pawn": {"♙", "♟"}, "baidaq": {"♙", "♟"},
}

// chessNames are the kinds of the FEN letters of games without a
// definition in package rules (Ban-Chess plays with chess pieces).
var chessNames = map[byte]string{'K': "king", 'Q': "queen", 'R': "rook", 'B': "bishop", 'N': "knight", 'P': "pawn"}

const (
	ansiLastMove = "\x1b[43m" // yellow background
	ansiCheck    = "\x1b[41m" // red background
	ansiReset    = "\x1b[0m"
)

// cell is one square as drawn: its text and highlight.
type cell struct {
	text      string
	highlight string
}

// drawBoard prints p, the top rank first, with coordinates; last is the
// move that led to p (highlighted), check whether the side to move is in
// check. Any board size is drawn; draughts shows men and kings.
func drawBoard(w io.Writer, p variant.Position, last string, check bool, st boardStyle) {
	size := p.Variant().Size
	cells := make([][]cell, size.H) // [rank][file]
	for r := range cells {
		cells[r] = make([]cell, size.W)
		for f := range cells[r] {
			cells[r][f].text = "."
		}
	}
	if dp, ok := p.(interface{ Draughts() draughts.Position }); ok {
		draughtsCells(cells, dp.Draughts(), st)
	} else {
		chessCells(cells, p, st, check)
	}
	for _, sq := range lastMoveSquares(p, last) {
		if cells[sq.Rank][sq.File].highlight == "" {
			cells[sq.Rank][sq.File].highlight = ansiLastMove
		}
	}
	width := len(fmt.Sprint(size.H)) // rank numbers line up on boards of 10 ranks or more
	for rank := size.H - 1; rank >= 0; rank-- {
		fmt.Fprintf(w, "%*d ", width, rank+1)
		for file := range size.W {
			c := cells[rank][file]
			if st.color && c.highlight != "" {
				fmt.Fprintf(w, " %s%2s%s", c.highlight, c.text, ansiReset)
			} else {
				fmt.Fprintf(w, " %2s", c.text)
			}
		}
		fmt.Fprintln(w)
	}
	fmt.Fprint(w, strings.Repeat(" ", width+1))
	for file := range size.W {
		fmt.Fprintf(w, "  %s", geom.FileName(file))
	}
	fmt.Fprintln(w)
}

// chessCells fills the board from the placement field of a chess-family
// FEN (empty runs of any length, ranks of any width).
func chessCells(cells [][]cell, p variant.Position, st boardStyle, check bool) {
	names := map[byte]string{}
	if v := p.Variant(); v.Rules != nil {
		for _, k := range v.Rules().Pieces {
			names[k.Letter] = k.Name
		}
	} else {
		names = chessNames
	}
	placement, _, _ := strings.Cut(p.FEN(), " ")
	kingLetter := byte('K')
	if p.Turn() == variant.Black {
		kingLetter = 'k'
	}
	rank, file, empty := len(cells)-1, 0, 0
	for i := 0; i < len(placement) && rank >= 0; i++ {
		ch := placement[i]
		switch {
		case ch == '/':
			rank, file, empty = rank-1, 0, 0
		case ch >= '0' && ch <= '9':
			empty = empty*10 + int(ch-'0')
			if i+1 == len(placement) || placement[i+1] < '0' || placement[i+1] > '9' {
				file, empty = file+empty, 0
			}
		case file < len(cells[rank]) && (ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z'):
			text := string(ch)
			upper, black := ch, ch >= 'a'
			if black {
				upper = ch - 'a' + 'A'
			}
			if f, ok := figurines[names[upper]]; ok && !st.ascii {
				text = f[0]
				if black {
					text = f[1]
				}
			}
			cells[rank][file].text = text
			if check && ch == kingLetter {
				cells[rank][file].highlight = ansiCheck
			}
			file++
		}
	}
}

// draughtsCells fills the board from a draughts position: men and kings
// (⛀ ⛁ white, ⛂ ⛃ black; w W b B with --ascii), dark squares numbered with
// st.numbers.
func draughtsCells(cells [][]cell, dp draughts.Position, st boardStyle) {
	glyphs := map[[2]bool]string{ // {white, king}
		{true, false}: "⛀", {true, true}: "⛁", {false, false}: "⛂", {false, true}: "⛃",
	}
	letters := map[[2]bool]string{
		{true, false}: "w", {true, true}: "W", {false, false}: "b", {false, true}: "B",
	}
	for n := 1; n <= 32; n++ {
		sq, _ := draughts.SquareOf(n)
		file, rank := sq.Coords()
		c := &cells[rank][file]
		white, king := dp.Pieces(draughts.White)&sq.Bit() != 0, dp.Kings(draughts.White)&sq.Bit() != 0
		black := dp.Pieces(draughts.Black)&sq.Bit() != 0
		if black {
			king = dp.Kings(draughts.Black)&sq.Bit() != 0
		}
		switch {
		case (white || black) && st.ascii:
			c.text = letters[[2]bool{white, king}]
		case white || black:
			c.text = glyphs[[2]bool{white, king}]
		case st.numbers:
			c.text = strconv.Itoa(n)
		}
	}
}

// lastMoveSquares returns the squares a move's machine text names: from
// and to of "e2e4", "m:e2e4" or "a10a9" (a ban marks nothing), every
// landing of the PDN "22x15x8".
func lastMoveSquares(p variant.Position, text string) []geom.Square {
	var squares []geom.Square
	size := p.Variant().Size
	if _, ok := p.(interface{ Draughts() draughts.Position }); ok {
		for _, f := range strings.FieldsFunc(text, func(r rune) bool { return r == '-' || r == 'x' }) {
			n, err := strconv.Atoi(f)
			if sq, ok := draughts.SquareOf(n); err == nil && ok {
				file, rank := sq.Coords()
				squares = append(squares, geom.Square{File: file, Rank: rank})
			}
		}
		return squares
	}
	text = strings.TrimPrefix(text, "m:")
	if strings.HasPrefix(text, "b:") {
		return nil
	}
	// Squares are a letter and one or two digits: split before each letter
	// that follows a digit.
	start := 0
	for i := 1; i <= len(text); i++ {
		if i == len(text) || text[i] >= 'a' && text[i] <= 'z' && text[i-1] >= '0' && text[i-1] <= '9' {
			// A promotion letter follows the last square (e7e8q).
			if sq, err := size.Parse(strings.TrimRight(text[start:i], "abcdefghijklmnopqrstuvwxyz")); err == nil {
				squares = append(squares, sq)
			}
			start = i
		}
	}
	return squares
}

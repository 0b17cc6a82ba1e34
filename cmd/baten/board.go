package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/baten-chess/baten/draughts"
	"github.com/baten-chess/baten/game"
)

// boardStyle says how to draw a board.
type boardStyle struct {
	ascii   bool // letters instead of Unicode pieces
	color   bool // ANSI colours for the last move and a king in check
	numbers bool // draughts: number the empty dark squares
}

// unicodePieces maps FEN letters (chess and shatranj's native letters) to
// figurines: shatranj's Ferz, Alfil and Shah share the queen's, bishop's and
// king's shapes, their modern descendants.
var unicodePieces = map[byte]string{
	'K': "♔", 'Q': "♕", 'R': "♖", 'B': "♗", 'N': "♘", 'P': "♙", 'F': "♕", 'A': "♗",
	'k': "♚", 'q': "♛", 'r': "♜", 'b': "♝", 'n': "♞", 'p': "♟", 'f': "♛", 'a': "♝",
}

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

// drawBoard prints p, rank 8 at the top, with coordinates; last is the move
// that led to p (highlighted), check whether the side to move is in check.
func drawBoard(w io.Writer, p game.Position, last string, check bool, st boardStyle) {
	var cells [8][8]cell // [rank][file]
	if p.Variant() == game.Draughts {
		draughtsCells(&cells, p, st)
	} else {
		chessCells(&cells, p, st, check)
	}
	for _, sq := range lastMoveSquares(p.Variant(), last) {
		if cells[sq[1]][sq[0]].highlight == "" {
			cells[sq[1]][sq[0]].highlight = ansiLastMove
		}
	}
	for rank := 7; rank >= 0; rank-- {
		fmt.Fprintf(w, "%d ", rank+1)
		for file := range 8 {
			c := cells[rank][file]
			if st.color && c.highlight != "" {
				fmt.Fprintf(w, " %s%2s%s", c.highlight, c.text, ansiReset)
			} else {
				fmt.Fprintf(w, " %2s", c.text)
			}
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w, "    a  b  c  d  e  f  g  h")
}

// chessCells fills the board from the placement field of a chess-family FEN.
func chessCells(cells *[8][8]cell, p game.Position, st boardStyle, check bool) {
	for rank := range 8 {
		for file := range 8 {
			cells[rank][file].text = "."
		}
	}
	placement, _, _ := strings.Cut(p.FEN(), " ")
	rank, file := 7, 0
	kingLetter := byte('K')
	if p.Turn() == game.Black {
		kingLetter = 'k'
	}
	for i := 0; i < len(placement) && rank >= 0; i++ {
		ch := placement[i]
		switch {
		case ch == '/':
			rank, file = rank-1, 0
		case ch >= '1' && ch <= '8':
			file += int(ch - '0')
		case file < 8:
			text := string(ch)
			if u, ok := unicodePieces[ch]; ok && !st.ascii {
				text = u
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
func draughtsCells(cells *[8][8]cell, p game.Position, st boardStyle) {
	for rank := range 8 {
		for file := range 8 {
			cells[rank][file].text = "."
		}
	}
	dp := p.(interface{ Draughts() draughts.Position }).Draughts()
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

// lastMoveSquares returns the (file, rank) squares a move's machine text
// names: from and to of "e2e4" / "m:e2e4", every landing of "22x15x8".
func lastMoveSquares(v game.Variant, text string) [][2]int {
	var squares [][2]int
	if v == game.Draughts {
		for _, f := range strings.FieldsFunc(text, func(r rune) bool { return r == '-' || r == 'x' }) {
			n, err := strconv.Atoi(f)
			if sq, ok := draughts.SquareOf(n); err == nil && ok {
				file, rank := sq.Coords()
				squares = append(squares, [2]int{file, rank})
			}
		}
		return squares
	}
	text = strings.TrimPrefix(text, "m:")
	if strings.HasPrefix(text, "b:") || len(text) < 4 {
		return nil
	}
	for i := 0; i+1 < 4; i += 2 {
		f, r := int(text[i]-'a'), int(text[i+1]-'1')
		if f >= 0 && f < 8 && r >= 0 && r < 8 {
			squares = append(squares, [2]int{f, r})
		}
	}
	return squares
}

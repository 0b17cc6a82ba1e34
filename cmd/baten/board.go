package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/baten-chess/baten/banchess"
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
// stand for (package rules' names). Shatranj's Shah, Rukh, Faras and
// Baidaq move as the king, rook, knight and pawn and share their shapes;
// the Ferz (one step diagonally) and the Alfil (a two-square diagonal
// leap) move like no queen or bishop, so they have no figurine: they are
// drawn as their letters (F f, A a), which legend names under the board.
// Other kinds without a figurine (archbishop, chancellor, …) are drawn as
// their letters too.
var figurines = map[string][2]string{ // white, black
	"king": {"♔", "♚"}, "shah": {"♔", "♚"}, "queen": {"♕", "♛"},
	"rook": {"♖", "♜"}, "rukh": {"♖", "♜"}, "bishop": {"♗", "♝"},
	"knight": {"♘", "♞"}, "faras": {"♘", "♞"}, "pawn": {"♙", "♟"}, "baidaq": {"♙", "♟"},
}

// standardKinds are the kinds every chess player knows by their letter or
// figurine: a board with only these needs no legend.
var standardKinds = map[string]bool{"king": true, "queen": true, "rook": true, "bishop": true, "knight": true, "pawn": true}

// chessNames are the kinds of the FEN letters of games without a
// definition in package rules (Ban-Chess plays with chess pieces).
var chessNames = map[byte]string{'K': "king", 'Q': "queen", 'R': "rook", 'B': "bishop", 'N': "knight", 'P': "pawn"}

const (
	ansiLastMove = "\x1b[43m" // yellow background
	ansiCheck    = "\x1b[41m" // red background
	ansiBanned   = "\x1b[45m" // magenta background
	ansiReset    = "\x1b[0m"
)

// cell is one square as drawn: its text and highlight, and a mark drawn
// before it (a banned move's squares), visible without colours too.
type cell struct {
	text      string
	highlight string
	mark      string
}

// banMark marks the squares of the banned move in Ban-Chess.
const banMark = "*"

// drawBoard prints p, the top rank first, with coordinates; last is the
// move that led to p (highlighted), check whether the side to move is in
// check. Any board size is drawn; draughts shows men and kings, and beside
// them the numbers of all 32 playing squares, as moves are written. The
// two squares of a banned move (Ban-Chess) are marked with banMark, and a
// legend names pieces that are not the six of modern chess.
func drawBoard(w io.Writer, p variant.Position, last string, check bool, st boardStyle) {
	size := p.Variant().Size
	cells := make([][]cell, size.H) // [rank][file]
	for r := range cells {
		cells[r] = make([]cell, size.W)
		for f := range cells[r] {
			cells[r][f].text = "."
		}
	}
	var key [][]cell // draughts: the square numbers, drawn beside the board
	var legend string
	if dp, ok := p.(interface{ Draughts() draughts.Position }); ok {
		draughtsCells(cells, dp.Draughts(), st)
		key = draughtsKey(size.H, size.W)
	} else if p.Variant().Points != nil {
		letters := st
		letters.ascii = true // xiangqi's and janggi's pieces have no chess figurines
		legend = chessCells(cells, p, letters, check)
	} else {
		legend = chessCells(cells, p, st, check)
	}
	walls := wallCells(cells, p) // walling
	for _, sq := range lastMoveSquares(p, last) {
		if cells[sq.Rank][sq.File].highlight == "" {
			cells[sq.Rank][sq.File].highlight = ansiLastMove
		}
	}
	ban, banned := banInForce(p)
	if banned {
		for _, sq := range lastMoveSquares(p, ban) {
			cells[sq.Rank][sq.File].mark = banMark
			cells[sq.Rank][sq.File].highlight = ansiBanned
		}
	}
	if v := p.Variant(); v.Points != nil {
		drawPoints(w, cells, v, st)
	} else {
		drawSquares(w, cells, key, size, st)
	}
	if banned {
		fmt.Fprintf(w, "banned: %s (marked %s)\n", ban, banMark)
	}
	if line, ok := checksLine(p); ok { // check counting
		fmt.Fprintln(w, line)
	}
	if line, ok := handsLine(p); ok { // drops
		fmt.Fprintln(w, line)
	}
	if walls != "" { // walling
		fmt.Fprintln(w, walls)
	}
	if legend != "" {
		fmt.Fprintln(w, legend)
	}
}

// drawCell prints one square, three columns wide: a mark (or a space)
// before a one-column text, the text right-aligned.
func drawCell(w io.Writer, c cell, color bool) {
	text := fmt.Sprintf("%2s", c.text)
	if c.mark != "" && strings.HasPrefix(text, " ") {
		text = c.mark + text[1:]
	}
	if color && c.highlight != "" {
		fmt.Fprintf(w, " %s%s%s", c.highlight, text, ansiReset)
	} else {
		fmt.Fprintf(w, " %s", text)
	}
}

// banInForce returns the move banned for the side to move in Ban-Chess
// ("e2e4"), if a ban is in force.
func banInForce(p variant.Position) (string, bool) {
	bp, ok := p.(interface{ BanChess() banchess.Position })
	if !ok {
		return "", false
	}
	pos := bp.BanChess()
	if pos.Phase() != banchess.MovePhase {
		return "", false
	}
	b, ok := pos.CurrentBan()
	if !ok {
		return "", false
	}
	return b.String(), true
}

// draughtsKey returns the numbers of the dark squares (1-32, as PDN moves
// name them) laid out as the board is drawn, "." on the light squares.
func draughtsKey(h, w int) [][]cell {
	key := make([][]cell, h)
	for r := range key {
		key[r] = make([]cell, w)
		for f := range key[r] {
			key[r][f].text = "."
		}
	}
	for n := 1; n <= draughts.NumSquares; n++ {
		sq, _ := draughts.SquareOf(n)
		file, rank := sq.Coords()
		if rank < h && file < w {
			key[rank][file].text = strconv.Itoa(n)
		}
	}
	return key
}

// chessCells fills the board from the placement field of a chess-family
// FEN (empty runs of any length, ranks of any width). It returns the
// legend of a game with pieces other than the six of modern chess
// ("pieces: ♔/♚ shah, F/f ferz, …"), or "".
func chessCells(cells [][]cell, p variant.Position, st boardStyle, check bool) string {
	names := map[byte]string{}
	var legend []string
	needLegend := false
	if v := p.Variant(); v.Rules != nil {
		for _, k := range v.Rules().Pieces {
			names[k.Letter] = k.Name
			white, black := string(k.Letter), strings.ToLower(string(k.Letter))
			if f, ok := figurines[k.Name]; ok && !st.ascii {
				white, black = f[0], f[1]
			}
			legend = append(legend, white+"/"+black+" "+pieceName(v, k))
			needLegend = needLegend || !standardKinds[k.Name]
		}
	} else {
		names = chessNames
	}
	placement, _, _ := strings.Cut(p.FEN(), " ")
	placement, _, _ = strings.Cut(placement, "[") // drops: the hand is drawn under the board
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
		case ch == '*': // walling: a wall square, drawn by wallCells
			file++
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
	if !needLegend {
		return ""
	}
	return "pieces: " + strings.Join(legend, ", ")
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
	if _, to, drop := strings.Cut(text, "@"); drop { // drops: P@e4 lands on e4
		text = to
	}
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

// drawSquares prints a board of squares, the top rank first, with rank
// numbers and file letters; key, when not nil, is drawn beside it
// (draughts' square numbers).
func drawSquares(w io.Writer, cells, key [][]cell, size geom.Size, st boardStyle) {
	width := len(fmt.Sprint(size.H)) // rank numbers line up on boards of 10 ranks or more
	for rank := size.H - 1; rank >= 0; rank-- {
		fmt.Fprintf(w, "%*d ", width, rank+1)
		for file := range size.W {
			drawCell(w, cells[rank][file], st.color)
		}
		if key != nil {
			fmt.Fprint(w, "     ")
			for file := range size.W {
				drawCell(w, key[rank][file], false)
			}
		}
		fmt.Fprintln(w)
	}
	fmt.Fprint(w, strings.Repeat(" ", width+1))
	for file := range size.W {
		fmt.Fprintf(w, "  %s", geom.FileName(file))
	}
	if key != nil {
		fmt.Fprint(w, "     (square numbers)")
	}
	fmt.Fprintln(w)
}

package pgn

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// MaxLineLen is the longest movetext line Write produces, in bytes,
// unless a single token is longer (see [Write]).
const MaxLineLen = 80

// ErrUnwritable is wrapped by the error Write returns for a game that PGN
// cannot represent.
var ErrUnwritable = errors.New("pgn: game cannot be written")

// Writer writes games to an io.Writer, each followed by a blank line.
type Writer struct {
	w   io.Writer
	buf []byte
}

// NewWriter returns a Writer writing to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write writes one game; see the package function [Write] for the format.
// Nothing is written if g cannot be represented.
func (w *Writer) Write(g *Game) error {
	p := printer{b: w.buf[:0]}
	err := p.game(g)
	w.buf = p.b
	if err != nil {
		return err
	}
	if _, err := w.w.Write(p.b); err != nil {
		return fmt.Errorf("pgn: write: %w", err)
	}
	return nil
}

// Write writes g to w in PGN export format, followed by a blank line, so
// that games written one after the other are separated by a blank line:
//
//   - the seven-tag roster first, in standard order (Event, Site, Date,
//     Round, White, Black, Result); a missing one is written as "?",
//     "????.??.??" for Date, and g.Termination() for Result; then the other
//     tags in their order; values escaped with `\"` and `\\`;
//   - a blank line, then the movetext: Comments, the main line with move
//     numbers ("1. e4 e5 2. Nf3"; a black move after a comment or a
//     variation, or first in a line, gets "2..."), NAGs as "$n", comments
//     in braces, variations in parentheses after the move they replace,
//     and g.Termination() at the end. Numbering starts from the FEN tag's
//     side to move and move number when there is one.
//
// Movetext lines are broken between tokens (and between the words of a
// comment) at [MaxLineLen] bytes; a single word longer than that stays on
// one line, a comment word starting with '%' is kept on the line of the
// word before it (a '%' in column 1 would make an escape line), and a
// comment containing '}' — which braces cannot enclose — is written as a
// ';' comment running to the end of its line, whatever its length. Comment
// text is normalised as the reader does: trimmed, white space runs
// replaced by one space.
//
// Write returns an error wrapping [ErrUnwritable], and writes nothing, if
// a tag name is empty, repeated or has characters other than letters,
// digits, non-ASCII bytes and "_+#=:-./"; a tag value holds a newline; a
// move is not a single PGN symbol token (for example empty, all digits,
// holding a space or '!', or equal to a termination marker); a NAG is
// outside 0–255; a variation is empty; or Result is not "", "1-0", "0-1",
// "1/2-1/2" or "*".
func Write(w io.Writer, g *Game) error { return NewWriter(w).Write(g) }

type printer struct {
	b       []byte
	lineLen int
	glue    bool // next word follows "(" without a space
	number  int  // number of the first move
	black   bool // first move is black's
}

func unwritable(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrUnwritable}, args...)...)
}

func (p *printer) game(g *Game) error {
	if !isResult(g.Result) && g.Result != "" {
		return unwritable("result %q", g.Result)
	}
	result := g.Termination()
	seen := make(map[string]bool, len(g.Tags))
	for _, t := range g.Tags {
		if !validName(t.Name) {
			return unwritable("tag name %q", t.Name)
		}
		if seen[t.Name] {
			return unwritable("tag %q repeated", t.Name)
		}
		seen[t.Name] = true
		if strings.ContainsAny(t.Value, "\n") {
			return unwritable("tag %q: value holds a newline", t.Name)
		}
	}
	for _, name := range Roster() {
		v, ok := g.Tags.Lookup(name)
		if !ok {
			switch name {
			case "Date":
				v = "????.??.??"
			case "Result":
				v = result
			default:
				v = "?"
			}
		}
		p.tag(name, v)
	}
	for _, t := range g.Tags {
		if !isRoster(t.Name) {
			p.tag(t.Name, t.Value)
		}
	}
	p.b = append(p.b, '\n')
	p.number, p.black = fullMove(g.Tags.Get("FEN"))
	for _, c := range g.Comments {
		p.comment(c)
	}
	if err := p.line(g.Moves, 0); err != nil {
		return err
	}
	p.word(result)
	p.b = append(p.b, "\n\n"...)
	return nil
}

func isRoster(name string) bool {
	for _, r := range Roster() {
		if r == name {
			return true
		}
	}
	return false
}

func validName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isNameByte(s[i]) {
			return false
		}
	}
	return true
}

// validMove reports whether s reads back as exactly one move token.
func validMove(s string) bool {
	if s == "" || !isSymStart(s[0]) {
		return false
	}
	digits := true
	for i := 0; i < len(s); i++ {
		if !isSymChar(s[i]) {
			return false
		}
		digits = digits && isDigit(s[i])
	}
	return !digits && !isResult(s) && s != "½-½"
}

func (p *printer) tag(name, value string) {
	p.b = append(p.b, '[')
	p.b = append(p.b, name...)
	p.b = append(p.b, ' ', '"')
	for i := 0; i < len(value); i++ {
		if c := value[i]; c == '"' || c == '\\' {
			p.b = append(p.b, '\\')
		}
		p.b = append(p.b, value[i])
	}
	p.b = append(p.b, '"', ']', '\n')
}

// word appends a movetext token, breaking the line before it if needed.
func (p *printer) word(s string) {
	if p.glue {
		s = "(" + s
		p.glue = false
	}
	if p.lineLen > 0 {
		if p.lineLen+1+len(s) > MaxLineLen {
			p.b = append(p.b, '\n')
			p.lineLen = 0
		} else {
			p.b = append(p.b, ' ')
			p.lineLen++
		}
	}
	p.b = append(p.b, s...)
	p.lineLen += len(s)
}

func (p *printer) endLine() {
	p.b = append(p.b, '\n')
	p.lineLen = 0
}

func (p *printer) comment(c string) {
	words := splitASCII(c)
	if strings.Contains(c, "}") {
		p.word("; " + strings.Join(words, " "))
		p.endLine()
		return
	}
	if len(words) == 0 {
		p.word("{}")
		return
	}
	// A unit is a word with the words starting with '%' that follow it:
	// a line never starts with '%'. Units are substrings of text.
	text := strings.Join(words, " ")
	start, off := 0, 0
	for i, w := range words {
		if i > 0 && w[0] != '%' {
			p.commentUnit(text, start, off-1)
			start = off
		}
		off += len(w) + 1
	}
	p.commentUnit(text, start, len(text))
}

// commentUnit writes text[start:end], opening the comment if start is 0
// and closing it if end is len(text).
func (p *printer) commentUnit(text string, start, end int) {
	u := text[start:end]
	if start == 0 {
		u = "{" + u
	}
	if end == len(text) {
		u += "}"
	}
	p.word(u)
}

// line writes l, whose first move is the ply-th (from 0) of the game.
func (p *printer) line(l Line, ply int) error {
	needNumber := true
	for _, n := range l {
		if n == nil {
			return unwritable("nil move")
		}
		if !validMove(n.Move) {
			return unwritable("move %q", n.Move)
		}
		for _, c := range n.CommentsBefore {
			p.comment(c)
		}
		if len(n.CommentsBefore) > 0 {
			needNumber = true
		}
		half := ply
		if p.black {
			half++
		}
		number := p.number + half/2
		if half%2 == 0 {
			p.word(strconv.Itoa(number) + ".")
		} else if needNumber {
			p.word(strconv.Itoa(number) + "...")
		}
		needNumber = false
		p.word(n.Move)
		for _, nag := range n.NAGs {
			if nag < 0 || nag > 255 {
				return unwritable("NAG %d", nag)
			}
			p.word("$" + strconv.Itoa(nag))
		}
		for _, c := range n.CommentsAfter {
			p.comment(c)
			needNumber = true
		}
		for _, v := range n.Variations {
			if len(v) == 0 {
				return unwritable("empty variation of %q", n.Move)
			}
			p.glue = true
			if err := p.line(v, ply); err != nil {
				return err
			}
			if p.lineLen > 0 && p.lineLen+1 > MaxLineLen {
				p.endLine()
			}
			p.b = append(p.b, ')')
			p.lineLen++
			needNumber = true
		}
		ply++
	}
	return nil
}

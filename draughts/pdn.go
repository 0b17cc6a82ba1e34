package draughts

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Tag is one PDN tag pair, [Name "Value"].
type Tag struct{ Name, Value string }

// Record is one game of a PDN file.
type Record struct {
	// Tags are the tag pairs in file order, except GameType, FEN and
	// Result, which Start and Result stand for.
	Tags  []Tag
	Start Position
	Moves []Move
	// Comments has one entry more than Moves: Comments[0] stands before
	// the first move, Comments[i+1] after Moves[i]; "" is no comment.
	// Several comments in one place are joined with a space.
	Comments []string
	Result   Result
}

// Tag returns the value of the first tag named name.
func (r *Record) Tag(name string) (string, bool) {
	for _, t := range r.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// Final is the position after the last move.
func (r *Record) Final() Position {
	p := r.Start
	for _, m := range r.Moves {
		p = p.Play(m)
	}
	return p
}

// PDNError is a problem in PDN input: the game (counted from 1) and line
// where it lies, the token at fault, and the cause, which wraps ErrPDN for
// syntax, or is the *MoveError or *SyntaxError of a move or FEN.
type PDNError struct {
	Game, Line int
	Token      string
	Err        error
}

// Error names the game, line and token.
func (e *PDNError) Error() string {
	return fmt.Sprintf("draughts: PDN game %d, line %d, at %q: %v", e.Game, e.Line, e.Token, e.Err)
}

// Unwrap returns the cause.
func (e *PDNError) Unwrap() error { return e.Err }

// ReadPDN reads every game of a PDN file of English draughts (GameType 21,
// the default when the tag is missing): tag pairs, a FEN tag for a set-up
// start, moves with or without move numbers ("1.", "1..."), captures with
// any number of landing squares when they name one legal move, comments
// {…}, which are kept, variations (…), which are skipped, prose in
// parentheses (a word that is no move or a result, as collections write
// notes: "(Now the evaluation jumped to +76.)"), which is kept as a
// comment, parentheses never closed, kept as a comment up to the game's
// result (the last one before the next game's tags) or, without one, up
// to those tags, NAGs ($n), move marks (!, ?), escape lines starting
// with %, and the results 2-0,
// 0-2, 1-1, 0-0, *, and 1-0, 0-1, 1/2-1/2 (1-0: Black, the first player,
// won). Moves are read by their squares whichever separator is written
// (see ParseMove: "10x14" is a step, "15-24" a capture), and every move is
// checked for legality. Errors are *PDNError values.
func ReadPDN(r io.Reader) ([]Record, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("draughts: reading PDN: %w", err)
	}
	rd := pdnReader{text: string(data), line: 1, game: 1}
	return rd.games()
}

// pdnReader walks the text of a PDN file, building one game at a time.
type pdnReader struct {
	text       string
	pos, line  int
	game       int
	out        []Record
	cur        *Record
	p          Position
	resultTag  string
	resultLine int
}

func (rd *pdnReader) fail(token string, err error) error {
	return &PDNError{Game: rd.game, Line: rd.line, Token: token, Err: err}
}

func (rd *pdnReader) syntax(token, format string, args ...any) error {
	return rd.fail(token, syntaxErr(ErrPDN, token, format, args...))
}

// begin starts a game record if none is open.
func (rd *pdnReader) begin() {
	if rd.cur == nil {
		rd.cur = &Record{Start: Start(), Comments: []string{""}}
		rd.p = Start()
		rd.resultTag = ""
	}
}

// finish closes the open game with result text res ("" to use the Result
// tag, if any).
func (rd *pdnReader) finish(res string) error {
	if rd.cur == nil {
		return nil
	}
	if res == "" {
		res = rd.resultTag
	}
	if res != "" {
		r, ok := ParseResult(res)
		if !ok {
			rd.line = rd.resultLine
			return rd.syntax(res, "not a result")
		}
		rd.cur.Result = r
	}
	rd.out = append(rd.out, *rd.cur)
	rd.cur = nil
	rd.game++
	return nil
}

func (rd *pdnReader) games() ([]Record, error) {
	for {
		rd.skipSpace()
		if rd.pos >= len(rd.text) {
			break
		}
		var err error
		switch c := rd.text[rd.pos]; c {
		case '[':
			err = rd.tag()
		case '{':
			err = rd.comment()
		case '(':
			err = rd.variation()
		case '%':
			rd.skipLine()
		default:
			err = rd.token()
		}
		if err != nil {
			return nil, err
		}
	}
	if err := rd.finish(""); err != nil {
		return nil, err
	}
	return rd.out, nil
}

func (rd *pdnReader) skipSpace() {
	for rd.pos < len(rd.text) {
		switch rd.text[rd.pos] {
		case '\n':
			rd.line++
		case ' ', '\t', '\r', '\f', '\v':
		default:
			return
		}
		rd.pos++
	}
}

func (rd *pdnReader) skipLine() {
	for rd.pos < len(rd.text) && rd.text[rd.pos] != '\n' {
		rd.pos++
	}
}

// tag reads [Name "Value"] on one line. A tag after moves starts a new
// game (the previous one lacked its result).
func (rd *pdnReader) tag() error {
	if rd.cur != nil && len(rd.cur.Moves) > 0 {
		if err := rd.finish(""); err != nil {
			return err
		}
	}
	rd.begin()
	rest := firstLine(rd.text[rd.pos:])
	raw, name, value, ok := scanTag(rest)
	if !ok {
		return rd.syntax(rest, `want [Name "Value"] on one line`)
	}
	rd.pos += len(raw)
	return rd.setTag(raw, name, value)
}

// scanTag reads the tag pair at the start of line: its text, name and
// unescaped value.
func scanTag(line string) (raw, name, value string, ok bool) {
	i := 1
	for i < len(line) && line[i] == ' ' {
		i++
	}
	start := i
	for i < len(line) && line[i] != ' ' && line[i] != '"' && line[i] != ']' {
		i++
	}
	name = line[start:i]
	for i < len(line) && line[i] == ' ' {
		i++
	}
	if name == "" || i >= len(line) || line[i] != '"' {
		return "", "", "", false
	}
	var b strings.Builder
	for i++; i < len(line) && line[i] != '"'; i++ {
		if line[i] == '\\' && i+1 < len(line) {
			i++
		}
		b.WriteByte(line[i])
	}
	for i++; i < len(line) && line[i] == ' '; i++ {
	}
	if i >= len(line) || line[i] != ']' {
		return "", "", "", false
	}
	return line[:i+1], name, b.String(), true
}

// setTag applies the tags that mean something to the game.
func (rd *pdnReader) setTag(raw, name, value string) error {
	switch name {
	case "GameType":
		if kind, _, _ := strings.Cut(value, ","); strings.TrimSpace(kind) != "21" {
			return rd.syntax(raw, "GameType %q is not English draughts (21)", value)
		}
	case "FEN":
		if len(rd.cur.Moves) > 0 {
			return rd.syntax(raw, "FEN tag after the moves")
		}
		p, err := FromFEN(value)
		if err != nil {
			return rd.fail(raw, err)
		}
		rd.cur.Start, rd.p = p, p
	case "Result":
		rd.resultTag, rd.resultLine = value, rd.line
	default:
		rd.cur.Tags = append(rd.cur.Tags, Tag{name, value})
	}
	return nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// comment reads {…} and attaches it after the last move.
func (rd *pdnReader) comment() error {
	end := strings.IndexByte(rd.text[rd.pos:], '}')
	if end < 0 {
		return rd.syntax(firstLine(rd.text[rd.pos:]), "unterminated comment")
	}
	body := rd.text[rd.pos+1 : rd.pos+end]
	rd.line += strings.Count(body, "\n")
	rd.pos += end + 1
	rd.note(body)
	return nil
}

// note attaches the comment text body after the last move.
func (rd *pdnReader) note(body string) {
	rd.begin()
	text := strings.Join(strings.Fields(body), " ")
	c := &rd.cur.Comments[len(rd.cur.Comments)-1]
	if *c != "" && text != "" {
		*c += " "
	}
	*c += text
}

// pdnDelims end a word of PDN text.
const pdnDelims = " \t\r\n\f\v{}()[]"

// isProse reports whether the text between parentheses is not a
// variation: outside its comments and nested parentheses it holds no
// move, or a word that is neither a move, a move number nor a NAG (a
// result too: a variation holds none).
func isProse(body string) bool {
	depth, moves := 0, false
	for i := 0; i < len(body); {
		switch c := body[i]; {
		case c == '{':
			if end := strings.IndexByte(body[i:], '}'); end >= 0 {
				i += end + 1
				continue
			}
			return true
		case c == '(' || c == ')':
			if c == '(' {
				depth++
			} else {
				depth--
			}
			i++
		case strings.IndexByte(pdnDelims, c) >= 0:
			i++
		default:
			j := i
			for j < len(body) && strings.IndexByte(pdnDelims, body[j]) < 0 {
				j++
			}
			w := body[i:j]
			i = j
			if depth > 0 {
				continue
			}
			if k := strings.IndexByte(w, '.'); k >= 0 && isDigits(w[:k]) {
				w = strings.TrimLeft(w[k:], ".")
			}
			w = strings.TrimRight(w, "!?")
			if w == "" || w[0] == '$' {
				continue
			}
			if _, err := ParseMove(w); err != nil {
				return true
			}
			moves = true
		}
	}
	return !moves
}

// variation reads a parenthesised group: a variation, skipped with the
// variations and comments nested in it, or prose, as collections write
// their notes ("(Red must play 7-10* to stay in the game.)"), kept as a
// comment. A group never closed before a line starting with '[' (the
// next game's tags) or the end of the text is a comment too, up to the
// last result in it outside nested groups and comments, which is then
// read as the game's own (a result inside the prose cannot be told from
// it, but the game's own is the last before the next game), or without
// one up to the tags.
func (rd *pdnReader) variation() error {
	start, line := rd.pos, rd.line
	var open []int // per open parenthesis, marker when it opened
	marker := -1   // offset of the last result outside closed groups
	for rd.pos < len(rd.text) {
		switch c := rd.text[rd.pos]; {
		case c == '[' && rd.text[rd.pos-1] == '\n':
			return rd.unclosed(start, line, marker)
		case c == '{':
			end := strings.IndexByte(rd.text[rd.pos:], '}')
			if end < 0 {
				return rd.syntax(firstLine(rd.text[rd.pos:]), "unterminated comment")
			}
			rd.line += strings.Count(rd.text[rd.pos:rd.pos+end], "\n")
			rd.pos += end + 1
		case c == '(':
			open = append(open, marker)
			rd.pos++
		case c == ')':
			marker, open = open[len(open)-1], open[:len(open)-1]
			rd.pos++
			if len(open) == 0 {
				if body := rd.text[start+1 : rd.pos-1]; isProse(body) {
					rd.note(body)
				}
				return nil
			}
		case strings.IndexByte(pdnDelims, c) >= 0:
			if c == '\n' {
				rd.line++
			}
			rd.pos++
		default:
			j := rd.pos
			for j < len(rd.text) && strings.IndexByte(pdnDelims, rd.text[j]) < 0 {
				j++
			}
			if _, ok := ParseResult(rd.text[rd.pos:j]); ok {
				marker = rd.pos
			}
			rd.pos = j
		}
	}
	return rd.unclosed(start, line, marker)
}

// unclosed keeps the group that starts at start, on line, and was never
// closed as a comment up to marker (if it is not -1, the offset of the
// result that ends the game) or to where the reading stopped.
func (rd *pdnReader) unclosed(start, line, marker int) error {
	if marker >= 0 {
		rd.pos = marker
		rd.line = line + strings.Count(rd.text[start:marker], "\n")
	}
	rd.note(rd.text[start+1 : rd.pos])
	return nil
}

// token reads a result, a move number, a NAG or a move.
func (rd *pdnReader) token() error {
	start := rd.pos
	for rd.pos < len(rd.text) && strings.IndexByte(pdnDelims, rd.text[rd.pos]) < 0 {
		rd.pos++
	}
	tok := rd.text[start:rd.pos]
	if tok == "" { // a stray ')' or ']'
		rd.pos++
		return rd.syntax(rd.text[start:rd.pos], "unexpected character")
	}
	if _, ok := ParseResult(tok); ok {
		rd.begin()
		return rd.finish(tok)
	}
	if tok[0] == '$' {
		return nil
	}
	if m, prose, ok := CutProse(tok); ok {
		if err := rd.move(m); err != nil {
			return err
		}
		rd.note(prose)
		return nil
	}
	// A move number, perhaps run together with the move: "1.", "1...", "1.9-14".
	if i := strings.IndexByte(tok, '.'); i >= 0 {
		if !isDigits(tok[:i]) {
			return rd.syntax(tok, "not a move number")
		}
		tok = strings.TrimLeft(tok[i:], ".")
		if tok == "" {
			return nil
		}
	}
	return rd.move(strings.TrimRight(tok, "!?"))
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// move plays one move of the game.
func (rd *pdnReader) move(tok string) error {
	rd.begin()
	m, err := rd.p.ParseMove(tok)
	if err != nil {
		return rd.fail(tok, err)
	}
	rd.cur.Moves = append(rd.cur.Moves, m)
	rd.cur.Comments = append(rd.cur.Comments, "")
	rd.p = rd.p.Play(m)
	return nil
}

// WritePDN writes records as PDN: their tags, then GameType "21", the FEN
// of a start other than the standard one, and the Result; then the moves
// with move numbers, comments in braces (a "}" inside one is written as
// ")"), and the result in its PDN 3.0 form, lines kept under 80 columns.
// Moves are written in full (Move.String), variations are not kept.
func WritePDN(w io.Writer, records ...Record) error {
	bw := bufio.NewWriter(w)
	for i, r := range records {
		if i > 0 {
			bw.WriteString("\n")
		}
		writeRecord(bw, &r)
	}
	return bw.Flush()
}

func writeRecord(w *bufio.Writer, r *Record) {
	for _, t := range r.Tags {
		fmt.Fprintf(w, "[%s %s]\n", t.Name, quote(t.Value))
	}
	fmt.Fprintf(w, "[GameType \"21\"]\n")
	if r.Start != Start() {
		fmt.Fprintf(w, "[FEN %s]\n", quote(r.Start.FEN()))
	}
	fmt.Fprintf(w, "[Result %s]\n\n", quote(r.Result.String()))
	lw := lineWriter{w: w}
	comment := func(i int) bool {
		if i < len(r.Comments) && r.Comments[i] != "" {
			lw.word("{" + strings.ReplaceAll(r.Comments[i], "}", ")") + "}")
			return true
		}
		return false
	}
	numbered := comment(0)
	p := r.Start
	for i, m := range r.Moves {
		// Move numbers count from 1 at the start whichever side moves.
		offset := 0
		if r.Start.turn == White {
			offset = 1
		}
		num := (i+offset)/2 + 1
		switch {
		case p.turn == Black:
			lw.word(fmt.Sprintf("%d.", num))
		case i == 0 || numbered:
			lw.word(fmt.Sprintf("%d...", num))
		}
		lw.word(m.String())
		p = p.Play(m)
		numbered = comment(i + 1)
	}
	lw.word(r.Result.String())
	w.WriteString("\n")
}

// lineWriter joins words with spaces, breaking lines before 80 columns.
type lineWriter struct {
	w   *bufio.Writer
	col int
}

func (lw *lineWriter) word(s string) {
	switch {
	case lw.col == 0:
	case lw.col+1+len(s) > 79:
		lw.w.WriteString("\n")
		lw.col = 0
	default:
		lw.w.WriteString(" ")
		lw.col++
	}
	lw.w.WriteString(s)
	lw.col += len(s)
}

// quote writes a PDN string.
func quote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

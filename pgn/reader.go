package pgn

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// Default limits, used for every zero field of [Limits].
const (
	DefaultMaxDepth     = 100      // variation nesting
	DefaultMaxTokenLen  = 64 << 10 // bytes of one comment, tag line or move token
	DefaultMaxGameBytes = 16 << 20 // input bytes of one game
	DefaultMaxTokens    = 1 << 18  // tokens of one game
)

// Limits bound the resources one game may use, so that hostile input
// cannot exhaust memory. A zero field means the default. Exceeding a
// limit is a [*SyntaxError] wrapping [ErrLimit].
type Limits struct {
	// MaxDepth is the deepest variation nesting accepted.
	MaxDepth int
	// MaxTokenLen is the longest comment, tag line or move token, in bytes.
	MaxTokenLen int
	// MaxGameBytes is the most input one game may span, in bytes.
	MaxGameBytes int64
	// MaxTokens is the most tokens (moves, move numbers, NAGs, comments,
	// tags, parentheses) one game may have; it bounds the size of a Game.
	MaxTokens int
}

func (l Limits) withDefaults() Limits {
	if l.MaxDepth <= 0 {
		l.MaxDepth = DefaultMaxDepth
	}
	if l.MaxTokenLen <= 0 {
		l.MaxTokenLen = DefaultMaxTokenLen
	}
	if l.MaxGameBytes <= 0 {
		l.MaxGameBytes = DefaultMaxGameBytes
	}
	if l.MaxTokens <= 0 {
		l.MaxTokens = DefaultMaxTokens
	}
	return l
}

// ErrLimit is wrapped by the [SyntaxError] of a game that exceeds one of
// the [Limits].
var ErrLimit = errors.New("limit exceeded")

// SyntaxError reports malformed PGN. Game counts the games of the input
// from 1 (bad games included); Line and Col (a byte offset, from 1) point
// at the offending token.
type SyntaxError struct {
	Game int
	Line int
	Col  int
	Msg  string
	// Err is the cause if there is a more precise one (ErrLimit), else nil.
	Err error
}

// Error formats the error as "pgn: game G, line L, col C: message".
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("pgn: game %d, line %d, col %d: %s", e.Game, e.Line, e.Col, e.Msg)
}

// Unwrap returns the cause, e.g. [ErrLimit].
func (e *SyntaxError) Unwrap() error { return e.Err }

// Reader reads games from a PGN stream, one at a time.
type Reader struct {
	// Limits may be changed before the first call to Next.
	Limits Limits

	lim       Limits
	br        *bufio.Reader
	win       []byte // bytes buffered in br, from Peek
	i         int    // bytes of win consumed
	pend      []byte // bytes pushed back: the rest of a tag line, in tagBuf
	tagBuf    []byte // the tag line being read
	valBuf    []byte // tag value scratch
	buf       []byte // token scratch
	line, col int    // position of the last byte read; col 0 = none yet
	tagLine   int    // line of the last '[' lexed in column 1
	game      int    // number of the game being read
	gameBytes int64
	begun     bool     // BOM check done
	tag       token    // tag already read that starts the next game
	hasTag    bool     // tag is set
	resync    bool     // skip to the next game before reading
	skipping  bool     // in skipGame: errors are not reported
	scratch   lexError // the error errAt returns while skipping
	// proseUntil is where (in gameBytes, carried over from game to game)
	// the last scan of a parenthesised group for prose stopped without
	// finding it; spans are the groups inside it that are prose.
	proseUntil int64
	spans      []proseSpan
	groups     []groupFrame      // scratch of scanGroup
	err        error             // sticky I/O error
	nodes      []Node            // slab the nodes of the current game come from
	moves      map[string]string // interned move tokens
}

// maxInterned bounds the move tokens a Reader interns.
const maxInterned = 4096

// move returns b as a string, shared with earlier equal tokens.
func (r *Reader) move(b []byte) string {
	if s, ok := r.moves[string(b)]; ok {
		return s
	}
	s := string(b)
	if r.moves == nil {
		r.moves = make(map[string]string)
	}
	if len(r.moves) < maxInterned {
		r.moves[s] = s
	}
	return s
}

// newNode returns a zero Node from the slab.
func (r *Reader) newNode() *Node {
	if len(r.nodes) == 0 {
		r.nodes = make([]Node, 64)
	}
	n := &r.nodes[0]
	r.nodes = r.nodes[1:]
	return n
}

// NewReader returns a Reader reading from r. It buffers r itself.
func NewReader(r io.Reader) *Reader {
	return &Reader{br: bufio.NewReaderSize(r, 64<<10), line: 1}
}

// Next returns the next game, or io.EOF when there are no more. A
// malformed game gives a [*SyntaxError]; the following call resumes with
// the next game. Other errors come from the underlying reader and are
// returned again by every later call.
func (r *Reader) Next() (*Game, error) {
	if r.err != nil {
		return nil, r.err
	}
	if !r.begun {
		r.begun = true
		r.lim = r.Limits.withDefaults()
		if b, _ := r.br.Peek(3); bytes.Equal(b, []byte("\xef\xbb\xbf")) {
			r.br.Discard(3)
		}
	}
	if r.resync {
		r.resync = false
		if err := r.skipGame(); err != nil {
			return nil, r.ioErr(err)
		}
	}
	g, err := r.parseGame()
	if err != nil {
		var se *SyntaxError
		if !errors.As(err, &se) {
			return nil, r.ioErr(err)
		}
		return nil, err
	}
	return g, nil
}

func (r *Reader) ioErr(err error) error {
	if err == io.EOF {
		return io.EOF
	}
	r.err = fmt.Errorf("pgn: game %d, line %d: %w", r.game, r.line, err)
	return r.err
}

// ---- bytes ----

func (r *Reader) peek() (byte, error) {
	if len(r.pend) > 0 {
		return r.pend[0], nil
	}
	if r.i < len(r.win) {
		return r.win[r.i], nil
	}
	return r.fill()
}

// fill discards the consumed window of the bufio.Reader and peeks at all
// it has buffered (reading more if it has nothing).
func (r *Reader) fill() (byte, error) {
	r.br.Discard(r.i)
	r.win, r.i = nil, 0
	if _, err := r.br.Peek(1); err != nil {
		return 0, err
	}
	r.win, _ = r.br.Peek(r.br.Buffered())
	return r.win[0], nil
}

// read consumes the byte peek returned.
func (r *Reader) read() {
	var c byte
	if len(r.pend) > 0 {
		c = r.pend[0]
		r.pend = r.pend[1:]
	} else {
		c = r.win[r.i]
		r.i++
	}
	r.gameBytes++
	if c == '\n' {
		r.line++
		r.col = 0
		return
	}
	r.col++
}

// advance consumes seg, the next bytes of the window.
func (r *Reader) advance(seg []byte) {
	r.i += len(seg)
	r.gameBytes += int64(len(seg))
	if k := bytes.LastIndexByte(seg, '\n'); k >= 0 {
		r.line += bytes.Count(seg, []byte{'\n'})
		r.col = len(seg) - k - 1
		return
	}
	r.col += len(seg)
}

// dropLine consumes the rest of the line up to its '\n' (not included) or
// the end of input.
func (r *Reader) dropLine() error {
	for {
		c, err := r.peek()
		if err == io.EOF || err == nil && c == '\n' {
			return nil
		}
		if err != nil {
			return err
		}
		r.read()
	}
}

// skipLine consumes the rest of the line, its '\n' included.
func (r *Reader) skipLine() error {
	for {
		c, err := r.peek()
		if err != nil {
			return err
		}
		r.read()
		if c == '\n' {
			return nil
		}
	}
}

// skipGame drops the rest of a game after a syntax error, so that the
// next call to Next starts at the next game. It reads tokens as parseGame
// does — a '[' or a '*' inside a comment counts for nothing — and stops
// after the bad game's termination marker, or before a tag pair that
// starts a line not directly after another line starting with a tag pair
// (the first tag of the next game; the tags of the bad game's own header
// are on consecutive lines), or at the end of input. Errors in the
// skipped text are not reported: they belong to the bad game.
func (r *Reader) skipGame() error {
	r.skipping = true
	defer func() { r.skipping = false }()
	for {
		before := r.tagLine
		t, err := r.lex()
		if err != nil {
			le, ok := err.(*lexError)
			if !ok {
				return err
			}
			if le.noResync {
				return nil // at a game boundary already
			}
			continue
		}
		switch {
		case t.kind == tEOF, t.kind == tResult:
			return nil
		case t.kind == tTag && t.col == 1 && t.line != before+1:
			r.tag, r.hasTag = t, true
			return nil
		}
	}
}

// ---- tokens ----

type tokKind uint8

const (
	tEOF tokKind = iota
	tTag
	tComment
	tOpen
	tClose
	tNAG
	tNumber
	tMove
	tResult
)

type token struct {
	kind      tokKind
	text      string // move, comment, result, tag name
	value     string // tag value
	nag       int    // tNAG; glyph attached to a tMove (0 = none)
	line, col int
}

// lexError is a SyntaxError found by the lexer; noResync marks errors
// after which the input is already at a game boundary (end of input, or
// just after a termination marker).
type lexError struct {
	line, col int
	msg       string
	limit     bool
	noResync  bool
}

func (e *lexError) Error() string { return e.msg }

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// isSymStart reports whether c may begin a move token: '@' too, for
// lichess's pawn drops (@e6); '+' for WXF's foremost of four or five
// xiangqi soldiers on a file ("++=4"), '-' its rearmost ("--=4") and a
// null move ("--").
func isSymStart(c byte) bool {
	return isLetter(c) || isDigit(c) || c == '-' || c == '+' || c == '@' || c >= 0x80
}

// isSymChar reports whether c may continue a move token.
func isSymChar(c byte) bool {
	if isSymStart(c) {
		return true
	}
	switch c {
	case '_', '+', '#', '=', ':', '/', '@', ',': // ',': a walling move (Fairy-Stockfish's e4,d5)
		return true
	}
	return false
}

// isJunk reports whether c starts no token: the lexer's "unexpected
// character".
func isJunk(c byte) bool {
	if isSpace(c) || isSymStart(c) {
		return false
	}
	switch c {
	case '.', '{', ';', '[', '(', ')', '*', '$', '!', '?', '%':
		return false
	}
	return true
}

// isNameByte reports whether c may appear in a tag name.
func isNameByte(c byte) bool {
	if isLetter(c) || isDigit(c) || c >= 0x80 {
		return true
	}
	switch c {
	case '_', '+', '#', '=', ':', '-', '.', '/':
		return true
	}
	return false
}

func glyphNAG(s []byte) int {
	switch string(s) {
	case "!":
		return 1
	case "?":
		return 2
	case "!!":
		return 3
	case "??":
		return 4
	case "!?":
		return 5
	case "?!":
		return 6
	}
	return 0
}

// errAt returns a syntax error at line and col. While the reader skips a
// bad game, whose errors are not reported, it returns the reader's
// scratch error, unformatted: skipping junk then costs about as much as
// reading, with no allocation per bad byte.
func (r *Reader) errAt(line, col int, format string, args ...any) *lexError {
	if r.skipping {
		r.scratch = lexError{line: line, col: col}
		return &r.scratch
	}
	return &lexError{line: line, col: col, msg: fmt.Sprintf(format, args...)}
}

func (r *Reader) limitAt(line, col int, format string, args ...any) *lexError {
	e := r.errAt(line, col, format, args...)
	e.limit = true
	return e
}

// lex returns the next token. I/O errors other than io.EOF are returned
// as they are; syntax errors as *lexError.
func (r *Reader) lex() (token, error) {
	if r.hasTag {
		r.hasTag = false
		return r.tag, nil
	}
	for {
		if len(r.pend) == 0 && r.i < len(r.win) && isSpace(r.win[r.i]) {
			// Fast path: a run of white space within the window.
			w := r.win[r.i:]
			j := 1
			for j < len(w) && isSpace(w[j]) {
				j++
			}
			r.advance(w[:j])
		}
		c, err := r.peek()
		if err != nil {
			if err == io.EOF {
				return token{kind: tEOF, line: r.line, col: r.col + 1}, nil
			}
			return token{}, err
		}
		if r.col == 0 && c == '%' {
			if err := r.skipLine(); err != nil && err != io.EOF {
				return token{}, err
			}
			continue
		}
		line, col := r.line, r.col+1
		t := token{line: line, col: col}
		switch {
		case isSpace(c):
			r.read()
			continue
		case c == '.':
			r.read()
			continue
		case c == '{':
			r.read()
			t.kind = tComment
			t.text, err = r.lexComment(line, col, '}')
			return t, err
		case c == ';':
			r.read()
			t.kind = tComment
			t.text, err = r.lexComment(line, col, '\n')
			return t, err
		case c == '[':
			if col == 1 {
				r.tagLine = line
			}
			r.read()
			t.kind = tTag
			t.text, t.value, err = r.lexTag(line, col)
			return t, err
		case c == '(':
			text, n, ok, err := r.proseGroup()
			if err != nil {
				return token{}, err
			}
			if ok {
				r.advance(r.win[r.i : r.i+n])
				t.kind, t.text = tComment, text
				return t, nil
			}
			r.read()
			t.kind = tOpen
			return t, nil
		case c == ')':
			r.read()
			t.kind = tClose
			return t, nil
		case c == '*':
			r.read()
			t.kind, t.text = tResult, "*"
			return t, nil
		case c == '$':
			r.read()
			t.kind = tNAG
			t.nag, err = r.lexNAG(line, col)
			return t, err
		case c == '!' || c == '?':
			t.kind = tNAG
			t.nag, err = r.lexGlyph(line, col)
			return t, err
		case isSymStart(c):
			return r.lexSymbol(t)
		default:
			r.read()
			if r.skipping && len(r.pend) == 0 {
				// Skipping a bad game: take the whole run of such
				// bytes in the window as one error.
				w := r.win[r.i:]
				j := 0
				for j < len(w) && isJunk(w[j]) {
					j++
				}
				r.advance(w[:j])
			}
			return t, r.errAt(line, col, "unexpected character %q", c)
		}
	}
}

// proseSpan is a parenthesised group inside a variation that is read as
// a comment.
type proseSpan struct {
	at   int64 // gameBytes of its '('
	n    int   // its length in bytes
	text string
}

// groupFrame is an open parenthesis of the group scanGroup reads.
type groupFrame struct {
	start  int  // offset of the '('
	prose  bool // it holds something no variation holds
	moves  bool // it holds a move of its own
	spans  int  // len(r.spans) when it opened
	marker int  // the last termination marker's offset when it opened
}

// groupKind is what scanGroup found a parenthesised group to be.
type groupKind uint8

const (
	groupUnknown   groupKind = iota // not decided within the bytes scanned
	groupVariation                  // closed, and read as a variation
	groupProse                      // closed, and read as a comment
	groupUnclosed                   // never closed: read as a comment
)

// proseGroup looks at the parenthesised group that starts the window.
// When it is not a variation, prose as collections of games write their
// notes ("(Now the evaluation jumped to +76.)"), it returns its text,
// white space collapsed as in a comment, and its length in bytes, so that
// the group is read as a comment, as the PGN and PDN standards' liberal
// reading of existing files asks; a group that never closes is read as a
// comment too. See scanGroup for the rules. A group not decided within
// MaxTokenLen bytes (and the reader's 64 KiB buffer) is left to be read as
// a variation.
//
// The bytes a scan covered without finding prose are not scanned again
// for the groups nested in them (proseUntil), even by the game after a
// bad one: the prose groups among them were found by that scan (spans).
// So reading stays linear however deep the parentheses go.
func (r *Reader) proseGroup() (text string, n int, ok bool, err error) {
	if len(r.pend) > 0 || r.i >= len(r.win) {
		return "", 0, false, nil
	}
	if r.gameBytes < r.proseUntil {
		for len(r.spans) > 0 && r.spans[0].at < r.gameBytes {
			r.spans = r.spans[1:]
		}
		if len(r.spans) > 0 && r.spans[0].at == r.gameBytes {
			s := r.spans[0]
			r.spans = r.spans[1:]
			return s.text, s.n, true, nil
		}
		return "", 0, false, nil
	}
	window := func() []byte {
		if w := r.win[r.i:]; len(w) <= r.lim.MaxTokenLen {
			return w
		}
		return r.win[r.i : r.i+r.lim.MaxTokenLen]
	}
	w := window()
	kind, textEnd, n := r.scanGroup(w, false)
	if want := min(r.lim.MaxTokenLen, r.br.Size()); kind == groupUnknown && len(w) < want {
		// The group runs past the bytes buffered: buffer more, so that
		// where a read of the input happens to end does not matter.
		r.br.Discard(r.i)
		r.win, r.i = nil, 0
		b, perr := r.br.Peek(want)
		r.win = b
		if perr != nil && perr != io.EOF && perr != bufio.ErrBufferFull {
			return "", 0, false, perr
		}
		w = window()
		kind, textEnd, n = r.scanGroup(w, perr == io.EOF)
	}
	switch kind {
	case groupProse, groupUnclosed:
		return collapse(w[1:textEnd]), n, true, nil
	}
	r.proseUntil = r.gameBytes + int64(n)
	return "", 0, false, nil
}

// scanGroup reads the parenthesised group at the start of w, which holds
// the rest of the input if eof, by the lexer's rules, and decides what it
// is. It is a variation if it parses as one: at least one move, and only
// moves, move numbers, comments, NAGs and glyphs after a move, and nested
// groups (a nested variation after a move). A move there is a token that
// names a square with a digit, as SAN, UCI and PDN moves and drops do, or
// castling (O-O) or the null move (--); a word such as "Now" is prose.
// Anything else — a termination marker ("7-10*"), a character no token
// starts with ("+76", a comma, a quote), a bad glyph — makes it prose; so
// does a ';' whose line comment would hold a ')', as prose uses ';' as
// punctuation.
//
// It returns the kind, where the text of a comment ends, and how many
// bytes the group takes. A closed prose group's text is what its
// parentheses enclose. A group never closed before a tag at the start of
// a line (the next game's) or the end of input is read as a comment up to
// the last termination marker in it outside closed groups and comments,
// which is then read as the game's own (a game ends at its marker; one
// inside the prose, as in "7-10*", cannot be told from it until the game
// ends), or without one up to the tag line. The prose groups a group
// read as a variation holds are left in r.spans.
func (r *Reader) scanGroup(w []byte, eof bool) (kind groupKind, textEnd, n int) {
	st := r.groups[:0]
	defer func() { r.groups = st[:0] }()
	r.spans = r.spans[:0]
	base := r.gameBytes
	marker := -1
	unclosed := func(end int) (groupKind, int, int) {
		if marker >= 0 {
			return groupUnclosed, marker, marker
		}
		return groupUnclosed, end, end
	}
	// toLineEnd returns where the line that j is on ends, or -1 if that
	// is not within w (and the input goes on).
	toLineEnd := func(j int) int {
		if k := bytes.IndexByte(w[j:], '\n'); k >= 0 {
			return j + k
		}
		if eof {
			return len(w)
		}
		return -1
	}
	glyphs := func(j int) int {
		for j < len(w) && (w[j] == '!' || w[j] == '?') {
			j++
		}
		return j
	}
	for j := 0; j < len(w); {
		c := w[j]
		if c == '(' {
			st = append(st, groupFrame{start: j, spans: len(r.spans), marker: marker})
			j++
			continue
		}
		top := &st[len(st)-1]
		lineStart := w[j-1] == '\n'
		switch {
		case isSpace(c) || c == '.':
			j++
		case c == ')':
			f := *top
			st = st[:len(st)-1]
			marker = f.marker
			j++
			prose := f.prose || !f.moves
			if len(st) == 0 {
				if prose {
					return groupProse, j - 1, j
				}
				return groupVariation, j, j
			}
			parent := &st[len(st)-1]
			switch {
			case prose:
				r.spans = append(r.spans[:f.spans], proseSpan{at: base + int64(f.start), n: j - f.start, text: collapse(w[f.start+1 : j-1])})
			case !parent.moves:
				parent.prose = true // a variation before any move
			}
		case c == '{':
			k := bytes.IndexByte(w[j:], '}')
			if k < 0 {
				return groupUnknown, 0, len(w) // for the lexer to read
			}
			j += k + 1
		case c == ';' && !top.prose, c == '%' && lineStart:
			end := toLineEnd(j)
			if end < 0 {
				return groupUnknown, 0, len(w)
			}
			if c == ';' && bytes.IndexByte(w[j:end], ')') >= 0 {
				top.prose = true
				j++
				continue
			}
			j = end
		case c == '[' && lineStart:
			return unclosed(j) // the next game's tags
		case c == '*':
			top.prose, marker = true, j
			j++
		case c == '$':
			k, v := j+1, 0
			for k < len(w) && isDigit(w[k]) {
				if k-j <= 3 {
					v = v*10 + int(w[k]-'0')
				}
				k++
			}
			if k == j+1 || k-j-1 > 3 || v > 255 || !top.moves {
				top.prose = true
			}
			j = k
		case c == '!' || c == '?':
			k := glyphs(j)
			if glyphNAG(w[j:k]) == 0 || !top.moves {
				top.prose = true
			}
			j = k
		case isSymStart(c):
			k := j
			if isDigit(c) {
				for k < len(w) && isDigit(w[k]) {
					k++
				}
				if k < len(w) && w[k] == '.' {
					j = k // a move number
					continue
				}
			}
			for k < len(w) && isSymChar(w[k]) {
				k++
			}
			tok, g := w[j:k], glyphs(k)
			move := false
			switch {
			case isDigits(tok):
			case string(tok) == "½-½" || isResult(string(tok)):
				top.prose, marker = true, j
			case moveLike(tok):
				move = true
				top.moves = true
			default:
				top.prose = true
			}
			if g > k && (!move || glyphNAG(w[k:g]) == 0) {
				top.prose = true
			}
			j = g
		default: // no token starts with c: '+', ',', '"', '}', …
			top.prose = true
			j++
		}
	}
	if !eof {
		return groupUnknown, 0, len(w)
	}
	return unclosed(len(w))
}

// moveLike reports whether a symbol token can be a move in a variation:
// every move notation names a square with a digit, but castling and the
// null move.
func moveLike(tok []byte) bool {
	return bytes.ContainsAny(tok, "0123456789") || bytes.HasPrefix(tok, []byte("O-O")) || bytes.HasPrefix(tok, []byte("--"))
}

// isDigits reports whether b is a non-empty run of ASCII digits.
func isDigits(b []byte) bool {
	for _, c := range b {
		if !isDigit(c) {
			return false
		}
	}
	return len(b) > 0
}

// collapse returns b trimmed, with every run of ASCII white space replaced
// by one space, as the text of a comment is kept.
func collapse(b []byte) string {
	return string(bytes.Join(bytes.FieldsFunc(b, func(r rune) bool { return r < 0x80 && isSpace(byte(r)) }), []byte{' '}))
}

// lexComment reads a comment up to end ('}' consumed, '\n' not), with
// white space collapsed. A comment longer than the limit is read to its
// end all the same, without keeping it, so that its text is not taken for
// movetext when the reader skips the bad game.
func (r *Reader) lexComment(line, col int, end byte) (string, error) {
	b := r.buf[:0]
	space := false
	n := 0
	long := false
	add := func(c byte) {
		if isSpace(c) {
			space = len(b) > 0
			return
		}
		if space {
			b = append(b, ' ')
			space = false
		}
		b = append(b, c)
	}
	for {
		if len(r.pend) == 0 && r.i < len(r.win) {
			// Fast path: the rest of the window, up to end.
			w := r.win[r.i:]
			j := bytes.IndexByte(w, end)
			seg := w
			if j >= 0 {
				seg = w[:j]
			}
			if n+len(seg) <= r.lim.MaxTokenLen {
				for _, c := range seg {
					add(c)
				}
				n += len(seg)
				r.advance(seg)
				if j < 0 {
					continue
				}
				if end == '}' {
					r.read()
				}
				break
			}
		}
		c, err := r.peek()
		if err != nil {
			if err == io.EOF && end == '\n' {
				break
			}
			if err == io.EOF {
				e := r.errAt(line, col, "unterminated comment")
				e.noResync = true
				return "", e
			}
			return "", err
		}
		if c == end {
			if end == '}' {
				r.read()
			}
			break
		}
		r.read()
		if n++; n > r.lim.MaxTokenLen {
			long = true
			continue
		}
		add(c)
	}
	r.buf = b
	if long {
		return "", r.limitAt(line, col, "comment longer than %d bytes", r.lim.MaxTokenLen)
	}
	return string(b), nil
}

// lexTag reads a tag pair after its '['. The rest of the line after the
// closing ']' is pushed back (and read in place if it holds another tag).
func (r *Reader) lexTag(line, col int) (name, value string, err error) {
	var b []byte
	if len(r.pend) > 0 {
		// The rest of a tag line: it runs to the end of the line.
		b = r.pend
	} else {
		b = r.tagBuf[:0]
		for {
			c, err := r.peek()
			if err != nil {
				if err == io.EOF {
					break
				}
				return "", "", err
			}
			if c == '\n' {
				break
			}
			r.read()
			b = append(b, c)
			if len(b) > r.lim.MaxTokenLen {
				r.tagBuf = b
				if err := r.dropLine(); err != nil {
					return "", "", err
				}
				return "", "", r.limitAt(line, col, "tag line longer than %d bytes", r.lim.MaxTokenLen)
			}
		}
		r.tagBuf = b
		r.col -= len(b)
		r.gameBytes -= int64(len(b))
	}
	name, value, rest, msg := r.parseTag(b)
	if msg != "" {
		// The rest of the line is the bad tag's: consume it, so that
		// what it holds is not read as movetext.
		r.col += len(b)
		r.gameBytes += int64(len(b))
		r.pend = nil
		if r.skipping {
			return "", "", r.errAt(line, col, "") // not reported: no message
		}
		return "", "", r.errAt(line, col, "%s", msg)
	}
	used := len(b) - len(rest)
	r.col += used
	r.gameBytes += int64(used)
	r.pend = rest
	return name, value, nil
}

// parseTag parses `Name "value"]...` (the text after '['). The value is
// read by the standard's escapes when it is well formed, else as all the
// text between the first '"' and the last `"]` of the line.
func (r *Reader) parseTag(b []byte) (name, value string, rest []byte, msg string) {
	i := 0
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	start := i
	for i < len(b) && isNameByte(b[i]) {
		i++
	}
	if i == start {
		return "", "", nil, "missing tag name"
	}
	name = string(b[start:i])
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	if i >= len(b) || b[i] != '"' {
		if r.skipping {
			return "", "", nil, "bad tag"
		}
		return "", "", nil, fmt.Sprintf("tag %q has no quoted value", name)
	}
	q := i
	v := r.valBuf[:0]
	defer func() { r.valBuf = v }()
	for j := q + 1; j < len(b); j++ {
		c := b[j]
		if c == '\\' && j+1 < len(b) && (b[j+1] == '"' || b[j+1] == '\\') {
			v = append(v, b[j+1])
			j++
			continue
		}
		if c != '"' {
			v = append(v, c)
			continue
		}
		k := j + 1
		for k < len(b) && (b[k] == ' ' || b[k] == '\t') {
			k++
		}
		if k < len(b) && b[k] == ']' {
			return name, string(v), b[k+1:], ""
		}
		break
	}
	end := bytes.LastIndex(b, []byte(`"]`))
	if end <= q {
		if r.skipping {
			return "", "", nil, "bad tag"
		}
		return "", "", nil, fmt.Sprintf("tag %q: unterminated value", name)
	}
	v = v[:0]
	raw := b[q+1 : end]
	for j := 0; j < len(raw); j++ {
		if raw[j] == '\\' && j+1 < len(raw) && (raw[j+1] == '"' || raw[j+1] == '\\') {
			j++
		}
		v = append(v, raw[j])
	}
	return name, string(v), b[end+2:], ""
}

func (r *Reader) lexNAG(line, col int) (int, error) {
	n, digits := 0, 0
	for {
		c, err := r.peek()
		if err != nil && err != io.EOF {
			return 0, err
		}
		if err != nil || !isDigit(c) {
			break
		}
		r.read()
		n = n*10 + int(c-'0')
		if digits++; digits > 3 {
			return 0, r.errAt(line, col, "NAG out of range 0-255")
		}
	}
	if digits == 0 {
		return 0, r.errAt(line, col, "'$' without a number")
	}
	if n > 255 {
		return 0, r.errAt(line, col, "NAG $%d out of range 0-255", n)
	}
	return n, nil
}

// lexGlyph reads a suffix glyph such as "!?" and returns its NAG.
func (r *Reader) lexGlyph(line, col int) (int, error) {
	var g [3]byte
	n := 0
	for {
		c, err := r.peek()
		if err != nil && err != io.EOF {
			return 0, err
		}
		if err != nil || (c != '!' && c != '?') {
			break
		}
		r.read()
		if n == len(g) {
			return 0, r.errAt(line, col, "unknown annotation glyph")
		}
		g[n] = c
		n++
	}
	nag := glyphNAG(g[:n])
	if nag == 0 {
		return 0, r.errAt(line, col, "unknown annotation glyph %q", string(g[:n]))
	}
	return nag, nil
}

// scanSym appends to b the bytes that follow while they are digits (if
// digits) or symbol characters, consuming them.
func (r *Reader) scanSym(b []byte, digits bool, t token) ([]byte, error) {
	for {
		if len(r.pend) == 0 && r.i < len(r.win) {
			w := r.win[r.i:]
			j := 0
			if digits {
				for j < len(w) && isDigit(w[j]) {
					j++
				}
			} else {
				for j < len(w) && isSymChar(w[j]) {
					j++
				}
			}
			b = append(b, w[:j]...)
			r.advance(w[:j])
			if len(b) > r.lim.MaxTokenLen {
				return b, r.limitAt(t.line, t.col, "token longer than %d bytes", r.lim.MaxTokenLen)
			}
			if j < len(w) {
				return b, nil
			}
		}
		c, err := r.peek()
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
		if digits && !isDigit(c) || !isSymChar(c) {
			return b, nil
		}
		r.read()
		if b = append(b, c); len(b) > r.lim.MaxTokenLen {
			return b, r.limitAt(t.line, t.col, "token longer than %d bytes", r.lim.MaxTokenLen)
		}
	}
}

// lexSymbol reads a move number, move, or termination marker.
func (r *Reader) lexSymbol(t token) (token, error) {
	b := r.buf[:0]
	defer func() { r.buf = b }()
	var err error
	if c, _ := r.peek(); isDigit(c) {
		if b, err = r.scanSym(b, true, t); err != nil {
			return t, err
		}
		if c, err := r.peek(); err == nil && c == '.' {
			t.kind = tNumber
			return t, nil // the dots are skipped by lex
		}
	}
	if b, err = r.scanSym(b, false, t); err != nil {
		return t, err
	}
	if c, err := r.peek(); err == nil && (c == '!' || c == '?') {
		nag, err := r.lexGlyph(t.line, t.col)
		if err != nil {
			return t, err
		}
		t.nag = nag
	}
	allDigits := true
	for _, c := range b {
		allDigits = allDigits && isDigit(c)
	}
	switch {
	case allDigits:
		t.kind = tNumber
	case string(b) == "½-½":
		t.kind, t.text = tResult, "1/2-1/2"
	case isResult(string(b)):
		t.kind, t.text = tResult, string(b)
	default:
		t.kind, t.text = tMove, r.move(b)
		return t, nil
	}
	if t.nag != 0 {
		e := r.errAt(t.line, t.col, "annotation glyph after %q", b)
		// A termination marker ends its game even with a glyph attached:
		// the next game starts right after it.
		e.noResync = t.kind == tResult
		return t, e
	}
	return t, nil
}

// ---- games ----

type frame struct {
	line     Line
	last     *Node    // last move of line
	pending  []string // comments waiting for the next move
	afterVar bool     // a variation closed since last
	owner    *Node    // the move this line is a variation of (nil: main line)
	open     token    // the '(' that opened the line
}

func (r *Reader) syntax(line, col int, limit bool, format string, args ...any) *SyntaxError {
	e := &SyntaxError{Game: r.game, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
	if limit {
		e.Err = ErrLimit
		e.Msg += " (" + ErrLimit.Error() + ")"
	}
	return e
}

func (r *Reader) parseGame() (*Game, error) {
	r.game++
	// The scanned bytes are counted from the new game's start.
	r.proseUntil -= r.gameBytes
	for i := range r.spans {
		r.spans[i].at -= r.gameBytes
	}
	r.gameBytes = 0
	g := &Game{}
	started, movetext := false, false
	items := 0
	var names map[string]bool
	stack := []*frame{{}}
	fail := func(t token, resync bool, format string, args ...any) (*Game, error) {
		r.resync = resync
		return nil, r.syntax(t.line, t.col, false, format, args...)
	}
	for {
		t, err := r.lex()
		if err != nil {
			var le *lexError
			if errors.As(err, &le) {
				r.resync = !le.noResync
				return nil, r.syntax(le.line, le.col, le.limit, "%s", le.msg)
			}
			return nil, err
		}
		if r.gameBytes > r.lim.MaxGameBytes {
			r.resync = true
			return nil, r.syntax(t.line, t.col, true, "game longer than %d bytes", r.lim.MaxGameBytes)
		}
		if t.kind != tEOF {
			if items++; items > r.lim.MaxTokens {
				r.resync = true
				return nil, r.syntax(t.line, t.col, true, "more than %d tokens", r.lim.MaxTokens)
			}
		}
		f := stack[len(stack)-1]
		switch t.kind {
		case tEOF:
			if !started {
				r.game--
				return nil, io.EOF
			}
			if len(stack) > 1 {
				return fail(f.open, false, "unterminated variation at end of input")
			}
			return finish(g, f), nil
		case tTag:
			if movetext || hasTag(g.Tags, names, t.text) {
				r.tag, r.hasTag = t, true
				if len(stack) > 1 {
					return fail(f.open, false, "unterminated variation before the next game (line %d)", t.line)
				}
				return finish(g, f), nil
			}
			started = true
			g.Tags = append(g.Tags, Tag{Name: t.text, Value: t.value})
			if len(g.Tags) > 8 {
				if names == nil {
					names = make(map[string]bool)
					for _, tag := range g.Tags {
						names[tag.Name] = true
					}
				}
				names[t.text] = true
			}
		case tComment:
			started = true
			switch {
			case len(stack) == 1 && f.last == nil:
				g.Comments = append(g.Comments, t.text)
			case f.last != nil && !f.afterVar:
				f.last.CommentsAfter = append(f.last.CommentsAfter, t.text)
			default:
				f.pending = append(f.pending, t.text)
			}
		case tOpen:
			started, movetext = true, true
			if f.last == nil {
				return fail(t, true, "variation before any move")
			}
			if len(stack) > r.lim.MaxDepth {
				r.resync = true
				return nil, r.syntax(t.line, t.col, true, "variations nested deeper than %d", r.lim.MaxDepth)
			}
			f.afterVar = true
			stack = append(stack, &frame{owner: f.last, open: t})
		case tClose:
			started, movetext = true, true
			if len(stack) == 1 {
				return fail(t, true, "unmatched ')'")
			}
			if f.last == nil {
				return fail(t, true, "variation without moves")
			}
			f.last.CommentsAfter = append(f.last.CommentsAfter, f.pending...)
			f.owner.Variations = append(f.owner.Variations, f.line)
			stack = stack[:len(stack)-1]
		case tNAG:
			started, movetext = true, true
			if f.last == nil {
				return fail(t, true, "annotation glyph before any move")
			}
			f.last.NAGs = append(f.last.NAGs, t.nag)
		case tNumber:
			started, movetext = true, true
		case tMove:
			started, movetext = true, true
			n := r.newNode()
			n.Move, n.CommentsBefore = t.text, f.pending
			if t.nag != 0 {
				n.NAGs = []int{t.nag}
			}
			f.pending = nil
			f.line = append(f.line, n)
			f.last = n
			f.afterVar = false
		case tResult:
			started = true
			if len(stack) > 1 {
				return fail(t, true, "termination marker %s inside a variation", t.text)
			}
			g.Result = t.text
			return finish(g, f), nil
		}
	}
}

func hasTag(tags Tags, names map[string]bool, name string) bool {
	if names != nil {
		return names[name]
	}
	_, ok := tags.Lookup(name)
	return ok
}

// finish completes g from the main-line frame root.
func finish(g *Game, root *frame) *Game {
	if len(root.pending) > 0 {
		root.last.CommentsAfter = append(root.last.CommentsAfter, root.pending...)
	}
	g.Moves = root.line
	return g
}

// fullMove reads the side to move and full-move number of a FEN tag
// value: the numbering of the first move. Bad or missing fields give
// move 1, white.
func fullMove(fen string) (number int, black bool) {
	fields := splitASCII(fen)
	number = 1
	if len(fields) >= 2 {
		black = fields[1] == "b"
	}
	if len(fields) >= 6 {
		if n, err := strconv.Atoi(fields[5]); err == nil && n >= 1 && n < 1<<30 {
			number = n
		}
	}
	return number, black
}

// splitASCII splits s around runs of ASCII white space.
func splitASCII(s string) []string {
	var out []string
	start := -1
	for i := 0; i < len(s); i++ {
		if isSpace(s[i]) {
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

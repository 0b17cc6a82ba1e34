package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/baten-chess/baten/engine"
	"github.com/baten-chess/baten/variant"
	"golang.org/x/term"
)

// The control keys a terminal in raw mode delivers as bytes (the terminal
// sends no signals then).
const (
	keyInterrupt = 0x03 // Ctrl-C
	keyQuit      = 0x1c // Ctrl-\
	keySuspend   = 0x1a // Ctrl-Z
	keyEnd       = 0x04 // Ctrl-D
	keyKillEnd   = 0x0b // Ctrl-K: the line editor deletes to the end of the line
	keyKillStart = 0x15 // Ctrl-U: … and to its start
)

var (
	// errInterrupt ends a prompt at Ctrl-C or Ctrl-\.
	errInterrupt = errors.New("interrupted")
	// errResumed ends a prompt after Ctrl-Z suspended baten and it was
	// resumed.
	errResumed = errors.New("resumed")
	// errEndKey ends a prompt at Ctrl-D. The line editor would return
	// io.EOF for it on an empty line, but it keeps the key unread and
	// returns io.EOF at every later prompt too; so Ctrl-D never reaches
	// it (and does not delete a character: Delete does).
	errEndKey = errors.New("end of input (Ctrl-D)")
)

// chunk is what one read of the terminal returned.
type chunk struct {
	b   []byte
	err error
}

// terminal is the player's terminal in raw mode. One goroutine reads it,
// so that keys typed while the engine thinks are seen at once: Ctrl-C
// stops the search, other keys are kept for the next prompt. It is the
// line editor's reader, which sees Ctrl-C and Ctrl-\ as errInterrupt and
// Ctrl-Z as errResumed (after the suspension) instead of the keys.
type terminal struct {
	f       *os.File
	cooked  *term.State // the terminal's state before raw mode
	out     io.Writer   // the line editor, for output between prompts
	raw     io.Writer   // the terminal's output itself
	chunks  chan chunk  // from the reading goroutine, closed after an error
	pending []byte      // read but not yet given to the line editor
	readErr error       // the terminal's end, once pending is used up
	// The line editor keeps the first maxLine characters of a line, so
	// the length of a longer one is counted here, in the keys given to
	// it: typed since the last line end, and long, the lengths of the
	// lines of maxLine characters or more ended since (for longLine).
	typed   int
	long    []int
	afterCR bool
}

// newTerminal puts f in raw mode and starts reading it. The reading
// goroutine ends with the terminal (at an error such as EOF); when the
// session ends first it stays blocked in its read until the process
// exits, as a read of a terminal cannot be cancelled.
func newTerminal(f *os.File) (*terminal, error) {
	cooked, err := term.MakeRaw(int(f.Fd()))
	if err != nil {
		return nil, err
	}
	k := &terminal{f: f, cooked: cooked, chunks: make(chan chunk, 16)}
	go func() {
		defer close(k.chunks)
		for {
			buf := make([]byte, 256)
			n, err := f.Read(buf)
			k.chunks <- chunk{buf[:n], err}
			if err != nil {
				return
			}
		}
	}()
	return k, nil
}

// restore puts the terminal back as it was.
func (k *terminal) restore() { term.Restore(int(k.f.Fd()), k.cooked) }

// Read gives the line editor the keys typed, the control keys removed:
// Ctrl-C and Ctrl-\ end the read with errInterrupt (after the keys that
// erase the line being typed), Ctrl-Z suspends the process and ends it
// with errResumed, Ctrl-D ends it with errEndKey.
func (k *terminal) Read(p []byte) (int, error) {
	for len(k.pending) == 0 {
		if k.readErr != nil {
			return 0, k.readErr
		}
		c, ok := <-k.chunks
		if !ok {
			return 0, io.EOF
		}
		k.pending, k.readErr = c.b, c.err
	}
	i := strings.IndexAny(string(k.pending), string([]byte{keyInterrupt, keyQuit, keySuspend, keyEnd}))
	if i != 0 { // the keys before a control key first
		if i < 0 {
			i = len(k.pending)
		}
		n := copy(p, k.pending[:i])
		k.pending = k.pending[n:]
		k.count(p[:n])
		return n, nil
	}
	key := k.pending[0]
	k.pending = k.pending[1:]
	switch key {
	case keySuspend:
		k.suspend()
		return 0, errResumed
	case keyEnd:
		k.typed = 0
		return 0, errEndKey
	}
	k.typed = 0 // the line is erased
	return copy(p, []byte{keyKillEnd, keyKillStart}), errInterrupt
}

// count counts the characters of keys given to the line editor, line by
// line (a CR LF ends one line).
func (k *terminal) count(keys []byte) {
	for _, c := range keys {
		switch {
		case c == '\n' && k.afterCR:
		case c == '\r' || c == '\n':
			if k.typed >= maxLine {
				k.long = append(k.long, k.typed)
			}
			k.typed = 0
		case utf8.RuneStart(c):
			k.typed++
		}
		k.afterCR = c == '\r'
	}
}

// longLine returns the length of the long line the editor returned cut to
// n characters: the length counted when it was typed, or n if the count
// was lost (a line recalled from the history).
func (k *terminal) longLine(n int) int {
	if len(k.long) == 0 {
		return n
	}
	typed := k.long[0]
	k.long = k.long[1:]
	return max(typed, n)
}

// suspend stops the process as Ctrl-Z does in a cooked terminal: the
// terminal is restored for the shell, and made raw again on resumption.
func (k *terminal) suspend() {
	fmt.Fprint(k.raw, "^Z\r\n")
	k.restore()
	if err := suspendProcess(); err != nil {
		fmt.Fprintf(k.raw, "Ctrl-Z: %v\r\n", err)
	}
	if _, err := term.MakeRaw(int(k.f.Fd())); err != nil {
		fmt.Fprintf(k.raw, "Ctrl-Z: %v\r\n", err)
	}
}

// search runs the engine's search, showing its progress on one line that
// each completed iteration rewrites; Ctrl-C or Ctrl-\ stops it, and the
// best move found so far is returned, with stopped true. Other keys typed
// meanwhile wait for the next prompt. A hint's search says it shows the
// move rather than plays it.
func (k *terminal) search(ctx context.Context, e *engine.Engine, p variant.Position, limits engine.Limits, hint bool) (engine.Result, bool, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	infos := make(chan engine.Info, 64)
	type outcome struct {
		r   engine.Result
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		r, err := e.Search(ctx, limits, func(i engine.Info) {
			select {
			case infos <- i:
			default: // the display is behind: skip this iteration
			}
		})
		done <- outcome{r, err}
	}()
	if hint {
		k.status("thinking… (Ctrl-C: the best move so far is the hint)")
	} else {
		k.status("thinking… (Ctrl-C: play the best move so far)")
	}
	chunks := k.chunks
	if k.readErr != nil {
		chunks = nil // the terminal has ended: nothing more to read
	}
	stopped := false
	for {
		select {
		case o := <-done:
			k.status("")
			return o.r, stopped, o.err
		case i := <-infos:
			if !stopped {
				k.status(progressLine(p, i, hint))
			}
		case c, ok := <-chunks:
			if !ok {
				chunks = nil
				continue
			}
			if c.err != nil {
				k.readErr, chunks = c.err, nil
			}
			for _, b := range c.b {
				switch b {
				case keyInterrupt, keyQuit:
					if !stopped {
						stopped = true
						cancel()
						if hint {
							k.status("stopping: the hint is the best move so far…")
						} else {
							k.status("stopping: the engine plays its best move so far…")
						}
					}
				case keySuspend:
					k.suspend()
				default:
					k.pending = append(k.pending, b)
				}
			}
		}
	}
}

// status rewrites the status line (the cursor stays on it); "" clears it.
// The text is cut to the terminal's width: a line that wrapped could not
// be rewritten.
func (k *terminal) status(text string) {
	if w, _, err := term.GetSize(int(k.f.Fd())); err == nil && w > 1 && utf8.RuneCountInString(text) >= w {
		text = string([]rune(text)[:w-1])
	}
	fmt.Fprint(k.out, "\r\x1b[K"+text)
}

// progressLine describes a completed iteration: "thinking… depth 7, black
// +0.35, best Nf6, 120k nodes, 1.3 s", and what Ctrl-C does: play the move
// now, or for a hint show it now.
func progressLine(p variant.Position, i engine.Info, hint bool) string {
	side := p.Turn()
	score := fmt.Sprintf("%v %+.2f", side, float64(i.Score.CP)/100)
	switch {
	case i.Score.Mate > 0:
		score = fmt.Sprintf("%v wins in %d", side, i.Score.Mate)
	case i.Score.Mate < 0:
		score = fmt.Sprintf("%v loses in %d", side, -i.Score.Mate)
	}
	best := ""
	if len(i.PV) > 0 {
		best = i.PV[0]
		if m, err := p.Parse(best); err == nil {
			best = p.Format(m, variant.Human)
		}
		best = ", best " + best
	}
	now := "move now"
	if hint {
		now = "hint now"
	}
	return fmt.Sprintf("thinking… depth %d, %s%s, %s nodes, %.1f s (Ctrl-C: %s)",
		i.Depth, score, best, countText(i.Nodes), i.Time.Round(100*time.Millisecond).Seconds(), now)
}

// countText writes a count briefly: 950, 12k, 3.4M.
func countText(n uint64) string {
	switch {
	case n >= 1_000_000:
		return fmt.Sprintf("%.1fM", float64(n)/1e6)
	case n >= 10_000:
		return fmt.Sprintf("%dk", n/1000)
	}
	return fmt.Sprint(n)
}

// runTerminal reads commands with line editing and history (x/term).
func (s *session) runTerminal(ctx context.Context, f *os.File) error {
	k, err := newTerminal(f)
	if err != nil {
		return s.runLines(ctx, f)
	}
	defer k.restore()
	t := term.NewTerminal(struct {
		io.Reader
		io.Writer
	}{k, s.out}, "")
	s.out, k.out, k.raw, s.tty = t, t, s.out, k
	fmt.Fprintln(t, "Baten — type help for the commands.")
	s.show()
	s.opening()
	s.claimNotice()
	for {
		t.SetPrompt(s.prompt())
		line, err := t.ReadLine()
		switch {
		case errors.Is(err, errResumed):
			fmt.Fprintln(t, "resumed")
			continue
		case errors.Is(err, errInterrupt) || errors.Is(err, errEndKey) || err == io.EOF:
			if s.leaveConfirmed(t, err) {
				return nil
			}
			continue
		case errors.Is(err, term.ErrPasteIndicator):
			// A pasted line is a line like any other.
		case err != nil:
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if n := utf8.RuneCountInString(line); n >= maxLine {
			// The line editor keeps the first maxLine characters of a
			// longer line: a paste gone wrong, not a command.
			fmt.Fprintf(t, "error: line ignored: %d characters (%s), the limit is %d\n", k.longLine(n), shorten(line), maxLine-1)
			continue
		}
		if quit := s.execute(line); quit && s.leaveConfirmed(t, nil) {
			return nil
		}
	}
}

// leaveConfirmed asks, after quit (why nil), or Ctrl-C, Ctrl-\ or Ctrl-D
// at the prompt (why the line editor's error), whether to leave a game
// that has moves and is not saved as it stands, and reports whether to
// leave. "save FILE" saves, then leaves; a second Ctrl-C (or Ctrl-\,
// Ctrl-D) or the terminal's end leaves.
func (s *session) leaveConfirmed(t *term.Terminal, why error) bool {
	if len(s.g.Moves()) == 0 || s.savedAsIs() {
		fmt.Fprintln(t, "bye")
		return true
	}
	t.SetPrompt("leave this game unsaved? y: leave, n: go on, save FILE: save and leave> ")
	switch {
	case errors.Is(why, errInterrupt):
		fmt.Fprintln(t, "^C")
	case why != nil: // the key ended the line being typed
		fmt.Fprintln(t)
	}
	for {
		answer, err := t.ReadLine()
		if errors.Is(err, errResumed) {
			fmt.Fprintln(t, "resumed")
			continue
		}
		if err != nil && !errors.Is(err, term.ErrPasteIndicator) {
			fmt.Fprintln(t, "bye")
			return true // asked twice, or the terminal is gone
		}
		fields := strings.Fields(answer)
		switch {
		case len(fields) == 0:
		case len(fields) == 2 && strings.EqualFold(fields[0], "save"):
			if err := s.save(fields[1:]); err != nil {
				fmt.Fprintf(t, "error: %v\n", err)
				continue
			}
			return true
		default:
			switch strings.ToLower(fields[0]) {
			case "y", "yes", "quit", "leave":
				return true
			case "n", "no":
			default:
				fmt.Fprintln(t, "answer y, n or save FILE")
				continue
			}
		}
		fmt.Fprintln(t, "going on")
		return false
	}
}

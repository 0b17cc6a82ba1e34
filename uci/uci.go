package uci

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/engine"
	"github.com/baten-chess/baten/shatranj"
	"github.com/baten-chess/baten/variant"
)

// Config names the engine in the "id" lines and gives it its games.
type Config struct {
	Name   string // default "Baten"
	Author string // default "the Baten authors"
	HashMB int    // the Hash option's default (engine.DefaultHashMB if 0)
	// Variants are the games UCI_Variant offers, the first the default
	// (variant.Builtin() if nil).
	Variants *variant.Registry
}

const (
	maxHashMB     = 4096
	maxMultiPV    = 256
	maxOverheadMS = 5000
)

// maxLine bounds a command line. A longer one is read to its end, skipped
// and reported; a real one is at most a position with its moves, a few
// kilobytes even for a very long game.
const maxLine = 1 << 20

// maxEcho bounds the user text an info string repeats (a command, a
// parameter, an option value), and maxError an error that may quote its
// input (a FEN, a move), so that junk is not sent back in full.
const (
	maxEcho  = 40
	maxError = 200
)

// defaultMoveTime is the search time of a "go" without a usable limit: only
// "go infinite" searches until "stop".
const defaultMoveTime = time.Second

// session is one UCI dialogue.
type session struct {
	cfg      Config
	out      io.Writer
	mu       sync.Mutex // serialises writes to out
	ctx      context.Context
	eng      *engine.Engine
	games    *variant.Registry
	variant  *variant.Variant // as UCI_Variant chose it
	chess960 bool
	hashMB   int
	threads  int
	multiPV  int
	overhead time.Duration
	showWDL  bool
	ponder   bool
	// the last position command, replayed when the variant changes
	posFEN   string
	posMoves []string
	// fen is the position as set, which "d" shows: during a search the
	// engine's own position is a node of the search tree, and the search
	// goroutine alone may touch it.
	fen string
	// noPosition: the last position command failed without a position to
	// fall back on (a bad FEN, a malformed command); "go" answers
	// "bestmove 0000" until the next good one.
	noPosition bool

	job *job
	// queue holds the commands that arrived during a search, run in order
	// once it ends (see immediate for those that act at once).
	queue    []string
	queued   int // bytes in queue
	goQueued int // "go" commands in queue
	// eof: the input has ended; a search started now runs only if its
	// limits are small (see small).
	eof bool
}

// job is a running search.
type job struct {
	cancel      context.CancelFunc
	done        chan struct{}
	release     chan struct{} // closed by stop or ponderhit: bestmove may go out
	releaseOnce sync.Once
	ponder      bool
	// hit is this search's ponder hit (engine.Limits.PonderHit): one per
	// search, so that a ponderhit after a ponder search ended by its own
	// limit cannot start the next one's clock.
	hit   atomic.Int64
	small bool // its limits are small enough to finish at the end of input
}

func (j *job) free() { j.releaseOnce.Do(func() { close(j.release) }) }

// released reports whether the bestmove may go out when the search ends.
func (j *job) released() bool {
	select {
	case <-j.release:
		return true
	default:
		return false
	}
}

// Run reads UCI commands from in and answers on out until "quit", the end
// of in, or the cancellation of ctx; it returns the read error, if any.
func Run(ctx context.Context, in io.Reader, out io.Writer, cfg Config) error {
	if cfg.Name == "" {
		cfg.Name = "Baten"
	}
	if cfg.Author == "" {
		cfg.Author = "the Baten authors"
	}
	if cfg.HashMB <= 0 {
		cfg.HashMB = engine.DefaultHashMB
	}
	if cfg.Variants == nil {
		cfg.Variants = variant.Builtin()
	}
	first, ok := cfg.Variants.Default()
	if !ok {
		return errors.New("uci: no games to offer")
	}
	s := &session{cfg: cfg, out: out, ctx: ctx, games: cfg.Variants, variant: first, hashMB: cfg.HashMB,
		threads: 1, multiPV: 1, overhead: DefaultMoveOverhead}
	eng, err := engine.New(first, engine.Options{HashMB: s.hashMB})
	if err != nil {
		return err
	}
	s.eng = eng
	s.fen = eng.FEN()

	lines := make(chan inputLine)
	readErr := make(chan error, 1)
	go func() {
		r := bufio.NewReaderSize(in, 64<<10)
		for {
			l, err := readLine(r)
			if err != nil {
				if errors.Is(err, io.EOF) {
					err = nil
				}
				readErr <- err
				close(lines)
				return
			}
			select {
			case lines <- l:
			case <-ctx.Done():
				return
			}
		}
	}()
	defer s.stop()
	for {
		// A queued stop or ponderhit belongs to the search of the go
		// queued before it, and acts on it as soon as it runs.
		if len(s.queue) > 0 && (s.job == nil || isStop(command(s.queue[0]))) {
			line := s.queue[0]
			s.queue = s.queue[1:]
			s.queued -= len(line)
			if command(line) == "go" {
				s.goQueued--
			}
			if s.handle(line) {
				return nil
			}
			continue
		}
		if s.eof && s.job == nil {
			return <-readErr
		}
		var done <-chan struct{}
		if s.job != nil {
			done = s.job.done
		}
		select {
		case <-ctx.Done():
			return nil
		case <-done:
			s.job = nil // its bestmove is out
		case l, ok := <-lines:
			if !ok {
				// A pipe's end is not "stop": a search with small limits
				// finishes, any other is stopped now.
				s.eof, lines = true, nil
				if s.job != nil && !s.job.small {
					s.stop()
				}
				continue
			}
			if l.tooLong {
				s.infoString("line ignored: longer than %d bytes", maxLine)
				continue
			}
			if s.job != nil || len(s.queue) > 0 {
				if !s.immediate(l.text) {
					s.enqueue(l.text)
					continue
				}
			}
			if quit := s.handle(l.text); quit {
				return nil
			}
		}
	}
}

// maxQueued bounds the bytes of the commands waiting for a search to end:
// far more than a GUI sends, little memory for a client that floods.
const maxQueued = 16 << 20

// enqueue keeps a command for after the search, unless too many wait.
func (s *session) enqueue(line string) {
	if s.queued+len(line) > maxQueued {
		s.infoString("line ignored: %d MB of commands already wait for the search to end", maxQueued>>20)
		return
	}
	s.queued += len(line)
	s.queue = append(s.queue, line)
	if command(line) == "go" {
		s.goQueued++
	}
}

// DefaultMoveOverhead is the Move Overhead option's default, as
// Stockfish's.
const DefaultMoveOverhead = 10 * time.Millisecond

// immediate reports whether a command that arrives during a search (or
// while commands wait for its end) acts at once rather than in its turn:
// quit and isready; stop and ponderhit unless a go waits, as they then
// belong to its search, not to the one running (which may have just
// ended by its own limit, its bestmove out) — but a running search that
// waits for this very command takes it, as nothing queued can run before
// it ends; "d" when nothing waits.
func (s *session) immediate(line string) bool {
	switch c := command(line); {
	case c == "quit" || c == "isready":
		return true
	case isStop(c):
		return s.goQueued == 0 || s.awaits(c)
	case c == "d":
		return len(s.queue) == 0
	}
	return false
}

// awaits reports whether the running search waits for cmd (stop or
// ponderhit) to answer: "go infinite" for stop, "go ponder" for either.
func (s *session) awaits(cmd string) bool {
	j := s.job
	if j == nil || j.released() {
		return false
	}
	return cmd == "stop" || j.ponder
}

// isStop reports whether a command ends or releases the search before it.
func isStop(cmd string) bool { return cmd == "stop" || cmd == "ponderhit" }

// command is the first word of a line, as handle reads it.
func command(line string) string {
	line = strings.TrimLeftFunc(line, unicode.IsSpace)
	if i := strings.IndexFunc(line, unicode.IsSpace); i >= 0 {
		return line[:i]
	}
	return line
}

// inputLine is a command line, or the mark of one too long to keep.
type inputLine struct {
	text    string
	tooLong bool
}

// readLine reads a line without its "\n" or "\r\n"; a line longer than
// maxLine bytes is read to its end but not kept. The error is io.EOF after
// the last line (which may lack its "\n").
func readLine(r *bufio.Reader) (inputLine, error) {
	var buf []byte
	n := 0
	for {
		frag, err := r.ReadSlice('\n')
		n += len(frag)
		if n <= maxLine+2 { // room for "\r\n"
			buf = append(buf, frag...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil && (!errors.Is(err, io.EOF) || n == 0) {
			return inputLine{}, err
		}
		break
	}
	buf = bytes.TrimSuffix(buf, []byte("\n"))
	buf = bytes.TrimSuffix(buf, []byte("\r"))
	if n > maxLine+2 || len(buf) > maxLine {
		return inputLine{tooLong: true}, nil
	}
	return inputLine{text: string(buf)}, nil
}

// clip cuts t to at most n bytes, at a character boundary, marking the cut.
func clip(t string, n int) string {
	if len(t) <= n {
		return t
	}
	for n > 0 && !utf8.RuneStart(t[n]) {
		n--
	}
	return t[:n] + "…"
}

// quote is user text in an info string: quoted, and clipped to maxEcho.
func quote(t string) string { return strconv.Quote(clip(t, maxEcho)) }

func (s *session) printf(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fmt.Fprintf(s.out, format+"\n", args...)
}

func (s *session) infoString(format string, args ...any) {
	s.printf("info string "+format, args...)
}

// handle runs one command line and reports whether it was quit.
func (s *session) handle(line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return false
	}
	cmd, args := f[0], f[1:]
	switch cmd {
	case "uci":
		s.printf("id name %s", s.cfg.Name)
		s.printf("id author %s", s.cfg.Author)
		s.printf("option name Hash type spin default %d min 1 max %d", s.cfg.HashMB, maxHashMB)
		s.printf("option name Clear Hash type button")
		s.printf("option name Threads type spin default 1 min 1 max %d", engine.MaxThreads)
		s.printf("option name MultiPV type spin default 1 min 1 max %d", maxMultiPV)
		s.printf("option name Move Overhead type spin default %d min 0 max %d", DefaultMoveOverhead.Milliseconds(), maxOverheadMS)
		s.printf("option name Ponder type check default false")
		s.printf("option name UCI_ShowWDL type check default false")
		s.printf("option name UCI_Chess960 type check default false")
		s.printf("option name UCI_Variant type combo default %s var %s", s.variant.UCIName, strings.Join(s.combo(), " var "))
		s.printf("option name VariantPath type string default <empty>")
		s.printf("uciok")
	case "isready":
		s.printf("readyok")
	case "debug", "register":
		// accepted and ignored
	case "setoption":
		s.setOption(args)
	case "ucinewgame":
		s.eng.NewGame()
	case "position":
		s.position(args)
	case "go":
		s.goCmd(args)
	case "stop":
		s.stop()
	case "ponderhit":
		if s.job == nil || !s.job.ponder {
			s.infoString("ponderhit ignored: not pondering")
			return false
		}
		s.job.hit.CompareAndSwap(0, time.Now().UnixNano()) // a second ponderhit does not restart the clock
		s.job.free()
	case "quit":
		return true
	case "d":
		if s.noPosition {
			s.infoString("variant %s: no position (the last position command failed)", s.variantName())
			return false
		}
		s.printf("info string variant %s fen %s", s.variantName(), s.fsfFEN(s.fen))
	default:
		s.infoString("unknown command %s ignored", quote(cmd))
	}
	return false
}

// fsfFEN is fen as Fairy-Stockfish's "d" writes it, where Baten's other
// surfaces write it otherwise: Chess960 castling in Shredder-FEN ("HAha"),
// chess's en passant square where the capture is illegal (fsfChessEP),
// shatranj with Fairy-Stockfish's letters (Q Ferz, B Alfil).
func (s *session) fsfFEN(fen string) string {
	p, err := s.eng.Variant().FromFEN(fen)
	if err != nil {
		return fen
	}
	switch q := p.(type) {
	case interface{ Chess() (chess.Position, bool) }:
		c, chess960 := q.Chess()
		if chess960 {
			fen = c.FEN(chess.CastlingShredder)
		}
		return s.fsfChessEP(&c, fen) // the en passant square a pinned pawn attacks
	case interface{ Shatranj() shatranj.Position }:
		c := q.Shatranj()
		return c.FENLetters(shatranj.FSF)
	}
	return fen
}

func (s *session) variantName() string { return s.eng.Variant().UCIName }

// combo lists the UCI_Variant values: every game of the registry, then
// the names Fairy-Stockfish also lists for chess and Chess960.
func (s *session) combo() []string {
	var names []string
	for _, v := range s.games.All() {
		names = append(names, v.UCIName)
	}
	for _, a := range []string{"normal", "fischerandom"} {
		if _, err := s.games.Lookup(a); err == nil && !slices.Contains(names, a) {
			names = append(names, a)
		}
	}
	return names
}

// playing is the game the engine plays: the UCI_Variant choice, or its
// Chess960 form when UCI_Chess960 is on and it has one.
func (s *session) playing() *variant.Variant {
	if s.chess960 && s.variant.Chess960Form != "" {
		if v, err := s.games.Lookup(s.variant.Chess960Form); err == nil {
			return v
		}
	}
	return s.variant
}

// noChess960Form says when UCI_Chess960 is on but the game has no
// Chess960 form: Fairy-Stockfish would castle its way in any game, Baten
// plays the game as it is.
func (s *session) noChess960Form() {
	if s.chess960 && s.variant.Chess960Form == "" {
		s.infoString("UCI_Chess960 has no effect: Baten has no Chess960 form of %s", s.variant.UCIName)
	}
}

// switchTo gives the session an engine for the game the options select,
// if it has not got one; the position is the game's start.
func (s *session) switchTo() error {
	v := s.playing()
	if v == s.eng.Variant() {
		return nil
	}
	eng, err := engine.New(v, engine.Options{HashMB: s.hashMB, Threads: s.threads})
	if err != nil {
		return err
	}
	s.eng = eng
	s.posFEN, s.posMoves, s.noPosition = "", nil, false
	s.fen = eng.FEN()
	return nil
}

// stop ends a running search and waits for its bestmove.
func (s *session) stop() {
	if s.job == nil {
		return
	}
	s.job.free()
	s.job.cancel()
	<-s.job.done
	s.job = nil
}

func (s *session) setOption(args []string) {
	// setoption name <id with spaces> [value <x with spaces>]
	if len(args) < 2 || !strings.EqualFold(args[0], "name") {
		s.infoString("setoption ignored: expected \"setoption name <id> [value <x>]\"")
		return
	}
	var name, value []string
	inValue := false
	for _, a := range args[1:] {
		if !inValue && strings.EqualFold(a, "value") {
			inValue = true
			continue
		}
		if inValue {
			value = append(value, a)
		} else {
			name = append(name, a)
		}
	}
	n, v := strings.Join(name, " "), strings.Join(value, " ")
	switch strings.ToLower(n) {
	case "hash":
		mb, err := strconv.Atoi(v)
		if err != nil || mb < 1 || mb > maxHashMB {
			s.infoString("setoption Hash ignored: %s is not a size in MB from 1 to %d", quote(v), maxHashMB)
			return
		}
		s.hashMB = mb
		s.eng.SetHash(mb)
	case "threads":
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > engine.MaxThreads {
			s.infoString("setoption Threads ignored: %s is not a number from 1 to %d", quote(v), engine.MaxThreads)
			return
		}
		s.threads = n
		if got := s.eng.SetThreads(n); got < n {
			s.infoString("setoption Threads: %s is searched on %d thread", s.variantName(), got)
		}
	case "multipv":
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxMultiPV {
			s.infoString("setoption MultiPV ignored: %s is not a number from 1 to %d", quote(v), maxMultiPV)
			return
		}
		s.multiPV = n
	case "move overhead":
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > maxOverheadMS {
			s.infoString("setoption Move Overhead ignored: %s is not a number of milliseconds from 0 to %d", quote(v), maxOverheadMS)
			return
		}
		s.overhead = time.Duration(n) * time.Millisecond
	case "uci_showwdl":
		b, ok := parseBool(v)
		if !ok {
			s.infoString("setoption UCI_ShowWDL ignored: %s is not true or false", quote(v))
			return
		}
		s.showWDL = b
	case "clear hash":
		s.eng.NewGame()
	case "ponder":
		b, ok := parseBool(v)
		if !ok {
			s.infoString("setoption Ponder ignored: %s is not true or false", quote(v))
			return
		}
		s.ponder = b
	case "uci_chess960":
		b, ok := parseBool(v)
		if !ok {
			s.infoString("setoption UCI_Chess960 ignored: %s is not true or false", quote(v))
			return
		}
		s.chess960 = b
		fen, moves := s.posFEN, s.posMoves
		if err := s.switchTo(); err != nil {
			s.infoString("setoption UCI_Chess960: %v", err)
			return
		}
		s.posFEN, s.posMoves = fen, moves // the same position, castling written the other way
		s.replay()
		s.noChess960Form()
	case "uci_variant":
		next, err := s.games.Lookup(v)
		if err != nil {
			s.infoString("setoption UCI_Variant ignored: unknown variant %s (known: %s)", quote(v), strings.Join(s.combo(), ", "))
			return
		}
		if next.Chess960Form == "" {
			// a game that is chess960 by itself keeps UCI_Chess960 as it is
			for _, w := range s.games.All() {
				if w.Chess960Form != "" && w.Chess960Form == next.Name {
					next, s.chess960 = w, true
				}
			}
		}
		s.variant = next
		if err := s.switchTo(); err != nil {
			s.infoString("setoption UCI_Variant ignored: %v", err)
		}
		s.noChess960Form()
	case "variantpath":
		s.loadVariantPath(v)
	case "uci_analysemode", "uci_limitstrength", "uci_elo":
		// options GUIs send to any engine; accepted and ignored
	default:
		s.infoString("setoption ignored: no option named %s", quote(n))
	}
}

// loadVariantPath adds the games of a variants.ini file to the session's
// games (Fairy-Stockfish's VariantPath option): they can then be chosen
// with UCI_Variant. A file that does not load changes nothing.
func (s *session) loadVariantPath(path string) {
	if path == "" || path == "<empty>" {
		return
	}
	f, err := os.Open(path)
	if err != nil {
		s.infoString("setoption VariantPath ignored: %s", clip(err.Error(), maxError))
		return
	}
	defer f.Close()
	defs, err := variant.LoadINI(f, path, s.games)
	// Sections that did not load are skipped, each said on a line of its
	// own; the others load (a file none of whose sections loads is ignored).
	var skipped []error
	if le := (*variant.LoadError)(nil); errors.As(err, &le) {
		skipped = le.Sections
		if len(defs) > 0 {
			err = nil
		}
	}
	games := s.games.Clone()
	for i := 0; err == nil && i < len(defs); i++ {
		err = games.Register(defs[i])
	}
	if err != nil {
		if skipped == nil {
			skipped = []error{err}
		}
		for _, e := range skipped {
			s.infoString("setoption VariantPath ignored: %s", clip(e.Error(), maxError))
		}
		return
	}
	s.games = games
	names := make([]string, len(defs))
	for i, v := range defs {
		names[i] = v.UCIName
	}
	s.infoString("variants loaded: %s", strings.Join(names, " "))
	for _, e := range skipped {
		s.infoString("VariantPath: section skipped: %s", clip(e.Error(), maxError))
	}
}

func parseBool(v string) (bool, bool) {
	switch strings.ToLower(v) {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

// replay sets the last position again (after UCI_Chess960 changes).
func (s *session) replay() {
	if s.noPosition {
		return
	}
	if err := s.eng.SetPositionText(s.posFEN, s.posMoves); err != nil {
		var bad *engine.IllegalMoveError
		if errors.As(err, &bad) {
			s.posMoves = s.posMoves[:bad.Index]
		} else {
			s.posFEN, s.posMoves = "", nil
		}
	}
	s.fen = s.eng.FEN()
}

// position sets the position. A position is never searched unless the
// GUI gave it: after a move that is not legal where it comes, the position
// is the one before it (the moves played up to there) and the rest is
// reported ignored; a FEN that does not read or a malformed command leaves
// no position, and "go" answers "bestmove 0000" until the next one.
func (s *session) position(args []string) {
	fail := func(format string, a ...any) {
		s.noPosition = true
		s.posFEN, s.posMoves = "", nil
		s.eng.SetPositionText("", nil)
		s.fen = s.eng.FEN()
		s.infoString("position ignored: "+format+"; go answers bestmove 0000 until the next position", a...)
	}
	if len(args) == 0 {
		fail("expected \"position startpos|fen <fen> [moves …]\"")
		return
	}
	var fen string
	var rest []string
	switch args[0] {
	case "startpos":
		rest = args[1:]
	case "fen":
		i := 1
		for i < len(args) && args[i] != "moves" {
			i++
		}
		fen = strings.Join(args[1:i], " ")
		if fen == "" {
			fail("\"fen\" without a FEN")
			return
		}
		rest = args[i:]
	default:
		fail("%s is neither startpos nor fen", quote(args[0]))
		return
	}
	var moves []string
	if len(rest) > 0 {
		if rest[0] != "moves" {
			fail("unexpected %s (expected \"moves\")", quote(rest[0]))
			return
		}
		moves = rest[1:]
	}
	err := s.eng.SetPositionText(fen, moves)
	var bad *engine.IllegalMoveError
	switch {
	case errors.As(err, &bad):
		s.infoString("position: move %d %s is illegal (%s): it and the %d after it are ignored; the position is after move %d",
			bad.Index+1, quote(bad.Move), clip(bad.Err.Error(), maxError/2), len(moves)-bad.Index-1, bad.Index)
		moves = moves[:bad.Index]
	case err != nil:
		fail("%s", clip(err.Error(), maxError))
		return
	}
	s.noPosition = false
	s.posFEN, s.posMoves = fen, append([]string(nil), moves...)
	s.fen = s.eng.FEN()
}

// goCmd parses "go" and starts the search. A parameter whose number is
// missing or malformed is reported and ignored; depth, nodes, mate,
// movetime and movestogo need a positive number, the increments one of at
// least 0, and a clock of 0 or less (a player out of time) means moving at
// once. A search is never unbounded unless "infinite" asks for it: a "go"
// left without a limit searches defaultMoveTime (after ponderhit when
// pondering), and with one clock only, the engine gives the side to act
// the other side's time (see engine.Limits).
func (s *session) goCmd(args []string) {
	if len(args) > 0 && args[0] == "perft" {
		s.perft(args[1:])
		return
	}
	var l engine.Limits
	bounded := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch a {
		case "infinite":
			l.Infinite = true
			continue
		case "ponder":
			l.Ponder = true
			continue
		case "searchmoves":
			for i+1 < len(args) && !isGoKeyword(args[i+1]) {
				i++
				if m, err := s.eng.ParseMove(args[i]); err == nil {
					l.SearchMoves = append(l.SearchMoves, m)
				} else {
					s.infoString("go: searchmoves %s ignored: not a legal move", quote(args[i]))
				}
			}
			if len(l.SearchMoves) == 0 {
				s.infoString("go: searchmoves without a legal move: searching every move")
			}
			continue
		}
		if !isGoKeyword(a) {
			s.infoString("go: unknown parameter %s ignored", quote(a))
			continue
		}
		// The value is the next word, unless that is the next parameter.
		v := ""
		if i+1 < len(args) && !isGoKeyword(args[i+1]) {
			i++
			v = args[i]
		}
		n, err := strconv.ParseInt(v, 10, 64)
		need, ok := "a positive number", err == nil && n > 0
		switch a {
		case "wtime", "btime":
			need, ok = "a number of milliseconds", err == nil
		case "winc", "binc":
			need, ok = "a number of milliseconds, 0 or more", err == nil && n >= 0
		}
		if !ok && v == "" {
			s.infoString("go: %s needs %s; ignored", a, need)
			continue
		}
		if !ok {
			s.infoString("go: %s needs %s, not %s; ignored", a, need, quote(v))
			continue
		}
		ms := time.Duration(min(n, math.MaxInt64/int64(time.Millisecond))) * time.Millisecond
		num := int(min(n, math.MaxInt32))
		switch a {
		case "wtime":
			l.WTime = max(ms, time.Millisecond)
		case "btime":
			l.BTime = max(ms, time.Millisecond)
		case "winc":
			l.WInc = ms
		case "binc":
			l.BInc = ms
		case "movetime":
			l.MoveTime = ms
		case "movestogo":
			l.MovesToGo = num
		case "depth":
			l.Depth = num
		case "nodes":
			l.Nodes = uint64(n)
		case "mate":
			l.Mate = num
		}
		// A clock bounds the search, an increment if above 0; movestogo
		// only shares out a clock.
		bounded = bounded || a == "wtime" || a == "btime" || (a != "movestogo" && n > 0)
	}
	if !l.Infinite && !bounded {
		l.MoveTime = defaultMoveTime
		s.infoString("go: no limit given: searching %d ms (\"go infinite\" searches until stop)", defaultMoveTime.Milliseconds())
	}
	if s.noPosition {
		s.infoString("go: no position to search (the last position command failed)")
		s.printf("bestmove 0000")
		return
	}
	l.MultiPV, l.MoveOverhead = s.multiPV, s.overhead
	ctx, cancel := context.WithCancel(s.ctx)
	j := &job{cancel: cancel, done: make(chan struct{}), release: make(chan struct{}), ponder: l.Ponder, small: small(l)}
	l.PonderHit = &j.hit
	if !l.Infinite && !l.Ponder {
		j.free()
	}
	s.job = j
	if s.eof && !j.small {
		defer s.stop() // the input has ended: stop now and answer
	}
	eng := s.eng
	go func() {
		defer close(j.done)
		defer cancel()
		res, _ := eng.Search(ctx, l, s.info)
		select { // infinite and ponder searches answer only after stop/ponderhit
		case <-j.release:
		case <-ctx.Done():
		}
		line := "bestmove (none)"
		switch {
		case res.BestMove != "" && res.Ponder != "":
			line = "bestmove " + res.BestMove + " ponder " + res.Ponder
		case res.BestMove != "":
			line = "bestmove " + res.BestMove
		}
		s.printf("%s", line)
	}()
}

// perft answers "go perft N" as Fairy-Stockfish and Stockfish do, so
// that the two can be diffed: a line "MOVE: COUNT" for each root move, in
// the engine's move text, a blank line, "Nodes searched: N" and a blank
// line. Like
// them it counts before reading the next command, so that a script's
// "quit" after it waits for the count.
func (s *session) perft(args []string) {
	depth := 0
	if len(args) > 0 {
		depth, _ = strconv.Atoi(args[0])
	}
	if len(args) != 1 || depth < 1 {
		s.infoString("go perft needs one depth of 1 or more; ignored")
		return
	}
	if s.noPosition {
		s.infoString("go perft: no position to count (the last position command failed)")
		return
	}
	div, err := s.eng.Divide(s.ctx, depth, s.threads)
	if err != nil {
		s.infoString("go perft stopped: %s", clip(err.Error(), maxError))
		return
	}
	var total uint64
	for _, d := range div {
		s.printf("%s: %d", d.Action, d.Nodes)
		total += d.Nodes
	}
	s.printf("\nNodes searched: %d\n", total)
}

// Limits that count as small: a search bounded by one of them finishes
// when the input ends (a script piped in: "go depth 5" answers fully);
// any other is stopped then and answers with what it has.
const (
	smallDepth = 8
	smallNodes = 1_000_000
	smallTime  = time.Second
	smallMate  = 2
	// smallClock: a clock of at most this much (and an increment of at
	// most smallTime) gives a move a small share of it.
	smallClock = 30 * time.Second
)

// small reports whether the limits bound a search to a short time.
func small(l engine.Limits) bool {
	if l.Infinite || l.Ponder {
		return false
	}
	clock := (l.WTime > 0 || l.BTime > 0 || l.WInc > 0 || l.BInc > 0) &&
		max(l.WTime, l.BTime) <= smallClock && max(l.WInc, l.BInc) <= smallTime
	return (l.Depth > 0 && l.Depth <= smallDepth) ||
		(l.Nodes > 0 && l.Nodes <= smallNodes) ||
		(l.MoveTime > 0 && l.MoveTime <= smallTime) ||
		(l.Mate > 0 && l.Mate <= smallMate) || clock
}

func isGoKeyword(a string) bool {
	switch a {
	case "infinite", "ponder", "wtime", "btime", "winc", "binc", "movetime", "movestogo", "depth", "nodes", "mate", "searchmoves":
		return true
	}
	return false
}

func (s *session) info(i engine.Info) {
	if len(i.PV) == 0 { // a closing report without a line (see engine.Searcher.Search)
		s.printf("info nodes %d nps %d hashfull %d time %d", i.Nodes, i.NPS, i.HashFull, i.Time.Milliseconds())
		return
	}
	score := i.Score.String()
	if s.showWDL {
		w, d, l := wdl(i.Score)
		score += fmt.Sprintf(" wdl %d %d %d", w, d, l)
	}
	s.printf("info depth %d seldepth %d multipv %d score %s nodes %d nps %d hashfull %d time %d pv %s",
		i.Depth, i.SelDepth, max(i.MultiPV, 1), score, i.Nodes, i.NPS, i.HashFull, i.Time.Milliseconds(), strings.Join(i.PV, " "))
}

// wdl is UCI_ShowWDL's estimate of the chances, per mille, for the side to
// act: a forced result is certain; a score in centipawns is turned into a
// win and a loss chance by a logistic curve (wdlMid centipawns for an even
// chance of winning, wdlScale the spread), the rest drawn. It is a rough,
// fixed model, not fitted to Baten's games.
func wdl(sc engine.Score) (w, d, l int) {
	switch {
	case sc.Mate > 0:
		return 1000, 0, 0
	case sc.Mate < 0:
		return 0, 0, 1000
	}
	const wdlMid, wdlScale = 250.0, 75.0
	cp := float64(sc.CP)
	w = int(math.Round(1000 / (1 + math.Exp((wdlMid-cp)/wdlScale))))
	l = int(math.Round(1000 / (1 + math.Exp((wdlMid+cp)/wdlScale))))
	return w, 1000 - w - l, l
}

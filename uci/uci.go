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
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/baten-chess/baten/engine"
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

const maxHashMB = 4096

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
	ponder   bool
	// the last position command, replayed when the variant changes
	posFEN   string
	posMoves []string
	// fen is the position as set, which "d" shows: during a search the
	// engine's own position is a node of the search tree, and the search
	// goroutine alone may touch it.
	fen string

	job *job
}

// job is a running search.
type job struct {
	cancel      context.CancelFunc
	done        chan struct{}
	release     chan struct{} // closed by stop or ponderhit: bestmove may go out
	releaseOnce sync.Once
	ponder      bool
	finished    bool // bestmove written (guarded by session.mu)
}

func (j *job) free() { j.releaseOnce.Do(func() { close(j.release) }) }

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
	s := &session{cfg: cfg, out: out, ctx: ctx, games: cfg.Variants, variant: first, hashMB: cfg.HashMB}
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
		select {
		case <-ctx.Done():
			return nil
		case l, ok := <-lines:
			if !ok {
				s.wait() // let a finite search finish, as a pipe's end is not "stop"
				return <-readErr
			}
			if l.tooLong {
				s.infoString("line ignored: longer than %d bytes", maxLine)
				continue
			}
			if quit := s.handle(l.text); quit {
				return nil
			}
		}
	}
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

func (s *session) searching() bool {
	if s.job == nil {
		return false
	}
	s.mu.Lock()
	finished := s.job.finished
	s.mu.Unlock()
	if finished {
		<-s.job.done
		s.job = nil
	}
	return !finished
}

// handle runs one command line and reports whether it was quit.
func (s *session) handle(line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return false
	}
	cmd, args := f[0], f[1:]
	switch cmd {
	case "setoption", "ucinewgame", "position", "go":
		// These change what a running search works on.
		if s.searching() {
			s.infoString("%s ignored: a search is running (send stop first)", cmd)
			return false
		}
	}
	switch cmd {
	case "uci":
		s.printf("id name %s", s.cfg.Name)
		s.printf("id author %s", s.cfg.Author)
		s.printf("option name Hash type spin default %d min 1 max %d", s.cfg.HashMB, maxHashMB)
		s.printf("option name Threads type spin default 1 min 1 max 1")
		s.printf("option name MultiPV type spin default 1 min 1 max 1")
		s.printf("option name Ponder type check default false")
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
		if !s.searching() || !s.job.ponder {
			s.infoString("ponderhit ignored: not pondering")
			return false
		}
		s.eng.PonderHit()
		s.job.free()
	case "quit":
		return true
	case "d":
		s.printf("info string variant %s fen %s", s.variantName(), s.fen)
	default:
		s.infoString("unknown command %s ignored", quote(cmd))
	}
	return false
}

func (s *session) variantName() string { return s.eng.Variant().UCIName }

// combo lists the UCI_Variant values: every game of the registry.
func (s *session) combo() []string {
	var names []string
	for _, v := range s.games.All() {
		names = append(names, v.UCIName)
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

// switchTo gives the session an engine for the game the options select,
// if it has not got one; the position is the game's start.
func (s *session) switchTo() error {
	v := s.playing()
	if v == s.eng.Variant() {
		return nil
	}
	eng, err := engine.New(v, engine.Options{HashMB: s.hashMB})
	if err != nil {
		return err
	}
	s.eng = eng
	s.posFEN, s.posMoves = "", nil
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

// wait lets a running finite search finish; an infinite or pondering one
// is stopped.
func (s *session) wait() {
	if s.job == nil {
		return
	}
	select {
	case <-s.job.release:
		<-s.job.done
	default:
	}
	s.stop()
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
		if v != "1" {
			s.infoString("setoption Threads: only 1 thread is supported, using 1")
		}
	case "multipv":
		if v != "1" {
			s.infoString("setoption MultiPV: only 1 line is supported, using 1")
		}
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
	case "variantpath":
		s.loadVariantPath(v)
	case "uci_analysemode", "uci_showwdl", "uci_limitstrength", "uci_elo", "move overhead", "clear hash":
		if strings.EqualFold(n, "clear hash") {
			s.eng.NewGame()
		}
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
	games := s.games.Clone()
	for i := 0; err == nil && i < len(defs); i++ {
		err = games.Register(defs[i])
	}
	if err != nil {
		s.infoString("setoption VariantPath ignored: %s", clip(err.Error(), maxError))
		return
	}
	s.games = games
	names := make([]string, len(defs))
	for i, v := range defs {
		names[i] = v.UCIName
	}
	s.infoString("variants loaded: %s", strings.Join(names, " "))
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

// replay sets the last position again (after UCI_Chess960 changes, or a
// position command that failed).
func (s *session) replay() {
	if err := s.eng.SetPositionText(s.posFEN, s.posMoves); err != nil {
		s.posFEN, s.posMoves = "", nil
		s.eng.SetPositionText("", nil)
	}
	s.fen = s.eng.FEN()
}

func (s *session) position(args []string) {
	if len(args) == 0 {
		s.infoString("position ignored: expected \"position startpos|fen <fen> [moves …]\"")
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
			s.infoString("position ignored: \"fen\" without a FEN")
			return
		}
		rest = args[i:]
	default:
		s.infoString("position ignored: %s is neither startpos nor fen", quote(args[0]))
		return
	}
	var moves []string
	if len(rest) > 0 {
		if rest[0] != "moves" {
			s.infoString("position ignored: unexpected %s (expected \"moves\")", quote(rest[0]))
			return
		}
		moves = rest[1:]
	}
	if err := s.eng.SetPositionText(fen, moves); err != nil {
		s.infoString("position ignored: %s", clip(err.Error(), maxError))
		// the engine is back at the start; restore the previous position
		s.replay()
		return
	}
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
			s.infoString("go: searchmoves is not supported; searching every move")
			for i+1 < len(args) && !isGoKeyword(args[i+1]) {
				i++
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
	ctx, cancel := context.WithCancel(s.ctx)
	j := &job{cancel: cancel, done: make(chan struct{}), release: make(chan struct{}), ponder: l.Ponder}
	if !l.Infinite && !l.Ponder {
		j.free()
	}
	s.job = j
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
		s.mu.Lock()
		defer s.mu.Unlock()
		fmt.Fprintln(s.out, line)
		j.finished = true
	}()
}

func isGoKeyword(a string) bool {
	switch a {
	case "infinite", "ponder", "wtime", "btime", "winc", "binc", "movetime", "movestogo", "depth", "nodes", "mate", "searchmoves":
		return true
	}
	return false
}

func (s *session) info(i engine.Info) {
	s.printf("info depth %d seldepth %d multipv 1 score %s nodes %d nps %d hashfull %d time %d pv %s",
		i.Depth, i.SelDepth, i.Score, i.Nodes, i.NPS, i.HashFull, i.Time.Milliseconds(), strings.Join(i.PV, " "))
}

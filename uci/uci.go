package uci

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/baten-chess/baten/engine"
)

// Config names the engine in the "id" lines.
type Config struct {
	Name   string // default "Baten"
	Author string // default "the Baten authors"
	HashMB int    // the Hash option's default (engine.DefaultHashMB if 0)
}

// variantCombo is the UCI_Variant option's list.
var variantCombo = []string{"chess", "shatranj", "banchess", "draughts"}

const maxHashMB = 4096

// session is one UCI dialogue.
type session struct {
	cfg      Config
	out      io.Writer
	mu       sync.Mutex // serialises writes to out
	ctx      context.Context
	eng      *engine.Engine
	variant  string
	chess960 bool
	hashMB   int
	ponder   bool
	// the last position command, replayed when the variant changes
	posFEN   string
	posMoves []string

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
	s := &session{cfg: cfg, out: out, ctx: ctx, variant: engine.Chess, hashMB: cfg.HashMB}
	eng, err := engine.New(engine.Chess, engine.Options{HashMB: s.hashMB})
	if err != nil {
		return err
	}
	s.eng = eng

	lines := make(chan string)
	readErr := make(chan error, 1)
	go func() {
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 64*1024), 16<<20)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-ctx.Done():
				return
			}
		}
		readErr <- sc.Err()
		close(lines)
	}()
	defer s.stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case line, ok := <-lines:
			if !ok {
				s.wait() // let a finite search finish, as a pipe's end is not "stop"
				return <-readErr
			}
			if quit := s.handle(line); quit {
				return nil
			}
		}
	}
}

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
		s.printf("option name UCI_Variant type combo default chess var %s", strings.Join(variantCombo, " var "))
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
		s.printf("info string variant %s fen %s", s.variantName(), s.eng.FEN())
	default:
		s.infoString("unknown command %q ignored", cmd)
	}
	return false
}

func (s *session) variantName() string {
	if s.variant == engine.Chess && s.chess960 {
		return engine.Chess960
	}
	return s.variant
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
			s.infoString("setoption Hash ignored: %q is not a size in MB from 1 to %d", v, maxHashMB)
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
			s.infoString("setoption Ponder ignored: %q is not true or false", v)
			return
		}
		s.ponder = b
	case "uci_chess960":
		b, ok := parseBool(v)
		if !ok {
			s.infoString("setoption UCI_Chess960 ignored: %q is not true or false", v)
			return
		}
		s.chess960 = b
		s.replay()
	case "uci_variant":
		name := strings.ToLower(v)
		if name == engine.Chess960 {
			name, s.chess960 = engine.Chess, true
		}
		if name != engine.Chess && name != engine.Shatranj && name != engine.BanChess && name != engine.Draughts {
			s.infoString("setoption UCI_Variant ignored: unknown variant %q (known: %s)", v, strings.Join(variantCombo, ", "))
			return
		}
		if name == s.variant {
			return
		}
		eng, err := engine.New(name, engine.Options{HashMB: s.hashMB})
		if err != nil {
			s.infoString("setoption UCI_Variant ignored: %v", err)
			return
		}
		s.eng, s.variant = eng, name
		s.posFEN, s.posMoves = "", nil
	case "uci_analysemode", "uci_showwdl", "uci_limitstrength", "uci_elo", "move overhead", "clear hash":
		if strings.EqualFold(n, "clear hash") {
			s.eng.NewGame()
		}
	default:
		s.infoString("setoption ignored: no option named %q", n)
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
	if err := s.eng.SetPosition(s.posFEN, s.chess960, s.posMoves); err != nil {
		s.posFEN, s.posMoves = "", nil
		s.eng.SetPosition("", s.chess960, nil)
	}
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
		s.infoString("position ignored: %q is neither startpos nor fen", args[0])
		return
	}
	var moves []string
	if len(rest) > 0 {
		if rest[0] != "moves" {
			s.infoString("position ignored: unexpected %q (expected \"moves\")", rest[0])
			return
		}
		moves = rest[1:]
	}
	if err := s.eng.SetPosition(fen, s.chess960, moves); err != nil {
		s.infoString("position ignored: %v", err)
		// the engine is back at the start; restore the previous position
		s.replay()
		return
	}
	s.posFEN, s.posMoves = fen, append([]string(nil), moves...)
}

// goCmd parses "go" and starts the search.
func (s *session) goCmd(args []string) {
	var l engine.Limits
	ms := func(i int) (time.Duration, bool) {
		if i+1 >= len(args) {
			return 0, false
		}
		n, err := strconv.ParseInt(args[i+1], 10, 64)
		if err != nil {
			return 0, false
		}
		return time.Duration(max(n, 0)) * time.Millisecond, true
	}
	num := func(i int) (int64, bool) {
		if i+1 >= len(args) {
			return 0, false
		}
		n, err := strconv.ParseInt(args[i+1], 10, 64)
		if err != nil || n < 0 {
			return 0, false
		}
		return n, true
	}
	for i := 0; i < len(args); i++ {
		var ok bool
		switch a := args[i]; a {
		case "infinite":
			l.Infinite, ok = true, true
			i--
		case "ponder":
			l.Ponder, ok = true, true
			i--
		case "wtime":
			l.WTime, ok = ms(i)
		case "btime":
			l.BTime, ok = ms(i)
		case "winc":
			l.WInc, ok = ms(i)
		case "binc":
			l.BInc, ok = ms(i)
		case "movetime":
			l.MoveTime, ok = ms(i)
		case "movestogo":
			var n int64
			n, ok = num(i)
			l.MovesToGo = int(n)
		case "depth":
			var n int64
			n, ok = num(i)
			l.Depth = int(n)
		case "nodes":
			var n int64
			n, ok = num(i)
			l.Nodes = uint64(n)
		case "mate":
			var n int64
			n, ok = num(i)
			l.Depth = int(2*n + 1)
		case "searchmoves":
			s.infoString("go: searchmoves is not supported; searching every move")
			for i+1 < len(args) && !isGoKeyword(args[i+1]) {
				i++
			}
			continue
		default:
			s.infoString("go: unknown parameter %q ignored", a)
			continue
		}
		if !ok {
			s.infoString("go: %s needs a non-negative number; ignored", args[i])
		}
		i++
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

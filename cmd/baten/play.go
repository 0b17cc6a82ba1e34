package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/draughts"
	"github.com/baten-chess/baten/engine"
	"github.com/baten-chess/baten/game"
	"github.com/baten-chess/baten/pgn"
	"github.com/baten-chess/baten/shatranj"
	"golang.org/x/term"
)

const playHelp = `Commands (one per line):
  <move>              a move: SAN (e4, Nf3, O-O), UCI (e2e4), PDN (11-15, 22x15x8)
  ban <from><to>      Ban-Chess: ban the opponent's move from→to (also b:e2e4)
  moves               list the legal moves (or bans)
  board               draw the board
  new [variant]       new game: chess, chess960, shatranj, banchess, draughts
  new960 [n]          Chess960 start n (Scharnagl 0-959), random without n
  position960         the Scharnagl number of this game's start
  setup alternative   shatranj: Shah on e1/e8 (setup standard: back)
  tabiya <n|name>     shatranj: start from an opening array (tabiya)
  ballot <n>          draughts: start after three-move ballot n (1-174)
  fen                 print the position's FEN
  load <fen>          new game from a FEN of the current variant
  undo                take back the last move
  draw                offer a draw, or accept the opponent's offer
  claim               claim a draw (threefold repetition, 50/40-move rule)
  resign              the side on move resigns
  go                  the engine moves (or bans) for the side to act
  hint                show the engine's choice without playing it
  pgn | pdn           print the game (PDN for draughts)
  save <file>         write the game to a file; open <file>: read its first game
  help                this text
  quit                leave
`

// session is one "baten play" session: the game and how to show it.
type session struct {
	g     *game.Game
	out   io.Writer
	style boardStyle
	// interactive draws the board after every move.
	interactive bool
	rng         *rand.Rand
	// engine serves go and hint (made on first use) and, with autoReply,
	// answers every move.
	engine    *engine.Engine
	autoReply bool
	limits    engine.Limits
	ctx       context.Context
}

func playCommand(ctx context.Context, args []string, stdin io.Reader, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	variant := fs.String("variant", "chess", "game: chess, chess960, shatranj, banchess, draughts")
	fen := fs.String("fen", "", "start from this position (the variant's FEN)")
	ascii := fs.Bool("ascii", false, "draw pieces as letters instead of Unicode figurines")
	numbers := fs.Bool("numbers", false, "draughts: show the numbers of empty squares")
	noColor := fs.Bool("no-color", false, "no colours even on a terminal")
	seed := fs.Uint64("seed", 0, "seed for random choices (new960 without a number); 0: random")
	withEngine := fs.Bool("engine", false, "play against the engine: it answers each of your moves (go: let it move now)")
	level := fs.Int("level", 5, "engine strength: search depth in plies, 1-30")
	movetime := fs.Int("movetime", 0, "engine thinking time per move in milliseconds (instead of --level)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: baten play [flags]\n\nPlays a game in the terminal; commands come one per line (from a\nterminal with line editing and history, or from a pipe).\n\nFlags:\n")
		fs.PrintDefaults()
		fmt.Fprint(fs.Output(), "\n"+playHelp)
	}
	if err := parseFlags(fs, args, stdout, false); err != nil {
		return err
	}
	v, err := playVariant(*variant)
	if err != nil {
		return fmt.Errorf("--variant: %w", err)
	}
	start, err := game.NewPosition(v, *fen)
	if err != nil {
		return fmt.Errorf("--fen: %w", err)
	}
	if *seed == 0 {
		*seed = rand.Uint64()
	}
	s := &session{g: game.New(start), out: stdout, rng: rand.New(rand.NewPCG(*seed, 0)), ctx: ctx}
	s.style = boardStyle{ascii: *ascii, numbers: *numbers}
	if *level < 1 || *level > 30 {
		return fmt.Errorf("--level %d: want 1-30", *level)
	}
	if *movetime < 0 {
		return fmt.Errorf("--movetime %d: want a positive number of milliseconds", *movetime)
	}
	s.limits = engine.Limits{Depth: *level}
	if *movetime > 0 {
		s.limits = engine.Limits{MoveTime: time.Duration(*movetime) * time.Millisecond}
	}
	s.autoReply = *withEngine

	// Colours are escape codes in the output: only for a terminal, even
	// when the commands come from one and the output goes to a file.
	s.style.color = !*noColor && os.Getenv("NO_COLOR") == "" && isTerminal(stdout)
	if f, ok := stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		s.interactive = true
		return s.runTerminal(ctx, f)
	}
	return s.runLines(ctx, stdin)
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// playVariant reads a variant name for play and new. A variant that only
// perft knows (it has a move generator but no game adapter: notation,
// outcomes, records) is named as such rather than as unknown.
func playVariant(name string) (game.Variant, error) {
	v, err := game.ParseVariant(name)
	if err != nil && slices.Contains(variantNames, strings.ToLower(strings.TrimSpace(name))) {
		return 0, fmt.Errorf("%s is available in perft only (play has chess, chess960, shatranj, banchess and draughts)", strings.TrimSpace(name))
	}
	return v, err
}

// runLines reads commands from a pipe or file, one per line, and prints
// plain output.
func (s *session) runLines(ctx context.Context, in io.Reader) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if err := ctx.Err(); err != nil {
			return err
		}
		if quit := s.execute(sc.Text()); quit {
			return nil
		}
	}
	return sc.Err()
}

// runTerminal reads commands with line editing and history (x/term).
func (s *session) runTerminal(ctx context.Context, f *os.File) error {
	old, err := term.MakeRaw(int(f.Fd()))
	if err != nil {
		return s.runLines(ctx, f)
	}
	defer term.Restore(int(f.Fd()), old)
	t := term.NewTerminal(struct {
		io.Reader
		io.Writer
	}{f, s.out}, "")
	s.out = t
	fmt.Fprintln(t, "Baten — type help for the commands.")
	s.show()
	for {
		t.SetPrompt(s.prompt())
		line, err := t.ReadLine()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if quit := s.execute(line); quit {
			return nil
		}
	}
}

// prompt names the side to act: "white> ", "black (ban)> ".
func (s *session) prompt() string {
	p := s.g.Position()
	if len(p.Moves()) > 0 && p.Moves()[0].IsBan() {
		return p.Turn().String() + " (ban)> "
	}
	return p.Turn().String() + "> "
}

// show draws the board and says whose turn it is.
func (s *session) show() {
	last := ""
	check := false
	if notes := s.g.Notations(); len(notes) > 0 {
		moves := s.g.Moves()
		last = moves[len(moves)-1].String()
		n := notes[len(notes)-1]
		check = strings.HasSuffix(n, "+") || strings.HasSuffix(n, "#")
	}
	drawBoard(s.out, s.g.Position(), last, check, s.style)
	if o, over := s.g.Outcome(); over {
		fmt.Fprintf(s.out, "game over: %v (%s)\n", o, o.Result())
	}
}

// execute runs one command line and reports whether to quit. Errors are
// printed and the session goes on.
func (s *session) execute(line string) (quit bool) {
	fields := strings.Fields(line)
	if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
		return false
	}
	cmd, args := strings.ToLower(fields[0]), fields[1:]
	var err error
	switch cmd {
	case "quit", "exit":
		return true
	case "help", "?":
		fmt.Fprint(s.out, playHelp)
	case "board":
		s.show()
	case "moves":
		p := s.g.Position()
		var texts []string
		for _, m := range p.Moves() {
			texts = append(texts, p.Notation(m))
		}
		fmt.Fprintln(s.out, strings.Join(texts, " "))
	case "new":
		err = s.newGame(args)
	case "new960":
		err = s.new960(args)
	case "position960":
		err = s.position960()
	case "setup":
		err = s.setup(args)
	case "tabiya":
		err = s.tabiya(args)
	case "ballot":
		err = s.ballot(args)
	case "fen":
		fmt.Fprintln(s.out, s.g.Position().FEN())
	case "load":
		err = s.load(strings.Join(args, " "))
	case "undo":
		err = s.undo()
	case "draw":
		err = s.draw()
	case "claim":
		var o game.Outcome
		if o, err = s.g.Claim(); err == nil {
			s.reportEnd(o)
		}
	case "resign":
		by := s.g.Position().Turn()
		if err = s.g.Resign(by); err == nil {
			o, _ := s.g.Outcome()
			s.reportEnd(o)
		}
	case "pgn", "pdn":
		err = s.writeRecord(s.out)
	case "save":
		err = s.save(args)
	case "open":
		err = s.open(args)
	case "go":
		err = s.engineMove()
	case "hint":
		var best string
		if best, err = s.think(); err == nil {
			p := s.g.Position()
			m, parseErr := p.ParseMove(best)
			if parseErr != nil {
				err = parseErr
			} else {
				fmt.Fprintf(s.out, "hint: %s\n", p.Notation(m))
			}
		}
	case "ban":
		if len(args) != 1 {
			err = errors.New("ban wants one from-to pair, e.g. ban e2e4")
		} else {
			err = s.play("b:" + args[0])
		}
	default:
		err = s.play(strings.Join(fields, " "))
	}
	if err != nil {
		fmt.Fprintf(s.out, "error: %v\n", err)
	}
	return false
}

// play makes a move (or ban, "b:e2e4") and reports it.
func (s *session) play(text string) error {
	if strings.HasPrefix(strings.ToLower(text), "b:") && s.g.Variant() != game.BanChess {
		return fmt.Errorf("bans exist only in Ban-Chess; this is a %v game (try: new banchess)", s.g.Variant())
	}
	p := s.g.Position()
	m, err := s.g.PlayText(text)
	if err != nil {
		return err
	}
	s.reportMove(p, m)
	if s.autoReply {
		if _, over := s.g.Outcome(); !over {
			return s.engineMove()
		}
	}
	return nil
}

// reportMove prints a move just played (and the board or the end).
func (s *session) reportMove(before game.Position, m game.Move) {
	fmt.Fprintln(s.out, moveLine(before, m, len(s.g.Moves())))
	s.showState()
}

// showState shows the game after a change: the board (with the end, if
// any) in a terminal, only the end when piped, where a board after every
// command would bury the output.
func (s *session) showState() {
	if s.interactive {
		s.show()
	} else if o, over := s.g.Outcome(); over {
		s.reportEnd(o)
	}
}

// undo takes back the last move (or ban) and says which.
func (s *session) undo() error {
	moves := s.g.Moves()
	o, _ := s.g.Outcome()
	if err := s.g.Undo(); err != nil {
		return err
	}
	if len(s.g.Moves()) == len(moves) {
		// An ending made off the board (resignation, agreement, a claim,
		// a flag fall) is taken back on its own.
		fmt.Fprintf(s.out, "reopened: took back the %v\n", o.Reason)
		s.showState()
		return nil
	}
	// The position is now the one the move was played from, and moveLine
	// numbers a move by the plies played up to and including it.
	fmt.Fprintln(s.out, "took back "+moveLine(s.g.Position(), moves[len(moves)-1], len(moves)))
	s.showState()
	return nil
}

// think asks the engine for the move (or ban) of the side to act.
func (s *session) think() (string, error) {
	if _, over := s.g.Outcome(); over {
		return "", game.ErrGameOver
	}
	if s.engine == nil || s.engine.Variant() != s.g.Variant().String() {
		e, err := engine.New(s.g.Variant().String(), engine.Options{})
		if err != nil {
			return "", err
		}
		s.engine = e
	}
	e := s.engine
	var moves []string
	for _, m := range s.g.Moves() {
		moves = append(moves, m.String())
	}
	if err := e.SetPosition(s.g.Start().FEN(), s.g.Variant() == game.Chess960, moves); err != nil {
		return "", err
	}
	best, err := e.BestMove(s.ctx, s.limits)
	if err != nil {
		return "", err
	}
	if legal := s.g.Position().Moves(); len(legal) > 0 && legal[0].IsBan() && !strings.HasPrefix(best, "b:") {
		best = "b:" + best // the engine writes bans as plain from-to pairs
	}
	return best, nil
}

// engineMove lets the engine act for the side to act (a move or a ban),
// and again while it is still its turn (a Ban-Chess move then ban).
func (s *session) engineMove() error {
	side := s.g.Position().Turn()
	for {
		best, err := s.think()
		if err != nil {
			return err
		}
		p := s.g.Position()
		m, err := s.g.PlayText(best)
		if err != nil {
			return fmt.Errorf("engine move %s: %w", best, err)
		}
		s.reportMove(p, m)
		if _, over := s.g.Outcome(); over || s.g.Position().Turn() != side {
			return nil
		}
	}
}

// moveLine describes a move just played: "1. e4", "1... e5", "white bans e2e4".
func moveLine(before game.Position, m game.Move, plies int) string {
	note := before.Notation(m)
	side := before.Turn()
	if m.IsBan() {
		return fmt.Sprintf("%v bans %s", side, strings.TrimPrefix(note, "b:"))
	}
	fields := strings.Fields(before.FEN())
	if before.Variant() == game.Draughts || len(fields) < 6 {
		return fmt.Sprintf("%d. %v %s", (plies+1)/2, side, note)
	}
	number := fields[5]
	if side == game.White {
		return number + ". " + note
	}
	return number + "... " + note
}

func (s *session) reportEnd(o game.Outcome) {
	fmt.Fprintf(s.out, "game over: %v (%s)\n", o, o.Result())
}

// start replaces the game by a new one from p and shows it.
func (s *session) start(p game.Position) {
	s.g = game.New(p)
	fmt.Fprintf(s.out, "new %v game: %s\n", p.Variant(), p.FEN())
	s.showState()
}

func (s *session) newGame(args []string) error {
	v := s.g.Variant()
	if len(args) > 0 {
		var err error
		if v, err = playVariant(strings.Join(args, " ")); err != nil {
			return err
		}
	}
	if v == game.Chess960 {
		return s.new960(nil)
	}
	p, err := game.NewPosition(v, "")
	if err != nil {
		return err
	}
	s.start(p)
	return nil
}

func (s *session) new960(args []string) error {
	n := s.rng.IntN(960)
	if len(args) > 0 {
		var err error
		if n, err = strconv.Atoi(args[0]); err != nil || n < 0 || n > 959 {
			return fmt.Errorf("new960 %s: want a Scharnagl number 0-959", args[0])
		}
	}
	p, err := game.Chess960Start(n)
	if err != nil {
		return err
	}
	fmt.Fprintf(s.out, "Chess960 position %d\n", n)
	s.start(p)
	return nil
}

func (s *session) position960() error {
	start, ok := s.g.Start().(interface{ Chess() chess.Position })
	if !ok {
		return fmt.Errorf("a %v game has no Chess960 number", s.g.Variant())
	}
	cp := start.Chess()
	n, ok := chess.ScharnaglNumber(&cp)
	if !ok {
		return errors.New("this game's start is not a Chess960 start position")
	}
	fmt.Fprintf(s.out, "Chess960 position %d\n", n)
	return nil
}

func (s *session) setup(args []string) error {
	if s.g.Variant() != game.Shatranj {
		return errors.New("setup applies to shatranj (try: new shatranj)")
	}
	fen := shatranj.StartFEN
	switch strings.Join(args, " ") {
	case "alternative":
		fen = shatranj.AlternativeFEN
	case "standard", "":
	default:
		return fmt.Errorf("setup %q: want standard or alternative", strings.Join(args, " "))
	}
	p, err := game.NewPosition(game.Shatranj, fen)
	if err != nil {
		return err
	}
	s.start(p)
	return nil
}

func (s *session) ballot(args []string) error {
	if s.g.Variant() != game.Draughts {
		return errors.New("ballots apply to draughts (try: new draughts)")
	}
	if len(args) != 1 {
		return errors.New("ballot wants a number 1-174")
	}
	n, err := strconv.Atoi(args[0])
	if err != nil {
		return fmt.Errorf("ballot %q: want a number 1-174", args[0])
	}
	p, err := game.DraughtsBallot(n)
	if err != nil {
		return err
	}
	if b, ok := draughts.BallotByNumber(n); ok {
		fmt.Fprintf(s.out, "ballot %d: %s\n", n, strings.Join(b.Moves[:], " "))
	}
	s.start(p)
	return nil
}

func (s *session) load(fen string) error {
	if fen == "" {
		return errors.New("load wants a FEN")
	}
	p, err := game.NewPosition(s.g.Variant(), fen)
	if err != nil {
		return err
	}
	s.start(p)
	return nil
}

// draw offers a draw for the side on move, or accepts the opponent's
// standing offer.
func (s *session) draw() error {
	turn := s.g.Position().Turn()
	if by, ok := s.g.DrawOffer(); ok && by != turn {
		if err := s.g.AcceptDraw(turn); err != nil {
			return err
		}
		o, _ := s.g.Outcome()
		s.reportEnd(o)
		return nil
	}
	if err := s.g.OfferDraw(turn); err != nil {
		return err
	}
	fmt.Fprintf(s.out, "%v offers a draw (the opponent answers with draw, or declines by moving)\n", turn)
	return nil
}

// writeRecord prints the game as PGN (PDN for draughts).
func (s *session) writeRecord(w io.Writer) error {
	if s.g.Variant() == game.Draughts {
		rec, err := s.g.DraughtsRecord(nil)
		if err != nil {
			return err
		}
		return draughts.WritePDN(w, rec)
	}
	return pgn.Write(w, s.g.PGN(pgn.Tags{{Name: "Event", Value: "baten play"}}))
}

func (s *session) save(args []string) error {
	if len(args) != 1 {
		return errors.New("save wants a file name")
	}
	f, err := os.Create(args[0])
	if err != nil {
		return err
	}
	if err := s.writeRecord(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(s.out, "saved %s\n", args[0])
	return nil
}

// open reads the first game of a PGN or PDN file and replays it.
func (s *session) open(args []string) error {
	if len(args) != 1 {
		return errors.New("open wants a file name")
	}
	f, err := os.Open(args[0])
	if err != nil {
		return err
	}
	defer f.Close()
	pg, err := pgn.NewReader(f).Next()
	if err == io.EOF {
		return fmt.Errorf("%s: no game", args[0])
	}
	if err != nil {
		return err
	}
	g, err := game.FromPGN(pg)
	var contradiction *game.ResultError
	switch {
	case errors.As(err, &contradiction):
		// The moves replayed; only the recorded result is wrong. Keep the
		// game and say so.
		fmt.Fprintf(s.out, "warning: %s: %v\n", args[0], err)
	case err != nil:
		return fmt.Errorf("%s: %w", args[0], err)
	}
	s.g = g
	fmt.Fprintf(s.out, "opened %s: %v game, %d moves\n", args[0], g.Variant(), len(g.Moves()))
	s.showState()
	return nil
}

func (s *session) tabiya(args []string) error {
	if s.g.Variant() != game.Shatranj {
		return errors.New("tabiyat apply to shatranj (try: new shatranj)")
	}
	if len(args) == 0 {
		return errors.New("tabiya wants a number or a name")
	}
	t, err := lookupTabiya(strings.Join(args, " "))
	if err != nil {
		return err
	}
	p, err := game.NewPosition(game.Shatranj, t.FEN)
	if err != nil {
		return err
	}
	fmt.Fprintf(s.out, "tabiya %s\n", t.Name)
	s.start(p)
	return nil
}

package main

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/engine"
	"github.com/baten-chess/baten/game"
	"github.com/baten-chess/baten/pgn"
	"github.com/baten-chess/baten/variant"
	"golang.org/x/term"
)

const playHelp = `Commands (one per line):
  <move>              a move: SAN (e4, Nf3, O-O), UCI (e2e4), PDN (11-15, 22x15x8)
  ban <move>          Ban-Chess: ban the opponent's move, in SAN or from-to
                      (ban Nf3, ban g1f3; also b:g1f3)
  moves               list the legal moves (or bans)
  board               draw the board
  new [variant]       new game of any game "baten variants" lists (this one again without a name)
  new960 [n]          Chess960 start n (Scharnagl 0-959), random without n (also: chess960 [n])
  position960         the Scharnagl number of this game's start
  setup alternative   shatranj: Shah on e1/e8 (setup standard: back)
  tabiya <n|name>     shatranj: start from an opening array (tabiya)
  ballot <n>          draughts: start after three-move ballot n (1-174)
  fen                 print the position's FEN
  load <fen>          new game from a FEN of the current variant
  undo                take back the last move (against the engine: its reply
                      and your last action, so that you act again)
  draw                offer a draw, or accept the opponent's offer
  claim               claim a draw (threefold repetition, 50/40-move rule)
  claim <move>        play the move and claim the draw it makes available
                      (FIDE 9.2.1; a wrong claim leaves the move played)
  resign              the side on move resigns
  go                  the engine moves (or bans) for the side to act (against
                      the engine: it plays that side from now on)
  hint                show the engine's choice without playing it
  pgn | pdn           print the game (PDN for draughts)
  save <file>         write the game to a file; open <file>: read its first game
  help                this text
  quit                leave (in a terminal it asks first if the game is unsaved)

In a terminal, Ctrl-C (or Ctrl-\) while the engine thinks makes it play its
best move so far (for hint: show it); quit, or Ctrl-C or Ctrl-D at the
prompt, asks before leaving an unsaved game. Ctrl-Z suspends baten (fg
resumes it). From a pipe, quit and the end of the input leave at once.
`

// session is one "baten play" session: the game and how to show it.
type session struct {
	games *variant.Registry
	g     *game.Game
	out   io.Writer
	style boardStyle
	// interactive draws the board after every move.
	interactive bool
	rng         *rand.Rand
	// engine serves go and hint (made on first use) and, with autoReply,
	// plays engineSide: every action of that colour, bans and moves alike.
	engine     *engine.Engine
	autoReply  bool
	engineSide variant.Color
	// color is the player's colour chosen with --color (or handed over by
	// go), kept through new games; nil: the side whose move comes next.
	color  *variant.Color
	limits engine.Limits
	ctx    context.Context
	// tty is the terminal in raw mode when commands come from one: the
	// engine's search then shows its progress and stops on Ctrl-C.
	tty *terminal
	// saved is the game as last saved: leaving then loses nothing.
	saved savedState
}

// savedState identifies a game and how far it had got.
type savedState struct {
	g     *game.Game
	plies int
	over  bool
}

// state returns the game as it stands now.
func (s *session) state() savedState {
	_, over := s.g.Outcome()
	return savedState{g: s.g, plies: len(s.g.Moves()), over: over}
}

// savedAsIs reports whether the game was saved as it stands now.
func (s *session) savedAsIs() bool { return s.saved == s.state() }

func (c *cli) playCommand(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	variantName := fs.String("variant", c.defaultGame(), "game: "+strings.Join(c.games.Names(), ", ")+" (see baten variants)")
	starts := c.addStartFlags(fs, "start from this position (the variant's FEN)")
	ascii := fs.Bool("ascii", false, "draw pieces as letters instead of Unicode figurines")
	numbers := fs.Bool("numbers", false, "draughts: also write the numbers of the empty squares on the board (the numbers of all squares are shown beside it)")
	noColor := fs.Bool("no-color", false, "no colours even on a terminal")
	seed := fs.Uint64("seed", 0, "seed for random choices (the Chess960 start, new960 without a number); 0: random")
	withEngine := fs.Bool("engine", false, "play against the engine: you play the side that moves first, the engine the other (go: it takes the side to act)")
	colorName := fs.String("color", "", "with --engine: the colour you play, white, black or random (default: the side that moves first)")
	level := fs.Int("level", 5, "engine strength: search depth in plies, 1-30")
	movetime := fs.Int("movetime", 0, "engine thinking time per move in milliseconds (instead of --level)")
	variantsFile := c.variantsFlag(fs)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: baten play [flags]\n\nPlays a game in the terminal; commands come one per line (from a\nterminal with line editing and history, or from a pipe).\n\nFlags:\n")
		fs.PrintDefaults()
		fmt.Fprint(fs.Output(), "\n"+playHelp)
	}
	if err := parseFlags(fs, args, stdout, false); err != nil {
		return err
	}
	if err := c.loadVariants(*variantsFile, stderr); err != nil {
		return err
	}
	v, err := lookupGame(c.games, *variantName)
	if err != nil {
		return fmt.Errorf("--variant: %w", err)
	}
	start, err := c.position(v, starts, false)
	if err != nil {
		return err
	}
	if *seed == 0 {
		*seed = rand.Uint64()
	}
	rng := rand.New(rand.NewPCG(*seed, 0))
	// A game that starts from many arrays (Chess960) starts from a random
	// one unless a start was chosen; either way the player learns which.
	var describe string
	if given := starts.given(); v.RandomStart && len(v.Starts) > 0 && len(given) <= 1 {
		set := v.Starts[0]
		member := ""
		switch {
		case len(given) == 0 && set.Count > 0:
			member = strconv.Itoa(set.First + rng.IntN(set.Count))
			if start, err = v.StartFrom(set.Name, member); err != nil {
				return err
			}
		case len(given) == 1 && given[0] == set.Name:
			member = fs.Lookup(set.Name).Value.String()
		}
		if member != "" && set.Describe != nil {
			describe = set.Describe(member)
		}
	}
	s := &session{games: c.games, g: game.New(start), out: stdout, rng: rng, ctx: ctx}
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
	if *colorName != "" {
		if !*withEngine {
			return errors.New("--color: only with --engine (two players at the keyboard play both colours)")
		}
		c, err := parseColor(*colorName, rng)
		if err != nil {
			return err
		}
		s.color = &c
	}
	s.takeSides()

	// Colours are escape codes in the output: only for a terminal, even
	// when the commands come from one and the output goes to a file.
	s.style.color = !*noColor && os.Getenv("NO_COLOR") == "" && isTerminal(stdout)
	if describe != "" {
		fmt.Fprintln(stdout, describe)
	}
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

// maxLine is the longest command line read; longer lines (a paste gone
// wrong) are ignored with a short note and the game goes on. It is the
// limit of the terminal's line editor too.
const maxLine = 4096

// runLines reads commands from a pipe or file, one per line, and prints
// plain output.
func (s *session) runLines(ctx context.Context, in io.Reader) error {
	s.opening()
	r := bufio.NewReaderSize(in, maxLine)
	for {
		line, err := readLine(r)
		var tooLong *lineTooLongError
		switch {
		case errors.As(err, &tooLong):
			fmt.Fprintf(s.out, "error: %v\n", err)
			continue
		case err == io.EOF:
			return nil
		case err != nil:
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if quit := s.execute(line); quit {
			return nil
		}
	}
}

// lineTooLongError is a command line over maxLine bytes, skipped.
type lineTooLongError struct {
	n    int    // its length in bytes
	head string // its start, shortened
}

func (e *lineTooLongError) Error() string {
	return fmt.Sprintf("line ignored: %d bytes (%s), the limit is %d", e.n, e.head, maxLine)
}

// readLine returns the next line of r without its line end; a line over
// maxLine bytes is read to its end and reported as a *lineTooLongError.
// The last line needs no line end; io.EOF comes after it.
func readLine(r *bufio.Reader) (string, error) {
	line, err := r.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		head := shorten(strings.ToValidUTF8(string(line), "?"))
		n := len(line)
		for errors.Is(err, bufio.ErrBufferFull) {
			line, err = r.ReadSlice('\n')
			n += len(line)
		}
		if err != nil && err != io.EOF {
			return "", err
		}
		return "", &lineTooLongError{n: n, head: head}
	}
	if err == io.EOF && len(line) > 0 {
		err = nil
	}
	return strings.TrimRight(string(line), "\r\n"), err
}

// prompt names the side to act: "white> ", "black (ban)> ", and the ban
// in force in Ban-Chess: "white (e2e4 banned)> ".
func (s *session) prompt() string {
	p := s.g.Position()
	if _, over := s.g.Outcome(); over {
		return "(game over)> "
	}
	side := p.Variant().SideName(p.Turn()) // red and black in xiangqi
	if legal := p.Legal(); len(legal) > 0 && legal[0].IsBan() {
		return side + " (ban)> "
	}
	if ban, ok := banInForce(p); ok {
		return side + " (" + ban + " banned)> "
	}
	return side + "> "
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
	if line, ok := blastLine(s.g); ok { // family: atomic
		fmt.Fprintln(s.out, line)
	}
	if o, over := s.g.Outcome(); over {
		s.reportEnd(o)
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
	before, plies := s.g, len(s.g.Moves())
	defer func() {
		if err != nil {
			msg := err.Error()
			if errors.Is(err, game.ErrGameOver) {
				o, _ := s.g.Outcome()
				msg = "the game is over: " + s.resultText(o) + " (new starts another, undo takes back)"
			}
			fmt.Fprintf(s.out, "error: %s\n", shortenEchoes(msg, fields))
		}
		if !quit && (s.g != before || len(s.g.Moves()) != plies) {
			s.claimNotice()
		}
	}()
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
		for _, m := range p.Legal() {
			texts = append(texts, p.Format(m, variant.Human))
		}
		fmt.Fprintln(s.out, strings.Join(texts, " "))
	case "new":
		err = s.newGame(args)
	case "new960":
		err = s.new960(args)
	case "position960":
		err = s.position960()
	case "fen":
		fmt.Fprintln(s.out, s.g.Position().FEN())
	case "load":
		err = s.load(strings.Join(args, " "))
	case "undo":
		err = s.undo()
	case "draw":
		err = s.draw()
	case "claim":
		if len(args) > 0 {
			err = s.claimWith(strings.Join(args, " "))
			break
		}
		var o variant.Outcome
		if o, err = s.g.Claim(); err == nil {
			s.reportEnd(o)
		} else if errors.Is(err, game.ErrNoClaim) {
			err = errors.New("no draw can be claimed now: the position has not occurred three times and the move rule is not reached (claim <move> claims with the move that makes it so)")
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
		err = s.engineGo()
	case "hint":
		var best string
		if best, err = s.think(true); err == nil {
			p := s.g.Position()
			m, parseErr := p.Parse(best)
			if parseErr != nil {
				err = parseErr
			} else {
				fmt.Fprintf(s.out, "hint: %s\n", p.Format(m, variant.Human))
			}
		}
	case "ban":
		if len(args) != 1 {
			err = errors.New("ban wants one move of the opponent, e.g. ban Nf3 or ban g1f3")
		} else {
			err = s.play("b:" + args[0])
		}
	default:
		if v, isSet := s.startSetGame(cmd); isSet {
			err = s.startSetCommand(v, cmd, args)
		} else {
			err = s.play(strings.Join(fields, " "))
		}
	}
	return false
}

// play makes a move (or ban, "b:e2e4") and reports it.
func (s *session) play(text string) error {
	if strings.HasPrefix(strings.ToLower(text), "b:") && !s.g.Variant().Bans {
		return fmt.Errorf("this %v game has no bans%s", s.g.Variant().Title, s.banGames())
	}
	p := s.g.Position()
	m, err := s.g.PlayText(text)
	if err != nil {
		return playerError(p, text, err)
	}
	s.reportMove(p, m)
	return s.reply()
}

// takeSides gives the player, against the engine, the colour chosen with
// --color or else the side whose move comes next, and the engine the
// other: at the start the side that moves
// first (White in chess, Black in draughts). In Ban-Chess the engine then
// makes the ban due before the player's move (Black's opening ban).
func (s *session) takeSides() {
	if s.color != nil {
		s.engineSide = s.color.Other()
		return
	}
	p := s.g.Position()
	s.engineSide = p.Turn().Other()
	if banPhase(p) {
		s.engineSide = p.Turn()
	}
}

// banPhase reports whether the side to act in p bans (Ban-Chess).
func banPhase(p variant.Position) bool {
	legal := p.Legal()
	return len(legal) > 0 && legal[0].IsBan()
}

// opening lets the engine make the first actions of a session when they
// are its own (Black's opening ban in Ban-Chess).
func (s *session) opening() {
	if err := s.reply(); err != nil {
		fmt.Fprintf(s.out, "error: %v\n", err)
	}
}

// reply lets the engine act, with --engine, for as long as the side to act
// is its own: a move, and in Ban-Chess the ban after it.
func (s *session) reply() error {
	for s.enginesTurn() {
		if err := s.engineAct(); err != nil {
			return err
		}
	}
	return nil
}

// enginesTurn reports whether the engine, with --engine, is to act now.
func (s *session) enginesTurn() bool {
	_, over := s.g.Outcome()
	return s.autoReply && !over && s.g.Position().Turn() == s.engineSide
}

// reportMove prints a move just played (and the board or the end).
func (s *session) reportMove(before variant.Position, m variant.Action) {
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

// undo takes back the last move (or ban) and says which. Against the
// engine it takes back the engine's actions since the player's last one
// and that one too, as lichess does, so that the player acts again.
func (s *session) undo() error {
	if s.g.EndedOffBoard() {
		// An ending made off the board (resignation, agreement, a claim,
		// a flag fall) is taken back on its own.
		o, _ := s.g.Outcome()
		if err := s.g.Undo(); err != nil {
			return err
		}
		fmt.Fprintf(s.out, "reopened: took back the %v\n", o.Reason)
		s.showState()
		return nil
	}
	moves := s.g.Moves()
	if len(moves) == 0 {
		return errors.New("there is no move to take back")
	}
	n := 1
	if s.autoReply {
		n = 0
		for n < len(moves) && s.g.PositionBefore(len(moves)-1-n).Turn() == s.engineSide {
			n++
		}
		if n == len(moves) {
			return errors.New("you have no move to take back: only the engine has acted (new starts the game again)")
		}
		n++ // the player's own last action
	}
	for i := len(moves) - 1; i >= len(moves)-n; i-- {
		by := ""
		if s.autoReply {
			by = " (yours)"
			if s.g.PositionBefore(i).Turn() == s.engineSide {
				by = " (the engine's)"
			}
		}
		if err := s.g.Undo(); err != nil {
			return err
		}
		// The position is now the one the action was played from, and
		// moveLine numbers a move by the plies played up to and
		// including it.
		fmt.Fprintln(s.out, "took back "+moveLine(s.g.Position(), moves[i], i+1)+by)
	}
	s.showState()
	return nil
}

// think asks the engine for the move (or ban) of the side to act, to play
// it or, with hint, to show it.
func (s *session) think(hint bool) (string, error) {
	if _, over := s.g.Outcome(); over {
		return "", game.ErrGameOver
	}
	if s.engine == nil || s.engine.Variant() != s.g.Variant() {
		e, err := engine.New(s.g.Variant(), engine.Options{})
		if err != nil {
			return "", err
		}
		s.engine = e
	}
	e := s.engine
	if err := e.SetPosition(s.g.Start(), s.g.Moves()); err != nil {
		return "", err
	}
	var best string
	if s.tty != nil {
		r, stopped, err := s.tty.search(s.ctx, e, s.g.Position(), s.limits, hint)
		if err != nil {
			return "", err
		}
		if stopped && hint {
			fmt.Fprintf(s.out, "stopped at depth %d: the hint is the engine's best move so far\n", r.Depth)
		} else if stopped {
			fmt.Fprintf(s.out, "stopped at depth %d: the engine plays its best move so far\n", r.Depth)
		}
		if best = r.BestMove; best == "" {
			return "", engine.ErrGameOver
		}
	} else {
		var err error
		if best, err = e.BestMove(s.ctx, s.limits); err != nil {
			return "", err
		}
	}
	if legal := s.g.Position().Legal(); len(legal) > 0 && legal[0].IsBan() && !strings.HasPrefix(best, "b:") {
		best = "b:" + best // the engine writes bans as plain from-to pairs
	}
	return best, nil
}

// engineGo lets the engine act for the side to act (a move or a ban), and
// again while it is still that side's turn (a Ban-Chess move then ban).
// Against the engine, the engine plays that side from now on.
func (s *session) engineGo() error {
	if _, over := s.g.Outcome(); over {
		return game.ErrGameOver
	}
	side := s.g.Position().Turn()
	if s.autoReply {
		if side != s.engineSide {
			s.engineSide = side
			if s.color != nil {
				*s.color = side.Other()
			}
			fmt.Fprintf(s.out, "the engine plays %v now\n", side)
		}
		return s.reply()
	}
	for {
		if err := s.engineAct(); err != nil {
			return err
		}
		if _, over := s.g.Outcome(); over || s.g.Position().Turn() != side {
			return nil
		}
	}
}

// engineAct lets the engine make one action for the side to act.
func (s *session) engineAct() error {
	best, err := s.think(false)
	if err != nil {
		return err
	}
	p := s.g.Position()
	m, err := s.g.PlayText(best)
	if err != nil {
		return fmt.Errorf("engine move %s: %w", best, err)
	}
	s.reportMove(p, m)
	return nil
}

// moveLine describes a move just played: "1. e4", "1... e5", "white bans e2e4".
func moveLine(before variant.Position, m variant.Action, plies int) string {
	note := before.Format(m, variant.Human)
	side := before.Turn()
	if m.IsBan() {
		return fmt.Sprintf("%v bans %s", side, strings.TrimPrefix(note, "b:"))
	}
	// A check counter ("2+3") stands before the clocks; the move number
	// follows the halfmove clock.
	fields := slices.DeleteFunc(strings.Fields(before.FEN()), func(f string) bool { return strings.Contains(f, "+") })
	if before.Variant().Family == variant.PDN || len(fields) < 6 {
		return fmt.Sprintf("%d. %v %s", (plies+1)/2, side, note)
	}
	number := fields[5]
	if side == variant.White {
		return number + ". " + note
	}
	return number + "... " + note
}

func (s *session) reportEnd(o variant.Outcome) {
	fmt.Fprintf(s.out, "game over: %s\n", s.resultText(o))
}

// resultText says an outcome as outcomeText does for the session's game.
func (s *session) resultText(o variant.Outcome) string { return outcomeText(s.g.Start(), o) }

// start replaces the game by a new one from p and shows it; against the
// engine the player takes the side whose move comes next.
func (s *session) start(p variant.Position) error {
	s.g = game.New(p)
	fmt.Fprintf(s.out, "new %v game: %s\n", p.Variant(), p.FEN())
	s.showState()
	s.takeSides()
	return s.reply()
}

func (s *session) newGame(args []string) error {
	v := s.g.Variant()
	if len(args) > 0 {
		var err error
		if v, err = lookupGame(s.games, strings.Join(args, " ")); err != nil {
			return err
		}
	}
	if v.RandomStart && len(v.Starts) > 0 {
		return s.startFrom(v, v.Starts[0].Name, nil) // a random array (Chess960)
	}
	return s.start(v.Start())
}

// new960 starts a game from a Chess960 array: the first start set of the
// registry's game that starts from many arrays (RandomStart), whatever
// game is being played now.
func (s *session) new960(args []string) error {
	for _, v := range s.games.All() {
		if v.RandomStart && len(v.Starts) > 0 {
			return s.startFrom(v, v.Starts[0].Name, args)
		}
	}
	return errors.New("no game starts from Chess960 arrays")
}

// startSetGame returns the game a start-set command (tabiya, ballot,
// setup, chess960) applies to: the current one if it has the set, else
// the first registered game that has it.
func (s *session) startSetGame(set string) (*variant.Variant, bool) {
	if _, ok := s.g.Variant().StartSet(set); ok {
		return s.g.Variant(), true
	}
	for _, v := range s.games.All() {
		if _, ok := v.StartSet(set); ok {
			return v, true
		}
	}
	return nil, false
}

// startFrom starts a new game of v from a member of its start set: "tabiya
// 1", "ballot 12", "setup alternative", "chess960 518". A numbered set
// picks a random member when none is given.
func (s *session) startFrom(v *variant.Variant, set string, args []string) error {
	st, ok := v.StartSet(set)
	if !ok {
		return fmt.Errorf("%s has no %s start positions", v.Title, set)
	}
	member := strings.Join(args, " ")
	if member == "" && st.Count > 0 {
		member = strconv.Itoa(st.First + s.rng.IntN(st.Count))
	}
	if member == "" {
		return fmt.Errorf("%s wants %s", set, st.Help)
	}
	p, err := v.StartFrom(set, member)
	if err != nil {
		return err
	}
	if st.Describe != nil {
		fmt.Fprintln(s.out, st.Describe(member))
	}
	return s.start(p)
}

// startSetCommand runs a start-set command (tabiya, ballot, setup,
// chess960) in the current game, which must have that set.
func (s *session) startSetCommand(v *variant.Variant, set string, args []string) error {
	if v != s.g.Variant() {
		return fmt.Errorf("%s applies to %s (try: new %s)", set, v.Name, v.Name)
	}
	return s.startFrom(v, set, args)
}

// banGames suggests the registry's games with bans: " (try: new banchess)".
func (s *session) banGames() string {
	for _, v := range s.games.All() {
		if v.Bans {
			return " (try: new " + v.Name + ")"
		}
	}
	return ""
}

func (s *session) position960() error {
	start, ok := s.g.Start().(interface{ Chess() (chess.Position, bool) })
	if !ok {
		return fmt.Errorf("a %v game has no Chess960 number", s.g.Variant())
	}
	cp, _ := start.Chess()
	n, ok := chess.ScharnaglNumber(&cp)
	if !ok {
		return errors.New("this game's start is not a Chess960 start position")
	}
	fmt.Fprintf(s.out, "Chess960 position %d\n", n)
	return nil
}

func (s *session) load(fen string) error {
	if fen == "" {
		return errors.New("load wants a FEN")
	}
	p, err := s.g.Variant().FromFEN(fen)
	if err != nil {
		return err
	}
	return s.start(p)
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

// writeRecord prints the game as PGN (PDN for draughts), dated today
// (local time), not "????.??.??", with the players' names.
func (s *session) writeRecord(w io.Writer) error {
	white, black := s.playerNames()
	return s.g.WriteRecord(w, pgn.Tags{{Name: "Event", Value: "baten play"}, {Name: "Date", Value: time.Now().Format("2006.01.02")},
		{Name: "White", Value: white}, {Name: "Black", Value: black}})
}

// playerNames returns the names of White and Black for the record, as
// lichess names its players: against the engine, the engine and its
// strength ("Baten v1.2.0 (level 5)") in the colour it plays, and the
// player by the local user's name ($USER, or "?", PGN's unknown). Two
// people at one keyboard are both "?": baten does not know who is who.
func (s *session) playerNames() (white, black string) {
	if !s.autoReply {
		return "?", "?"
	}
	player := cmp.Or(os.Getenv("USER"), os.Getenv("USERNAME"), "?")
	program := "Baten"
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		program += " " + info.Main.Version
	}
	if s.limits.MoveTime > 0 {
		program += fmt.Sprintf(" (%v a move)", s.limits.MoveTime)
	} else {
		program += fmt.Sprintf(" (level %d)", s.limits.Depth)
	}
	if s.engineSide == variant.White {
		return program, player
	}
	return player, program
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
	s.saved = s.state()
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
	g, err := game.FromPGN(pg, s.games)
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
	plies, bans := countActions(g.Moves())
	fmt.Fprintf(s.out, "opened %s: %v game, %s\n", args[0], g.Variant(), pliesText(plies, bans))
	s.showState()
	s.takeSides()
	return s.reply()
}

// parseColor reads --color: white, black, or random (drawn from rng).
func parseColor(name string, rng *rand.Rand) (variant.Color, error) {
	switch strings.ToLower(name) {
	case "white", "w":
		return variant.White, nil
	case "black", "b":
		return variant.Black, nil
	case "random":
		if rng.IntN(2) == 0 {
			return variant.White, nil
		}
		return variant.Black, nil
	}
	return 0, fmt.Errorf("--color %q: want white, black or random", name)
}

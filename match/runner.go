package match

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/baten-chess/baten/draughts"
	"github.com/baten-chess/baten/game"
	"github.com/baten-chess/baten/pgn"
	"github.com/baten-chess/baten/shatranj"
	"github.com/baten-chess/baten/variant"
)

// Config is a match.
type Config struct {
	// Variant is the game played; Registry (nil: variant.Builtin) is
	// where PGN openings and the Chess960 forms are looked up.
	Variant  *variant.Variant
	Registry *variant.Registry
	// Engines are the two players; results are counted for Engines[0].
	Engines [2]EngineSpec
	// Openings are played in order, each twice with colours swapped
	// (Engines[0] White first). Empty: the variant's standard start.
	Openings []Opening
	// Games is the number of games (0: two per opening). Openings are
	// reused in order when there are more games than openings allow.
	Games int
	// Limits of each search: nodes per move (EngineSpec.Nodes overrides
	// it per engine), depth, and a Fischer time control. At least one is
	// needed; given together, the engine stops at the first reached.
	Nodes       int64
	Depth       int
	TimeControl game.TimeControl
	// Tolerance is how far past zero a clock may run before its flag
	// falls: the runner's own latency in reading the answer.
	Tolerance time.Duration
	// MoveTimeout bounds a search without a clock (nodes or depth); an
	// engine that answers no later has stalled and loses. 0: 60 s.
	MoveTimeout time.Duration
	// ReadyTimeout bounds the handshake and "isready"; 0: 30 s.
	ReadyTimeout time.Duration
	// Concurrency is the number of games played at once (0: 1). Each
	// game slot runs its own pair of engine processes.
	Concurrency int
	// MaxPlies, when positive, adjudicates a game still going after that
	// many actions as a draw.
	MaxPlies int
	// SPRT, if not nil, is tested after each game; the match stops
	// starting games once it decides (games under way still count).
	SPRT *SPRT
	// Event is the PGN Event tag ("" = "baten match").
	Event string
	// Records, when not nil, receives the record of every game as it
	// ends: PGN, or PDN for draughts.
	Records func(GameResult)
	// Progress, when not nil, is called after each game with the totals.
	Progress func(GameResult, Stats)
	// Logger (nil: none) receives engine restarts and failures.
	Logger *slog.Logger
}

// FailureKind is how an engine lost a game off the board.
type FailureKind int

// The failures.
const (
	Illegal FailureKind = iota + 1 // an illegal or malformed move
	Crash                          // the process ended or closed its output
	Stall                          // no answer within the move or ready timeout
	Flag                           // the clock ran out
)

// String names the failure as the PGN Termination tag records it.
func (k FailureKind) String() string {
	switch k {
	case Illegal:
		return "rules infraction"
	case Crash:
		return "abandoned"
	case Stall:
		return "stalled connection"
	case Flag:
		return "time forfeit"
	}
	return fmt.Sprintf("FailureKind(%d)", int(k))
}

// Failure is an engine's fault that ended a game.
type Failure struct {
	Engine int // 0 or 1: index in Config.Engines
	Kind   FailureKind
	Detail string // what happened, as the record's last comment says
}

// GameResult is one finished game.
type GameResult struct {
	Number       int // from 1, in the order games were started
	Opening      string
	White, Black string
	FirstWhite   bool // Engines[0] played White
	// Outcome is the result. Reason is the rules' ending, TimeForfeit
	// for a flag, Adjudication for the other failures and for MaxPlies.
	Outcome variant.Outcome
	// Result is the outcome as the record writes it: PGN's 1-0, 0-1 and
	// 1/2-1/2 (White's score first), PDN's 2-0, 0-2 and 1-1 in draughts
	// (Black's, the first player's, score first).
	Result  string
	Failure *Failure // nil unless an engine's fault ended the game
	Plies   int
	Record  []byte // the game's record (PGN, PDN for draughts)
}

// Score returns Engines[0]'s score in the game: 1, ½ or 0.
func (r GameResult) Score() float64 {
	if r.Outcome.Draw {
		return 0.5
	}
	if (r.Outcome.Winner == variant.White) == r.FirstWhite {
		return 1
	}
	return 0
}

// Result is the outcome of a match.
type Result struct {
	Names   [2]string
	Stats   Stats
	LLR     float64 // the SPRT's log-likelihood ratio when it decided, or after the last game (0 without an SPRT)
	Verdict Verdict
	Games   []GameResult // in the order they ended
}

// counted is a finished game on its way to the collector, which closes
// ack once it has counted it.
type counted struct {
	result GameResult
	ack    chan struct{}
}

// job is one game to play.
type job struct {
	number     int
	opening    Opening
	firstWhite bool
}

// Run plays the match. It returns when every game is played, the SPRT
// has decided (and the games under way are over), or ctx is done (the
// games under way are then abandoned and not counted; the result so far
// is returned with ctx's error). An engine that cannot be started or set
// up for the variant ends the match with an error.
func Run(ctx context.Context, cfg Config) (Result, error) {
	if err := cfg.check(); err != nil {
		return Result{}, err
	}
	cfg = cfg.withDefaults()
	openings := cfg.Openings
	if len(openings) == 0 {
		openings = []Opening{{Label: "start", Start: cfg.Variant.Start()}}
	}
	total := cfg.Games
	if total == 0 {
		total = 2 * len(openings)
	}

	runCtx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	jobs := make(chan job)
	stopDispatch := make(chan struct{})
	go func() {
		defer close(jobs)
		for i := range total {
			j := job{number: i + 1, opening: openings[(i/2)%len(openings)], firstWhite: i%2 == 0}
			select {
			case jobs <- j:
			case <-stopDispatch:
				return
			case <-runCtx.Done():
				return
			}
		}
	}()

	results := make(chan counted)
	var wg sync.WaitGroup
	for range cfg.Concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &worker{cfg: &cfg}
			defer w.close()
			for {
				// The collector has counted this worker's last game: if
				// the SPRT decided on it, no further game starts here.
				select {
				case <-stopDispatch:
					return
				default:
				}
				j, ok := <-jobs
				if !ok {
					return
				}
				select {
				case <-stopDispatch: // decided while this worker waited
					return
				default:
				}
				r, err := w.play(runCtx, j)
				if err != nil {
					cancel(err)
					return
				}
				ack := make(chan struct{})
				select {
				case results <- counted{r, ack}:
				case <-runCtx.Done():
					return
				}
				<-ack
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	var res Result
	stopped := false
	for c := range results {
		r := c.result
		if res.Names[0] == "" {
			res.Names = [2]string{r.White, r.Black}
			if !r.FirstWhite {
				res.Names = [2]string{r.Black, r.White}
			}
		}
		res.Games = append(res.Games, r)
		switch r.Score() {
		case 1:
			res.Stats.Wins++
		case 0.5:
			res.Stats.Draws++
		default:
			res.Stats.Losses++
		}
		if cfg.Records != nil {
			cfg.Records(r)
		}
		if cfg.Progress != nil {
			cfg.Progress(r, res.Stats)
		}
		if cfg.SPRT != nil && !stopped {
			res.LLR = cfg.SPRT.LLR(res.Stats)
			if res.Verdict = cfg.SPRT.Decide(res.LLR); res.Verdict != Continue {
				stopped = true
				close(stopDispatch)
			}
		}
		close(c.ack)
	}
	if ctx.Err() != nil {
		return res, ctx.Err()
	}
	return res, context.Cause(runCtx) // a worker's error, or nil
}

// check reports a configuration that cannot run.
func (cfg *Config) check() error {
	switch {
	case cfg.Variant == nil:
		return errors.New("match: no variant")
	case cfg.Nodes < 0 || cfg.Depth < 0 || cfg.Games < 0 || cfg.Concurrency < 0 || cfg.MaxPlies < 0 || cfg.Tolerance < 0:
		return errors.New("match: negative nodes, depth, games, concurrency, max plies or tolerance")
	case cfg.Nodes == 0 && cfg.Depth == 0 && cfg.TimeControl.Base <= 0 &&
		(cfg.Engines[0].Nodes == 0 || cfg.Engines[1].Nodes == 0):
		return errors.New("match: no search limit: give nodes, depth or a time control")
	}
	for i, e := range cfg.Engines {
		if len(e.Command) == 0 {
			return fmt.Errorf("match: engine %d has no command", i+1)
		}
	}
	for _, o := range cfg.Openings {
		if o.Start == nil || o.Start.Variant().Name != cfg.Variant.Name {
			return fmt.Errorf("match: opening %s is not a %s position", o.Label, cfg.Variant.Title)
		}
	}
	if cfg.SPRT != nil {
		return cfg.SPRT.Validate()
	}
	return nil
}

func (cfg Config) withDefaults() Config {
	if cfg.Registry == nil {
		cfg.Registry = variant.Builtin()
	}
	if cfg.MoveTimeout <= 0 {
		cfg.MoveTimeout = 60 * time.Second
	}
	if cfg.ReadyTimeout <= 0 {
		cfg.ReadyTimeout = 30 * time.Second
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = 1
	}
	if cfg.Event == "" {
		cfg.Event = "baten match"
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	return cfg
}

// worker plays games one after another with its own engine processes.
type worker struct {
	cfg   *Config
	procs [2]*process
	names [2]string
}

func (w *worker) close() {
	for i, p := range w.procs {
		if p != nil {
			p.quit()
			w.procs[i] = nil
		}
	}
}

// ensure starts engine i if it is not running and sets it up for the
// variant. An error here is the match's, not a game's.
func (w *worker) ensure(ctx context.Context, i int) error {
	if w.procs[i] != nil {
		return nil
	}
	spec := w.cfg.Engines[i]
	p, err := startProcess(ctx, spec, w.cfg.ReadyTimeout)
	if err != nil {
		return fmt.Errorf("match: engine %d: %w", i+1, err)
	}
	for _, o := range spec.Options {
		p.setOption(o.Name, o.Value)
	}
	if err := w.setVariant(p); err != nil {
		p.kill()
		return fmt.Errorf("match: engine %d (%s): %w", i+1, p.displayName(), err)
	}
	if err := p.sync(ctx, w.cfg.ReadyTimeout); err != nil {
		p.kill()
		return fmt.Errorf("match: engine %d (%s): after the options: %w", i+1, p.displayName(), err)
	}
	w.procs[i], w.names[i] = p, p.displayName()
	return nil
}

// setVariant sends the options that select the game: nothing for chess;
// UCI_Chess960 (and UCI_Variant of the base game when it is not chess)
// for a Chess960 form; UCI_Variant otherwise.
func (w *worker) setVariant(p *process) error {
	v := w.cfg.Variant
	var base *variant.Variant
	for _, b := range w.cfg.Registry.All() {
		if b.Chess960Form == v.Name {
			base = b
		}
	}
	switch {
	case base != nil:
		if !p.hasOption("UCI_Chess960") {
			return fmt.Errorf("no UCI_Chess960 option: cannot play %s", v.Title)
		}
		if base.UCIName != "chess" {
			if !p.hasOption("UCI_Variant") {
				return fmt.Errorf("no UCI_Variant option: cannot play %s", v.Title)
			}
			p.setOption("UCI_Variant", base.UCIName)
		}
		p.setOption("UCI_Chess960", "true")
	case v.UCIName == "chess":
	default:
		if !p.hasOption("UCI_Variant") {
			return fmt.Errorf("no UCI_Variant option: cannot play %s", v.Title)
		}
		p.setOption("UCI_Variant", v.UCIName)
	}
	return nil
}

// fail ends engine i's process after its fault and returns the failure.
func (w *worker) fail(i int, kind FailureKind, format string, args ...any) *Failure {
	detail := w.names[i] + " " + fmt.Sprintf(format, args...)
	w.cfg.Logger.Warn("engine failure", "engine", w.names[i], "kind", kind.String(), "detail", detail)
	if w.procs[i] != nil {
		w.procs[i].kill()
		w.procs[i] = nil
	}
	return &Failure{Engine: i, Kind: kind, Detail: detail}
}

// failureFor maps a read error to a failure.
func (w *worker) failureFor(i int, err error, what string) *Failure {
	if errors.Is(err, ErrCrashed) {
		return w.fail(i, Crash, "crashed (%s)", what)
	}
	return w.fail(i, Stall, "did not answer (%s)", what)
}

// play plays one game. The error is not nil only when an engine cannot be
// started or the context ends.
func (w *worker) play(ctx context.Context, j job) (GameResult, error) {
	cfg := w.cfg
	for i := range 2 {
		if err := w.ensure(ctx, i); err != nil {
			return GameResult{}, err
		}
	}
	whiteIdx := 1
	if j.firstWhite {
		whiteIdx = 0
	}
	engineOf := func(c variant.Color) int {
		if c == variant.White {
			return whiteIdx
		}
		return 1 - whiteIdx
	}
	res := GameResult{Number: j.number, Opening: j.opening.Label, FirstWhite: j.firstWhite,
		White: w.names[whiteIdx], Black: w.names[1-whiteIdx]}

	g := game.New(j.opening.Start)
	var moves []string
	for _, a := range j.opening.Moves {
		moves = append(moves, uciText(g.Position(), a))
		if err := g.Play(a); err != nil {
			return res, fmt.Errorf("match: opening %s: %w", j.opening.Label, err)
		}
	}
	var failure *Failure
	for i := range 2 {
		w.procs[i].send("ucinewgame")
		if err := w.procs[i].sync(ctx, cfg.ReadyTimeout); err != nil {
			if ctx.Err() != nil {
				return res, ctx.Err()
			}
			failure = w.failureFor(i, err, "isready after ucinewgame")
			break
		}
	}
	position := "position startpos"
	if cfg.Variant.RandomStart || j.opening.Start.FEN() != cfg.Variant.Start().FEN() {
		position = "position fen " + j.opening.Start.FEN()
	}
	var left [2]time.Duration // by colour
	tc := cfg.TimeControl
	left[variant.White], left[variant.Black] = tc.Base, tc.Base
	var outcome variant.Outcome
	adjudicated := ""
	for failure == nil {
		if o, over := g.Outcome(); over {
			outcome = o
			break
		}
		if g.CanClaimRepetition() || g.CanClaimMoveRule() {
			o, err := g.Claim()
			if err != nil {
				return res, fmt.Errorf("match: claim: %w", err)
			}
			outcome = o
			break
		}
		if cfg.MaxPlies > 0 && len(g.Moves()) >= cfg.MaxPlies {
			outcome = variant.Outcome{Draw: true, Reason: variant.Adjudication}
			adjudicated = fmt.Sprintf("draw: no result after %d plies", cfg.MaxPlies)
			break
		}
		pos := g.Position()
		turn := pos.Turn()
		i := engineOf(turn)
		p := w.procs[i]
		cmd := position
		if len(moves) > 0 {
			cmd += " moves " + strings.Join(moves, " ")
		}
		p.send("%s", cmd)
		goCmd := "go"
		nodes := cfg.Nodes
		if cfg.Engines[i].Nodes > 0 {
			nodes = cfg.Engines[i].Nodes
		}
		if nodes > 0 {
			goCmd += fmt.Sprintf(" nodes %d", nodes)
		}
		if cfg.Depth > 0 {
			goCmd += fmt.Sprintf(" depth %d", cfg.Depth)
		}
		timeout := cfg.MoveTimeout
		if tc.Base > 0 {
			goCmd += fmt.Sprintf(" wtime %d btime %d winc %d binc %d", left[variant.White].Milliseconds(),
				left[variant.Black].Milliseconds(), tc.Increment.Milliseconds(), tc.Increment.Milliseconds())
			timeout = left[turn] + cfg.Tolerance
		}
		start := time.Now()
		p.send("%s", goCmd)
		text, err := p.bestMove(ctx, timeout)
		elapsed := time.Since(start)
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		if tc.Base > 0 && (errors.Is(err, ErrTimeout) || err == nil && elapsed > left[turn]+cfg.Tolerance) {
			failure = w.fail(i, Flag, "lost on time (%v over)", (elapsed - left[turn]).Round(time.Millisecond))
			outcome = variant.Outcome{Draw: true, Reason: variant.TimeForfeit}
			if variant.CanWin(pos, turn.Other()) {
				outcome = variant.Outcome{Winner: turn.Other(), Reason: variant.TimeForfeit}
			}
			break
		}
		if err != nil {
			failure = w.failureFor(i, err, "waiting for bestmove")
			break
		}
		a, ok := resolve(pos, text)
		if !ok {
			failure = w.fail(i, Illegal, "played an illegal move: %q in %s", text, pos.FEN())
			break
		}
		if tc.Base > 0 {
			left[turn] = max(left[turn]-elapsed, 0) + tc.Increment
		}
		if err := g.Play(a); err != nil {
			return res, fmt.Errorf("match: playing a legal action: %w", err)
		}
		moves = append(moves, uciText(pos, a))
	}
	if failure != nil && failure.Kind != Flag {
		outcome = variant.Outcome{Winner: engineColor(failure.Engine, whiteIdx).Other(), Reason: variant.Adjudication}
	}
	res.Outcome, res.Failure, res.Plies = outcome, failure, len(g.Moves())
	res.Result = game.RecordResult(g.Variant(), outcome)
	record, err := w.record(g, res, adjudicated)
	if err != nil {
		return res, err
	}
	res.Record = record
	return res, nil
}

// engineColor is the colour engine i plays when Engines[whiteIdx] is White.
func engineColor(i, whiteIdx int) variant.Color {
	if i == whiteIdx {
		return variant.White
	}
	return variant.Black
}

// shatranjPosition is the capability of a shatranj position of the
// registry: the position as package shatranj knows it.
type shatranjPosition interface {
	Shatranj() shatranj.Position
}

// uciText writes a legal action of pos as UCI sends it: the machine
// notation, bans without their "b:" (the side to act tells a ban from a
// move), and in shatranj a promotion with the Ferz's letter q ("g7g8q"),
// which Fairy-Stockfish needs (it ignores the rest of a moves list after
// a bare "g7g8") and Baten's engine writes.
func uciText(pos variant.Position, a variant.Action) string {
	text := strings.TrimPrefix(a.String(), "b:")
	sp, ok := pos.(shatranjPosition)
	if !ok {
		return text
	}
	m, ok := a.Native().(shatranj.Move)
	if p := sp.Shatranj(); ok && p.PieceAt(m.From()).Type() == shatranj.Baidaq && (m.To().Rank() == 7 || m.To().Rank() == 0) {
		text += "q"
	}
	return text
}

// squarePair is a move in coordinates, as UCI writes it, with an optional
// promotion letter.
var squarePair = regexp.MustCompile(`^[a-p][0-9]{1,2}[a-p][0-9]{1,2}[a-z]?$`)

// resolve finds the legal action an engine's move text names: its UCI
// text exactly, or, for coordinate moves written another way (a promotion
// letter of another alphabet) and for PDN moves, the position's reading of
// it. SAN and anything else are not UCI and are refused.
func resolve(pos variant.Position, text string) (variant.Action, bool) {
	legal := pos.Legal()
	for _, a := range legal {
		if uciText(pos, a) == text {
			return a, true
		}
	}
	if !squarePair.MatchString(text) && pos.Variant().Family != variant.PDN {
		return variant.Action{}, false
	}
	a, err := pos.Parse(text)
	if err != nil {
		return variant.Action{}, false
	}
	for _, l := range legal {
		if l == a {
			return a, true
		}
	}
	return variant.Action{}, false
}

// draughtsStart is a position package draughts records (English draughts).
type draughtsStart interface {
	Draughts() draughts.Position
}

// record writes the game: by g's own record writer when the rules ended
// it, with the result, Termination and a last comment set here when an
// adjudication did.
func (w *worker) record(g *game.Game, res GameResult, adjudicated string) ([]byte, error) {
	tags := pgn.Tags{
		{Name: "Event", Value: w.cfg.Event},
		{Name: "Site", Value: "baten match"},
		{Name: "Date", Value: time.Now().UTC().Format("2006.01.02")},
		{Name: "Round", Value: fmt.Sprint(res.Number)},
		{Name: "White", Value: res.White},
		{Name: "Black", Value: res.Black},
		{Name: "Opening", Value: res.Opening},
	}
	if tc := w.cfg.TimeControl; tc.Base > 0 {
		tags = append(tags, pgn.Tag{Name: "TimeControl", Value: tc.String()})
	}
	var buf bytes.Buffer
	_, ruled := g.Outcome()
	if ruled {
		if err := g.WriteRecord(&buf, tags); err != nil {
			return nil, fmt.Errorf("match: record: %w", err)
		}
		return buf.Bytes(), nil
	}
	termination, comment := variant.Adjudication.String(), adjudicated
	if res.Failure != nil {
		termination, comment = res.Failure.Kind.String(), res.Failure.Detail
	}
	if _, ok := g.Start().(draughtsStart); ok {
		dt := make([]draughts.Tag, len(tags))
		for i, t := range tags {
			dt[i] = draughts.Tag{Name: t.Name, Value: t.Value}
		}
		rec, err := g.DraughtsRecord(dt)
		if err != nil {
			return nil, fmt.Errorf("match: record: %w", err)
		}
		rec.Result = game.PDNResult(res.Outcome)
		rec.Tags = append(rec.Tags, draughts.Tag{Name: "Termination", Value: termination})
		last := len(rec.Comments) - 1
		rec.Comments[last] = strings.TrimSpace(rec.Comments[last] + " " + comment)
		if err := draughts.WritePDN(&buf, rec); err != nil {
			return nil, fmt.Errorf("match: record: %w", err)
		}
		return buf.Bytes(), nil
	}
	pg := g.PGN(tags)
	result := res.Outcome.Result()
	pg.Result = result
	pg.Tags.Set("Result", result)
	pg.Tags.Set("Termination", termination)
	if n := len(pg.Moves); n > 0 {
		pg.Moves[n-1].CommentsAfter = append(pg.Moves[n-1].CommentsAfter, comment)
	} else {
		pg.Comments = append(pg.Comments, comment)
	}
	if err := pgn.Write(&buf, pg); err != nil {
		return nil, fmt.Errorf("match: record: %w", err)
	}
	return buf.Bytes(), nil
}

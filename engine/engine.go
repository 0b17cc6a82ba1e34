package engine

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/draughts"
	"github.com/baten-chess/baten/shatranj"
)

// Variant names New accepts.
const (
	Chess    = "chess"
	Chess960 = "chess960"
	Shatranj = "shatranj"
	BanChess = "banchess"
	Draughts = "draughts"
)

// Variants lists the variant names, in the order of the UCI_Variant combo.
func Variants() []string { return []string{Chess, Chess960, Shatranj, BanChess, Draughts} }

// aliases maps other spellings to the names above.
var aliases = map[string]string{
	"standard": Chess, "fischerandom": Chess960, "fischerrandom": Chess960, "960": Chess960,
	"ban-chess": BanChess, "ban": BanChess, "checkers": Draughts, "english-draughts": Draughts,
}

// ErrUnknownVariant is wrapped by New's error for a name it does not know.
var ErrUnknownVariant = errors.New("unknown variant")

// ErrGameOver is returned by BestMove when the side to act has no move.
var ErrGameOver = errors.New("engine: no legal move: the game is over")

// Options configure an Engine.
type Options struct {
	// HashMB is the transposition table size in megabytes (default 16).
	HashMB int
}

// DefaultHashMB is the transposition table size when Options.HashMB is 0.
const DefaultHashMB = 16

// runner is the variant-specific engine behind the text-only front door.
type runner interface {
	setPosition(fen string, chess960 bool, moves []string) error
	search(ctx context.Context, l Limits, hit *atomic.Int64, info func(Info)) Result
	notation(pv []string) ([]string, error)
	clear()
	setHash(mb int)
	fen() string
	legal() []string
}

// textGame is a Game with the text surface the front door needs.
type textGame[M comparable] interface {
	Game[M]
	reset(fen string, chess960 bool) error
	parse(text string) (M, error)
	commit(m M)          // play m for good, emptying the undo stack
	text(m M) string     // engine notation (UCI, PDN)
	notation(m M) string // the variant's own notation (SAN, PDN, action text)
	fen() string
	moveNumber() (int, bool)
	// mateMoves converts a win (plies > 0) or loss (plies < 0) of the
	// actor at the root in |plies| plies into UCI's signed move count,
	// never 0 (which would read as a draw).
	mateMoves(plies int) int
	// matePlies is the number of plies of a win in n moves of the actor
	// from the current state.
	matePlies(n int) int
}

// alternatingMate is mateMoves for games whose actors alternate: the
// actor's moves up to the end, which its own last move may bring (a
// shatranj Shah bared with no way to take the last piece loses by moving).
func alternatingMate(plies int) int {
	if plies > 0 {
		return (plies + 1) / 2
	}
	return -((1 - plies) / 2)
}

// driver binds a textGame to a Searcher.
type driver[M comparable] struct {
	g    textGame[M]
	s    *Searcher[M]
	keys []uint64
	buf  []M
}

func newDriver[M comparable](g textGame[M], hashMB int) *driver[M] {
	return &driver[M]{g: g, s: NewSearcher[M](g, hashMB)}
}

func (d *driver[M]) setPosition(fen string, chess960 bool, moves []string) error {
	if err := d.g.reset(fen, chess960); err != nil {
		return fmt.Errorf("position: %w", err)
	}
	d.keys = d.keys[:0]
	for i, t := range moves {
		m, err := d.g.parse(t)
		if err != nil {
			return fmt.Errorf("move %d %q: %w", i+1, t, err)
		}
		d.keys = append(d.keys, d.g.Key())
		d.g.commit(m)
	}
	return nil
}

func (d *driver[M]) texts(ms []M) []string {
	out := make([]string, 0, len(ms))
	n := 0
	for _, m := range ms {
		out = append(out, d.g.text(m))
		d.g.Make(m)
		n++
	}
	for ; n > 0; n-- {
		d.g.Unmake()
	}
	return out
}

func (d *driver[M]) score(sc int) Score {
	switch {
	case sc > mateBound:
		return Score{Mate: d.g.mateMoves(MateScore - sc)}
	case sc < -mateBound:
		return Score{Mate: d.g.mateMoves(-(MateScore + sc))}
	}
	return Score{CP: sc}
}

// preparer is a Game with something to ready before a search from its
// current state (shatranj: the endgame table of the root's material).
type preparer interface {
	prepare(ctx context.Context, l Limits)
}

func (d *driver[M]) search(ctx context.Context, l Limits, hit *atomic.Int64, info func(Info)) Result {
	d.s.SetHistory(d.keys)
	if p, ok := d.g.(preparer); ok {
		p.prepare(ctx, l)
	}
	if l.Mate > 0 {
		depth := d.g.matePlies(min(l.Mate, MaxDepth)) + 2
		if l.Depth <= 0 || depth < l.Depth {
			l.Depth = depth
		}
	}
	var cb func(SearchResult[M])
	if info != nil {
		cb = func(r SearchResult[M]) {
			secs := max(r.Time.Seconds(), 1e-6)
			info(Info{
				Depth: r.Depth, SelDepth: r.SelDepth, Score: d.score(r.Score), Nodes: r.Nodes,
				NPS: uint64(float64(r.Nodes) / secs), Time: r.Time, HashFull: d.s.tt.hashFull(),
				PV: d.texts(r.PV),
			})
		}
	}
	r := d.s.Search(ctx, l, hit, cb)
	res := Result{Score: d.score(r.Score), Depth: r.Depth, SelDepth: r.SelDepth, Nodes: r.Nodes, Time: r.Time}
	if !r.HasMove {
		return res
	}
	pv := r.PV
	if len(pv) == 0 || pv[0] != r.Move {
		pv = []M{r.Move}
	}
	res.PV = d.texts(pv)
	res.BestMove = res.PV[0]
	if len(res.PV) > 1 {
		res.Ponder = res.PV[1]
	}
	return res
}

// notation rewrites a line of engine moves in the variant's notation,
// numbered as in a game score where the variant has move numbers.
func (d *driver[M]) notation(line []string) ([]string, error) {
	out := make([]string, 0, len(line))
	n := 0
	defer func() {
		for ; n > 0; n-- {
			d.g.Unmake()
		}
	}()
	for _, t := range line {
		m, err := d.parseHere(t)
		if err != nil {
			return out, err
		}
		out = append(out, d.g.notation(m))
		d.g.Make(m)
		n++
	}
	return out, nil
}

// parseHere finds the legal action written t in the current search state.
func (d *driver[M]) parseHere(t string) (M, error) {
	d.buf = d.g.Moves(d.buf[:0])
	for _, m := range d.buf {
		if d.g.text(m) == t {
			return m, nil
		}
	}
	var zero M
	return zero, fmt.Errorf("%q is not legal here", t)
}

func (d *driver[M]) clear()         { d.s.Clear() }
func (d *driver[M]) setHash(mb int) { d.s.SetHash(mb) }
func (d *driver[M]) fen() string    { return d.g.fen() }

func (d *driver[M]) legal() []string {
	d.buf = d.g.Moves(d.buf[:0])
	out := make([]string, len(d.buf))
	for i, m := range d.buf {
		out[i] = d.g.text(m)
	}
	return out
}

// Engine is the text-only front door to the search: it holds a variant, a
// position with the moves that led to it (for repetition), and the
// transposition table, which persists from one search to the next until
// NewGame. An Engine runs one search at a time; PonderHit may be called from
// another goroutine during a search.
type Engine struct {
	variant   string
	chess960  bool
	r         runner
	hashMB    int
	ponderHit atomic.Int64
}

// New returns an engine for a variant (see Variants; "chess" with
// SetPosition's chess960 flag also plays Chess960) in its start position.
func New(variant string, opts Options) (*Engine, error) {
	name := strings.ToLower(strings.TrimSpace(variant))
	if a, ok := aliases[name]; ok {
		name = a
	}
	hash := opts.HashMB
	if hash <= 0 {
		hash = DefaultHashMB
	}
	e := &Engine{variant: name, hashMB: hash, chess960: name == Chess960}
	switch name {
	case Chess, Chess960:
		e.r = newDriver[chess.Move](&chessGame{}, hash)
	case Shatranj:
		e.r = newDriver[shatranj.Move](&shatranjGame{fsf: true}, hash)
	case BanChess:
		e.r = newDriver[banAction](&banGame{}, hash)
	case Draughts:
		e.r = newDriver[draughts.Move](newDraughtsGame(), hash)
	default:
		return nil, fmt.Errorf("%w %q (want one of %s)", ErrUnknownVariant, variant, strings.Join(Variants(), ", "))
	}
	if err := e.r.setPosition("", e.chess960, nil); err != nil {
		return nil, err
	}
	return e, nil
}

// Variant returns the engine's variant name.
func (e *Engine) Variant() string { return e.variant }

// SetPosition sets the position: startFEN ("" or "startpos" for the
// variant's start) followed by moves in the engine's notation: UCI for the
// chess family (castling as e1g1 or king-takes-rook e1h1; shatranj
// promotions with or without the letter), PDN for draughts ("9-14",
// "22x15x8" or "22x8"), and for Ban-Chess the actions in order, bans and
// moves alternating from Black's first ban, each as a plain from-to pair
// ("e2e4", read as a ban in a ban ply and as a move in a move ply) or as
// "b:e2e4", "m:e2e4" or SAN. chess960 makes the engine print castling as
// king takes rook (chess and chess960 only). Shatranj FEN may use native or
// Fairy-Stockfish letters; Ban-Chess FEN may have the seventh "PLY[:BAN]"
// field (without it the side not to move bans first); draughts FEN is PDN
// FEN. The moves are kept for repetition.
func (e *Engine) SetPosition(startFEN string, chess960 bool, moves []string) error {
	c960 := chess960 || e.variant == Chess960
	if err := e.r.setPosition(strings.TrimSpace(startFEN), c960, moves); err != nil {
		e.r.setPosition("", e.chess960, nil) // leave a valid position behind
		return fmt.Errorf("engine: %s: %w", e.variant, err)
	}
	e.chess960 = c960
	return nil
}

// FEN returns the current position (shatranj with Fairy-Stockfish's
// letters, Ban-Chess as extended FEN, draughts as PDN FEN).
func (e *Engine) FEN() string { return e.r.fen() }

// LegalMoves lists the legal actions of the current position in the
// engine's notation.
func (e *Engine) LegalMoves() []string { return e.r.legal() }

// NewGame forgets what earlier searches learnt (transposition table,
// killers, history), so that searches at fixed depth or nodes repeat
// exactly.
func (e *Engine) NewGame() { e.r.clear() }

// SetHash resizes the transposition table (emptying it).
func (e *Engine) SetHash(mb int) {
	if mb <= 0 {
		mb = DefaultHashMB
	}
	e.hashMB = mb
	e.r.setHash(mb)
}

// Hash returns the transposition table size in megabytes.
func (e *Engine) Hash() int { return e.hashMB }

// PonderHit tells a search started with Limits.Ponder that the expected
// move was played: its clock limits count from now.
func (e *Engine) PonderHit() { e.ponderHit.Store(time.Now().UnixNano()) }

// Search searches the current position within limits, calling info (if
// not nil) after each completed iteration, and returns the best move found.
// It stops when a limit is reached or ctx is done (the best move of the
// last completed iteration is returned then, with a nil error). A position
// without legal moves gives an empty BestMove.
func (e *Engine) Search(ctx context.Context, limits Limits, info func(Info)) (Result, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	defer e.ponderHit.Store(0) // a hit before the search starts still counts
	r := e.r.search(ctx, limits, &e.ponderHit, info)
	return r, nil
}

// BestMove is Search without progress reports: the move to play, or
// ErrGameOver when there is none.
func (e *Engine) BestMove(ctx context.Context, limits Limits) (string, error) {
	r, err := e.Search(ctx, limits, nil)
	if err != nil {
		return "", err
	}
	if r.BestMove == "" {
		return "", ErrGameOver
	}
	return r.BestMove, nil
}

// Notation rewrites a line of moves in engine notation, played from the
// current position, in the variant's own notation: SAN for chess and
// Chess960, shatranj algebraic notation (K F A N R), PDN for draughts and
// Ban-Chess action text ("b:e2e4" for a ban, SAN for a move).
func (e *Engine) Notation(line []string) ([]string, error) {
	out, err := e.r.notation(line)
	if err != nil {
		return out, fmt.Errorf("engine: %w", err)
	}
	return out, nil
}

// FormatLine numbers a line in the variant's notation as a game score does
// ("1. e4 e5 2. Nf3", "12... Qxd5"); draughts and Ban-Chess lines are
// joined as they are.
func (e *Engine) FormatLine(line []string) string {
	if e.variant == Draughts || e.variant == BanChess {
		return strings.Join(line, " ")
	}
	var num int
	var first bool
	switch d := e.r.(type) {
	case *driver[chess.Move]:
		num, first = d.g.moveNumber()
	case *driver[shatranj.Move]:
		num, first = d.g.moveNumber()
	}
	var b strings.Builder
	for i, m := range line {
		if i > 0 {
			b.WriteByte(' ')
		}
		if first {
			b.WriteString(strconv.Itoa(num) + ". ")
		} else if i == 0 {
			b.WriteString(strconv.Itoa(num) + "... ")
		}
		b.WriteString(m)
		if !first {
			num++
		}
		first = !first
	}
	return b.String()
}

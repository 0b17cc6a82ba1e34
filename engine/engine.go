package engine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/baten-chess/baten/banchess"
	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/draughts"
	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/shatranj"
	"github.com/baten-chess/baten/variant"
)

// ErrGameOver is returned by BestMove when the side to act has no move.
var ErrGameOver = errors.New("engine: no legal move: the game is over")

// Options configure an Engine.
type Options struct {
	// HashMB is the transposition table size in megabytes (default 16).
	HashMB int
	// Threads is the number of search threads (default 1); see
	// Engine.SetThreads.
	Threads int
}

// MaxThreads bounds Options.Threads.
const MaxThreads = 256

// IllegalMoveError is SetPositionText's error for a move of the list that
// is not a legal action where it comes: the position is left after the
// moves before it.
type IllegalMoveError struct {
	Index int    // the move's index in the list, from 0
	Move  string // the move as given
	Err   error
}

func (e *IllegalMoveError) Error() string {
	return fmt.Sprintf("move %d %q: %v", e.Index+1, e.Move, e.Err)
}

func (e *IllegalMoveError) Unwrap() error { return e.Err }

// DefaultHashMB is the transposition table size when Options.HashMB is 0.
const DefaultHashMB = 16

// runner is the game-specific engine behind the front door.
type runner interface {
	setPosition(start variant.Position, actions []variant.Action, moves []string) error
	search(ctx context.Context, l Limits, info func(Info)) Result
	notation(pv []string) ([]string, error)
	moveNumber() (int, bool)
	clear()
	setHash(mb int)
	setThreads(n int) int
	fen() string
	legal() []string
	parse(t string) (string, error)
	divide(ctx context.Context, depth, threads int) ([]variant.Division, error)
}

// cloner is a Game that copies itself, state and all, for the helper
// threads of a search; games without it search on one thread.
type cloner[M comparable] interface {
	clone() Game[M]
}

// textGame is a Game with the surface the front door needs: setting a
// position of the registry, actions and engine text in and out.
type textGame[M comparable] interface {
	Game[M]
	// reset sets the game's own position from a registry position; it
	// fails for a position of another game.
	reset(start variant.Position) error
	// native is a registry action as the game's own action.
	native(a variant.Action) (M, bool)
	// commit plays m for good, emptying the undo stack.
	commit(m M)
	// text is m in the engine's UCI dialect: the registry's machine
	// notation, except where the GUIs of a game expect otherwise
	// (Fairy-Stockfish's q on shatranj promotions, Ban-Chess bans as bare
	// from-to pairs).
	text(m M) string
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

// driver binds a textGame to a Searcher. Everything but the search goes
// through the registry position of the committed state, pos: reading
// moves, writing them in the game's notation, the FEN.
type driver[M comparable] struct {
	g    textGame[M]
	s    *Searcher[M]
	pos  variant.Position
	keys []uint64
	buf  []M
}

func newDriver[M comparable](g textGame[M], hashMB int) *driver[M] {
	return &driver[M]{g: g, s: NewSearcher[M](g, hashMB)}
}

func (d *driver[M]) setPosition(start variant.Position, actions []variant.Action, moves []string) error {
	if err := d.g.reset(start); err != nil {
		return fmt.Errorf("position: %w", err)
	}
	d.pos = start
	d.keys = d.keys[:0]
	for i, a := range actions {
		if err := d.commit(a); err != nil {
			return fmt.Errorf("action %d %q: %w", i+1, a, err)
		}
	}
	for i, t := range moves {
		a, err := d.pos.Parse(t)
		if err == nil {
			err = d.commit(a)
		}
		if err != nil {
			return &IllegalMoveError{Index: i, Move: t, Err: err}
		}
	}
	return nil
}

// commit plays a legal action of pos for good.
func (d *driver[M]) commit(a variant.Action) error {
	m, ok := d.g.native(a)
	if !ok || !d.isLegal(m) {
		return variant.ErrIllegal
	}
	next, err := d.pos.Play(a)
	if err != nil {
		return err
	}
	d.keys = append(d.keys, d.g.Key())
	d.g.commit(m)
	d.pos = next
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

func (d *driver[M]) search(ctx context.Context, l Limits, info func(Info)) Result {
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
	var only []M
	if len(l.SearchMoves) > 0 {
		d.buf = d.g.Moves(d.buf[:0])
		for _, m := range d.buf {
			if slices.Contains(l.SearchMoves, d.g.text(m)) {
				only = append(only, m)
			}
		}
	}
	d.s.SetRootMoves(only)
	var cb func(SearchResult[M])
	if info != nil {
		cb = func(r SearchResult[M]) {
			secs := max(r.Time.Seconds(), 1e-6)
			info(Info{
				Depth: r.Depth, SelDepth: r.SelDepth, Score: d.score(r.Score), Nodes: r.Nodes,
				NPS: uint64(float64(r.Nodes) / secs), Time: r.Time, HashFull: d.s.tt.hashFull(),
				PV: d.texts(r.PV), MultiPV: max(r.MultiPV, 1),
			})
		}
	}
	r := d.s.Search(ctx, l, l.PonderHit, cb)
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

// notation rewrites a line of engine moves, played from the committed
// state, in the game's own notation.
func (d *driver[M]) notation(line []string) ([]string, error) {
	out := make([]string, 0, len(line))
	p := d.pos
	for _, t := range line {
		a, err := p.Parse(t)
		if err != nil {
			return out, err
		}
		out = append(out, p.Format(a, variant.Human))
		if p, err = p.Play(a); err != nil {
			return out, err
		}
	}
	return out, nil
}

// isLegal reports whether m is a legal action of the current state.
func (d *driver[M]) isLegal(m M) bool {
	d.buf = d.g.Moves(d.buf[:0])
	for _, l := range d.buf {
		if l == m {
			return true
		}
	}
	return false
}

// moveNumber is the number of the next move and whether the first player
// makes it, from the FEN's fullmove field; 0 for games whose lines are
// written without numbers (PDN, and Ban-Chess, where bans come between).
func (d *driver[M]) moveNumber() (int, bool) {
	f := strings.Fields(d.pos.FEN())
	if d.pos.Variant().Family == variant.PDN || len(f) != 6 {
		return 0, false
	}
	n, err := strconv.Atoi(f[5])
	if err != nil {
		return 0, false
	}
	return n, d.pos.Turn() == variant.White
}

func (d *driver[M]) clear()         { d.s.Clear() }
func (d *driver[M]) setHash(mb int) { d.s.SetHash(mb) }
func (d *driver[M]) fen() string    { return d.pos.FEN() }

func (d *driver[M]) setThreads(n int) int {
	c, ok := d.g.(cloner[M])
	if !ok {
		d.s.SetThreads(1, nil)
		return 1
	}
	d.s.SetThreads(n, c.clone)
	return d.s.Threads()
}

// parse reads one action of the current position in any notation the
// position reads, and returns it in the engine's.
func (d *driver[M]) parse(t string) (string, error) {
	a, err := d.pos.Parse(t)
	if err != nil {
		return "", err
	}
	m, ok := d.g.native(a)
	if !ok || !d.isLegal(m) {
		return "", variant.ErrIllegal
	}
	return d.g.text(m), nil
}

// divide is the registry's perft split by root action, each action in
// the engine's text: what "go perft" prints.
func (d *driver[M]) divide(ctx context.Context, depth, threads int) ([]variant.Division, error) {
	div, err := variant.Divide(ctx, d.pos, depth, threads)
	// The registry's text of each engine move, found once: Amazons has
	// thousands of root moves.
	d.buf = d.g.Moves(d.buf[:0])
	texts := make(map[string]string, len(d.buf))
	for _, m := range d.buf {
		t := d.g.text(m)
		if a, perr := d.pos.Parse(t); perr == nil {
			texts[a.String()] = t
		}
	}
	for i := range div {
		if t, ok := texts[div[i].Action]; ok {
			div[i].Action = t
		}
	}
	return div, err
}

func (d *driver[M]) legal() []string {
	d.buf = d.g.Moves(d.buf[:0])
	out := make([]string, len(d.buf))
	for i, m := range d.buf {
		out[i] = d.g.text(m)
	}
	return out
}

// Engine is the front door to the search: it holds a game of the
// registry, a position with the actions that led to it (for repetition),
// and the transposition table, which persists from one search to the next
// until NewGame. An Engine runs one search at a time.
type Engine struct {
	variant *variant.Variant
	r       runner
	hashMB  int
	threads int
}

// New returns an engine for a game of the registry, in its start
// position. Games with a bitboard package (chess and Chess960, shatranj,
// Ban-Chess, English draughts) are searched by fast adapters over that
// package, found by the capability their positions offer; games defined
// as data for package rules by an adapter over the fast generic generator
// of package fairy when it handles all of their rules; any other game by
// a generic adapter over variant.Position, slower but complete.
func New(v *variant.Variant, opts Options) (*Engine, error) {
	if v == nil {
		return nil, fmt.Errorf("engine: %w: nil", variant.ErrUnknownVariant)
	}
	hash := opts.HashMB
	if hash <= 0 {
		hash = DefaultHashMB
	}
	e := &Engine{variant: v, hashMB: hash}
	start := v.Start()
	switch start.(type) {
	case interface{ Chess() (chess.Position, bool) }:
		e.r = newDriver[chess.Move](&chessGame{}, hash)
	case interface{ Shatranj() shatranj.Position }:
		e.r = newDriver[shatranj.Move](&shatranjGame{}, hash)
	case interface{ BanChess() banchess.Position }:
		e.r = newDriver[banAction](&banGame{}, hash)
	case interface{ Draughts() draughts.Position }:
		e.r = newDriver[draughts.Move](newDraughtsGame(), hash)
	case interface{ Rules() *rules.Position }:
		if g, err := newFairyGame(v, start); err == nil {
			e.r = newDriver[fairy.Move](g, hash)
		} else {
			e.r = newDriver[variant.Action](newGenericGame(), hash)
		}
	default:
		e.r = newDriver[variant.Action](newGenericGame(), hash)
	}
	if err := e.r.setPosition(start, nil, nil); err != nil {
		return nil, err
	}
	e.SetThreads(opts.Threads)
	return e, nil
}

// Variant returns the engine's game.
func (e *Engine) Variant() *variant.Variant { return e.variant }

// SetPosition sets the position: start, a position of the engine's game,
// followed by actions, legal actions played from it in turn (kept for
// repetition). On an error the engine is left at its game's start. This is how a program that holds the game hands it over:
// nothing is parsed.
func (e *Engine) SetPosition(start variant.Position, actions []variant.Action) error {
	if start.Variant() != e.variant {
		return fmt.Errorf("engine: a %s position for a %s engine", start.Variant(), e.variant)
	}
	return e.set(start, actions, nil)
}

// SetPositionText sets the position from text, as UCI gives it: a FEN of
// the engine's game ("" or "startpos" for its start) followed by moves in
// the engine's notation: UCI for the chess family (castling as e1g1 or
// king-takes-rook e1h1; shatranj promotions with or without the letter),
// PDN for draughts ("9-14", "22x15x8" or "22x8"), and for Ban-Chess the
// actions in order, bans and moves alternating from Black's first ban,
// each as a plain from-to pair ("e2e4", read as a ban in a ban ply and as
// a move in a move ply) or as "b:e2e4", "m:e2e4" or SAN. The FEN is read
// as the game reads it (variant.Variant.FromFEN). A FEN that does not
// read leaves the engine at its game's start, with an error; a move that
// is not legal where it comes leaves it after the moves before it, with an
// error wrapping an *IllegalMoveError.
func (e *Engine) SetPositionText(fen string, moves []string) error {
	start, err := e.variant.FromFEN(fen)
	if err != nil {
		e.set(e.variant.Start(), nil, nil)
		return fmt.Errorf("engine: %s: position: %w", e.variant, err)
	}
	if err := e.r.setPosition(start, nil, moves); err != nil {
		var bad *IllegalMoveError
		if errors.As(err, &bad) {
			// the prefix stands: replay it, as setPosition stopped midway
			e.r.setPosition(start, nil, moves[:bad.Index])
		} else {
			e.r.setPosition(e.variant.Start(), nil, nil)
		}
		return fmt.Errorf("engine: %s: %w", e.variant, err)
	}
	return nil
}

// ParseMove reads an action of the current position (in the engine's
// notation or any other the game reads, such as SAN) and returns it in the
// engine's notation; an action that is not legal is an error.
func (e *Engine) ParseMove(t string) (string, error) {
	m, err := e.r.parse(t)
	if err != nil {
		return "", fmt.Errorf("engine: %s: %q: %w", e.variant, t, err)
	}
	return m, nil
}

func (e *Engine) set(start variant.Position, actions []variant.Action, moves []string) error {
	if err := e.r.setPosition(start, actions, moves); err != nil {
		e.r.setPosition(e.variant.Start(), nil, nil) // leave a valid position behind
		return fmt.Errorf("engine: %s: %w", e.variant, err)
	}
	return nil
}

// FEN returns the current position (shatranj with Fairy-Stockfish's
// letters, Ban-Chess as extended FEN, draughts as PDN FEN).
func (e *Engine) FEN() string { return e.r.fen() }

// LegalMoves lists the legal actions of the current position in the
// engine's notation.
func (e *Engine) LegalMoves() []string { return e.r.legal() }

// Divide counts the leaves of the legal-action tree of depth plies (at
// least 1) below the current position, split by root action, each written
// in the engine's notation, on up to threads goroutines; it stops early
// when ctx is done, with its error.
func (e *Engine) Divide(ctx context.Context, depth, threads int) ([]variant.Division, error) {
	return e.r.divide(ctx, max(depth, 1), threads)
}

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

// SetThreads sets the number of threads a search runs on, from 1 to
// MaxThreads (0: 1), and returns the number it will use: Lazy SMP, every
// thread searching the root on its own copy of the game and all sharing
// the transposition table, the first reporting and deciding. Games
// searched through the generic adapter (variant.Position) use one thread.
// Searches on more than one thread are not deterministic.
func (e *Engine) SetThreads(n int) int {
	n = min(max(n, 1), MaxThreads)
	e.threads = e.r.setThreads(n)
	return e.threads
}

// Threads returns the number of threads a search runs on.
func (e *Engine) Threads() int { return e.threads }

// Search searches the current position within limits, calling info (if
// not nil) after each completed iteration, and returns the best move found.
// It stops when a limit is reached or ctx is done (the best move of the
// last completed iteration is returned then, with a nil error). A position
// without legal moves gives an empty BestMove.
func (e *Engine) Search(ctx context.Context, limits Limits, info func(Info)) (Result, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	r := e.r.search(ctx, limits, info)
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
// ("1. e4 e5 2. Nf3", "12... Qxd5"); lines of games without move numbers
// (draughts, Ban-Chess) are joined as they are.
func (e *Engine) FormatLine(line []string) string {
	num, first := e.r.moveNumber()
	if num == 0 {
		return strings.Join(line, " ")
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

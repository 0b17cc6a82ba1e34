package engine

// Game is what the search needs of a variant: a mutable position with its
// own undo stack, generating, making and unmaking actions (moves, or bans in
// Ban-Chess) without allocating. The variant adapters of this package
// implement it for chess, shatranj, English draughts and Ban-Chess; a new
// variant plugs into Search by implementing it too.
//
// Scores and results are always from the point of view of the actor: the
// side choosing the next action. In most games the actor alternates every
// ply; in Ban-Chess a player moves and then bans, so the same actor may act
// twice in a row, and the search compares Actor before and after a move
// instead of assuming alternation.
type Game[M comparable] interface {
	// Actor returns who chooses the next action, 0 or 1.
	Actor() int
	// Moves appends every legal action to dst and returns it.
	Moves(dst []M) []M
	// HasMoves reports whether the actor has a legal action. Quiescence
	// asks it at every node before standing pat, so that no end of the
	// game (checkmate, stalemate, a decided bare king, a Ban-Chess mover
	// whose last move is banned, a blocked draughts side) is ever scored
	// as an evaluation; implementations keep what they generated for it,
	// so that Tactical or Moves at the same state do not generate again.
	HasMoves() bool
	// Tactical appends the actions quiescence search looks at: captures
	// and promotions; with evasions, every action in check; every action
	// when a capture is forced (draughts) or when only one action is not
	// lost at once (a bared shatranj Shah); in a Ban-Chess ban ply the bans
	// of the mover's captures and one ban of a quiet move (with evasions
	// and the mover in check, every ban). The search allows evasions in the
	// first plies of quiescence only, which bounds it.
	Tactical(dst []M, evasions bool) []M
	// StandPat reports whether quiescence search may stop here on the
	// static evaluation: not in check (with evasions), not when a capture
	// is forced, not for a bared Shah, not at a Ban-Chess ban ply. Where it
	// is false and HasMoves true, Tactical returns at least one action.
	StandPat(evasions bool) bool
	// InCheck reports whether the side to move is in check (always false
	// in draughts).
	InCheck() bool
	// Make plays a legal action; Unmake takes the last one back.
	Make(m M)
	Unmake()
	// Key is a hash of the state for the transposition table and for
	// repetition: placement, side to move and, where the rules have them,
	// castling, en passant, phase and ban.
	Key() uint64
	// Evaluate is a static evaluation for the actor, in centipawns
	// (hundredths of a man or a Baidaq), well inside ±MateScore/2.
	Evaluate() int
	// NoMoves is the result for the actor when Moves gives nothing: -1 a
	// loss, 0 a draw, +1 a win.
	NoMoves() int
	// Ended reports a game decided while actions are still available: a
	// draw by insufficient material, or a result an endgame table knows
	// (shatranj), reached with best play in plies plies (0 for a draw or a
	// game already over); the result for the actor as in NoMoves.
	Ended() (result, plies int, ok bool)
	// Clock counts the plies since the last irreversible action (capture,
	// pawn move…): no earlier state can repeat, and the move-count rule
	// draws when Clock reaches ClockLimit (0: no such rule).
	Clock() int
	ClockLimit() int
	// Order is the ordering value of a tactical action (most valuable
	// victim, least valuable attacker: higher first) and 0 for a quiet one.
	Order(m M) int
	// HistoryIndex maps an action to 0 ≤ i < HistorySize, for the history
	// heuristic (usually from-square and to-square).
	HistoryIndex(m M) int
}

// HistorySize bounds Game.HistoryIndex.
const HistorySize = 1 << 13

// nullMover is a Game where the search may pass (null-move pruning): the
// actor gives the move to the opponent. MakeNull passes and reports true,
// or does nothing and reports false where passing is not allowed (in
// check); UnmakeNull takes a pass back. NullSafe reports whether the actor
// has material enough that zugzwang, where passing would be best, is rare:
// the search neither passes nor prunes on the static evaluation without it.
// Games without zugzwang safety (draughts, Ban-Chess) do not implement it
// and are searched without forward pruning.
type nullMover interface {
	MakeNull() bool
	UnmakeNull()
	NullSafe() bool
}

// exchanger is a Game with a static exchange evaluation: Exchange is the
// material an action wins (negative: loses) by it. The search tries losing
// tactical actions after the quiet ones, and prunes late actions that lose
// much near the leaves.
type exchanger[M comparable] interface {
	Exchange(m M) int
}

// continuer is a Game whose actions the search tells apart by the man
// moved and its destination: PieceTo maps an action of the current state
// to 0 ≤ i < PieceToSize, for the continuation history (how good a quiet
// action has been after the action before it).
type continuer[M comparable] interface {
	PieceTo(m M) int
}

// structurer is a Game whose evaluation errs alike in positions of the
// same structure: StructureKey hashes it (a well-mixed 64 bits) for the
// correction history.
type structurer interface {
	StructureKey() uint64
}

// paced is a Game whose games run longer than chess's: MovesHorizon is
// the number of moves the search shares the clock over, in place of
// movesHorizon.
type paced interface {
	MovesHorizon() int
}

// PieceToSize bounds continuer.PieceTo: sixteen men codes, 64 squares.
const PieceToSize = 1 << 10

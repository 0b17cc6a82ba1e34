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
	// Tactical appends the actions quiescence search looks at: captures
	// and promotions; with evasions, every action in check; every action
	// when a capture is forced (draughts); in a Ban-Chess ban ply the bans
	// of the mover's captures and one ban of a quiet move (with evasions
	// and the mover in check, every ban). The search allows evasions in the
	// first plies of quiescence only, which bounds it.
	Tactical(dst []M, evasions bool) []M
	// StandPat reports whether quiescence search may stop here on the
	// static evaluation: not in check (with evasions), not when a capture
	// is forced, not at a Ban-Chess ban ply.
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
	// Ended reports a game end with actions still available (insufficient
	// material): the result for the actor as in NoMoves.
	Ended() (result int, ok bool)
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

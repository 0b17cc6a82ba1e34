package engine

import (
	"fmt"
	"sync/atomic"
	"time"
)

// Limits say how long a search may run. The zero value searches to
// MaxDepth (stopped only by the context). Depth, Nodes and Mate make a
// search deterministic: the same position, history and limits give the
// same result on a fresh Engine (or after NewGame).
//
// The clocks apply when any of WTime, BTime, WInc and BInc is set; the
// actor's own clock counts. When the actor's clock and increment are both
// 0 but the opponent's are not (a caller that sent one clock only), the
// actor is given the opponent's time rather than no limit at all.
type Limits struct {
	Depth int    // iterations to complete (plies), 0: no limit
	Nodes uint64 // stop after this many nodes, 0: no limit
	// Mate looks for a forced win in at most Mate moves of the actor (UCI
	// "go mate"): it limits the depth to the plies such a win takes in the
	// variant (two a move, four in Ban-Chess, where each move is followed
	// by a ban) and two more, as late move reductions may cost the winner
	// a ply or two. 0: no limit.
	Mate      int
	MoveTime  time.Duration // think exactly this long, 0: not set
	WTime     time.Duration // time left on White's clock (UCI wtime; draughts too)
	BTime     time.Duration // time left on Black's clock
	WInc      time.Duration // increments per move
	BInc      time.Duration
	MovesToGo int  // moves to the next time control, 0: sudden death
	Infinite  bool // search until the context is cancelled
	// Ponder searches without a time limit until the ponder hit, then
	// applies the clock limits from that moment.
	Ponder bool
	// PonderHit holds the UnixNano time of the ponder hit, 0 before it:
	// the caller stores it from another goroutine, during the search or
	// before it starts. Each search needs its own, so that a hit that comes
	// after a search has ended cannot reach the next one. nil: no hit.
	PonderHit *atomic.Int64
	// MultiPV is the number of best lines searched and reported at each
	// depth (UCI MultiPV), each with Info.MultiPV; 0 or 1: one line.
	MultiPV int
	// SearchMoves restricts the root to these actions, in the engine's
	// notation (UCI "go searchmoves"); those that are not legal are left
	// out (Engine.ParseMove checks them), and when none is, every action
	// is searched. nil: every action.
	SearchMoves []string
	// MoveOverhead is the time lost per move outside the search (GUI,
	// network): kept in reserve on every move a clock must last for and
	// taken off MoveTime (UCI "Move Overhead"). 0: none.
	MoveOverhead time.Duration
}

// Score is a search score for the side to act: centipawns (hundredths of a
// pawn, man or Baidaq) or, when Mate is not 0, a forced win (Mate > 0) or
// loss (Mate < 0) in |Mate| moves. A "mate" is any forced game end the rules
// give as a win: checkmate, and in shatranj also stalemate and bare king,
// in draughts a side without moves. Moves count the actor's own actions,
// (plies+1)/2, as UCI does.
type Score struct {
	CP   int
	Mate int
}

// String returns "cp 25" or "mate -3", the UCI form.
func (s Score) String() string {
	if s.Mate != 0 {
		return fmt.Sprintf("mate %d", s.Mate)
	}
	return fmt.Sprintf("cp %d", s.CP)
}

// Info is what the search reports after each completed iteration.
type Info struct {
	Depth    int
	SelDepth int
	Score    Score
	Nodes    uint64
	NPS      uint64
	Time     time.Duration
	HashFull int      // per mille of the transposition table in use
	PV       []string // the principal variation, in the engine's notation
	// MultiPV is the rank of this line among the best (1 the best) when
	// Limits.MultiPV asks for more than one.
	MultiPV int
}

// Result is the outcome of a search.
type Result struct {
	BestMove string // "" when the game is already over
	Ponder   string // the expected reply, "" if unknown
	Score    Score
	Depth    int // the last completed iteration
	SelDepth int
	Nodes    uint64
	Time     time.Duration
	PV       []string
}

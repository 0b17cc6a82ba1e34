// Package store keeps the games of the game server (package server): each
// game's header and its append-only event log. Every accepted change of a
// game is one Event, numbered from 1 without gaps; a game's state is the
// replay of its events, so a server restarted after a crash rebuilds every
// live game from here. It also keeps the accounts and their personal
// API tokens, by hash (accounts.go). Two implementations share one
// contract: SQLite (embedded, pure Go) and PostgreSQL.
package store

import (
	"context"
	"errors"
	"time"
)

// Errors callers branch on; implementations wrap them with %w.
var (
	// ErrNotFound: no game (or seat) with that id.
	ErrNotFound = errors.New("not found")
	// ErrExists: CreateGame with an id already stored.
	ErrExists = errors.New("already exists")
	// ErrConflict: Append with a sequence number that is not last+1, or
	// to a finished game; TakeSeat on a seat already taken.
	ErrConflict = errors.New("conflict")
)

// Colors index Game.Seats and Event.Clocks.
const (
	White = 0
	Black = 1
)

// Game is a stored game's header: what is played and who may play it.
type Game struct {
	ID       string
	Variant  string // registry name (variant.Variant.Name)
	StartFEN string // the start position, always set
	Clock    *Clock // nil: untimed
	Seats    [2]Seat
	Created  time.Time
	// Status is "created" until the first action, "started" while live,
	// then the final status name (lichess names: "mate", "resign", …).
	Status   string
	Winner   string    // "white", "black" or "" (draw, or not finished)
	Finished time.Time // zero while live
}

// Live reports whether the game is not finished.
func (g Game) Live() bool { return g.Finished.IsZero() }

// Seat is one side's player. An empty TokenHash is an open seat (a seek
// waiting for an opponent).
type Seat struct {
	TokenHash []byte // SHA-256 of the seat's secret token; never the token
	Name      string // display name, may be empty
	Address   string // the creator's or joiner's network address (limits)
}

// Clock is a Fischer time control.
type Clock struct {
	Limit     time.Duration
	Increment time.Duration
}

// Event is one accepted change of a game.
type Event struct {
	Seq  int    // 1, 2, 3, … per game
	Kind string // "action", "draw-offer", "draw-decline", "draw", "resign", "abort", "claim", "flag", "join", …
	// Color is who caused it: White, Black, or -1 for the server.
	Color int
	Text  string // the action ("e2e4", "b:e2e4", "11-15"), or the kind's detail
	// Clocks are both sides' remaining times after the event (timed
	// games; zero otherwise).
	Clocks [2]time.Duration
	At     time.Time
}

// End is the final status written with a game's last event.
type End struct {
	Status string // lichess status name, e.g. "mate", "outoftime"
	Winner string // "white", "black" or ""
}

// Filter selects games for List.
type Filter struct {
	Player string // a seat's Name; "" for any
	Live   *bool  // nil: both
	Open   bool   // only games with an open seat (the lobby: with Live)
	Limit  int    // at most this many, newest first; 0 means 100
}

// Store is the durable home of games. Every method is safe for
// concurrent use. A method returns only after its change is committed.
// A change whose context ends before it reaches the database is not made
// (the context's error is returned); once it is being committed, the
// method waits for the outcome, so an error never hides a committed
// change.
type Store interface {
	// CreateGame stores a new game with no events.
	CreateGame(ctx context.Context, g Game) error
	// Append adds e to game id's log if e.Seq is one past the last event
	// (ErrConflict otherwise, or if the game is finished; ErrNotFound for
	// an unknown game). With end non-nil the game is marked finished in
	// the same transaction (Status, Winner, Finished = e.At, or now if
	// e.At is zero). Without end, an event of Kind "action" moves a game
	// whose Status is "created" to "started".
	Append(ctx context.Context, id string, e Event, end *End) error
	// Load returns the header and every event of game id, in order.
	Load(ctx context.Context, id string) (Game, []Event, error)
	// TakeSeat fills an open seat (ErrConflict if it is taken or the
	// game is finished). s.TokenHash must not be empty.
	TakeSeat(ctx context.Context, id string, color int, s Seat) error
	// List returns game headers matching f, newest first (by Created).
	List(ctx context.Context, f Filter) ([]Game, error)
	// LiveIDs returns the ids of every unfinished game (restart), oldest
	// first.
	LiveIDs(ctx context.Context) ([]string, error)

	// Accounts and tokens (accounts.go).

	// CreateAccount stores a new account (ErrExists if its id is
	// taken). a.ID is set from a.Username, which must pass
	// CheckUsername; a zero Created is set to now.
	CreateAccount(ctx context.Context, a Account) error
	// Account returns account id (a username in any case works).
	Account(ctx context.Context, id string) (Account, error)
	// SetBot makes account id a bot (ErrConflict if it already is).
	SetBot(ctx context.Context, id string) error
	// CreateToken stores a new token of an existing account
	// (ErrNotFound otherwise, ErrExists for a hash already stored).
	CreateToken(ctx context.Context, t Token) error
	// TokenAccount returns the valid token of hash and its account:
	// ErrNotFound for a hash unknown, revoked or expired.
	TokenAccount(ctx context.Context, hash []byte) (Token, Account, error)
	// RevokeToken revokes the token of hash for good (ErrNotFound if
	// it is unknown or already revoked).
	RevokeToken(ctx context.Context, hash []byte) error

	// Close releases the store; methods called after it return
	// ErrClosed.
	Close() error
}

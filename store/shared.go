package store

import (
	"context"
	"errors"
	"time"
)

// ErrLeaseLost is returned by Shared.AppendOwned when the appending
// server does not hold the game's lease (any more): another server owns
// the game now, and the event was not stored.
var ErrLeaseLost = errors.New("lease not held")

// Shared is implemented by a store that several servers share (PostgreSQL):
// it adds leases, which make one server at a time the owner of a live
// game, the one that validates and commits its events. A lease expires
// by the database's clock unless its owner renews it, so a server that
// dies loses its games to the others within one lease time.
type Shared interface {
	Store
	// CreateOwned is CreateGame with owner taking the new game's lease
	// for ttl in the same transaction: no other server sees the game
	// without an owner.
	CreateOwned(ctx context.Context, g Game, owner string, ttl time.Duration) error
	// AcquireLease makes owner the holder of game id's lease for ttl if
	// the lease is free, expired or owner's already, and reports whether
	// it did. A finished game's lease is never granted.
	AcquireLease(ctx context.Context, id, owner string, ttl time.Duration) (bool, error)
	// RenewLeases extends every unexpired lease of owner to ttl from now
	// and returns the ids of the games it still holds.
	RenewLeases(ctx context.Context, owner string, ttl time.Duration) ([]string, error)
	// ReleaseLease gives up owner's lease of game id (nothing if owner
	// does not hold it).
	ReleaseLease(ctx context.Context, id, owner string) error
	// Orphans returns up to n live games without an unexpired lease,
	// oldest first: the games a server should take over.
	Orphans(ctx context.Context, n int) ([]string, error)
	// Finished returns those of ids whose games are finished, in any
	// order: a replica whose owner died right after committing a game's
	// final event learns of the end from it, as no other server will
	// own the game and publish anything again.
	Finished(ctx context.Context, ids []string) ([]string, error)
	// AppendOwned is Append done only while owner holds game id's
	// unexpired lease; ErrLeaseLost otherwise. The lease is locked until
	// the event is committed, so a server taking the game over next
	// loads it with the event.
	AppendOwned(ctx context.Context, owner, id string, e Event, end *End) error
	// SeatOfToken returns the live game and seat whose token hash is
	// hash (ErrNotFound if none).
	SeatOfToken(ctx context.Context, hash []byte) (id string, color int, err error)
}

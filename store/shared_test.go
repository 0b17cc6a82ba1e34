package store_test

import (
	"bytes"
	"context"
	"slices"
	"testing"
	"time"

	"github.com/baten-chess/baten/store"
)

// testLeases checks store.Shared's leases on a fresh database of db: who
// may acquire, renew and append, and what expiry and finishing change.
func testLeases(t *testing.T, db database) {
	ctx := context.Background()
	s, ok := db.mustOpen(t).(store.Shared)
	if !ok {
		t.Fatal("the store is not a store.Shared")
	}
	defer s.Close()
	mustCreate(t, s, newGame("g1", 1))
	mustCreate(t, s, newGame("g2", 2))
	acquire := func(id, owner string, ttl time.Duration, want bool) {
		t.Helper()
		got, err := s.AcquireLease(ctx, id, owner, ttl)
		if err != nil || got != want {
			t.Fatalf("AcquireLease(%s, %s) = %v, %v; want %v", id, owner, got, err, want)
		}
	}
	orphans := func(want ...string) {
		t.Helper()
		got, err := s.Orphans(ctx, 10)
		if err != nil || !slices.Equal(got, want) {
			t.Fatalf("Orphans = %v, %v; want %v", got, err, want)
		}
	}

	orphans("g1", "g2")
	acquire("g1", "A", time.Minute, true)
	acquire("g1", "B", time.Minute, false) // A holds it
	acquire("g1", "A", time.Minute, true)  // the holder may take it again
	orphans("g2")
	if err := s.AppendOwned(ctx, "A", "g1", ev(1, "e2e4"), nil); err != nil {
		t.Fatal(err)
	}
	isErr(t, "AppendOwned by a server without the lease", s.AppendOwned(ctx, "B", "g1", ev(2, "e7e5"), nil), store.ErrLeaseLost)
	isErr(t, "AppendOwned without any lease", s.AppendOwned(ctx, "A", "g2", ev(1, "e2e4"), nil), store.ErrLeaseLost)
	isErr(t, "AppendOwned out of sequence", s.AppendOwned(ctx, "A", "g1", ev(3, "e7e5"), nil), store.ErrConflict)

	// A lease that expires is lost: its holder can no longer append, and
	// another server may take the game over and carry on.
	acquire("g2", "A", 150*time.Millisecond, true)
	time.Sleep(300 * time.Millisecond)
	isErr(t, "AppendOwned on an expired lease", s.AppendOwned(ctx, "A", "g2", ev(1, "e2e4"), nil), store.ErrLeaseLost)
	orphans("g2")
	acquire("g2", "B", time.Minute, true)
	if err := s.AppendOwned(ctx, "B", "g2", ev(1, "d2d4"), nil); err != nil {
		t.Fatal(err)
	}
	if got, err := s.RenewLeases(ctx, "A", time.Minute); err != nil || !slices.Equal(got, []string{"g1"}) {
		t.Errorf("RenewLeases(A) = %v, %v; want [g1]", got, err)
	}
	if got, err := s.RenewLeases(ctx, "B", time.Minute); err != nil || !slices.Equal(got, []string{"g2"}) {
		t.Errorf("RenewLeases(B) = %v, %v; want [g2]", got, err)
	}

	// Released, a lease is free at once.
	if err := s.ReleaseLease(ctx, "g2", "A"); err != nil { // not A's: nothing happens
		t.Fatal(err)
	}
	orphans()
	if err := s.ReleaseLease(ctx, "g2", "B"); err != nil {
		t.Fatal(err)
	}
	orphans("g2")
	acquire("g2", "A", time.Minute, true)

	// A game created owned has its lease from the start.
	if err := s.CreateOwned(ctx, newGame("g3", 3), "C", time.Minute); err != nil {
		t.Fatal(err)
	}
	acquire("g3", "A", time.Minute, false)
	isErr(t, "CreateOwned of an existing id", s.CreateOwned(ctx, newGame("g3", 3), "C", time.Minute), store.ErrExists)
	if err := s.AppendOwned(ctx, "C", "g3", ev(1, "e2e4"), nil); err != nil {
		t.Fatal(err)
	}

	// Token hashes find live seats only.
	if id, color, err := s.SeatOfToken(ctx, bytes.Repeat([]byte{2}, 32)); err != nil || color != store.Black || (id != "g1" && id != "g2") {
		t.Errorf("SeatOfToken(black's) = %s, %d, %v", id, color, err)
	}
	_, _, err := s.SeatOfToken(ctx, bytes.Repeat([]byte{9}, 32))
	isErr(t, "SeatOfToken of an unknown token", err, store.ErrNotFound)

	// A finished game has no lease to take.
	if err := s.AppendOwned(ctx, "A", "g1", ev(2, "e7e5"), &store.End{Status: "resign", Winner: "white"}); err != nil {
		t.Fatal(err)
	}
	if err := s.ReleaseLease(ctx, "g1", "A"); err != nil {
		t.Fatal(err)
	}
	acquire("g1", "B", time.Minute, false)
	acquire("missing", "B", time.Minute, false)
	orphans()
	for _, c := range []struct {
		ids, want []string
	}{
		{nil, nil},
		{[]string{"g2", "g3", "missing"}, nil},
		{[]string{"g2", "g1", "missing"}, []string{"g1"}},
	} {
		if got, err := s.Finished(ctx, c.ids); err != nil || !slices.Equal(got, c.want) {
			t.Errorf("Finished(%v) = %v, %v; want %v", c.ids, got, err, c.want)
		}
	}
	if _, err := s.AcquireLease(ctx, "g1", "", time.Minute); err == nil {
		t.Error("AcquireLease without an owner: no error")
	}
}

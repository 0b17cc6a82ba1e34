package store_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/baten-chess/baten/store"
)

func Example() {
	dir, err := os.MkdirTemp("", "baten-example-")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	ctx := context.Background()

	s, err := store.Open(ctx, filepath.Join(dir, "baten.db")) // or a postgres:// URL
	if err != nil {
		panic(err)
	}
	defer s.Close()

	g := store.Game{ID: "Ab3dE9xZ", Variant: "chess",
		StartFEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		Clock:    &store.Clock{Limit: 5 * time.Minute, Increment: 3 * time.Second}}
	g.Seats[store.White] = store.Seat{TokenHash: []byte("sha-256 of white's token"), Name: "alice"}
	if err := s.CreateGame(ctx, g); err != nil {
		panic(err)
	}
	// The lobby: games with an open seat.
	open, _ := s.List(ctx, store.Filter{Open: true})
	fmt.Println("open games:", len(open))
	if err := s.TakeSeat(ctx, g.ID, store.Black, store.Seat{TokenHash: []byte("sha-256 of black's token"), Name: "bob"}); err != nil {
		panic(err)
	}

	for seq, action := range []string{"f2f3", "e7e5", "g2g4", "d8h4"} {
		e := store.Event{Seq: seq + 1, Kind: "action", Color: seq % 2, Text: action, At: time.Now()}
		var end *store.End
		if action == "d8h4" {
			end = &store.End{Status: "mate", Winner: "black"}
		}
		if err := s.Append(ctx, g.ID, e, end); err != nil {
			panic(err)
		}
	}
	// Seq must be one past the last event: a second writer of #4 loses.
	err = s.Append(ctx, g.ID, store.Event{Seq: 4, Kind: "resign", Color: store.White}, nil)
	fmt.Println("again #4:", errors.Is(err, store.ErrConflict))

	got, events, err := s.Load(ctx, g.ID)
	if err != nil {
		panic(err)
	}
	fmt.Println(got.Status, got.Winner, got.Live(), len(events), events[3].Text)
	live, _ := s.LiveIDs(ctx)
	fmt.Println("live games:", len(live))
	// Output:
	// open games: 1
	// again #4: true
	// mate black false 4 d8h4
	// live games: 0
}

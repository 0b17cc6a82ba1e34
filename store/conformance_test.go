package store_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/baten-chess/baten/store"
)

// backend makes fresh databases of one implementation for the
// conformance suite.
type backend func(t *testing.T) database

// database is one fresh database of a backend.
type database struct {
	// open opens it (again).
	open func() (store.Store, error)
	// exec runs raw SQL on it while no store has it open.
	exec func(sql string) error
}

// mustOpen opens db or fails t.
func (db database) mustOpen(t *testing.T) store.Store {
	t.Helper()
	s, err := db.open()
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	return s
}

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func newGame(id string, minute int) store.Game {
	return store.Game{
		ID:       id,
		Variant:  "chess",
		StartFEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		Clock:    &store.Clock{Limit: 5 * time.Minute, Increment: 3 * time.Second},
		Seats: [2]store.Seat{
			{TokenHash: bytes.Repeat([]byte{1}, 32), Name: "alice", Address: "127.0.0.1"},
			{TokenHash: bytes.Repeat([]byte{2}, 32), Name: "bob", Address: "127.0.0.2"},
		},
		Created: t0.Add(time.Duration(minute) * time.Minute),
		Status:  "created",
	}
}

func ev(seq int, text string) store.Event {
	return store.Event{Seq: seq, Kind: "action", Color: (seq - 1) % 2, Text: text,
		Clocks: [2]time.Duration{time.Duration(300-seq) * time.Second, time.Duration(299-seq) * time.Second},
		At:     t0.Add(time.Duration(seq) * time.Second)}
}

func mustCreate(t *testing.T, s store.Store, g store.Game) {
	t.Helper()
	if err := s.CreateGame(context.Background(), g); err != nil {
		t.Fatalf("CreateGame %s: %v", g.ID, err)
	}
}

func mustAppend(t *testing.T, s store.Store, id string, e store.Event, end *store.End) {
	t.Helper()
	if err := s.Append(context.Background(), id, e, end); err != nil {
		t.Fatalf("Append %s #%d: %v", id, e.Seq, err)
	}
}

func mustLoad(t *testing.T, s store.Store, id string) (store.Game, []store.Event) {
	t.Helper()
	g, es, err := s.Load(context.Background(), id)
	if err != nil {
		t.Fatalf("Load %s: %v", id, err)
	}
	return g, es
}

func sameGame(t *testing.T, got, want store.Game) {
	t.Helper()
	if got.ID != want.ID || got.Variant != want.Variant || got.StartFEN != want.StartFEN ||
		got.Status != want.Status || got.Winner != want.Winner ||
		!got.Created.Equal(want.Created) || !got.Finished.Equal(want.Finished) {
		t.Errorf("game:\n got %+v\nwant %+v", got, want)
	}
	if (got.Clock == nil) != (want.Clock == nil) || got.Clock != nil && *got.Clock != *want.Clock {
		t.Errorf("clock %v, want %v", got.Clock, want.Clock)
	}
	for c := range 2 {
		g, w := got.Seats[c], want.Seats[c]
		if !bytes.Equal(g.TokenHash, w.TokenHash) || g.Name != w.Name || g.Address != w.Address {
			t.Errorf("seat %d: %+v, want %+v", c, g, w)
		}
	}
}

func sameEvents(t *testing.T, got, want []store.Event) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d events, want %d", len(got), len(want))
	}
	for i := range got {
		g, w := got[i], want[i]
		if g.Seq != w.Seq || g.Kind != w.Kind || g.Color != w.Color || g.Text != w.Text ||
			g.Clocks != w.Clocks || !g.At.Equal(w.At) {
			t.Errorf("event %d:\n got %+v\nwant %+v", i, g, w)
		}
	}
}

func isErr(t *testing.T, what string, err, want error) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Errorf("%s: error %v, want %v", what, err, want)
	}
}

func ids(gs []store.Game) []string {
	var s []string
	for _, g := range gs {
		s = append(s, g.ID)
	}
	return s
}

func yes(b bool) *bool { return &b }

// conformance is every backend's contract.
var conformance = []struct {
	name string
	run  func(t *testing.T, db database)
}{
	{"CreateLoad", func(t *testing.T, db database) {
		s := db.mustOpen(t)
		defer s.Close()
		g := newGame("g1", 0)
		mustCreate(t, s, g)
		got, es := mustLoad(t, s, "g1")
		sameGame(t, got, g)
		if len(es) != 0 {
			t.Errorf("new game has %d events", len(es))
		}
		// Untimed, open seat, defaults.
		u := store.Game{ID: "g2", Variant: "shatranj", StartFEN: "x"}
		u.Seats[store.White].Name = "carol"
		mustCreate(t, s, u)
		got, _ = mustLoad(t, s, "g2")
		if got.Clock != nil || got.Status != "created" || got.Created.IsZero() || !got.Live() ||
			got.Seats[store.Black].TokenHash != nil || got.Seats[store.White].Name != "carol" {
			t.Errorf("defaults: %+v", got)
		}
		isErr(t, "CreateGame twice", s.CreateGame(context.Background(), g), store.ErrExists)
		_, _, err := s.Load(context.Background(), "nope")
		isErr(t, "Load unknown", err, store.ErrNotFound)
		if err := s.CreateGame(context.Background(), store.Game{Variant: "chess"}); err == nil {
			t.Error("CreateGame without id: no error")
		}
	}},
	{"AppendOrder", func(t *testing.T, db database) {
		s := db.mustOpen(t)
		defer s.Close()
		mustCreate(t, s, newGame("g", 0))
		join := store.Event{Seq: 1, Kind: "join", Color: -1, Text: "bob", At: t0}
		mustAppend(t, s, "g", join, nil)
		if g, _ := mustLoad(t, s, "g"); g.Status != "created" {
			t.Errorf("after join: status %q, want created", g.Status)
		}
		want := []store.Event{join}
		for i, m := range []string{"e2e4", "e7e5", "g1f3", "b8c6"} {
			e := ev(i+2, m)
			mustAppend(t, s, "g", e, nil)
			want = append(want, e)
		}
		g, es := mustLoad(t, s, "g")
		sameEvents(t, es, want)
		if g.Status != "started" || !g.Live() {
			t.Errorf("after actions: status %q live %v, want started", g.Status, g.Live())
		}
		err := s.Append(context.Background(), "nope", ev(1, "e2e4"), nil)
		isErr(t, "Append to unknown game", err, store.ErrNotFound)
	}},
	{"AppendConflict", func(t *testing.T, db database) {
		s := db.mustOpen(t)
		defer s.Close()
		mustCreate(t, s, newGame("g", 0))
		ctx := context.Background()
		isErr(t, "first seq 2", s.Append(ctx, "g", ev(2, "e2e4"), nil), store.ErrConflict)
		isErr(t, "seq 0", s.Append(ctx, "g", ev(0, "e2e4"), nil), store.ErrConflict)
		mustAppend(t, s, "g", ev(1, "e2e4"), nil)
		mustAppend(t, s, "g", ev(2, "e7e5"), nil)
		isErr(t, "duplicate seq", s.Append(ctx, "g", ev(2, "d7d5"), nil), store.ErrConflict)
		isErr(t, "old seq", s.Append(ctx, "g", ev(1, "d2d4"), nil), store.ErrConflict)
		isErr(t, "gap", s.Append(ctx, "g", ev(4, "g1f3"), nil), store.ErrConflict)
		_, es := mustLoad(t, s, "g")
		sameEvents(t, es, []store.Event{ev(1, "e2e4"), ev(2, "e7e5")})
	}},
	{"End", func(t *testing.T, db database) {
		s := db.mustOpen(t)
		defer s.Close()
		ctx := context.Background()
		mustCreate(t, s, newGame("g", 0))
		mustAppend(t, s, "g", ev(1, "f2f3"), nil)
		last := store.Event{Seq: 2, Kind: "resign", Color: store.White, At: t0.Add(time.Hour)}
		mustAppend(t, s, "g", last, &store.End{Status: "resign", Winner: "black"})
		g, es := mustLoad(t, s, "g")
		if g.Live() || g.Status != "resign" || g.Winner != "black" || !g.Finished.Equal(last.At) {
			t.Errorf("finished game: %+v", g)
		}
		sameEvents(t, es, []store.Event{ev(1, "f2f3"), last})
		isErr(t, "Append after end", s.Append(ctx, "g", ev(3, "e7e5"), nil), store.ErrConflict)
		isErr(t, "Append after end with end", s.Append(ctx, "g", ev(3, "e7e5"), &store.End{Status: "draw"}), store.ErrConflict)
		live, err := s.LiveIDs(ctx)
		if err != nil || len(live) != 0 {
			t.Errorf("LiveIDs = %v, %v; want none", live, err)
		}
		// A draw, ended by the first event, without At.
		mustCreate(t, s, newGame("h", 1))
		mustAppend(t, s, "h", store.Event{Seq: 1, Kind: "abort", Color: -1}, &store.End{Status: "aborted"})
		h, _ := mustLoad(t, s, "h")
		if h.Live() || h.Status != "aborted" || h.Winner != "" {
			t.Errorf("aborted game: %+v", h)
		}
	}},
	{"TakeSeat", func(t *testing.T, db database) {
		s := db.mustOpen(t)
		defer s.Close()
		ctx := context.Background()
		g := newGame("g", 0)
		g.Seats[store.Black] = store.Seat{}
		mustCreate(t, s, g)
		seat := store.Seat{TokenHash: bytes.Repeat([]byte{9}, 32), Name: "dave", Address: "::1"}
		isErr(t, "TakeSeat taken white", s.TakeSeat(ctx, "g", store.White, seat), store.ErrConflict)
		if err := s.TakeSeat(ctx, "g", store.Black, seat); err != nil {
			t.Fatalf("TakeSeat: %v", err)
		}
		got, _ := mustLoad(t, s, "g")
		g.Seats[store.Black] = seat
		sameGame(t, got, g)
		isErr(t, "TakeSeat twice", s.TakeSeat(ctx, "g", store.Black, seat), store.ErrConflict)
		isErr(t, "TakeSeat unknown", s.TakeSeat(ctx, "nope", store.Black, seat), store.ErrNotFound)
		if err := s.TakeSeat(ctx, "g", 2, seat); err == nil {
			t.Error("TakeSeat color 2: no error")
		}
		if err := s.TakeSeat(ctx, "g", store.Black, store.Seat{Name: "x"}); err == nil {
			t.Error("TakeSeat without token: no error")
		}
		// A finished seek's seat cannot be taken.
		f := newGame("f", 1)
		f.Seats[store.White] = store.Seat{}
		mustCreate(t, s, f)
		mustAppend(t, s, "f", store.Event{Seq: 1, Kind: "abort", Color: -1}, &store.End{Status: "aborted"})
		isErr(t, "TakeSeat finished", s.TakeSeat(ctx, "f", store.White, seat), store.ErrConflict)
	}},
	{"List", func(t *testing.T, db database) {
		s := db.mustOpen(t)
		defer s.Close()
		ctx := context.Background()
		// g0 … g5 created a minute apart; g1, g3 finished; g4, g5 open.
		for i := range 6 {
			g := newGame(fmt.Sprintf("g%d", i), i)
			if i%2 == 0 {
				g.Seats[store.White].Name = "erin"
			}
			if i >= 4 {
				g.Seats[store.Black] = store.Seat{}
			}
			mustCreate(t, s, g)
		}
		for _, id := range []string{"g1", "g3"} {
			mustAppend(t, s, id, store.Event{Seq: 1, Kind: "resign", Color: 0}, &store.End{Status: "resign", Winner: "black"})
		}
		cases := []struct {
			f    store.Filter
			want string
		}{
			{store.Filter{}, "[g5 g4 g3 g2 g1 g0]"},
			{store.Filter{Limit: 2}, "[g5 g4]"},
			{store.Filter{Player: "bob"}, "[g3 g2 g1 g0]"},
			{store.Filter{Player: "erin"}, "[g4 g2 g0]"},
			{store.Filter{Player: "alice"}, "[g5 g3 g1]"},
			{store.Filter{Player: "nobody"}, "[]"},
			{store.Filter{Live: yes(true)}, "[g5 g4 g2 g0]"},
			{store.Filter{Live: yes(false)}, "[g3 g1]"},
			{store.Filter{Open: true}, "[g5 g4]"},
			{store.Filter{Open: true, Player: "erin", Live: yes(true)}, "[g4]"},
			{store.Filter{Player: "bob", Live: yes(true), Limit: 1}, "[g2]"},
		}
		for _, c := range cases {
			gs, err := s.List(ctx, c.f)
			if err != nil {
				t.Fatalf("List(%+v): %v", c.f, err)
			}
			if got := fmt.Sprint(ids(gs)); got != c.want {
				t.Errorf("List(%+v) = %s, want %s", c.f, got, c.want)
			}
		}
		gs, _ := s.List(ctx, store.Filter{Player: "alice", Live: yes(false), Limit: 1})
		if len(gs) != 1 || gs[0].Status != "resign" || gs[0].Winner != "black" || gs[0].Live() {
			t.Errorf("List finished header: %+v", gs)
		}
		// The default limit is 100.
		for i := range 101 {
			mustCreate(t, s, newGame(fmt.Sprintf("m%03d", i), 100+i))
		}
		if gs, _ := s.List(ctx, store.Filter{}); len(gs) != 100 || gs[0].ID != "m100" {
			t.Errorf("default limit: %d games, first %v", len(gs), ids(gs[:1]))
		}
	}},
	{"LiveIDs", func(t *testing.T, db database) {
		s := db.mustOpen(t)
		defer s.Close()
		ctx := context.Background()
		if ids, err := s.LiveIDs(ctx); err != nil || len(ids) != 0 {
			t.Fatalf("empty LiveIDs = %v, %v", ids, err)
		}
		for i := range 5 {
			mustCreate(t, s, newGame(fmt.Sprintf("g%d", i), 5-i))
		}
		mustAppend(t, s, "g2", store.Event{Seq: 1, Kind: "abort", Color: -1}, &store.End{Status: "aborted"})
		live, err := s.LiveIDs(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(live); got != "[g4 g3 g1 g0]" {
			t.Errorf("LiveIDs = %s, want [g4 g3 g1 g0] (oldest first)", got)
		}
	}},
	{"Reopen", func(t *testing.T, db database) {
		ctx := context.Background()
		s := db.mustOpen(t)
		g := newGame("g", 0)
		mustCreate(t, s, g)
		mustAppend(t, s, "g", ev(1, "e2e4"), nil)
		if err := s.Close(); err != nil {
			t.Fatalf("Close: %v", err)
		}
		if err := s.Close(); err != nil {
			t.Errorf("second Close: %v", err)
		}
		isErr(t, "Append after Close", s.Append(ctx, "g", ev(2, "e7e5"), nil), store.ErrClosed)
		_, _, err := s.Load(ctx, "g")
		isErr(t, "Load after Close", err, store.ErrClosed)
		_, err = s.List(ctx, store.Filter{})
		isErr(t, "List after Close", err, store.ErrClosed)

		s = db.mustOpen(t) // migrations already applied: a no-op
		s2 := db.mustOpen(t)
		s2.Close()
		got, es := mustLoad(t, s, "g")
		g.Status = "started"
		sameGame(t, got, g)
		sameEvents(t, es, []store.Event{ev(1, "e2e4")})
		mustAppend(t, s, "g", ev(2, "e7e5"), nil)
		s.Close()
	}},
	{"NewerSchema", func(t *testing.T, db database) {
		db.mustOpen(t).Close()
		if err := db.exec("INSERT INTO schema_migrations (version, applied) VALUES (999, DEFAULT)"); err != nil {
			t.Fatal(err)
		}
		s, err := db.open()
		if err == nil {
			s.Close()
			t.Fatal("open with schema version 999: no error")
		}
		if !strings.Contains(err.Error(), "newer") {
			t.Errorf("open with schema version 999: %v, want a 'newer' error", err)
		}
	}},
	{"Concurrent", func(t *testing.T, db database) {
		s := db.mustOpen(t)
		defer s.Close()
		ctx := context.Background()
		const games, moves, racers = 40, 30, 3
		for i := range games {
			mustCreate(t, s, newGame(fmt.Sprintf("c%02d", i), i))
		}
		// racers goroutines per game each try every seq: exactly one
		// wins each, the others get ErrConflict.
		var (
			wg   sync.WaitGroup
			mu   sync.Mutex
			wins = map[string][]int{}
			errs []error
		)
		for i := range games {
			id := fmt.Sprintf("c%02d", i)
			for r := range racers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for seq := 1; seq <= moves; {
						e := ev(seq, fmt.Sprintf("r%d", r))
						err := s.Append(ctx, id, e, nil)
						switch {
						case err == nil:
							mu.Lock()
							wins[id] = append(wins[id], seq)
							mu.Unlock()
							seq++
						case errors.Is(err, store.ErrConflict):
							// Someone else stored seq (or later).
							_, es, err := s.Load(ctx, id)
							if err != nil {
								mu.Lock()
								errs = append(errs, err)
								mu.Unlock()
								return
							}
							seq = len(es) + 1
						default:
							mu.Lock()
							errs = append(errs, err)
							mu.Unlock()
							return
						}
					}
				}()
			}
		}
		wg.Wait()
		for _, err := range errs {
			t.Error(err)
		}
		for i := range games {
			id := fmt.Sprintf("c%02d", i)
			_, es := mustLoad(t, s, id)
			if len(es) != moves {
				t.Errorf("%s: %d events, want %d", id, len(es), moves)
			}
			for j, e := range es {
				if e.Seq != j+1 {
					t.Errorf("%s: event %d has seq %d", id, j, e.Seq)
				}
			}
			if len(wins[id]) != moves {
				t.Errorf("%s: %d acknowledged appends, want %d", id, len(wins[id]), moves)
			}
		}
	}},
}

func runConformance(t *testing.T, b backend) {
	for _, c := range conformance {
		t.Run(c.name, func(t *testing.T) {
			c.run(t, b(t))
		})
	}
}

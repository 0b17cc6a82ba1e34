package server

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/baten-chess/baten/internal/natstest"
	"github.com/baten-chess/baten/internal/pgtest"
	"github.com/baten-chess/baten/store"
	"github.com/baten-chess/baten/variant"
)

// clusterLease is the lease time of the cluster tests: short, so that
// take-overs come quickly.
const clusterLease = time.Second

// pgDatabases numbers the cluster tests' databases.
var pgDatabases atomic.Int64

// startCluster starts n servers sharing one fresh PostgreSQL database and
// one NATS server, each with its own store connection pool and HTTP
// listener, named a, b, c, …
func startCluster(t *testing.T, pgURL string, n int, mod func(*Config)) []*harness {
	t.Helper()
	dbURL := pgtest.CreateDatabase(t, pgURL, fmt.Sprintf("cluster%d", pgDatabases.Add(1)))
	natsURL := natstest.Start(t)
	hs := make([]*harness, n)
	for i := range hs {
		node := string(rune('a' + i))
		hs[i] = newPGHarness(t, dbURL, func(c *Config) {
			c.Cluster = &Cluster{NATSURL: natsURL, Node: node, LeaseTTL: clusterLease}
			if mod != nil {
				mod(c)
			}
		})
	}
	return hs
}

// newPGHarness is newHarness over a PostgreSQL database.
func newPGHarness(t *testing.T, dbURL string, mod func(*Config)) *harness {
	t.Helper()
	return startHarness(t, &harness{t: t, pg: dbURL, http: &http.Client{Timeout: 20 * time.Second}}, testLogger(t), mod)
}

// crash stops a cluster server as a kill would: no lease is released,
// no timer fires again, its NATS connection and listener just vanish.
func (h *harness) crash() {
	h.t.Helper()
	s := h.srv
	s.closing.Store(true)
	close(s.c.stop)
	<-s.c.done
	for _, lg := range s.hub.all() {
		lg.mu.Lock()
		if lg.timer != nil {
			lg.timer.Stop()
		}
		lg.mu.Unlock()
	}
	s.c.nc.Close()
	s.cancelStreams()
	h.hs.CloseClientConnections()
	h.hs.Close()
	_ = h.st.Close()
	h.srv = nil
}

// owner returns the index of the server owning game id, or -1.
func owner(hs []*harness, id string) int {
	for i, h := range hs {
		if h.srv == nil {
			continue
		}
		if _, ok := h.srv.hub.get(id); ok {
			return i
		}
	}
	return -1
}

// TestCluster runs several servers sharing one PostgreSQL database and
// one NATS server (both real), in one process.
func TestCluster(t *testing.T) {
	pgURL := pgtest.Start(t)
	for _, c := range []struct {
		name string
		test func(*testing.T, string)
	}{
		{"PlayAcross", testClusterPlayAcross},
		{"TakeOver", testClusterTakeOver},
		{"Sweep", testClusterSweep},
		{"SeekAndPresence", testClusterSeekAndPresence},
		{"HandOver", testClusterHandOver},
		{"Reown", testClusterReown},
		{"UnannouncedEnd", testClusterUnannouncedEnd},
	} {
		t.Run(c.name, func(t *testing.T) { c.test(t, pgURL) })
	}
}

// testClusterPlayAcross creates a game on one server, plays it from a
// second (Board API) and the third (WebSocket), and watches it from the
// third: the spectator sees every event, in order, and the record on
// every server is the same.
func testClusterPlayAcross(t *testing.T, pgURL string) {
	hs := startCluster(t, pgURL, 3, nil)
	a, b, c := hs[0], hs[1], hs[2]
	cr := a.create(map[string]any{"variant": "chess", "clock": map[string]any{"limit": 300, "increment": 2}})
	if owner(hs, cr.ID) != 0 {
		t.Fatalf("owner of a game created on a: %d", owner(hs, cr.ID))
	}
	spec := c.dialWS(cr.ID, "", 0)
	if m := spec.next(); m["t"] != "full" {
		t.Fatalf("spectator's first message: %v", m)
	}
	stream, stop := b.stream("/api/board/game/stream/"+cr.ID, cr.token(variant.White))
	defer stop()
	if m := next(t, stream, 5*time.Second); m["type"] != "gameFull" {
		t.Fatalf("stream's first line: %v", m)
	}
	black := c.dialWS(cr.ID, cr.token(variant.Black), 0)
	black.until("full")

	// Fool's mate: white on b's Board API, black on c's socket.
	moves := []string{"f2f3", "e7e5", "g2g4", "d8h4"}
	for i, mv := range moves {
		if i%2 == 0 {
			b.move(cr.ID, cr.token(variant.White), mv)
		} else if m := black.act(mv); m["t"] != "ack" || int(num(m["version"])) != i+1 {
			t.Fatalf("black's %s: %v", mv, m)
		}
	}
	for i, mv := range moves {
		m := spec.until("event")
		if int(num(m["version"])) != i+1 || m["text"] != mv {
			t.Fatalf("spectator's event %d: %v, want version %d %s", i, m, i+1, mv)
		}
	}
	for i := range moves {
		m := next(t, stream, 5*time.Second)
		if want := strings.Join(moves[:i+1], " "); m["moves"] != want {
			t.Fatalf("stream line %d: moves %v, want %q", i, m["moves"], want)
		}
	}
	for _, h := range hs {
		gv := h.game(cr.ID)
		if gv.Status != "mate" || gv.Winner != "black" {
			t.Errorf("server %s: status %s winner %s", h.srv.c.node, gv.Status, gv.Winner)
		}
	}
	// A finished game's lease is given up.
	deadline := time.Now().Add(5 * time.Second)
	for owner(hs, cr.ID) >= 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if o := owner(hs, cr.ID); o >= 0 {
		t.Errorf("server %d still holds the finished game", o)
	}
}

// testClusterTakeOver crashes the owner of a game in the middle: the
// next move, sent to another server, is served once the lease expired;
// every acknowledged move is still there, and the side to move lost no
// more than the outage on its clock.
func testClusterTakeOver(t *testing.T, pgURL string) {
	hs := startCluster(t, pgURL, 3, nil)
	a, b, c := hs[0], hs[1], hs[2]
	cr := a.create(map[string]any{"variant": "chess", "clock": map[string]any{"limit": 60, "increment": 0}})
	spec := c.dialWS(cr.ID, "", 0)
	spec.until("full")
	for _, mv := range []string{"e2e4", "e7e5", "g1f3"} {
		tok := cr.token(variant.White)
		if mv == "e7e5" {
			tok = cr.token(variant.Black)
		}
		b.move(cr.ID, tok, mv)
	}
	before := b.game(cr.ID)
	crashed := time.Now()
	a.crash()

	b.move(cr.ID, cr.token(variant.Black), "b8c6")
	took := time.Since(crashed)
	if took > clusterLease+2*time.Second {
		t.Errorf("the move waited %v for a new owner (lease %v)", took, clusterLease)
	}
	o := owner(hs, cr.ID)
	if o != 1 && o != 2 {
		t.Fatalf("owner after the crash: %d", o)
	}
	after := hs[o].game(cr.ID)
	if *after.Moves != "e2e4 e7e5 g1f3 b8c6" {
		t.Errorf("moves after the take-over: %q", *after.Moves)
	}
	// Black, to move during the outage, was charged for it, and not for
	// more than the outage plus the lag allowance; white lost nothing.
	lost := time.Duration(*before.BTime-*after.BTime) * time.Millisecond
	if lost < 0 || lost > took+200*time.Millisecond {
		t.Errorf("black lost %v across a take-over of %v", lost, took)
	}
	if *after.WTime != *before.WTime {
		t.Errorf("white's clock changed from %d to %d while black was to move", *before.WTime, *after.WTime)
	}
	for i, mv := range []string{"e2e4", "e7e5", "g1f3", "b8c6"} {
		if m := spec.until("event"); int(num(m["version"])) != i+1 || m["text"] != mv {
			t.Fatalf("spectator's event %d: %v", i, m)
		}
	}
}

// testClusterSweep crashes the owner of a game nobody touches: another
// server's sweep takes it over and its clock runs there, so the flag of
// the side to move falls.
func testClusterSweep(t *testing.T, pgURL string) {
	hs := startCluster(t, pgURL, 2, nil)
	a, b := hs[0], hs[1]
	cr := a.create(map[string]any{"variant": "chess", "clock": map[string]any{"limit": 2, "increment": 0}})
	a.move(cr.ID, cr.token(variant.White), "e2e4")
	a.move(cr.ID, cr.token(variant.Black), "e7e5")
	spec := b.dialWS(cr.ID, "", 0)
	spec.until("full")
	a.crash()
	// White's 2 s run out during the outage: the new owner flags it.
	m := spec.until("event")
	for m["kind"] != kindFlag {
		m = spec.until("event")
	}
	if m["status"] != statusOutTime || m["winner"] != "black" {
		t.Errorf("flag event: %v", m)
	}
	if o := owner(hs, cr.ID); o == 0 {
		t.Error("the crashed server still owns the game")
	}
}

// TestClusterSeekAndPresence: a seek made on one server is accepted on
// another; the creator's event stream on a third gets gameStart; a
// player connected to a server that does not own the game counts as
// present, so the opponent cannot claim victory until they leave.
func testClusterSeekAndPresence(t *testing.T, pgURL string) {
	hs := startCluster(t, pgURL, 3, func(c *Config) { c.Abandon = 300 * time.Millisecond })
	a, b, c := hs[0], hs[1], hs[2]
	code, out := a.do("POST", "/api/seeks", "", map[string]any{"variant": "shatranj", "color": "white", "name": "ann"})
	if code != http.StatusCreated {
		t.Fatalf("seek: %d %s", code, out)
	}
	var seek seekResponse
	mustJSON(t, out, &seek)
	events, stopEvents := c.stream("/api/stream/event", seek.Token)
	defer stopEvents()
	code, out = b.do("POST", "/api/seeks/"+seek.ID+"/accept", "", map[string]any{"name": "bob"})
	if code != http.StatusOK {
		t.Fatalf("accept: %d %s", code, out)
	}
	var joined seekResponse
	mustJSON(t, out, &joined)
	if m := next(t, events, 5*time.Second); m["type"] != "gameStart" {
		t.Fatalf("event stream: %v", m)
	}
	// White keeps a stream open on c; black, on a (the owner), may not
	// claim victory however long white stays silent.
	stream, stopStream := c.stream("/api/board/game/stream/"+seek.ID, seek.Token)
	next(t, stream, 5*time.Second)
	time.Sleep(500 * time.Millisecond)
	code, out = a.do("POST", "/api/board/game/"+seek.ID+"/claim-victory", joined.Token, nil)
	if code != http.StatusBadRequest || !strings.Contains(string(out), "connected") {
		t.Fatalf("claim with white connected elsewhere: %d %s", code, out)
	}
	stopStream()
	stopEvents()
	deadline := time.Now().Add(5 * time.Second)
	for {
		time.Sleep(100 * time.Millisecond)
		code, out = a.do("POST", "/api/board/game/"+seek.ID+"/claim-victory", joined.Token, nil)
		if code == http.StatusOK || time.Now().After(deadline) {
			break
		}
	}
	if code != http.StatusOK {
		t.Fatalf("claim after white left: %d %s", code, out)
	}
	// The other servers learn the end from the owner's event, a moment
	// later.
	for _, h := range hs {
		gv := h.game(seek.ID)
		for deadline := time.Now().Add(2 * time.Second); gv.Status != statusTimeout && time.Now().Before(deadline); {
			time.Sleep(10 * time.Millisecond)
			gv = h.game(seek.ID)
		}
		if gv.Status != statusTimeout || gv.Winner != "black" {
			t.Errorf("server %s after the claim: %s %s", h.srv.c.node, gv.Status, gv.Winner)
		}
	}
}

// testClusterHandOver stops the owner of a game gracefully: it releases
// its leases, so another server takes the game over at its next sweep,
// well before the lease would have expired.
func testClusterHandOver(t *testing.T, pgURL string) {
	hs := startCluster(t, pgURL, 2, func(c *Config) {
		c.Cluster.LeaseTTL = 6 * time.Second // sweeps every 2 s
	})
	a, b := hs[0], hs[1]
	cr := a.create(map[string]any{"variant": "chess"})
	a.move(cr.ID, cr.token(variant.White), "d2d4")
	stopped := time.Now()
	a.stop()
	deadline := stopped.Add(6 * time.Second)
	for owner(hs, cr.ID) != 1 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if owner(hs, cr.ID) != 1 {
		t.Fatal("the other server did not take the game over")
	}
	if took := time.Since(stopped); took > 4*time.Second {
		t.Errorf("took over %v after a graceful stop (lease 6 s, sweep every 2 s)", took)
	}
	b.move(cr.ID, cr.token(variant.Black), "d7d5")
	if gv := b.game(cr.ID); *gv.Moves != "d2d4 d7d5" {
		t.Errorf("moves: %q", *gv.Moves)
	}
}

// testClusterReown: a server that made its games replicas while its
// renewals failed (as when the database is away) but still holds their
// leases owns them again at its next renewal, so a move sent to another
// server is served rather than waiting for a lease nobody uses.
func testClusterReown(t *testing.T, pgURL string) {
	hs := startCluster(t, pgURL, 2, nil)
	a, b := hs[0], hs[1]
	cr := a.create(map[string]any{"variant": "chess"})
	lg, _ := a.srv.hub.get(cr.ID)
	lg.mu.Lock()
	a.srv.c.demoteLocked(lg) // what renew does after failing for a lease time
	lg.mu.Unlock()
	if owner(hs, cr.ID) != -1 {
		t.Fatal("the game is still owned after the demotion")
	}
	b.move(cr.ID, cr.token(variant.White), "e2e4")
	if o := owner(hs, cr.ID); o < 0 {
		t.Fatal("nobody owns the game after the move")
	}
	if gv := b.game(cr.ID); *gv.Moves != "e2e4" {
		t.Errorf("moves: %q", *gv.Moves)
	}
}

// testClusterUnannouncedEnd: the owner commits a game's final event and
// dies before publishing it. Nobody will own the finished game again to
// publish anything, yet a spectator on another server sees the end.
func testClusterUnannouncedEnd(t *testing.T, pgURL string) {
	hs := startCluster(t, pgURL, 2, nil)
	a, b := hs[0], hs[1]
	cr := a.create(map[string]any{"variant": "chess"})
	spec := b.dialWS(cr.ID, "", 0)
	spec.until("full")
	moves := []string{"f2f3", "e7e5", "g2g4", "d8h4"}
	for i, mv := range moves {
		if i == len(moves)-1 {
			a.srv.c.nc.Close() // the mate is committed, never published
		}
		a.move(cr.ID, cr.token(variant.Color(i%2)), mv)
	}
	a.crash()
	for i, mv := range moves {
		if m := spec.until("event"); int(num(m["version"])) != i+1 || m["text"] != mv {
			t.Fatalf("spectator's event %d: %v, want %s", i, m, mv)
		}
	}
	if gv := b.game(cr.ID); gv.Status != "mate" || gv.Winner != "black" {
		t.Errorf("b after the unannounced mate: %s %s", gv.Status, gv.Winner)
	}
}

// TestClusterNeedsSharedStore: a cluster over SQLite is refused.
func TestClusterNeedsSharedStore(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	st, err := store.OpenSQLite(ctx, filepath.Join(t.TempDir(), "baten.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	_, err = New(Config{Store: st, Registry: variant.Builtin(), Cluster: &Cluster{NATSURL: "nats://127.0.0.1:1"}})
	if err == nil || !strings.Contains(err.Error(), "PostgreSQL") {
		t.Fatalf("New over SQLite with a cluster: %v", err)
	}
}

// testLogger logs warnings and errors to t's log.
func testLogger(t *testing.T) *slog.Logger {
	return slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(b []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(b)))
	return len(b), nil
}

func mustJSON(t *testing.T, b []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
}

// TestKeyedMutex: one holder per key at a time, keys independent, and
// nothing kept once no one uses a key.
func TestKeyedMutex(t *testing.T) {
	var k keyedMutex
	unlockA := k.lock("a")
	unlockB := k.lock("b") // another key: not blocked
	got := make(chan struct{})
	go func() {
		k.lock("a")() // unlocked before got closes: nothing is left in use
		close(got)
	}()
	select {
	case <-got:
		t.Fatal("a second holder of key a")
	case <-time.After(50 * time.Millisecond):
	}
	unlockA()
	select {
	case <-got:
	case <-time.After(5 * time.Second):
		t.Fatal("key a not handed on")
	}
	unlockB()
	k.mu.Lock()
	defer k.mu.Unlock()
	if len(k.m) != 0 {
		t.Errorf("%d keys kept after use", len(k.m))
	}
}

package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/baten-chess/baten/internal/pgtest"
	"github.com/baten-chess/baten/variant"
)

// TestCrashKill9 is the durability test of the game server: a real
// "baten serve" process is killed with SIGKILL at random moments while
// concurrent clients play, and restarted on the same store, several
// times. After each restart every action the server acknowledged is in
// the game, in its place; a timed game's clocks are not above the times
// seen before the kill; the clients reconnect and carry on, and finish
// their games in the end.
func TestCrashKill9(t *testing.T) {
	bin := buildBaten(t)
	tests := []struct {
		name string
		db   func(t *testing.T) string
	}{
		{"sqlite", func(t *testing.T) string { return filepath.Join(t.TempDir(), "crash.db") }},
		{"postgres", func(t *testing.T) string { return pgtest.Start(t) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			crashTest(t, bin, tt.db(t))
		})
	}
}

// buildBaten builds this command into a temporary directory with the
// test's own toolchain.
func buildBaten(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "baten")
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// serveProc is one running "baten serve".
type serveProc struct {
	cmd  *exec.Cmd
	url  string     // http://127.0.0.1:PORT
	logs *syncBuf   // its stderr and the rest of its stdout
	done chan error // its exit
}

// syncBuf is a buffer written by one goroutine and read by another.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// tail returns the last n bytes written.
func (s *syncBuf) tail(n int) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	b := s.b.Bytes()
	return string(b[max(0, len(b)-n):])
}

// serveListening is the first line of "baten serve".
const serveListening = "baten serve: listening on "

// startServe starts "baten serve" on addr over db and waits until it
// listens and its games are restored (GET /healthz answers 200).
func startServe(ctx context.Context, bin, addr, db string, logs *syncBuf, flags ...string) (*serveProc, error) {
	args := append([]string{"serve", "--addr", addr, "--db", db, "--rate", "100000", "--max-games-per-addr", "100000"}, flags...)
	cmd := exec.Command(bin, args...)
	cmd.Stderr = logs
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &serveProc{cmd: cmd, logs: logs, done: make(chan error, 1)}
	first := make(chan string, 1)
	go func() {
		r := bufio.NewReader(stdout)
		line, _ := r.ReadString('\n')
		first <- line
		io.Copy(logs, r)
		p.done <- cmd.Wait()
	}()
	select {
	case line := <-first:
		rest, ok := strings.CutPrefix(strings.TrimSpace(line), serveListening)
		if !ok {
			p.kill()
			return nil, fmt.Errorf("first line of baten serve %q, want %q…; log:\n%s", line, serveListening, logs.tail(2000))
		}
		p.url = rest
	case <-time.After(20 * time.Second):
		p.kill()
		return nil, fmt.Errorf("baten serve did not print %q within 20s; log:\n%s", serveListening, logs.tail(2000))
	}
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, p.url+"/healthz", nil)
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return p, nil
			}
		}
		select {
		case <-ctx.Done():
			p.kill()
			return nil, fmt.Errorf("baten serve at %s not healthy: %w; log:\n%s", p.url, ctx.Err(), logs.tail(2000))
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// kill sends SIGKILL and waits for the process to be gone.
func (p *serveProc) kill() {
	p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
}

// crashGame is one game of the crash test, as its clients saw it.
type crashGame struct {
	id    string
	ws    bool
	timed bool

	mu     sync.Mutex
	acked  []ackedAction
	clocks map[int][2]int64 // the first clocks seen after each number of actions
	errs   map[string]int   // client failures by kind
	sample map[string]string
	// refused counts the server's refusals (4xx) of a client's request:
	// a bug, also while the server restarts (it answers 503 until its
	// live games are restored).
	refused map[string]int
}

func (g *crashGame) onAck(a ackedAction) {
	g.mu.Lock()
	g.acked = append(g.acked, a)
	g.mu.Unlock()
}

func (g *crashGame) onState(s seenState) {
	g.mu.Lock()
	if _, ok := g.clocks[s.plies]; !ok {
		g.clocks[s.plies] = [2]int64{s.wtime, s.btime}
	}
	g.mu.Unlock()
}

func (g *crashGame) onError(op string, err error) {
	kind := op + ": " + errorKind(err)
	refusal := strings.Contains(kind, "HTTP 4") || strings.HasPrefix(kind, "act: refused")
	g.mu.Lock()
	if refusal {
		g.refused[kind]++
	}
	g.errs[kind]++
	if _, ok := g.sample[kind]; !ok {
		g.sample[kind] = err.Error()
	}
	g.mu.Unlock()
}

// snapshot returns what the clients hold now.
func (g *crashGame) snapshot() ([]ackedAction, map[int][2]int64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	clocks := make(map[int][2]int64, len(g.clocks))
	for k, v := range g.clocks {
		clocks[k] = v
	}
	return append([]ackedAction(nil), g.acked...), clocks
}

// check compares the server's game with what the clients were told:
// every acknowledged action is in its place, and a timed game's clocks
// are not above those seen with as many actions played.
func (g *crashGame) check(ctx context.Context, target *loadTarget, when string) (apiGame, error) {
	acked, clocks := g.snapshot() // before reading the game: all of these were committed
	sg, err := target.getGame(ctx, g.id)
	if err != nil {
		return sg, fmt.Errorf("%s: GET game %s: %w", when, g.id, err)
	}
	moves := strings.Fields(sg.Moves)
	var errs []error
	for _, a := range acked {
		if a.index >= len(moves) || moves[a.index] != a.text {
			errs = append(errs, fmt.Errorf("%s: game %s: acknowledged action %d %q is not in the stored game (%d actions: …%s)",
				when, g.id, a.index+1, a.text, len(moves), strings.Join(moves[max(0, min(a.index, len(moves))-3):min(len(moves), a.index+3)], " ")))
		}
	}
	if g.timed {
		// 5 ms: a client's first sight of a clock may be a little after
		// the stored time it reports.
		const tolerance = 5
		seen, ok := clocks[len(moves)]
		switch {
		case sg.Wtime <= 0 || sg.Btime <= 0 || sg.Status == "outoftime":
			errs = append(errs, fmt.Errorf("%s: timed game %s: clocks %d/%d ms, status %s: a flag fell", when, g.id, sg.Wtime, sg.Btime, sg.Status))
		case ok && (sg.Wtime > seen[0]+tolerance || sg.Btime > seen[1]+tolerance):
			errs = append(errs, fmt.Errorf("%s: timed game %s after %d actions: clocks %d/%d ms, above the %d/%d ms seen before with as many actions",
				when, g.id, len(moves), sg.Wtime, sg.Btime, seen[0], seen[1]))
		}
	}
	return sg, errors.Join(errs...)
}

// crashTest plays games on a "baten serve" over db and kills it again and
// again.
func crashTest(t *testing.T, bin, db string) {
	const (
		kills = 5
		// Untimed games act quickly; timed ones think longer than the
		// server's lag compensation (100 ms), so their clocks run down
		// and a reset to the start would show.
		quickThink = 10 * time.Millisecond
		timedThink = 130 * time.Millisecond
	)
	ctx, cancel := context.WithTimeout(t.Context(), 25*time.Second)
	defer cancel()
	seed := rand.Uint64()
	rng := rand.New(rand.NewPCG(seed, 0))
	t.Logf("seed %d", seed)

	logs := &syncBuf{}
	proc, err := startServe(ctx, bin, "127.0.0.1:0", db, logs)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if proc != nil {
			proc.kill()
		}
		if t.Failed() {
			t.Logf("baten serve's log (end):\n%s", logs.tail(4000))
		}
	}()
	addr := strings.TrimPrefix(proc.url, "http://")
	var base atomic.Value
	base.Store(proc.url)
	client := loadHTTPClient(16, false)
	defer client.CloseIdleConnections()
	target := &loadTarget{base: func() string { return base.Load().(string) }, client: client}

	// Six games: Board API and WebSocket clients, untimed and timed.
	v, err := variant.Lookup("chess")
	if err != nil {
		t.Fatal(err)
	}
	var (
		games   []*crashGame
		all     []*player
		players sync.WaitGroup
		finish  atomic.Bool // the side to act resigns
		failed  = make(chan error, 12)
	)
	// However the test ends, the clients stop before the server does.
	defer func() {
		cancel()
		players.Wait()
	}()
	for i := range 6 {
		g := &crashGame{ws: i%2 == 1, timed: i >= 4, clocks: map[int][2]int64{},
			errs: map[string]int{}, sample: map[string]string{}, refused: map[string]int{}}
		body := map[string]any{"variant": "chess"}
		think := quickThink
		if g.timed {
			body["clock"] = map[string]any{"limit": 120, "increment": 0}
			think = timedThink
		}
		ng, err := target.createGame(ctx, body)
		if err != nil {
			t.Fatalf("creating game %d: %v", i, err)
		}
		g.id = ng.ID
		games = append(games, g)
		for c, tok := range []string{ng.White.Token, ng.Black.Token} {
			p := &player{
				target: target, v: v, gameID: ng.ID, color: variant.Color(c), token: tok,
				think: think, plies: 1 << 30, ws: g.ws, reconnect: true,
				rng:    rand.New(rand.NewPCG(rng.Uint64(), rng.Uint64())),
				resign: finish.Load, onAck: g.onAck, onState: g.onState, onError: g.onError,
			}
			all = append(all, p)
			players.Go(func() {
				if err := p.play(ctx); err != nil {
					failed <- err
				}
			})
		}
	}
	total := func() int {
		n := 0
		for _, g := range games {
			acked, _ := g.snapshot()
			n += len(acked)
		}
		return n
	}

	for k := 1; k <= kills; k++ {
		// Let them play a random while, then kill mid-game.
		sleepCtx(ctx, time.Duration(300+rng.IntN(500))*time.Millisecond)
		before := total()
		proc.kill()
		killedAt := time.Now()
		proc = nil
		sleepCtx(ctx, time.Duration(rng.IntN(200))*time.Millisecond)
		p, err := startServe(ctx, bin, addr, db, logs)
		if err != nil {
			// The port may have gone to a client's connection meanwhile.
			t.Logf("kill %d: restart on %s: %v; trying another port", k, addr, err)
			p, err = startServe(ctx, bin, "127.0.0.1:0", db, logs)
			if err != nil {
				t.Fatalf("kill %d: restart: %v", k, err)
			}
			addr = strings.TrimPrefix(p.url, "http://")
			base.Store(p.url)
		}
		proc = p
		t.Logf("kill %d after %d acknowledged actions; back in %v", k, before, time.Since(killedAt).Round(time.Millisecond))
		for _, g := range games {
			if _, err := g.check(ctx, target, fmt.Sprintf("after kill %d", k)); err != nil {
				t.Error(err)
			}
		}
		if t.Failed() {
			return
		}
	}

	// The clients carry on after the last restart, then finish.
	after := total()
	sleepCtx(ctx, 500*time.Millisecond)
	finish.Store(true)
	done := make(chan struct{})
	go func() { players.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		players.Wait()
		for _, p := range all {
			turn := "-"
			if p.pos != nil {
				turn = p.pos.Turn().String()
			}
			t.Logf("game %s %v ws %v: %d actions seen, status %q, turn %s, acted at %d, version %d", p.gameID, p.color, p.ws, len(p.played), p.status, turn, p.actedAt, p.version)
		}
		for _, g := range games {
			t.Logf("game %s: %d acked, errors %v %v", g.id, len(g.acked), g.errs, g.sample)
		}
		t.Fatalf("the clients did not finish their games: %v", ctx.Err())
	}
	close(failed)
	for err := range failed {
		t.Errorf("client: %v", err)
	}
	if n := total(); n <= after {
		t.Errorf("no action acknowledged after the last restart (%d before, %d after)", after, n)
	}
	for _, g := range games {
		sg, err := g.check(ctx, target, "at the end")
		if err != nil {
			t.Error(err)
		}
		if !gameOver(sg.Status) || sg.Status == "outoftime" || sg.Status == "noStart" || sg.Status == "aborted" {
			t.Errorf("game %s (ws %v, timed %v) ends with status %q after %d actions", g.id, g.ws, g.timed, sg.Status, len(strings.Fields(sg.Moves)))
		}
		g.mu.Lock()
		for kind, n := range g.refused {
			// Connections break at each kill; a refusal by the server
			// (4xx) of a well-formed request is a bug.
			t.Errorf("game %s: %d × %s, e.g. %s", g.id, n, kind, g.sample[kind])
		}
		clocks := ""
		if g.timed {
			clocks = fmt.Sprintf(" (clocks %d/%d ms of 120000)", sg.Wtime, sg.Btime)
		}
		t.Logf("game %s (ws %v, timed %v): %d actions acknowledged, status %s%s; client reconnections %v",
			g.id, g.ws, g.timed, len(g.acked), sg.Status, clocks, g.errs)
		for kind, n := range g.errs {
			// A live game reported over to a client coming back after a
			// restart: the server answered before restoring it.
			if strings.HasSuffix(kind, "ended early") || strings.HasSuffix(kind, "websocket closed (1000)") {
				t.Errorf("game %s: %d × %s: the server said a live game was over (%s)", g.id, n, kind, g.sample[kind])
			}
		}
		g.mu.Unlock()
	}
}

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/baten-chess/baten/internal/natstest"
	"github.com/baten-chess/baten/internal/pgtest"
	"github.com/baten-chess/baten/server"
	"github.com/baten-chess/baten/store"
	"github.com/baten-chess/baten/variant"
)

// TestClusterKill9 is the scale-out test: three real "baten serve"
// processes share a PostgreSQL database and a NATS server. Each game is
// created on one process, its two players play it through the other two,
// and a spectator follows it on the first. Again and again the process
// owning the most games is killed with SIGKILL mid-game and restarted:
// another process takes its games over once their leases expire, every
// acknowledged action is still there, the spectators see every event
// once and in order, and in the end every game is finished by its
// players.
func TestClusterKill9(t *testing.T) {
	bin := buildBaten(t)
	db := pgtest.Start(t)
	natsURL := natstest.Start(t)
	const (
		procs = 3
		kills = 6
		lease = 2 * time.Second
		// The longest wait for a game to go on after its owner died: the
		// lease, the take-over's sweep or retry, a restarted process's
		// start-up; generous for a loaded machine, where a database round
		// trip may take a second.
		takeOverBound = lease + 6*time.Second
	)
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	seed := rand.Uint64()
	rng := rand.New(rand.NewPCG(seed, 0))
	t.Logf("seed %d", seed)

	var (
		ps    [procs]*serveProc
		logs  [procs]*syncBuf
		addrs [procs]string
		bases [procs]atomic.Value
	)
	start := func(i int) error {
		addr := addrs[i]
		if addr == "" {
			addr = "127.0.0.1:0"
		}
		flags := []string{"--nats", natsURL, "--node", fmt.Sprintf("p%d", i), "--lease", lease.String()}
		p, err := startServe(ctx, bin, addr, db, logs[i], flags...)
		if err != nil && addrs[i] != "" {
			// The port may have gone to a client's connection meanwhile.
			t.Logf("process %d: restart on %s: %v; trying another port", i, addr, err)
			p, err = startServe(ctx, bin, "127.0.0.1:0", db, logs[i], flags...)
		}
		if err != nil {
			return err
		}
		ps[i], addrs[i] = p, strings.TrimPrefix(p.url, "http://")
		bases[i].Store(p.url)
		return nil
	}
	for i := range procs {
		logs[i] = &syncBuf{}
		if err := start(i); err != nil {
			t.Fatal(err)
		}
	}
	defer func() {
		for i, p := range ps {
			if p != nil {
				p.kill()
			}
			if t.Failed() {
				t.Logf("process %d's log (end):\n%s", i, logs[i].tail(3000))
			}
		}
	}()
	client := loadHTTPClient(32, false)
	defer client.CloseIdleConnections()
	var targets [procs]*loadTarget
	for i := range targets {
		targets[i] = &loadTarget{base: func() string { return bases[i].Load().(string) }, client: client}
	}

	v, err := variant.Lookup("chess")
	if err != nil {
		t.Fatal(err)
	}
	type clusterGame struct {
		*crashGame
		spec    *spectator
		lastAck atomic.Int64 // UnixNano of the last acknowledged action
	}
	var (
		games   []*clusterGame
		players sync.WaitGroup
		specs   sync.WaitGroup
		finish  atomic.Bool
		failed  = make(chan error, 32)
	)
	specCtx, stopSpecs := context.WithCancel(ctx)
	defer func() {
		cancel()
		players.Wait()
		stopSpecs()
		specs.Wait()
	}()
	for i := range 6 {
		g := &clusterGame{crashGame: &crashGame{ws: i%2 == 1, timed: i >= 4, clocks: map[int][2]int64{},
			errs: map[string]int{}, sample: map[string]string{}, refused: map[string]int{}}}
		body := map[string]any{"variant": "chess"}
		think := 10 * time.Millisecond
		if g.timed {
			body["clock"] = map[string]any{"limit": 120, "increment": 0}
			think = 130 * time.Millisecond // beyond the lag allowance: clocks run down
		}
		home := i % procs
		ng, err := targets[home].createGame(ctx, body)
		if err != nil {
			t.Fatalf("creating game %d on process %d: %v", i, home, err)
		}
		g.id = ng.ID
		g.spec = &spectator{target: targets[home], id: ng.ID}
		specs.Go(func() { g.spec.follow(specCtx) })
		games = append(games, g)
		for c, tok := range []string{ng.White.Token, ng.Black.Token} {
			p := &player{
				target: targets[(home+1+c)%procs], v: v, gameID: ng.ID, color: variant.Color(c), token: tok,
				think: think, plies: 1 << 30, ws: g.ws, reconnect: true,
				rng:    rand.New(rand.NewPCG(rng.Uint64(), rng.Uint64())),
				resign: finish.Load, onState: g.onState, onError: g.onError,
				onAck: func(a ackedAction) {
					g.lastAck.Store(time.Now().UnixNano())
					g.onAck(a)
				},
			}
			players.Go(func() {
				if err := p.play(ctx); err != nil {
					failed <- err
				}
			})
		}
	}

	var worst time.Duration
	for k := 1; k <= kills; k++ {
		sleepCtx(ctx, time.Duration(300+rng.IntN(500))*time.Millisecond)
		victim, owned := 0, -1
		for i := range procs {
			if n := liveGames(ctx, client, bases[i].Load().(string)); n > owned {
				victim, owned = i, n
			}
		}
		ps[victim].kill()
		ps[victim] = nil
		killed := time.Now()
		sleepCtx(ctx, time.Duration(rng.IntN(300))*time.Millisecond)
		if err := start(victim); err != nil {
			t.Fatalf("kill %d: restart of process %d: %v", k, victim, err)
		}
		// Every game goes on: an action acknowledged after the kill.
		var took time.Duration
		for _, g := range games {
			for g.lastAck.Load() < killed.UnixNano() && !g.spec.finished() && time.Since(killed) < takeOverBound && ctx.Err() == nil {
				time.Sleep(10 * time.Millisecond)
			}
			if g.spec.finished() {
				continue // ended by the rules before the kill
			}
			if g.lastAck.Load() < killed.UnixNano() {
				g.mu.Lock()
				t.Errorf("kill %d: game %s has no action acknowledged %v after its owner's kill; client errors %v %v",
					k, g.id, takeOverBound, g.errs, g.sample)
				g.mu.Unlock()
				for i := range procs {
					sg, err := targets[i].getGame(ctx, g.id)
					t.Logf("process %d sees game %s: %d moves, status %s, err %v", i, g.id, len(strings.Fields(sg.Moves)), sg.Status, err)
				}
			}
			took = max(took, time.Unix(0, g.lastAck.Load()).Sub(killed))
		}
		worst = max(worst, took)
		t.Logf("kill %d: process %d, owner of %d games; every game went on within %v", k, victim, owned, took.Round(time.Millisecond))
		for _, g := range games {
			if _, err := checkSettled(ctx, g.crashGame, targets[(victim+1)%procs], fmt.Sprintf("after kill %d", k)); err != nil {
				t.Error(err)
			}
		}
		if t.Failed() {
			return
		}
	}
	t.Logf("the longest wait for a game to go on after a kill: %v (lease %v)", worst.Round(time.Millisecond), lease)

	finish.Store(true)
	done := make(chan struct{})
	go func() { players.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		t.Fatalf("the clients did not finish their games: %v", ctx.Err())
	}
	close(failed)
	for err := range failed {
		t.Errorf("client: %v", err)
	}
	for i, g := range games {
		sg, err := checkSettled(ctx, g.crashGame, targets[(i+2)%procs], "at the end")
		if err != nil {
			t.Error(err)
		}
		if !gameOver(sg.Status) || sg.Status == "outoftime" || sg.Status == "noStart" || sg.Status == "aborted" {
			t.Errorf("game %s ends with status %q after %d actions", g.id, sg.Status, len(strings.Fields(sg.Moves)))
		}
		// The spectator saw the whole game: each event once, in order,
		// its actions those of the record.
		moves := strings.Fields(sg.Moves)
		deadline := time.Now().Add(5 * time.Second)
		for !g.spec.finished() && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		acts, fulls, errs := g.spec.result()
		for _, err := range errs {
			t.Errorf("game %s: spectator: %v", g.id, err)
		}
		if fulls == 1 && strings.Join(acts, " ") != strings.Join(moves, " ") {
			t.Errorf("game %s: the spectator saw the actions\n%v\nthe record has\n%v", g.id, acts, moves)
		}
		g.mu.Lock()
		for kind, n := range g.refused {
			t.Errorf("game %s: %d × %s, e.g. %s", g.id, n, kind, g.sample[kind])
		}
		t.Logf("game %s (ws %v, timed %v): %d actions acknowledged, %s; spectator: %d events, %d full states; client reconnections %v",
			g.id, g.ws, g.timed, len(g.acked), sg.Status, len(acts), fulls, g.errs)
		g.mu.Unlock()
	}
}

// checkSettled is crashGame.check through a server that may hold a
// replica of the game: a replica shows an event a moment after its owner
// commits it, so the check is tried again for up to two seconds. An
// acknowledged action that is really missing fails every try.
func checkSettled(ctx context.Context, g *crashGame, target *loadTarget, when string) (apiGame, error) {
	var (
		sg  apiGame
		err error
	)
	for deadline := time.Now().Add(2 * time.Second); ; {
		if sg, err = g.check(ctx, target, when); err == nil || time.Now().After(deadline) {
			return sg, err
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// liveGames reads a server's baten_games_live metric: the games it
// owns (-1 if it does not answer).
func liveGames(ctx context.Context, client *http.Client, base string) int {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/metrics", nil)
	resp, err := client.Do(req)
	if err != nil {
		return -1
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "baten_games_live "); ok {
			n, err := strconv.ParseFloat(rest, 64)
			if err == nil {
				return int(n)
			}
		}
	}
	return -1
}

// spectator follows a game's WebSocket without a token, reconnecting
// from the last version it saw, and checks that events come once each
// and in order.
type spectator struct {
	target *loadTarget
	id     string

	mu      sync.Mutex
	version int
	actions []string // the texts of the action events, in order
	fulls   int      // full states received (the first, and after gaps)
	errs    []error
	over    bool
}

func (s *spectator) follow(ctx context.Context) {
	for ctx.Err() == nil && !s.finished() {
		s.session(ctx)
		sleepCtx(ctx, 50*time.Millisecond)
	}
}

// session is one connection, until it breaks or the game ends.
func (s *spectator) session(ctx context.Context) {
	u := "ws" + strings.TrimPrefix(s.target.base(), "http") + "/api/games/" + s.id + "/ws"
	c, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPClient: s.target.client})
	if err != nil {
		return
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 20)
	s.mu.Lock()
	hello, _ := json.Marshal(map[string]any{"t": "hello", "version": s.version})
	s.mu.Unlock()
	if c.Write(ctx, websocket.MessageText, hello) != nil {
		return
	}
	for {
		_, b, err := c.Read(ctx)
		if err != nil {
			return
		}
		var m struct {
			T       string `json:"t"`
			Version int    `json:"version"`
			Kind    string `json:"kind"`
			Text    string `json:"text"`
			Status  string `json:"status"`
			Game    struct {
				Moves  *string `json:"moves"`
				Status string  `json:"status"`
			} `json:"game"`
		}
		if err := json.Unmarshal(b, &m); err != nil {
			s.fail(fmt.Errorf("bad message %s: %w", b, err))
			return
		}
		s.mu.Lock()
		switch m.T {
		case "full":
			s.fulls++
			s.version = m.Version
			s.actions = nil
			if m.Game.Moves != nil {
				s.actions = strings.Fields(*m.Game.Moves)
			}
			s.over = gameOver(m.Game.Status)
		case "event":
			if m.Version != s.version+1 {
				s.errs = append(s.errs, fmt.Errorf("event version %d after %d", m.Version, s.version))
			}
			s.version = m.Version
			if m.Kind == "action" {
				s.actions = append(s.actions, m.Text)
			}
			s.over = gameOver(m.Status)
		}
		s.mu.Unlock()
	}
}

func (s *spectator) fail(err error) {
	s.mu.Lock()
	s.errs = append(s.errs, err)
	s.mu.Unlock()
}

func (s *spectator) finished() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.over
}

func (s *spectator) result() ([]string, int, []error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.actions...), s.fulls, append([]error(nil), s.errs...)
}

// TestLoadtestCluster runs "baten loadtest" against two servers of a
// cluster (in this process, over a real PostgreSQL and NATS): each game
// is created on one and played through both, with no error, and no game
// is left live.
func TestLoadtestCluster(t *testing.T) {
	db := pgtest.Start(t)
	natsURL := natstest.Start(t)
	ctx := t.Context()
	var urls []string
	var st store.Store
	for i := range 2 {
		s, err := store.Open(ctx, db)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		st = s
		srv, err := server.New(server.Config{
			Store: s, Registry: variant.Builtin(),
			MaxGamesPerAddr: math.MaxInt32, Rate: math.MaxFloat64, Burst: math.MaxInt32,
			Cluster: &server.Cluster{NATSURL: natsURL, Node: fmt.Sprintf("n%d", i)},
		})
		if err != nil {
			t.Fatal(err)
		}
		if err := srv.Restore(ctx); err != nil {
			t.Fatal(err)
		}
		ts := httptest.NewServer(srv.Handler())
		defer ts.Close()
		defer srv.Close(context.Background())
		urls = append(urls, ts.URL)
	}
	const games = 8
	for _, ws := range []bool{false, true} {
		args := []string{"--url", strings.Join(urls, ","), "--games", "8", "--duration", "2s", "--think", "5ms", "--plies", "30"}
		if ws {
			args = append(args, "--ws")
		}
		rep := runLoadtest(t, args...)
		checkLoadReport(t, rep, games)
		if rep.Server != strings.Join(urls, ",") {
			t.Errorf("report names server %q, want %q", rep.Server, strings.Join(urls, ","))
		}
	}
	if live, err := st.LiveIDs(ctx); err != nil || len(live) > 0 {
		t.Errorf("%d games left live on the servers after the runs (%v)", len(live), err)
	}
}

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/coder/websocket"

	"github.com/baten-chess/baten/server"
	"github.com/baten-chess/baten/store"
	"github.com/baten-chess/baten/variant"
)

// loadOptions are the flags of "baten loadtest".
type loadOptions struct {
	url        string        // a running server; "" starts one in-process
	db         string        // the in-process server's store ("" a SQLite file in a temp dir)
	games      int           // concurrent games
	duration   time.Duration // the whole run, a hard cap
	ramp       time.Duration // games start spread over this time
	variant    string        // the game played
	think      time.Duration // pause before each action
	plies      int           // at this many actions the side to act resigns
	ws         bool          // WebSocket instead of the Board API
	h2c        bool          // Board API over unencrypted HTTP/2 (multiplexed)
	seed       uint64        // random legal actions; 0: random
	cpuprofile string        // CPU profile of the whole process
	jsonOut    bool
}

// loadDefaultPlies bounds each scripted game: random play would otherwise
// wander for hundreds of moves before a rule ends it.
const loadDefaultPlies = 100

func (c *cli) loadtestCommand(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	var o loadOptions
	fs.StringVar(&o.url, "url", "", "load a running server (http://HOST:PORT), or several sharing their games (comma-separated: each game is created on one and its players use the next ones); default: start one in this process on 127.0.0.1")
	fs.StringVar(&o.db, "db", "", "the in-process server's store: a SQLite file or a postgres:// URL (default: SQLite in a temporary directory)")
	fs.IntVar(&o.games, "games", 100, "concurrent games")
	fs.DurationVar(&o.duration, "duration", 30*time.Second, "length of the run (a hard cap)")
	fs.DurationVar(&o.ramp, "ramp", -1, "start the games spread over this time (default: 1ms per game, at most a third of --duration)")
	fs.StringVar(&o.variant, "variant", "chess", "game played: "+strings.Join(c.games.Names(), ", "))
	fs.DurationVar(&o.think, "think", 100*time.Millisecond, "each side's pause before each of its actions")
	fs.IntVar(&o.plies, "plies", loadDefaultPlies, "a game's side to act resigns after this many actions, and a new game starts in its place")
	fs.BoolVar(&o.ws, "ws", false, "play over WebSocket instead of the Board API (HTTP + NDJSON streams)")
	fs.BoolVar(&o.h2c, "h2c", false, "Board API over unencrypted HTTP/2: the streams and actions of 10 games share a connection (the in-process server speaks it; for more games than open files allow)")
	fs.Uint64Var(&o.seed, "seed", 0, "seed of the random legal actions; 0: random")
	fs.StringVar(&o.cpuprofile, "cpuprofile", "", "write a CPU profile of this process (clients and, in-process, the server) to FILE")
	fs.BoolVar(&o.jsonOut, "json", false, "print the report as JSON")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), `Usage: baten loadtest [flags]

Plays --games concurrent games of scripted clients over real sockets on
loopback for --duration: each game is created with POST /api/games, and
a white and a black client each follow it (a Board API stream, or a
WebSocket with --ws) and act with random legal actions when it is their
turn. Finished games are replaced by new ones. The report gives the
games held at once, games completed, actions per second, the action
round trip (sending an action until its acknowledgement: HTTP 200 or
WebSocket ack) at p50, p99 and max for the actions sent after --ramp
(those sent during it apart), the server's own commit time from its
/metrics, and the errors by kind. It exits 1 when any request failed.

Without --url the server runs in this process on 127.0.0.1 with a fresh
store and no per-address limits. Against a "baten serve", raise its
--rate, --max-games-per-addr and --max-conns-per-addr (or give 0): every
client comes from one address.
With several URLs (servers of one cluster, docs/deployment.md), game i is
created on URL i, its white player uses URL i+1 and its black player URL
i+2 (modulo their number), so that most actions cross servers; the
server commit times are summed over all of them.

Flags:
`)
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args, stdout, false); err != nil {
		return err
	}
	switch {
	case o.games < 1:
		return usageErrorf("--games %d: want at least 1", o.games)
	case o.duration <= 0:
		return usageErrorf("--duration %v: want a positive duration", o.duration)
	case o.think < 0:
		return usageErrorf("--think %v: want zero or more", o.think)
	case o.plies < 1:
		return usageErrorf("--plies %d: want at least 1", o.plies)
	case o.ws && o.h2c:
		return usageErrorf("--ws and --h2c: WebSocket runs over HTTP/1.1")
	case o.url != "" && o.db != "":
		return usageErrorf("--db is for the in-process server; --url names a running one")
	case o.url != "" && o.cpuprofile != "":
		return usageErrorf("--cpuprofile profiles the in-process server; profile a running one with its own tools")
	}
	var urls []string
	if o.url != "" {
		for _, s := range strings.Split(o.url, ",") {
			s = strings.TrimRight(strings.TrimSpace(s), "/")
			if u, err := url.Parse(s); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
				return usageErrorf("--url %q: want http://HOST:PORT (several separated by commas)", s)
			}
			urls = append(urls, s)
		}
	}
	if o.ramp < 0 {
		o.ramp = min(time.Duration(o.games)*time.Millisecond, o.duration/3)
	}
	v, err := lookupGame(c.games, o.variant)
	if err != nil {
		return fmt.Errorf("--variant: %w", err)
	}
	if o.seed == 0 {
		o.seed = rand.Uint64()
	}
	rep := &loadReport{
		Variant: v.Name, Games: o.games, ThinkMS: ms(o.think), Plies: o.plies, RampMS: ms(o.ramp),
		Transport: "board-api", HTTP: "HTTP/1.1", CPUs: runtime.NumCPU(), Seed: o.seed,
	}
	if o.ws {
		rep.Transport = "websocket"
	}
	if o.h2c {
		rep.HTTP = "h2c"
	}

	// Descriptors: each client's stream or WebSocket and the actions'
	// connections, and in-process the server's ends of them too. HTTP/2
	// multiplexes them all over a few connections.
	perGame := 3
	if o.h2c {
		perGame = 0
	}
	if o.url == "" {
		perGame *= 2
	}
	rep.NoFile, err = raiseNoFile(uint64(o.games*perGame + 1024))
	if err != nil {
		fmt.Fprintf(stderr, "baten loadtest: %v\n", err)
	}

	if len(urls) == 0 {
		srv, err := startLoadServer(ctx, c.games, o.db, o.h2c)
		if err != nil {
			return err
		}
		defer srv.close()
		urls, rep.Store, rep.InProcess = []string{srv.url}, srv.store, true
	}
	rep.Server = strings.Join(urls, ",")

	if o.cpuprofile != "" {
		stop, err := startCPUProfile(o.cpuprofile)
		if err != nil {
			return err
		}
		defer stop()
	}

	lt := &loadTest{opts: o, v: v, stats: newLoadStats(), servers: len(urls)}
	if len(urls) > 1 {
		client := loadHTTPClient(o.games, false)
		defer client.CloseIdleConnections()
		for _, u := range urls {
			lt.targets = append(lt.targets, &loadTarget{base: func() string { return u }, client: client})
		}
	} else {
		// An HTTP/2 connection carries at most the server's concurrent
		// streams (1000 in-process) and a Transport keeps one per host:
		// each h2cGamesPerConn games get a client, so a connection of
		// their own.
		shards := 1
		if o.h2c {
			shards = (o.games + h2cGamesPerConn - 1) / h2cGamesPerConn
		}
		for range shards {
			client := loadHTTPClient(min(o.games, h2cGamesPerConn), o.h2c)
			defer client.CloseIdleConnections()
			lt.targets = append(lt.targets, &loadTarget{base: func() string { return urls[0] }, client: client})
		}
	}
	servers := lt.targets[:lt.servers]
	before := commitHistograms(ctx, servers)
	lt.run(ctx)
	if err := ctx.Err(); err != nil {
		return err
	}
	lt.stats.fill(rep)
	if after := commitHistograms(ctx, servers); after != nil && before != nil {
		rep.ServerCommit = after.since(*before).summary()
	}
	if o.jsonOut {
		out, err := json.MarshalIndent(rep, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s\n", out)
	} else {
		rep.print(stdout)
	}
	if len(rep.Errors) > 0 {
		return errReported
	}
	return nil
}

// raiseNoFile raises the soft limit of open files to at least want (up
// to the hard limit, which only a privileged process can raise) and
// returns the limit in force; the error says when it is short of want.
func raiseNoFile(want uint64) (uint64, error) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0, fmt.Errorf("reading RLIMIT_NOFILE: %w", err)
	}
	if lim.Cur >= want {
		return lim.Cur, nil
	}
	if lim.Max < want {
		// Only a privileged process may raise the hard limit.
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &syscall.Rlimit{Cur: want, Max: want}); err == nil {
			return want, nil
		}
	}
	raised := syscall.Rlimit{Cur: min(want, lim.Max), Max: lim.Max}
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &raised); err != nil {
		return lim.Cur, fmt.Errorf("cannot raise RLIMIT_NOFILE from %d to %d: %w", lim.Cur, want, err)
	}
	if raised.Cur < want {
		return raised.Cur, fmt.Errorf("RLIMIT_NOFILE is %d (the hard limit, which this process may not raise): the run wants about %d descriptors, so connections may fail with \"too many open files\" (--h2c multiplexes the Board API over a few connections)", raised.Cur, want)
	}
	return raised.Cur, nil
}

// loadHTTPClient is one client shared by every scripted player: enough
// idle connections per host that actions reuse them (keep-alive), no
// overall timeout (streams last the whole game).
func loadHTTPClient(games int, h2c bool) *http.Client {
	tr := &http.Transport{
		Proxy:               nil,
		DialContext:         (&net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		MaxIdleConns:        0,
		MaxIdleConnsPerHost: 2*games + 16,
		IdleConnTimeout:     90 * time.Second,
		DisableCompression:  true,
		WriteBufferSize:     4 << 10,
		ReadBufferSize:      4 << 10,
	}
	if h2c {
		var p http.Protocols
		p.SetUnencryptedHTTP2(true)
		tr.Protocols = &p
		tr.HTTP2 = &http.HTTP2Config{MaxConcurrentStreams: 1000}
	}
	return &http.Client{Transport: tr}
}

// loadTarget is the server under load.
type loadTarget struct {
	// base returns the server's URL, "http://HOST:PORT" (a function: the
	// crash test restarts the server, perhaps on another port).
	base   func() string
	client *http.Client
}

// httpError is an answer other than the one expected.
type httpError struct {
	code int
	msg  string
}

func (e *httpError) Error() string { return fmt.Sprintf("HTTP %d: %s", e.code, e.msg) }

// do sends a request and decodes a JSON answer into out (if non-nil);
// a status other than want is an *httpError.
func (t *loadTarget) do(ctx context.Context, method, path, token string, body any, want int, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, t.base()+path, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := t.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode != want {
		var e struct{ Error string }
		if json.Unmarshal(data, &e) != nil || e.Error == "" {
			e.Error = strings.TrimSpace(string(data))
		}
		return &httpError{resp.StatusCode, e.Error}
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			return fmt.Errorf("decoding %s %s: %w", method, path, err)
		}
	}
	return nil
}

// newGame is the answer to POST /api/games.
type newGame struct {
	ID    string `json:"id"`
	White struct {
		Token string `json:"token"`
	} `json:"white"`
	Black struct {
		Token string `json:"token"`
	} `json:"black"`
}

// createGame creates a game; body is the JSON of POST /api/games.
func (t *loadTarget) createGame(ctx context.Context, body map[string]any) (newGame, error) {
	var g newGame
	if err := t.do(ctx, http.MethodPost, "/api/games", "", body, http.StatusCreated, &g); err != nil {
		return g, err
	}
	if g.ID == "" || g.White.Token == "" || g.Black.Token == "" {
		return g, fmt.Errorf("POST /api/games: answer without id or tokens")
	}
	return g, nil
}

// apiGame is GET /api/games/{id}, and the game of a WebSocket "full".
type apiGame struct {
	ID         string `json:"id"`
	InitialFen string `json:"initialFen"`
	Status     string `json:"status"`
	Winner     string `json:"winner"`
	Moves      string `json:"moves"`
	Wtime      int64  `json:"wtime"`
	Btime      int64  `json:"btime"`
	Version    int    `json:"version"`
}

// end resigns a game that is still live (or aborts it before both sides
// have acted), ignoring failures: a run leaves no game behind on a server
// that outlives it.
func (t *loadTarget) end(ctx context.Context, g newGame) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	for _, what := range []string{"resign", "abort"} {
		if t.do(ctx, http.MethodPost, "/api/board/game/"+g.ID+"/"+what, g.White.Token, nil, http.StatusOK, nil) == nil {
			return
		}
	}
}

// getGame reads GET /api/games/{id}.
func (t *loadTarget) getGame(ctx context.Context, id string) (apiGame, error) {
	var g apiGame
	err := t.do(ctx, http.MethodGet, "/api/games/"+id, "", nil, http.StatusOK, &g)
	return g, err
}

// gameOver reports whether status is a final one.
func gameOver(status string) bool { return status != "" && status != "created" && status != "started" }

// seenState is what a player learns from one stream line or event.
type seenState struct {
	plies        int    // actions played
	status       string // the game's status
	wtime, btime int64  // ms
}

// ackedAction is an action the server acknowledged: it is the game's
// action number index (from 0).
type ackedAction struct {
	index int
	text  string
}

// player is one scripted seat of one game: it follows the game (Board API
// stream or WebSocket) and, on its turn, waits think and plays a random
// legal action, or resigns once plies actions are played.
type player struct {
	target *loadTarget
	v      *variant.Variant
	gameID string
	color  variant.Color
	token  string
	think  time.Duration
	plies  int
	rng    *rand.Rand
	ws     bool
	// reconnect: on any failure, follow the game again (after a short
	// pause) until it ends or ctx does; the crash test's clients.
	reconnect bool
	// resign, if set, says when the side to act resigns (besides plies).
	resign func() bool

	// ready is called once the player has seen the game's state.
	ready func()
	// onState, if set, sees every state the player learns.
	onState func(seenState)
	// onAck, if set, sees every acknowledged action.
	onAck func(ackedAction)
	// onError, if set, sees every failure (the player then gives up, or
	// with reconnect tries again).
	onError func(op string, err error)

	// rtts are the round trips of actions sent from steadyFrom on,
	// rampRTTs those of actions sent before (while games still start).
	rtts, rampRTTs []time.Duration
	steadyFrom     time.Time

	// The game as far as the player knows it.
	start   variant.Position
	pos     variant.Position
	played  []string
	version int    // WebSocket: the last event's version
	status  string // last status seen
	// actedAt is len(played) when the player last sent an action that
	// was not refused, -1 if none: it does not act twice at one point.
	actedAt int
	wsID    int
}

// errGameRunning: the stream ended while the game was still live.
var errGameRunning = errors.New("the game's stream ended before the game")

// opError is a failure of one kind of request ("stream", "move", …).
type opError struct {
	op  string
	err error
}

func (e *opError) Error() string { return e.op + ": " + e.err.Error() }
func (e *opError) Unwrap() error { return e.err }

// play follows the game until it ends (nil), ctx ends (nil), or a
// failure (an *opError) when the player does not reconnect.
func (p *player) play(ctx context.Context) error {
	p.actedAt = -1
	for {
		var err error
		if p.ws {
			err = p.sessionWS(ctx)
		} else {
			err = p.sessionBoard(ctx)
		}
		if err == nil || ctx.Err() != nil {
			return nil
		}
		if p.onError != nil {
			var oe *opError
			if errors.As(err, &oe) {
				p.onError(oe.op, oe.err)
			} else {
				p.onError("play", err)
			}
		}
		if !p.reconnect {
			return err
		}
		// The next session starts from what the server says.
		p.actedAt = -1
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(time.Duration(20+p.rng.IntN(30)) * time.Millisecond):
		}
	}
}

// setStart sets the game's start position from its FEN ("startpos" or
// empty: the variant's standard start).
func (p *player) setStart(fen string) error {
	if p.start != nil && p.start.FEN() == fen {
		return nil
	}
	if fen == "" || fen == "startpos" {
		p.start = p.v.Start()
	} else {
		start, err := p.v.FromFEN(fen)
		if err != nil {
			return fmt.Errorf("initial FEN %q: %w", fen, err)
		}
		p.start = start
	}
	p.pos, p.played = p.start, p.played[:0]
	return nil
}

// sync brings the position to the actions moves (space-separated, all
// since the start), playing only the new ones when they extend what it
// has.
func (p *player) sync(moves string) error {
	all := strings.Fields(moves)
	if len(all) < len(p.played) || !slices.Equal(all[:len(p.played)], p.played) {
		p.pos, p.played = p.start, p.played[:0]
	}
	for _, text := range all[len(p.played):] {
		if err := p.apply(text); err != nil {
			return err
		}
	}
	return nil
}

// apply plays one action of the game.
func (p *player) apply(text string) error {
	a, err := p.pos.Parse(text)
	if err != nil {
		return fmt.Errorf("the server's action %d %q: %w", len(p.played)+1, text, err)
	}
	next, err := p.pos.Play(a)
	if err != nil {
		return fmt.Errorf("the server's action %d %q: %w", len(p.played)+1, text, err)
	}
	p.pos, p.played = next, append(p.played, text)
	return nil
}

// next returns the action to send when it is the player's turn: a random
// legal action, or "resign" once the game is long enough.
func (p *player) next() (string, bool) {
	if gameOver(p.status) || p.pos == nil || p.pos.Turn() != p.color || p.actedAt == len(p.played) {
		return "", false
	}
	if len(p.played) >= p.plies || (p.resign != nil && p.resign()) {
		return "resign", true
	}
	legal := p.pos.Legal()
	if len(legal) == 0 {
		return "", false // the server ends the game
	}
	return p.pos.Format(legal[p.rng.IntN(len(legal))], variant.Machine), true
}

// pause waits the thinking time; false if ctx ended.
func (p *player) pause(ctx context.Context) bool {
	if p.think <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(p.think)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// boardState is a Board API gameState (also the state of a gameFull).
type boardState struct {
	Type   string `json:"type"`
	Moves  string `json:"moves"`
	Wtime  int64  `json:"wtime"`
	Btime  int64  `json:"btime"`
	Status string `json:"status"`
}

// sessionBoard follows the game on one Board API stream and acts with
// POST requests.
func (p *player) sessionBoard(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.target.base()+"/api/board/game/stream/"+p.gameID, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+p.token)
	resp, err := p.target.client.Do(req)
	if err != nil {
		return &opError{"stream", err}
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		data, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<10))
		return &opError{"stream", &httpError{resp.StatusCode, strings.TrimSpace(string(data))}}
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 0, 4<<10), 1<<20)
	lines := 0
	for sc.Scan() {
		line := sc.Bytes()
		if len(bytes.TrimSpace(line)) == 0 {
			continue // keep-alive
		}
		lines++
		var msg struct {
			boardState
			InitialFen string      `json:"initialFen"`
			State      *boardState `json:"state"`
		}
		if err := json.Unmarshal(line, &msg); err != nil {
			return &opError{"stream", fmt.Errorf("line %q: %w", line, err)}
		}
		st := &msg.boardState
		switch msg.Type {
		case "gameFull":
			if err := p.setStart(msg.InitialFen); err != nil {
				return &opError{"stream", err}
			}
			if msg.State == nil {
				return &opError{"stream", errors.New("gameFull without state")}
			}
			st = msg.State
		case "gameState":
			if p.start == nil {
				return &opError{"stream", errors.New("gameState before gameFull")}
			}
		default:
			continue
		}
		if err := p.sync(st.Moves); err != nil {
			return &opError{"stream", err}
		}
		p.status = st.Status
		p.seen(st.Wtime, st.Btime)
		if gameOver(p.status) {
			// The stream ends here: reading its end lets the
			// connection serve again.
			_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
			return nil
		}
		action, ok := p.next()
		if !ok {
			continue
		}
		if !p.pause(ctx) {
			return nil
		}
		if err := p.postAction(ctx, action); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return &opError{"stream", err}
	}
	return &opError{"stream", fmt.Errorf("%w (after %d lines, the last status %q)", errGameRunning, lines, p.status)}
}

// seen reports the state the player has reached.
func (p *player) seen(wtime, btime int64) {
	if p.ready != nil {
		p.ready()
		p.ready = nil
	}
	if p.onState != nil {
		p.onState(seenState{plies: len(p.played), status: p.status, wtime: wtime, btime: btime})
	}
}

// postAction sends one action over the Board API and times it.
func (p *player) postAction(ctx context.Context, action string) error {
	path, op := "/api/board/game/"+p.gameID+"/move/"+url.PathEscape(action), "move"
	if action == "resign" {
		path, op = "/api/board/game/"+p.gameID+"/resign", "resign"
	}
	index := len(p.played)
	p.actedAt = index
	t0 := time.Now()
	if err := p.target.do(ctx, http.MethodPost, path, p.token, nil, http.StatusOK, nil); err != nil {
		return &opError{op, err}
	}
	p.acked(time.Since(t0), ackedAction{index, action})
	return nil
}

// acked records an acknowledged action.
func (p *player) acked(rtt time.Duration, a ackedAction) {
	if time.Now().Add(-rtt).Before(p.steadyFrom) {
		p.rampRTTs = append(p.rampRTTs, rtt)
	} else {
		p.rtts = append(p.rtts, rtt)
	}
	if p.onAck != nil && a.text != "resign" {
		p.onAck(a)
	}
}

// wsMessage is any WebSocket message, either way.
type wsMessage struct {
	T       string   `json:"t"`
	Token   string   `json:"token,omitempty"`
	ID      int      `json:"id,omitempty"`
	Action  string   `json:"action,omitempty"`
	Version int      `json:"version"`
	Kind    string   `json:"kind,omitempty"`
	Text    string   `json:"text,omitempty"`
	Wtime   int64    `json:"wtime,omitempty"`
	Btime   int64    `json:"btime,omitempty"`
	Status  string   `json:"status,omitempty"`
	Error   string   `json:"error,omitempty"`
	Game    *apiGame `json:"game,omitempty"`
}

// wsURL returns the WebSocket URL of a game.
func (p *player) wsURL() string {
	base := p.target.base()
	if rest, ok := strings.CutPrefix(base, "http"); ok {
		base = "ws" + rest
	}
	return base + "/api/games/" + p.gameID + "/ws"
}

// sessionWS follows the game over one WebSocket and acts on it.
func (p *player) sessionWS(ctx context.Context) error {
	c, _, err := websocket.Dial(ctx, p.wsURL(), &websocket.DialOptions{HTTPClient: p.target.client})
	if err != nil {
		return &opError{"ws-dial", err}
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 20)
	send := func(m wsMessage) error {
		b, err := json.Marshal(m)
		if err != nil {
			return err
		}
		return c.Write(ctx, websocket.MessageText, b)
	}
	if p.start == nil {
		p.version = 0 // nothing to resume from
	}
	if err := send(wsMessage{T: "hello", Token: p.token, Version: p.version}); err != nil {
		return &opError{"ws", err}
	}
	if p.version > 0 {
		// Resuming: the server sends only the events missed, none if
		// there are none. Its pong comes after them, so the player
		// knows then that its state is current.
		if err := send(wsMessage{T: "ping"}); err != nil {
			return &opError{"ws", err}
		}
	}
	var (
		pendingID   int
		pendingAt   time.Time
		pendingText string
		pendingIdx  int
		msgs        int
	)
	for {
		_, data, err := c.Read(ctx)
		if err != nil {
			return &opError{"ws", fmt.Errorf("after %d messages, the last status %q: %w", msgs, p.status, err)}
		}
		msgs++
		var m wsMessage
		if err := json.Unmarshal(data, &m); err != nil {
			return &opError{"ws", fmt.Errorf("message %q: %w", data, err)}
		}
		switch m.T {
		case "full":
			if m.Game == nil {
				return &opError{"ws", errors.New("full without game")}
			}
			if err := p.setStart(m.Game.InitialFen); err != nil {
				return &opError{"ws", err}
			}
			if err := p.sync(m.Game.Moves); err != nil {
				return &opError{"ws", err}
			}
			p.version, p.status = m.Version, m.Game.Status
			p.seen(m.Game.Wtime, m.Game.Btime)
		case "event":
			if p.start == nil {
				return &opError{"ws", errors.New("event before full")}
			}
			if m.Version <= p.version {
				continue // seen already
			}
			if m.Version != p.version+1 {
				err := fmt.Errorf("event version %d after %d", m.Version, p.version)
				p.version = 0 // start over from a full state
				return &opError{"ws", err}
			}
			if m.Kind == "action" {
				if err := p.apply(m.Text); err != nil {
					return &opError{"ws", err}
				}
			}
			p.version, p.status = m.Version, m.Status
			p.seen(m.Wtime, m.Btime)
		case "pong", "resumed":
			if p.start == nil {
				continue
			}
		case "ack":
			if m.ID == pendingID && pendingID != 0 {
				p.acked(time.Since(pendingAt), ackedAction{pendingIdx, pendingText})
				pendingID = 0
			}
		case "error":
			if m.ID == pendingID && pendingID != 0 {
				op := "act"
				if pendingText == "resign" {
					op = "resign"
				}
				return &opError{op, &httpError{0, m.Error}}
			}
			return &opError{"ws", fmt.Errorf("error: %s", m.Error)}
		default:
			continue
		}
		if gameOver(p.status) {
			return nil
		}
		if pendingID != 0 {
			continue
		}
		action, ok := p.next()
		if !ok {
			continue
		}
		if !p.pause(ctx) {
			return nil
		}
		p.wsID++
		pendingID, pendingText, pendingIdx, pendingAt = p.wsID, action, len(p.played), time.Now()
		p.actedAt = len(p.played)
		if err := send(wsMessage{T: "act", ID: pendingID, Action: action}); err != nil {
			return &opError{"act", err}
		}
	}
}

// loadTest is one run of "baten loadtest".
type loadTest struct {
	opts loadOptions
	v    *variant.Variant
	// targets are the servers (servers of them), or the one server
	// through several clients (h2c).
	targets []*loadTarget
	servers int
	stats   *loadStats
	// steadyFrom is the end of the ramp: every game has started.
	steadyFrom time.Time
}

// h2cGamesPerConn is how many games share one HTTP/2 connection: their
// 2 streams each and the actions in flight stay well within the
// in-process server's 1000 concurrent streams, and the server's write
// scheduler, which visits every stream of a connection for each frame,
// has few to visit.
const h2cGamesPerConn = 10

// run plays the games until the duration ends, then returns once every
// client has stopped.
func (lt *loadTest) run(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, lt.opts.duration)
	defer cancel()
	t0 := time.Now()
	lt.steadyFrom = t0.Add(lt.opts.ramp)
	var wg sync.WaitGroup
	for i := range lt.opts.games {
		wg.Go(func() {
			delay := time.Duration(0)
			if lt.opts.games > 1 {
				delay = lt.opts.ramp * time.Duration(i) / time.Duration(lt.opts.games)
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(delay):
			}
			lt.slot(ctx, i)
		})
	}
	<-ctx.Done()
	lt.stats.elapsed = time.Since(t0)
	wg.Wait()
}

// slot plays one game after another until ctx ends.
func (lt *loadTest) slot(ctx context.Context, slot int) {
	rng := rand.New(rand.NewPCG(lt.opts.seed, uint64(slot)))
	target := lt.targets[slot%len(lt.targets)]
	// With several servers, each seat plays through another one.
	seats := [2]*loadTarget{target, target}
	if lt.servers > 1 {
		seats = [2]*loadTarget{lt.targets[(slot+1)%lt.servers], lt.targets[(slot+2)%lt.servers]}
	}
	for ctx.Err() == nil {
		body := map[string]any{
			"variant": lt.v.Name,
			"white":   map[string]string{"name": fmt.Sprintf("load%dw", slot)},
			"black":   map[string]string{"name": fmt.Sprintf("load%db", slot)},
		}
		// The game is created even if the run ends meanwhile, so that it
		// is known, and resigned below.
		cctx, ccancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		g, err := target.createGame(cctx, body)
		ccancel()
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			lt.stats.fail("create", err)
			sleepCtx(ctx, 100*time.Millisecond)
			continue
		}
		lt.stats.started.Add(1)
		over := lt.playGame(ctx, seats, g, rng)
		if over {
			lt.stats.completed.Add(1)
			continue
		}
		if lt.opts.url != "" {
			// Leave no game behind on a server that outlives the run.
			target.end(ctx, g)
		}
		if ctx.Err() == nil {
			sleepCtx(ctx, 100*time.Millisecond)
		}
	}
}

// playGame plays one created game with two players and reports whether
// it ended.
func (lt *loadTest) playGame(ctx context.Context, seats [2]*loadTarget, g newGame, rng *rand.Rand) bool {
	gctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var joined atomic.Int32
	var held atomic.Bool
	ready := func() {
		if joined.Add(1) == 2 {
			held.Store(true)
			lt.stats.liveAdd(1)
		}
	}
	var players [2]*player
	for i, tok := range []string{g.White.Token, g.Black.Token} {
		players[i] = &player{
			target: seats[i], v: lt.v, gameID: g.ID, color: variant.Color(i), token: tok,
			think: lt.opts.think, plies: lt.opts.plies, ws: lt.opts.ws,
			rng:   rand.New(rand.NewPCG(rng.Uint64(), rng.Uint64())),
			ready: ready, steadyFrom: lt.steadyFrom,
		}
	}
	var wg sync.WaitGroup
	var failed atomic.Bool
	for _, p := range players {
		wg.Go(func() {
			if err := p.play(gctx); err != nil && gctx.Err() == nil {
				failed.Store(true)
				var oe *opError
				if errors.As(err, &oe) {
					lt.stats.fail(oe.op, oe.err)
				} else {
					lt.stats.fail("play", err)
				}
				cancel() // the other seat waits in vain
			}
		})
	}
	wg.Wait()
	if held.Load() {
		lt.stats.liveAdd(-1)
	}
	for _, p := range players {
		lt.stats.addRTTs(p.rtts, p.rampRTTs)
	}
	return !failed.Load() && ctx.Err() == nil && gameOver(players[0].status) && gameOver(players[1].status)
}

// sleepCtx sleeps d or until ctx ends.
func sleepCtx(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// loadStats gathers a run's figures from every goroutine.
type loadStats struct {
	live, peak         atomic.Int64
	started, completed atomic.Int64
	elapsed            time.Duration

	mu      sync.Mutex
	rtts    []time.Duration // after the ramp
	ramp    []time.Duration // during the ramp
	errs    map[string]int
	samples map[string]string
}

func newLoadStats() *loadStats {
	return &loadStats{errs: map[string]int{}, samples: map[string]string{}}
}

// liveAdd counts games held (both players following) and their peak.
func (s *loadStats) liveAdd(d int64) {
	n := s.live.Add(d)
	for {
		p := s.peak.Load()
		if n <= p || s.peak.CompareAndSwap(p, n) {
			return
		}
	}
}

func (s *loadStats) addRTTs(steady, ramp []time.Duration) {
	s.mu.Lock()
	s.rtts = append(s.rtts, steady...)
	s.ramp = append(s.ramp, ramp...)
	s.mu.Unlock()
}

// fail counts one failure by its kind.
func (s *loadStats) fail(op string, err error) {
	kind := op + ": " + errorKind(err)
	s.mu.Lock()
	s.errs[kind]++
	if _, ok := s.samples[kind]; !ok {
		msg := err.Error()
		if len(msg) > 200 {
			msg = msg[:200] + "…"
		}
		s.samples[kind] = msg
	}
	s.mu.Unlock()
}

// errorKind names the class of a failure: an HTTP status, a system
// error, a timeout.
func errorKind(err error) string {
	var he *httpError
	var errno syscall.Errno
	var ce websocket.CloseError
	switch {
	case errors.As(err, &he):
		if he.code == 0 {
			return "refused"
		}
		return fmt.Sprintf("HTTP %d", he.code)
	case errors.As(err, &errno):
		switch errno {
		case syscall.EMFILE, syscall.ENFILE:
			return "too many open files"
		case syscall.ECONNREFUSED:
			return "connection refused"
		case syscall.ECONNRESET:
			return "connection reset"
		case syscall.EADDRNOTAVAIL:
			return "no free local port"
		case syscall.EPIPE:
			return "broken pipe"
		}
		return errno.Error()
	case errors.As(err, &ce):
		return fmt.Sprintf("websocket closed (%d)", int(ce.Code))
	case errors.Is(err, errGameRunning):
		return "ended early"
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "connection closed"
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, os.ErrDeadlineExceeded):
		return "timeout"
	case errors.Is(err, variant.ErrIllegal):
		return "illegal action from the server"
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return "timeout"
	}
	return "other"
}

// loadReport is the outcome of a run (also its --json form).
type loadReport struct {
	Server    string  `json:"server"`
	InProcess bool    `json:"inProcess"`
	Store     string  `json:"store,omitempty"`
	Transport string  `json:"transport"` // "board-api" or "websocket"
	HTTP      string  `json:"http"`      // "HTTP/1.1" or "h2c"
	Variant   string  `json:"variant"`
	Games     int     `json:"games"` // asked for
	ThinkMS   float64 `json:"thinkMs"`
	Plies     int     `json:"plies"`
	Seed      uint64  `json:"seed"`
	CPUs      int     `json:"cpus"`
	NoFile    uint64  `json:"nofile"`

	Seconds          float64     `json:"seconds"`
	Held             int64       `json:"held"` // peak of games live at once
	Started          int64       `json:"started"`
	Completed        int64       `json:"completed"`
	Actions          int         `json:"actions"`
	ActionsPerSecond float64     `json:"actionsPerSecond"`
	RTT              rttSummary  `json:"rttMs"` // actions sent after the ramp
	RampMS           float64     `json:"rampMs"`
	RampRTT          *rttSummary `json:"rampRttMs,omitempty"` // actions sent during the ramp
	// ServerCommit is the server's own time from receiving an action to
	// its commit (its /metrics histogram baten_action_seconds, over the
	// run), nil if it has none.
	ServerCommit *commitSummary    `json:"serverCommitMs,omitempty"`
	Errors       map[string]int    `json:"errors"`
	ErrorSamples map[string]string `json:"errorSamples,omitempty"`
}

// rttSummary is the action round trip in milliseconds.
type rttSummary struct {
	Count int     `json:"count"`
	P50   float64 `json:"p50"`
	P90   float64 `json:"p90"`
	P99   float64 `json:"p99"`
	Max   float64 `json:"max"`
	Mean  float64 `json:"mean"`
}

// summarize sorts rtts and returns their quantiles.
func summarize(rtts []time.Duration) rttSummary {
	n := len(rtts)
	if n == 0 {
		return rttSummary{}
	}
	slices.Sort(rtts)
	at := func(q float64) float64 { return ms(rtts[min(n-1, int(q*float64(n)))]) }
	var sum time.Duration
	for _, d := range rtts {
		sum += d
	}
	return rttSummary{Count: n, P50: at(0.50), P90: at(0.90), P99: at(0.99), Max: ms(rtts[n-1]), Mean: ms(sum / time.Duration(n))}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// fill writes the figures into rep.
func (s *loadStats) fill(rep *loadReport) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rep.Seconds = s.elapsed.Seconds()
	rep.Held, rep.Started, rep.Completed = s.peak.Load(), s.started.Load(), s.completed.Load()
	rep.Actions = len(s.rtts) + len(s.ramp)
	if rep.Seconds > 0 {
		rep.ActionsPerSecond = float64(rep.Actions) / rep.Seconds
	}
	rep.RTT = summarize(s.rtts)
	if len(s.ramp) > 0 {
		r := summarize(s.ramp)
		rep.RampRTT = &r
	}
	rep.Errors = s.errs
	if len(s.samples) > 0 {
		rep.ErrorSamples = s.samples
	}
}

// print writes the report for people.
func (rep *loadReport) print(w io.Writer) {
	where := rep.Server
	if rep.InProcess {
		where = "in-process server at " + rep.Server + ", store " + rep.Store
	}
	transport := "Board API over " + rep.HTTP
	if rep.Transport == "websocket" {
		transport = "WebSocket"
	}
	fmt.Fprintf(w, "baten loadtest: %d games of %s, %s, think %gms, %d plies a game, %.1fs against %s\n",
		rep.Games, rep.Variant, transport, rep.ThinkMS, rep.Plies, rep.Seconds, where)
	fmt.Fprintf(w, "games held:  %d at once (peak); %d started, %d completed\n", rep.Held, rep.Started, rep.Completed)
	fmt.Fprintf(w, "actions:     %d acknowledged, %.1f/s\n", rep.Actions, rep.ActionsPerSecond)
	fmt.Fprintf(w, "round trip:  p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms (mean %.2f ms) of the %d actions after the %gms ramp\n",
		rep.RTT.P50, rep.RTT.P90, rep.RTT.P99, rep.RTT.Max, rep.RTT.Mean, rep.RTT.Count, rep.RampMS)
	if r := rep.RampRTT; r != nil {
		fmt.Fprintf(w, "  in ramp:   p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms (mean %.2f ms) of %d actions\n",
			r.P50, r.P90, r.P99, r.Max, r.Mean, r.Count)
	}
	if c := rep.ServerCommit; c != nil {
		fmt.Fprintf(w, "server:      %d actions received to committed in mean %.2f ms, p50 ≤ %g ms, p99 ≤ %g ms (its /metrics)\n",
			c.Count, c.Mean, c.P50, c.P99)
	}
	if len(rep.Errors) == 0 {
		fmt.Fprintln(w, "errors:      none")
		return
	}
	kinds := make([]string, 0, len(rep.Errors))
	for k := range rep.Errors {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	fmt.Fprintln(w, "errors:")
	for _, k := range kinds {
		fmt.Fprintf(w, "  %-34s %6d  e.g. %s\n", k, rep.Errors[k], rep.ErrorSamples[k])
	}
}

// loadServer is the in-process server of a run.
type loadServer struct {
	url   string
	store string
	close func()
}

// loadStoreDSN returns the in-process server's store: db, or a SQLite
// file in a new temporary directory (removed by cleanup).
func loadStoreDSN(db string) (dsn string, cleanup func(), err error) {
	if db != "" {
		return db, func() {}, nil
	}
	dir, err := os.MkdirTemp("", "baten-loadtest-")
	if err != nil {
		return "", nil, err
	}
	return filepath.Join(dir, "load.db"), func() { os.RemoveAll(dir) }, nil
}

// startLoadServer starts the game server in this process on a free port
// of 127.0.0.1, over a fresh store (or db), without per-address limits:
// every scripted client comes from one address.
func startLoadServer(ctx context.Context, games *variant.Registry, db string, h2c bool) (*loadServer, error) {
	dsn, cleanup, err := loadStoreDSN(db)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	st, err := store.Open(ctx, dsn)
	if err != nil {
		cleanup()
		return nil, fmt.Errorf("store: %w", err)
	}
	srv, err := server.New(server.Config{
		Store:           st,
		Registry:        games,
		MaxGamesPerAddr: math.MaxInt32,
		Rate:            math.MaxFloat64,
		Burst:           math.MaxInt32,
	})
	if err == nil {
		err = srv.Restore(ctx)
	}
	if err != nil {
		st.Close()
		cleanup()
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		st.Close()
		cleanup()
		return nil, err
	}
	// Failures show in the clients' errors; the server's own log of
	// them (accept: too many open files, …) would drown the report.
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second, ErrorLog: log.New(io.Discard, "", 0)}
	if h2c {
		var p http.Protocols
		p.SetHTTP1(true)
		p.SetUnencryptedHTTP2(true)
		hs.Protocols = &p
		hs.HTTP2 = &http.HTTP2Config{MaxConcurrentStreams: 1000}
	}
	go hs.Serve(ln)
	name := "SQLite " + dsn
	if db != "" && (strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")) {
		name = "PostgreSQL"
	} else if db == "" {
		name = "SQLite (temporary file)"
	}
	return &loadServer{
		url:   "http://" + ln.Addr().String(),
		store: name,
		close: func() {
			cctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			srv.Close(cctx)
			hs.Shutdown(cctx)
			hs.Close()
			st.Close()
			cleanup()
		},
	}, nil
}

// histogram is the server's baten_action_seconds: cumulative counts by
// upper bound (seconds, the last +Inf), the sum and the count.
type histogram struct {
	bounds []float64
	counts []float64
	sum    float64
	n      float64
}

// commitHistogram reads baten_action_seconds from the server's /metrics.
func (t *loadTarget) commitHistogram(ctx context.Context) (histogram, error) {
	var h histogram
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, t.base()+"/metrics", nil)
	if err != nil {
		return h, err
	}
	resp, err := t.client.Do(req)
	if err != nil {
		return h, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return h, &httpError{resp.StatusCode, "GET /metrics"}
	}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), " ")
		if !ok {
			continue
		}
		var v float64
		if _, err := fmt.Sscan(value, &v); err != nil {
			continue
		}
		switch {
		case strings.HasPrefix(name, `baten_action_seconds_bucket{le="`):
			le := strings.TrimSuffix(strings.TrimPrefix(name, `baten_action_seconds_bucket{le="`), `"}`)
			b := math.Inf(1)
			if le != "+Inf" {
				if _, err := fmt.Sscan(le, &b); err != nil {
					continue
				}
			}
			h.bounds, h.counts = append(h.bounds, b), append(h.counts, v)
		case name == "baten_action_seconds_sum":
			h.sum = v
		case name == "baten_action_seconds_count":
			h.n = v
		}
	}
	if err := sc.Err(); err != nil {
		return h, err
	}
	if len(h.bounds) == 0 {
		return h, errors.New("no baten_action_seconds in /metrics")
	}
	return h, nil
}

// since returns the histogram of what h counted after before (the same
// server, so the same buckets).
// commitHistograms is the sum of the servers' commitHistogram, nil if
// one of them does not answer.
func commitHistograms(ctx context.Context, servers []*loadTarget) *histogram {
	var sum histogram
	for i, t := range servers {
		h, err := t.commitHistogram(ctx)
		if err != nil {
			return nil
		}
		if i == 0 {
			sum = h
			continue
		}
		if !slices.Equal(h.bounds, sum.bounds) {
			return nil
		}
		for j := range sum.counts {
			sum.counts[j] += h.counts[j]
		}
		sum.sum += h.sum
		sum.n += h.n
	}
	return &sum
}

func (h histogram) since(before histogram) histogram {
	if !slices.Equal(h.bounds, before.bounds) {
		return h
	}
	d := histogram{bounds: h.bounds, counts: slices.Clone(h.counts), sum: h.sum - before.sum, n: h.n - before.n}
	for i := range d.counts {
		d.counts[i] -= before.counts[i]
	}
	return d
}

// commitSummary is the server's receive-to-commit time, in ms; the
// quantiles are the upper bounds of their buckets (-1: above the largest).
type commitSummary struct {
	Count int64   `json:"count"`
	Mean  float64 `json:"mean"`
	P50   float64 `json:"p50AtMost"`
	P99   float64 `json:"p99AtMost"`
}

func (h histogram) summary() *commitSummary {
	if h.n <= 0 || len(h.bounds) == 0 {
		return nil
	}
	at := func(q float64) float64 {
		for i, c := range h.counts {
			if c >= q*h.n && !math.IsInf(h.bounds[i], 1) {
				return h.bounds[i] * 1000
			}
		}
		return -1 // above the largest bound
	}
	return &commitSummary{Count: int64(h.n), Mean: h.sum / h.n * 1000, P50: at(0.5), P99: at(0.99)}
}

// startCPUProfile profiles this process's CPU into file until stop.
func startCPUProfile(file string) (stop func(), err error) {
	f, err := os.Create(file)
	if err != nil {
		return nil, fmt.Errorf("--cpuprofile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("--cpuprofile: %w", err)
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}

package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/baten-chess/baten/store"
	"github.com/baten-chess/baten/variant"
	"github.com/coder/websocket"
)

// harness is a real server over a real SQLite store in a temporary
// directory, served on loopback by its HTTPServer over its Listener.
type harness struct {
	t    *testing.T
	db   string
	pg   string // a PostgreSQL URL: the store instead of db
	cfg  Config
	st   store.Store
	srv  *Server
	hs   *httptest.Server
	http *http.Client
}

// newHarness starts a server; mod changes its config.
func newHarness(t *testing.T, mod func(*Config)) *harness {
	t.Helper()
	return startHarness(t, &harness{t: t, db: filepath.Join(t.TempDir(), "baten.db"), http: &http.Client{Timeout: 10 * time.Second}},
		slog.New(slog.NewTextHandler(io.Discard, nil)), mod)
}

// startHarness gives h the tests' config, changed by mod, and starts it.
func startHarness(t *testing.T, h *harness, log *slog.Logger, mod func(*Config)) *harness {
	t.Helper()
	h.cfg = Config{Registry: variant.Builtin(), Rate: 10000, Burst: 10000, Logger: log}
	if mod != nil {
		mod(&h.cfg)
	}
	h.start()
	t.Cleanup(h.stop)
	return h
}

// start opens the store and the server (again, after stop).
func (h *harness) start() {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var st store.Store
	var err error
	if h.pg != "" {
		st, err = store.OpenPostgres(ctx, h.pg)
	} else {
		st, err = store.OpenSQLite(ctx, h.db)
	}
	if err != nil {
		h.t.Fatal(err)
	}
	cfg := h.cfg
	cfg.Store = st
	srv, err := New(cfg)
	if err != nil {
		h.t.Fatal(err)
	}
	if err := srv.Restore(ctx); err != nil {
		h.t.Fatal(err)
	}
	// Served as `baten serve` serves it: its http.Server's timeouts
	// and the per-address cap on connections.
	hs := httptest.NewUnstartedServer(nil)
	hs.Config = srv.HTTPServer()
	hs.Listener = srv.Listener(hs.Listener)
	hs.Start()
	h.st, h.srv, h.hs = st, srv, hs
}

// stop closes the server and its store, as a graceful shutdown does.
func (h *harness) stop() {
	if h.srv == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = h.srv.Close(ctx)
	h.hs.Close()
	_ = h.st.Close()
	h.srv = nil
}

// with returns the harness for subtest t: its helpers fail t, as a
// parallel subtest must (FailNow on the parent's t from a subtest's
// goroutine panics).
func (h *harness) with(t *testing.T) *harness {
	c := *h
	c.t = t
	return &c
}

// restart is stop then start: a new process over the same database.
func (h *harness) restart() {
	h.stop()
	h.start()
}

// do sends a request and returns the status and body.
func (h *harness) do(method, path, token string, body any) (int, []byte) {
	h.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		js, _ := json.Marshal(b)
		rd = bytes.NewReader(js)
	}
	req, err := http.NewRequest(method, h.hs.URL+path, rd)
	if err != nil {
		h.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := h.http.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, out
}

// create makes a game and returns its answer.
func (h *harness) create(body any) createResponse {
	h.t.Helper()
	code, out := h.do("POST", "/api/games", "", body)
	if code != http.StatusCreated {
		h.t.Fatalf("create %v: %d %s", body, code, out)
	}
	var cr createResponse
	if err := json.Unmarshal(out, &cr); err != nil {
		h.t.Fatal(err)
	}
	return cr
}

// token returns the token of the seat of c.
func (cr createResponse) token(c variant.Color) string {
	if c == variant.Black {
		return cr.Black.Token
	}
	return cr.White.Token
}

// move plays an action through the Board API and fails the test unless
// it is accepted.
func (h *harness) move(id, token, action string) {
	h.t.Helper()
	if code, out := h.do("POST", "/api/board/game/"+id+"/move/"+action, token, nil); code != http.StatusOK {
		h.t.Fatalf("move %s: %d %s", action, code, out)
	}
}

// game returns GET /api/games/{id}.
func (h *harness) game(id string) gameView {
	h.t.Helper()
	code, out := h.do("GET", "/api/games/"+id, "", nil)
	if code != http.StatusOK {
		h.t.Fatalf("get %s: %d %s", id, code, out)
	}
	var gv gameView
	if err := json.Unmarshal(out, &gv); err != nil {
		h.t.Fatal(err)
	}
	return gv
}

// stream opens an NDJSON stream and returns its lines (empty keep-alive
// lines skipped) on a channel closed at the stream's end.
func (h *harness) stream(path, token string) (<-chan map[string]any, func()) {
	h.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", h.hs.URL+path, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		h.t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		cancel()
		b, _ := io.ReadAll(resp.Body)
		h.t.Fatalf("stream %s: %d %s", path, resp.StatusCode, b)
	}
	ch := make(chan map[string]any, 256)
	go func() {
		defer close(ch)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if len(bytes.TrimSpace(sc.Bytes())) == 0 {
				continue
			}
			var m map[string]any
			if json.Unmarshal(sc.Bytes(), &m) == nil {
				ch <- m
			}
		}
	}()
	return ch, cancel
}

// next returns the next line of a stream, failing after d.
func next(t *testing.T, ch <-chan map[string]any, d time.Duration) map[string]any {
	t.Helper()
	select {
	case m, ok := <-ch:
		if !ok {
			t.Fatal("stream ended")
		}
		return m
	case <-time.After(d):
		t.Fatal("no line within", d)
	}
	return nil
}

// wsClient is a WebSocket client of one game.
type wsClient struct {
	t    *testing.T
	c    *websocket.Conn
	msgs chan map[string]any
	id   int64
}

// dialWS connects to a game's socket and says hello.
func (h *harness) dialWS(id, token string, version int) *wsClient {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	u := "ws" + strings.TrimPrefix(h.hs.URL, "http") + "/api/games/" + id + "/ws"
	c, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		h.t.Fatal(err)
	}
	w := &wsClient{t: h.t, c: c, msgs: make(chan map[string]any, 256)}
	go func() {
		defer close(w.msgs)
		for {
			_, b, err := c.Read(context.Background())
			if err != nil {
				return
			}
			var m map[string]any
			if json.Unmarshal(b, &m) == nil {
				w.msgs <- m
			}
		}
	}()
	w.send(map[string]any{"t": "hello", "token": token, "version": version})
	h.t.Cleanup(func() { c.CloseNow() })
	return w
}

func (w *wsClient) send(v any) {
	w.t.Helper()
	b, _ := json.Marshal(v)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := w.c.Write(ctx, websocket.MessageText, b); err != nil {
		w.t.Fatal(err)
	}
}

// next returns the next message.
func (w *wsClient) next() map[string]any {
	w.t.Helper()
	return next(w.t, w.msgs, 5*time.Second)
}

// until returns the first message of type typ, skipping others.
func (w *wsClient) until(typ string) map[string]any {
	w.t.Helper()
	for {
		if m := w.next(); m["t"] == typ {
			return m
		}
	}
}

// act sends an action and waits for its ack (or error), returning it.
func (w *wsClient) act(action string) map[string]any {
	w.t.Helper()
	w.id++
	w.send(map[string]any{"t": "act", "id": w.id, "action": action})
	for {
		m := w.next()
		if (m["t"] == "ack" || m["t"] == "error") && int64(num(m["id"])) == w.id {
			return m
		}
	}
}

// num reads a JSON number.
func num(v any) float64 {
	f, _ := v.(float64)
	return f
}

package server

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/baten-chess/baten/store"
	"github.com/baten-chess/baten/variant"
)

// serveReal serves a server of cfg as `baten serve` does (HTTPServer
// over Listener) on a free port of 127.0.0.1, restored or not, and
// returns its address.
func serveReal(t *testing.T, cfg Config, restore bool) string {
	t.Helper()
	st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "baten.db"))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Store, cfg.Registry = st, variant.Builtin()
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if restore {
		if err := srv.Restore(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := srv.HTTPServer()
	go hs.Serve(srv.Listener(ln))
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Close(ctx)
		_ = hs.Close()
		_ = st.Close()
	})
	return ln.Addr().String()
}

// dialFrom connects to addr from the loopback address local ("" for
// any).
func dialFrom(local, addr string) (net.Conn, error) {
	d := net.Dialer{Timeout: 5 * time.Second}
	if local != "" {
		d.LocalAddr = &net.TCPAddr{IP: net.ParseIP(local)}
	}
	return d.Dial("tcp", addr)
}

// closedWithin reads c until the server closes it and reports whether it
// did before deadline, with the status line it answered, if any.
func closedWithin(c net.Conn, deadline time.Time) (bool, string) {
	_ = c.SetReadDeadline(deadline)
	br := bufio.NewReader(c)
	status, _ := br.ReadString('\n')
	_, err := io.Copy(io.Discard, br)
	if err == nil || !errors.Is(err, os.ErrDeadlineExceeded) {
		return true, strings.TrimSpace(status) // EOF, or a reset: closed
	}
	return false, strings.TrimSpace(status)
}

// TestPartialBodiesClosed: requests that announce a body and send only
// part of it do not hold their connections: those refused before the
// body is read (429 over the rate, 413 too large, 503 before Restore)
// are answered and closed at once, and one let through is closed when
// its RequestTimeout runs out. Before, the refused ones stayed open for
// ever, and a few hundred of them stopped a server short of file
// descriptors.
func TestPartialBodiesClosed(t *testing.T) {
	const timeout = time.Second
	cfg := Config{Rate: 0.001, Burst: 1, MaxBody: 1024, RequestTimeout: timeout, MaxConnsPerAddr: 1000}
	limited := serveReal(t, cfg, true)
	starting := serveReal(t, cfg, false)
	cfg.Rate, cfg.Burst = 10000, 10000
	open := serveReal(t, cfg, true)
	tests := []struct {
		name, addr string
		length     int // the Content-Length announced
		n          int // connections
		want       string
	}{
		{"over the rate", limited, 500, 60, "429"},
		{"too large", open, 100 << 10, 30, "413"},
		{"starting", starting, 500, 30, "503"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			conns := make([]net.Conn, tc.n)
			for i := range conns {
				c, err := dialFrom("", tc.addr)
				if err != nil {
					t.Fatal(err)
				}
				defer c.Close()
				fmt.Fprintf(c, "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n{\"variant\":", tc.length)
				conns[i] = c
			}
			// Everything but a request let through closes within a
			// second or two (Connection: close), that one when its
			// timeout runs out.
			deadline := time.Now().Add(timeout + 3*time.Second)
			var mu sync.Mutex
			open, codes := 0, map[string]int{}
			var wg sync.WaitGroup
			for _, c := range conns {
				wg.Go(func() {
					closed, status := closedWithin(c, deadline)
					mu.Lock()
					defer mu.Unlock()
					if !closed {
						open++
					}
					if f := strings.Fields(status); len(f) > 1 {
						codes[f[1]]++
					}
				})
			}
			wg.Wait()
			if open > 0 {
				t.Errorf("%d of %d connections with a partial body still open after %v (answers %v)", open, tc.n, timeout+3*time.Second, codes)
			}
			// The one request let through over the rate is answered
			// when its body does not come in time.
			if codes[tc.want] < tc.n-1 || tc.want == "429" && codes["408"] != 1 {
				t.Errorf("answers %v; want %d × %s", codes, tc.n-1, tc.want)
			}
		})
	}
}

// TestConnsPerAddr: an address holds at most MaxConnsPerAddr open
// connections; the excess is closed at once, unanswered, and counted in
// the metrics, while another address is served, and a connection closed
// frees its place.
func TestConnsPerAddr(t *testing.T) {
	const max = 4
	addr := serveReal(t, Config{MaxConnsPerAddr: max}, true)
	other, err := dialFrom("127.0.0.2", addr)
	if err != nil {
		t.Skipf("cannot connect from 127.0.0.2, a second loopback address (%v): the test needs two client addresses", err)
	}
	other.Close()

	// get sends GET path on c and returns the status line, keeping c open.
	get := func(c net.Conn, path string) (string, error) {
		_ = c.SetDeadline(time.Now().Add(5 * time.Second))
		if _, err := fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: x\r\n\r\n", path); err != nil {
			return "", err
		}
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			return "", err
		}
		defer resp.Body.Close()
		_, _ = io.Copy(io.Discard, resp.Body)
		return resp.Status, nil
	}
	held := make([]net.Conn, max)
	for i := range held {
		c, err := dialFrom("127.0.0.1", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if status, err := get(c, "/healthz"); err != nil || status != "200 OK" {
			t.Fatalf("connection %d: %q %v", i+1, status, err)
		}
		held[i] = c
	}
	for i := range 3 {
		c, err := dialFrom("127.0.0.1", addr)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := fmt.Fprintf(c, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"); err == nil {
			if closed, status := closedWithin(c, time.Now().Add(2*time.Second)); !closed || status != "" {
				t.Errorf("connection %d over the cap: closed %v, answered %q", max+1+i, closed, status)
			}
		}
		c.Close()
	}
	c, err := dialFrom("127.0.0.2", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if status, err := get(c, "/healthz"); err != nil || status != "200 OK" {
		t.Fatalf("another address while the first is at its cap: %q %v", status, err)
	}
	_ = c.SetDeadline(time.Now().Add(5 * time.Second))
	fmt.Fprintf(c, "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), "baten_connections_refused_total 3") {
		t.Errorf("metrics do not count the 3 connections refused:\n%s", grepLines(string(body), "baten_conn"))
	}

	held[0].Close()
	deadline := time.Now().Add(3 * time.Second)
	for {
		c, err := dialFrom("127.0.0.1", addr)
		if err != nil {
			t.Fatal(err)
		}
		status, err := get(c, "/healthz")
		c.Close()
		if err == nil && status == "200 OK" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a place freed by a closed connection is not taken again: %q %v", status, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// grepLines returns the lines of s that contain sub.
func grepLines(s, sub string) string {
	var out []string
	for l := range strings.SplitSeq(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestStreamsOutliveRequestTimeout: RequestTimeout bounds plain
// requests only: a Board API stream and a WebSocket opened well before
// it ran out still carry the game's events after it, as does a
// kept-alive connection reused for a request after it.
func TestStreamsOutliveRequestTimeout(t *testing.T) {
	const timeout = 300 * time.Millisecond
	h := newHarness(t, func(c *Config) { c.RequestTimeout, c.KeepAlive = timeout, 100*time.Millisecond })
	cr := h.create(map[string]any{"variant": "chess"})
	lines, stop := h.stream("/api/board/game/stream/"+cr.ID, cr.White.Token)
	defer stop()
	if m := next(t, lines, 5*time.Second); m["type"] != "gameFull" {
		t.Fatal(m)
	}
	ws := h.dialWS(cr.ID, cr.Black.Token, 0)
	if m := ws.next(); m["t"] != "full" {
		t.Fatal(m)
	}
	time.Sleep(4 * timeout)
	h.move(cr.ID, cr.White.Token, "e2e4") // on a kept-alive connection
	if m := next(t, lines, 5*time.Second); m["moves"] != "e2e4" {
		t.Fatalf("the stream after %v: %v", 4*timeout, m)
	}
	if m := ws.until("event"); m["text"] != "e2e4" {
		t.Fatalf("the socket after %v: %v", 4*timeout, m)
	}
	time.Sleep(4 * timeout)
	if m := ws.act("e7e5"); m["t"] != "ack" {
		t.Fatalf("an action on the socket after %v: %v", 8*timeout, m)
	}
	if m := next(t, lines, 5*time.Second); m["moves"] != "e2e4 e7e5" {
		t.Fatalf("the stream after %v: %v", 8*timeout, m)
	}
}

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// runServe runs "baten serve" on a free port over db (with more flags)
// and returns its
// URL and a function that stops it (as SIGINT would) and returns run's
// error.
func runServe(t *testing.T, db string, flags ...string) (string, func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		args := append([]string{"serve", "--addr", "127.0.0.1:0", "--db", db}, flags...)
		err := run(ctx, args, strings.NewReader(""), pw, io.Discard)
		pw.Close()
		done <- err
	}()
	lines := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		if sc.Scan() {
			lines <- sc.Text()
		}
		io.Copy(io.Discard, pr)
	}()
	var first string
	select {
	case first = <-lines:
	case err := <-done:
		t.Fatalf("serve ended: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("no first line")
	}
	url, ok := strings.CutPrefix(first, "baten serve: listening on ")
	if !ok || !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("first line %q", first)
	}
	stop := func() error {
		cancel()
		select {
		case err := <-done:
			return err
		case <-time.After(15 * time.Second):
			t.Fatal("serve did not stop")
		}
		return nil
	}
	return url, stop
}

// TestServe starts the server, plays a move, stops it gracefully and
// starts it again over the same database: the game is still live.
func TestServe(t *testing.T) {
	db := filepath.Join(t.TempDir(), "sub", "baten.db")
	url, stop := runServe(t, db)
	client := &http.Client{Timeout: 5 * time.Second}
	resp, err := client.Get(url + "/healthz")
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("healthz: %v %v", resp, err)
	}
	resp.Body.Close()
	resp, err = client.Post(url+"/api/games", "application/json", strings.NewReader(`{"variant":"chess"}`))
	if err != nil {
		t.Fatal(err)
	}
	var cr struct {
		ID    string
		White struct{ Token string }
		Watch string
	}
	json.NewDecoder(resp.Body).Decode(&cr)
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated || !strings.HasPrefix(cr.Watch, url+"/game/") {
		t.Fatalf("create: %d %+v", resp.StatusCode, cr)
	}
	req, _ := http.NewRequest("POST", url+"/api/board/game/"+cr.ID+"/move/e2e4", nil)
	req.Header.Set("Authorization", "Bearer "+cr.White.Token)
	resp, err = client.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("move: %v %v", resp, err)
	}
	resp.Body.Close()
	if err := stop(); err != nil {
		t.Fatalf("stop: %v", err)
	}

	url, stop = runServe(t, db)
	defer stop()
	resp, err = client.Get(url + "/api/games/" + cr.ID)
	if err != nil {
		t.Fatal(err)
	}
	var gv struct{ Status, Moves string }
	json.NewDecoder(resp.Body).Decode(&gv)
	resp.Body.Close()
	if gv.Status != "started" || gv.Moves != "e2e4" {
		t.Fatalf("after restart: %+v", gv)
	}
}

// TestServeFlags refuses bad flags with a hint.
func TestServeFlags(t *testing.T) {
	for _, args := range [][]string{{"serve", "--rate", "0"}, {"serve", "extra"}, {"serve", "--abandon", "x"},
		{"serve", "--nats", "nats://127.0.0.1:4222", "--db", "games.db"}, // a cluster needs PostgreSQL
		{"serve", "--node", "a"}, // --node without --nats
		{"serve", "--max-conns-per-addr", "-1"}, {"serve", "--request-timeout", "0"},
		{"serve", "--nats", "nats://127.0.0.1:4222", "--db", "postgres://x@127.0.0.1/db", "--lease", "10ms"}} {
		var stderr strings.Builder
		if err := run(context.Background(), args, strings.NewReader(""), io.Discard, &stderr); err == nil {
			t.Errorf("%v: no error", args)
		} else if !strings.Contains(stderr.String(), "baten serve") {
			t.Errorf("%v: stderr %q", args, stderr.String())
		}
	}
}

// TestServeConnLimit: --max-conns-per-addr caps the connections one
// address holds (the excess closed unanswered), and --request-timeout
// bounds a request whose body does not all come: its connection is
// answered 408 and closed.
func TestServeConnLimit(t *testing.T) {
	url, stop := runServe(t, filepath.Join(t.TempDir(), "baten.db"), "--max-conns-per-addr", "2", "--request-timeout", "500ms")
	defer stop()
	addr := strings.TrimPrefix(url, "http://")
	dial := func() net.Conn {
		c, err := net.DialTimeout("tcp", addr, 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		_ = c.SetDeadline(time.Now().Add(5 * time.Second))
		return c
	}
	partial := dial() // a body announced and never all sent
	fmt.Fprintf(partial, "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
	start := time.Now()
	idle := dial()
	fmt.Fprintf(idle, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
	if resp, err := http.ReadResponse(bufio.NewReader(idle), nil); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("second connection: %v %v", resp, err)
	}
	third := dial()
	fmt.Fprintf(third, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
	if b, err := io.ReadAll(third); len(b) > 0 {
		t.Fatalf("a third connection with --max-conns-per-addr 2 was answered: %q %v", b, err)
	}
	br := bufio.NewReader(partial)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != http.StatusRequestTimeout {
		t.Fatalf("a partial body: %v %v", resp, err)
	}
	_, _ = io.ReadAll(resp.Body)
	if _, err := br.ReadByte(); err != io.EOF {
		t.Fatalf("the partial body's connection is not closed after its answer: %v", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Fatalf("a partial body held its connection %v with --request-timeout 500ms", d)
	}
}

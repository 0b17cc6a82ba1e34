package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// runServe runs "baten serve" on a free port over db and returns its
// URL and a function that stops it (as SIGINT would) and returns run's
// error.
func runServe(t *testing.T, db string) (string, func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--db", db}, strings.NewReader(""), pw, io.Discard)
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
		{"serve", "--nats", "nats://127.0.0.1:4222", "--db", "postgres://x@127.0.0.1/db", "--lease", "10ms"}} {
		var stderr strings.Builder
		if err := run(context.Background(), args, strings.NewReader(""), io.Discard, &stderr); err == nil {
			t.Errorf("%v: no error", args)
		} else if !strings.Contains(stderr.String(), "baten serve") {
			t.Errorf("%v: stderr %q", args, stderr.String())
		}
	}
}

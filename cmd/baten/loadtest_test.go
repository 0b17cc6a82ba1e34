package main

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/server"
	"github.com/baten-chess/baten/store"
	"github.com/baten-chess/baten/variant"
)

// runLoadtest runs "baten loadtest --json args…" in-process and returns
// its report.
func runLoadtest(t *testing.T, args ...string) loadReport {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	var stdout, stderr bytes.Buffer
	err := run(ctx, append([]string{"loadtest", "--json"}, args...), strings.NewReader(""), &stdout, &stderr)
	var rep loadReport
	if jerr := json.Unmarshal(stdout.Bytes(), &rep); jerr != nil {
		t.Fatalf("loadtest %q: %v\nstdout: %s\nstderr: %s", args, jerr, stdout.String(), stderr.String())
	}
	if err != nil {
		t.Errorf("loadtest %q: %v\nstdout: %s\nstderr: %s", args, err, stdout.String(), stderr.String())
	}
	return rep
}

// checkLoadReport checks a run that should have held every game without
// a single error.
func checkLoadReport(t *testing.T, rep loadReport, games int) {
	t.Helper()
	if rep.Held < int64(games) {
		t.Errorf("held %d games at once, want %d", rep.Held, games)
	}
	if len(rep.Errors) > 0 {
		t.Errorf("errors %v (%v)", rep.Errors, rep.ErrorSamples)
	}
	if rep.Actions == 0 || rep.ActionsPerSecond <= 0 {
		t.Errorf("%d actions, %.1f/s: want some", rep.Actions, rep.ActionsPerSecond)
	}
	if !(rep.RTT.P50 > 0 && rep.RTT.P50 <= rep.RTT.P99 && rep.RTT.P99 <= rep.RTT.Max) {
		t.Errorf("round trip p50 %v, p99 %v, max %v: want 0 < p50 <= p99 <= max", rep.RTT.P50, rep.RTT.P99, rep.RTT.Max)
	}
	if rep.Started < rep.Held || rep.Completed > rep.Started {
		t.Errorf("%d games started, %d completed, %d held: inconsistent", rep.Started, rep.Completed, rep.Held)
	}
}

// TestLoadtestInProcess runs small bounded loads against the in-process
// server, over each transport.
func TestLoadtestInProcess(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"board-api", nil},
		{"websocket", []string{"--ws"}},
		{"h2c", []string{"--h2c"}},
		{"banchess", []string{"--variant", "banchess", "--ws"}},
		{"draughts", []string{"--variant", "draughts"}},
	}
	// 20 games of 40 plies of at least 10 ms each: games end within the
	// 3 s. Under the race detector, whose round trips are many times
	// slower, 5 games of 10 plies.
	games, plies := 20, 40
	if race.Enabled {
		games, plies = 5, 10
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"--games", strconv.Itoa(games), "--duration", "3s", "--think", "10ms", "--plies", strconv.Itoa(plies), "--seed", "7"}, tt.args...)
			rep := runLoadtest(t, args...)
			checkLoadReport(t, rep, games)
			if !rep.InProcess || rep.Seconds < 2.9 || rep.Seconds > 4 {
				t.Errorf("in-process %v, %.2fs: want an in-process run of 3s", rep.InProcess, rep.Seconds)
			}
			// Games end and are replaced.
			if rep.Completed == 0 {
				t.Errorf("no game completed in 3s of %d-ply games (%d actions)", plies, rep.Actions)
			}
		})
	}
}

// TestLoadtestURL loads a server that runs apart from the command: an
// httptest server over the real handler.
func TestLoadtestURL(t *testing.T) {
	ctx := t.Context()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "url.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv, err := server.New(server.Config{
		Store: st, Registry: variant.Builtin(),
		MaxGamesPerAddr: math.MaxInt32, Rate: math.MaxFloat64, Burst: math.MaxInt32,
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

	const games = 8
	for _, ws := range []bool{false, true} {
		args := []string{"--url", ts.URL, "--games", "8", "--duration", "2s", "--think", "5ms", "--plies", "30"}
		if ws {
			args = append(args, "--ws")
		}
		rep := runLoadtest(t, args...)
		checkLoadReport(t, rep, games)
		if rep.InProcess || rep.Server != ts.URL {
			t.Errorf("report names server %q (in-process %v), want %q", rep.Server, rep.InProcess, ts.URL)
		}
	}
	// Games cut short by the end of the run are resigned, not left live.
	live, err := st.LiveIDs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(live) > 0 {
		t.Errorf("%d games left live on the server after the runs", len(live))
	}
}

// TestLoadtestFlags checks the command line's mistakes.
func TestLoadtestFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--games", "0"}, "--games 0"},
		{[]string{"--duration", "0s"}, "--duration"},
		{[]string{"--ws", "--h2c"}, "--ws and --h2c"},
		{[]string{"--url", "http://127.0.0.1:1", "--db", "x.db"}, "--db"},
		{[]string{"--url", "ftp://x"}, "--url"},
		{[]string{"--variant", "nosuchgame"}, "--variant"},
		{[]string{"--plies", "0"}, "--plies"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		err := run(t.Context(), append([]string{"loadtest"}, tt.args...), strings.NewReader(""), &stdout, &stderr)
		if err == nil || !strings.Contains(stderr.String(), tt.want) || !strings.HasPrefix(stderr.String(), "baten loadtest: ") {
			t.Errorf("loadtest %q: err %v, stderr %q: want an error naming %s", tt.args, err, stderr.String(), tt.want)
		}
	}
}

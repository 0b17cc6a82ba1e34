package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/baten-chess/baten/variant"
)

func TestRunUCI(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		input   string
		want    []string
		wantErr bool
	}{
		{"dialogue", nil, "uci\nisready\nposition startpos moves e2e4\ngo depth 3\nquit\n",
			[]string{"id name Baten", "uciok", "readyok", "bestmove "}, false},
		{"hash flag", []string{"--hash", "8"}, "uci\nquit\n", []string{"option name Hash type spin default 8 "}, false},
		{"bad hash", []string{"--hash", "0"}, "", nil, true},
		{"stray argument", []string{"extra"}, "", nil, true},
		{"help", []string{"--help"}, "", nil, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			err := run(context.Background(), append([]string{"uci"}, tc.args...), strings.NewReader(tc.input), &out, &errOut)
			if (err != nil) != tc.wantErr {
				t.Fatalf("err %v, want error %v", err, tc.wantErr)
			}
			for _, w := range tc.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, out.String())
				}
			}
		})
	}
}

// uciBestMove runs "baten ARGS" as a UCI engine on pipes, sends lines,
// waits for the first bestmove, quits, and returns the move with the
// transcript up to it.
func uciBestMove(t *testing.T, args []string, lines string) (string, string) {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(context.Background(), args, inR, outW, io.Discard)
		outW.Close()
	}()
	io.WriteString(inW, lines)
	var transcript strings.Builder
	best := ""
	sc := bufio.NewScanner(outR)
	for best == "" && sc.Scan() {
		transcript.WriteString(sc.Text() + "\n")
		if f := strings.Fields(sc.Text()); len(f) >= 2 && f[0] == "bestmove" {
			best = f[1]
		}
	}
	io.WriteString(inW, "quit\n")
	go io.Copy(io.Discard, outR)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	return best, transcript.String()
}

// TestUCICapablanca: baten uci offers Capablanca chess and answers go
// depth 4 with a legal move of the position it was given.
func TestUCICapablanca(t *testing.T) {
	best, transcript := uciBestMove(t, []string{"uci"},
		"uci\nsetoption name UCI_Variant value capablanca\nposition startpos moves e2e4 e7e5 i1h3\ngo depth 4\n")
	v, _ := variant.Lookup("capablanca")
	p := v.Start()
	for _, m := range []string{"e2e4", "e7e5", "i1h3"} {
		a, err := p.Parse(m)
		if err != nil {
			t.Fatal(err)
		}
		p, _ = p.Play(a)
	}
	if _, err := p.Parse(best); err != nil || !strings.Contains(transcript, "info depth 4 ") {
		t.Fatalf("bestmove %q in %s: %v\n%s", best, p.FEN(), err, transcript)
	}
}

// TestUCIEndOfInput: printf 'uci\nposition startpos\ngo depth 60\n' |
// baten uci answers bestmove and exits promptly: a search too long for a
// closed input is stopped, not left running. Shown on a real process (the
// exit) and in process (no search left behind when run returns).
func TestUCIEndOfInput(t *testing.T) {
	const input = "uci\nposition startpos\ngo depth 60\n"
	begin := time.Now()
	var out bytes.Buffer
	if err := run(context.Background(), []string{"uci"}, strings.NewReader(input), &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if el := time.Since(begin); el > 5*time.Second || !strings.Contains(out.String(), "\nbestmove ") {
		t.Fatalf("in process: %v\n%s", el, out.String())
	}

	bin := buildBaten(t)
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "uci")
	cmd.Stdin = strings.NewReader(input)
	begin = time.Now()
	got, err := cmd.Output()
	if err != nil {
		t.Fatalf("baten uci: %v\n%s", err, got)
	}
	if el := time.Since(begin); el > 5*time.Second || !strings.Contains(string(got), "\nbestmove ") {
		t.Fatalf("the process took %v to exit:\n%s", el, got)
	}
}

// TestUCIStopFollowsGo: the real "baten uci" process, as python-chess's
// engine.play(…, ponder=True) drives it (issue 44): a search ends by its
// own limit, and at once the next position, "go infinite" (or "go
// ponder") and "stop" arrive in one write. The stop must end the new
// search; before, it could go to the finished one, and the new search
// never answered. The race depends on the process's scheduling, so the
// exchange is repeated.
func TestUCIStopFollowsGo(t *testing.T) {
	bin := buildBaten(t)
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "uci", "--hash", "4")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer stdin.Close()
	bestmoves := make(chan string)
	go func() {
		defer close(bestmoves)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if f := strings.Fields(sc.Text()); len(f) >= 2 && f[0] == "bestmove" {
				select {
				case bestmoves <- f[1]:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	next := func(what string) string {
		t.Helper()
		select {
		case m, ok := <-bestmoves:
			if !ok {
				t.Fatalf("%s: the engine's output ended", what)
			}
			return m
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: no bestmove within 10 s", what)
		}
		return ""
	}
	send := func(s string) {
		t.Helper()
		if _, err := io.WriteString(stdin, s); err != nil {
			t.Fatal(err)
		}
	}
	chess, err := variant.Lookup("chess")
	if err != nil {
		t.Fatal(err)
	}
	legalAfter := func(m string, moves ...string) bool {
		p := chess.Start()
		for _, x := range append(moves, m) {
			a, err := p.Parse(x)
			if err != nil {
				return false
			}
			p, _ = p.Play(a)
		}
		return true
	}
	const trials = 30
	for i := range trials {
		for _, search := range []string{"go infinite", "go ponder"} {
			send("position startpos moves e2e4\ngo movetime 20\n")
			if m := next("go movetime 20"); !legalAfter(m, "e2e4") {
				t.Fatalf("trial %d: go movetime 20 answered %q, not a Black move after e4", i, m)
			}
			send("position startpos moves e2e4 e7e5\n" + search + "\nstop\n")
			if m := next(search + " then stop, trial " + strconv.Itoa(i)); !legalAfter(m, "e2e4", "e7e5") {
				t.Fatalf("trial %d: %s then stop answered %q, not a White move after e4 e5", i, search, m)
			}
		}
	}
	send("quit\n")
}

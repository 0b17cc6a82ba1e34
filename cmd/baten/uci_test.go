package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os/exec"
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

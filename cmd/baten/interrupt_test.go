package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestInterruptMessages: the commands that stop when their context ends
// say "interrupted" when it ends early, whatever they were doing
// (loadtest's in-process server, validate's reading), and the error is
// errInterrupted, on which main exits 130; the pseudo-terminal test
// TestInterruptCtrlC types the Ctrl-C itself.
func TestInterruptMessages(t *testing.T) {
	for _, tt := range []struct {
		name  string
		args  []string
		after time.Duration // the interrupt comes this long after the start
	}{
		{"loadtest at work", []string{"loadtest", "--games", "2", "--duration", "60s"}, 1500 * time.Millisecond},
		{"loadtest starting", []string{"loadtest", "--games", "2", "--duration", "60s"}, 0},
		{"validate", []string{"validate", "../../../shared/data/pgn/chess960_games.pgn"}, 0},
		{"perft", []string{"perft", "--depth", "9"}, 300 * time.Millisecond},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(t.Context())
			defer cancel()
			if tt.after == 0 {
				cancel()
			} else {
				time.AfterFunc(tt.after, cancel)
			}
			var out, errOut bytes.Buffer
			start := time.Now()
			err := run(ctx, tt.args, strings.NewReader(""), &out, &errOut)
			if !errors.Is(err, errInterrupted) {
				t.Errorf("error %v, want errInterrupted", err)
			}
			if want := "baten " + tt.args[0] + ": interrupted\n"; errOut.String() != want {
				t.Errorf("stderr %q, want %q", errOut.String(), want)
			}
			if d := time.Since(start); d > tt.after+10*time.Second {
				t.Errorf("stopped %v after the start", d)
			}
		})
	}
}

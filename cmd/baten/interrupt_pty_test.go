//go:build linux || darwin

package main

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestInterruptCtrlC: Ctrl-C, typed on the terminal as a user does, during
// the long commands stops each with one plain line, "baten CMD:
// interrupted", never the Go runtime's "context canceled", and exit
// status 130 (128 + SIGINT, as a shell reports a program Ctrl-C stopped).
// Each command is interrupted once it shows it is at work: perft's
// spinner, analyse's first iterations, match's first game. analyse keeps
// the result of its last completed depth on stdout.
func TestInterruptCtrlC(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the command on a pseudo-terminal for seconds: skipped with -short")
	}
	for _, tt := range []struct {
		name    string
		args    []string
		running string   // shown once the command is at work
		after   []string // shown after the interruption, in order
	}{
		{"perft", []string{"perft", "--depth", "9"}, "perft chess depth 9", nil},
		{"perft suite", []string{"perft", "--suite", "../../../shared/data/chess/standard-126.epd"}, "perft suite", nil},
		{"analyse", []string{"analyse", "--depth", "60"}, "depth  4 ", []string{"bestmove ", "pv       1. "}},
		{"match", []string{"match", "--engine1", batenSpec("One"), "--engine2", batenSpec("Two"),
			"--random-openings", "50", "--nodes", "2000"}, "game 1 (", []string{"Score of One vs Two: "}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ptmx, scr, _, exited := startPTY(t, tt.args...)
			scr.waitFor(t, tt.running)
			send(t, ptmx, "\x03")
			for _, want := range tt.after {
				scr.waitFor(t, want)
			}
			scr.waitFor(t, "baten "+tt.args[0]+": interrupted")
			select {
			case err := <-exited:
				exited <- err // for the cleanup
				var exit *exec.ExitError
				if !errors.As(err, &exit) || exit.ExitCode() != 130 {
					t.Errorf("exit %v, want status 130; the terminal shows:\n%s", err, scr)
				}
			case <-time.After(15 * time.Second):
				t.Fatalf("baten %s did not stop; the terminal shows:\n%s", tt.args[0], scr)
			}
			if strings.Contains(scr.String(), "context") {
				t.Errorf("the terminal shows Go's words:\n%s", scr)
			}
		})
	}
}

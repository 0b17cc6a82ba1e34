//go:build linux || darwin

package main

import (
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
)

// screen collects what a program writes to its terminal.
type screen struct {
	mu   sync.Mutex
	text strings.Builder
	seen int // how far waitFor has matched
}

func (s *screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.text.Write(p)
}

func (s *screen) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.text.String()
}

// waitFor waits until want appears after the previous match and returns
// the text from the previous match to the end of this one.
func (s *screen) waitFor(t *testing.T, want string) string {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second) // generous: a loaded 2-core machine
	for {
		s.mu.Lock()
		all := s.text.String()
		if i := strings.Index(all[s.seen:], want); i >= 0 {
			got := all[s.seen : s.seen+i+len(want)]
			s.seen += i + len(want)
			s.mu.Unlock()
			return got
		}
		s.mu.Unlock()
		if time.Now().After(deadline) {
			t.Fatalf("no %q on the terminal after the last match; the terminal shows:\n%s", want, all)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// startPTY runs "baten args…" on a pseudo-terminal and returns the
// terminal's master side, the screen it fills, the child and its exit.
// The process is killed at the end of the test if it is still running.
func startPTY(t *testing.T, args ...string) (*os.File, *screen, *exec.Cmd, chan error) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "BATEN_TEST_MAIN=1")
	ptmx, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 50, Cols: 120})
	if err != nil {
		t.Fatalf("start on a pty: %v", err)
	}
	scr := &screen{}
	copied := make(chan struct{})
	go func() {
		io.Copy(scr, ptmx) // ends with an error once the child has exited
		close(copied)
	}()
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-exited
		ptmx.Close()
		<-copied
	})
	return ptmx, scr, cmd, exited
}

// startPlay runs "baten play --no-color args…" on a pseudo-terminal (see
// startPTY).
func startPlay(t *testing.T, args ...string) (*os.File, *screen, *exec.Cmd, chan error) {
	t.Helper()
	return startPTY(t, append([]string{"play", "--no-color"}, args...)...)
}

// waitExit waits for the child to leave with status 0.
func waitExit(t *testing.T, exited chan error, scr *screen) {
	t.Helper()
	select {
	case err := <-exited:
		exited <- err // for the cleanup
		if err != nil {
			t.Fatalf("baten play: %v; the terminal shows:\n%s", err, scr)
		}
	case <-time.After(15 * time.Second):
		t.Fatalf("baten play did not leave; the terminal shows:\n%s", scr)
	}
}

func send(t *testing.T, ptmx *os.File, keys string) {
	t.Helper()
	if _, err := ptmx.Write([]byte(keys)); err != nil {
		t.Fatalf("write to the pty: %v", err)
	}
}

// TestPlayTerminalCtrlC drives "baten play --engine" through a
// pseudo-terminal in raw mode: Ctrl-C (byte 3) during a search of a
// minute stops it within seconds and the engine plays its best move so
// far, the prompt coming back; Ctrl-\ does the same. At the prompt Ctrl-C
// and Ctrl-D ask before leaving an unsaved game ("n" goes on), Ctrl-Z (not stopped
// here: a process group no shell controls ignores SIGTSTP) comes back with
// the line typed so far, and Ctrl-C with "y" leaves with status 0.
func TestPlayTerminalCtrlC(t *testing.T) {
	ptmx, scr, _, exited := startPlay(t, "--engine", "--movetime", "60000", "--seed", "1")
	scr.waitFor(t, "white> ")
	send(t, ptmx, "e4\r")
	scr.waitFor(t, "1. e4")
	scr.waitFor(t, "thinking…")
	start := time.Now()
	send(t, ptmx, "\x03")
	scr.waitFor(t, "stopped at depth")
	scr.waitFor(t, "1... ")
	scr.waitFor(t, "white> ")
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the search stopped %v after Ctrl-C", d)
	}
	send(t, ptmx, "d4\r")
	scr.waitFor(t, "2. d4")
	scr.waitFor(t, "thinking…")
	send(t, ptmx, "\x1c") // Ctrl-\
	scr.waitFor(t, "stopped at depth")
	scr.waitFor(t, "2... ")
	scr.waitFor(t, "white> ")

	send(t, ptmx, "Nf\x03")
	scr.waitFor(t, "leave this game unsaved?")
	send(t, ptmx, "n\r")
	scr.waitFor(t, "going on")
	scr.waitFor(t, "white> ")
	send(t, ptmx, "\x04") // Ctrl-D asks too
	scr.waitFor(t, "leave this game unsaved?")
	send(t, ptmx, "no\r")
	scr.waitFor(t, "going on")
	scr.waitFor(t, "white> ")
	send(t, ptmx, "fe\x1an\r")
	scr.waitFor(t, "resumed")
	// The line typed before Ctrl-Z is kept: "fe" and "n" make "fen".
	if got := scr.waitFor(t, " w KQkq - "); !strings.Contains(got, "/") {
		t.Fatalf("no FEN after the resumption: %q", got)
	}
	send(t, ptmx, "\x03")
	scr.waitFor(t, "leave this game unsaved?")
	send(t, ptmx, "y\r")
	waitExit(t, exited, scr)
}

// TestPlayTerminalLeave: Ctrl-C at the prompt leaves at once when there is
// nothing to lose (no move played, or the game saved as it stands).
func TestPlayTerminalLeave(t *testing.T) {
	ptmx, scr, _, exited := startPlay(t)
	scr.waitFor(t, "white> ")
	send(t, ptmx, "\x03")
	scr.waitFor(t, "bye")
	waitExit(t, exited, scr)

	path := t.TempDir() + "/g.pgn"
	ptmx, scr, _, exited = startPlay(t)
	scr.waitFor(t, "white> ")
	send(t, ptmx, "e4\rsave "+path+"\r")
	scr.waitFor(t, "saved "+path)
	send(t, ptmx, "\x03")
	scr.waitFor(t, "bye")
	waitExit(t, exited, scr)
}

// TestPlayTerminalBan: in a terminal the prompt names the ban in force;
// a pasted line longer than the line editor keeps is ignored, not run,
// and its length said.
func TestPlayTerminalBan(t *testing.T) {
	ptmx, scr, _, exited := startPlay(t, "--variant", "banchess")
	scr.waitFor(t, "black (ban)> ")
	send(t, ptmx, "ban e2e4"+strings.Repeat(" x", 3000)+"\r")
	scr.waitFor(t, "error: line ignored: 6008 characters (ban e2e4 x x") // its whole length, though the line editor keeps 4096
	send(t, ptmx, "ban e2e4\r")
	scr.waitFor(t, "banned: e2e4 (marked *)")
	scr.waitFor(t, "white (e2e4 banned)> ")
	send(t, ptmx, "quit\r")
	scr.waitFor(t, "leave this game unsaved?") // a ban is an action of the game
	send(t, ptmx, "y\r")
	waitExit(t, exited, scr)
}

// TestPlayTerminalHintStopped: Ctrl-C during hint's search stops it and
// shows the best move so far as the hint, saying so, and plays nothing:
// the same side is still to move.
func TestPlayTerminalHintStopped(t *testing.T) {
	ptmx, scr, _, exited := startPlay(t, "--movetime", "60000")
	scr.waitFor(t, "white> ")
	send(t, ptmx, "hint\r")
	scr.waitFor(t, "(Ctrl-C: the best move so far is the hint)")
	send(t, ptmx, "\x03")
	scr.waitFor(t, "stopped at depth")
	if got := scr.waitFor(t, "\n"); !strings.Contains(got, ": the hint is the engine's best move so far") {
		t.Fatalf("the stop is explained as %q", got)
	}
	scr.waitFor(t, "hint: ")
	scr.waitFor(t, "white> ")
	send(t, ptmx, "fen\r")
	scr.waitFor(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	send(t, ptmx, "quit\r")
	waitExit(t, exited, scr)
}

// TestPlayTerminalQuit: quit asks before leaving an unsaved game as Ctrl-C
// and Ctrl-D do ("n" goes on, "y" leaves, "save FILE" saves and leaves),
// and leaves at once when there is nothing to lose.
func TestPlayTerminalQuit(t *testing.T) {
	ptmx, scr, _, exited := startPlay(t)
	scr.waitFor(t, "white> ")
	send(t, ptmx, "e4\r")
	scr.waitFor(t, "1. e4")
	send(t, ptmx, "quit\r")
	scr.waitFor(t, "leave this game unsaved?")
	send(t, ptmx, "n\r")
	scr.waitFor(t, "going on")
	scr.waitFor(t, "black> ")
	send(t, ptmx, "exit\r")
	scr.waitFor(t, "leave this game unsaved?")
	send(t, ptmx, "y\r")
	waitExit(t, exited, scr)

	path := t.TempDir() + "/g.pgn"
	ptmx, scr, _, exited = startPlay(t)
	scr.waitFor(t, "white> ")
	send(t, ptmx, "e4\rquit\r")
	scr.waitFor(t, "leave this game unsaved?")
	send(t, ptmx, "save "+path+"\r")
	scr.waitFor(t, "saved "+path)
	waitExit(t, exited, scr)
	if text, err := os.ReadFile(path); err != nil || !strings.Contains(string(text), "1. e4 *") {
		t.Fatalf("the game saved on leaving: %q, %v", text, err)
	}

	ptmx, scr, _, exited = startPlay(t)
	scr.waitFor(t, "white> ")
	send(t, ptmx, "quit\r")
	scr.waitFor(t, "bye")
	waitExit(t, exited, scr)
}

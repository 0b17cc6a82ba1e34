package match

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// Errors of an engine process; a game ends with the engine's loss on
// each (see Failure).
var (
	// ErrCrashed: the engine's process ended or closed its output.
	ErrCrashed = errors.New("engine crashed")
	// ErrTimeout: the engine did not answer in time.
	ErrTimeout = errors.New("engine did not answer in time")
)

// process is one running UCI engine: its input, its output as lines on a
// channel (closed when the output ends), and what the handshake learnt.
type process struct {
	spec    EngineSpec
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan string
	done    chan struct{} // closed once the process has been waited for
	name    string        // from "id name"
	options map[string]bool
	mu      sync.Mutex // guards writeErr
	werr    error
}

// startProcess starts the engine and runs the UCI handshake ("uci" …
// "uciok") within timeout.
func startProcess(ctx context.Context, spec EngineSpec, timeout time.Duration) (*process, error) {
	cmd := exec.Command(spec.Command[0], spec.Command[1:]...)
	cmd.Dir = spec.Dir
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", spec.Command[0], err)
	}
	p := &process{spec: spec, cmd: cmd, stdin: stdin, lines: make(chan string, 256),
		done: make(chan struct{}), options: map[string]bool{}}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
		cmd.Wait()
		close(p.done)
	}()
	p.send("uci")
	err = p.expect(ctx, timeout, func(line string) bool {
		f := strings.Fields(line)
		switch {
		case len(f) >= 3 && f[0] == "id" && f[1] == "name":
			p.name = strings.Join(f[2:], " ")
		case len(f) >= 3 && f[0] == "option" && f[1] == "name":
			name, _, _ := strings.Cut(strings.Join(f[2:], " "), " type ")
			p.options[strings.ToLower(name)] = true
		}
		return line == "uciok"
	})
	if err != nil {
		p.kill()
		return nil, fmt.Errorf("%s: handshake: %w", spec.Command[0], err)
	}
	return p, nil
}

// displayName is the spec's name, else the engine's id name, else the
// command's base name.
func (p *process) displayName() string {
	switch {
	case p.spec.Name != "":
		return p.spec.Name
	case p.name != "":
		return p.name
	}
	return filepath.Base(p.spec.Command[0])
}

// send writes one command line. A write error (the engine is gone) is
// kept and shows as ErrCrashed at the next read.
func (p *process) send(format string, args ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.werr != nil {
		return
	}
	_, p.werr = fmt.Fprintf(p.stdin, format+"\n", args...)
}

// expect reads lines until match accepts one, within timeout; it fails
// with ErrCrashed when the output ends, ErrTimeout, or ctx's error.
func (p *process) expect(ctx context.Context, timeout time.Duration, match func(string) bool) error {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		select {
		case line, ok := <-p.lines:
			if !ok {
				return ErrCrashed
			}
			if match(line) {
				return nil
			}
		case <-timer.C:
			return ErrTimeout
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// setOption sends one option.
func (p *process) setOption(name, value string) {
	p.send("setoption name %s value %s", name, value)
}

// hasOption reports whether the engine announced the option (UCI option
// names are case-insensitive).
func (p *process) hasOption(name string) bool { return p.options[strings.ToLower(name)] }

// sync sends "isready" and waits for "readyok".
func (p *process) sync(ctx context.Context, timeout time.Duration) error {
	p.send("isready")
	return p.expect(ctx, timeout, func(line string) bool { return line == "readyok" })
}

// bestMove waits for "bestmove X" and returns X ("" for "bestmove" with
// nothing after it).
func (p *process) bestMove(ctx context.Context, timeout time.Duration) (string, error) {
	var move string
	err := p.expect(ctx, timeout, func(line string) bool {
		f := strings.Fields(line)
		if len(f) == 0 || f[0] != "bestmove" {
			return false
		}
		if len(f) > 1 {
			move = f[1]
		}
		return true
	})
	return move, err
}

// quit asks the engine to quit and kills it if it has not after a grace
// period.
func (p *process) quit() {
	p.send("quit")
	p.stdin.Close()
	select {
	case <-p.done:
	case <-time.After(2 * time.Second):
		p.kill()
	}
}

// kill ends the process at once and waits for it.
func (p *process) kill() {
	if p.cmd.Process != nil {
		p.cmd.Process.Kill()
	}
	p.stdin.Close()
	for range p.lines { // drain so the reader goroutine can end
	}
	<-p.done
}

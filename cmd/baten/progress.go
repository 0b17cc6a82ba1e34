package main

import (
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progress is a progress indicator on stderr for runs longer than a second:
// a spinner with the elapsed time when the amount of work is unknown, a bar
// when it is known. It shows nothing when stderr is not a terminal.
type progress struct {
	add  chan int
	done chan struct{}
	over chan struct{}
}

// progressDelay is how long a run goes before its indicator appears:
// shorter runs print nothing.
const progressDelay = time.Second

// startProgress starts an indicator with the given description; total is
// the number of steps, or -1 when unknown.
func startProgress(stderr io.Writer, description string, total int) *progress {
	f, ok := stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return newProgress(f, description, total, progressDelay)
}

// newProgress starts an indicator on w that appears after delay.
func newProgress(w io.Writer, description string, total int, delay time.Duration) *progress {
	p := &progress{add: make(chan int, 64), done: make(chan struct{}), over: make(chan struct{})}
	// The bar is made, and its clock started, now: made when it appears,
	// it would show the time since then ("[0s]" after a second's run).
	// Until then its drawing goes nowhere.
	gate := &gateWriter{w: w}
	bar := progressbar.NewOptions(total,
		progressbar.OptionSetWriter(gate),
		progressbar.OptionSetDescription(description),
		progressbar.OptionSpinnerType(14),
		progressbar.OptionSetSpinnerChangeInterval(100*time.Millisecond),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionClearOnFinish())
	bar.StartWithoutRender()
	go p.run(bar, gate, delay)
	return p
}

func (p *progress) run(bar *progressbar.ProgressBar, gate *gateWriter, delay time.Duration) {
	defer close(p.over)
	show := time.After(delay)
	for {
		select {
		case n := <-p.add:
			_ = bar.Add(n)
		case <-show:
			gate.setOpen(true)
			_ = bar.RenderBlank()
		case <-p.done:
			_ = bar.Finish()
			// The spinner redraws from a goroutine of its own, which may
			// not have seen the finish yet: nothing more may reach w.
			gate.setOpen(false)
			return
		}
	}
}

// step records n steps done. A nil progress ignores it.
func (p *progress) step(n int) {
	if p != nil {
		p.add <- n
	}
}

// stop removes the indicator. A nil progress ignores it.
func (p *progress) stop() {
	if p != nil {
		close(p.done)
		<-p.over
	}
}

// gateWriter passes writes to w only while open, and drops them (as
// written) otherwise.
type gateWriter struct {
	mu   sync.Mutex
	w    io.Writer
	open bool
}

func (g *gateWriter) Write(b []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.open {
		return len(b), nil
	}
	return g.w.Write(b)
}

func (g *gateWriter) setOpen(open bool) {
	g.mu.Lock()
	g.open = open
	g.mu.Unlock()
}

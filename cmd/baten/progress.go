package main

import (
	"io"
	"os"
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

// startProgress starts an indicator with the given description; total is
// the number of steps, or -1 when unknown.
func startProgress(stderr io.Writer, description string, total int) *progress {
	f, ok := stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	p := &progress{add: make(chan int, 64), done: make(chan struct{}), over: make(chan struct{})}
	go p.run(f, description, total)
	return p
}

func (p *progress) run(w io.Writer, description string, total int) {
	defer close(p.over)
	steps := 0
	delay := time.After(time.Second)
	for waiting := true; waiting; {
		select {
		case n := <-p.add:
			steps += n
		case <-p.done:
			return
		case <-delay:
			waiting = false
		}
	}
	bar := progressbar.NewOptions(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(description),
		progressbar.OptionSpinnerType(14),
		progressbar.OptionSetSpinnerChangeInterval(100*time.Millisecond),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionSetRenderBlankState(true),
		progressbar.OptionClearOnFinish())
	_ = bar.Add(steps)
	for {
		select {
		case n := <-p.add:
			_ = bar.Add(n)
		case <-p.done:
			_ = bar.Finish()
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

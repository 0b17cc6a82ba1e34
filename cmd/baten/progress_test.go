package main

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a buffer the indicator's goroutines may write while the
// test reads it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestProgressElapsed: the spinner appears after its delay showing the
// time since the run began ("[1s]"), not since it appeared ("[0s]"); the
// bar of a known amount of work counts the steps taken before it showed.
func TestProgressElapsed(t *testing.T) {
	var spin, bar lockedBuffer
	ps := newProgress(&spin, "spin", -1, time.Second)
	pb := newProgress(&bar, "bar", 10, time.Second)
	pb.step(3)
	time.Sleep(1300 * time.Millisecond)
	ps.stop()
	pb.stop()
	if out := spin.String(); !strings.Contains(out, "spin  [1s]") || strings.Contains(out, "[0s]") {
		t.Errorf("spinner drew %q", out)
	}
	if out := bar.String(); !strings.Contains(out, "bar  30% ") {
		t.Errorf("bar drew %q", out)
	}
}

// TestProgressQuickRun: a run that ends before the delay draws nothing.
func TestProgressQuickRun(t *testing.T) {
	var buf lockedBuffer
	p := newProgress(&buf, "x", -1, time.Hour)
	p.step(1)
	time.Sleep(250 * time.Millisecond) // the spinner ticks every 100 ms
	p.stop()
	if out := buf.String(); out != "" {
		t.Fatalf("drew %q", out)
	}
}

package uci

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/baten-chess/baten/banchess"
)

// harness drives a UCI session the way a GUI does: one command at a time,
// reading the replies.
type harness struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan error
}

func start(t *testing.T) *harness {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	h := &harness{t: t, in: inW, lines: make(chan string, 1024), done: make(chan error, 1)}
	go func() {
		h.done <- Run(context.Background(), inR, outW, Config{HashMB: 4})
		outW.Close()
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			h.lines <- sc.Text()
		}
		close(h.lines)
	}()
	return h
}

func (h *harness) send(cmd string) {
	h.t.Helper()
	if _, err := io.WriteString(h.in, cmd+"\n"); err != nil {
		h.t.Fatalf("send %q: %v", cmd, err)
	}
}

// expect reads lines until one starts with prefix and returns them all.
func (h *harness) expect(prefix string) []string {
	h.t.Helper()
	var got []string
	timeout := time.After(20 * time.Second)
	for {
		select {
		case l, ok := <-h.lines:
			if !ok {
				h.t.Fatalf("output ended waiting for %q; got %q", prefix, got)
			}
			got = append(got, l)
			if strings.HasPrefix(l, prefix) {
				return got
			}
		case <-timeout:
			h.t.Fatalf("no %q within 20s; got %q", prefix, got)
		}
	}
}

// quiet asserts that nothing starting with prefix arrives for d.
func (h *harness) quiet(prefix string, d time.Duration) []string {
	h.t.Helper()
	var got []string
	timeout := time.After(d)
	for {
		select {
		case l := <-h.lines:
			got = append(got, l)
			if strings.HasPrefix(l, prefix) {
				h.t.Fatalf("unexpected %q", l)
			}
		case <-timeout:
			return got
		}
	}
}

func has(lines []string, sub string) bool {
	for _, l := range lines {
		if strings.Contains(l, sub) {
			return true
		}
	}
	return false
}

func bestmove(lines []string) (move, ponder string) {
	f := strings.Fields(lines[len(lines)-1])
	if len(f) >= 2 {
		move = f[1]
	}
	if len(f) == 4 && f[2] == "ponder" {
		ponder = f[3]
	}
	return move, ponder
}

// TestSession plays a scripted GUI dialogue through every command.
func TestSession(t *testing.T) {
	h := start(t)

	// Handshake.
	h.send("uci")
	got := h.expect("uciok")
	for _, want := range []string{
		"id name Baten",
		"option name Hash type spin default 4 min 1 max 4096",
		"option name Threads type spin default 1 min 1 max 1",
		"option name UCI_Chess960 type check default false",
		"option name UCI_Variant type combo default chess var chess var shatranj var banchess var draughts",
	} {
		if !has(got, want) {
			t.Errorf("uci reply lacks %q: %q", want, got)
		}
	}
	h.send("isready")
	h.expect("readyok")

	// Malformed lines: each explained by "info string", none fatal.
	for _, bad := range []struct{ cmd, reason string }{
		{"position", "expected"},
		{"position foo", "neither startpos nor fen"},
		{"position fen", "without a FEN"},
		{"position startpos moves e2e5", "illegal"},
		{"position startpos e2e4", "expected \"moves\""},
		{"position fen 8/8/8 w - - 0 1", "position ignored"},
		{"setoption name Hash value lots", "Hash ignored"},
		{"setoption value 3", "setoption ignored"},
		{"setoption name UCI_Variant value xiangqi", "unknown variant"},
		{"setoption name Nonsense value 1", "no option named"},
		{"frobnicate", "unknown command"},
		{"ponderhit", "not pondering"},
	} {
		h.send(bad.cmd)
		got := h.expect("info string")
		if !strings.Contains(got[len(got)-1], bad.reason) {
			t.Errorf("%q: got %q, want a reason with %q", bad.cmd, got[len(got)-1], bad.reason)
		}
	}
	h.send("")
	h.send("isready")
	h.expect("readyok")

	// A fixed-depth search after moves.
	h.send("ucinewgame")
	h.send("position startpos moves e2e4 e7e5")
	h.send("go depth 5")
	got = h.expect("bestmove")
	if !has(got, "info depth 5 ") || !has(got, " score cp ") || !has(got, " pv ") {
		t.Errorf("no depth-5 info line with score and pv: %q", got)
	}
	if m, _ := bestmove(got); len(m) < 4 {
		t.Errorf("bestmove %q", m)
	}
	h.send("go wtime 2000 btime 2000 winc 10 binc 10 unknownparam")
	got = h.expect("bestmove")
	if !has(got, "unknown parameter") {
		t.Errorf("unknown go parameter not reported: %q", got)
	}

	// go infinite waits for stop.
	h.send("go infinite")
	h.quiet("bestmove", 300*time.Millisecond)
	h.send("isready")
	h.expect("readyok") // answered during the search
	h.send("go depth 1")
	h.expect("info string go ignored")
	h.send("stop")
	h.expect("bestmove")

	// Pondering: bestmove only after ponderhit.
	h.send("go ponder wtime 1000 btime 1000")
	h.quiet("bestmove", 200*time.Millisecond)
	h.send("ponderhit")
	h.expect("bestmove")

	// Chess960: castling as king takes rook, in and out.
	h.send("setoption name UCI_Chess960 value true")
	h.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1")
	h.send("d")
	got = h.expect("info string variant")
	if !strings.Contains(got[len(got)-1], "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq") {
		t.Errorf("after e1h1: %q", got[len(got)-1])
	}
	// The only mate is castling: the engine must print it as e1h1.
	h.send("position fen 4rk2/4p1pp/8/8/8/1B6/8/4K2R w H - 0 1")
	h.send("go depth 3")
	got = h.expect("bestmove")
	if m, _ := bestmove(got); m != "e1h1" || !has(got, "score mate 1") {
		t.Errorf("Chess960 castling mate: %q", got[len(got)-2:])
	}
	h.send("setoption name UCI_Chess960 value false")
	h.send("go depth 3")
	if m, _ := bestmove(h.expect("bestmove")); m != "e1g1" {
		t.Errorf("classic castling mate printed %q, want e1g1", m)
	}

	// Shatranj with Fairy-Stockfish letters (Q is the Ferz): al-Adli's
	// mate in 5, and a promotion written with q.
	h.send("setoption name UCI_Variant value shatranj")
	h.send("ucinewgame")
	h.send("position fen 6k1/5R2/7R/4N1Q1/8/1qn5/r2r4/2K5 w - - 0 1")
	h.send("go depth 9")
	got = h.expect("bestmove")
	if m, _ := bestmove(got); m != "h6g6" || !has(got, "score mate 5") {
		t.Errorf("al-Adli: %q", got[len(got)-2:])
	}
	h.send("position fen 8/4P3/8/7p/8/k7/8/K7 w - - 0 1 moves e7e8q")
	h.send("d")
	got = h.expect("info string variant")
	if !strings.Contains(got[len(got)-1], "4Q3/8/8/7p/8/k7/8/K7 b - - 0 1") {
		t.Errorf("shatranj promotion: %q", got[len(got)-1])
	}
	h.send("position startpos")
	h.send("go depth 3")
	if m, _ := bestmove(h.expect("bestmove")); len(m) != 4 {
		t.Errorf("shatranj bestmove %q", m)
	}

	// Ban-Chess: the move list alternates ban, move from Black's first
	// ban; the next action here is Black's ban, and bestmove is a ban.
	h.send("setoption name UCI_Variant value banchess")
	h.send("position startpos moves e2e4 d2d4 e7e5 d7d5")
	h.send("go depth 3")
	got = h.expect("bestmove")
	ban, _ := bestmove(got)
	p := banchess.Startpos()
	for _, a := range []string{"b:e2e4", "m:d2d4", "b:e7e5", "m:d7d5"} {
		if err := p.PlayText(a); err != nil {
			t.Fatal(err)
		}
	}
	if p.Phase() != banchess.BanPhase {
		t.Fatal("expected a ban phase")
	}
	if err := p.PlayText("b:" + ban); err != nil {
		t.Errorf("bestmove %q is not a legal ban: %v", ban, err)
	}
	h.send("position startpos moves e2e4 d2d4 e7e5")
	h.send("go depth 3")
	mv, _ := bestmove(h.expect("bestmove"))
	if mv == "e7e5" || len(mv) != 4 {
		t.Errorf("Black played %q, the banned move or no move", mv)
	}

	// Draughts, a Baten extension: PDN moves.
	h.send("setoption name UCI_Variant value draughts")
	h.send("position startpos moves 11-15 23-19")
	h.send("go depth 6")
	if m, _ := bestmove(h.expect("bestmove")); !strings.Contains(m, "-") && !strings.Contains(m, "x") {
		t.Errorf("draughts bestmove %q", m)
	}
	// A finished game.
	h.send("position fen B:W9,14:B5")
	h.send("go depth 3")
	if got := h.expect("bestmove"); got[len(got)-1] != "bestmove (none)" {
		t.Errorf("no-move position: %q", got[len(got)-1])
	}

	h.send("quit")
	select {
	case err := <-h.done:
		if err != nil {
			t.Errorf("Run: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("quit did not end Run")
	}
}

// TestEndOfInput: at the end of the input a running finite search still
// answers, and Run returns nil.
func TestEndOfInput(t *testing.T) {
	var out strings.Builder
	in := strings.NewReader("uci\nposition startpos\ngo depth 3\n")
	if err := Run(context.Background(), in, &out, Config{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "bestmove ") {
		t.Errorf("no bestmove in %q", out.String())
	}
	// An infinite search is stopped at the end of input.
	out.Reset()
	in = strings.NewReader("go infinite\n")
	done := make(chan error, 1)
	go func() { done <- Run(context.Background(), in, &out, Config{}) }()
	select {
	case err := <-done:
		if err != nil || !strings.Contains(out.String(), "bestmove ") {
			t.Errorf("err %v, output %q", err, out.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return")
	}
}

package uci

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"slices"
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
	t.Cleanup(func() { inW.Close() }) // the end of input stops a search a failed test left running
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
	return h.expectWithin(prefix, 20*time.Second)
}

// expectWithin is expect failing after d.
func (h *harness) expectWithin(prefix string, d time.Duration) []string {
	h.t.Helper()
	var got []string
	timeout := time.After(d)
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
			h.t.Fatalf("no %q within %v; got %q", prefix, d, got)
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
		"option name Threads type spin default 1 min 1 max 256",
		"option name MultiPV type spin default 1 min 1 max 256",
		"option name Move Overhead type spin default 10 min 0 max 5000",
		"option name Clear Hash type button",
		"option name UCI_ShowWDL type check default false",
		"option name UCI_Chess960 type check default false",
		"option name UCI_Variant type combo default chess var chess var chess960 var shatranj var banchess var draughts var nocastle var almost var knightmate var losalamos var gardner var capablanca var gothic var embassy var janus var chancellor var grand var shako var makruk var cambodian var asean var courier var 3check var 5check var karouk var kingofthehill var racingkings var breakthrough var jesonmor var giveaway var antichess var suicide var codrus var losers var extinction var kinglet var threekings var horde var misere var nocheckatomic var atomic var atomar var makpong var shatar var armageddon var legan var pawnback var torpedo var chaturanga var nightrider var grasshopper var hoppelpoppel var newzealand var amazon var georgian var raazuvaa var paradigm var ai-wok var modern var centaur var tencubed var opulent var fox-and-hounds var coregal var duck var amazons var snailtrail var perfect var gustav3 var chigorin var spartan var clobber var pawnsideways var petrified var berolina var wolf var caparandom var xiangqi var minixiangqi var manchu var janggi var janggitraditional var janggimodern var janggicasual var clobber10 var isolation var isolation7x7 var joust var sortofalmost var troitzky var omicron var crazyhouse var loop var chessgi var pocketknight var capahouse var placement var normal var fischerandom",
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
		{"setoption name UCI_Variant value weiqi", "unknown variant"},
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
	if !strings.Contains(got[len(got)-1], "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b ha") { // Shredder-FEN, as Fairy-Stockfish writes it (issue 46)
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
	if !strings.Contains(got[len(got)-1], "4Q3/8/8/7p/8/k7/8/K7 b - - 0 1") { // Fairy-Stockfish's letters out, as its d (issue 46), either on input
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

// TestDisplayDuringSearch: "d" during a search shows the position as set,
// not a node of the search tree, and does not touch the engine the search
// goroutine is using (run with -race).
func TestDisplayDuringSearch(t *testing.T) {
	for _, c := range []struct {
		variant, position, fen string
	}{
		{"chess", "position startpos moves e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		{"banchess", "position startpos moves e2e4 d2d4", "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1 3"},
	} {
		t.Run(c.variant, func(t *testing.T) {
			h := start(t)
			h.send("setoption name UCI_Variant value " + c.variant)
			h.send(c.position)
			h.send("go infinite")
			for range 20 {
				h.send("d")
				got := h.expect("info string variant")
				if l := got[len(got)-1]; l != "info string variant "+c.variant+" fen "+c.fen {
					t.Fatalf("d during the search: %q, want the fen %s", l, c.fen)
				}
				time.Sleep(5 * time.Millisecond)
			}
			h.send("stop")
			h.expect("bestmove")
			h.send("quit")
		})
	}
}

// TestGoLimits: malformed "go" parameters are reported and ignored, and a
// search is never unbounded unless "infinite" asks for it.
func TestGoLimits(t *testing.T) {
	h := start(t)
	h.send("position startpos moves e2e4")

	// Every limit malformed: each reported, then the default move time.
	h.send("go movetime abc depth -1 depth 0 nodes 0 mate x movestogo 0 winc -5 wtime")
	begin := time.Now()
	got := h.expect("bestmove")
	for _, want := range []string{
		`movetime needs a positive number, not "abc"`,
		`depth needs a positive number, not "-1"`,
		`depth needs a positive number, not "0"`,
		`nodes needs a positive number, not "0"`,
		`mate needs a positive number, not "x"`,
		`movestogo needs a positive number, not "0"`,
		`winc needs a number of milliseconds, 0 or more, not "-5"`,
		`wtime needs a number of milliseconds; ignored`,
		"no limit given: searching 1000 ms",
	} {
		if !has(got, want) {
			t.Errorf("no %q in %q", want, got)
		}
	}
	if el := time.Since(begin); el > 5*time.Second {
		t.Errorf("the default search took %v", el)
	}

	// Only White's clock, Black to move: White's time is the guess.
	h.send("go wtime 1000")
	begin = time.Now()
	h.expect("bestmove")
	if el := time.Since(begin); el > 3*time.Second {
		t.Errorf("go wtime 1000 with Black to move took %v", el)
	}
	// Black out of time: a move at once.
	h.send("go wtime 60000 btime -100")
	begin = time.Now()
	h.expect("bestmove")
	if el := time.Since(begin); el > time.Second {
		t.Errorf("go btime -100 took %v", el)
	}

	// A parameter without its number does not swallow the next one.
	h.send("go depth infinite")
	got = h.quiet("bestmove", 300*time.Millisecond)
	if !has(got, "depth needs a positive number; ignored") {
		t.Errorf("no report of the bare depth: %q", got)
	}
	h.send("stop")
	h.expect("bestmove")

	// go mate N searches the plies N moves take in the variant: four a
	// move in Ban-Chess. Two mates in two, checked by hand: 1. Qb7 and
	// 1. Qh7 (White bans Kd8, Kf8 forced) 2. Qf7# (Kxf7 banned).
	h.send("setoption name UCI_Variant value banchess")
	h.send("position fen 4k3/8/8/8/8/8/8/RQ2K3 w - - 0 1 2")
	h.send("go mate 2")
	got = h.expect("bestmove")
	if m, _ := bestmove(got); (m != "b1b7" && m != "b1h7") || !has(got, "score mate 2") {
		t.Errorf("go mate 2: %q", got[len(got)-2:])
	}
	h.send("quit")
}

// TestLongLines: a line longer than maxLine is skipped with an info string
// and the session goes on; echoed text is clipped.
func TestLongLines(t *testing.T) {
	long := strings.Repeat("x", maxLine+1)
	in := strings.NewReader(long + "\nisready\n" + strings.Repeat("y", 1000) + "\r\nposition startpos moves " + strings.Repeat("e2e4", 500) + "\nd")
	var out strings.Builder
	if err := Run(context.Background(), in, &out, Config{HashMB: 1}); err != nil {
		t.Fatalf("Run: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := []string{
		fmt.Sprintf("info string line ignored: longer than %d bytes", maxLine),
		"readyok",
		`info string unknown command "` + strings.Repeat("y", maxEcho) + `…" ignored`,
	}
	if len(lines) != 5 || !slices.Equal(lines[:3], want) {
		t.Fatalf("replies %q, want %q then a position error and d", lines, want)
	}
	if len(lines[3]) > 300 || !strings.HasPrefix(lines[3], "info string position: move 1 ") {
		t.Errorf("position error %d bytes: %.100q", len(lines[3]), lines[3])
	}
	if lines[4] != "info string variant chess fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" {
		t.Errorf("the last line, without its newline: %q", lines[4])
	}
}

// TestReadLine: line ends, the last line without one, and a line over the
// limit, with a reader buffer smaller than the lines.
func TestReadLine(t *testing.T) {
	in := "a\r\nbb\n\n" + strings.Repeat("c", maxLine) + "\n" + strings.Repeat("d", maxLine+1) + "\r\nlast"
	r := bufio.NewReaderSize(strings.NewReader(in), 16)
	want := []inputLine{{text: "a"}, {text: "bb"}, {}, {text: strings.Repeat("c", maxLine)}, {tooLong: true}, {text: "last"}}
	for i, w := range want {
		got, err := readLine(r)
		if err != nil || got != w {
			t.Fatalf("line %d: %.40q %v %v, want %.40q %v", i, got.text, got.tooLong, err, w.text, w.tooLong)
		}
	}
	if _, err := readLine(r); err != io.EOF {
		t.Errorf("after the last line: %v, want io.EOF", err)
	}
}

package uci

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/baten-chess/baten/chess"
)

// legalIn reports whether m is a legal UCI move of the chess position fen,
// by package chess (independent of the engine's move text).
func legalIn(t *testing.T, fen, m string) bool {
	t.Helper()
	setup, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	p, err := chess.NewPosition(setup)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	var ml chess.MoveList
	p.LegalMoves(&ml)
	for _, x := range ml.Slice() {
		if x.UCI(false) == m {
			return true
		}
	}
	return false
}

// field returns the value after key in an info line ("" if absent).
func field(line, key string) string {
	f := strings.Fields(line)
	for i := 0; i+1 < len(f); i++ {
		if f[i] == key {
			return f[i+1]
		}
	}
	return ""
}

func infoLines(lines []string) []string {
	var out []string
	for _, l := range lines {
		if strings.HasPrefix(l, "info depth ") {
			out = append(out, l)
		}
	}
	return out
}

const (
	startFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	e4FEN    = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
)

// TestInvalidPosition: a GUI never gets a move for a position it did not
// send. An illegal move keeps the legal prefix and reports the rest
// ignored; a bad FEN or a malformed command leaves no position and "go"
// answers "bestmove 0000", never the previous position's move.
func TestInvalidPosition(t *testing.T) {
	h := start(t)

	// The fourth move is not legal: the position is after three.
	h.send("position startpos moves e2e4 e7e5 g1f3 e5e3 h7h6")
	got := h.expect("info string")
	if l := got[len(got)-1]; !strings.Contains(l, `move 4 "e5e3" is illegal`) || !strings.Contains(l, "the 1 after it are ignored") {
		t.Errorf("illegal move report: %q", l)
	}
	h.send("d")
	afterNf3 := "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
	if l := h.expect("info string variant"); l[len(l)-1] != "info string variant chess fen "+afterNf3 {
		t.Errorf("after the legal prefix: %q", l[len(l)-1])
	}
	h.send("go depth 2")
	if m, _ := bestmove(h.expect("bestmove")); !legalIn(t, afterNf3, m) {
		t.Errorf("bestmove %q is not Black's move after 1.e4 e5 2.Nf3", m)
	}

	// A bad FEN after a good position: no move for the old one.
	for _, bad := range []string{
		"position startpos moves e2e4\nposition fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
		"position startpos moves e2e4\nposition fen",
		"position startpos moves e2e4\nposition somewhere",
		"position startpos moves e2e4\nposition startpos e2e4",
	} {
		for _, l := range strings.Split(bad, "\n") {
			h.send(l)
		}
		got := h.expect("info string position ignored")
		if !strings.Contains(got[len(got)-1], "go answers bestmove 0000") {
			t.Errorf("%q: %q", bad, got[len(got)-1])
		}
		h.send("go depth 3")
		got = h.expect("bestmove")
		if got[len(got)-1] != "bestmove 0000" || !has(got, "no position to search") {
			t.Errorf("%q then go: %q", bad, got)
		}
		h.send("d")
		if l := h.expect("info string"); !strings.Contains(l[len(l)-1], "no position") {
			t.Errorf("d without a position: %q", l[len(l)-1])
		}
	}
	// The next good position searches again.
	h.send("position startpos moves e2e4")
	h.send("go depth 2")
	if m, _ := bestmove(h.expect("bestmove")); !legalIn(t, e4FEN, m) {
		t.Errorf("bestmove %q after a good position", m)
	}
	h.send("quit")
}

// TestQueuedCommands: commands that arrive during a search run in order
// once it ends, as Stockfish reads them; isready is answered at once.
func TestQueuedCommands(t *testing.T) {
	h := start(t)
	h.send("position startpos")
	h.send("go infinite")
	h.send("position startpos moves e2e4")
	h.send("setoption name MultiPV value 2")
	h.send("go depth 3")
	h.send("isready")
	got := h.expect("readyok")
	if has(got, "bestmove") {
		t.Fatalf("a bestmove before stop: %q", got)
	}
	h.quiet("bestmove", 200*time.Millisecond)
	h.send("stop")
	first := h.expect("bestmove")
	if m, _ := bestmove(first); !legalIn(t, startFEN, m) {
		t.Errorf("the infinite search answered %q, not a White move from the start", m)
	}
	// The queued position, option and go run now, without more input.
	second := h.expect("bestmove")
	if m, _ := bestmove(second); !legalIn(t, e4FEN, m) {
		t.Errorf("the queued go answered %q, not a Black move after e4", m)
	}
	if !has(second, "multipv 2") {
		t.Errorf("the queued MultiPV 2 did not apply: %q", second)
	}

	// A finite search: what follows waits for it, in order.
	h.send("setoption name MultiPV value 1")
	h.send("position startpos")
	h.send("go depth 5")
	h.send("position startpos moves e2e4")
	h.send("d")
	h.send("go depth 1")
	got = h.expect("bestmove")
	if m, _ := bestmove(got); !legalIn(t, startFEN, m) {
		t.Errorf("first answer %q", m)
	}
	got = h.expect("bestmove")
	if !has(got, "fen "+e4FEN) {
		t.Errorf("the queued d did not run in order: %q", got)
	}
	if m, _ := bestmove(got); !legalIn(t, e4FEN, m) {
		t.Errorf("second answer %q", m)
	}
	h.send("quit")
	select {
	case <-h.done:
	case <-time.After(5 * time.Second):
		t.Fatal("quit did not end Run")
	}
}

// TestQuitDuringSearch: quit acts at once, even with commands queued.
func TestQuitDuringSearch(t *testing.T) {
	h := start(t)
	h.send("go infinite")
	h.send("position startpos moves e2e4")
	h.send("go infinite")
	h.send("quit")
	select {
	case err := <-h.done:
		if err != nil {
			t.Errorf("Run: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("quit during a search did not end Run")
	}
}

// TestEndOfInputLimits: at the end of input a search with small limits
// finishes, any other is stopped at once; either answers with a closing
// info and bestmove, and Run returns with no search left running.
func TestEndOfInputLimits(t *testing.T) {
	for _, c := range []struct {
		name, input string
		finishes    bool // the last info is of the requested depth
		bestmoves   int
	}{
		{"depth 60 stopped", "uci\nposition startpos\ngo depth 60\n", false, 1},
		{"nodes 1e9 stopped", "position startpos\ngo nodes 1000000000\n", false, 1},
		{"movetime 100000 stopped", "position startpos\ngo movetime 100000\n", false, 1},
		{"wtime 1h stopped", "position startpos\ngo wtime 3600000 btime 3600000\n", false, 1},
		{"ponder stopped", "position startpos\ngo ponder\n", false, 1},
		{"depth 5 finishes", "position startpos\ngo depth 5\n", true, 1},
		{"queued go after the end", "position startpos\ngo depth 4\nposition startpos moves e2e4\ngo depth 4\n", true, 2},
		{"queued large go after the end", "position startpos\ngo depth 3\nposition startpos moves e2e4\ngo depth 60\n", false, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out strings.Builder
			done := make(chan error, 1)
			begin := time.Now()
			go func() { done <- Run(context.Background(), strings.NewReader(c.input), &out, Config{HashMB: 4}) }()
			select {
			case err := <-done:
				if err != nil {
					t.Fatal(err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("Run did not return after the end of input")
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			var best []int
			for i, l := range lines {
				if strings.HasPrefix(l, "bestmove ") {
					best = append(best, i)
				}
			}
			if len(best) != c.bestmoves || best[len(best)-1] != len(lines)-1 {
				t.Fatalf("want %d bestmove, the last line one; got %q", c.bestmoves, lines)
			}
			last := lines[best[len(best)-1]-1]
			if !strings.HasPrefix(last, "info depth ") || field(last, "pv") == "" {
				t.Errorf("no closing info before bestmove: %q", last)
			}
			if c.finishes && field(last, "depth") != "4" && field(last, "depth") != "5" {
				t.Errorf("a small search did not finish: %q", last)
			}
			if !c.finishes && time.Since(begin) > 5*time.Second {
				t.Errorf("stopping took %v", time.Since(begin))
			}
		})
	}
}

// TestClockNeverFlags: on a small clock the answer comes within the time
// left, move after move, and well within it as a rule (the median; a
// machine shared with other work may hold one answer off a core), and
// movetime is kept.
func TestClockNeverFlags(t *testing.T) {
	h := start(t)
	h.send("position startpos moves e2e4 e7e5 g1f3 b8c6")
	median := func(d []time.Duration) time.Duration {
		slices.Sort(d)
		return d[len(d)/2]
	}
	var took []time.Duration
	for i := range 5 {
		begin := time.Now()
		h.send("go wtime 200 btime 200 winc 10 binc 10")
		h.expect("bestmove")
		el := time.Since(begin)
		if el >= 190*time.Millisecond {
			t.Errorf("move %d with 200 ms + 10 ms on the clock took %v", i, el)
		}
		took = append(took, el)
	}
	if m := median(took); m > 60*time.Millisecond {
		t.Errorf("moves on 200 ms + 10 ms took %v (median %v)", took, m)
	}
	took = took[:0]
	for range 3 {
		begin := time.Now()
		h.send("go movetime 30")
		h.expect("bestmove")
		took = append(took, time.Since(begin))
	}
	if m := median(took); m > 80*time.Millisecond {
		t.Errorf("movetime 30 took %v (median %v)", took, m)
	}
	// Move Overhead comes off movetime.
	h.send("setoption name Move Overhead value 400")
	begin := time.Now()
	h.send("go movetime 500")
	got := h.expect("bestmove")
	if el := time.Since(begin); el > 450*time.Millisecond {
		t.Errorf("movetime 500 with 400 ms overhead took %v", el)
	}
	if infos := infoLines(got); len(infos) == 0 || field(infos[len(infos)-1], "time") == "" {
		t.Errorf("no time in the closing info: %q", got)
	}
	h.send("setoption name Move Overhead value -1")
	if l := h.expect("info string"); !strings.Contains(l[len(l)-1], "Move Overhead ignored") {
		t.Errorf("bad overhead: %q", l)
	}
	h.send("quit")
}

// TestClosingInfo: with go nodes the last info before bestmove reports
// every node searched, the time and the full pv of the last depth.
func TestClosingInfo(t *testing.T) {
	h := start(t)
	h.send("position startpos")
	h.send("go nodes 30000")
	got := h.expect("bestmove")
	infos := infoLines(got)
	last := infos[len(infos)-1]
	n, err := strconv.Atoi(field(last, "nodes"))
	if err != nil || n < 30000 || n > 31000 {
		t.Errorf("closing info nodes %q, want the 30000 searched: %q", field(last, "nodes"), last)
	}
	if field(last, "time") == "" || field(last, "depth") == "" || field(last, "pv") == "" {
		t.Errorf("closing info incomplete: %q", last)
	}
	if m, _ := bestmove(got); field(last, "pv") != m {
		t.Errorf("closing pv starts %q, bestmove %q", field(last, "pv"), m)
	}
	if len(infos) > 1 && field(infos[len(infos)-2], "nodes") == field(last, "nodes") {
		t.Errorf("a closing info repeating the last iteration: %q", infos[len(infos)-2:])
	}
	h.send("quit")
}

// TestMultiPV: "info … multipv N …" for each line at each depth, distinct
// first moves, scores from the best down, bestmove the first line's; never
// more lines than moves.
func TestMultiPV(t *testing.T) {
	h := start(t)
	h.send("setoption name MultiPV value 3")
	h.send("position startpos moves e2e4")
	h.send("go depth 4")
	got := h.expect("bestmove")
	byDepth := map[string][]string{}
	for _, l := range infoLines(got) {
		byDepth[field(l, "depth")] = append(byDepth[field(l, "depth")], l)
	}
	for d := 1; d <= 4; d++ {
		ls := byDepth[strconv.Itoa(d)]
		if len(ls) < 3 {
			t.Fatalf("depth %d: %d lines, want 3: %q", d, len(ls), ls)
		}
		ls = ls[:3]
		var firsts []string
		prev := 1 << 30
		for i, l := range ls {
			if field(l, "multipv") != strconv.Itoa(i+1) {
				t.Errorf("depth %d line %d: %q", d, i+1, l)
			}
			m := field(l, "pv")
			if !legalIn(t, e4FEN, m) || slices.Contains(firsts, m) {
				t.Errorf("depth %d: pv %q repeated or illegal", d, m)
			}
			firsts = append(firsts, m)
			sc, err := strconv.Atoi(field(l, "cp"))
			if err != nil || sc > prev {
				t.Errorf("depth %d: scores not from the best down: %q", d, ls)
			}
			prev = sc
		}
		if d == 4 {
			if m, _ := bestmove(got); m != firsts[0] {
				t.Errorf("bestmove %q, first line %q", m, firsts[0])
			}
		}
	}
	// Two legal moves, five lines asked: two.
	h.send("position fen 7k/8/8/8/8/8/8/K6R b - - 0 1")
	h.send("go depth 3")
	got = h.expect("bestmove")
	for _, l := range infoLines(got) {
		if mp := field(l, "multipv"); mp != "1" && mp != "2" {
			t.Errorf("line %q with two legal moves", l)
		}
	}
	h.send("setoption name MultiPV value 0")
	if l := h.expect("info string"); !strings.Contains(l[len(l)-1], "MultiPV ignored") {
		t.Errorf("MultiPV 0: %q", l)
	}
	h.send("quit")
}

// TestSearchMoves: the root is restricted to the moves given; a move that
// is not legal is reported and left out.
func TestSearchMoves(t *testing.T) {
	h := start(t)
	h.send("position startpos")
	h.send("go depth 4 searchmoves a2a3 h2h4 e2e5")
	got := h.expect("bestmove")
	if !has(got, `searchmoves "e2e5" ignored`) {
		t.Errorf("illegal searchmove not reported: %q", got)
	}
	if m, _ := bestmove(got); m != "a2a3" && m != "h2h4" {
		t.Errorf("bestmove %q outside searchmoves", m)
	}
	for _, l := range infoLines(got) {
		if m := field(l, "pv"); m != "a2a3" && m != "h2h4" {
			t.Errorf("pv %q outside searchmoves", l)
		}
	}
	// MultiPV over searchmoves: as many lines as moves.
	h.send("setoption name MultiPV value 4")
	h.send("go depth 2 searchmoves g1f3 b1c3")
	got = h.expect("bestmove")
	for _, l := range infoLines(got) {
		if m := field(l, "pv"); m != "g1f3" && m != "b1c3" {
			t.Errorf("pv %q outside searchmoves", l)
		}
	}
	h.send("quit")
}

// TestOptions: Threads, Hash, Clear Hash and UCI_ShowWDL as GUIs set
// them, between and after searches.
func TestOptions(t *testing.T) {
	h := start(t)
	h.send("setoption name Threads value 2")
	h.send("setoption name Hash value 8")
	h.send("setoption name UCI_ShowWDL value true")
	h.send("isready")
	if got := h.expect("readyok"); has(got, "info string") {
		t.Errorf("options refused: %q", got)
	}
	h.send("position startpos moves e2e4")
	h.send("go depth 5")
	got := h.expect("bestmove")
	if m, _ := bestmove(got); !legalIn(t, e4FEN, m) {
		t.Errorf("two threads answered %q", m)
	}
	for _, l := range infoLines(got) {
		f := strings.Fields(l)
		i := slices.Index(f, "wdl")
		if i < 0 || i+3 >= len(f) {
			t.Fatalf("no wdl in %q", l)
		}
		sum := 0
		for _, x := range f[i+1 : i+4] {
			n, err := strconv.Atoi(x)
			if err != nil || n < 0 {
				t.Fatalf("wdl %q", f[i+1:i+4])
			}
			sum += n
		}
		if sum != 1000 {
			t.Errorf("wdl %q sums to %d", f[i+1:i+4], sum)
		}
	}
	h.send("setoption name Clear Hash")
	h.send("setoption name Hash value 1")
	h.send("go depth 3")
	if m, _ := bestmove(h.expect("bestmove")); !legalIn(t, e4FEN, m) {
		t.Errorf("after Clear Hash and a resize: %q", m)
	}
	// Pondering on two threads: bestmove only after ponderhit.
	h.send("go ponder wtime 500 btime 500")
	h.quiet("bestmove", 150*time.Millisecond)
	h.send("ponderhit")
	h.expect("bestmove")
	for _, bad := range []string{"setoption name Threads value 0", "setoption name Threads value 257", "setoption name UCI_ShowWDL value maybe"} {
		h.send(bad)
		if l := h.expect("info string"); !strings.Contains(l[len(l)-1], "ignored") {
			t.Errorf("%q: %q", bad, l)
		}
	}
	h.send("quit")
}

// TestVariantPathAnnounces: after VariantPath the new games are named in
// an info string and offered by UCI_Variant in the next "uci" reply, as
// Fairy-Stockfish offers them.
func TestVariantPathAnnounces(t *testing.T) {
	path := filepath.Join(t.TempDir(), "variants.ini")
	if err := os.WriteFile(path, []byte("[castlefree:chess]\ncastling = false\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h := start(t)
	h.send("setoption name VariantPath value " + path)
	if l := h.expect("info string"); l[len(l)-1] != "info string variants loaded: castlefree" {
		t.Errorf("VariantPath: %q", l)
	}
	h.send("uci")
	got := h.expect("uciok")
	if !has(got, " var castlefree") {
		t.Errorf("UCI_Variant does not offer the new game: %q", got)
	}
	h.send("setoption name UCI_Variant value castlefree")
	h.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6")
	h.send("go depth 2 searchmoves e1g1 e1f1")
	got = h.expect("bestmove")
	if m, _ := bestmove(got); m != "e1f1" || !has(got, `searchmoves "e1g1" ignored`) {
		t.Errorf("castling=false game: %q", got[len(got)-1])
	}
	h.send("quit")
}

// TestQueueBounded: a client that floods a running search with commands
// is told when the queue is full; the session goes on.
func TestQueueBounded(t *testing.T) {
	line := "position startpos moves " + strings.Repeat("e2e4 ", 100000) // 500 kB
	var in strings.Builder
	in.WriteString("go infinite\n")
	for range 40 { // 20 MB, over the 16 MB bound
		in.WriteString(line + "\n")
	}
	var out strings.Builder
	if err := Run(context.Background(), strings.NewReader(in.String()), &out, Config{HashMB: 1}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "info string line ignored: 16 MB of commands already wait") || !strings.Contains(out.String(), "bestmove ") {
		t.Errorf("no report of the full queue, or no bestmove: %.300q", out.String())
	}
}

// TestBanOrderingBounded: a Ban-Chess ban ply whose exchanges of bans and
// captures run deep (found by a baten match game that stalled) answers a
// small node limit at once: the ordering of bans by what they take away
// probes with bounded quiescence searches. On a clock nearly run out the
// probes end with the hard limit too (two fast games lost on time when
// they did not).
func TestBanOrderingBounded(t *testing.T) {
	h := start(t)
	h.send("setoption name UCI_Variant value banchess")
	h.send("position startpos moves d2d4 h2h4 e7e5 e7e6 d2d4 g1f3 d8h4 b8c6 d2d4 b1c3 d8h4 g8f6 c3b1 d2d4 c6d4 d7d5 " +
		"c3d5 c1f4 c6d4 f8d6 f4d6 e2e3 d6f4 e8g8 f4d6 f1d3 d6f4 a7a6 f4d6 e1g1 d6f4 c8d7 f4d6 d1d2 d6f4 d8e7 " +
		"f4d6 a2a3 d6f4 e6e5 d4e5 f4g3 e5d4 h7h6")
	for _, c := range []struct {
		goCmd string
		most  int
	}{
		// The probes and the first iteration's floor are bounded (here
		// about 100,000 nodes); unbounded probes ran for minutes, and the
		// first iteration, once run to its end, about 300,000 nodes.
		{"go nodes 300", 200_000},
		// 30 ms do not pay the overhead of the next 25 moves: a hard
		// limit of 0. Each probe stops within 256 nodes (about 60 probes here)
		// and the first iteration at its floor of 4,096; probes bounded
		// only in nodes searched about 92,000.
		{"go wtime 30 btime 30", 30_000},
	} {
		h.send(c.goCmd)
		got := h.expect("bestmove")
		var last string // the closing info, with or without a line
		for _, l := range got {
			if strings.HasPrefix(l, "info ") && field(l, "nodes") != "" {
				last = l
			}
		}
		if n, err := strconv.Atoi(field(last, "nodes")); err != nil || n > c.most {
			t.Errorf("%s: searched %q nodes, want at most %d (%q)", c.goCmd, field(last, "nodes"), c.most, got)
		}
	}
	h.send("quit")
}

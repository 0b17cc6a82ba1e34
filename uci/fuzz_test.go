package uci

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"
)

// FuzzRun feeds arbitrary command lines to the UCI loop: it never panics
// and always returns. Searches are kept short: every "go" line becomes a
// depth-1 search, as the fuzzer would otherwise ask for endless ones.
func FuzzRun(f *testing.F) {
	for _, seed := range []string{
		"uci\nisready\nposition startpos moves e2e4 e7e5\ngo depth 1\nquit\n",
		"setoption name UCI_Variant value shatranj\nposition fen rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1 moves e2e3\ngo\n",
		"setoption name UCI_Chess960 value true\nposition fen bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\ngo\n",
		"setoption name UCI_Variant value banchess\nposition startpos moves e2e4 d2d4\ngo\n",
		"setoption name UCI_Variant value draughts\nposition startpos moves 11-15\ngo\n",
		"position fen 8/8/8/8 w\nsetoption name Hash value -3\ngo wtime -5 btime x\nstop\nponderhit\n",
		"setoption name MultiPV value 3\nsetoption name Threads value 2\nsetoption name UCI_ShowWDL value true\nposition startpos moves e2e4 e7e5 e1e3\ngo searchmoves g1f3 zz\nd\nisready\n",
		"setoption name Move Overhead value 50\nsetoption name Clear Hash\nposition fen x\ngo\nd\nposition startpos\ngo ponder\nponderhit\nquit\n",
		"setoption name UCI_Variant value wolf\nposition fen 7k/P7/8/8/8/8/8/8/8/K7 w - - 0 1 moves a9a10e\nd\nposition fen 7k/P7/8/8/8/8/8/8/8/K7 w - - 0 1 moves a9a10+ h10g10\ngo\n", // a piece promotion, both texts
		"setoption name UCI_Variant value capablanca\nsetoption name UCI_Chess960 value true\nposition startpos\ngo perft 1\nsetoption name UCI_Variant value fischerandom\nd\nsetoption name UCI_Variant value normal\nposition fen 4k3/2p5/8/K2P3r/8/8/8/8 b - e3 0 1 moves c7c5\nd\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, script string) {
		var lines []string
		for _, line := range strings.Split(script, "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "go") {
				line = "go depth 1"
			}
			lines = append(lines, line)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := Run(ctx, strings.NewReader(strings.Join(lines, "\n")), io.Discard, Config{HashMB: 1}); err != nil && ctx.Err() == nil {
			t.Fatalf("Run: %v", err)
		}
		if ctx.Err() != nil {
			t.Fatalf("the session did not end within 10 s")
		}
	})
}

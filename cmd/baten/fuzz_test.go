package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// FuzzPlay feeds arbitrary commands to a play session on stdin: it never
// panics, ends by itself, and answers every mistake on stdout ("error:
// …") rather than failing. save and open are dropped (the fuzzer would
// write and read files anywhere) and the engine thinks one ply, as the
// UCI fuzz target does.
func FuzzPlay(f *testing.F) {
	variants := []string{"chess", "chess960", "shatranj", "banchess", "draughts"}
	for _, tt := range scriptedGames {
		for i, v := range variants {
			if v == tt.variant {
				f.Add(uint8(i), tt.script)
			}
		}
	}
	f.Add(uint8(0), "go\nhint\nundo\nmoves\npgn\ndraw\ndraw\nnew draughts\nballot 0\nballot 175\nsetup x\ntabiya\nload\nclaim\n")
	f.Fuzz(func(t *testing.T, vi uint8, script string) {
		var lines []string
		for _, line := range strings.Split(script, "\n") {
			// As execute reads a command: its first field, any case.
			if fields := strings.Fields(strings.ToLower(line)); len(fields) > 0 && (fields[0] == "save" || fields[0] == "open") {
				continue
			}
			lines = append(lines, line)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		var out, errOut bytes.Buffer
		args := []string{"play", "--variant", variants[int(vi)%len(variants)], "--level", "1", "--seed", "1"}
		err := run(ctx, args, strings.NewReader(strings.Join(lines, "\n")), &out, &errOut)
		if ctx.Err() != nil {
			t.Fatalf("the session did not end within 10 s")
		}
		if err != nil || errOut.Len() > 0 {
			t.Fatalf("play failed: %v %s", err, errOut.String())
		}
	})
}

// FuzzPerftArgs feeds arbitrary command lines to perft: it never panics,
// and either prints a result or fails with one line on stderr (and the
// hint to --help) and nothing on stdout. A final --depth 2 keeps every
// count small: it wins over any earlier --depth, and after a stray
// argument it is a stray argument too, an error before anything runs.
func FuzzPerftArgs(f *testing.F) {
	for _, seed := range []string{
		"--variant draughts --divide --fen W:W5:B",
		"--variant chess960 --chess960 0 --reference --json",
		"--variant shatranj --setup alternative --threads 2",
		"--variant shatranj --tabiya 1 --reference --divide",
		"--variant banchess --fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw\tKQkq\t-\t0\t1\t2:e2e4",
		"--variant capablanca --divide",
		"--fen k7/1Q6/1K6/8/8/8/8/8\tb\t-\t-\t0\t1 --depth 99999999999",
		"--suite x.perft --json", "--max-depth 3", "--depth x", "--bogus", "-h", "stray", "--tabiya=", "--",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		// Fields split at spaces; a tab inside one stands for a space, so
		// that a FEN can be one argument.
		args := []string{"perft"}
		for _, field := range strings.Fields(strings.ReplaceAll(line, "\t", "\x00")) {
			args = append(args, strings.ReplaceAll(field, "\x00", " "))
		}
		args = append(args, "--depth", "2")
		var out, errOut bytes.Buffer
		err := run(context.Background(), args, strings.NewReader(""), &out, &errOut)
		lines := strings.Split(strings.TrimSuffix(errOut.String(), "\n"), "\n")
		switch {
		case err == nil && out.Len() == 0:
			t.Fatalf("%q: success without output", args)
		case err != nil && !errors.Is(err, errReported) && (out.Len() > 0 || len(lines) > 2 || !strings.HasPrefix(lines[0], "baten")):
			t.Fatalf("%q: %v\nstdout %q\nstderr %q", args, err, out.String(), errOut.String())
		}
	})
}

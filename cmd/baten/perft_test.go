package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baten-chess/baten/internal/perftdata"
)

// baten runs the command in-process and returns stdout, stderr and error.
func baten(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := run(context.Background(), args, strings.NewReader(""), &out, &errOut)
	return out.String(), errOut.String(), err
}

func dataFile(t *testing.T, name string) string {
	t.Helper()
	dir, err := perftdata.Dir()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, name)
}

func TestPerftJSON(t *testing.T) {
	cases, err := perftdata.Load("chess/standard-126.epd")
	if err != nil {
		t.Fatal(err)
	}
	start := cases[0] // the initial position
	tests := []struct {
		args []string
		fen  string
	}{
		{[]string{"perft", "--depth", "3", "--json"}, start.FEN},
		{[]string{"perft", "--depth", "3", "--json", "--threads", "2"}, start.FEN},
		{[]string{"perft", "--depth", "3", "--json", "--reference"}, start.FEN},
		{[]string{"perft", "-depth", "3", "-json", "--variant", "chess960", "--chess960", "518"}, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"},
		{[]string{"perft", "--depth", "3", "--json", "--fen", start.FEN}, start.FEN},
	}
	for _, tt := range tests {
		out, _, err := baten(t, tt.args...)
		if err != nil {
			t.Fatalf("%v: %v", tt.args, err)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		var res perftResult
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &res); err != nil {
			t.Fatalf("%v: last line %q is not JSON: %v", tt.args, lines[len(lines)-1], err)
		}
		if res.Nodes != start.Counts[2].Nodes || res.Depth != 3 || res.FEN != tt.fen {
			t.Errorf("%v: %+v, want %d nodes at depth 3 from %s", tt.args, res, start.Counts[2].Nodes, tt.fen)
		}
	}
}

func TestPerftDivide(t *testing.T) {
	cases, err := perftdata.Load("draughts/english.perft")
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{}, {"--reference"}, {"--threads", "2"}} {
		divide(t, cases[0], args...)
	}
	out, _, _ := baten(t, "perft", "--variant", "draughts", "--depth", "2", "--divide")
	if !strings.Contains(out, "\n9-13: ") && !strings.HasPrefix(out, "9-13: ") {
		t.Fatalf("draughts divide is not in PDN:\n%s", out)
	}
}

// divide checks that a draughts --divide lists every root move and sums to
// the reference count at depth 3.
func divide(t *testing.T, start perftdata.Case, args ...string) {
	t.Helper()
	out, _, err := baten(t, append([]string{"perft", "--variant", "draughts", "--depth", "3", "--divide", "--json"}, args...)...)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var res perftResult
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &res); err != nil {
		t.Fatal(err)
	}
	var sum uint64
	for _, n := range res.Divide {
		sum += n
	}
	if len(res.Divide) != int(start.Counts[0].Nodes) || sum != start.Counts[2].Nodes || res.Nodes != sum {
		t.Fatalf("%v: divide %v sums to %d over %d moves", args, res.Divide, sum, len(res.Divide))
	}
}

func TestPerftSuite(t *testing.T) {
	out, _, err := baten(t, "perft", "--suite", dataFile(t, "chess/tricky.perft"), "--max-depth", "2")
	if err != nil || !strings.Contains(out, " 0 mismatches") {
		t.Fatalf("tricky.perft: %v\n%s", err, out)
	}
	for _, gen := range []string{"--reference=false", "--reference"} {
		out, _, err = baten(t, "perft", "--variant", "shatranj", gen, "--suite", dataFile(t, "shatranj/shatranj.perft"), "--max-depth", "2")
		if err != nil || !strings.Contains(out, " 0 mismatches") {
			t.Fatalf("shatranj.perft %s: %v\n%s", gen, err, out)
		}
	}
	out, _, err = baten(t, "perft", "--variant", "banchess", "--threads", "2", "--suite", dataFile(t, "banchess/banchess.perft"), "--max-depth", "4")
	if err != nil || !strings.Contains(out, " 0 mismatches") {
		t.Fatalf("banchess.perft: %v\n%s", err, out)
	}
	// A wrong reference count must be reported, with exit status 1.
	bad := filepath.Join(t.TempDir(), "bad.perft")
	if err := os.WriteFile(bad, []byte("id start\nepd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nperft 1 21\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, err = baten(t, "perft", "--suite", bad)
	if !errors.Is(err, errReported) || !strings.Contains(out, "MISMATCH start depth 1: 20, want 21") {
		t.Fatalf("bad suite: %v\n%s", err, out)
	}
}

func TestPerftErrors(t *testing.T) {
	tests := [][]string{
		{"perft", "--variant", "go"},
		{"perft", "--depth", "0"},
		{"perft", "--depth", "x"},
		{"perft", "--threads", "-1"},
		{"perft", "--chess960", "960", "--variant", "chess960"},
		{"perft", "--chess960", "5"},
		{"perft", "--setup", "alternative"},
		{"perft", "--variant", "banchess", "--reference"},
		{"perft", "--variant", "banchess", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2:e2e5"},
		{"perft", "--fen", "not a fen"},
		{"perft", "--variant", "draughts", "--fen", "B:W33:B1"},
		{"perft", "--suite", "/no/such/file.perft"},
		{"perft", "stray"},
		{"perft", "--bogus"},
		{"frobnicate"},
		{},
	}
	for _, args := range tests {
		if _, _, err := baten(t, args...); err == nil {
			t.Errorf("baten %v succeeded", args)
		}
	}
	if _, _, err := baten(t, "perft", "--help"); err != nil {
		t.Errorf("perft --help: %v", err)
	}
}

func TestPerftCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	err := run(ctx, []string{"perft", "--depth", "4", "--threads", "2", "--reference"}, strings.NewReader(""), &out, &errOut)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled perft returned %v", err)
	}
}

// TestPerftTabiya: --tabiya starts from the array, and the fast count
// equals the reference generator's.
func TestPerftTabiya(t *testing.T) {
	fast, _, err := baten(t, "perft", "--variant", "shatranj", "--tabiya", "Mujannah-Mashaikhi", "--depth", "3", "--json")
	if err != nil {
		t.Fatal(err)
	}
	ref, _, err := baten(t, "perft", "--variant", "shatranj", "--tabiya", "1", "--depth", "3", "--json", "--reference")
	if err != nil {
		t.Fatal(err)
	}
	var a, b perftResult
	if err := json.Unmarshal([]byte(lastLine(fast)), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(lastLine(ref)), &b); err != nil {
		t.Fatal(err)
	}
	if a.Nodes != b.Nodes || a.Nodes == 0 || !strings.HasPrefix(a.FEN, "r1a1ka1r/") {
		t.Fatalf("fast %d (%s), reference %d", a.Nodes, a.FEN, b.Nodes)
	}
	for _, args := range [][]string{{"--variant", "chess", "--tabiya", "1"}, {"--variant", "shatranj", "--tabiya", "17"}} {
		if _, _, err := baten(t, append([]string{"perft"}, args...)...); err == nil {
			t.Errorf("%v accepted", args)
		}
	}
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
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

// tempWriter returns a function that writes a file of the given name and
// text in a fresh temporary folder and returns its path.
func tempWriter(t *testing.T) func(name, text string) string {
	dir := t.TempDir()
	return func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
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
		{[]string{"perft", "-depth", "3", "-json", "--variant", "chess960", "--chess960", "518"}, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
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

// TestCommandErrors: a bad command line fails with one line on stderr
// naming the subcommand and what was wrong (a hint to --help after a
// command-line mistake), and prints nothing on stdout.
func TestCommandErrors(t *testing.T) {
	const kingMated = "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1"
	tests := []struct {
		args []string
		want string // the first line on stderr (its start, if want ends in ": ")
		hint bool   // a second line: run 'baten CMD --help' for usage
	}{
		{[]string{"perft", "--depth", "x"}, `baten perft: invalid value "x" for flag --depth: parse error`, true},
		{[]string{"perft", "-depth", "x"}, `baten perft: invalid value "x" for flag --depth: parse error`, true},
		{[]string{"perft", "--divide=maybe"}, `baten perft: invalid boolean value "maybe" for --divide: parse error`, true},
		{[]string{"perft", "--fen"}, `baten perft: flag needs an argument: --fen`, true},
		{[]string{"perft", "--bogus"}, `baten perft: flag provided but not defined: --bogus`, true},
		{[]string{"perft", "stray"}, `baten perft: unexpected argument "stray"`, true},
		{[]string{"perft", "--depth", "0"}, `baten perft: --depth 0: want 1 to 64`, false},
		{[]string{"perft", "--depth", "65"}, `baten perft: --depth 65: want 1 to 64`, false},
		{[]string{"perft", "--depth", "99999999999", "--variant", "draughts", "--fen", "W:W5:B"}, `baten perft: --depth 99999999999: want 1 to 64`, false},
		{[]string{"perft", "--depth", "99999999999", "--variant", "draughts", "--fen", "W:W5:B", "--divide", "--threads", "2"}, `baten perft: --depth 99999999999: want 1 to 64`, false},
		{[]string{"perft", "--depth", "99999999999", "--fen", kingMated}, `baten perft: --depth 99999999999: want 1 to 64`, false},
		{[]string{"perft", "--depth", "99999999999999999999"}, `baten perft: invalid value "99999999999999999999" for flag --depth: value out of range`, true},
		{[]string{"perft", "--threads", "-1"}, `baten perft: --threads -1: want 0 (one per CPU) to 1024`, false},
		{[]string{"perft", "--threads", "100000000"}, `baten perft: --threads 100000000: want 0 (one per CPU) to 1024`, false},
		{[]string{"perft", "--chess960", "960", "--variant", "chess960"}, `baten perft: --chess960 960: variant: no such start position: want a number from 0 to 959`, false},
		{[]string{"perft", "--chess960", "5"}, `baten perft: --chess960: Chess has no chess960 start positions (try --variant chess960 or --variant caparandom)`, false},
		{[]string{"perft", "--setup", "alternative"}, `baten perft: --setup: Chess has no setup start positions (try --variant shatranj)`, false},
		{[]string{"perft", "--variant", "shatranj", "--setup", "alternative", "--fen", "x"}, `baten perft: --fen and --setup both choose the start position: give one`, true},
		{[]string{"perft", "--variant", "shatranj", "--setup", "alternative", "--tabiya", "1"}, `baten perft: --setup and --tabiya both choose the start position: give one`, true},
		{[]string{"perft", "--variant", "chess960", "--chess960", "3", "--fen", "x"}, `baten perft: --fen and --chess960 both choose the start position: give one`, true},
		{[]string{"perft", "--variant", "shatranj", "--tabiya", ""}, `baten perft: --tabiya: empty value`, true},
		{[]string{"perft", "--fen", ""}, `baten perft: --fen: empty value`, true},
		{[]string{"perft", "--suite", "x.perft", "--depth", "3"}, `baten perft: --depth cannot go with --suite: the file gives every position and depth (limit depths with --max-depth)`, true},
		{[]string{"perft", "--suite", "x.perft", "--divide"}, `baten perft: --divide cannot go with --suite: the file gives every position and depth (limit depths with --max-depth)`, true},
		{[]string{"perft", "--suite", "x.perft", "--fen", kingMated}, `baten perft: --fen cannot go with --suite: the file gives every position and depth (limit depths with --max-depth)`, true},
		{[]string{"perft", "--suite", "x.perft", "--max-depth", "-1"}, `baten perft: --max-depth -1: want 0 (all) or more`, false},
		{[]string{"perft", "--max-depth", "3"}, `baten perft: --max-depth goes with --suite (one position takes --depth)`, true},
		{[]string{"perft", "--suite", "/no/such/file.perft"}, `baten perft: open /no/such/file.perft: no such file or directory`, false},
		{[]string{"perft", "--variant", "go"}, `baten perft: variant: unknown variant "go" (none of the 96 games known has that name); see baten variants`, false},
		{[]string{"perft", "--variant", "banchess", "--reference"}, `baten perft: --reference: Ban-Chess has no reference generator of its own`, false},
		{[]string{"perft", "--variant", "banchess", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2:e2e5"}, "baten perft: ", false},
		{[]string{"perft", "--fen", "not a fen"}, "baten perft: --fen: chess: ", false},
		{[]string{"perft", "--variant", "draughts", "--fen", "B:W33:B1"}, "baten perft: --fen: draughts: ", false},
		{[]string{"perft", "--variant", "shatranj", "--tabiya", "17"}, "baten perft: ", false},
		{[]string{"play", "--bogus"}, `baten play: flag provided but not defined: --bogus`, true},
		{[]string{"play", "--level", "0"}, `baten play: --level 0: want 1-30`, false},
		{[]string{"play", "--engine", "--color", "blue"}, `baten play: --color "blue": want white, black or random`, false},
		{[]string{"play", "--color", "black"}, `baten play: --color: only with --engine (two players at the keyboard play both colours)`, false},
		{[]string{"play", "--variant", "weiqi"}, `baten play: --variant: variant: unknown variant "weiqi" (none of the 96 games known has that name); see baten variants`, false},
		{[]string{"play", "--variant", "draughts", "--tabiya", "1"}, `baten play: --tabiya: English draughts has no tabiya start positions (try --variant shatranj)`, false},
		{[]string{"analyse", "--variant", "shatranj", "--ballot", "1"}, `baten analyse: --ballot: Shatranj has no ballot start positions (try --variant draughts)`, false},
		{[]string{"validate"}, `baten validate: no files (give FILE.pgn or FILE.pdn, or - for stdin)`, true},
		{[]string{"validate", "/no/such/file.pgn"}, `baten validate: open /no/such/file.pgn: no such file or directory`, false},
		{[]string{"uci", "--hash", "0"}, `baten uci: --hash 0: want 1 to 4096 MB`, false},
		{[]string{"analyse", "--depth", "x"}, `baten analyse: invalid value "x" for flag --depth: parse error`, true},
		{[]string{"frobnicate"}, `baten: unknown command "frobnicate" (try "baten help")`, false},
		{[]string{"help", "frobnicate"}, `baten: help: unknown command "frobnicate" (try "baten help")`, false},
		{[]string{"help", "perft", "play"}, `baten: help: want at most one command, got ["perft" "play"]`, false},
	}
	for _, tt := range tests {
		out, errOut, err := baten(t, tt.args...)
		lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
		wantLines := 1
		if tt.hint {
			wantLines = 2
		}
		switch {
		case err == nil:
			t.Errorf("baten %q succeeded", tt.args)
		case out != "":
			t.Errorf("baten %q printed on stdout: %q", tt.args, out)
		case len(lines) != wantLines || lines[0] != tt.want && !(strings.HasSuffix(tt.want, ": ") && strings.HasPrefix(lines[0], tt.want)):
			t.Errorf("baten %q: stderr\n%s\nwant %q in %d line(s)", tt.args, errOut, tt.want, wantLines)
		case tt.hint && lines[1] != "run 'baten "+tt.args[0]+" --help' for usage":
			t.Errorf("baten %q: hint %q", tt.args, lines[1])
		}
	}
	// A bare "baten" shows the usage on stderr.
	if _, errOut, err := baten(t); err == nil || !strings.HasPrefix(errOut, "baten plays") {
		t.Errorf("bare baten: %v %q", err, errOut)
	}
}

// TestHelp: every form of help prints on stdout, nothing on stderr, and
// succeeds.
func TestHelp(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"help"}, "baten plays, checks"},
		{[]string{"--help"}, "baten plays, checks"},
		{[]string{"perft", "--help"}, "Usage: baten perft [flags]"},
		{[]string{"perft", "-h"}, "Usage: baten perft [flags]"},
		{[]string{"help", "perft"}, "Usage: baten perft [flags]"},
		{[]string{"help", "play"}, "Usage: baten play [flags]"},
		{[]string{"play", "--help"}, "Usage: baten play [flags]"},
		{[]string{"validate", "--help"}, "Usage: baten validate FILE"},
		{[]string{"help", "uci"}, "Usage: baten uci [flags]"},
		{[]string{"help", "analyse"}, "Usage: baten analyse [flags]"},
		{[]string{"analyze", "-help"}, "Usage: baten analyse [flags]"},
	}
	for _, tt := range tests {
		out, errOut, err := baten(t, tt.args...)
		if err != nil || errOut != "" || !strings.HasPrefix(out, tt.want) {
			t.Errorf("baten %q: %v, stderr %q, stdout:\n%s", tt.args, err, errOut, out)
		}
	}
	// Each flag is listed, and play's commands follow its flags.
	if out, _, _ := baten(t, "help", "perft"); !strings.Contains(out, "-max-depth int") {
		t.Errorf("perft help lacks its flags:\n%s", out)
	}
	if out, _, _ := baten(t, "help", "play"); !strings.Contains(out, "new960 [n]") {
		t.Errorf("play help lacks its commands:\n%s", out)
	}
}

func TestDoubleDash(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`invalid value "x" for flag -depth: parse error`, `invalid value "x" for flag --depth: parse error`},
		{`invalid value "a\" for flag -x" for flag -fen: bad`, `invalid value "a\" for flag -x" for flag --fen: bad`},
		{`invalid boolean value "x" for -json: parse error`, `invalid boolean value "x" for --json: parse error`},
		{`flag provided but not defined: -bogus`, `flag provided but not defined: --bogus`},
		{`flag needs an argument: -fen`, `flag needs an argument: --fen`},
		{`bad flag syntax: ---x`, `bad flag syntax: ---x`},
	} {
		if got := doubleDash(tt.in); got != tt.want {
			t.Errorf("doubleDash(%q) = %q, want %q", tt.in, got, tt.want)
		}
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

// perftJSON runs perft with --json and decodes its last line.
func perftJSON(t *testing.T, args ...string) perftResult {
	t.Helper()
	out, errOut, err := baten(t, append([]string{"perft", "--json"}, args...)...)
	if err != nil {
		t.Fatalf("perft %q: %v %s", args, err, errOut)
	}
	var res perftResult
	if err := json.Unmarshal([]byte(lastLine(out)), &res); err != nil {
		t.Fatalf("perft %q: last line %q: %v", args, lastLine(out), err)
	}
	return res
}

// TestReferenceLikeFast: --reference reports the same FEN and divides
// with the same keys (the variant's notation: PDN for draughts, e1g1
// castling in chess, king takes rook in Chess960) and counts as the fast
// generator, so the two outputs can be diffed. Ban-Chess has no reference
// generator (TestCommandErrors).
func TestReferenceLikeFast(t *testing.T) {
	tests := []struct {
		variant string
		start   []string // the start-position flags
	}{
		{"chess", nil},
		{"chess", []string{"--fen", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"}},
		{"chess", []string{"--fen", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"}},
		{"chess", []string{"--fen", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1"}},
		{"chess", []string{"--fen", "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1"}},
		{"chess960", nil},
		{"chess960", []string{"--chess960", "0"}},
		{"chess960", []string{"--fen", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1"}},
		{"chess960", []string{"--fen", "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1"}},
		{"chess960", []string{"--fen", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w H - 0 1"}},
		{"shatranj", nil},
		{"shatranj", []string{"--setup", "alternative"}},
		{"shatranj", []string{"--tabiya", "1"}},
		{"shatranj", []string{"--fen", "4k3/P7/8/8/8/8/7p/4K3 w - - 0 1"}},
		{"draughts", nil},
		{"draughts", []string{"--fen", "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"}},
		{"draughts", []string{"--fen", "W:WK10:B14,15,22,23"}},
		{"draughts", []string{"--fen", "W:W18,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,15,16"}},
	}
	for _, tt := range tests {
		args := append([]string{"--variant", tt.variant, "--depth", "2", "--divide"}, tt.start...)
		fast := perftJSON(t, args...)
		ref := perftJSON(t, append(args, "--reference")...)
		if ref.FEN != fast.FEN || !maps.Equal(ref.Divide, fast.Divide) || len(fast.Divide) == 0 {
			t.Errorf("%s %q:\nfast      %s %v\nreference %s %v", tt.variant, tt.start, fast.FEN, fast.Divide, ref.FEN, ref.Divide)
		}
	}
	// Draughts captures list every landing; chess castles king to g8.
	if d := perftJSON(t, "--variant", "draughts", "--depth", "1", "--divide", "--reference", "--fen", "W:WK10:B14,15,22,23").Divide; d["10x17x26x19x10"] != 1 {
		t.Errorf("draughts reference divide %v", d)
	}
	if d := perftJSON(t, "--depth", "1", "--divide", "--reference", "--fen", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1").Divide; d["e8g8"] != 1 || d["e8c8"] != 1 {
		t.Errorf("chess reference divide %v", d)
	}
	// Capablanca has only the reference generator; its castling is
	// written as in chess, the king's own move.
	if d := perftJSON(t, "--variant", "capablanca", "--depth", "1", "--divide", "--fen", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1").Divide; d["f1i1"] != 1 || d["f1c1"] != 1 {
		t.Errorf("capablanca divide %v", d)
	}
	// A position only the reference reads (more promoted queens than
	// pawns could give) keeps the reference's own FEN.
	const queens = "k7/8/8/8/8/8/QQQQQQQQ/QQQQQQQK b - - 0 1"
	if _, _, err := baten(t, "perft", "--depth", "1", "--fen", queens); err == nil {
		t.Fatal("the fast generator read an impossible position")
	}
	if res := perftJSON(t, "--depth", "1", "--reference", "--fen", queens); res.FEN != queens || res.Nodes != 0 {
		t.Errorf("reference: %+v", res)
	}
}

// suiteSummary is the last line perft --suite prints for a reference
// file with no mismatch, counted from the file.
func suiteSummary(t *testing.T, name string, maxDepth int) string {
	t.Helper()
	cases, err := perftdata.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	counts := 0
	for _, c := range cases {
		counts += len(c.Upto(maxDepth))
	}
	return fmt.Sprintf("%d positions, %d counts checked, 0 mismatches\n", len(cases), counts)
}

// TestPerftSuiteVariant: a file of PDN FEN positions is draughts without
// --variant; a --variant that cannot read the file's positions, a file of
// both kinds, an empty file and an absurd depth are errors, not a list of
// mismatches.
func TestPerftSuiteVariant(t *testing.T) {
	english := dataFile(t, "draughts/english.perft")
	out, _, err := baten(t, "perft", "--suite", english, "--max-depth", "4")
	if want := suiteSummary(t, "draughts/english.perft", 4); err != nil || !strings.HasSuffix(out, want) {
		t.Fatalf("english.perft without --variant: %v\n%s", err, out)
	}
	write := tempWriter(t)
	mixed := write("mixed.perft", "id a\npdnfen B:W21-32:B1-12\nperft 1 7\nid b\nepd 4k3/8/8/8/8/8/8/4K3 w - -\nperft 1 5\n")
	deep := write("deep.perft", "id a\npdnfen B:W21-32:B1-12\nperft 99999999999 7\n")
	empty := write("empty.perft", "# nothing\n")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--suite", english, "--variant", "chess"}, "baten perft: " + english + ": holds draughts positions (pdnfen), not chess ones: drop --variant or give --variant draughts"},
		{[]string{"--suite", dataFile(t, "chess/tricky.perft"), "--variant", "checkers"}, "baten perft: " + dataFile(t, "chess/tricky.perft") + ": holds chess-family positions (epd), not draughts ones"},
		{[]string{"--suite", mixed}, "baten perft: " + mixed + ": mixes draughts positions (pdnfen) with chess-family ones (epd)"},
		{[]string{"--suite", empty}, "baten perft: " + empty + ": no positions"},
		{[]string{"--suite", deep}, "baten perft: " + deep + ": a: depth 99999999999: want 0 to 64"},
	}
	for _, tt := range tests {
		out, errOut, err := baten(t, append([]string{"perft"}, tt.args...)...)
		if err == nil || out != "" || errOut != tt.want+"\n" {
			t.Errorf("%q: %v, stdout %q, stderr %q; want %q", tt.args, err, out, errOut, tt.want)
		}
	}
}

// TestPerftSuiteJSON: --json with --suite ends with one summary object,
// listing each mismatch.
func TestPerftSuiteJSON(t *testing.T) {
	out, _, err := baten(t, "perft", "--suite", dataFile(t, "draughts/edge-cases.perft"), "--max-depth", "2", "--json", "--reference")
	var res suiteResult
	want := suiteSummary(t, "draughts/edge-cases.perft", 2)
	if err != nil || json.Unmarshal([]byte(lastLine(out)), &res) != nil || !strings.Contains(out, want) ||
		fmt.Sprintf("%d positions, %d counts checked, %d mismatches\n", res.Positions, res.Checked, res.Mismatches) != want ||
		res.Variant != "draughts" || res.Failures != nil {
		t.Fatalf("edge-cases.perft: %v %+v\n%s", err, res, out)
	}
	bad := filepath.Join(t.TempDir(), "bad.perft")
	if err := os.WriteFile(bad, []byte("id start\nepd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nperft 1 21\nid broken\nepd nonsense\nperft 1 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, err = baten(t, "perft", "--suite", bad, "--json")
	res = suiteResult{}
	if !errors.Is(err, errReported) || json.Unmarshal([]byte(lastLine(out)), &res) != nil || res.Mismatches != 2 || len(res.Failures) != 2 ||
		res.Failures[0] != (suiteFailure{ID: "start", FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", Depth: 1, Nodes: 20, Want: 21}) ||
		res.Failures[1].ID != "broken" || res.Failures[1].Error == "" {
		t.Fatalf("bad suite: %v %+v\n%s", err, res, out)
	}
}

// TestPerftDrops: crazyhouse's hands through the command line: a FEN
// with lichess's ninth rank is read and shown as Fairy-Stockfish writes
// it, perft counts Fairy-Stockfish's 7193 (go perft 2), and --divide
// names the drops as it does (N@b1); --suite reads fsf-head's file.
func TestPerftDrops(t *testing.T) {
	out, _, err := baten(t, "perft", "--variant", "crazyhouse", "--fen", "4k3/8/8/8/8/8/8/4K3/PNq w - - 0 1", "--depth", "2")
	if err != nil || !strings.Contains(out, "fen      4k3/8/8/8/8/8/8/4K3[NPq] w - - 0 1") || !strings.Contains(out, "nodes    7193\n") {
		t.Fatalf("%v\n%s", err, out)
	}
	out, _, err = baten(t, "perft", "--variant", "crazyhouse", "--fen", "4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1", "--depth", "1", "--divide")
	if err != nil || !strings.Contains(out, "N@b1: 1\n") || !strings.Contains(out, "nodes    6\n") {
		t.Fatalf("%v\n%s", err, out)
	}
	out, _, err = baten(t, "perft", "--suite", dataFile(t, "fairy/fsf-head/crazyhouse.perft"), "--variant", "crazyhouse", "--max-depth", "2")
	if err != nil || !strings.Contains(out, "0 mismatches") {
		t.Fatalf("%v\n%s", err, out)
	}
}

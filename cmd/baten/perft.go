package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/baten-chess/baten/internal/perftdata"
)

// maxPerftDepth is the deepest --depth accepted. Counting is exponential:
// the deepest published counts are 15 plies for chess and 28 for English
// draughts (the shared data's draughts divides reach 20), so 64 refuses
// nothing countable, while a mistyped huge depth gets one clear line
// instead of a generator sizing its per-ply buffers for it.
const maxPerftDepth = 64

// maxThreads is the most goroutines --threads may ask for. The parallel
// perfts start one goroutine per thread asked, whatever the work; more
// than the cores gains nothing, and a mistyped huge number would exhaust
// memory on goroutine stacks.
const maxThreads = 1024

// perftResult is the --json line.
type perftResult struct {
	Variant string            `json:"variant"`
	FEN     string            `json:"fen"`
	Depth   int               `json:"depth"`
	Nodes   uint64            `json:"nodes"`
	Seconds float64           `json:"seconds"`
	NPS     float64           `json:"nps"`
	Divide  map[string]uint64 `json:"divide,omitempty"`
}

// suiteResult is the --json line of --suite.
type suiteResult struct {
	Suite      string         `json:"suite"`
	Variant    string         `json:"variant"`
	Positions  int            `json:"positions"`
	Checked    int            `json:"checked"`
	Mismatches int            `json:"mismatches"`
	Seconds    float64        `json:"seconds"`
	Failures   []suiteFailure `json:"failures,omitempty"`
}

// suiteFailure is one mismatch of a suite, or a position that could not
// be set up (Error, with Depth 0).
type suiteFailure struct {
	ID    string `json:"id"`
	FEN   string `json:"fen"`
	Depth int    `json:"depth,omitempty"`
	Nodes uint64 `json:"nodes,omitempty"`
	Want  uint64 `json:"want,omitempty"`
	Error string `json:"error,omitempty"`
}

func perftCommand(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	variant := fs.String("variant", "chess", "game: "+strings.Join(variantNames, ", "))
	fen := fs.String("fen", "", "start from this position (the variant's FEN; PDN FEN for draughts) instead of the initial one")
	depth := fs.Int("depth", 5, fmt.Sprintf("plies to count, 1-%d", maxPerftDepth))
	divide := fs.Bool("divide", false, "list every root move with its count, in the variant's notation")
	threads := fs.Int("threads", 1, fmt.Sprintf("goroutines to split the work across, 0 (one per CPU) to %d", maxThreads))
	reference := fs.Bool("reference", false, "use the reference (spec) generator of package rules instead of the fast one; its output reads the same, for diffing")
	asJSON := fs.Bool("json", false, "print one JSON object on the last line (with --suite: a summary)")
	chess960 := fs.Int("chess960", -1, "Chess960 start position by Scharnagl number 0-959 (with --variant chess960)")
	setup := fs.String("setup", "", "shatranj start: standard or alternative")
	tabiya := fs.String("tabiya", "", "shatranj: start from this opening array (number or name)")
	suite := fs.String("suite", "", "check every position of a .perft or .epd reference file instead (draughts files need no --variant)")
	maxDepth := fs.Int("max-depth", 0, "with --suite: check depths up to this only (0: all)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: baten perft [flags]\n       baten perft --suite FILE [--max-depth N] [--variant V] [--reference] [--threads N] [--json]\n\n"+
			"Counts the leaves of the legal move tree: the standard check of a move generator.\n"+
			"--fen, --chess960, --setup and --tabiya each choose the position; give one at most.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args, stdout, false); err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if err := checkPerftFlags(set, fs); err != nil {
		return err
	}
	if *threads == 0 {
		*threads = runtime.NumCPU()
	}
	if *threads < 0 || *threads > maxThreads {
		return fmt.Errorf("--threads %d: want 0 (one per CPU) to %d", *threads, maxThreads)
	}
	if set["chess960"] && (*chess960 < 0 || *chess960 > 959) {
		return fmt.Errorf("--chess960 %d: want a Scharnagl number 0-959", *chess960)
	}
	opt := positionOptions{fen: *fen, chess960: *chess960, setup: *setup, tabiya: *tabiya, reference: *reference}
	if *suite != "" {
		if *maxDepth < 0 {
			return fmt.Errorf("--max-depth %d: want 0 (all) or more", *maxDepth)
		}
		return perftSuite(ctx, suiteOptions{path: *suite, variant: *variant, variantGiven: set["variant"],
			maxDepth: *maxDepth, threads: *threads, reference: *reference, json: *asJSON}, stdout, stderr)
	}
	if *depth < 1 || *depth > maxPerftDepth {
		return fmt.Errorf("--depth %d: want 1 to %d", *depth, maxPerftDepth)
	}
	t, err := newTree(*variant, opt)
	if err != nil {
		return err
	}

	start := time.Now()
	var nodes uint64
	var div []division
	bar := startProgress(stderr, fmt.Sprintf("perft %s depth %d", *variant, *depth), -1)
	if *divide {
		div, err = t.Divide(ctx, *depth, *threads)
		nodes, _ = sumDivide(div, nil)
	} else {
		nodes, err = t.Perft(ctx, *depth, *threads)
	}
	bar.stop()
	if err != nil {
		return err
	}
	elapsed := time.Since(start).Seconds()
	res := perftResult{Variant: *variant, FEN: t.FEN(), Depth: *depth, Nodes: nodes, Seconds: elapsed, NPS: float64(nodes) / max(elapsed, 1e-9)}
	if *divide {
		res.Divide = map[string]uint64{}
		for _, d := range div {
			fmt.Fprintf(stdout, "%s: %d\n", d.Move, d.Nodes)
			res.Divide[d.Move] = d.Nodes
		}
		fmt.Fprintln(stdout)
	}
	fmt.Fprintf(stdout, "variant  %s\nfen      %s\ndepth    %d\nnodes    %d\ntime     %.3f s\nnps      %.0f\n",
		res.Variant, res.FEN, res.Depth, res.Nodes, res.Seconds, res.NPS)
	if *asJSON {
		line, _ := json.Marshal(res) // plain data: cannot fail
		fmt.Fprintf(stdout, "%s\n", line)
	}
	return nil
}

// checkPerftFlags rejects flags given together that cannot both apply,
// rather than silently ignoring one: each start-position flag against the
// others, the suite's own positions and depths against the single-position
// flags, and empty values given on purpose.
func checkPerftFlags(set map[string]bool, fs *flag.FlagSet) error {
	for _, name := range []string{"fen", "setup", "tabiya", "suite", "variant"} {
		if set[name] && fs.Lookup(name).Value.String() == "" {
			return usageErrorf("--%s: empty value", name)
		}
	}
	if set["suite"] {
		for _, name := range []string{"fen", "depth", "divide", "chess960", "setup", "tabiya"} {
			if set[name] {
				return usageErrorf("--%s cannot go with --suite: the file gives every position and depth (limit depths with --max-depth)", name)
			}
		}
		return nil
	}
	if set["max-depth"] {
		return usageErrorf("--max-depth goes with --suite (one position takes --depth)")
	}
	starts := []string{"fen", "chess960", "setup", "tabiya"}
	for i, a := range starts {
		for _, b := range starts[i+1:] {
			if set[a] && set[b] {
				return usageErrorf("--%s and --%s both choose the start position: give one", a, b)
			}
		}
	}
	return nil
}

// suiteOptions are the flags of perft --suite.
type suiteOptions struct {
	path, variant string
	// variantGiven: --variant was on the command line; otherwise a file of
	// PDN FEN positions is read as draughts.
	variantGiven bool
	maxDepth     int
	threads      int
	reference    bool
	json         bool
}

// draughtsNames are the --variant spellings of English draughts.
var draughtsNames = []string{"draughts", "english-draughts", "checkers"}

// isPDNFEN reports whether a reference file's position is a draughts PDN
// FEN ("B:W21,22:B1,2", a pdnfen line) rather than a chess-family FEN (an
// epd line): only the former starts with a side letter and a colon.
func isPDNFEN(fen string) bool {
	side, _, ok := strings.Cut(fen, ":")
	side = strings.ToUpper(strings.TrimSpace(side))
	return ok && (side == "W" || side == "B")
}

// suiteVariant is the variant to read a suite's positions as: --variant if
// given, else draughts for a file of PDN FEN positions and chess for one
// of FEN positions. A --variant that cannot read the file's kind of
// position, or a file of both kinds, is an error.
func suiteVariant(o suiteOptions, cases []perftdata.Case) (string, error) {
	pdn := 0
	for _, c := range cases {
		if isPDNFEN(c.FEN) {
			pdn++
		}
	}
	draughts := slices.Contains(draughtsNames, o.variant)
	switch {
	case len(cases) == 0:
		return "", fmt.Errorf("%s: no positions", o.path)
	case pdn > 0 && pdn < len(cases):
		return "", fmt.Errorf("%s: mixes draughts positions (pdnfen) with chess-family ones (epd)", o.path)
	case pdn > 0 && !o.variantGiven:
		return "draughts", nil
	case pdn > 0 && !draughts:
		return "", fmt.Errorf("%s: holds draughts positions (pdnfen), not %s ones: drop --variant or give --variant draughts", o.path, o.variant)
	case pdn == 0 && draughts:
		return "", fmt.Errorf("%s: holds chess-family positions (epd), not draughts ones", o.path)
	}
	return o.variant, nil
}

// perftSuite checks every case of a reference file and reports mismatches.
func perftSuite(ctx context.Context, o suiteOptions, stdout, stderr io.Writer) error {
	f, err := os.Open(o.path)
	if err != nil {
		return err
	}
	defer f.Close()
	var cases []perftdata.Case
	if strings.HasSuffix(o.path, ".epd") {
		cases, err = perftdata.ParseEPD(f)
	} else {
		cases, err = perftdata.Parse(f)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", o.path, err)
	}
	variant, err := suiteVariant(o, cases)
	if err != nil {
		return err
	}
	total := 0
	for _, c := range cases {
		for _, want := range c.Counts {
			if o.maxDepth == 0 || want.Depth <= o.maxDepth {
				total++
			}
		}
	}
	start := time.Now()
	bar := startProgress(stderr, "perft suite "+o.path, total)
	defer bar.stop()
	res := suiteResult{Suite: o.path, Variant: variant, Positions: len(cases)}
	for _, c := range cases {
		t, err := newTree(variant, positionOptions{fen: c.FEN, chess960: -1, reference: o.reference})
		if err != nil {
			fmt.Fprintf(stdout, "%s: %v\n", c.ID, err)
			res.Mismatches++
			res.Failures = append(res.Failures, suiteFailure{ID: c.ID, FEN: c.FEN, Error: err.Error()})
			continue
		}
		for _, want := range c.Counts {
			if o.maxDepth > 0 && want.Depth > o.maxDepth {
				continue
			}
			if want.Depth < 0 || want.Depth > maxPerftDepth {
				return fmt.Errorf("%s: %s: depth %d: want 0 to %d", o.path, c.ID, want.Depth, maxPerftDepth)
			}
			got, err := t.Perft(ctx, want.Depth, o.threads)
			if err != nil {
				return err
			}
			res.Checked++
			bar.step(1)
			if got != want.Nodes {
				res.Mismatches++
				res.Failures = append(res.Failures, suiteFailure{ID: c.ID, FEN: c.FEN, Depth: want.Depth, Nodes: got, Want: want.Nodes})
				fmt.Fprintf(stdout, "MISMATCH %s depth %d: %d, want %d (%s)\n", c.ID, want.Depth, got, want.Nodes, c.FEN)
			}
		}
	}
	res.Seconds = time.Since(start).Seconds()
	fmt.Fprintf(stdout, "%d positions, %d counts checked, %d mismatches\n", res.Positions, res.Checked, res.Mismatches)
	if o.json {
		line, _ := json.Marshal(res) // plain data: cannot fail
		fmt.Fprintf(stdout, "%s\n", line)
	}
	if res.Mismatches > 0 {
		return errReported
	}
	return nil
}

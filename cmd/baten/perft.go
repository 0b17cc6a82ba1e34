package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/baten-chess/baten/internal/perftdata"
)

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

func perftCommand(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := fs.String("variant", "chess", "game: "+strings.Join(variantNames, ", "))
	fen := fs.String("fen", "", "start from this position (the variant's FEN; PDN FEN for draughts) instead of the initial one")
	depth := fs.Int("depth", 5, "plies to count, at least 1")
	divide := fs.Bool("divide", false, "list every root move with its count")
	threads := fs.Int("threads", 1, "goroutines to split root moves across (0: one per CPU)")
	reference := fs.Bool("reference", false, "use the reference (spec) generator of package rules instead of the fast one")
	asJSON := fs.Bool("json", false, "print one JSON object on the last line")
	chess960 := fs.Int("chess960", -1, "Chess960 start position by Scharnagl number 0-959 (with --variant chess960)")
	setup := fs.String("setup", "", "shatranj setup: standard or alternative")
	tabiya := fs.String("tabiya", "", "shatranj: start from this opening array (number or name)")
	suite := fs.String("suite", "", "check every position of a .perft or .epd reference file instead")
	maxDepth := fs.Int("max-depth", 0, "with --suite: check depths up to this only (0: all)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: baten perft [flags]\n\nCounts the leaves of the legal move tree: the standard check of a move generator.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	if *threads == 0 {
		*threads = runtime.NumCPU()
	}
	if *threads < 0 {
		return fmt.Errorf("perft: --threads %d: want 0 or more", *threads)
	}
	if *chess960 != -1 && (*chess960 < 0 || *chess960 > 959) {
		return fmt.Errorf("perft: --chess960 %d: want a Scharnagl number 0-959", *chess960)
	}
	opt := positionOptions{fen: *fen, chess960: *chess960, setup: *setup, tabiya: *tabiya, reference: *reference}
	if *suite != "" {
		return perftSuite(ctx, *suite, *variant, *maxDepth, opt, *threads, stdout, stderr)
	}
	if *depth < 1 {
		return fmt.Errorf("perft: --depth %d: want 1 or more", *depth)
	}
	t, err := newTree(*variant, opt)
	if err != nil {
		return fmt.Errorf("perft: %w", err)
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
		return fmt.Errorf("perft: %w", err)
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

// perftSuite checks every case of a reference file and reports mismatches.
func perftSuite(ctx context.Context, path, variant string, maxDepth int, opt positionOptions, threads int, stdout, stderr io.Writer) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("perft: %w", err)
	}
	defer f.Close()
	var cases []perftdata.Case
	if strings.HasSuffix(path, ".epd") {
		cases, err = perftdata.ParseEPD(f)
	} else {
		cases, err = perftdata.Parse(f)
	}
	if err != nil {
		return fmt.Errorf("perft: %s: %w", path, err)
	}
	total := 0
	for _, c := range cases {
		for _, want := range c.Counts {
			if maxDepth == 0 || want.Depth <= maxDepth {
				total++
			}
		}
	}
	bar := startProgress(stderr, "perft suite "+path, total)
	defer bar.stop()
	checked, mismatches := 0, 0
	for _, c := range cases {
		opt.fen = c.FEN
		t, err := newTree(variant, opt)
		if err != nil {
			fmt.Fprintf(stdout, "%s: %v\n", c.ID, err)
			mismatches++
			continue
		}
		for _, want := range c.Counts {
			if maxDepth > 0 && want.Depth > maxDepth {
				continue
			}
			got, err := t.Perft(ctx, want.Depth, threads)
			if err != nil {
				return fmt.Errorf("perft: %w", err)
			}
			checked++
			bar.step(1)
			if got != want.Nodes {
				mismatches++
				fmt.Fprintf(stdout, "MISMATCH %s depth %d: %d, want %d (%s)\n", c.ID, want.Depth, got, want.Nodes, c.FEN)
			}
		}
	}
	fmt.Fprintf(stdout, "%d positions, %d counts checked, %d mismatches\n", len(cases), checked, mismatches)
	if mismatches > 0 {
		return errReported
	}
	return nil
}

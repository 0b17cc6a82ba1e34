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
	"github.com/baten-chess/baten/variant"
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

func (c *cli) perftCommand(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	variantName := fs.String("variant", c.defaultGame(), "game: "+strings.Join(c.games.Names(), ", ")+" (see baten variants)")
	starts := c.addStartFlags(fs, "start from this position (the variant's FEN; PDN FEN for draughts) instead of the initial one")
	depth := fs.Int("depth", 5, fmt.Sprintf("plies to count, 1-%d", maxPerftDepth))
	divide := fs.Bool("divide", false, "list every root move with its count, in the variant's notation")
	threads := fs.Int("threads", 1, fmt.Sprintf("goroutines to split the work across, 0 (one per CPU) to %d", maxThreads))
	reference := fs.Bool("reference", false, "use the reference (spec) generator of package rules instead of the fast one; its output reads the same, for diffing")
	asJSON := fs.Bool("json", false, "print one JSON object on the last line (with --suite: a summary)")
	suite := fs.String("suite", "", "check every position of a .perft or .epd reference file instead (draughts files need no --variant)")
	maxDepth := fs.Int("max-depth", 0, "with --suite: check depths up to this only (0: all)")
	variantsFile := c.variantsFlag(fs)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), "Usage: baten perft [flags]\n       baten perft --suite FILE [--max-depth N] [--variant V] [--reference] [--threads N] [--json]\n\n"+
			"Counts the leaves of the legal move tree: the standard check of a move generator.\n"+
			"--fen and the start-set flags (--"+strings.Join(c.startSetNames(), ", --")+") each choose\n"+
			"the position; give one at most.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args, stdout, false); err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if err := checkPerftFlags(set, fs, starts); err != nil {
		return err
	}
	if *threads == 0 {
		*threads = runtime.NumCPU()
	}
	if *threads < 0 || *threads > maxThreads {
		return fmt.Errorf("--threads %d: want 0 (one per CPU) to %d", *threads, maxThreads)
	}
	if err := c.loadVariants(*variantsFile, stderr); err != nil {
		return err
	}
	v, err := lookupGame(c.games, *variantName)
	if err != nil {
		return err
	}
	if *suite != "" {
		if *maxDepth < 0 {
			return fmt.Errorf("--max-depth %d: want 0 (all) or more", *maxDepth)
		}
		return c.perftSuite(ctx, suiteOptions{path: *suite, variant: v, variantGiven: set["variant"],
			maxDepth: *maxDepth, threads: *threads, reference: *reference, json: *asJSON}, stdout, stderr)
	}
	if *depth < 1 || *depth > maxPerftDepth {
		return fmt.Errorf("--depth %d: want 1 to %d", *depth, maxPerftDepth)
	}
	var t tree
	fen := ""
	if p, err := c.position(v, starts, true); err == nil {
		fen = p.FEN()
		t, err = newTree(p, *reference)
		if err != nil {
			return err
		}
	} else if ref, refErr := referenceFromFEN(v, *starts.fen, *reference); refErr == nil {
		// A position only the reference generator reads (the fast one
		// refuses material no game can reach): it is counted all the same.
		t, fen = ref, ref.fen
	} else {
		return err
	}

	start := time.Now()
	var nodes uint64
	var div []variant.Division
	bar := startProgress(stderr, fmt.Sprintf("perft %s depth %d", v.Name, *depth), -1)
	if *divide {
		div, err = t.Divide(ctx, *depth, *threads)
		nodes, _ = variant.SumDivision(div, nil)
	} else {
		nodes, err = t.Perft(ctx, *depth, *threads)
	}
	bar.stop()
	if err != nil {
		return err
	}
	elapsed := time.Since(start).Seconds()
	res := perftResult{Variant: v.Name, FEN: fen, Depth: *depth, Nodes: nodes, Seconds: elapsed, NPS: float64(nodes) / max(elapsed, 1e-9)}
	if *divide {
		res.Divide = map[string]uint64{}
		for _, d := range div {
			fmt.Fprintf(stdout, "%s: %d\n", d.Action, d.Nodes)
			res.Divide[d.Action] = d.Nodes
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
func checkPerftFlags(set map[string]bool, fs *flag.FlagSet, starts *startFlags) error {
	for _, name := range []string{"suite", "variant"} {
		if set[name] && fs.Lookup(name).Value.String() == "" {
			return usageErrorf("--%s: empty value", name)
		}
	}
	if err := starts.check(); err != nil {
		return err
	}
	if set["suite"] {
		for _, name := range append([]string{"depth", "divide"}, starts.given()...) {
			if set[name] {
				return usageErrorf("--%s cannot go with --suite: the file gives every position and depth (limit depths with --max-depth)", name)
			}
		}
		return nil
	}
	if set["max-depth"] {
		return usageErrorf("--max-depth goes with --suite (one position takes --depth)")
	}
	return nil
}

// tree is a position whose move tree perft counts: the game's own
// generator, or with reference the reference generator of package rules.
type tree interface {
	Perft(ctx context.Context, depth, threads int) (uint64, error)
	Divide(ctx context.Context, depth, threads int) ([]variant.Division, error)
}

// fast counts through the registry (the game's fast generator where it
// has one).
type fast struct{ p variant.Position }

func (f fast) Perft(ctx context.Context, depth, threads int) (uint64, error) {
	return variant.Perft(ctx, f.p, depth, threads)
}

func (f fast) Divide(ctx context.Context, depth, threads int) ([]variant.Division, error) {
	return variant.Divide(ctx, f.p, depth, threads)
}

func newTree(p variant.Position, ref bool) (tree, error) {
	if ref {
		return newReference(p)
	}
	return fast{p}, nil
}

// suiteOptions are the flags of perft --suite.
type suiteOptions struct {
	path    string
	variant *variant.Variant
	// variantGiven: --variant was on the command line; otherwise a file of
	// PDN FEN positions is read as draughts.
	variantGiven bool
	maxDepth     int
	threads      int
	reference    bool
	json         bool
}

// isPDNFEN reports whether a reference file's position is a draughts PDN
// FEN ("B:W21,22:B1,2", a pdnfen line) rather than a chess-family FEN (an
// epd line): only the former starts with a side letter and a colon.
func isPDNFEN(fen string) bool {
	side, _, ok := strings.Cut(fen, ":")
	side = strings.ToUpper(strings.TrimSpace(side))
	return ok && (side == "W" || side == "B")
}

// suiteVariant is the game to read a suite's positions as: --variant if
// given, else the PDN family's (draughts) for a file of PDN FEN positions
// and the default (chess) for one of FEN positions. A --variant that
// cannot read the file's kind of position, or a file of both kinds, is an
// error.
func (c *cli) suiteVariant(o suiteOptions, cases []perftdata.Case) (*variant.Variant, error) {
	pdn := 0
	for _, cs := range cases {
		if isPDNFEN(cs.FEN) {
			pdn++
		}
	}
	draughts := o.variant.Family == variant.PDN
	pdnGame, hasPDN := c.pdnGame()
	switch {
	case len(cases) == 0:
		return nil, fmt.Errorf("%s: no positions", o.path)
	case pdn > 0 && pdn < len(cases):
		return nil, fmt.Errorf("%s: mixes draughts positions (pdnfen) with chess-family ones (epd)", o.path)
	case pdn > 0 && !o.variantGiven && hasPDN:
		return pdnGame, nil
	case pdn > 0 && !draughts && hasPDN:
		return nil, fmt.Errorf("%s: holds draughts positions (pdnfen), not %s ones: drop --variant or give --variant %s", o.path, o.variant, pdnGame)
	case pdn > 0 && !draughts:
		return nil, fmt.Errorf("%s: holds draughts positions (pdnfen), not %s ones", o.path, o.variant)
	case pdn == 0 && draughts:
		return nil, fmt.Errorf("%s: holds chess-family positions (epd), not draughts ones", o.path)
	}
	return o.variant, nil
}

// perftSuite checks every case of a reference file and reports mismatches.
func (c *cli) perftSuite(ctx context.Context, o suiteOptions, stdout, stderr io.Writer) error {
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
	v, err := c.suiteVariant(o, cases)
	if err != nil {
		return err
	}
	total := 0
	for _, cs := range cases {
		for _, want := range cs.Counts {
			if o.maxDepth == 0 || want.Depth <= o.maxDepth {
				total++
			}
		}
	}
	start := time.Now()
	bar := startProgress(stderr, "perft suite "+o.path, total)
	defer bar.stop()
	res := suiteResult{Suite: o.path, Variant: v.Name, Positions: len(cases)}
	for _, cs := range cases {
		p, err := v.FromFENLenient(cs.FEN)
		var t tree
		if err == nil {
			t, err = newTree(p, o.reference)
		}
		if err != nil {
			fmt.Fprintf(stdout, "%s: %v\n", cs.ID, err)
			res.Mismatches++
			res.Failures = append(res.Failures, suiteFailure{ID: cs.ID, FEN: cs.FEN, Error: err.Error()})
			continue
		}
		for _, want := range cs.Counts {
			if o.maxDepth > 0 && want.Depth > o.maxDepth {
				continue
			}
			if want.Depth < 0 || want.Depth > maxPerftDepth {
				return fmt.Errorf("%s: %s: depth %d: want 0 to %d", o.path, cs.ID, want.Depth, maxPerftDepth)
			}
			got, err := t.Perft(ctx, want.Depth, o.threads)
			if err != nil {
				return err
			}
			res.Checked++
			bar.step(1)
			if got != want.Nodes {
				res.Mismatches++
				res.Failures = append(res.Failures, suiteFailure{ID: cs.ID, FEN: cs.FEN, Depth: want.Depth, Nodes: got, Want: want.Nodes})
				fmt.Fprintf(stdout, "MISMATCH %s depth %d: %d, want %d (%s)\n", cs.ID, want.Depth, got, want.Nodes, cs.FEN)
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

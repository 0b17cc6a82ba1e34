package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/baten-chess/baten/engine"
)

// runAnalyse is "baten analyse": search one position and print the
// principal variation in the variant's notation.
func (c *cli) runAnalyse(ctx context.Context, args []string, _ io.Reader, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("analyse", flag.ContinueOnError)
	variantName := fs.String("variant", c.defaultGame(), "game: "+strings.Join(c.games.Names(), ", ")+" (see baten variants)")
	starts := c.addStartFlags(fs, "position to analyse (the variant's FEN; PDN FEN for draughts; extended FEN for banchess); default the start")
	moves := fs.String("moves", "", "moves played from the start position first, space-separated, in UCI (PDN for draughts)")
	depth := fs.Int("depth", 0, "search this many plies (default 10 unless --movetime or --nodes is given)")
	movetime := fs.Int("movetime", 0, "search this many milliseconds")
	nodes := fs.Uint64("nodes", 0, "search this many nodes")
	hash := fs.Int("hash", engine.DefaultHashMB, "transposition table size in MB")
	quiet := fs.Bool("quiet", false, "print only the final result, not every iteration")
	variantsFile := c.variantsFlag(fs)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: baten analyse [flags]\n\n"+
			"Searches a position and prints the principal variation in the variant's\n"+
			"notation (SAN for chess, algebraic K F A N R for shatranj, PDN for draughts,\n"+
			"b:e2e4 bans and SAN moves for banchess).\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args, stdout, false); err != nil {
		return err
	}
	// A limit given as 0 would mean "not set" to the engine: refuse it
	// rather than search by another limit than the one asked for.
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if *depth < 0 || *depth > engine.MaxDepth || set["depth"] && *depth == 0 {
		return usageErrorf("--depth %d: want 1 to %d", *depth, engine.MaxDepth)
	}
	if *movetime < 0 || set["movetime"] && *movetime == 0 {
		return usageErrorf("--movetime %d: want a positive number of milliseconds", *movetime)
	}
	if set["nodes"] && *nodes == 0 {
		return usageErrorf("--nodes 0: want a positive number of nodes")
	}
	if *hash < 1 || *hash > 4096 {
		return fmt.Errorf("--hash %d: want 1 to 4096 MB", *hash)
	}
	l := engine.Limits{Depth: *depth, MoveTime: time.Duration(*movetime) * time.Millisecond, Nodes: *nodes}
	if l.Depth == 0 && l.MoveTime == 0 && l.Nodes == 0 {
		l.Depth = 10
	}
	if err := c.loadVariants(*variantsFile); err != nil {
		return err
	}
	v, err := c.games.Lookup(*variantName)
	if err != nil {
		return err
	}
	start, err := c.position(v, starts, false)
	if err != nil {
		return err
	}
	e, err := engine.New(v, engine.Options{HashMB: *hash})
	if err != nil {
		return err
	}
	if err := e.SetPositionText(start.FEN(), strings.Fields(*moves)); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "variant  %s\nfen      %s\n", v.Name, e.FEN())
	line := func(pv []string) string {
		n, err := e.Notation(pv)
		if err != nil {
			return strings.Join(pv, " ")
		}
		return e.FormatLine(n)
	}
	var info func(engine.Info)
	if !*quiet {
		info = func(i engine.Info) {
			fmt.Fprintf(stdout, "depth %2d  score %-9s  nodes %9d  nps %8d  time %6d ms  pv %s\n",
				i.Depth, i.Score, i.Nodes, i.NPS, i.Time.Milliseconds(), line(i.PV))
		}
	}
	r, err := e.Search(ctx, l, info)
	if err != nil {
		return err
	}
	if r.BestMove == "" {
		fmt.Fprintln(stdout, "no legal move: the game is over")
		return nil
	}
	best, _ := e.Notation([]string{r.BestMove})
	fmt.Fprintf(stdout, "bestmove %s (%s)\nscore    %s\ndepth    %d\nnodes    %d\npv       %s\n",
		strings.Join(best, ""), r.BestMove, r.Score, r.Depth, r.Nodes, line(r.PV))
	// Stopped by Ctrl-C, the search still answers with its last completed
	// depth; the exit status says it did not reach the limit asked for.
	return ctx.Err()
}

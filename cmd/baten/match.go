package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/baten-chess/baten/game"
	"github.com/baten-chess/baten/match"
)

// matchCommand is "baten match": two UCI engines play a match; see
// docs/match.md.
func (c *cli) matchCommand(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	engine1 := fs.String("engine1", "", "first engine: 'cmd=PROGRAM ARGS[,name=NAME][,option.NAME=VALUE…][,nodes=N][,dir=DIR]'")
	engine2 := fs.String("engine2", "", "second engine, as --engine1")
	variantName := fs.String("variant", c.defaultGame(), "game: "+strings.Join(c.games.Names(), ", "))
	openingsFile := fs.String("openings", "", "openings file: EPD/FEN lines, or PGN (PDN) games whose moves are played first")
	randomOpenings := fs.Int("random-openings", 0, "draw this many random openings (no captures) instead of reading a file")
	openingPlies := fs.Int("opening-plies", 6, "plies of each random opening (bans count in banchess)")
	seed := fs.Uint64("seed", 1, "seed of the random openings")
	games := fs.Int("games", 0, "number of games (default two per opening, colours swapped)")
	nodes := fs.Int64("nodes", 0, "nodes per move (go nodes N)")
	depth := fs.Int("depth", 0, "depth per move (go depth N)")
	tcText := fs.String("tc", "", "time control BASE+INCREMENT in seconds (\"10+0.1\"); the runner keeps the clocks")
	tolerance := fs.Duration("tolerance", 100*time.Millisecond, "how far past zero a clock may run before the flag falls")
	moveTimeout := fs.Duration("move-timeout", time.Minute, "without a clock, a move slower than this loses (stalled engine)")
	concurrency := fs.Int("concurrency", 1, "games at once (each runs its own two engine processes)")
	maxPlies := fs.Int("max-plies", 0, "adjudicate a draw after this many plies (0: never; the rules end every game)")
	sprtText := fs.String("sprt", "", "stop early by a GSPRT: ELO0,ELO1[,ALPHA,BETA] (logistic Elo; alpha, beta default 0.05)")
	pgnFile := fs.String("pgn", "", "write every game's record (PGN; PDN for draughts) to this file, \"-\" for stdout")
	event := fs.String("event", "baten match", "the records' Event tag")
	quiet := fs.Bool("quiet", false, "print only the final summary, not a line per game")
	variantsFile := c.variantsFlag(fs)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), "Usage: baten match --engine1 SPEC --engine2 SPEC [flags]\n\n"+
			"Plays a match between two UCI engines: every opening twice, colours swapped.\n"+
			"The runner checks each move, keeps the clocks, ends games by the rules and\n"+
			"adjudicates illegal moves, crashes, stalls and time forfeits as losses.\n"+
			"It prints W/D/L, the score and the Elo difference with a 95% interval.\n"+
			"See docs/match.md.\n\n"+
			"  baten match --engine1 'cmd=baten uci' \\\n"+
			"      --engine2 'cmd=/usr/games/stockfish,option.Skill Level=5' \\\n"+
			"      --random-openings 50 --nodes 20000 --concurrency 2 --pgn games.pgn\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args, stdout, false); err != nil {
		return err
	}
	var cfg match.Config
	for i, text := range []string{*engine1, *engine2} {
		if text == "" {
			return usageErrorf("--engine%d is required", i+1)
		}
		spec, err := match.ParseEngineSpec(text)
		if err != nil {
			return usageErrorf("--engine%d: %v", i+1, err)
		}
		cfg.Engines[i] = spec
	}
	switch {
	case *games < 0, *nodes < 0, *depth < 0, *concurrency < 0, *maxPlies < 0, *tolerance < 0, *moveTimeout < 0:
		return usageErrorf("--games, --nodes, --depth, --concurrency, --max-plies, --tolerance and --move-timeout take no negative values")
	case *concurrency > 64:
		return usageErrorf("--concurrency %d: at most 64", *concurrency)
	case *openingsFile != "" && *randomOpenings > 0:
		return usageErrorf("--openings and --random-openings exclude each other")
	}
	if *tcText != "" {
		tc, err := game.ParseTimeControl(*tcText)
		if err != nil {
			return usageErrorf("--tc: %v", err)
		}
		cfg.TimeControl = tc
	}
	if *sprtText != "" {
		t, err := match.ParseSPRT(*sprtText)
		if err != nil {
			return usageErrorf("--sprt: %v", err)
		}
		cfg.SPRT = &t
	}
	if err := c.loadVariants(*variantsFile, stderr); err != nil {
		return err
	}
	v, err := lookupGame(c.games, *variantName)
	if err != nil {
		return err
	}
	cfg.Variant, cfg.Registry = v, c.games
	switch {
	case *openingsFile != "":
		f, err := os.Open(*openingsFile)
		if err != nil {
			return err
		}
		cfg.Openings, err = match.ReadOpenings(f, v, c.games)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", *openingsFile, err)
		}
	case *randomOpenings > 0:
		if cfg.Openings, err = match.RandomOpenings(v, *randomOpenings, *openingPlies, *seed); err != nil {
			return err
		}
	}
	cfg.Games, cfg.Nodes, cfg.Depth = *games, *nodes, *depth
	cfg.Tolerance, cfg.MoveTimeout, cfg.Concurrency, cfg.MaxPlies, cfg.Event = *tolerance, *moveTimeout, *concurrency, *maxPlies, *event

	out := stdout // the summary; stderr when the records go to stdout
	if *pgnFile == "-" {
		out = stderr
		cfg.Records = func(r match.GameResult) { stdout.Write(append(r.Record, '\n')) }
	} else if *pgnFile != "" {
		f, err := os.Create(*pgnFile)
		if err != nil {
			return err
		}
		defer f.Close()
		var werr error
		cfg.Records = func(r match.GameResult) {
			if _, err := f.Write(append(r.Record, '\n')); err != nil && werr == nil {
				werr = err
				fmt.Fprintf(stderr, "baten match: %s: %v\n", *pgnFile, err)
			}
		}
	}
	if !*quiet {
		cfg.Progress = func(r match.GameResult, s match.Stats) {
			how := r.Outcome.Reason.String()
			if r.Failure != nil {
				how = r.Failure.Detail
			}
			fmt.Fprintf(out, "game %d (%s): %s vs %s: %s {%s}  [%s]\n", r.Number, r.Opening, r.White, r.Black,
				r.Result, how, s.String())
		}
	}
	res, err := match.Run(ctx, cfg)
	if len(res.Games) > 0 || err == nil {
		printSummary(out, cfg, res)
	}
	return err
}

// printSummary writes the result lines of a match.
func printSummary(w io.Writer, cfg match.Config, res match.Result) {
	fmt.Fprintf(w, "Score of %s vs %s: %s\n", res.Names[0], res.Names[1], res.Stats)
	if cfg.SPRT != nil {
		lo, hi := cfg.SPRT.Bounds()
		fmt.Fprintf(w, "SPRT [%g, %g] alpha %g beta %g: LLR %.3f (bounds %.3f, %.3f): %s\n",
			cfg.SPRT.Elo0, cfg.SPRT.Elo1, cfg.SPRT.Alpha, cfg.SPRT.Beta, res.LLR, lo, hi, res.Verdict)
	}
	var counts [2]map[match.FailureKind]int
	for _, g := range res.Games {
		if f := g.Failure; f != nil {
			if counts[f.Engine] == nil {
				counts[f.Engine] = map[match.FailureKind]int{}
			}
			counts[f.Engine][f.Kind]++
		}
	}
	for i, c := range counts {
		fmt.Fprintf(w, "%s: %d illegal moves, %d crashes, %d stalls, %d time forfeits\n", res.Names[i],
			c[match.Illegal], c[match.Crash], c[match.Stall], c[match.Flag])
	}
}

package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/baten-chess/baten/engine"
	"github.com/baten-chess/baten/game"
	"github.com/baten-chess/baten/variant"
)

// analyseResult is the --json line of analyse: the search's result, or
// the end of a game that is over.
type analyseResult struct {
	Variant  string        `json:"variant"`
	FEN      string        `json:"fen"`
	Over     bool          `json:"over,omitempty"`
	Result   string        `json:"result,omitempty"` // as the record writes it: "1-0", PDN's "0-2"
	Winner   string        `json:"winner,omitempty"` // "white" or "black"; none in a draw
	Reason   string        `json:"reason,omitempty"` // the record's Termination words: "checkmate", "bare king"
	Claim    string        `json:"claim,omitempty"`  // a draw the side to move may claim: "threefold repetition"
	BestMove string        `json:"bestmove,omitempty"`
	UCI      string        `json:"uci,omitempty"` // the best move in the engine's notation
	Score    *analyseScore `json:"score,omitempty"`
	Depth    int           `json:"depth,omitempty"`
	Nodes    uint64        `json:"nodes,omitempty"`
	PV       []string      `json:"pv,omitempty"`   // in the engine's notation
	Line     string        `json:"line,omitempty"` // the PV in the game's, numbered
}

// analyseScore is a score of --json: one of the two is set.
type analyseScore struct {
	CP   *int `json:"cp,omitempty"`   // centipawns, for the side to act
	Mate *int `json:"mate,omitempty"` // moves to mate; negative when mated
}

func newAnalyseScore(s engine.Score) *analyseScore {
	if s.Mate != 0 {
		return &analyseScore{Mate: &s.Mate}
	}
	return &analyseScore{CP: &s.CP}
}

// runAnalyse is "baten analyse": search one position and print the
// principal variation in the variant's notation.
func (c *cli) runAnalyse(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("analyse", flag.ContinueOnError)
	variantName := fs.String("variant", c.defaultGame(), "game: "+strings.Join(c.games.Names(), ", ")+" (see baten variants)")
	starts := c.addStartFlags(fs, "position to analyse (the variant's FEN; PDN FEN for draughts; extended FEN for banchess); default the start")
	moves := fs.String("moves", "", "moves played from the start position first, space-separated, in UCI (PDN for draughts)")
	depth := fs.Int("depth", 0, "search this many plies (default 10 unless --movetime or --nodes is given)")
	movetime := fs.Int("movetime", 0, "search this many milliseconds")
	nodes := fs.Uint64("nodes", 0, "search this many nodes")
	hash := fs.Int("hash", engine.DefaultHashMB, "transposition table size in MB")
	quiet := fs.Bool("quiet", false, "print only the final result, not every iteration")
	asJSON := fs.Bool("json", false, "print one JSON object on the last line (the result, or the end of a finished game)")
	variantsFile := c.variantsFlag(fs)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: baten analyse [flags]\n\n"+
			"Searches a position and prints the principal variation in the variant's\n"+
			"notation (SAN for chess, algebraic K F A N R for shatranj, PDN for draughts,\n"+
			"b:e2e4 bans and SAN moves for banchess). A game that is over is not searched:\n"+
			"its result is printed instead (exit status 0).\n\nFlags:\n")
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
	if err := c.loadVariants(*variantsFile, stderr); err != nil {
		return err
	}
	v, err := lookupGame(c.games, *variantName)
	if err != nil {
		return err
	}
	start, err := c.position(v, starts, false)
	if err != nil {
		return err
	}
	g, err := replay(start, strings.Fields(*moves))
	if err != nil {
		return err
	}
	res := analyseResult{Variant: v.Name, FEN: g.Position().FEN()}
	fmt.Fprintf(stdout, "variant  %s\nfen      %s\n", res.Variant, res.FEN)
	if o, over := g.Outcome(); over {
		// Asked about a finished game, analyse says how it ended: an
		// answer, not an error.
		fmt.Fprintf(stdout, "game over: %s\n", outcomeText(start, o))
		res.Over, res.Result, res.Reason = true, game.RecordResult(start.Variant(), o), o.Reason.String()
		if !o.Draw {
			res.Winner = o.Winner.String()
		}
		return writeAnalyseJSON(stdout, *asJSON, res)
	}
	if claim, ok := drawClaim(g); ok {
		res.Claim = claim.String()
		how := res.Claim
		if claim != variant.ThreefoldRepetition {
			how = "the " + how
		}
		fmt.Fprintf(stdout, "claim    %v may claim a draw by %s\n", g.Position().Turn(), how)
	}
	e, err := engine.New(v, engine.Options{HashMB: *hash})
	if err != nil {
		return err
	}
	if err := e.SetPosition(start, g.Moves()); err != nil {
		return err
	}
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
		// The game goes on, so only an interrupt before the first
		// iteration ends leaves no move.
		return ctx.Err()
	}
	best, _ := e.Notation([]string{r.BestMove})
	res.BestMove, res.UCI, res.Score, res.Depth, res.Nodes, res.PV, res.Line =
		strings.Join(best, ""), r.BestMove, newAnalyseScore(r.Score), r.Depth, r.Nodes, r.PV, line(r.PV)
	fmt.Fprintf(stdout, "bestmove %s (%s)\nscore    %s\ndepth    %d\nnodes    %d\npv       %s\n",
		res.BestMove, res.UCI, r.Score, res.Depth, res.Nodes, res.Line)
	if err := writeAnalyseJSON(stdout, *asJSON, res); err != nil {
		return err
	}
	// Stopped by Ctrl-C, the search still answers with its last completed
	// depth; the exit status says it did not reach the limit asked for.
	return ctx.Err()
}

// writeAnalyseJSON prints res as the --json line when asked to.
func writeAnalyseJSON(w io.Writer, asJSON bool, res analyseResult) error {
	if !asJSON {
		return nil
	}
	line, _ := json.Marshal(res) // plain data: cannot fail
	_, err := fmt.Fprintf(w, "%s\n", line)
	return err
}

// replay plays moves from start in a game record, which knows the endings
// a position alone does not (fivefold repetition, the 75-move rule, a
// game's own repetition rule) and the draws that may be claimed.
func replay(start variant.Position, moves []string) (*game.Game, error) {
	g := game.New(start)
	for i, m := range moves {
		if o, over := g.Outcome(); over {
			return nil, fmt.Errorf("--moves: move %d %q comes after the end of the game (%v)", i+1, m, o)
		}
		if _, err := g.PlayText(m); err != nil {
			return nil, fmt.Errorf("--moves: move %d %q: %w", i+1, m, err)
		}
	}
	return g, nil
}

// drawClaim is the draw the side to move in g may claim, if any:
// threefold repetition first, then the game's move rule. A side that
// bans (Ban-Chess) claims nothing: a claim comes with a move.
func drawClaim(g *game.Game) (variant.Reason, bool) {
	if legal := g.Position().Legal(); len(legal) > 0 && legal[0].IsBan() {
		return variant.NoReason, false
	}
	switch {
	case g.CanClaimRepetition():
		return variant.ThreefoldRepetition, true
	case g.CanClaimMoveRule():
		return g.Variant().MoveRuleReason, true
	}
	return variant.NoReason, false
}

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/baten-chess/baten/game"
	"github.com/baten-chess/baten/pgn"
	"github.com/baten-chess/baten/variant"
)

// validateStats are the running totals of a validate run.
type validateStats struct{ games, plies, bans, errors int }

func (c *cli) validateCommand(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	variantsFile := c.variantsFlag(fs)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: baten validate FILE.pgn|FILE.pdn … (- for stdin)\n\n"+
			"Replays every game in the game its Variant tag names (see baten variants;\n"+
			"standard chess without one; English draughts by GameType 21 or a .pdn name),\n"+
			"reports the first illegal move of each bad game and a summary; exit status 1\n"+
			"on any error.\n")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args, stdout, true); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usageErrorf("no files (give FILE.pgn or FILE.pdn, or - for stdin)")
	}
	if err := c.loadVariants(*variantsFile, stderr); err != nil {
		return err
	}
	var st validateStats
	for _, name := range fs.Args() {
		if err := c.validateFile(ctx, name, stdin, stdout, &st); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "%s, %s, %s\n", counted(st.games, "game", "games"), pliesText(st.plies, st.bans), counted(st.errors, "error", "errors"))
	if st.errors > 0 {
		return errReported
	}
	return nil
}

// validateFile replays the games of one file, one at a time (constant
// memory), reporting each bad game on stdout.
func (c *cli) validateFile(ctx context.Context, name string, stdin io.Reader, stdout io.Writer, st *validateStats) error {
	in := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	pdn := strings.HasSuffix(strings.ToLower(name), ".pdn")
	r := pgn.NewReader(in)
	for n := 1; ; n++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		pg, err := r.Next()
		if err == io.EOF {
			return nil
		}
		st.games++
		var syntax *pgn.SyntaxError
		if errors.As(err, &syntax) {
			st.errors++
			// The syntax error names the game itself (the reader counts
			// games as this loop does).
			fmt.Fprintf(stdout, "%s: game %d, line %d, col %d: pgn: %s\n", name, syntax.Game, syntax.Line, syntax.Col, syntax.Msg)
			continue
		}
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if v, ok := c.pdnGame(); ok && pdn && pg.Tags.Get("Variant") == "" && pg.Tags.Get("GameType") == "" {
			pg.Tags.Set("Variant", v.Name)
		}
		g, err := game.FromPGN(pg, c.games)
		if g != nil {
			plies, bans := countActions(g.Moves())
			st.plies += plies
			st.bans += bans
		}
		if err != nil {
			st.errors++
			fmt.Fprintf(stdout, "%s: game %d%s: %v\n", name, n, players(pg), err)
		}
	}
}

// players returns " (White - Black)" from the tags, or "".
func players(pg *pgn.Game) string {
	w, b := pg.Tags.Get("White"), pg.Tags.Get("Black")
	if w == "" && b == "" {
		return ""
	}
	return fmt.Sprintf(" (%s - %s)", w, b)
}

// counted writes n with the singular or plural noun: "1 game", "2 games".
func counted(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// countActions counts the plies (moves by one side) and the bans
// (Ban-Chess) among actions.
func countActions(actions []variant.Action) (plies, bans int) {
	for _, a := range actions {
		if a.IsBan() {
			bans++
		} else {
			plies++
		}
	}
	return plies, bans
}

// pliesText says how many plies (moves by one side: "1. e4 e5" is two)
// and, if any, bans were played: "17 plies", "1 ply, 1 ban".
func pliesText(plies, bans int) string {
	s := counted(plies, "ply", "plies")
	if bans > 0 {
		s += ", " + counted(bans, "ban", "bans")
	}
	return s
}

package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// variantInfo is one game as "baten variants --json" lists it.
type variantInfo struct {
	Name     string   `json:"name"`
	Title    string   `json:"title"`
	Aliases  []string `json:"aliases"`
	Board    string   `json:"board"`
	UCI      string   `json:"uci"`
	PGN      string   `json:"pgnVariant"`
	Notation string   `json:"notation"`
	Starts   []string `json:"starts"`
	// Generator is "reference" for a game played by the reference
	// generator of package rules (data-defined games), "native" for one
	// with a generator of its own (the bitboard packages).
	Generator string `json:"generator"`
}

func infoOf(v *variant.Variant) variantInfo {
	notation := "SAN, PGN"
	if v.Family == variant.PDN {
		notation = "PDN"
	}
	generator := "native"
	if _, ok := v.Start().(interface{ Rules() *rules.Position }); ok {
		generator = "reference"
	}
	info := variantInfo{Name: v.Name, Title: v.Title, Aliases: append([]string{}, v.Aliases...),
		Board: fmt.Sprintf("%dx%d", v.Size.W, v.Size.H), UCI: v.UCIName, PGN: v.PGNName,
		Notation: notation, Starts: []string{}, Generator: generator}
	for _, s := range v.Starts {
		info.Starts = append(info.Starts, s.Name)
	}
	return info
}

func (c *cli) variantsCommand(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("variants", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print a JSON array instead of a table")
	variantsFile := c.variantsFlag(fs)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: baten variants [--json]\n\n"+
			"Lists every game Baten plays: its name (what --variant and UCI_Variant take),\n"+
			"the other spellings accepted, the board, the UCI_Variant name, the PGN Variant\n"+
			"tag, the notation and the named start positions (flags of the same name).\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args, stdout, false); err != nil {
		return err
	}
	if err := c.loadVariants(*variantsFile, stderr); err != nil {
		return err
	}
	var infos []variantInfo
	for _, v := range c.games.All() {
		infos = append(infos, infoOf(v))
	}
	if *asJSON {
		out, _ := json.MarshalIndent(infos, "", "  ") // plain data: cannot fail
		fmt.Fprintf(stdout, "%s\n", out)
		return nil
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tTITLE\tBOARD\tUCI\tPGN VARIANT\tNOTATION\tSTARTS\tALIASES")
	for _, i := range infos {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", i.Name, i.Title, i.Board, i.UCI,
			dash(i.PGN), i.Notation, dash(strings.Join(i.Starts, ", ")), dash(strings.Join(i.Aliases, ", ")))
	}
	return tw.Flush()
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

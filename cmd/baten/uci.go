package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/baten-chess/baten/uci"
)

// runUCI is "baten uci": the UCI protocol on stdin/stdout, for
// cutechess-cli, lichess-bot and chess GUIs.
func (c *cli) runUCI(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("uci", flag.ContinueOnError)
	hash := fs.Int("hash", 16, "default transposition table size in MB (the Hash option)")
	variantsFile := c.variantsFlag(fs)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), "Usage: baten uci [flags]\n\n"+
			"Speaks UCI on stdin and stdout, as Fairy-Stockfish does: point a GUI,\n"+
			"cutechess-cli or lichess-bot at \"baten uci\". Variants (UCI_Variant):\n"+
			strings.Join(c.games.Names(), ", ")+" (chess with UCI_Chess960 is chess960).\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args, stdout, false); err != nil {
		return err
	}
	if *hash < 1 || *hash > 4096 {
		return fmt.Errorf("--hash %d: want 1 to 4096 MB", *hash)
	}
	if err := c.loadVariants(*variantsFile, stderr); err != nil {
		return err
	}
	return uci.Run(ctx, stdin, stdout, uci.Config{HashMB: *hash, Variants: c.games})
}

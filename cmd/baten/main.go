// Command baten plays, checks and analyses the games of Baten: chess,
// Chess960, shatranj, English draughts and fairy variants.
//
//	baten perft --variant chess --depth 5
//	baten perft --suite ../shared/data/chess/tricky.perft
//
// Run "baten help" for the subcommands and "baten CMD --help" for each.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		if !errors.Is(err, errReported) {
			fmt.Fprintln(os.Stderr, "baten:", err)
		}
		os.Exit(1)
	}
}

// errReported is returned when the failure has already been explained on
// stdout or stderr (flag errors, perft mismatches): exit 1, print nothing.
var errReported = errors.New("reported")

const usage = `baten plays, checks and analyses chess-like and draughts-like games.

Usage:
  baten play [flags]    play a game in the terminal (commands on stdin)
  baten perft [flags]   count move-tree leaves (check a move generator)
  baten validate FILE…  replay every game of PGN/PDN files, report illegal moves
  baten uci [flags]     speak UCI on stdin/stdout (for GUIs, cutechess-cli, lichess-bot)
  baten analyse [flags] search a position and print the principal variation
  baten help            this text

Run "baten CMD --help" for the flags of each.
`

// errHelp ends a command after its --help: the usage is printed, and run
// reports success.
var errHelp = errors.New("help shown")

// parseFlags parses a command's flags into fs (whose output is stderr). It
// returns errHelp after --help, errReported after a flag error (fs has
// explained it), and an error for positional arguments unless allowArgs.
func parseFlags(fs *flag.FlagSet, args []string, allowArgs bool) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errHelp
		}
		return errReported
	}
	if !allowArgs && fs.NArg() > 0 {
		return fmt.Errorf("%s: unexpected argument %q", fs.Name(), fs.Arg(0))
	}
	return nil
}

// run is the whole program, testable with fake streams.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if err := command(ctx, args, stdin, stdout, stderr); !errors.Is(err, errHelp) {
		return err
	}
	return nil
}

// command runs the subcommand args[0].
func command(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errReported
	}
	switch args[0] {
	case "perft":
		return perftCommand(ctx, args[1:], stdout, stderr)
	case "play":
		return playCommand(ctx, args[1:], stdin, stdout, stderr)
	case "validate":
		return validateCommand(ctx, args[1:], stdin, stdout, stderr)
	case "uci":
		return runUCI(ctx, args[1:], stdin, stdout, stderr)
	case "analyse", "analyze":
		return runAnalyse(ctx, args[1:], stdin, stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	return fmt.Errorf("unknown command %q (try \"baten help\")", args[0])
}

// Command baten plays, checks and analyses the games of Baten: chess,
// Chess960, shatranj, Ban-Chess, English draughts, Capablanca chess and
// every other game of the registry (package variant).
//
//	baten perft --variant chess --depth 5
//	baten perft --suite ../shared/data/chess/tricky.perft
//
// Run "baten help" for the subcommands and "baten help CMD" (or
// "baten CMD --help") for each.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/baten-chess/baten/variant"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	switch {
	case errors.Is(err, errInterrupted):
		os.Exit(130) // 128 + SIGINT: what a shell reports of a program Ctrl-C stopped
	case err != nil:
		os.Exit(1)
	}
}

// errReported is returned when the failure has already been explained on
// stdout or stderr (perft mismatches, validate's bad games, the usage
// after a bare "baten"): exit 1, print nothing more.
var errReported = errors.New("reported")

const usage = `baten plays, checks and analyses chess-like and draughts-like games.

Usage:
  baten play [flags]    play a game in the terminal (commands on stdin)
  baten perft [flags]   count move-tree leaves (check a move generator)
  baten validate FILE…  replay every game of PGN/PDN files, report illegal moves
  baten uci [flags]     speak UCI on stdin/stdout (for GUIs, cutechess-cli, lichess-bot)
  baten analyse [flags] search a position and print the principal variation
  baten serve [flags]   run the game server (Board API, WebSocket, records; docs/server.md)
  baten account add|token|revoke  manage the server's accounts and API tokens
  baten variants        list the games (name, aliases, board, UCI name, notation)
  baten loadtest [flags] play many scripted games against a game server, report round trips
  baten match [flags]   play a match between two UCI engines, report W/D/L and Elo (docs/match.md)
  baten version         the module version and commit of this binary
  baten help [CMD]      this text, or the flags of CMD

Run "baten help CMD" or "baten CMD --help" for the flags of each.
`

// errInterrupted is a command stopped by an interrupt (Ctrl-C) before it
// finished: it prints as "baten perft: interrupted", and main exits 130.
var errInterrupted = errors.New("interrupted")

// interruptedError is the error of an interrupted command: it prints as
// errInterrupted and wraps both it and the command's own error (a
// context.Canceled, for errors.Is).
type interruptedError struct{ cause error }

func (e *interruptedError) Error() string { return errInterrupted.Error() }

func (e *interruptedError) Unwrap() []error { return []error{errInterrupted, e.cause} }

// errHelp ends a command after its --help: the help is printed on stdout,
// and run reports success.
var errHelp = errors.New("help shown")

// commandError is the failure of one subcommand. It prints as
// "baten perft: …", the go command's style, so every error names the
// subcommand whose input was wrong.
type commandError struct {
	name string
	err  error
}

func (e *commandError) Error() string { return "baten " + e.name + ": " + e.err.Error() }

func (e *commandError) Unwrap() error { return e.err }

// usageError is a mistake in the command line itself (an unknown flag, a
// bad flag value, a stray argument): run adds a hint to --help.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usageErrorf(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// parseFlags parses a command's flags. It returns errHelp after --help or
// -h, having printed fs.Usage on stdout (help asked for is output, not a
// diagnostic); a *usageError for a flag error or, unless allowArgs, a
// positional argument. fs.Usage must write to fs.Output().
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer, allowArgs bool) error {
	help := fs.Usage
	// The flag package prints the error and the whole usage on every
	// mistake; run prints the error alone, once, as one line.
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.SetOutput(stdout)
	fs.Usage = help
	switch {
	case errors.Is(err, flag.ErrHelp):
		help()
		return errHelp
	case err != nil:
		return &usageError{doubleDash(err.Error())}
	case !allowArgs && fs.NArg() > 0:
		return usageErrorf("unexpected argument %q", fs.Arg(0))
	}
	return nil
}

// doubleDash rewrites the flag package's "-depth" as "--depth" in its
// error messages, the spelling the help and the README use (both work).
// The value in "invalid value %q for flag -name" is quoted, so the last
// " for flag -" is the one before the name.
func doubleDash(msg string) string {
	for _, marker := range []string{" for flag -", " for -", "not defined: -", "needs an argument: -"} {
		if i := strings.LastIndex(msg, marker); i >= 0 {
			i += len(marker)
			return msg[:i] + "-" + msg[i:]
		}
	}
	return msg
}

// cli is the program over a set of games: every subcommand takes its
// games from it, so a game registered there is everywhere at once.
type cli struct {
	games *variant.Registry
}

// run is the whole program over the built-in games, testable with fake
// streams (see cli.run).
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return (&cli{games: variant.Builtin()}).run(ctx, args, stdin, stdout, stderr)
}

// run is the whole program. An error is printed on stderr as one line
// naming the subcommand (and a hint to --help after a command-line
// mistake) and returned; main exits 1 on it.
func (c *cli) run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	err := c.command(ctx, args, stdin, stdout, stderr)
	switch {
	case err == nil || errors.Is(err, errHelp):
		return nil
	case errors.Is(err, errReported):
		return err
	}
	var ce *commandError
	if !errors.As(err, &ce) {
		fmt.Fprintf(stderr, "baten: %v\n", err)
		return err
	}
	fmt.Fprintln(stderr, err)
	var ue *usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "run 'baten %s --help' for usage\n", ce.name)
	}
	return err
}

// subcommand is one "baten CMD".
type subcommand func(c *cli, ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error

// subcommands maps each subcommand name to its function.
var subcommands = map[string]subcommand{
	"perft":    (*cli).perftCommand,
	"play":     (*cli).playCommand,
	"validate": (*cli).validateCommand,
	"uci":      (*cli).runUCI,
	"analyse":  (*cli).runAnalyse,
	"analyze":  (*cli).runAnalyse,
	"variants": (*cli).variantsCommand,
	"serve":    (*cli).serveCommand,
	"account":  (*cli).accountCommand,
	"loadtest": (*cli).loadtestCommand,
	"match":    (*cli).matchCommand,
	"version":  (*cli).versionCommand,
}

// command runs the subcommand args[0].
func (c *cli) command(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errReported
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		switch len(args) {
		case 1:
			fmt.Fprint(stdout, usage)
			return nil
		case 2:
			if _, ok := subcommands[args[1]]; ok {
				return c.command(ctx, []string{args[1], "--help"}, stdin, stdout, stderr)
			}
			return fmt.Errorf("help: unknown command %q (try \"baten help\")", args[1])
		}
		return fmt.Errorf("help: want at most one command, got %q", args[1:])
	}
	if name == "--version" || name == "-version" {
		name, args = "version", append([]string{"version"}, args[1:]...)
	}
	cmd, ok := subcommands[name]
	if !ok {
		return fmt.Errorf("unknown command %q (try \"baten help\")", name)
	}
	err := cmd(c, ctx, args[1:], stdin, stdout, stderr)
	if err == nil || errors.Is(err, errHelp) || errors.Is(err, errReported) {
		return err
	}
	if ctx.Err() != nil && errors.Is(err, context.Canceled) {
		// Whatever the command was doing ("open SQLite: context
		// canceled"), the user stopped it: say that, plainly.
		err = &interruptedError{err}
	}
	return &commandError{name, err}
}

package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/baten-chess/baten/store"
)

// tokenScopes are the scopes of the tokens "baten account" issues:
// everything a Board API client or lichess-bot asks for.
var tokenScopes = []string{"board:play", "bot:play", "challenge:read", "challenge:write"}

const accountUsage = `Usage:
  baten account add NAME [--bot] [--password-stdin] [--db DB]
  baten account token NAME [--db DB]
  baten account revoke TOKEN [--db DB]

Manages the accounts of a game server's database and their personal API
tokens (docs/server.md, "Accounts and tokens"). "add" creates the account
NAME (2-20 letters, digits, '_' and '-'; unique whatever the case) and
"token" issues another token of it: both print the new token as their last
line. "revoke" revokes a token for good. Tokens are stored only as hashes:
a token lost cannot be shown again, only replaced.

Flags:
`

// accountCommand is "baten account": accounts and tokens in a database.
func (c *cli) accountCommand(ctx context.Context, args []string, stdin io.Reader, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("account", flag.ContinueOnError)
	db := fs.String("db", defaultDB(), "SQLite database file, or a postgres:// URL")
	bot := fs.Bool("bot", false, "add: the account is a bot (lichess title BOT)")
	pwStdin := fs.Bool("password-stdin", false, "add: read the account's password from the first line of stdin")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), accountUsage)
		fs.PrintDefaults()
	}
	// Flags may come before or after the positional arguments
	// ("account add NAME --bot"): the flag package stops at the first
	// argument that is not a flag, so parse what follows again.
	var pos []string
	for {
		if err := parseFlags(fs, args, stdout, true); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(pos) == 0 {
		return usageErrorf("want a subcommand: add, token or revoke")
	}
	verb, rest := pos[0], pos[1:]
	switch verb {
	case "add", "token", "revoke":
	default:
		return usageErrorf("unknown subcommand %q: want add, token or revoke", verb)
	}
	if len(rest) != 1 {
		what := "NAME"
		if verb == "revoke" {
			what = "TOKEN"
		}
		return usageErrorf("%s wants one %s, got %d arguments", verb, what, len(rest))
	}
	if verb != "add" && (*bot || *pwStdin) {
		return usageErrorf("--bot and --password-stdin are for add only")
	}
	arg := rest[0]
	if verb != "revoke" {
		if err := store.CheckUsername(arg); err != nil {
			return err
		}
	}
	var hash string
	if *pwStdin {
		line, err := bufio.NewReader(stdin).ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return fmt.Errorf("reading the password: %w", err)
		}
		pw := strings.TrimRight(line, "\r\n")
		if pw == "" {
			return errors.New("--password-stdin: empty password")
		}
		if hash, err = store.HashPassword(pw); err != nil {
			return err
		}
	}

	st, err := store.Open(ctx, *db)
	if err != nil {
		return err
	}
	defer st.Close()
	switch verb {
	case "add":
		if err := st.CreateAccount(ctx, store.Account{Username: arg, PasswordHash: hash, Bot: *bot}); err != nil {
			if errors.Is(err, store.ErrExists) {
				return fmt.Errorf("account %q exists already (names are unique whatever their case)", arg)
			}
			return err
		}
		kind := "account"
		if *bot {
			kind = "bot account"
		}
		fmt.Fprintf(stdout, "created %s %s; its token (scopes %s):\n", kind, arg, strings.Join(tokenScopes, ","))
		return issueToken(ctx, st, arg, stdout)
	case "token":
		if _, err := st.Account(ctx, arg); err != nil {
			if errors.Is(err, store.ErrNotFound) {
				return fmt.Errorf("no account %q", arg)
			}
			return err
		}
		fmt.Fprintf(stdout, "new token of %s (scopes %s):\n", arg, strings.Join(tokenScopes, ","))
		return issueToken(ctx, st, arg, stdout)
	default:
		if err := st.RevokeToken(ctx, store.HashToken(strings.TrimSpace(arg))); err != nil {
			if errors.Is(err, store.ErrNotFound) {
				return errors.New("no such token (unknown, or revoked already)")
			}
			return err
		}
		fmt.Fprintln(stdout, "revoked")
		return nil
	}
}

// issueToken stores a new token of account name and prints it alone on
// the last line.
func issueToken(ctx context.Context, st store.Store, name string, stdout io.Writer) error {
	tok, err := store.NewToken()
	if err != nil {
		return err
	}
	if err := st.CreateToken(ctx, store.Token{Hash: store.HashToken(tok), AccountID: name, Scopes: tokenScopes, Created: time.Now()}); err != nil {
		return err
	}
	fmt.Fprintln(stdout, tok)
	return nil
}

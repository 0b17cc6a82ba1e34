package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/baten-chess/baten/server"
	"github.com/baten-chess/baten/store"
)

// defaultDB returns the default database file: baten.db in the user's
// data directory ($XDG_DATA_HOME/baten, else ~/.local/share/baten).
func defaultDB() string {
	dir := os.Getenv("XDG_DATA_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "baten.db"
		}
		dir = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(dir, "baten", "baten.db")
}

// serveCommand is "baten serve": the game server (docs/server.md).
func (c *cli) serveCommand(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "listen on this address (port 0: any free port)")
	db := fs.String("db", defaultDB(), "SQLite database file, or a postgres:// URL")
	abandon := fs.Duration("abandon", server.DefaultAbandon, "a player away this long lets the opponent claim victory")
	startTimeout := fs.Duration("start-timeout", server.DefaultStartTimeout,
		"time for each side's first action (never less than the clock); a game not started in time is aborted")
	maxGames := fs.Int("max-games-per-addr", server.DefaultMaxGamesPerAddr, "live games an address may create")
	rate := fs.Float64("rate", server.DefaultRate, "requests per second per address (burst twice as many)")
	maxConns := fs.Int("max-conns-per-addr", server.DefaultMaxConnsPerAddr,
		"open connections an address may hold; more are closed at once (0: no limit)")
	requestTimeout := fs.Duration("request-timeout", server.DefaultRequestTimeout,
		"time to read and answer a request (streams and WebSockets excepted)")
	natsURL := fs.String("nats", "", "NATS server URL (nats://host:4222): run as one of several servers sharing --db (PostgreSQL) — see docs/deployment.md")
	node := fs.String("node", "", "this server's name among the others of --nats (default random)")
	lease := fs.Duration("lease", server.DefaultLeaseTTL, "with --nats: how long a game's owner may be silent before another server takes the game over")
	baseURL := fs.String("base-url", "", "URL prefix of the links the server hands out (default http://ADDR; set it to the load balancer's)")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the server to FILE when it stops")
	variantsFile := c.variantsFlag(fs)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: baten serve [flags]\n\n"+
			"Serves every game of the registry to people and bots: a lichess-compatible\n"+
			"Board API, a WebSocket per game, records as PGN and PDN. Everything is stored\n"+
			"(SQLite, or PostgreSQL with --db postgres://…) before it is acknowledged.\n"+
			"The first line on stdout is the URL; SIGTERM or SIGINT stops gracefully.\n"+
			"The protocol is docs/server.md.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args, stdout, false); err != nil {
		return err
	}
	if err := c.loadVariants(*variantsFile, stderr); err != nil {
		return err
	}
	if *rate <= 0 || *maxGames <= 0 || *abandon <= 0 || *startTimeout <= 0 || *requestTimeout <= 0 {
		return usageErrorf("--rate, --max-games-per-addr, --abandon, --start-timeout and --request-timeout must be positive")
	}
	if *maxConns < 0 {
		return usageErrorf("--max-conns-per-addr must be 0 (no limit) or more")
	}
	if *maxConns == 0 {
		*maxConns = -1 // the server's "no cap"
	}
	var cluster *server.Cluster
	if *natsURL != "" {
		if !store.IsPostgres(*db) {
			return usageErrorf("--nats needs --db postgres://…: the servers share one PostgreSQL database")
		}
		if *lease < time.Second {
			return usageErrorf("--lease must be at least 1s")
		}
		cluster = &server.Cluster{NATSURL: *natsURL, Node: *node, LeaseTTL: *lease}
	} else if *node != "" {
		return usageErrorf("--node needs --nats")
	}
	if *cpuprofile != "" {
		stop, err := startCPUProfile(*cpuprofile)
		if err != nil {
			return err
		}
		defer stop()
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	log := slog.New(slog.NewTextHandler(stderr, nil))

	st, err := store.Open(ctx, *db)
	if err != nil {
		return err
	}
	defer st.Close()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	base := "http://" + ln.Addr().String()
	links := base
	if *baseURL != "" {
		links = *baseURL
	}
	srv, err := server.New(server.Config{Store: st, Registry: c.games, Logger: log, BaseURL: links,
		Abandon: *abandon, StartTimeout: *startTimeout, MaxGamesPerAddr: *maxGames,
		Rate: *rate, Burst: int(2 * *rate), MaxConnsPerAddr: *maxConns, RequestTimeout: *requestTimeout, Cluster: cluster})
	if err != nil {
		ln.Close()
		return err
	}
	hs := srv.HTTPServer()
	served := make(chan error, 1)
	go func() { served <- hs.Serve(srv.Listener(ln)) }()
	// /healthz answers 503 until the live games are back.
	if err := srv.Restore(ctx); err != nil {
		log.Error("restore", "err", err)
	}
	fmt.Fprintf(stdout, "baten serve: listening on %s\n", base)
	log.Info("serving", "url", base, "db", redact(*db))

	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	// The server first ends its streams and timers, so that Shutdown
	// waits only for requests in flight (whose commits then finish).
	if err := srv.Close(sctx); err != nil {
		log.Warn("close", "err", err)
	}
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("shutdown: %w", err)
	}
	log.Info("stopped")
	return nil
}

// redact hides a database URL's password in logs.
func redact(dsn string) string {
	if u, err := url.Parse(dsn); err == nil && u.User != nil {
		if _, has := u.User.Password(); has {
			u.User = url.UserPassword(u.User.Username(), "xxx")
			return u.String()
		}
	}
	return dsn
}

package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/baten-chess/baten/server/web"
	"github.com/baten-chess/baten/store"
)

// storeTimeout bounds every store call, so a stuck database cannot hold
// a game's lock for ever.
const storeTimeout = 10 * time.Second

// Server is the game server. Create it with New, restore the live games
// with Restore, serve Handler, and Close it before closing its store.
type Server struct {
	cfg     Config
	log     *slog.Logger
	hub     *hub
	limits  *limiter
	metrics *metrics
	c       *cluster // nil: the only server of its store
	rematch *rematches

	// rng is Config.Rand; rngMu serialises it (a Source need not be
	// safe for concurrent use).
	rngMu sync.Mutex
	rng   *rand.Rand

	ready   atomic.Bool
	closing atomic.Bool
	// streams is cancelled by Close: it ends every stream and socket, so
	// that http.Server.Shutdown does not wait for them.
	streams       context.Context
	cancelStreams context.CancelFunc
	wg            sync.WaitGroup // streams and sockets running
}

// New returns a server over cfg's store and registry. It serves nothing
// but /healthz (503) and /metrics until Restore has run.
func New(cfg Config) (*Server, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, log: cfg.Logger, hub: newHub(), rng: rand.New(cfg.Rand), rematch: newRematches()}
	s.metrics = newMetrics(func() int { n, _ := s.hub.count(""); return n })
	s.limits = newLimiter(cfg.Rate, cfg.Burst, cfg.Now)
	s.streams, s.cancelStreams = context.WithCancel(context.Background())
	if cfg.Cluster != nil {
		if s.c, err = newCluster(s, *cfg.Cluster); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// intN returns a random number in [0, n) from Config.Rand.
func (s *Server) intN(n int) int {
	s.rngMu.Lock()
	defer s.rngMu.Unlock()
	return s.rng.IntN(n)
}

// append commits an event: in a cluster only while this server holds
// the game's lease.
func (s *Server) append(ctx context.Context, id string, e store.Event, end *store.End) error {
	if s.c != nil {
		return s.c.shared.AppendOwned(ctx, s.c.node, id, e, end)
	}
	return s.cfg.Store.Append(ctx, id, e, end)
}

// leaseTTL is the cluster's lease time (zero outside a cluster).
func (s *Server) leaseTTL() time.Duration {
	if s.c == nil {
		return 0
	}
	return s.c.ttl
}

// live returns live game id as this server holds it; in a cluster it
// attaches the game first (as its owner if it has none, else as a
// replica). It returns nil, nil for a game that is not live.
func (s *Server) live(ctx context.Context, id string) (*liveGame, error) {
	if lg, ok := s.hub.get(id); ok || s.c == nil {
		return lg, nil
	}
	if !validID(id) {
		return nil, nil
	}
	lg, err := s.c.live(ctx, id)
	if errors.Is(err, errNotLive) {
		return nil, nil
	}
	return lg, err
}

// Restore loads every live game of the store, replays its events and
// re-arms its clock: a side to act is charged the time since its turn
// began, the downtime included (time keeps running, as on lichess). A
// flag that fell meanwhile is committed at once. Then the server is
// ready (GET /healthz answers 200).
//
// In a cluster, the server takes over the live games no other server
// owns instead (all of them after a restart of every server), and keeps
// doing so while it runs.
func (s *Server) Restore(ctx context.Context) error {
	if s.c != nil {
		if err := s.c.start(ctx); err != nil {
			return fmt.Errorf("server: restore: %w", err)
		}
		s.ready.Store(true)
		n, _ := s.hub.count("")
		s.log.Info("took over live games", "games", n, "node", s.c.node)
		return nil
	}
	ids, err := s.cfg.Store.LiveIDs(ctx)
	if err != nil {
		return fmt.Errorf("server: restore: %w", err)
	}
	var errs []error
	now := s.cfg.Now()
	for _, id := range ids {
		if _, ok := s.hub.get(id); ok {
			continue
		}
		hdr, events, err := s.cfg.Store.Load(ctx, id)
		if err != nil {
			errs = append(errs, fmt.Errorf("load %s: %w", id, err))
			continue
		}
		lg, err := s.rebuild(hdr, events)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		lg.seen = [2]time.Time{now, now} // players get the abandonment time to come back
		s.hub.add(lg)
		lg.mu.Lock()
		lg.arm()
		lg.mu.Unlock()
	}
	s.ready.Store(true)
	s.log.Info("restored live games", "games", len(ids)-len(errs), "failed", len(errs))
	if len(errs) > 0 {
		return fmt.Errorf("server: restore: %w", errors.Join(errs...))
	}
	return nil
}

// Close stops the server's timers, ends its streams and sockets and
// refuses further actions; live games stay live in the store. It waits
// for the streams to end or ctx to be done. Close the store after it.
func (s *Server) Close(ctx context.Context) error {
	s.closing.Store(true)
	s.ready.Store(false)
	s.cancelStreams()
	for _, lg := range s.hub.all() {
		lg.mu.Lock()
		if lg.timer != nil {
			lg.timer.Stop()
		}
		lg.mu.Unlock()
	}
	if s.c != nil {
		s.c.close(ctx)
	}
	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("server: close: %w", ctx.Err())
	}
}

// Handler returns the server's HTTP handler: the routes of docs/server.md
// behind panic recovery, size limits and per-address rate limits.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.Handle("GET /metrics", s.metrics.handler())
	mux.HandleFunc("POST /api/games", s.createGame)
	mux.HandleFunc("GET /api/games", s.listGames)
	mux.HandleFunc("GET /api/games/{id}", s.getGame)
	mux.HandleFunc("GET /api/games/{id}/ws", s.serveWS)
	mux.HandleFunc("GET /api/games/{id}/rematch", s.rematchStream)
	mux.HandleFunc("POST /api/games/{id}/rematch/{answer}", s.rematchAnswer)
	mux.HandleFunc("POST /api/seeks", s.createSeek)
	mux.HandleFunc("GET /api/seeks", s.listSeeks)
	mux.HandleFunc("POST /api/seeks/{id}/accept", s.acceptSeek)
	mux.HandleFunc("GET /api/board/game/stream/{id}", s.boardStream)
	mux.HandleFunc("POST /api/board/game/{id}/move/{action}", s.boardAction)
	mux.HandleFunc("POST /api/board/game/{id}/{action}", s.boardAction)
	mux.HandleFunc("POST /api/board/game/{id}/draw/{answer}", s.boardAction)
	mux.HandleFunc("GET /api/stream/event", s.eventStream)
	// The browser client (package web) and what it asks (clientapi.go).
	mux.HandleFunc("POST /api/token/test", s.tokenTest)
	mux.HandleFunc("GET /api/account", s.account)
	mux.HandleFunc("POST /api/bot/account/upgrade", s.botUpgrade)
	mux.HandleFunc("GET /api/variants", s.listVariants)
	mux.HandleFunc("GET /api/live", s.liveGames)
	mux.HandleFunc("GET /api/games/{id}/position", s.gamePosition)
	mux.Handle("GET /{$}", web.Handler())
	mux.Handle("GET /game/{id}", web.Handler())
	mux.Handle("GET /static/", web.Handler())
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		s.writeError(w, r, refuse(http.StatusNotFound, "no such endpoint: %s %s", r.Method, r.URL.Path))
	})
	return s.recoverer(s.limit(mux))
}

// healthz answers 200 once the live games are restored.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	if !s.ready.Load() {
		http.Error(w, "starting", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte("ok\n"))
}

// recoverer turns a panic in one request's handler into a 500 and a log
// line, so it never takes the server down.
func (s *Server) recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				s.log.Error("panic in handler", "method", r.Method, "path", r.URL.Path, "panic", p)
				s.writeError(w, r, refuse(http.StatusInternalServerError, "internal error"))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// baseURL returns the URL prefix for links: Config.BaseURL, or the
// request's scheme and host.
func (s *Server) baseURL(r *http.Request) string {
	if s.cfg.BaseURL != "" {
		return strings.TrimRight(s.cfg.BaseURL, "/")
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// storeCtx returns the context of a store call made for a request: not
// cancelled when the client goes away (a commit is all or nothing, and
// once begun it is reported to whoever is still listening), but bounded.
func storeCtx(r *http.Request) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(r.Context()), storeTimeout)
}

package server

import (
	cryptorand "crypto/rand"
	"errors"
	"log/slog"
	"math/rand/v2"
	"time"

	"github.com/baten-chess/baten/store"
	"github.com/baten-chess/baten/variant"
)

// Config is what a Server needs. Store and Registry are required; every
// other field has a default (see the constants below).
type Config struct {
	Store    store.Store
	Registry *variant.Registry
	Logger   *slog.Logger // nil: discard
	// BaseURL prefixes the URLs the server hands out
	// ("http://127.0.0.1:8080"); empty: taken from each request's Host.
	BaseURL string
	// Abandon is how long a player may be gone (no connection, no action)
	// before the opponent may claim victory.
	Abandon time.Duration
	// StartTimeout is how long each side has for its first action (never
	// less than the clock's limit); a game whose first actions do not
	// come in time is aborted with status noStart.
	StartTimeout time.Duration
	// LagCompensation is the most time an action is not charged for:
	// the transit a client cannot help. The flag falls that much after
	// the clock shows zero. Zero: the default; negative: none.
	LagCompensation time.Duration
	// MaxGamesPerAddr caps the live games created (or joined) per
	// network address.
	MaxGamesPerAddr int
	// Rate and Burst limit requests (and WebSocket messages) per second
	// per address.
	Rate  float64
	Burst int
	// MaxBody is the largest request body or WebSocket message, bytes.
	MaxBody int64
	// MaxConnsPerAddr caps the open connections from one network
	// address (Listener); negative: no cap.
	MaxConnsPerAddr int
	// RequestTimeout bounds reading and answering a request (refusing
	// it included); streams and sockets bound each write instead.
	RequestTimeout time.Duration
	// KeepAlive is the interval of the Board API streams' empty lines.
	KeepAlive time.Duration
	// PingInterval and PingTimeout drive WebSocket liveness: a peer that
	// does not answer a ping within PingTimeout is dropped.
	PingInterval, PingTimeout time.Duration
	// ResumeEvents is how many recent events each live game keeps for
	// clients that resume from a version.
	ResumeEvents int
	// Now is the clock (time.Now if nil); tests may fake it.
	Now func() time.Time
	// Rand is the source of the server's random choices (the array of
	// a Chess960 game created without a number, the colour of a seek
	// for either); nil: a generator seeded from crypto/rand. The server
	// uses it under a lock, so a test may fix it with a seeded source.
	Rand rand.Source
	// Cluster, if set, makes this server one of several sharing Store
	// (which must then be a store.Shared: PostgreSQL) and a NATS server.
	Cluster *Cluster
}

// Defaults of Config's optional fields.
const (
	DefaultAbandon         = 60 * time.Second
	DefaultStartTimeout    = 60 * time.Second
	DefaultLagCompensation = 100 * time.Millisecond
	DefaultMaxGamesPerAddr = 100
	DefaultRate            = 20
	DefaultBurst           = 40
	DefaultMaxBody         = 16 << 10
	DefaultMaxConnsPerAddr = 256
	DefaultRequestTimeout  = 15 * time.Second
	DefaultKeepAlive       = 7 * time.Second
	DefaultPingInterval    = 15 * time.Second
	DefaultPingTimeout     = 10 * time.Second
	DefaultResumeEvents    = 32
)

// withDefaults checks c and fills in its defaults.
func (c Config) withDefaults() (Config, error) {
	if c.Store == nil {
		return c, errors.New("server: Config.Store is required")
	}
	if c.Registry == nil {
		return c, errors.New("server: Config.Registry is required")
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&c.Abandon, DefaultAbandon)
	def(&c.StartTimeout, DefaultStartTimeout)
	def(&c.KeepAlive, DefaultKeepAlive)
	def(&c.PingInterval, DefaultPingInterval)
	def(&c.PingTimeout, DefaultPingTimeout)
	def(&c.RequestTimeout, DefaultRequestTimeout)
	if c.LagCompensation < 0 {
		c.LagCompensation = 0
	} else if c.LagCompensation == 0 {
		c.LagCompensation = DefaultLagCompensation
	}
	if c.MaxGamesPerAddr <= 0 {
		c.MaxGamesPerAddr = DefaultMaxGamesPerAddr
	}
	if c.Rate <= 0 {
		c.Rate = DefaultRate
	}
	if c.Burst <= 0 {
		c.Burst = DefaultBurst
	}
	if c.MaxBody <= 0 {
		c.MaxBody = DefaultMaxBody
	}
	if c.MaxConnsPerAddr == 0 {
		c.MaxConnsPerAddr = DefaultMaxConnsPerAddr
	}
	if c.ResumeEvents <= 0 {
		c.ResumeEvents = DefaultResumeEvents
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Rand == nil {
		var seed [32]byte
		_, _ = cryptorand.Read(seed[:]) // crypto/rand.Read never fails (Go 1.24+)
		c.Rand = rand.NewChaCha8(seed)
	}
	return c, nil
}

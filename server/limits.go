package server

import (
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// limiter holds a token bucket per network address. Buckets idle for a
// while are swept on the way (no goroutine).
type limiter struct {
	mu      sync.Mutex
	r       rate.Limit
	burst   int
	now     func() time.Time
	buckets map[string]*bucket
	swept   time.Time
}

type bucket struct {
	lim  *rate.Limiter
	last time.Time
}

// bucketIdle is how long an address's bucket is kept without requests
// (long enough to be full again).
const bucketIdle = 5 * time.Minute

func newLimiter(r float64, burst int, now func() time.Time) *limiter {
	return &limiter{r: rate.Limit(r), burst: burst, now: now, buckets: map[string]*bucket{}}
}

// allow takes one token of address a's bucket.
func (l *limiter) allow(a string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if now.Sub(l.swept) > time.Minute {
		for k, b := range l.buckets {
			if now.Sub(b.last) > bucketIdle {
				delete(l.buckets, k)
			}
		}
		l.swept = now
	}
	b, ok := l.buckets[a]
	if !ok {
		b = &bucket{lim: rate.NewLimiter(l.r, l.burst)}
		l.buckets[a] = b
	}
	b.last = now
	return b.lim.AllowN(now, 1)
}

// newConnLimiter returns the rate limit of one connection's messages.
func (l *limiter) newConnLimiter() *rate.Limiter { return rate.NewLimiter(l.r, l.burst) }

// addrOf returns the network address (host) of a request's peer. Headers
// such as X-Forwarded-For are not trusted: anyone can send them.
func addrOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// limit refuses requests over the address's rate (429) and bounds
// request bodies (MaxBody; 413 when read past it). Health and metrics
// are not limited: monitors poll them. Every request is given
// RequestTimeout to be read and answered before anything else, refusals
// included, and a refusal of a request whose body is left unread closes
// the connection: otherwise a client that announces a body and sends
// part of it holds the connection for ever, the server waiting for the
// rest to read the next request.
func (s *Server) limit(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rc := http.NewResponseController(w)
		now := time.Now()
		_ = rc.SetReadDeadline(now.Add(s.cfg.RequestTimeout))
		_ = rc.SetWriteDeadline(now.Add(s.cfg.RequestTimeout))
		if r.URL.Path == "/healthz" || r.URL.Path == "/metrics" {
			next.ServeHTTP(w, r)
			return
		}
		if !s.ready.Load() {
			// A client reconnecting after a restart must not be told
			// its game is unknown or over: it is still being restored.
			w.Header().Set("Retry-After", "1")
			s.refuseUnread(w, r, refuse(http.StatusServiceUnavailable, "starting: the live games are being restored"))
			return
		}
		if !s.limits.allow(addrOf(r)) {
			w.Header().Set("Retry-After", "1")
			s.refuseUnread(w, r, refuse(http.StatusTooManyRequests, "too many requests from %s", addrOf(r)))
			return
		}
		if r.ContentLength > s.cfg.MaxBody {
			s.refuseUnread(w, r, refuse(http.StatusRequestEntityTooLarge, "request body larger than %d bytes", s.cfg.MaxBody))
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, s.cfg.MaxBody)
		if isStream(r) {
			// Streams and sockets live long: they bound each write
			// (and a socket its pings) instead.
			_ = rc.SetReadDeadline(time.Time{})
			_ = rc.SetWriteDeadline(time.Time{})
		}
		next.ServeHTTP(w, r)
	})
}

// refuseUnread answers err to a request whose body, if it has one, is
// not read, and closes an HTTP/1 connection after it (HTTP/2 streams
// have their own flow control and need not be).
func (s *Server) refuseUnread(w http.ResponseWriter, r *http.Request, err error) {
	if r.ContentLength != 0 && r.ProtoMajor == 1 {
		w.Header().Set("Connection", "close")
	}
	s.writeError(w, r, err)
}

// isStream reports whether r opens a long-lived stream or socket.
func isStream(r *http.Request) bool {
	p := r.URL.Path
	return strings.HasPrefix(p, "/api/board/game/stream/") || p == "/api/stream/event" || strings.HasSuffix(p, "/ws") ||
		(r.Method == http.MethodGet && strings.HasSuffix(p, "/rematch"))
}

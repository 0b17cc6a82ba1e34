package server

import (
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Bounds of a connection's time outside a request's RequestTimeout.
const (
	// headerTimeout bounds reading a request's headers.
	headerTimeout = 10 * time.Second
	// idleTimeout is how long a kept-alive connection waits for its
	// next request.
	idleTimeout = 2 * time.Minute
	// maxHeaderBytes bounds a request's headers.
	maxHeaderBytes = 16 << 10
)

// HTTPServer returns the http.Server to serve the server's Handler with,
// its timeouts bounding every connection's time: the headers must come
// within 10 s, a kept-alive connection may wait 2 minutes for its next
// request, and a request is read and answered within RequestTimeout
// (set per request by Handler, which lifts it for the Board API's
// streams and the WebSockets: they bound each write instead). Serve it
// over Listener.
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{Handler: s.Handler(), ReadHeaderTimeout: headerTimeout, IdleTimeout: idleTimeout,
		ReadTimeout: s.cfg.RequestTimeout, WriteTimeout: s.cfg.RequestTimeout, MaxHeaderBytes: maxHeaderBytes,
		ErrorLog: slog.NewLogLogger(s.log.Handler(), slog.LevelWarn)}
}

// Listener wraps ln so that one network address holds at most
// Config.MaxConnsPerAddr open connections: a connection past that is
// closed as soon as it is accepted, unanswered, and counted in the
// metrics (baten_connections_refused_total). Requests are limited per
// address too (Config.Rate), but a connection that sends nothing holds
// a file descriptor all the same.
func (s *Server) Listener(ln net.Listener) net.Listener {
	if s.cfg.MaxConnsPerAddr < 0 {
		return ln
	}
	return &connLimiter{Listener: ln, max: s.cfg.MaxConnsPerAddr, open: map[string]int{}, refused: s.metrics.refused}
}

// connLimiter is Listener's listener.
type connLimiter struct {
	net.Listener
	max     int
	refused prometheus.Counter

	mu   sync.Mutex
	open map[string]int // open connections per address
}

// Accept returns the next connection of an address under its cap,
// closing those over it.
func (l *connLimiter) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		a := hostOf(c.RemoteAddr())
		l.mu.Lock()
		over := l.open[a] >= l.max
		if !over {
			l.open[a]++
		}
		l.mu.Unlock()
		if over {
			_ = c.Close()
			l.refused.Inc()
			continue
		}
		return &limitedConn{Conn: c, l: l, addr: a}, nil
	}
}

// release gives back a connection's place.
func (l *connLimiter) release(a string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[a]--; l.open[a] <= 0 {
		delete(l.open, a)
	}
}

// limitedConn is a connection counted by a connLimiter until it is
// closed (once, however often Close is called).
type limitedConn struct {
	net.Conn
	l    *connLimiter
	addr string
	once sync.Once
}

func (c *limitedConn) Close() error {
	c.once.Do(func() { c.l.release(c.addr) })
	return c.Conn.Close()
}

// CloseWrite half-closes the connection as net/http does before closing
// it after an answer (so that the client reads the answer rather than a
// reset), where the connection can.
func (c *limitedConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// hostOf returns the network address (host) of a peer, as addrOf does
// for requests.
func hostOf(a net.Addr) string {
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return host
}

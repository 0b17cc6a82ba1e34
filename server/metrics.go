package server

import (
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// metrics are the server's Prometheus metrics, written in the text
// exposition format by hand (a few counters need no client library).
type metrics struct {
	actions atomic.Int64 // committed events
	streams atomic.Int64 // open Board API and event streams
	sockets atomic.Int64 // open WebSockets

	mu      sync.Mutex
	buckets []float64 // upper bounds, seconds
	counts  []int64   // per bucket (not cumulative)
	sum     float64
	n       int64
}

func newMetrics() *metrics {
	b := []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5}
	return &metrics{buckets: b, counts: make([]int64, len(b))}
}

// action records one committed event and the time it took from its
// check to its commit.
func (m *metrics) action(d time.Duration) {
	m.actions.Add(1)
	sec := d.Seconds()
	m.mu.Lock()
	defer m.mu.Unlock()
	for i, b := range m.buckets {
		if sec <= b {
			m.counts[i]++
			break
		}
	}
	m.sum += sec
	m.n++
}

// serveMetrics writes the metrics in Prometheus text format.
func (s *Server) serveMetrics(w http.ResponseWriter, r *http.Request) {
	m := s.metrics
	live, _ := s.hub.count("")
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	fmt.Fprintf(w, "# HELP baten_games_live Live games in memory.\n# TYPE baten_games_live gauge\nbaten_games_live %d\n", live)
	fmt.Fprintf(w, "# HELP baten_actions_total Game events committed.\n# TYPE baten_actions_total counter\nbaten_actions_total %d\n", m.actions.Load())
	fmt.Fprintf(w, "# HELP baten_streams Open Board API and event streams.\n# TYPE baten_streams gauge\nbaten_streams %d\n", m.streams.Load())
	fmt.Fprintf(w, "# HELP baten_websockets Open WebSocket connections.\n# TYPE baten_websockets gauge\nbaten_websockets %d\n", m.sockets.Load())
	m.mu.Lock()
	defer m.mu.Unlock()
	fmt.Fprintf(w, "# HELP baten_action_seconds Time from receiving an action to its commit.\n# TYPE baten_action_seconds histogram\n")
	var cum int64
	for i, b := range m.buckets {
		cum += m.counts[i]
		fmt.Fprintf(w, "baten_action_seconds_bucket{le=\"%g\"} %d\n", b, cum)
	}
	fmt.Fprintf(w, "baten_action_seconds_bucket{le=\"+Inf\"} %d\nbaten_action_seconds_sum %g\nbaten_action_seconds_count %d\n", m.n, m.sum, m.n)
}

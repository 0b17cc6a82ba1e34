package server

import (
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are the server's Prometheus metrics, in a registry of its own
// (no global state: two servers in one process count apart).
type metrics struct {
	reg     *prometheus.Registry
	actions prometheus.Counter   // committed events
	latency prometheus.Histogram // from an action's check to its commit
	streams prometheus.Gauge     // open Board API and event streams
	sockets prometheus.Gauge     // open WebSockets
	refused prometheus.Counter   // connections over an address's cap
}

func newMetrics(live func() int) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		actions: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "baten_actions_total", Help: "Game events committed.",
		}),
		latency: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "baten_action_seconds",
			Help:    "Time from receiving an action to its commit.",
			Buckets: []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5},
		}),
		streams: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "baten_streams", Help: "Open Board API and event streams.",
		}),
		sockets: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "baten_websockets", Help: "Open WebSocket connections.",
		}),
		refused: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "baten_connections_refused_total", Help: "Connections closed at once: their address had too many open.",
		}),
	}
	m.reg.MustRegister(m.actions, m.latency, m.streams, m.sockets, m.refused,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "baten_games_live", Help: "Live games in memory (in a cluster: the games this server owns).",
		}, func() float64 { return float64(live()) }),
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
	)
	return m
}

// action records one committed event and the time it took from its
// check to its commit.
func (m *metrics) action(d time.Duration) {
	m.actions.Inc()
	m.latency.Observe(d.Seconds())
}

// handler serves the metrics in Prometheus's text format.
func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

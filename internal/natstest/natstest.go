// Package natstest runs a real NATS server inside a test process, from
// the NATS project's own Go module (github.com/nats-io/nats-server/v2),
// listening on a free loopback port.
package natstest

import (
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// Start starts a NATS server for t and returns its client URL
// (nats://127.0.0.1:PORT). It is shut down in t.Cleanup.
func Start(t testing.TB) string {
	t.Helper()
	ns, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: -1, NoLog: true, NoSigs: true})
	if err != nil {
		t.Fatalf("natstest: %v", err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		ns.Shutdown()
		t.Fatal("natstest: the NATS server did not come up within 10 s")
	}
	t.Cleanup(func() {
		ns.Shutdown()
		ns.WaitForShutdown()
	})
	return ns.ClientURL()
}

package natstest_test

import (
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/baten-chess/baten/internal/natstest"
)

// TestStart publishes through the server Start runs and gets the
// message back on a subscription.
func TestStart(t *testing.T) {
	nc, err := nats.Connect(natstest.Start(t))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	sub, err := nc.SubscribeSync("x")
	if err != nil {
		t.Fatal(err)
	}
	if err := nc.Publish("x", []byte("hello")); err != nil {
		t.Fatal(err)
	}
	m, err := sub.NextMsg(5 * time.Second)
	if err != nil || string(m.Data) != "hello" {
		t.Fatalf("got %v, %v", m, err)
	}
}

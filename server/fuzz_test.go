package server

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/baten-chess/baten/variant"
)

// FuzzDecodeClientMsg: no WebSocket message makes the decoder panic, and
// what it accepts is well formed.
func FuzzDecodeClientMsg(f *testing.F) {
	for _, s := range []string{`{"t":"hello","token":"x","version":3}`, `{"t":"act","id":7,"action":"e2e4"}`,
		`{"t":"ping"}`, `{"t":"act"}`, `{"t":"hello","version":-1}`, `[]`, `{`, `{"t":7}`, `null`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := decodeClientMsg(b)
		if err != nil {
			return
		}
		switch {
		case m.T != "hello" && m.T != "act" && m.T != "ping":
			t.Fatalf("accepted type %q", m.T)
		case m.T == "act" && (m.Action == "" || len(m.Action) > maxActionText):
			t.Fatalf("accepted action %q", m.Action)
		case m.Version < 0:
			t.Fatalf("accepted version %d", m.Version)
		}
	})
}

// FuzzDecodeCreate: no create request makes decoding or checking it
// panic; an accepted one names a registered game and a start position
// it can play from.
func FuzzDecodeCreate(f *testing.F) {
	for _, s := range []string{`{"variant":"chess"}`, `{"variant":"chess960","chess960":518}`,
		`{"variant":"draughts","ballot":"12"}`, `{"variant":"shatranj","tabiya":"x"}`,
		`{"variant":"chess","fen":"8/8/8/8/8/8/8/8 w - - 0 1"}`, `{"variant":"chess","clock":{"limit":1e308,"increment":-0}}`,
		`{"variant":"banchess","white":{"name":"\u0000"}}`, `{"variant":1}`, `{"variant":"chess960"}`,
		`{"variant":"chess","chess960":"random"}`,
		`{"variant":"chess","clock":{"limit":0.0004}}`} {
		f.Add([]byte(s))
	}
	s := &Server{cfg: Config{Registry: variant.Builtin()}, rng: rand.New(rand.NewPCG(1, 2))}
	s.cfg.Now = time.Now
	f.Fuzz(func(t *testing.T, b []byte) {
		req, err := decodeCreate(b)
		if err != nil {
			return
		}
		hdr, v, err := s.newHeader(req)
		if err != nil {
			return
		}
		if _, err := v.FromFEN(hdr.StartFEN); err != nil {
			t.Fatalf("accepted start %q does not read back: %v", hdr.StartFEN, err)
		}
		if c := hdr.Clock; c != nil && (c.Limit < time.Millisecond || c.Increment < 0 || c.Limit > maxLimit || c.Increment > maxIncrement) {
			t.Fatalf("accepted clock %+v", c)
		}
	})
}

// FuzzClusterMessages: no message from another server of a cluster makes
// the decoders panic, and what they accept is well formed.
func FuzzClusterMessages(f *testing.F) {
	for _, s := range []string{
		`{"e":{"Seq":3,"Kind":"action","Color":0,"Text":"e2e4","Clocks":[1000,2000],"At":"2026-11-24T12:00:00Z"}}`,
		`{"e":{"Seq":1,"Kind":"join","Color":1,"Text":"bob"},"seat":{"TokenHash":"AAAA","Name":"bob"}}`,
		`{"e":{"Seq":9,"Kind":"resign","Color":1},"end":{"Status":"resign","Winner":"white"}}`,
		`{"sync":12}`, `{"e":{"Seq":0}}`, `{"e":{"Seq":2,"Color":7}}`,
		`{"seat":0,"text":"e2e4","expect":5}`, `{"seat":1,"req":"resign"}`, `{"seat":-1,"node":"a","presence":[1,0]}`,
		`{"seat":-1,"join":{"TokenHash":"AQID","Name":"x"}}`, `{"seat":-1,"presence":[-1,0]}`, `{"seat":5}`, `[]`, `{`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if w, err := decodeWireEvent(b); err == nil && w.Sync <= 0 {
			switch {
			case w.E.Seq < 1:
				t.Fatalf("accepted event number %d", w.E.Seq)
			case w.E.Color < -1 || w.E.Color > 1:
				t.Fatalf("accepted color %d", w.E.Color)
			case w.E.Kind == kindJoin && w.Seat == nil:
				t.Fatal("accepted a join without its seat")
			}
		}
		if w, err := decodeWireRequest(b); err == nil {
			switch {
			case w.Join == nil && w.Presence == nil && (w.Seat < 0 || w.Seat > 1):
				t.Fatalf("accepted seat %d", w.Seat)
			case len(w.Text) > maxActionText:
				t.Fatalf("accepted a text of %d bytes", len(w.Text))
			case w.Presence != nil && (w.Presence[0] < 0 || w.Presence[1] < 0):
				t.Fatalf("accepted presence %v", *w.Presence)
			case w.Join != nil && len(w.Join.TokenHash) == 0:
				t.Fatal("accepted a join without a token hash")
			}
		}
	})
}

package server

import (
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
		`{"variant":"banchess","white":{"name":"\u0000"}}`, `{"variant":1}`} {
		f.Add([]byte(s))
	}
	s := &Server{cfg: Config{Registry: variant.Builtin()}}
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
		if c := hdr.Clock; c != nil && (c.Limit <= 0 || c.Increment < 0) {
			t.Fatalf("accepted clock %+v", c)
		}
	})
}

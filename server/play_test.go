package server

import (
	"bytes"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/baten-chess/baten/game"
	"github.com/baten-chess/baten/pgn"
	"github.com/baten-chess/baten/variant"
)

// maxPlies bounds the random games: a game the rules have not ended by
// then ends by resignation.
const maxPlies = 60

// randomGame plays random legal actions from start until the rules end
// the game or maxPlies, through act (which plays one action for the side
// to act), and returns the local replica's final position.
func randomGame(t *testing.T, seed uint64, start variant.Position, act func(variant.Color, string)) variant.Position {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	p := start
	for ply := 0; ply < maxPlies; ply++ {
		if _, over := p.Outcome(); over {
			break
		}
		legal := p.Legal()
		a := legal[rng.IntN(len(legal))]
		act(p.Turn(), machineText(p, a))
		next, err := p.Play(a)
		if err != nil {
			t.Fatal(err)
		}
		p = next
	}
	return p
}

// finish checks the server's verdict on a finished random game, or
// resigns an unfinished one, and returns the expected status.
func finish(t *testing.T, h *harness, cr createResponse, p variant.Position) {
	t.Helper()
	want, winner := statusResign, colorName(p.Turn().Other())
	if o, over := p.Outcome(); over {
		want, winner = statusOf(o), winnerOf(o)
	} else {
		code, out := h.do("POST", "/api/board/game/"+cr.ID+"/resign", cr.token(p.Turn()), nil)
		if code != http.StatusOK {
			t.Fatalf("resign: %d %s", code, out)
		}
	}
	gv := h.game(cr.ID)
	if gv.Status != want || gv.Winner != winner {
		t.Fatalf("status %s winner %q, want %s %q", gv.Status, gv.Winner, want, winner)
	}
}

// checkRecord reads back a finished game's record: a PGN replays to the
// same actions and result.
func checkRecord(t *testing.T, h *harness, id string, v *variant.Variant) {
	t.Helper()
	ext := "pgn"
	if v.Family == variant.PDN {
		ext = "pdn"
	}
	code, out := h.do("GET", "/api/games/"+id+"."+ext, "", nil)
	if code != http.StatusOK {
		t.Fatalf("record: %d %s", code, out)
	}
	if ext == "pdn" {
		if !bytes.Contains(out, []byte("GameType")) && !bytes.Contains(out, []byte("[Event")) {
			t.Fatalf("PDN without tags:\n%s", out)
		}
		return
	}
	pg, err := pgn.NewReader(bytes.NewReader(out)).Next()
	if err != nil {
		t.Fatalf("PGN: %v\n%s", err, out)
	}
	g, err := game.FromPGN(pg, h.cfg.Registry)
	if err != nil {
		t.Fatalf("PGN does not replay: %v\n%s", err, out)
	}
	if g.Variant() != v {
		t.Fatalf("PGN is %s, want %s", g.Variant().Name, v.Name)
	}
	if _, over := g.Outcome(); !over {
		t.Fatalf("PGN without result:\n%s", out)
	}
}

// TestEveryVariantBoardAPI plays a whole game of every registered
// variant through the Board API, with a spectator's NDJSON stream, and
// reads its record back.
func TestEveryVariantBoardAPI(t *testing.T) {
	h := newHarness(t, nil)
	for i, v := range h.cfg.Registry.All() {
		t.Run(v.Name, func(t *testing.T) {
			t.Parallel()
			h := h.with(t) // failures of the harness's calls end this subtest, not the parent
			cr := h.create(map[string]any{"variant": v.Name, "clock": map[string]any{"limit": 600, "increment": 1},
				"white": map[string]string{"name": "alice"}, "black": map[string]string{"name": "bob"}})
			lines, stop := h.stream("/api/board/game/stream/"+cr.ID, "")
			defer stop()
			full := next(t, lines, 5*time.Second)
			if full["type"] != "gameFull" || full["initialFen"] != cr.FEN {
				t.Fatalf("first line %v", full)
			}
			start, err := v.FromFEN(cr.FEN)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			p := randomGame(t, uint64(i), start, func(c variant.Color, a string) {
				h.move(cr.ID, cr.token(c), a)
				n++
				st := next(t, lines, 5*time.Second)
				if st["type"] != "gameState" || len(strings.Fields(st["moves"].(string))) != n {
					t.Fatalf("after %d actions: %v", n, st)
				}
			})
			finish(t, h, cr, p)
			for m := range lines { // the final state, then the stream ends
				if m["status"] == statusStarted {
					continue
				}
				if m["status"] != h.game(cr.ID).Status {
					t.Fatalf("final line %v", m)
				}
			}
			checkRecord(t, h, cr.ID, v)
		})
	}
}

// TestEveryVariantWebSocket plays a whole game of every registered
// variant through two players' WebSockets, watched by a spectator.
func TestEveryVariantWebSocket(t *testing.T) {
	h := newHarness(t, nil)
	for i, v := range h.cfg.Registry.All() {
		t.Run(v.Name, func(t *testing.T) {
			t.Parallel()
			h := h.with(t) // failures of the harness's calls end this subtest, not the parent
			cr := h.create(map[string]any{"variant": v.Name})
			players := [2]*wsClient{h.dialWS(cr.ID, cr.White.Token, 0), h.dialWS(cr.ID, cr.Black.Token, 0)}
			watcher := h.dialWS(cr.ID, "", 0)
			for _, w := range append(players[:], watcher) {
				if m := w.next(); m["t"] != "full" {
					t.Fatalf("first message %v", m)
				}
			}
			if m := watcher.act("resign"); m["t"] != "error" {
				t.Fatalf("a spectator's act: %v", m)
			}
			start, _ := v.FromFEN(cr.FEN)
			version := 0
			var last map[string]any
			p := randomGame(t, uint64(100+i), start, func(c variant.Color, a string) {
				m := players[c].act(a)
				if m["t"] != "ack" || int(num(m["version"])) != version+1 {
					t.Fatalf("%s: %v", a, m)
				}
				version++
				if last = watcher.until("event"); int(num(last["version"])) != version || last["text"] != a {
					t.Fatalf("spectator saw %v, want version %d %s", last, version, a)
				}
			})
			if _, over := p.Outcome(); !over {
				if m := players[p.Turn()].act("resign"); m["t"] != "ack" {
					t.Fatalf("resign: %v", m)
				}
				last = watcher.until("event")
			}
			if last["status"] == statusStarted || last["status"] == statusCreated {
				t.Fatalf("final event %v", last)
			}
		})
	}
}

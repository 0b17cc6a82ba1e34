package server

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/baten-chess/baten/variant"
)

// chess960Numbers maps each Chess960 array's FEN, as the registry makes
// it, to its Scharnagl number.
func chess960Numbers(t *testing.T) map[string]int {
	t.Helper()
	v, err := variant.Builtin().Lookup("chess960")
	if err != nil {
		t.Fatal(err)
	}
	byFEN := map[string]int{}
	for n := range 960 {
		p, err := v.StartFrom("chess960", strconv.Itoa(n))
		if err != nil {
			t.Fatal(err)
		}
		byFEN[p.FEN()] = n
	}
	return byFEN
}

// TestChess960RandomStart: a Chess960 game created without a number,
// through POST /api/games or a seek, starts from a random array of the
// 960 (as `baten play` does), drawn from Config.Rand; the array is kept
// in the game, so GET, the stream and the record show it again after a
// restart.
func TestChess960RandomStart(t *testing.T) {
	byFEN := chess960Numbers(t)
	const seed = 960
	h := newHarness(t, func(c *Config) { c.Rand = rand.NewPCG(seed, 0) })
	var numbers []int
	var first createResponse
	for i := range 8 {
		body := map[string]any{"variant": "chess960"}
		if i == 1 {
			body["chess960"] = "random" // the lobby's word, also taken by the server
		}
		cr := h.create(body)
		n, ok := byFEN[cr.FEN]
		if !ok {
			t.Fatalf("game %d started from %s, not one of the 960 arrays", i, cr.FEN)
		}
		if want := "Chess960 position " + strconv.Itoa(n); cr.Start != want {
			t.Errorf("game %d: start %q, want %q", i, cr.Start, want)
		}
		if gv := h.game(cr.ID); gv.InitialFEN != cr.FEN {
			t.Fatalf("game %d: GET has initialFen %s, the answer %s", i, gv.InitialFEN, cr.FEN)
		}
		numbers = append(numbers, n)
		if i == 0 {
			first = cr
		}
	}
	distinct := map[int]bool{}
	for _, n := range numbers {
		distinct[n] = true
	}
	if len(distinct) < 4 {
		t.Fatalf("8 games without a number started from arrays %v: not random", numbers)
	}

	// The same source draws the same arrays: the server's choices come
	// from Config.Rand alone.
	h2 := newHarness(t, func(c *Config) { c.Rand = rand.NewPCG(seed, 0) })
	for i, want := range numbers {
		body := map[string]any{"variant": "chess960"}
		if i == 1 {
			body["chess960"] = "random"
		}
		if cr := h2.create(body); byFEN[cr.FEN] != want {
			t.Fatalf("game %d on a second server with the same source: array %d, want %d", i, byFEN[cr.FEN], want)
		}
	}

	// A seek for Chess960 without a number pairs into a random array too.
	code, out := h.do("POST", "/api/seeks", "", map[string]any{"variant": "chess960", "color": "white"})
	if code != http.StatusCreated {
		t.Fatalf("seek: %d %s", code, out)
	}
	var seek seekResponse
	if err := json.Unmarshal(out, &seek); err != nil {
		t.Fatal(err)
	}
	if code, out := h.do("POST", "/api/seeks/"+seek.ID+"/accept", "", nil); code != http.StatusOK {
		t.Fatalf("accept: %d %s", code, out)
	}
	sn, ok := byFEN[h.game(seek.ID).InitialFEN]
	if !ok || !strings.HasPrefix(seek.Start, "Chess960 position ") || seek.Start != "Chess960 position "+strconv.Itoa(sn) {
		t.Fatalf("seek's game started from %s (start %q)", h.game(seek.ID).InitialFEN, seek.Start)
	}

	// The array is stored, not drawn again: a restart shows the same.
	h.move(first.ID, first.White.Token, "a2a3")
	h.restart()
	gv := h.game(first.ID)
	if gv.InitialFEN != first.FEN || *gv.Moves != "a2a3" {
		t.Fatalf("after a restart: initialFen %s moves %q; created from %s", gv.InitialFEN, *gv.Moves, first.FEN)
	}
	lines, stop := h.stream("/api/board/game/stream/"+first.ID, "")
	defer stop()
	if m := next(t, lines, 5*time.Second); m["initialFen"] != first.FEN {
		t.Fatalf("stream after a restart: %v", m)
	}
	h.move(first.ID, first.Black.Token, "a7a6")
	code, out = h.do("GET", "/api/games/"+first.ID+".pgn", "", nil)
	if code != http.StatusOK || !strings.Contains(string(out), `[FEN "`+first.FEN+`"]`) {
		t.Fatalf("record after a restart: %d\n%s", code, out)
	}
}

// TestStartSetOfAnotherGame: a start set the game lacks (a Chess960
// number for chess, a tabiya for draughts, …) is refused with a hint to
// the games that have it, not silently ignored; fields no game uses are
// still ignored, as lichess does.
func TestStartSetOfAnotherGame(t *testing.T) {
	h := newHarness(t, nil)
	tests := []struct {
		body map[string]any
		want []string
	}{
		{map[string]any{"variant": "chess", "chess960": 518}, []string{"Chess has no chess960", "variant chess960"}},
		{map[string]any{"variant": "chess", "chess960": "random"}, []string{"variant chess960"}},
		{map[string]any{"variant": "chess960", "ballot": 3}, []string{"Chess960 has no ballot", "variant draughts"}},
		{map[string]any{"variant": "draughts", "tabiya": 1}, []string{"English draughts has no tabiya", "variant shatranj"}},
		{map[string]any{"variant": "banchess", "setup": "alternative"}, []string{"no setup", "variant shatranj"}},
		{map[string]any{"variant": "chess", "fen": "8/8/8/8/8/8/8/K6k w - - 0 1", "chess960": 3}, []string{"variant chess960"}},
	}
	for _, tc := range tests {
		for _, path := range []string{"/api/games", "/api/seeks"} {
			code, out := h.do("POST", path, "", tc.body)
			for _, w := range tc.want {
				if code != http.StatusBadRequest || !strings.Contains(string(out), w) {
					t.Errorf("POST %s %v: %d %s; want 400 with %q", path, tc.body, code, out, w)
				}
			}
		}
	}
	cr := h.create(map[string]any{"variant": "chess", "rated": false, "days": 3})
	chess, err := variant.Builtin().Lookup("chess")
	if err != nil {
		t.Fatal(err)
	}
	if want := chess.Start().FEN(); cr.FEN != want {
		t.Fatalf("chess with lichess's other fields started from %s", cr.FEN)
	}
}

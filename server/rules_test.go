package server

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestScriptedEndings plays games to endings the rules decide, through
// the Board API, and checks the status, the winner and the final FEN.
func TestScriptedEndings(t *testing.T) {
	h := newHarness(t, nil)
	tests := []struct {
		name    string
		create  map[string]any
		actions []string // alternate seats from the side to act first
		first   string   // "white" or "black": who acts first
		status  string
		winner  string
		fen     string // a prefix of the final FEN, "" for any
	}{
		{name: "Ban-Chess ban-mate", create: map[string]any{"variant": "banchess"}, first: "black",
			// Black bans, White moves, White bans, Black moves, …: the
			// last ban takes Black's only answer to the check away.
			actions: []string{"b:a2a3", "e2e4", "b:a7a6", "f7f6", "b:a2a3", "d1h5", "b:g7g6"},
			status:  "mate", winner: "white"},
		{name: "shatranj bare king", create: map[string]any{"variant": "shatranj", "fen": "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1"},
			first: "white", actions: []string{"a1a8"}, status: "bareKing", winner: "white"},
		{name: "draughts multi-jump with crowning", create: map[string]any{"variant": "draughts", "fen": "B:WK1,17,25:B13"},
			first: "black", actions: []string{"13x22x29"}, status: statusStarted, fen: "W:WK1:BK29"},
		{name: "Chess960 castling", create: map[string]any{"variant": "chess960", "chess960": 3},
			first: "white", actions: []string{"f1g1"}, status: statusStarted, fen: "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRRKB b"},
		{name: "fool's mate", create: map[string]any{"variant": "chess"}, first: "white",
			actions: []string{"f2f3", "e7e5", "g2g4", "d8h4"}, status: "mate", winner: "black"},
		{name: "chess stalemate", create: map[string]any{"variant": "chess", "fen": "7k/8/6Q1/8/8/8/8/K7 w - - 0 1"},
			first: "white", actions: []string{"g6f7"}, status: "stalemate"},
		{name: "shatranj stalemate is a win", create: map[string]any{"variant": "shatranj", "fen": "7k/6R1/8/4K3/8/p7/P7/8 w - - 0 1"},
			first: "white", actions: []string{"e5f6"}, status: "stalemate", winner: "white"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cr := h.create(tc.create)
			v, _ := h.cfg.Registry.Lookup(tc.create["variant"].(string))
			p, err := v.FromFEN(cr.FEN)
			if err != nil {
				t.Fatal(err)
			}
			if colorName(p.Turn()) != tc.first {
				t.Fatalf("%s to act first", p.Turn())
			}
			for _, a := range tc.actions {
				h.move(cr.ID, cr.token(p.Turn()), a)
				act, err := p.Parse(a)
				if err != nil {
					t.Fatal(err)
				}
				p, _ = p.Play(act)
			}
			gv := h.game(cr.ID)
			if gv.Status != tc.status || gv.Winner != tc.winner || !strings.HasPrefix(gv.FEN, tc.fen) {
				t.Fatalf("status %s winner %q fen %s; want %s %q %s", gv.Status, gv.Winner, gv.FEN, tc.status, tc.winner, tc.fen)
			}
		})
	}
}

// TestRefusals: illegal, out-of-turn and wrong-phase actions, bad
// tokens and bad requests are refused with a reason and change nothing.
func TestRefusals(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.MaxBody = 1024 })
	cr := h.create(map[string]any{"variant": "banchess"})
	move := "/api/board/game/" + cr.ID + "/move/"
	tests := []struct {
		name          string
		method, path  string
		token         string
		body          any
		code          int
		reasonHasWord string
	}{
		{"illegal move", "POST", move + "e2e5", cr.Black.Token, nil, 400, "e2e5"},
		{"wrong phase: a move during the ban", "POST", move + "e7e5", cr.Black.Token, nil, 400, ""},
		{"out of turn", "POST", move + "b:e7e5", cr.White.Token, nil, 400, "turn"},
		{"no token", "POST", move + "b:a2a3", "", nil, 401, "Bearer"},
		{"wrong token", "POST", move + "b:a2a3", "nope", nil, 401, "token"},
		{"unknown game", "POST", "/api/board/game/AAAAAAAA/move/e2e4", cr.White.Token, nil, 404, "AAAAAAAA"},
		{"unknown game record", "GET", "/api/games/AAAAAAAA.pgn", "", nil, 404, ""},
		{"bad JSON", "POST", "/api/games", "", "{", 400, "JSON"},
		{"unknown variant", "POST", "/api/games", "", map[string]any{"variant": "tictactoe"}, 400, "tictactoe"},
		{"no variant", "POST", "/api/games", "", map[string]any{}, 400, "variant"},
		{"bad FEN", "POST", "/api/games", "", map[string]any{"variant": "chess", "fen": "8/8 w"}, 400, "start"},
		{"two starts", "POST", "/api/games", "", map[string]any{"variant": "chess960", "fen": "x", "chess960": 1}, 400, "at most one"},
		{"bad Chess960 number", "POST", "/api/games", "", map[string]any{"variant": "chess960", "chess960": 960}, 400, "959"},
		{"bad clock", "POST", "/api/games", "", map[string]any{"variant": "chess", "clock": map[string]any{"limit": -1}}, 400, "clock"},
		{"too large", "POST", "/api/games", "", `{"variant":"chess","fen":"` + strings.Repeat("x", 2000) + `"}`, 413, "larger"},
		{"unknown request", "POST", "/api/board/game/" + cr.ID + "/dance", cr.White.Token, nil, 404, "dance"},
		{"decline without offer", "POST", "/api/board/game/" + cr.ID + "/draw/no", cr.White.Token, nil, 400, "offer"},
		{"claim without repetition", "POST", "/api/board/game/" + cr.ID + "/claim-draw", cr.Black.Token, nil, 400, "claim"},
		{"claim victory over a present player", "POST", "/api/board/game/" + cr.ID + "/claim-victory", cr.White.Token, nil, 400, "opponent"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out := h.do(tc.method, tc.path, tc.token, tc.body)
			if code != tc.code || !strings.Contains(string(out), tc.reasonHasWord) || !strings.Contains(string(out), `"error"`) {
				t.Fatalf("%d %s; want %d with %q", code, out, tc.code, tc.reasonHasWord)
			}
		})
	}
	if gv := h.game(cr.ID); *gv.Version != 0 || *gv.Moves != "" {
		t.Fatalf("refusals changed the game: %+v", gv)
	}
	code, out := h.do("GET", "/api/games/"+cr.ID, "", nil)
	if code != 200 || strings.Contains(string(out), cr.White.Token) || strings.Contains(string(out), cr.Black.Token) {
		t.Fatalf("GET shows a token or fails: %d %s", code, out)
	}
}

// TestRateLimit: an address over its rate gets 429.
func TestRateLimit(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.Rate, c.Burst = 1, 3 })
	codes := map[int]int{}
	for range 10 {
		code, _ := h.do("GET", "/api/games/AAAAAAAA", "", nil)
		codes[code]++
	}
	if codes[http.StatusTooManyRequests] == 0 || codes[http.StatusNotFound] != 3 {
		t.Fatalf("codes %v", codes)
	}
}

// TestGamesPerAddress caps the live games an address creates.
func TestGamesPerAddress(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.MaxGamesPerAddr = 2 })
	h.create(map[string]any{"variant": "chess"})
	cr := h.create(map[string]any{"variant": "chess"})
	if code, _ := h.do("POST", "/api/games", "", map[string]any{"variant": "chess"}); code != http.StatusTooManyRequests {
		t.Fatalf("third game: %d", code)
	}
	h.do("POST", "/api/board/game/"+cr.ID+"/abort", cr.White.Token, nil)
	h.create(map[string]any{"variant": "chess"}) // a finished game frees its place
}

// TestDrawsAndEndings: offers, declines, acceptance, claims, abort,
// resignation, and the victory claimed over an absent player.
func TestDrawsAndEndings(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.Abandon = 100 * time.Millisecond })
	req := func(cr createResponse, tok, what string, want int) {
		t.Helper()
		if code, out := h.do("POST", "/api/board/game/"+cr.ID+"/"+what, tok, nil); code != want {
			t.Fatalf("%s: %d %s", what, code, out)
		}
	}
	t.Run("offer, decline, offer, accept", func(t *testing.T) {
		cr := h.create(map[string]any{"variant": "chess"})
		h.move(cr.ID, cr.White.Token, "e2e4")
		req(cr, cr.White.Token, "draw/yes", 400) // not White's turn
		req(cr, cr.Black.Token, "draw/yes", 200)
		if gv := h.game(cr.ID); gv.Status != statusStarted {
			t.Fatal(gv.Status)
		}
		req(cr, cr.White.Token, "draw/no", 200)
		req(cr, cr.Black.Token, "draw/yes", 200)
		req(cr, cr.White.Token, "draw/yes", 200)
		if gv := h.game(cr.ID); gv.Status != statusDraw || gv.Winner != "" {
			t.Fatalf("%s %q", gv.Status, gv.Winner)
		}
	})
	t.Run("threefold repetition claim", func(t *testing.T) {
		cr := h.create(map[string]any{"variant": "chess"})
		for range 2 {
			for i, m := range []string{"g1f3", "g8f6", "f3g1", "f6g8"} {
				h.move(cr.ID, cr.token(colorOfSeat(i%2)), m)
			}
		}
		req(cr, cr.White.Token, "claim-draw", 200)
		if gv := h.game(cr.ID); gv.Status != "repetition" {
			t.Fatal(gv.Status)
		}
	})
	t.Run("abort, then too late", func(t *testing.T) {
		cr := h.create(map[string]any{"variant": "chess"})
		h.move(cr.ID, cr.White.Token, "e2e4")
		h.move(cr.ID, cr.Black.Token, "e7e5")
		req(cr, cr.White.Token, "abort", 400)
		cr = h.create(map[string]any{"variant": "chess"})
		h.move(cr.ID, cr.White.Token, "e2e4")
		req(cr, cr.Black.Token, "abort", 200)
		if gv := h.game(cr.ID); gv.Status != statusAborted {
			t.Fatal(gv.Status)
		}
		req(cr, cr.White.Token, "resign", 400) // over
	})
	t.Run("victory over an absent player", func(t *testing.T) {
		cr := h.create(map[string]any{"variant": "chess"})
		h.move(cr.ID, cr.White.Token, "e2e4")
		time.Sleep(150 * time.Millisecond)
		lines, stop := h.stream("/api/board/game/stream/"+cr.ID, cr.Black.Token) // Black is back
		next(t, lines, 5*time.Second)
		req(cr, cr.White.Token, "claim-victory", 400)
		stop()
		deadline := time.Now().Add(5 * time.Second)
		for {
			code, _ := h.do("POST", "/api/board/game/"+cr.ID+"/claim-victory", cr.White.Token, nil)
			if code == 200 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("claim refused")
			}
			time.Sleep(50 * time.Millisecond)
		}
		if gv := h.game(cr.ID); gv.Status != statusTimeout || gv.Winner != "white" {
			t.Fatalf("%s %q", gv.Status, gv.Winner)
		}
	})
}

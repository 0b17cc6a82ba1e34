package server

import (
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// clientPos returns GET /api/games/{id}/position with query q.
func (h *harness) clientPos(id, q string) clientPosition {
	h.t.Helper()
	code, out := h.do("GET", "/api/games/"+id+"/position"+q, "", nil)
	if code != http.StatusOK {
		h.t.Fatalf("position %s%s: %d %s", id, q, code, out)
	}
	var cp clientPosition
	if err := json.Unmarshal(out, &cp); err != nil {
		h.t.Fatal(err)
	}
	return cp
}

// playAll plays actions, each by the seat whose turn the server says it is.
func (h *harness) playAll(cr createResponse, actions ...string) {
	h.t.Helper()
	for _, a := range actions {
		tok := cr.White.Token
		if h.clientPos(cr.ID, "").Turn == "black" {
			tok = cr.Black.Token
		}
		h.move(cr.ID, tok, a)
	}
}

func findAction(cp clientPosition, text string) (clientAction, bool) {
	for _, a := range cp.Legal {
		if a.Action == text {
			return a, true
		}
	}
	return clientAction{}, false
}

func pieceAt(cp clientPosition, sq string) string {
	for _, p := range cp.Pieces {
		if p.Square == sq {
			return p.Piece
		}
	}
	return ""
}

func TestClientVariants(t *testing.T) {
	h := newHarness(t, nil)
	vs := h.variants() // goals_test.go
	byName := map[string]variantInfo{}
	for _, v := range vs {
		byName[v.Name] = v
	}
	pieceNames := func(v variantInfo) []string {
		var out []string
		for _, p := range v.Pieces {
			out = append(out, p.Letter+"="+p.Name)
		}
		return out
	}
	tests := []struct {
		name          string
		w, h          int
		family        string
		bans          bool
		starts        []string
		pieces        []string // some of its legend
		squares       int
		firstSquare   darkSquare
		startFENstart string
	}{
		{name: "chess", w: 8, h: 8, family: "PGN", pieces: []string{"K=king", "P=pawn", "N=knight"}, startFENstart: "rnbqkbnr/"},
		{name: "chess960", w: 8, h: 8, family: "PGN", starts: []string{"chess960"}},
		{name: "banchess", w: 8, h: 8, family: "PGN", bans: true, pieces: []string{"K=king", "Q=queen"}},
		{name: "shatranj", w: 8, h: 8, family: "PGN", starts: []string{"setup", "tabiya"},
			pieces: []string{"K=shah", "F=ferz", "A=alfil", "N=faras", "R=rukh", "P=baidaq"}},
		{name: "draughts", w: 8, h: 8, family: "PDN", starts: []string{"ballot"}, pieces: []string{"W=man", "WK=king"},
			squares: 32, firstSquare: darkSquare{N: 1, File: 1, Rank: 7}, startFENstart: "B:W21"},
		{name: "gardner", w: 5, h: 5, family: "PGN"},
		{name: "capablanca", w: 10, h: 8, family: "PGN", pieces: []string{"A=archbishop", "C=chancellor"}},
		{name: "shako", w: 10, h: 10, family: "PGN", pieces: []string{"C=cannon", "E=fersAlfil"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, ok := byName[tt.name]
			if !ok {
				t.Fatalf("%s missing from %d games", tt.name, len(vs))
			}
			if v.Width != tt.w || v.Height != tt.h || v.Family != tt.family || v.Bans != tt.bans {
				t.Errorf("got %dx%d %s bans=%v, want %dx%d %s bans=%v", v.Width, v.Height, v.Family, v.Bans,
					tt.w, tt.h, tt.family, tt.bans)
			}
			var starts []string
			for _, s := range v.Starts {
				starts = append(starts, s.Name)
			}
			if !slices.Equal(starts, tt.starts) {
				t.Errorf("starts %v, want %v", starts, tt.starts)
			}
			names := pieceNames(v)
			for _, p := range tt.pieces {
				if !slices.Contains(names, p) {
					t.Errorf("legend %v lacks %s", names, p)
				}
			}
			if len(v.Squares) != tt.squares {
				t.Errorf("%d numbered squares, want %d", len(v.Squares), tt.squares)
			}
			if tt.squares > 0 && v.Squares[0] != tt.firstSquare {
				t.Errorf("square 1 is %+v, want %+v", v.Squares[0], tt.firstSquare)
			}
			if !strings.HasPrefix(v.FEN, tt.startFENstart) {
				t.Errorf("start FEN %q, want it to start with %q", v.FEN, tt.startFENstart)
			}
		})
	}
	if byName["chess960"].Starts[0].Count != 960 {
		t.Errorf("chess960 start set: %+v", byName["chess960"].Starts[0])
	}
}

func TestClientPosition(t *testing.T) {
	h := newHarness(t, nil)
	tests := []struct {
		name    string
		create  map[string]any
		actions []string
		query   string
		check   func(t *testing.T, cp clientPosition)
	}{
		{name: "chess start", create: map[string]any{"variant": "chess"}, check: func(t *testing.T, cp clientPosition) {
			if len(cp.Pieces) != 32 || len(cp.Legal) != 20 || cp.Turn != "white" || cp.Phase != "move" {
				t.Errorf("%d pieces, %d legal, %s to %s", len(cp.Pieces), len(cp.Legal), cp.Turn, cp.Phase)
			}
			a, ok := findAction(cp, "e2e4")
			if !ok || a.From != "e2" || a.To != "e4" || a.SAN != "e4" || a.Promotion != "" || a.Ban {
				t.Errorf("e2e4: %+v %v", a, ok)
			}
			if pieceAt(cp, "e1") != "K" || pieceAt(cp, "g8") != "n" || len(cp.Last) != 0 || cp.Check != "" {
				t.Errorf("e1 %q g8 %q last %v check %q", pieceAt(cp, "e1"), pieceAt(cp, "g8"), cp.Last, cp.Check)
			}
			if !cp.CanAbort || cp.CanClaimDraw || cp.Over || !cp.Seated {
				t.Errorf("abort %v claim %v over %v seated %v", cp.CanAbort, cp.CanClaimDraw, cp.Over, cp.Seated)
			}
		}},
		{name: "moves in SAN", create: map[string]any{"variant": "chess", "clock": map[string]any{"limit": 60, "increment": 1}},
			actions: []string{"e2e4", "e7e5", "g1f3"}, check: func(t *testing.T, cp clientPosition) {
				var sans []string
				for _, m := range cp.Moves {
					sans = append(sans, m.Color+":"+m.SAN)
				}
				if want := []string{"white:e4", "black:e5", "white:Nf3"}; !slices.Equal(sans, want) {
					t.Errorf("moves %v, want %v", sans, want)
				}
				if !slices.Equal(cp.Last, []string{"g1", "f3"}) || cp.Plies != 3 || cp.Ply != 3 || cp.Version < 3 {
					t.Errorf("last %v plies %d ply %d version %d", cp.Last, cp.Plies, cp.Ply, cp.Version)
				}
				if cp.WTime == nil || cp.BTime == nil || cp.Running != "black" || cp.Clock == nil || cp.Clock.Initial != 60000 {
					t.Errorf("clocks %v %v running %q clock %+v", cp.WTime, cp.BTime, cp.Running, cp.Clock)
				}
				if cp.CanAbort {
					t.Error("abort offered after both sides moved")
				}
			}},
		{name: "earlier ply", create: map[string]any{"variant": "chess"}, actions: []string{"e2e4", "e7e5"}, query: "?ply=1",
			check: func(t *testing.T, cp clientPosition) {
				if pieceAt(cp, "e4") != "P" || pieceAt(cp, "e7") != "p" || pieceAt(cp, "e5") != "" {
					t.Errorf("e4 %q e7 %q e5 %q", pieceAt(cp, "e4"), pieceAt(cp, "e7"), pieceAt(cp, "e5"))
				}
				if len(cp.Legal) != 0 || cp.Ply != 1 || cp.Plies != 2 || len(cp.Moves) != 2 || cp.Turn != "black" {
					t.Errorf("legal %d ply %d/%d moves %d turn %s", len(cp.Legal), cp.Ply, cp.Plies, len(cp.Moves), cp.Turn)
				}
				if !slices.Equal(cp.Last, []string{"e2", "e4"}) {
					t.Errorf("last %v", cp.Last)
				}
			}},
		{name: "check", create: map[string]any{"variant": "chess", "fen": "4k3/8/8/8/8/8/8/4K2R w K - 0 1"},
			actions: []string{"h1h8"}, check: func(t *testing.T, cp clientPosition) {
				if cp.Check != "e8" {
					t.Errorf("check on %q, want e8", cp.Check)
				}
			}},
		{name: "walls", create: map[string]any{"variant": "duck", "fen": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP*PPP/RNBQKBNR b KQkq - 0 1"},
			actions: []string{"e7e5,e5d4"}, check: func(t *testing.T, cp clientPosition) {
				// The duck left e2 for d4: f2's pawn is read after the old
				// wall's square, and the new wall is no piece.
				if !slices.Equal(cp.Walls, []string{"d4"}) || pieceAt(cp, "f2") != "P" || pieceAt(cp, "e2") != "" || pieceAt(cp, "d4") != "" || len(cp.Pieces) != 32 {
					t.Errorf("walls %v, f2 %q, e2 %q, d4 %q, %d pieces", cp.Walls, pieceAt(cp, "f2"), pieceAt(cp, "e2"), pieceAt(cp, "d4"), len(cp.Pieces))
				}
				a, ok := findAction(cp, "g1f3,f3e2")
				if !ok || a.From != "g1" || a.To != "f3" || a.Wall != "e2" || a.Promotion != "" {
					t.Errorf("g1f3,f3e2: %+v %v", a, ok)
				}
			}},
		{name: "promotion", create: map[string]any{"variant": "chess", "fen": "8/P6k/8/8/8/8/8/K7 w - - 0 1"},
			check: func(t *testing.T, cp clientPosition) {
				var promos []string
				for _, a := range cp.Legal {
					if a.From == "a7" && a.To == "a8" {
						promos = append(promos, a.Promotion+"="+a.SAN)
					}
				}
				slices.Sort(promos)
				if want := []string{"b=a8=B", "n=a8=N", "q=a8=Q", "r=a8=R"}; !slices.Equal(promos, want) {
					t.Errorf("promotions %v, want %v", promos, want)
				}
			}},
		{name: "checkmate", create: map[string]any{"variant": "chess"}, actions: []string{"f2f3", "e7e5", "g2g4", "d8h4"},
			check: func(t *testing.T, cp clientPosition) {
				if !cp.Over || cp.Status != "mate" || cp.Winner != "black" || cp.Check != "e1" || len(cp.Legal) != 0 {
					t.Errorf("over %v %s %s check %q legal %d", cp.Over, cp.Status, cp.Winner, cp.Check, len(cp.Legal))
				}
				if cp.Moves[3].SAN != "Qh4#" {
					t.Errorf("last SAN %q", cp.Moves[3].SAN)
				}
			}},
		{name: "ban phase", create: map[string]any{"variant": "banchess"}, check: func(t *testing.T, cp clientPosition) {
			if cp.Phase != "ban" || cp.Turn != "black" || len(cp.Legal) != 20 {
				t.Errorf("phase %s turn %s legal %d", cp.Phase, cp.Turn, len(cp.Legal))
			}
			a, ok := findAction(cp, "b:e2e4")
			if !ok || !a.Ban || a.From != "e2" || a.To != "e4" || a.SAN != "e4" {
				t.Errorf("b:e2e4: %+v %v", a, ok)
			}
		}},
		{name: "ban in force", create: map[string]any{"variant": "banchess"}, actions: []string{"b:e2e4"},
			check: func(t *testing.T, cp clientPosition) {
				if cp.Phase != "move" || cp.Turn != "white" || cp.Ban == nil || *cp.Ban != (clientBan{"e2", "e4", "e4"}) {
					t.Errorf("phase %s turn %s ban %+v", cp.Phase, cp.Turn, cp.Ban)
				}
				if _, ok := findAction(cp, "e2e4"); ok || len(cp.Legal) != 19 {
					t.Errorf("the banned move is offered, or %d legal", len(cp.Legal))
				}
				if len(cp.Moves) != 1 || !cp.Moves[0].Ban || cp.Moves[0].SAN != "⊘e4" || cp.Moves[0].Text != "b:e2e4" ||
					cp.Moves[0].Color != "black" {
					t.Errorf("moves %+v", cp.Moves)
				}
				if len(cp.Last) != 0 {
					t.Errorf("a ban marked the last move: %v", cp.Last)
				}
			}},
		{name: "ban then move", create: map[string]any{"variant": "banchess"}, actions: []string{"b:e2e4", "d2d4", "b:d7d5"},
			check: func(t *testing.T, cp clientPosition) {
				if !slices.Equal(cp.Last, []string{"d2", "d4"}) || cp.Phase != "move" || cp.Turn != "black" {
					t.Errorf("last %v phase %s turn %s", cp.Last, cp.Phase, cp.Turn)
				}
				if cp.Moves[1].SAN != "d4" || cp.Moves[2].SAN != "⊘d5" {
					t.Errorf("moves %+v", cp.Moves)
				}
			}},
		{name: "draughts start", create: map[string]any{"variant": "draughts"}, check: func(t *testing.T, cp clientPosition) {
			if len(cp.Pieces) != 24 || pieceAt(cp, "1") != "B" || pieceAt(cp, "32") != "W" || cp.Turn != "black" {
				t.Errorf("%d pieces, 1 %q, 32 %q, turn %s", len(cp.Pieces), pieceAt(cp, "1"), pieceAt(cp, "32"), cp.Turn)
			}
			a, ok := findAction(cp, "9-13")
			if !ok || a.From != "9" || a.To != "13" || !slices.Equal(a.Path, []string{"13"}) || a.SAN != "9-13" {
				t.Errorf("9-13: %+v %v", a, ok)
			}
		}},
		{name: "draughts double jump", create: map[string]any{"variant": "draughts", "fen": "B:W6,15,30:B1"},
			check: func(t *testing.T, cp clientPosition) {
				if len(cp.Legal) != 1 {
					t.Fatalf("legal %+v", cp.Legal)
				}
				a := cp.Legal[0]
				if a.Action != "1x10x19" || a.From != "1" || a.To != "19" || !slices.Equal(a.Path, []string{"10", "19"}) {
					t.Errorf("jump %+v", a)
				}
			}},
		{name: "draughts king", create: map[string]any{"variant": "draughts", "fen": "W:WK14,30:B1"},
			check: func(t *testing.T, cp clientPosition) {
				if pieceAt(cp, "14") != "WK" || pieceAt(cp, "1") != "B" || cp.Turn != "white" {
					t.Errorf("14 %q 1 %q turn %s", pieceAt(cp, "14"), pieceAt(cp, "1"), cp.Turn)
				}
			}},
		{name: "10x10 board", create: map[string]any{"variant": "shako"}, check: func(t *testing.T, cp clientPosition) {
			if pieceAt(cp, "a10") != "c" || pieceAt(cp, "j1") != "C" || pieceAt(cp, "f2") != "K" {
				t.Errorf("a10 %q j1 %q f2 %q", pieceAt(cp, "a10"), pieceAt(cp, "j1"), pieceAt(cp, "f2"))
			}
			if a, ok := findAction(cp, "a3a5"); !ok || a.From != "a3" || a.To != "a5" {
				t.Errorf("a3a5: %+v %v", a, ok)
			}
		}},
		{name: "shatranj letters", create: map[string]any{"variant": "shatranj"}, check: func(t *testing.T, cp clientPosition) {
			if pieceAt(cp, "c1") != "A" || pieceAt(cp, "d1") != "K" || pieceAt(cp, "e8") != "f" {
				t.Errorf("c1 %q d1 %q e8 %q", pieceAt(cp, "c1"), pieceAt(cp, "d1"), pieceAt(cp, "e8"))
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cr := h.create(tt.create)
			h.playAll(cr, tt.actions...)
			tt.check(t, h.clientPos(cr.ID, tt.query))
		})
	}
}

func TestClientPositionErrors(t *testing.T) {
	h := newHarness(t, nil)
	cr := h.create(map[string]any{"variant": "chess"})
	h.playAll(cr, "e2e4")
	tests := []struct {
		path string
		code int
	}{
		{"/api/games/" + cr.ID + "/position?ply=2", http.StatusBadRequest},
		{"/api/games/" + cr.ID + "/position?ply=-1", http.StatusBadRequest},
		{"/api/games/" + cr.ID + "/position?ply=x", http.StatusBadRequest},
		{"/api/games/" + cr.ID + "/position?ply=0", http.StatusOK},
		{"/api/games/Zzzzzzzz/position", http.StatusNotFound},
		{"/api/games/bad/position", http.StatusNotFound},
	}
	for _, tt := range tests {
		if code, out := h.do("GET", tt.path, "", nil); code != tt.code {
			t.Errorf("GET %s: %d %s, want %d", tt.path, code, out, tt.code)
		}
	}
}

// A finished game is answered from the store, after a restart too.
func TestClientPositionFinished(t *testing.T) {
	h := newHarness(t, nil)
	cr := h.create(map[string]any{"variant": "chess"})
	h.playAll(cr, "e2e4")
	if code, out := h.do("POST", "/api/board/game/"+cr.ID+"/resign", cr.Black.Token, nil); code != http.StatusOK {
		t.Fatalf("resign: %d %s", code, out)
	}
	h.restart()
	cp := h.clientPos(cr.ID, "")
	if !cp.Over || cp.Status != "resign" || cp.Winner != "white" || len(cp.Legal) != 0 || len(cp.Moves) != 1 {
		t.Errorf("over %v %s %s legal %d moves %d", cp.Over, cp.Status, cp.Winner, len(cp.Legal), len(cp.Moves))
	}
}

func TestClientLive(t *testing.T) {
	h := newHarness(t, nil)
	game := h.create(map[string]any{"variant": "chess"})
	code, out := h.do("POST", "/api/seeks", "", map[string]any{"variant": "chess", "color": "white"})
	if code != http.StatusCreated {
		t.Fatalf("seek: %d %s", code, out)
	}
	var seek seekResponse
	_ = json.Unmarshal(out, &seek)
	code, out = h.do("GET", "/api/live", "", nil)
	if code != http.StatusOK {
		t.Fatalf("GET /api/live: %d %s", code, out)
	}
	var live []gameView
	if err := json.Unmarshal(out, &live); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, g := range live {
		ids = append(ids, g.ID)
	}
	if !slices.Contains(ids, game.ID) || slices.Contains(ids, seek.ID) {
		t.Errorf("live %v: want %s and not the seek %s", ids, game.ID, seek.ID)
	}
}

// The client's pages and assets are served from the binary with their
// content types; the API's unknown paths stay JSON 404s.
func TestClientPages(t *testing.T) {
	h := newHarness(t, nil)
	tests := []struct {
		path, ctype, contains string
		code                  int
		lacks                 string // nor a listing of the assets
	}{
		{"/", "text/html; charset=utf-8", `src="/static/lobby.js"`, 200, ""},
		{"/game/Ab3dE9xZ", "text/html; charset=utf-8", `src="/static/game.js"`, 200, ""},
		{"/game/x", "text/html; charset=utf-8", `data-status`, 200, ""},
		{"/static/board.js", "text/javascript; charset=utf-8", "export class Board", 200, ""},
		{"/static/style.css", "text/css; charset=utf-8", ".board", 200, ""},
		{"/static/favicon.svg", "image/svg+xml", "<svg", 200, ""},
		{"/static/nothing.js", "", "", 404, ""},
		{"/static/", "", "", 404, "lobby.js"},
		{"/static", "", "", 404, "lobby.js"},
		{"/static/./", "", "", 404, "lobby.js"},
		{"/api/nothing", "application/json", `"error"`, 404, ""},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			resp, err := h.http.Get(h.hs.URL + tt.path)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var body strings.Builder
			_, _ = io.Copy(&body, resp.Body)
			if resp.StatusCode != tt.code {
				t.Fatalf("status %d, want %d", resp.StatusCode, tt.code)
			}
			if tt.ctype != "" && resp.Header.Get("Content-Type") != tt.ctype {
				t.Errorf("Content-Type %q, want %q", resp.Header.Get("Content-Type"), tt.ctype)
			}
			if tt.contains != "" && !strings.Contains(body.String(), tt.contains) {
				t.Errorf("body lacks %q", tt.contains)
			}
			if tt.lacks != "" && strings.Contains(body.String(), tt.lacks) {
				t.Errorf("body has %q:\n%s", tt.lacks, body.String())
			}
		})
	}
}

// The position tells each seat when it may claim victory: never while
// its opponent is connected, and once the opponent has gone, in how many
// milliseconds (Abandon after it left), 0 when the claim succeeds.
func TestClientClaimVictory(t *testing.T) {
	const abandon = time.Second
	h := newHarness(t, func(c *Config) { c.Abandon = abandon })
	cr := h.create(map[string]any{"variant": "chess"})
	h.move(cr.ID, cr.White.Token, "e2e4")
	claimIn := func() map[string]any {
		t.Helper()
		code, out := h.do("GET", "/api/games/"+cr.ID+"/position", "", nil)
		var m struct {
			ClaimVictoryIn map[string]any `json:"claimVictoryIn"`
		}
		if code != http.StatusOK || json.Unmarshal(out, &m) != nil {
			t.Fatalf("position: %d %s", code, out)
		}
		return m.ClaimVictoryIn
	}
	white := h.dialWS(cr.ID, cr.White.Token, 0)
	white.until("full")
	black := h.dialWS(cr.ID, cr.Black.Token, 0)
	black.until("full")
	if got := claimIn(); got == nil || got["white"] != nil || got["black"] != nil {
		t.Fatalf("both connected: claimVictoryIn %v, want white and black null", got)
	}
	black.c.Close(websocket.StatusNormalClosure, "gone")
	left := time.Now()
	var in float64
	for {
		got := claimIn()
		if v, ok := got["white"].(float64); ok {
			in = v
			if got["black"] != nil {
				t.Errorf("White is connected, yet black may claim in %v", got["black"])
			}
			break
		}
		if time.Since(left) > 5*time.Second {
			t.Fatalf("black gone: claimVictoryIn %v, want a time for white", got)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if in <= 0 || in > float64(abandon.Milliseconds()) {
		t.Fatalf("white may claim in %v ms, want in (0, %d]", in, abandon.Milliseconds())
	}
	if code, out := h.do("POST", "/api/board/game/"+cr.ID+"/claim-victory", cr.White.Token, nil); code != http.StatusBadRequest {
		t.Fatalf("a claim before the time said: %d %s", code, out)
	}
	time.Sleep(time.Duration(in) * time.Millisecond)
	if got := claimIn(); got["white"] != 0.0 {
		t.Fatalf("after %v ms: claimVictoryIn %v, want white 0", in, got)
	}
	if code, out := h.do("POST", "/api/board/game/"+cr.ID+"/claim-victory", cr.White.Token, nil); code != http.StatusOK {
		t.Fatalf("the claim when the position allows it: %d %s", code, out)
	}
	if got := claimIn(); got["white"] != nil || got["black"] != nil {
		t.Errorf("game over: claimVictoryIn %v, want nulls", got)
	}
}

package server

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"
)

// TestClientGoals: GET /api/variants gives the flag family's regions, by
// side, with the piece that must reach them; other games have none.
func TestClientGoals(t *testing.T) {
	h := newHarness(t, nil)
	goals := map[string]*goalInfo{}
	for _, v := range h.variants() {
		goals[v.Name] = v.Goal
	}
	rank := func(r string) []string {
		var out []string
		for f := 'a'; f <= 'h'; f++ {
			out = append(out, string(f)+r)
		}
		return out
	}
	hill := []string{"d4", "e4", "d5", "e5"}
	want := map[string]goalInfo{
		"kingofthehill": {White: goalSide{hill, "king", 1}, Black: goalSide{hill, "king", 1}},
		"racingkings":   {White: goalSide{rank("8"), "king", 1}, Black: goalSide{rank("8"), "king", 1}},
		"breakthrough":  {White: goalSide{rank("8"), "breakthrough", 1}, Black: goalSide{rank("1"), "breakthrough", 1}},
	}
	for name, w := range want {
		g := goals[name]
		if g == nil {
			t.Errorf("%s: no goal", name)
			continue
		}
		for i, side := range []goalSide{g.White, g.Black} {
			ws := []goalSide{w.White, w.Black}[i]
			slices.Sort(side.Squares)
			slices.Sort(ws.Squares)
			if !slices.Equal(side.Squares, ws.Squares) || side.Piece != ws.Piece || side.Count != ws.Count {
				t.Errorf("%s: goal of side %d %+v, want %+v", name, i, side, ws)
			}
		}
	}
	for _, name := range []string{"chess", "3check", "antichess", "draughts"} {
		if g, ok := goals[name]; !ok || g != nil {
			t.Errorf("%s: goal %+v (listed %v), want none", name, g, ok)
		}
	}
}

// TestClientChecks: a three-check position counts each side's checks
// given, from the start FEN's counter too, and the last check ends the
// game in its own words.
func TestClientChecks(t *testing.T) {
	h := newHarness(t, nil)
	cr := h.create(map[string]any{"variant": "3check", "fen": "4k3/8/8/8/8/8/8/4K2R w K - 3+2 0 1"})
	cp := h.clientPos(cr.ID, "")
	if cp.Checks == nil || *cp.Checks != (checksInfo{White: checkCount{0, 3}, Black: checkCount{1, 3}}) {
		t.Fatalf("start: checks %+v, want white 0 of 3, black 1 of 3", cp.Checks)
	}
	h.playAll(cr, "h1h8")
	cp = h.clientPos(cr.ID, "")
	if cp.Checks == nil || cp.Checks.White.Given != 1 || cp.Checks.Black.Given != 1 || cp.Check != "e8" {
		t.Errorf("after Rh8+: checks %+v check %q, want white 1, black 1, check e8", cp.Checks, cp.Check)
	}
	if before := h.clientPos(cr.ID, "?ply=0"); before.Checks == nil || before.Checks.White.Given != 0 {
		t.Errorf("ply 0: checks %+v, want white 0", before.Checks)
	}

	win := h.create(map[string]any{"variant": "3check", "fen": "4k3/8/8/8/8/8/8/4K2R w K - 1+3 0 1"})
	h.playAll(win, "h1h8")
	cp = h.clientPos(win.ID, "")
	if !cp.Over || cp.Winner != "white" || cp.Result != "white wins by giving all its checks" || cp.Checks.White.Given != 3 {
		t.Errorf("the third check: over %v winner %q result %q checks %+v", cp.Over, cp.Winner, cp.Result, cp.Checks)
	}

	chess := h.create(map[string]any{"variant": "chess"})
	if cp := h.clientPos(chess.ID, ""); cp.Checks != nil || cp.Result != "" {
		t.Errorf("chess: checks %+v result %q, want none", cp.Checks, cp.Result)
	}
}

// TestClientResultWords: a finished game's result is said in the game's
// own words, also after a restart (the game replayed from the store);
// an end that is not the rules' (a victory claimed over an absent
// player) has none.
func TestClientResultWords(t *testing.T) {
	h := newHarness(t, nil)
	tests := []struct {
		variant, fen string
		actions      []string
		want         string
	}{
		{"kingofthehill", "4k3/8/8/8/8/4K3/8/8 w - - 0 1", []string{"e3e4"}, "white wins by reaching the goal"},
		{"antichess", "8/8/8/8/8/8/p7/R7 w - - 0 1", []string{"a1a2"}, "black wins by extinction"},
		{"antichess", "8/8/8/8/p7/8/P7/8 w - - 0 1", []string{"a2a3"}, "black wins: black has no moves left"},
		{"chess", "", []string{"f2f3", "e7e5", "g2g4", "d8h4"}, "black wins by checkmate"},
	}
	var ids []string
	for _, tc := range tests {
		cr := h.playFrom(tc.variant, tc.fen, tc.actions...)
		ids = append(ids, cr.ID)
		if cp := h.clientPos(cr.ID, ""); !cp.Over || cp.Result != tc.want {
			t.Errorf("%s: over %v status %s result %q, want %q", tc.variant, cp.Over, cp.Status, cp.Result, tc.want)
		}
	}
	h.restart()
	for i, id := range ids {
		if cp := h.clientPos(id, ""); cp.Result != tests[i].want {
			t.Errorf("%s after a restart: result %q, want %q", tests[i].variant, cp.Result, tests[i].want)
		}
	}
	resigned := h.create(map[string]any{"variant": "chess"})
	h.playAll(resigned, "e2e4")
	if code, out := h.do("POST", "/api/board/game/"+resigned.ID+"/resign", resigned.Black.Token, nil); code != http.StatusOK {
		t.Fatalf("resign: %d %s", code, out)
	}
	if cp := h.clientPos(resigned.ID, ""); cp.Result != "white wins by resignation" {
		t.Errorf("resignation: result %q", cp.Result)
	}
}

// TestClientRemoved: the squares whose pieces the last move took off: a
// plain capture's destination, an en passant capture's passed pawn,
// draughts' jumped men; none for a quiet move or castling (the rook
// moves, it is not taken).
func TestClientRemoved(t *testing.T) {
	h := newHarness(t, nil)
	tests := []struct {
		name, variant, fen string
		actions            []string
		want               []string
	}{
		{"quiet", "chess", "", []string{"e2e4"}, []string{}},
		{"capture", "chess", "", []string{"e2e4", "d7d5", "e4d5"}, []string{"d5"}},
		{"en passant", "chess", "", []string{"e2e4", "a7a6", "e4e5", "d7d5", "e5d6"}, []string{"d5"}},
		{"castling", "chess", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", []string{"e1g1"}, []string{}},
		{"draughts", "draughts", "B:W19,24:B15,2", []string{"2-7", "19x10x3"}, []string{"7", "15"}},
		{"antichess", "antichess", "8/8/8/8/8/8/p7/R7 w - - 0 1", []string{"a1a2"}, []string{"a2"}},
	}
	for _, tc := range tests {
		cr := h.playFrom(tc.variant, tc.fen, tc.actions...)
		if cp := h.clientPos(cr.ID, ""); !slices.Equal(cp.Removed, tc.want) {
			t.Errorf("%s: removed %q, want %q", tc.name, cp.Removed, tc.want)
		}
	}
	// An earlier ply shows its own move's.
	cr := h.create(map[string]any{"variant": "chess"})
	h.playAll(cr, "e2e4", "d7d5", "e4d5", "d8d5")
	if cp := h.clientPos(cr.ID, "?ply=3"); !slices.Equal(cp.Removed, []string{"d5"}) {
		t.Errorf("ply 3: removed %q, want [d5]", cp.Removed)
	}
	if cp := h.clientPos(cr.ID, "?ply=0"); cp.Removed == nil || len(cp.Removed) != 0 {
		t.Errorf("ply 0: removed %q, want []", cp.Removed)
	}
}

// variants returns GET /api/variants.
func (h *harness) variants() []variantInfo {
	h.t.Helper()
	code, out := h.do("GET", "/api/variants", "", nil)
	if code != http.StatusOK {
		h.t.Fatalf("GET /api/variants: %d %s", code, out)
	}
	var vs []variantInfo
	if err := json.Unmarshal(out, &vs); err != nil {
		h.t.Fatal(err)
	}
	return vs
}

// playFrom creates a game of variantName from fen ("": its start) and
// plays actions.
func (h *harness) playFrom(variantName, fen string, actions ...string) createResponse {
	h.t.Helper()
	body := map[string]any{"variant": variantName}
	if fen != "" {
		body["fen"] = fen
	}
	cr := h.create(body)
	h.playAll(cr, actions...)
	return cr
}

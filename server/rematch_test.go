package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestRematch: over real sockets, a finished game's players offer,
// decline, offer again and accept a rematch; the stream (a player's and
// a spectator's) shows each change and names the new game, which has the
// same variant, start and clock with the colours swapped, and in which
// each player's token (the offerer's from its offer, the acceptor's from
// its acceptance) holds its new seat. Requests that cannot succeed are
// refused with a reason and change nothing.
func TestRematch(t *testing.T) {
	h := newHarness(t, nil)
	cr := h.create(map[string]any{"variant": "chess960", "chess960": 127, "clock": map[string]any{"limit": 300, "increment": 2},
		"white": map[string]string{"name": "alice"}, "black": map[string]string{"name": "bob"}})
	path := "/api/games/" + cr.ID + "/rematch"
	refused := func(what, p, token string, code int, word string) {
		t.Helper()
		got, out := h.do("POST", p, token, nil)
		if got != code || !strings.Contains(string(out), word) {
			t.Errorf("%s: %d %s, want %d saying %q", what, got, out, code, word)
		}
	}
	refused("a rematch of a live game", path+"/yes", cr.White.Token, http.StatusBadRequest, "not over")
	h.move(cr.ID, cr.White.Token, "d1c3")
	if code, out := h.do("POST", "/api/board/game/"+cr.ID+"/resign", cr.Black.Token, nil); code != http.StatusOK {
		t.Fatalf("resign: %d %s", code, out)
	}

	player, stopPlayer := h.stream(path, cr.Black.Token)
	defer stopPlayer()
	watcher, stopWatcher := h.stream(path, "")
	defer stopWatcher()
	want := func(offer, declined string) {
		t.Helper()
		for _, ch := range []<-chan map[string]any{player, watcher} {
			m := next(t, ch, 5*time.Second)
			if m["type"] != "rematch" || m["offer"] != offer || m["declined"] != declined || m["next"] != nil {
				t.Fatalf("stream: %v, want offer %q declined %q", m, offer, declined)
			}
		}
	}
	want("", "")

	refused("no token", path+"/yes", "", http.StatusUnauthorized, "Bearer")
	refused("another game's token", path+"/yes", h.create(map[string]any{"variant": "chess"}).White.Token,
		http.StatusUnauthorized, "no seat")
	refused("a bad answer", path+"/maybe", cr.White.Token, http.StatusBadRequest, "yes or no")
	refused("a decline with no offer", path+"/no", cr.Black.Token, http.StatusBadRequest, "no rematch offer")
	if code, out := h.do("GET", "/api/games/nosuchgm/rematch", "", nil); code != http.StatusNotFound {
		t.Errorf("the stream of an unknown game: %d %s", code, out)
	}

	offer := func(token, color string) string {
		t.Helper()
		code, out := h.do("POST", path+"/yes", token, nil)
		var ro rematchOffer
		if code != http.StatusOK || json.Unmarshal(out, &ro) != nil || ro.Offer != color || ro.Token == "" {
			t.Fatalf("offer: %d %s, want 200 with %s's offer and a token", code, out, color)
		}
		return ro.Token
	}
	first := offer(cr.White.Token, "white")
	want("white", "")
	if code, out := h.do("POST", path+"/no", cr.Black.Token, nil); code != http.StatusOK {
		t.Fatalf("decline: %d %s", code, out)
	}
	want("", "black")
	offer(cr.White.Token, "white")
	want("white", "")
	again := offer(cr.White.Token, "white") // after a reload: a new token replaces the last
	want("white", "")
	if again == first {
		t.Error("the same token for two offers")
	}

	code, out := h.do("POST", path+"/yes", cr.Black.Token, nil)
	var acc seekResponse
	if code != http.StatusCreated || json.Unmarshal(out, &acc) != nil || acc.Color != "white" || acc.Token == "" ||
		!strings.HasSuffix(acc.URL, "/game/"+acc.ID+"#token="+acc.Token) {
		t.Fatalf("accept: %d %s, want 201 with the white seat of the new game", code, out)
	}
	for _, ch := range []<-chan map[string]any{player, watcher} {
		m := next(t, ch, 5*time.Second)
		if m["next"] != acc.ID || m["offer"] != "" {
			t.Fatalf("stream after the acceptance: %v, want next %s", m, acc.ID)
		}
		select {
		case m, ok := <-ch:
			if ok {
				t.Fatalf("stream goes on after naming the rematch: %v", m)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("stream still open after naming the rematch")
		}
	}
	// A stream opened now says where the rematch is at once, and ends.
	late, stopLate := h.stream(path, "")
	defer stopLate()
	if m := next(t, late, 5*time.Second); m["next"] != acc.ID {
		t.Errorf("a late stream: %v, want next %s", m, acc.ID)
	}
	refused("a second acceptance", path+"/yes", cr.Black.Token, http.StatusConflict, acc.ID)
	refused("an offer after the acceptance", path+"/yes", cr.White.Token, http.StatusConflict, "accepted already")

	old, gv := h.game(cr.ID), h.game(acc.ID)
	if gv.Variant.Key != "chess960" || gv.InitialFEN != old.InitialFEN || gv.Clock == nil || *gv.Clock != *old.Clock ||
		gv.White.Name != "bob" || gv.Black.Name != "alice" || gv.Status != statusCreated {
		t.Errorf("the rematch: %+v, want %s from %s, clock %+v, bob (white) against alice", gv, old.Variant.Key, old.InitialFEN, *old.Clock)
	}
	h.move(acc.ID, acc.Token, "d1c3") // the acceptor, White now
	refused("the replaced offer's token", "/api/board/game/"+acc.ID+"/move/d8c6", first, http.StatusUnauthorized, "no seat")
	refused("the old game's token", "/api/board/game/"+acc.ID+"/move/d8c6", cr.White.Token, http.StatusUnauthorized, "no seat")
	h.move(acc.ID, again, "d8c6") // the offerer, Black now, with its offer's token
}

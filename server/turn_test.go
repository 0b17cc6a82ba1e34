package server

import "testing"

// TestTurn: the seat to act, as the server reports it, follows the rules
// rather than the count of actions: Ban-Chess alternates ban and move
// (Black bans first), draughts from the start has Black move first.
func TestTurn(t *testing.T) {
	for _, tc := range []struct {
		variant string
		actions []string
		turns   []string // before each action, then after the last
	}{
		{"banchess", []string{"b:e2e4", "d2d4", "b:e7e5", "d7d5"}, []string{"black", "white", "white", "black", "black"}},
		{"draughts", []string{"11-15", "23-19"}, []string{"black", "white", "black"}},
		{"chess", []string{"e2e4", "e7e5"}, []string{"white", "black", "white"}},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			h := newHarness(t, nil)
			cr := h.create(map[string]any{"variant": tc.variant})
			tokens := map[string]string{"white": cr.White.Token, "black": cr.Black.Token}
			for i, want := range tc.turns {
				if got := h.game(cr.ID).Turn; got != want {
					t.Fatalf("after %d actions: turn %q, want %q", i, got, want)
				}
				if i < len(tc.actions) {
					h.move(cr.ID, tokens[want], tc.actions[i])
				}
			}
			code, _ := h.do("POST", "/api/board/game/"+cr.ID+"/resign", tokens[tc.turns[len(tc.turns)-1]], nil)
			if code != 200 {
				t.Fatalf("resign: %d", code)
			}
			if got := h.game(cr.ID).Turn; got != "" {
				t.Fatalf("finished game: turn %q, want none", got)
			}
		})
	}
}

package server

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/baten-chess/baten/internal/pgtest"
	"github.com/baten-chess/baten/store"
)

// addAccount stores an account and a token of it with scopes, as
// "baten account add" does, and returns the token.
func (h *harness) addAccount(name string, bot bool, scopes ...string) string {
	h.t.Helper()
	ctx := context.Background()
	if err := h.st.CreateAccount(ctx, store.Account{Username: name, Bot: bot}); err != nil {
		h.t.Fatal(err)
	}
	return h.addToken(name, scopes...)
}

// addToken stores a new token of account name and returns it.
func (h *harness) addToken(name string, scopes ...string) string {
	h.t.Helper()
	tok, err := store.NewToken()
	if err != nil {
		h.t.Fatal(err)
	}
	if err := h.st.CreateToken(context.Background(), store.Token{Hash: store.HashToken(tok), AccountID: name,
		Scopes: scopes, Created: time.Now()}); err != nil {
		h.t.Fatal(err)
	}
	return tok
}

// errorBody checks that out is lichess's error body and returns its
// message.
func errorBody(t *testing.T, out []byte) string {
	t.Helper()
	var e map[string]any
	if err := json.Unmarshal(out, &e); err != nil || len(e) != 1 {
		t.Fatalf("error body %s: want {\"error\": …}", out)
	}
	msg, ok := e["error"].(string)
	if !ok || msg == "" {
		t.Fatalf("error body %s: want {\"error\": …}", out)
	}
	return msg
}

// TestAccounts runs the account endpoints on both stores.
func TestAccounts(t *testing.T) {
	t.Run("SQLite", func(t *testing.T) { testAccounts(t, newHarness(t, nil)) })
	t.Run("PostgreSQL", func(t *testing.T) {
		dbURL := pgtest.CreateDatabase(t, pgtest.Start(t), "accounts")
		testAccounts(t, newPGHarness(t, dbURL, nil))
	})
}

func testAccounts(t *testing.T, h *harness) {
	scopes := []string{"board:play", "bot:play"}
	alice := h.addAccount("Alice", false, scopes...)
	botTok := h.addAccount("robo", true, scopes...)
	noScope := h.addAccount("Carol", false)
	revoked := h.addToken("alice", scopes...)
	if err := h.st.RevokeToken(context.Background(), store.HashToken(revoked)); err != nil {
		t.Fatal(err)
	}
	seat := h.create(map[string]any{"variant": "chess"}).White.Token

	t.Run("TokenTest", func(t *testing.T) {
		h := h.with(t)
		for _, c := range []struct {
			name, body string
			want       map[string]*tokenInfo
		}{
			{"one", alice, map[string]*tokenInfo{alice: {UserID: "alice", Scopes: "board:play,bot:play"}}},
			{"several", " " + alice + ", nope ,," + noScope + "," + alice, map[string]*tokenInfo{
				alice: {UserID: "alice", Scopes: "board:play,bot:play"}, "nope": nil, noScope: {UserID: "carol"}}},
			{"revoked", revoked, map[string]*tokenInfo{revoked: nil}},
			{"seat token", seat, map[string]*tokenInfo{seat: nil}},
			{"too long", strings.Repeat("x", 500), map[string]*tokenInfo{strings.Repeat("x", 500): nil}},
		} {
			code, out := h.do("POST", "/api/token/test", "", c.body)
			if code != http.StatusOK {
				t.Errorf("%s: %d %s", c.name, code, out)
				continue
			}
			var got map[string]*tokenInfo
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatalf("%s: %v: %s", c.name, err, out)
			}
			gs, _ := json.Marshal(got)
			ws, _ := json.Marshal(c.want)
			if string(gs) != string(ws) {
				t.Errorf("%s: got %s, want %s", c.name, gs, ws)
			}
			if !strings.Contains(string(out), `"expires":null`) && c.name == "one" {
				t.Errorf("%s: %s: want expires null", c.name, out)
			}
		}
		for _, c := range []struct {
			name, body string
			code       int
		}{
			{"empty", "", http.StatusBadRequest},
			{"commas", " , ,", http.StatusBadRequest},
			{"too many", manyTokens(maxTestTokens + 1), http.StatusBadRequest},
			{"too large", strings.Repeat("a", int(DefaultMaxBody)+1), http.StatusRequestEntityTooLarge},
		} {
			code, out := h.do("POST", "/api/token/test", "", c.body)
			if code != c.code {
				t.Errorf("%s: %d %s, want %d", c.name, code, out, c.code)
				continue
			}
			errorBody(t, out)
		}
	})

	t.Run("Account", func(t *testing.T) {
		h := h.with(t)
		for _, c := range []struct {
			name, token, want string
		}{
			{"person", alice, `"id":"alice","username":"Alice","createdAt":`},
			{"bot", botTok, `"id":"robo","username":"robo","title":"BOT","createdAt":`},
		} {
			code, out := h.do("GET", "/api/account", c.token, nil)
			if code != http.StatusOK || !strings.Contains(string(out), c.want) {
				t.Errorf("%s: %d %s, want %s", c.name, code, out, c.want)
			}
			var u userJSON
			if err := json.Unmarshal(out, &u); err != nil || time.Since(time.UnixMilli(u.CreatedAt)) > time.Hour {
				t.Errorf("%s: createdAt of %s: %v", c.name, out, err)
			}
		}
	})

	t.Run("Unauthorized", func(t *testing.T) {
		h := h.with(t)
		for _, path := range []string{"GET /api/account", "POST /api/bot/account/upgrade"} {
			method, p, _ := strings.Cut(path, " ")
			for _, c := range []struct{ name, token, msg string }{
				{"missing", "", "missing Authorization: Bearer TOKEN"},
				{"unknown", "lip_nosuchtoken", "No such token"},
				{"revoked", revoked, "No such token"},
				{"seat token", seat, "No such token"},
				{"too long", strings.Repeat("y", 300), "No such token"},
			} {
				code, out := h.do(method, p, c.token, nil)
				if code != http.StatusUnauthorized {
					t.Errorf("%s %s: %d %s, want 401", path, c.name, code, out)
					continue
				}
				if msg := errorBody(t, out); msg != c.msg {
					t.Errorf("%s %s: error %q, want %q", path, c.name, msg, c.msg)
				}
			}
		}
	})

	t.Run("Upgrade", func(t *testing.T) {
		h := h.with(t)
		played := h.addAccount("Dave", false, scopes...)
		h.create(map[string]any{"variant": "chess", "white": map[string]string{"name": "Dave"}})
		for _, c := range []struct {
			name, token string
			code        int
		}{
			{"no scope", noScope, http.StatusForbidden},
			{"already a bot", botTok, http.StatusBadRequest},
			{"played games", played, http.StatusBadRequest},
			{"upgrade", alice, http.StatusOK},
			{"again", alice, http.StatusBadRequest},
		} {
			code, out := h.do("POST", "/api/bot/account/upgrade", c.token, "")
			if code != c.code {
				t.Errorf("%s: %d %s, want %d", c.name, code, out, c.code)
				continue
			}
			if code == http.StatusOK {
				if string(out) != "{\"ok\":true}\n" {
					t.Errorf("%s: %s, want {\"ok\":true}", c.name, out)
				}
				continue
			}
			errorBody(t, out)
		}
		if _, out := h.do("GET", "/api/account", alice, nil); !strings.Contains(string(out), `"title":"BOT"`) {
			t.Errorf("after the upgrade: %s", out)
		}
	})

	t.Run("SeatTokenStillPlays", func(t *testing.T) {
		h := h.with(t)
		cr := h.create(map[string]any{"variant": "chess"})
		h.move(cr.ID, cr.White.Token, "e2e4")
	})
}

// manyTokens is a token-test body of n distinct tokens.
func manyTokens(n int) string {
	toks := make([]string, n)
	for i := range toks {
		toks[i] = strconv.Itoa(i)
	}
	return strings.Join(toks, ",")
}

// FuzzParseTokenList: no body makes the token-test parser panic; what it
// accepts is 1 to 1000 distinct, trimmed, non-empty tokens without
// commas.
func FuzzParseTokenList(f *testing.F) {
	for _, s := range []string{"lip_abc", "a,b", " a , a ,", "", ",,,", manyTokens(maxTestTokens + 1), manyTokens(maxTestTokens), "\x00,\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		toks, err := parseTokenList(body)
		if err != nil {
			return
		}
		if len(toks) == 0 || len(toks) > maxTestTokens {
			t.Fatalf("%d tokens", len(toks))
		}
		seen := map[string]bool{}
		for _, tok := range toks {
			if tok == "" || tok != strings.TrimSpace(tok) || strings.Contains(tok, ",") || seen[tok] {
				t.Fatalf("token %q of %q", tok, body)
			}
			seen[tok] = true
		}
	})
}

package server

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/baten-chess/baten/store"
)

// Limits of POST /api/token/test: lichess's 1000 tokens; a token longer
// than maxTokenLen is no token of ours and is answered null unread.
const (
	maxTestTokens = 1000
	maxTokenLen   = 128
)

// parseTokenList reads the body of POST /api/token/test: tokens
// separated by commas (spaces and empty items ignored, duplicates
// answered once), at most maxTestTokens of them.
func parseTokenList(body string) ([]string, error) {
	var toks []string
	seen := map[string]bool{}
	for item := range strings.SplitSeq(body, ",") {
		tok := strings.TrimSpace(item)
		if tok == "" || seen[tok] {
			continue
		}
		if len(toks) == maxTestTokens {
			return nil, fmt.Errorf("more than %d tokens", maxTestTokens)
		}
		seen[tok] = true
		toks = append(toks, tok)
	}
	if len(toks) == 0 {
		return nil, errors.New("no token: want tokens separated by commas")
	}
	return toks, nil
}

// tokenInfo is one token's answer of POST /api/token/test.
type tokenInfo struct {
	UserID  string `json:"userId"`
	Scopes  string `json:"scopes"`  // comma-separated, "" for none
	Expires *int64 `json:"expires"` // Unix milliseconds, null: never
}

// tokenTest is POST /api/token/test: for each token of the body, its
// account and scopes, or null for a token that is unknown, revoked or
// expired (a game's seat token is not an account's, so it is null too).
func (s *Server) tokenTest(w http.ResponseWriter, r *http.Request) {
	body, err := s.readBody(w, r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	toks, err := parseTokenList(string(body))
	if err != nil {
		s.writeError(w, r, refuseErr(http.StatusBadRequest, err))
		return
	}
	ctx, cancel := storeCtx(r)
	defer cancel()
	out := make(map[string]*tokenInfo, len(toks))
	for _, tok := range toks {
		out[tok] = nil
		if len(tok) > maxTokenLen {
			continue
		}
		t, a, err := s.cfg.Store.TokenAccount(ctx, store.HashToken(tok))
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		info := &tokenInfo{UserID: a.ID, Scopes: strings.Join(t.Scopes, ",")}
		if !t.Expires.IsZero() {
			ms := t.Expires.UnixMilli()
			info.Expires = &ms
		}
		out[tok] = info
	}
	writeJSON(w, http.StatusOK, out)
}

// errNoSuchToken is lichess's answer to an unknown or revoked token.
var errNoSuchToken = refuse(http.StatusUnauthorized, "No such token")

// accountOf returns the account of the request's personal API token and
// the token: 401 if the token is missing, unknown, revoked or expired.
func (s *Server) accountOf(r *http.Request) (store.Token, store.Account, error) {
	tok := bearer(r)
	if tok == "" {
		return store.Token{}, store.Account{}, refuse(http.StatusUnauthorized, "missing Authorization: Bearer TOKEN")
	}
	if len(tok) > maxTokenLen {
		return store.Token{}, store.Account{}, errNoSuchToken
	}
	ctx, cancel := storeCtx(r)
	defer cancel()
	t, a, err := s.cfg.Store.TokenAccount(ctx, store.HashToken(tok))
	if errors.Is(err, store.ErrNotFound) {
		return store.Token{}, store.Account{}, errNoSuchToken
	}
	return t, a, err
}

// userJSON is the User of lichess's GET /api/account, as far as Baten
// knows it: no ratings yet (perfs is optional), no profile.
type userJSON struct {
	ID        string `json:"id"`
	Username  string `json:"username"`
	Title     string `json:"title,omitempty"` // "BOT" for bots
	CreatedAt int64  `json:"createdAt"`       // Unix milliseconds
}

// account is GET /api/account: the token's account.
func (s *Server) account(w http.ResponseWriter, r *http.Request) {
	_, a, err := s.accountOf(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	u := userJSON{ID: a.ID, Username: a.Username, CreatedAt: a.Created.UnixMilli()}
	if a.Bot {
		u.Title = "BOT"
	}
	writeJSON(w, http.StatusOK, u)
}

// botUpgrade is POST /api/bot/account/upgrade: the token's account
// becomes a bot, for good, if it has played no game (lichess's rule) and
// the token has the bot:play scope.
func (s *Server) botUpgrade(w http.ResponseWriter, r *http.Request) {
	t, a, err := s.accountOf(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if !slices.Contains(t.Scopes, "bot:play") {
		s.writeError(w, r, refuse(http.StatusForbidden, "Missing scope: bot:play"))
		return
	}
	if a.Bot {
		s.writeError(w, r, refuse(http.StatusBadRequest, "This account is already a bot account"))
		return
	}
	ctx, cancel := storeCtx(r)
	defer cancel()
	// Games name their players but do not link accounts yet: a game
	// with a seat of the account's name counts as played.
	played, err := s.cfg.Store.List(ctx, store.Filter{Player: a.Username, Limit: 1})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if len(played) > 0 {
		s.writeError(w, r, refuse(http.StatusBadRequest, "This account has already played games and cannot become a bot account"))
		return
	}
	if err := s.cfg.Store.SetBot(ctx, a.ID); err != nil {
		if errors.Is(err, store.ErrConflict) {
			err = refuse(http.StatusBadRequest, "This account is already a bot account")
		}
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
}

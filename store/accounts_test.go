package store_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/baten-chess/baten/store"
)

// The account conformance tests run on every backend with the others.
func init() { conformance = append(conformance, accountConformance...) }

var accountConformance = []struct {
	name string
	run  func(t *testing.T, db database)
}{
	{"Accounts", func(t *testing.T, db database) {
		s := db.mustOpen(t)
		defer s.Close()
		ctx := context.Background()
		a := store.Account{Username: "Magnus_C-1", Created: t0}
		if err := s.CreateAccount(ctx, a); err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"Magnus_C-1", "magnus_c-1", "MAGNUS_C-1"} {
			err := s.CreateAccount(ctx, store.Account{Username: name})
			isErr(t, "CreateAccount "+name, err, store.ErrExists)
		}
		for _, id := range []string{"magnus_c-1", "MAGNUS_c-1"} {
			got, err := s.Account(ctx, id)
			if err != nil {
				t.Fatalf("Account %s: %v", id, err)
			}
			want := store.Account{ID: "magnus_c-1", Username: "Magnus_C-1", Created: t0}
			if got != want {
				t.Errorf("Account %s = %+v, want %+v", id, got, want)
			}
		}
		_, err := s.Account(ctx, "nobody")
		isErr(t, "Account nobody", err, store.ErrNotFound)
		for _, bad := range []string{"", "a", strings.Repeat("x", 21), "has space", "é1", "a.b", "a,b"} {
			if err := s.CreateAccount(ctx, store.Account{Username: bad}); err == nil {
				t.Errorf("CreateAccount %q: no error", bad)
			}
		}

		// A password hash is stored as given.
		ph, err := store.HashPassword("hunter2")
		if err != nil {
			t.Fatal(err)
		}
		if err := s.CreateAccount(ctx, store.Account{Username: "pw", PasswordHash: ph, Bot: true}); err != nil {
			t.Fatal(err)
		}
		got, err := s.Account(ctx, "pw")
		if err != nil || got.PasswordHash != ph || !got.Bot || got.Created.IsZero() {
			t.Errorf("Account pw = %+v, %v", got, err)
		}

		if err := s.SetBot(ctx, "Magnus_C-1"); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Account(ctx, "magnus_c-1"); !got.Bot {
			t.Error("SetBot did not make a bot")
		}
		isErr(t, "SetBot again", s.SetBot(ctx, "magnus_c-1"), store.ErrConflict)
		isErr(t, "SetBot nobody", s.SetBot(ctx, "nobody"), store.ErrNotFound)
	}},
	{"MigrateToAccounts", func(t *testing.T, db database) {
		// A database from before accounts (its last migration undone)
		// gains them when opened, its games kept.
		s := db.mustOpen(t)
		mustCreate(t, s, newGame("old", 0))
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		if err := db.exec(`DROP TABLE tokens; DROP TABLE accounts;
			DELETE FROM schema_migrations WHERE version = (SELECT MAX(version) FROM schema_migrations)`); err != nil {
			t.Fatal(err)
		}
		s = db.mustOpen(t)
		defer s.Close()
		mustLoad(t, s, "old")
		if err := s.CreateAccount(context.Background(), store.Account{Username: "after"}); err != nil {
			t.Fatalf("CreateAccount after the migration: %v", err)
		}
	}},
	{"Tokens", func(t *testing.T, db database) {
		s := db.mustOpen(t)
		ctx := context.Background()
		if err := s.CreateAccount(ctx, store.Account{Username: "Alice"}); err != nil {
			t.Fatal(err)
		}
		tok, err := store.NewToken()
		if err != nil {
			t.Fatal(err)
		}
		h := store.HashToken(tok)
		tk := store.Token{Hash: h, AccountID: "ALICE", Scopes: []string{"board:play", "bot:play"}, Created: t0}
		if err := s.CreateToken(ctx, tk); err != nil {
			t.Fatal(err)
		}
		isErr(t, "CreateToken again", s.CreateToken(ctx, tk), store.ErrExists)
		other := tk
		other.Hash, other.AccountID = store.HashToken("lip_other"), "nobody"
		isErr(t, "CreateToken of nobody", s.CreateToken(ctx, other), store.ErrNotFound)
		short := tk
		short.Hash = h[:8]
		if err := s.CreateToken(ctx, short); err == nil {
			t.Error("CreateToken with an 8-byte hash: no error")
		}
		badScope := tk
		badScope.Hash, badScope.Scopes = store.HashToken("lip_x"), []string{"a,b"}
		if err := s.CreateToken(ctx, badScope); err == nil {
			t.Error("CreateToken with scope \"a,b\": no error")
		}

		gt, ga, err := s.TokenAccount(ctx, h)
		if err != nil {
			t.Fatal(err)
		}
		if gt.AccountID != "alice" || !slices.Equal(gt.Scopes, tk.Scopes) || !gt.Created.Equal(t0) || !gt.Expires.IsZero() {
			t.Errorf("TokenAccount token = %+v", gt)
		}
		if ga.ID != "alice" || ga.Username != "Alice" {
			t.Errorf("TokenAccount account = %+v", ga)
		}
		_, _, err = s.TokenAccount(ctx, store.HashToken("lip_unknown"))
		isErr(t, "TokenAccount unknown", err, store.ErrNotFound)

		// Expired tokens are refused; tokens without scopes are fine.
		exp := store.Token{Hash: store.HashToken("lip_expired"), AccountID: "alice", Created: t0, Expires: time.Now().Add(-time.Minute)}
		if err := s.CreateToken(ctx, exp); err != nil {
			t.Fatal(err)
		}
		_, _, err = s.TokenAccount(ctx, exp.Hash)
		isErr(t, "TokenAccount expired", err, store.ErrNotFound)
		later := store.Token{Hash: store.HashToken("lip_later"), AccountID: "alice", Created: t0, Expires: time.Now().Add(time.Hour)}
		if err := s.CreateToken(ctx, later); err != nil {
			t.Fatal(err)
		}
		if gt, _, err := s.TokenAccount(ctx, later.Hash); err != nil || gt.Scopes != nil || gt.Expires.IsZero() {
			t.Errorf("TokenAccount later = %+v, %v", gt, err)
		}

		if err := s.RevokeToken(ctx, h); err != nil {
			t.Fatal(err)
		}
		isErr(t, "RevokeToken again", s.RevokeToken(ctx, h), store.ErrNotFound)
		isErr(t, "RevokeToken unknown", s.RevokeToken(ctx, store.HashToken("lip_unknown")), store.ErrNotFound)
		_, _, err = s.TokenAccount(ctx, h)
		isErr(t, "TokenAccount revoked", err, store.ErrNotFound)

		// Revocation survives a restart; the other tokens stay valid.
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		s = db.mustOpen(t)
		defer s.Close()
		_, _, err = s.TokenAccount(ctx, h)
		isErr(t, "TokenAccount revoked after reopen", err, store.ErrNotFound)
		if _, _, err := s.TokenAccount(ctx, later.Hash); err != nil {
			t.Errorf("TokenAccount later after reopen: %v", err)
		}
		_, _, err = s.TokenAccount(ctx, h)
		if errors.Is(err, store.ErrClosed) {
			t.Error("reopened store is closed")
		}
	}},
}

func TestCheckUsername(t *testing.T) {
	for _, c := range []struct {
		name string
		ok   bool
	}{
		{"ab", true}, {"Magnus_Carlsen-20x", true}, {strings.Repeat("z", 20), true}, {"0-_", true},
		{"", false}, {"a", false}, {strings.Repeat("z", 21), false}, {"a b", false},
		{"ünï", false}, {"a@b", false}, {"a\x00", false}, {"../x", false},
	} {
		if err := store.CheckUsername(c.name); (err == nil) != c.ok {
			t.Errorf("CheckUsername(%q) = %v, want ok %v", c.name, err, c.ok)
		}
	}
	if got := store.AccountID("MaGnUs"); got != "magnus" {
		t.Errorf("AccountID(MaGnUs) = %q", got)
	}
}

func TestPassword(t *testing.T) {
	h, err := store.HashPassword("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=65536,t=3,p=1$") {
		t.Errorf("hash %q: not argon2id with the parameters", h)
	}
	h2, _ := store.HashPassword("correct horse")
	if h == h2 {
		t.Error("two hashes of one password are equal: no salt")
	}
	for _, c := range []struct {
		hash, pw string
		ok       bool
		err      bool
	}{
		{h, "correct horse", true, false},
		{h, "correct horse ", false, false},
		{h, "", false, false},
		{"", "x", false, true},
		{"$argon2i$v=19$m=65536,t=3,p=1$c2FsdA$a2V5", "x", false, true},
		{"$argon2id$v=18$m=65536,t=3,p=1$c2FsdA$a2V5", "x", false, true},
		{"$argon2id$v=19$m=99999999,t=3,p=1$c2FsdA$a2V5", "x", false, true},
		{"$argon2id$v=19$m=64,t=0,p=1$c2FsdA$a2V5", "x", false, true},
		{"$argon2id$v=19$m=64,t=1,p=1$!!$a2V5", "x", false, true},
		{"$argon2id$v=19$m=64,t=1,p=1$c2FsdA$", "x", false, true},
	} {
		ok, err := store.CheckPassword(c.hash, c.pw)
		if ok != c.ok || (err != nil) != c.err {
			t.Errorf("CheckPassword(%q, %q) = %v, %v", c.hash, c.pw, ok, err)
		}
	}
}

func TestNewToken(t *testing.T) {
	seen := map[string]bool{}
	for range 100 {
		tok, err := store.NewToken()
		if err != nil {
			t.Fatal(err)
		}
		rest, ok := strings.CutPrefix(tok, store.TokenPrefix)
		if !ok || len(rest) != 24 || strings.Trim(rest, "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") != "" {
			t.Fatalf("token %q: want lip_ and 24 base62 characters", tok)
		}
		if seen[tok] {
			t.Fatalf("token %q twice", tok)
		}
		seen[tok] = true
	}
	if h := store.HashToken("lip_x"); len(h) != 32 {
		t.Errorf("HashToken: %d bytes", len(h))
	}
}

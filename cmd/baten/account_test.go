package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// runAccount runs "baten account ARGS…" and returns stdout, stderr and
// the error.
func runAccount(t *testing.T, stdin string, args ...string) (string, string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := run(context.Background(), append([]string{"account"}, args...), strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), err
}

// tokenTest asks url's POST /api/token/test about tok.
func tokenTest(t *testing.T, url, tok string) map[string]any {
	t.Helper()
	resp, err := (&http.Client{Timeout: 5 * time.Second}).Post(url+"/api/token/test", "text/plain", strings.NewReader(tok))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	var m map[string]map[string]any
	if resp.StatusCode != http.StatusOK || json.Unmarshal(body, &m) != nil {
		t.Fatalf("token test: %d %s", resp.StatusCode, body)
	}
	return m[tok]
}

// TestAccountAddServe: "account add" prints a token as its last line, and
// that token passes /api/token/test on a server of the database; a
// revoked one does not.
func TestAccountAddServe(t *testing.T) {
	db := filepath.Join(t.TempDir(), "baten.db")
	out, _, err := runAccount(t, "", "add", "LeBot", "--bot", "--db", db)
	if err != nil {
		t.Fatal(err)
	}
	tok := lastLine(out)
	if !strings.HasPrefix(tok, "lip_") || strings.ContainsAny(tok, " \t") {
		t.Fatalf("last line %q: want the token", tok)
	}
	out, _, err = runAccount(t, "", "token", "lebot", "--db", db)
	if err != nil {
		t.Fatal(err)
	}
	second := lastLine(out)
	if second == tok || !strings.HasPrefix(second, "lip_") {
		t.Fatalf("second token %q (first %q)", second, tok)
	}

	url, stop := runServe(t, db)
	defer stop()
	for _, tk := range []string{tok, second} {
		info := tokenTest(t, url, tk)
		if info == nil || info["userId"] != "lebot" || !strings.Contains(info["scopes"].(string), "bot:play") {
			t.Errorf("token test of %s: %v", tk, info)
		}
	}
	req, _ := http.NewRequest("GET", url+"/api/account", nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"username":"LeBot","title":"BOT"`) {
		t.Errorf("GET /api/account: %d %s", resp.StatusCode, body)
	}

	// Revoked while the server runs: refused at once.
	if out, _, err := runAccount(t, "", "revoke", second, "--db", db); err != nil || out != "revoked\n" {
		t.Fatalf("revoke: %q %v", out, err)
	}
	if info := tokenTest(t, url, second); info != nil {
		t.Errorf("revoked token: %v", info)
	}
	if info := tokenTest(t, url, tok); info == nil {
		t.Error("the other token was revoked too")
	}
}

// TestAccountErrors: mistakes are one clear line, never a panic.
func TestAccountErrors(t *testing.T) {
	db := filepath.Join(t.TempDir(), "baten.db")
	if _, _, err := runAccount(t, "secret\n", "add", "alice", "--password-stdin", "--db", db); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		args  []string
		stdin string
		msg   string // in the first line of stderr
		usage bool   // a command-line mistake (hint to --help)
	}{
		{"no subcommand", nil, "", "want a subcommand", true},
		{"unknown subcommand", []string{"list"}, "", `unknown subcommand "list"`, true},
		{"no name", []string{"add", "--db", db}, "", "add wants one NAME, got 0", true},
		{"two names", []string{"add", "a1", "b1", "--db", db}, "", "add wants one NAME, got 2", true},
		{"short name", []string{"add", "a", "--db", db}, "", "want 2 to 20 characters", false},
		{"long name", []string{"add", strings.Repeat("a", 21), "--db", db}, "", "want 2 to 20 characters", false},
		{"bad name", []string{"add", "al ice", "--db", db}, "", "only letters, digits", false},
		{"duplicate", []string{"add", "ALICE", "--db", db}, "", `account "ALICE" exists already`, false},
		{"bad flag", []string{"add", "bob", "--robot", "--db", db}, "", "flag provided but not defined: --robot", true},
		{"bot on token", []string{"token", "alice", "--bot", "--db", db}, "", "--bot and --password-stdin are for add only", true},
		{"empty password", []string{"add", "bob", "--password-stdin", "--db", db}, "\n", "empty password", false},
		{"token of nobody", []string{"token", "nobody", "--db", db}, "", `no account "nobody"`, false},
		{"revoke unknown", []string{"revoke", "lip_nope", "--db", db}, "", "no such token", false},
		{"revoke nothing", []string{"revoke", "--db", db}, "", "revoke wants one TOKEN, got 0", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, stderr, err := runAccount(t, c.stdin, c.args...)
			if err == nil {
				t.Fatal("no error")
			}
			first, rest, _ := strings.Cut(stderr, "\n")
			if !strings.HasPrefix(first, "baten account: ") || !strings.Contains(first, c.msg) {
				t.Errorf("stderr %q, want %q", stderr, c.msg)
			}
			var ue *usageError
			if errors.As(err, &ue) != c.usage || strings.Contains(rest, "--help") != c.usage {
				t.Errorf("usage error %v, hint %q: want %v", errors.As(err, &ue), rest, c.usage)
			}
		})
	}
}

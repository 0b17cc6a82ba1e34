package store_test

import (
	"bufio"
	"context"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/baten-chess/baten/store"
)

func sqliteBackend(t *testing.T) database {
	path := filepath.Join(t.TempDir(), "sub", "baten.db")
	return database{
		open: func() (store.Store, error) { return store.OpenSQLite(context.Background(), path) },
		exec: func(q string) error {
			db, err := sql.Open("sqlite", path)
			if err != nil {
				return err
			}
			defer db.Close()
			// SQLite has no DEFAULT in VALUES.
			_, err = db.Exec(strings.ReplaceAll(q, "DEFAULT", "0"))
			return err
		},
	}
}

func TestSQLite(t *testing.T) { runConformance(t, sqliteBackend) }

func TestOpenErrors(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("this is not a database, not at all, no no no"), 0o600); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ dsn, want string }{
		{"", "empty"},
		{"  ", "empty"},
		{dir, "directory"},
		{filepath.Join(file, "x.db"), "not a directory"},
		{file, "not a database"},
		{":memory:", "plain file path"},
		{"a.db?mode=ro", "plain file path"},
		{"postgres://host:notaport/db", "PostgreSQL URL"},
		{"postgresql://u@127.0.0.1:1/db?sslmode=disable&connect_timeout=2", "open PostgreSQL"},
		{"postgres://u@127.0.0.1:1/db?pool_max_conns=zero", "pool_max_conns"},
	}
	for _, c := range cases {
		s, err := store.Open(ctx, c.dsn)
		if err == nil {
			s.Close()
			t.Errorf("Open(%q): no error", c.dsn)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("Open(%q): %v, want it to say %q", c.dsn, err, c.want)
		}
	}
	s, err := store.Open(ctx, filepath.Join(dir, "ok.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.(*store.SQLite); !ok {
		t.Errorf("Open(path) is a %T", s)
	}
	s.Close()
}

// The durability test's child: it appends until killed, printing each
// acknowledged seq.
const childEnv = "BATEN_STORE_DURABILITY_CHILD"

func TestMain(m *testing.M) {
	if path := os.Getenv(childEnv); path != "" {
		durabilityChild(path)
		return
	}
	os.Exit(m.Run())
}

func durabilityChild(path string) {
	ctx := context.Background()
	s, err := store.OpenSQLite(ctx, path)
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	// Several writers at once, so group commits are killed mid-way too.
	const games = 8
	for g := range games {
		if err := s.CreateGame(ctx, newGame(fmt.Sprintf("d%d", g), g)); err != nil {
			fmt.Println("error", err)
			os.Exit(1)
		}
	}
	out := make(chan string, 1024)
	for g := range games {
		go func() {
			id := fmt.Sprintf("d%d", g)
			for seq := 1; ; seq++ {
				if err := s.Append(ctx, id, ev(seq, "e2e4"), nil); err != nil {
					out <- fmt.Sprintf("error %v", err)
					return
				}
				out <- fmt.Sprintf("ack %s %d", id, seq)
			}
		}()
	}
	w := bufio.NewWriter(os.Stdout)
	for line := range out {
		fmt.Fprintln(w, line)
		if len(out) == 0 {
			w.Flush()
		}
	}
}

func TestDurabilityKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	dir := t.TempDir()
	for round := range 3 {
		path := filepath.Join(dir, fmt.Sprintf("kill%d.db", round))
		acked := map[string]int{}
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), childEnv+"="+path)
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(stdout)
		n := 0
		deadline := time.Now().Add(20 * time.Second)
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			if f[0] == "error" {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("child: %s", sc.Text())
			}
			seq, _ := strconv.Atoi(f[2])
			acked[f[1]] = max(acked[f[1]], seq)
			n++
			if n == 2000+round*777 || time.Now().After(deadline) {
				cmd.Process.Signal(syscall.SIGKILL)
				break
			}
		}
		cmd.Wait()
		if n == 0 {
			t.Fatal("child acknowledged nothing")
		}
		s, err := store.OpenSQLite(context.Background(), path)
		if err != nil {
			t.Fatalf("reopen after kill -9: %v", err)
		}
		for id, seq := range acked {
			_, es := mustLoad(t, s, id)
			if len(es) < seq {
				t.Errorf("round %d: %s has %d events, but #%d was acknowledged", round, id, len(es), seq)
			}
			for i, e := range es {
				if e.Seq != i+1 {
					t.Fatalf("%s: event %d has seq %d", id, i, e.Seq)
				}
			}
		}
		s.Close()
		t.Logf("round %d: %d acknowledged appends survived kill -9", round, n)
	}
}

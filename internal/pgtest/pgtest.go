// Package pgtest starts a real, throw-away PostgreSQL server for a test,
// from the server binaries of Debian's postgresql package (initdb and
// pg_ctl, found on PATH or in /usr/lib/postgresql/*/bin). Where they are
// missing the test is skipped, saying so; .ci/run installs them.
//
// PostgreSQL refuses to run as root, so when the test runs as root the
// server runs as the user nobody, in a temporary directory it owns.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Database is the name of the database Start creates.
const Database = "test"

// Binaries returns the directory holding initdb and pg_ctl, or an error
// naming what is missing.
func Binaries() (string, error) {
	if p, err := exec.LookPath("initdb"); err == nil {
		dirs := []string{filepath.Dir(p)}
		if real, err := filepath.EvalSymlinks(p); err == nil {
			dirs = append(dirs, filepath.Dir(real)) // initdb may link into the real directory
		}
		for _, dir := range dirs {
			if _, err := os.Stat(filepath.Join(dir, "pg_ctl")); err == nil {
				return dir, nil
			}
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, dir := range dirs {
		_, e1 := os.Stat(filepath.Join(dir, "initdb"))
		_, e2 := os.Stat(filepath.Join(dir, "pg_ctl"))
		if e1 == nil && e2 == nil {
			return dir, nil
		}
	}
	return "", errors.New("PostgreSQL server binaries initdb and pg_ctl not found on PATH nor in /usr/lib/postgresql/*/bin (install Debian's postgresql package)")
}

// version is the major version in /usr/lib/postgresql/N/bin.
func version(dir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
	return n
}

// Start starts a PostgreSQL server for t, creates the database Database
// in it and returns its URL (postgres://postgres@127.0.0.1:PORT/test).
// The server is stopped and its files removed in t.Cleanup. Without
// PostgreSQL's binaries t is skipped.
func Start(t testing.TB) string {
	t.Helper()
	bin, err := Binaries()
	if err != nil {
		t.Skip("pgtest: " + err.Error())
	}
	var lastErr error
	for try := 0; try < 3; try++ { // a free port may be taken before the server binds it
		u, err := start(t, bin)
		if err == nil {
			return u
		}
		lastErr = err
	}
	t.Fatalf("pgtest: %v", lastErr)
	return ""
}

func start(t testing.TB, bin string) (string, error) {
	dir, err := os.MkdirTemp("", "pgtest-")
	if err != nil {
		return "", err
	}
	cred, err := credential()
	if err != nil {
		os.RemoveAll(dir)
		return "", err
	}
	if cred != nil {
		if err := os.Chown(dir, int(cred.Uid), int(cred.Gid)); err != nil {
			os.RemoveAll(dir)
			return "", err
		}
	}
	data := filepath.Join(dir, "data")
	logf := filepath.Join(dir, "log")
	run := func(name string, args ...string) error {
		cmd := exec.Command(filepath.Join(bin, name), args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "LC_ALL=C", "HOME="+dir)
		if cred != nil {
			cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
		}
		out, err := cmd.CombinedOutput()
		if err != nil {
			return fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
		return nil
	}
	if err := run("initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"); err != nil {
		os.RemoveAll(dir)
		return "", err
	}
	port, err := freePort()
	if err != nil {
		os.RemoveAll(dir)
		return "", err
	}
	opts := fmt.Sprintf("-k %s -h 127.0.0.1 -p %d -c fsync=off -c full_page_writes=off -c max_connections=200", dir, port)
	if err := run("pg_ctl", "-D", data, "-l", logf, "-o", opts, "-w", "-t", "60", "start"); err != nil {
		log, _ := os.ReadFile(logf)
		os.RemoveAll(dir)
		return "", fmt.Errorf("%v\n%s", err, log)
	}
	t.Cleanup(func() {
		if err := run("pg_ctl", "-D", data, "-m", "immediate", "-w", "stop"); err != nil {
			t.Logf("pgtest: %v", err)
		}
		os.RemoveAll(dir)
	})
	base := fmt.Sprintf("postgres://postgres@127.0.0.1:%d/", port)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := pgx.Connect(ctx, base+"postgres?sslmode=disable")
	if err != nil {
		return "", err
	}
	defer c.Close(ctx)
	if _, err := c.Exec(ctx, "CREATE DATABASE "+Database); err != nil {
		return "", err
	}
	return base + Database + "?sslmode=disable", nil
}

// CreateDatabase creates another database named name on the server of
// url (as returned by Start) and returns its URL.
func CreateDatabase(t testing.TB, serverURL, name string) string {
	t.Helper()
	ctx := context.Background()
	c, err := pgx.Connect(ctx, serverURL)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	defer c.Close(ctx)
	if _, err := c.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		t.Fatalf("pgtest: create database %s: %v", name, err)
	}
	u, err := url.Parse(serverURL)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	u.Path = "/" + name
	return u.String()
}

// credential is whom to run PostgreSQL as: nil for ourselves, the user
// nobody when we are root.
func credential() (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("nobody")
	if err != nil {
		return nil, fmt.Errorf("running as root and no user nobody to run PostgreSQL as: %v", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

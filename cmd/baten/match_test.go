package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/baten-chess/baten/draughts"
	"github.com/baten-chess/baten/pgn"
)

// batenSpec is an --engine flag running this binary's "baten uci".
func batenSpec(name string) string {
	return "cmd=" + os.Args[0] + " " + uciEngineArg + ",name=" + name
}

func TestMatchCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("plays real engine games: skipped with -short")
	}
	dir := t.TempDir()
	for _, v := range []string{"chess", "banchess", "draughts"} {
		t.Run(v, func(t *testing.T) {
			file := filepath.Join(dir, v+".pgn")
			var out, errOut bytes.Buffer
			err := run(context.Background(), []string{"match", "--variant", v, "--engine1", batenSpec("One"), "--engine2", batenSpec("Two"),
				"--random-openings", "1", "--opening-plies", "4", "--nodes", "300", "--max-plies", "200", "--sprt", "0,10", "--pgn", file},
				nil, &out, &errOut)
			if err != nil {
				t.Fatalf("%v\n%s", err, errOut.String())
			}
			for _, want := range []string{"game 1 (random 1): One vs Two", "game 2 (random 1): Two vs One", "Score of One vs Two: ",
				"SPRT [0, 10] alpha 0.05 beta 0.05: LLR ", "One: 0 illegal moves, 0 crashes, 0 stalls, 0 time forfeits"} {
				if !strings.Contains(out.String(), want) {
					t.Errorf("output lacks %q:\n%s", want, out.String())
				}
			}
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if n := bytes.Count(data, []byte("[Round ")); n != 2 {
				t.Errorf("%d records in %s, want 2", n, file)
			}
			// The records are the game's own format: PDN for draughts.
			if isPDN := bytes.Contains(data, []byte(`[GameType "21"]`)); isPDN != (v == "draughts") {
				t.Errorf("%s record with GameType tag %v:\n%s", v, isPDN, data)
			}
			// Each game's line prints its result as its record does (PDN
			// writes a draw 1-1, not 1/2-1/2).
			recorded := recordResults(t, v, data)
			printed := map[string]string{}
			for _, m := range gameLine.FindAllStringSubmatch(out.String(), -1) {
				printed[m[1]] = m[2]
			}
			if len(printed) != 2 || printed["1"] != recorded["1"] || printed["2"] != recorded["2"] {
				t.Errorf("results printed %v, recorded %v:\n%s", printed, recorded, out.String())
			}
		})
	}
}

// gameLine is a game's line of "baten match": its number and result.
var gameLine = regexp.MustCompile(`(?m)^game (\d+) \([^)]*\): \S+ vs \S+: (\S+) \{`)

// recordResults reads the Round and Result tags of a file of records,
// PDN for draughts and PGN otherwise.
func recordResults(t *testing.T, v string, data []byte) map[string]string {
	t.Helper()
	results := map[string]string{}
	if v == "draughts" {
		recs, err := draughts.ReadPDN(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			round, _ := r.Tag("Round")
			results[round] = r.Result.String()
		}
		return results
	}
	rd := pgn.NewReader(bytes.NewReader(data))
	for {
		g, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return results
		}
		if err != nil {
			t.Fatal(err)
		}
		results[g.Tags.Get("Round")] = g.Tags.Get("Result")
	}
}

func TestMatchCommandPGNToStdout(t *testing.T) {
	if testing.Short() {
		t.Skip("plays real engine games: skipped with -short")
	}
	var out, errOut bytes.Buffer
	err := run(context.Background(), []string{"match", "--engine1", batenSpec("One"), "--engine2", batenSpec("Two"),
		"--games", "1", "--nodes", "200", "--max-plies", "60", "--pgn", "-", "--quiet"}, nil, &out, &errOut)
	if err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	pg, err := pgn.NewReader(&out).Next()
	if err != nil || pg.Tags.Get("White") != "One" || pg.Tags.Get("Black") != "Two" {
		t.Fatalf("stdout is not the game's PGN (%v):\n%s", err, out.String())
	}
	if !strings.Contains(errOut.String(), "Score of One vs Two") || strings.Contains(errOut.String(), "game 1") {
		t.Errorf("stderr should hold the summary alone (--quiet):\n%s", errOut.String())
	}
}

func TestMatchCommandErrors(t *testing.T) {
	good := batenSpec("x")
	missing := filepath.Join(t.TempDir(), "none.epd")
	tests := []struct {
		name  string
		args  []string
		usage bool // a command-line mistake (hint to --help)
	}{
		{"no engines", []string{"--nodes", "10"}, true},
		{"no engine2", []string{"--engine1", good, "--nodes", "10"}, true},
		{"bad spec", []string{"--engine1", "name=x", "--engine2", good, "--nodes", "10"}, true},
		{"bad sprt", []string{"--engine1", good, "--engine2", good, "--nodes", "10", "--sprt", "5,0"}, true},
		{"bad tc", []string{"--engine1", good, "--engine2", good, "--tc", "fast"}, true},
		{"negative nodes", []string{"--engine1", good, "--engine2", good, "--nodes", "-1"}, true},
		{"two opening sources", []string{"--engine1", good, "--engine2", good, "--nodes", "10", "--openings", missing, "--random-openings", "2"}, true},
		{"stray argument", []string{"--engine1", good, "--engine2", good, "--nodes", "10", "extra"}, true},
		{"no limit", []string{"--engine1", good, "--engine2", good}, false},
		{"unknown variant", []string{"--engine1", good, "--engine2", good, "--nodes", "10", "--variant", "nosuch"}, false},
		{"missing openings file", []string{"--engine1", good, "--engine2", good, "--nodes", "10", "--openings", missing}, false},
		{"missing program", []string{"--engine1", "cmd=/nonexistent/engine", "--engine2", good, "--nodes", "10", "--games", "1"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			err := run(context.Background(), append([]string{"match"}, tt.args...), nil, &out, &errOut)
			var ue *usageError
			if err == nil || errors.As(err, &ue) != tt.usage {
				t.Fatalf("error %v (usage error: %v), want a usage error %v", err, errors.As(err, &ue), tt.usage)
			}
			if !strings.HasPrefix(errOut.String(), "baten match: ") {
				t.Errorf("stderr %q does not name the command", errOut.String())
			}
		})
	}
}

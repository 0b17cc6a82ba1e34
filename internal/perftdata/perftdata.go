// Package perftdata reads the reference perft files of ../shared/data (the
// python-chess ".perft" format and the "FEN ;D1 n ;D2 n" EPD suites) for
// the tests of every variant package, and finds that folder. Beside them
// it keeps oracle/: counts of today's Fairy-Stockfish for positions the
// shared data lacks, made by oracle/make.sh (never by Baten).
package perftdata

import (
	"bufio"
	"embed"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Count is a reference node count at one depth.
type Count struct {
	Depth int
	Nodes uint64
}

// Case is one position with its reference counts.
type Case struct {
	ID string
	// FEN is the position text: the epd line (chess family) or the pdnfen
	// line (draughts), as written.
	FEN    string
	Counts []Count
}

// Upto lists the counts of c at depths up to limit.
func (c Case) Upto(limit int) []Count {
	var out []Count
	for _, n := range c.Counts {
		if n.Depth <= limit {
			out = append(out, n)
		}
	}
	return out
}

// Parse reads the ".perft" format: blocks of "id NAME", "epd FEN" or
// "pdnfen FEN", and "perft DEPTH NODES" lines; "#" starts a comment.
func Parse(r io.Reader) ([]Case, error) {
	var cases []Case
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		text, _, _ := strings.Cut(sc.Text(), "#")
		key, rest, _ := strings.Cut(strings.TrimSpace(text), " ")
		rest = strings.TrimSpace(rest)
		switch key {
		case "":
		case "id":
			cases = append(cases, Case{ID: rest})
		case "epd", "pdnfen":
			if len(cases) == 0 || cases[len(cases)-1].FEN != "" {
				cases = append(cases, Case{ID: fmt.Sprintf("line-%d", line)})
			}
			cases[len(cases)-1].FEN = rest
		case "perft":
			fields := strings.Fields(rest)
			if len(cases) == 0 || len(fields) != 2 {
				return nil, fmt.Errorf("perftdata: line %d: want \"perft DEPTH NODES\" after a position", line)
			}
			depth, err1 := strconv.Atoi(fields[0])
			nodes, err2 := strconv.ParseUint(fields[1], 10, 64)
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("perftdata: line %d: bad numbers in %q", line, rest)
			}
			c := &cases[len(cases)-1]
			c.Counts = append(c.Counts, Count{Depth: depth, Nodes: nodes})
		default:
			return nil, fmt.Errorf("perftdata: line %d: unknown key %q", line, key)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("perftdata: %w", err)
	}
	for _, c := range cases {
		if c.FEN == "" {
			return nil, fmt.Errorf("perftdata: case %q has no position", c.ID)
		}
	}
	return cases, nil
}

// ParseEPD reads lines "FEN ;D1 20 ;D2 400 …", one position a line.
func ParseEPD(r io.Reader) ([]Case, error) {
	var cases []Case
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		parts := strings.Split(text, ";")
		c := Case{ID: fmt.Sprintf("line-%d", line), FEN: strings.TrimSpace(parts[0])}
		for _, part := range parts[1:] {
			fields := strings.Fields(part)
			if len(fields) != 2 || !strings.HasPrefix(fields[0], "D") {
				return nil, fmt.Errorf("perftdata: line %d: bad count %q", line, part)
			}
			depth, err1 := strconv.Atoi(fields[0][1:])
			nodes, err2 := strconv.ParseUint(fields[1], 10, 64)
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("perftdata: line %d: bad count %q", line, part)
			}
			c.Counts = append(c.Counts, Count{Depth: depth, Nodes: nodes})
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("perftdata: %w", err)
	}
	return cases, nil
}

// Dir finds the reference data folder: $BATEN_DATA if set, else
// shared/data beside the module's root (the checkout layout of CI and of
// every developer).
func Dir() (string, error) {
	if dir := os.Getenv("BATEN_DATA"); dir != "" {
		return dir, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("perftdata: %w", err)
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			data := filepath.Join(dir, "..", "shared", "data")
			if _, err := os.Stat(data); err != nil {
				return "", fmt.Errorf("perftdata: no reference data beside the module (set BATEN_DATA): %w", err)
			}
			return data, nil
		}
		if filepath.Dir(dir) == dir {
			return "", errors.New("perftdata: no go.mod above " + wd)
		}
	}
}

//go:embed oracle/*.perft
var oracle embed.FS

// Load reads a reference file by its path under Dir, choosing the EPD
// reader for ".epd" files; a name under "oracle/" is one of this package's
// own files of Fairy-Stockfish's counts.
func Load(name string) ([]Case, error) {
	if strings.HasPrefix(name, "oracle/") {
		f, err := oracle.Open(name)
		if err != nil {
			return nil, fmt.Errorf("perftdata: %w", err)
		}
		defer f.Close()
		return Parse(f)
	}
	dir, err := Dir()
	if err != nil {
		return nil, err
	}
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		return nil, fmt.Errorf("perftdata: %w", err)
	}
	defer f.Close()
	if strings.HasSuffix(name, ".epd") {
		return ParseEPD(f)
	}
	return Parse(f)
}

// LoadFairy reads the reference counts of the fairy game name, today's
// Fairy-Stockfish first: this package's oracle/NAME.perft, else the shared
// fairy/NAME.perft (Fairy-Stockfish 11.1), else fairy/fsf-head/NAME.perft.
func LoadFairy(name string) ([]Case, error) {
	cases, err := Load("oracle/" + name + ".perft")
	if errors.Is(err, os.ErrNotExist) {
		cases, err = Load("fairy/" + name + ".perft")
	}
	if errors.Is(err, os.ErrNotExist) {
		cases, err = Load("fairy/fsf-head/" + name + ".perft")
	}
	return cases, err
}

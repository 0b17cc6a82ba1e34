package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/baten-chess/baten/internal/race"
)

// The examples of README.md and docs/*.md are checked by TestDocExamples,
// so that what the pages show is what the command prints. The convention:
//
//   - In a fenced block, a line "$ COMMAND" is an example; the lines after
//     it, up to the next "$ " line or the end of the block (trailing blank
//     lines dropped), are what it prints: stdout and stderr as a terminal
//     shows them. A line "…" stands for any number of lines.
//   - COMMAND is "baten ARGS", optionally fed by "printf 'TEXT' |" (TEXT
//     with \n and \\ escapes) and optionally followed by "| tail -N" or
//     "| head -N" (which take stdout only; stderr is shown first). Words
//     are split on spaces, with '…' and "…" quoting (no escapes).
//     Nothing else of the shell is understood: an example using more is an
//     error of the page.
//   - The line "<!-- not checked: REASON -->" just before a block's
//     opening fence leaves its examples unrun, saying why.
//   - The examples run in the repository's root, as the pages' relative
//     paths (../shared/data/…) assume.
//
// Only what changes from run to run is normalised (docNormal): perft's
// time and nodes per second, UCI's nps and time, and the date of a PGN or
// PDN record.

// docExample is one "$ …" example of a page.
type docExample struct {
	line    int      // of the "$ " line
	command string   // after "$ "
	want    []string // the lines shown after it
	skip    string   // why it is not run, from the block's marker
}

// notChecked is the marker before a block whose examples are not run.
var notChecked = regexp.MustCompile(`^<!-- not checked: (.*\S) -->$`)

// docExamples reads the examples of the page at path.
func docExamples(t *testing.T, path string) []docExample {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var (
		out        []docExample
		in         bool   // inside a fenced block
		skip, prev string // the block's marker; the line before this one
		cur        *docExample
	)
	flush := func() {
		if cur != nil {
			for len(cur.want) > 0 && strings.TrimSpace(cur.want[len(cur.want)-1]) == "" {
				cur.want = cur.want[:len(cur.want)-1]
			}
			out = append(out, *cur)
			cur = nil
		}
	}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(strings.TrimSpace(line), "```"):
			flush()
			in = !in
			skip = ""
			if m := notChecked.FindStringSubmatch(strings.TrimSpace(prev)); in && m != nil {
				skip = m[1]
			}
		case in && strings.HasPrefix(line, "$ "):
			flush()
			cur = &docExample{line: n, command: strings.TrimPrefix(line, "$ "), skip: skip}
		case cur != nil:
			cur.want = append(cur.want, line)
		}
		prev = line
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if in {
		t.Fatalf("%s: a fenced block is not closed", path)
	}
	return out
}

// TestDocExamples runs every "$ baten …" example of README.md and
// docs/*.md through run and compares what it prints with the page.
func TestDocExamples(t *testing.T) {
	if race.Enabled {
		// The text is the same with or without the detector, and two
		// examples (perft to depth 6, shatranj's endgame tables) take
		// most of a minute under it.
		t.Skip("the pages' examples are checked by the plain run: under the race detector they take a minute")
	}
	t.Chdir(filepath.Join("..", ".."))
	pages, err := filepath.Glob(filepath.Join("docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range append([]string{"README.md"}, pages...) {
		examples := docExamples(t, page)
		if page == "README.md" && len(examples) < 10 {
			t.Fatalf("README.md: %d examples found: is the convention still the page's?", len(examples))
		}
		for _, ex := range examples {
			t.Run(fmt.Sprintf("%s:%d", page, ex.line), func(t *testing.T) {
				if ex.skip != "" {
					t.Skipf("%s: not checked: %s", ex.command, ex.skip)
				}
				got, err := runDocExample(t, ex.command)
				if err != nil {
					t.Fatalf("%s:%d: %v (mark the block <!-- not checked: REASON --> if it cannot run)", page, ex.line, err)
				}
				if !docMatch(normalDoc(ex.want), normalDoc(got)) {
					t.Errorf("%s:%d: $ %s\nthe page shows:\n%s\nthe command prints:\n%s",
						page, ex.line, ex.command, strings.Join(ex.want, "\n"), strings.Join(got, "\n"))
				}
			})
		}
	}
}

// runDocExample runs an example's command line and returns the lines it
// prints. An error is a command line the test does not understand.
func runDocExample(t *testing.T, command string) ([]string, error) {
	stages, err := shellStages(command)
	if err != nil {
		return nil, err
	}
	stdin := ""
	if stages[0][0] == "printf" {
		if len(stages[0]) != 2 || len(stages) < 2 {
			return nil, errors.New("printf takes one argument and feeds a pipe")
		}
		if stdin, err = printfText(stages[0][1]); err != nil {
			return nil, err
		}
		stages = stages[1:]
	}
	if stages[0][0] != "baten" {
		return nil, fmt.Errorf("%q is not baten", stages[0][0])
	}
	var filter func([]string) []string
	switch len(stages) {
	case 1:
	case 2:
		if filter, err = lineFilter(stages[1]); err != nil {
			return nil, err
		}
	default:
		return nil, errors.New("more than one pipe after baten")
	}
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	if filter == nil {
		// One stream for both, in the order written, as on a terminal.
		var both lockedBuffer
		run(ctx, stages[0][1:], strings.NewReader(stdin), &both, &both)
		return docLines(both.String()), nil
	}
	var stdout, stderr lockedBuffer
	run(ctx, stages[0][1:], strings.NewReader(stdin), &stdout, &stderr)
	return append(docLines(stderr.String()), filter(docLines(stdout.String()))...), nil
}

// docLines splits output into lines, without trailing blank ones.
func docLines(s string) []string {
	lines := strings.Split(s, "\n")
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// shellStages splits a command line into the words of each stage of its
// pipeline: spaces separate words, '…' and "…" quote (no escapes), and
// an unquoted | separates stages.
func shellStages(command string) ([][]string, error) {
	var (
		stages [][]string
		words  []string
		word   strings.Builder
		inWord bool
		quote  rune
	)
	end := func() {
		if inWord {
			words = append(words, word.String())
			word.Reset()
			inWord = false
		}
	}
	for _, r := range command {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			if quote == '"' && strings.ContainsRune("\\$`", r) {
				return nil, fmt.Errorf("%q inside double quotes is not understood", r)
			}
			word.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ':
			end()
		case r == '|':
			end()
			if len(words) == 0 {
				return nil, errors.New("an empty pipeline stage")
			}
			stages, words = append(stages, words), nil
		case strings.ContainsRune("\\$`;&<>(){}*?~#", r):
			return nil, fmt.Errorf("%q outside quotes is not understood", r)
		default:
			word.WriteRune(r)
			inWord = true
		}
	}
	end()
	if quote != 0 {
		return nil, errors.New("a quote is not closed")
	}
	if len(words) == 0 {
		return nil, errors.New("an empty pipeline stage")
	}
	return append(stages, words), nil
}

// printfText is what printf prints for a format of text and the escapes
// \n and \\ (no conversions).
func printfText(format string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		switch c := format[i]; {
		case c == '%':
			return "", errors.New("printf conversions are not understood")
		case c != '\\':
			b.WriteByte(c)
		case i+1 < len(format) && format[i+1] == 'n':
			b.WriteByte('\n')
			i++
		case i+1 < len(format) && format[i+1] == '\\':
			b.WriteByte('\\')
			i++
		default:
			return "", fmt.Errorf("printf escape in %q is not understood", format)
		}
	}
	return b.String(), nil
}

// lineFilter is "tail -N" or "head -N".
func lineFilter(words []string) (func([]string) []string, error) {
	if len(words) != 2 || !strings.HasPrefix(words[1], "-") || (words[0] != "tail" && words[0] != "head") {
		return nil, fmt.Errorf("%q is not tail -N or head -N", strings.Join(words, " "))
	}
	n, err := strconv.Atoi(words[1][1:])
	if err != nil || n < 1 {
		return nil, fmt.Errorf("%q: want a count of lines", strings.Join(words, " "))
	}
	if words[0] == "head" {
		return func(lines []string) []string { return lines[:min(n, len(lines))] }, nil
	}
	return func(lines []string) []string { return lines[max(len(lines)-n, 0):] }, nil
}

// docNormal rewrites what changes from run to run, and only that, as a
// placeholder: each pattern's groups are kept around it.
var docNormal = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`^(time +)[0-9]+\.[0-9]+( s)$`), "${1}T${2}"},                                   // perft
	{regexp.MustCompile(`^(nps +)[0-9]+$`), "${1}N"},                                                    // perft
	{regexp.MustCompile(`("seconds":)[0-9.e+-]+`), "${1}T"},                                             // perft --json
	{regexp.MustCompile(`("nps":)[0-9.e+-]+`), "${1}N"},                                                 // perft --json
	{regexp.MustCompile(`^(info .* nps )[0-9]+( hashfull [0-9]+ time )[0-9]+( .*)$`), "${1}N${2}T${3}"}, // uci
	{regexp.MustCompile(`^(\[Date ")[0-9]{4}\.[0-9]{2}\.[0-9]{2}("\])$`), "${1}D${2}"},                  // play's record
}

// normalDoc applies docNormal to each line.
func normalDoc(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		for _, n := range docNormal {
			l = n.re.ReplaceAllString(l, n.with)
		}
		out[i] = l
	}
	return out
}

// docMatch reports whether got is want, a line "…" of want standing for
// any number of lines.
func docMatch(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if strings.TrimSpace(want[0]) == "…" {
		for i := 0; i <= len(got); i++ {
			if docMatch(want[1:], got[i:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && got[0] == want[0] && docMatch(want[1:], got[1:])
}

// TestDocExampleMachinery: the few shell forms are read as a shell reads
// them and the rest refused; "…" stands for lines but does not make any
// output match; the normalisation leaves a count alone.
func TestDocExampleMachinery(t *testing.T) {
	stages, err := shellStages(`printf 'a b\n' | baten analyse --fen "k7/8 w" --depth 2 | tail -5`)
	want := [][]string{{"printf", `a b\n`}, {"baten", "analyse", "--fen", "k7/8 w", "--depth", "2"}, {"tail", "-5"}}
	if err != nil || fmt.Sprint(stages) != fmt.Sprint(want) {
		t.Errorf("stages %q, %v; want %q", stages, err, want)
	}
	for _, bad := range []string{"baten perft > out", "baten perft && ls", "baten 'perft", "baten perft | | tail -1", `baten "$HOME"`, "baten perft # x"} {
		if _, err := shellStages(bad); err == nil {
			t.Errorf("%q read as a command line", bad)
		}
	}
	if got, err := printfText(`e4\ne5\\\n`); err != nil || got != "e4\ne5\\\n" {
		t.Errorf("printf: %q, %v", got, err)
	}
	if _, err := printfText(`%s\n`); err == nil {
		t.Error("printf: a conversion read")
	}
	for _, tc := range []struct {
		want, got string
		ok        bool
	}{
		{"a|…|d", "a|b|c|d", true},
		{"a|…|d", "a|d", true},
		{"…|d", "a|b|d", true},
		{"a|…|d", "a|b|c", false},
		{"a|b", "a|b|c", false},
		{"a|b|c", "a|b", false},
	} {
		if got := docMatch(strings.Split(tc.want, "|"), strings.Split(tc.got, "|")); got != tc.ok {
			t.Errorf("docMatch(%q, %q) = %v", tc.want, tc.got, got)
		}
	}
	if got := normalDoc([]string{"nodes    119060324", "time     0.326 s"}); got[0] != "nodes    119060324" || got[1] != "time     T s" {
		t.Errorf("normalised %q", got)
	}
}

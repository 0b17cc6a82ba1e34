package pgn

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/baten-chess/baten/internal/perftdata"
)

// dump renders a game compactly for table tests:
//
//	Name="Value" ... | {game comment} <before> move $nag {after} (variation) ... => result
func dump(g *Game) string {
	var b strings.Builder
	for _, t := range g.Tags {
		fmt.Fprintf(&b, "%s=%q ", t.Name, t.Value)
	}
	b.WriteString("|")
	for _, c := range g.Comments {
		fmt.Fprintf(&b, " {%s}", c)
	}
	dumpLine(&b, g.Moves)
	fmt.Fprintf(&b, " => %s", g.Result)
	return b.String()
}

func dumpLine(b *strings.Builder, l Line) {
	for _, n := range l {
		for _, c := range n.CommentsBefore {
			fmt.Fprintf(b, " <%s>", c)
		}
		b.WriteString(" " + n.Move)
		for _, nag := range n.NAGs {
			b.WriteString(" $" + strconv.Itoa(nag))
		}
		for _, c := range n.CommentsAfter {
			fmt.Fprintf(b, " {%s}", c)
		}
		for _, v := range n.Variations {
			b.WriteString(" (")
			dumpLine(b, v)
			b.WriteString(" )")
		}
	}
}

// readAll reads every game of s, collecting games and errors in order.
// It fails the test if the reader does not reach io.EOF in a number of
// calls bounded by the input size (a hang).
func readAll(t testing.TB, s string, lim Limits) (games []*Game, errs []error) {
	t.Helper()
	r := NewReader(strings.NewReader(s))
	r.Limits = lim
	for range len(s) + 2 {
		g, err := r.Next()
		if err == io.EOF {
			return games, errs
		}
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("non-syntax error %v", err)
			}
			errs = append(errs, err)
			continue
		}
		games = append(games, g)
	}
	t.Fatalf("reader did not reach EOF after %d calls", len(s)+2)
	return nil, nil
}

// canonical returns the game that reading Write's output of g must give:
// roster tags first (with their defaults), the result marker made
// explicit, comment white space normalised.
func canonical(g *Game) *Game {
	c := &Game{Result: g.Termination()}
	for _, name := range Roster() {
		v, ok := g.Tags.Lookup(name)
		if !ok {
			switch name {
			case "Date":
				v = "????.??.??"
			case "Result":
				v = c.Result
			default:
				v = "?"
			}
		}
		c.Tags = append(c.Tags, Tag{name, v})
	}
	for _, t := range g.Tags {
		if !isRoster(t.Name) {
			c.Tags = append(c.Tags, t)
		}
	}
	c.Comments = normAll(g.Comments)
	c.Moves = canonLine(g.Moves)
	if len(c.Moves) > 0 && len(c.Moves[0].CommentsBefore) > 0 {
		c.Comments = append(c.Comments, c.Moves[0].CommentsBefore...)
		c.Moves[0].CommentsBefore = nil
	}
	return c
}

func canonLine(l Line) Line {
	if l == nil {
		return nil
	}
	out := make(Line, len(l))
	for i, n := range l {
		m := *n
		m.CommentsBefore = normAll(n.CommentsBefore)
		m.CommentsAfter = normAll(n.CommentsAfter)
		m.Variations = nil
		for _, v := range n.Variations {
			m.Variations = append(m.Variations, canonLine(v))
		}
		out[i] = &m
	}
	return out
}

func normAll(cs []string) []string {
	if cs == nil {
		return nil
	}
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = strings.Join(splitASCII(c), " ")
	}
	return out
}

// roundTrip checks that g, read from some input, is written and read back
// as canonical(g), and that writing is then a fixed point. It returns the
// written text.
func roundTrip(t testing.TB, g *Game) string {
	t.Helper()
	var b strings.Builder
	if err := Write(&b, g); err != nil {
		t.Fatalf("Write(%s): %v", dump(g), err)
	}
	out := b.String()
	checkLines(t, out)
	games, errs := readAll(t, out, Limits{})
	if len(errs) > 0 || len(games) != 1 {
		t.Fatalf("re-read of\n%s\ngave %d games, errors %v", out, len(games), errs)
	}
	want := canonical(g)
	if !reflect.DeepEqual(games[0], want) {
		t.Fatalf("round trip differs\n got %s\nwant %s\ntext:\n%s", dump(games[0]), dump(want), out)
	}
	var b2 strings.Builder
	if err := Write(&b2, games[0]); err != nil || b2.String() != out {
		t.Fatalf("second write differs (err %v):\n%s\n---\n%s", err, out, b2.String())
	}
	return out
}

// checkLines checks the 80-byte limit on movetext lines: a longer line
// must be a tag line, hold a ';' comment, or be a single unit (no space
// except before a word that starts with '%').
func checkLines(t testing.TB, s string) {
	t.Helper()
	for i, line := range strings.Split(s, "\n") {
		if len(line) <= MaxLineLen || strings.HasPrefix(line, "[") || strings.Contains(line, ";") {
			continue
		}
		if strings.Contains(strings.ReplaceAll(line, " %", ""), " ") {
			t.Fatalf("line %d has %d bytes: %q", i+1, len(line), line)
		}
	}
}

// dataFiles lists every .pgn file under the shared data folder. Missing
// data fails the test rather than skipping it, so that a run without the
// data cannot pass unnoticed (set BATEN_DATA when it is elsewhere).
func dataFiles(t testing.TB) (dir string, files []string) {
	t.Helper()
	base, err := perftdata.Dir()
	if err != nil {
		t.Fatalf("no reference data: %v", err)
	}
	dir = filepath.Join(base, "pgn")
	err = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".pgn") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no .pgn files under %s", dir)
	}
	return dir, files
}

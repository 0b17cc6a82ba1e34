package ini_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/baten-chess/baten/variant/ini"
)

func TestParse(t *testing.T) {
	f, err := ini.Parse(strings.NewReader(`# a comment
; another

[base]
pawn = p
startFen = 8/8/8/8/8/8/8/8 w - - 0 1

[child:base]
  maxFile = 10
`))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Sections) != 2 {
		t.Fatalf("%d sections, want 2", len(f.Sections))
	}
	c := f.Sections[1]
	if c.Name != "child" || c.Parent != "base" || c.Line != 8 {
		t.Errorf("section %+v", c)
	}
	if e, ok := c.Get("maxFile"); !ok || e.Value != "10" || e.Line != 9 {
		t.Errorf("maxFile = %+v, %v", e, ok)
	}
	if e, _ := f.Sections[0].Get("startFen"); e.Value != "8/8/8/8/8/8/8/8 w - - 0 1" {
		t.Errorf("startFen = %q", e.Value)
	}
}

// TestParseSetTwice: a key set again keeps the later value and its line,
// as Fairy-Stockfish reads it (its example file's [epicatomic] sets
// castling twice).
func TestParseSetTwice(t *testing.T) {
	f, err := ini.Parse(strings.NewReader("[a]\ncastling = true\nmaxFile = 9\ncastling = false\n"))
	if err != nil {
		t.Fatal(err)
	}
	s := f.Sections[0]
	if e, ok := s.Get("castling"); !ok || e.Value != "false" || e.Line != 4 {
		t.Errorf("castling = %+v, %v; want false from line 4", e, ok)
	}
	if len(s.Entries) != 2 {
		t.Errorf("entries %+v, want maxFile and castling once each", s.Entries)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		text          string
		line          int
		section, want string
	}{
		{"pawn = p\n", 1, "", "before any"},
		{"[a]\nnonsense\n", 2, "a", "key = value"},
		{"[a\n", 1, "", "closing"},
		{"[]\n", 1, "", "bad section name"},
		{"[a:]\n", 1, "a", "bad parent"},
		{"[a:a]\n", 1, "a", "own parent"},
		{"[a]\n\n[a]\n", 3, "a", "section defined twice (first on line 1)"},
		{"[a]\n= 1\n", 2, "a", "key = value"},
		{"[a]\nk = \xff\n", 2, "a", "UTF-8"},
		{"[a]\nk = " + strings.Repeat("x", ini.MaxLine) + "\n", 2, "a", "too long"},
	} {
		_, err := ini.Parse(strings.NewReader(tc.text))
		var e *ini.Error
		if !errors.As(err, &e) {
			t.Errorf("%q: error %v, want *ini.Error", tc.text, err)
			continue
		}
		if e.Line != tc.line || e.Section != tc.section || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v (line %d, section %q), want line %d, section %q, %q", tc.text, err, e.Line, e.Section, tc.line, tc.section, tc.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add("[a]\npawn = p\n")
	f.Add("[b:a]\n# c\n; d\nmaxFile = j\ncustomPiece1 = x:NN\n")
	f.Add("[a\n")
	f.Add("[a]\nk = 1\nk = 2\n")
	f.Fuzz(func(t *testing.T, text string) {
		file, err := ini.Parse(strings.NewReader(text))
		if err != nil {
			var e *ini.Error
			if !errors.As(err, &e) || e.Line < 1 {
				t.Fatalf("error %v is not an *ini.Error with a line", err)
			}
			return
		}
		for _, s := range file.Sections {
			if s.Name == "" || s.Line < 1 {
				t.Fatalf("section %+v", s)
			}
			for _, e := range s.Entries {
				if e.Key == "" || e.Line <= s.Line {
					t.Fatalf("entry %+v in %+v", e, s)
				}
			}
		}
	})
}

package pgn

import (
	"errors"
	"strings"
	"testing"
)

// TestWriteFormat compares Write's output with hand-written export format:
// roster order and defaults, escapes, numbering after comments and
// variations, NAGs, glyphs, the ';' form of a comment holding '}'.
func TestWriteFormat(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"roster defaults and order",
			"[ECO \"C60\"]\n[White \"Kasparov, \\\"Garry\\\"\"]\n[Site \"a\\\\b\"]\n1. e4 e5 1-0",
			`[Event "?"]
[Site "a\\b"]
[Date "????.??.??"]
[Round "?"]
[White "Kasparov, \"Garry\""]
[Black "?"]
[Result "1-0"]
[ECO "C60"]

1. e4 e5 1-0

`},
		{"numbering after comments and variations",
			"[Event \"E\"]\n[Site \"S\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n" +
				"{start} 1. e4! {best} e5 (1... c5 $14 2. Nf3 (2. c3) d6) 2. Nf3 Nc6 {x} 3. Bb5 *",
			`[Event "E"]
[Site "S"]
[Date "2024.01.02"]
[Round "1"]
[White "W"]
[Black "B"]
[Result "*"]

{start} 1. e4 $1 {best} 1... e5 (1... c5 $14 2. Nf3 (2. c3) 2... d6) 2. Nf3 Nc6
{x} 3. Bb5 *

`},
		{"fen with black to move",
			"[FEN \"8/8/8/8/8/8/8/k6K b - - 3 41\"]\n41... Ka2 42. Kg2 (42. Kh2 Kb2) *",
			`[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[FEN "8/8/8/8/8/8/8/k6K b - - 3 41"]

41... Ka2 42. Kg2 (42. Kh2 Kb2) *

`},
		{"comment holding a brace",
			"1. e4 ;a } b\ne5 *",
			`[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]

1. e4 ; a } b
1... e5 *

`},
		{"no moves", "{only a comment} 1/2-1/2",
			`[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "1/2-1/2"]

{only a comment} 1/2-1/2

`},
		{"result from tag when marker missing", "[Result \"0-1\"]\n1. e4",
			`[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "0-1"]

1. e4 0-1

`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, errs := readAll(t, tt.in, Limits{})
			if len(errs) > 0 || len(games) != 1 {
				t.Fatalf("%d games, errors %v", len(games), errs)
			}
			got := roundTrip(t, games[0])
			if got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// TestWriteWraps writes a long annotated game and checks that no line
// exceeds 80 bytes, that a comment word starting with '%' never starts a
// line, and that the game reads back the same.
func TestWriteWraps(t *testing.T) {
	var b strings.Builder
	b.WriteString("[Event \"long\"]\n\n")
	for i := 1; i <= 60; i++ {
		b.WriteString("Nf3 {[%eval 0.17] [%clk 0:00:30] a rather long comment to wrap around} Nf6 ")
		b.WriteString("(Nc6 $1 {% %% %%% % % % %} d4) ")
	}
	b.WriteString("*")
	games, errs := readAll(t, b.String(), Limits{})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	out := roundTrip(t, games[0])
	for _, line := range strings.Split(out, "\n") {
		if len(line) > MaxLineLen {
			t.Errorf("line of %d bytes: %q", len(line), line)
		}
		if strings.HasPrefix(line, "%") {
			t.Errorf("line starts with %%: %q", line)
		}
	}
}

// TestWriterSeparatesGames writes two games with a Writer and checks the
// blank line between them and that both read back.
func TestWriterSeparatesGames(t *testing.T) {
	var b strings.Builder
	w := NewWriter(&b)
	for _, r := range []string{"1-0", "0-1"} {
		g := &Game{Result: r, Moves: Line{{Move: "e4"}}}
		if err := w.Write(g); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(b.String(), "1. e4 1-0\n\n[Event") {
		t.Errorf("no blank line between games:\n%s", b.String())
	}
	games, errs := readAll(t, b.String(), Limits{})
	if len(games) != 2 || len(errs) > 0 || games[1].Result != "0-1" {
		t.Errorf("re-read: %d games, %v", len(games), errs)
	}
}

// TestWriteRejects lists games PGN cannot represent: each must give an
// error wrapping ErrUnwritable and write nothing.
func TestWriteRejects(t *testing.T) {
	mv := func(m string) *Game { return &Game{Moves: Line{{Move: m}}} }
	tests := map[string]*Game{
		"bad result":         {Result: "3-0"},
		"empty tag name":     {Tags: Tags{{"", "x"}}},
		"tag name space":     {Tags: Tags{{"My Tag", "x"}}},
		"tag name bracket":   {Tags: Tags{{"A]", "x"}}},
		"repeated tag":       {Tags: Tags{{"A", "x"}, {"A", "y"}}},
		"newline in value":   {Tags: Tags{{"A", "x\ny"}}},
		"empty move":         mv(""),
		"number move":        mv("12"),
		"move with glyph":    mv("e4!"),
		"move with space":    mv("e4 e5"),
		"move with dot":      mv("1.e4"),
		"move is result":     mv("1-0"),
		"move is half-half":  mv("½-½"),
		"move with brace":    mv("e4{"),
		"nag out of range":   {Moves: Line{{Move: "e4", NAGs: []int{256}}}},
		"negative nag":       {Moves: Line{{Move: "e4", NAGs: []int{-1}}}},
		"empty variation":    {Moves: Line{{Move: "e4", Variations: []Line{{}}}}},
		"nil node":           {Moves: Line{nil}},
		"bad move in a var.": {Moves: Line{{Move: "e4", Variations: []Line{{{Move: "d4?"}}}}}},
	}
	for name, g := range tests {
		var b strings.Builder
		err := Write(&b, g)
		if !errors.Is(err, ErrUnwritable) {
			t.Errorf("%s: error %v, want ErrUnwritable", name, err)
		}
		if b.Len() != 0 {
			t.Errorf("%s: wrote %q", name, b.String())
		}
	}
}

type errWriter struct{}

func (errWriter) Write([]byte) (int, error) { return 0, errors.New("full") }

// TestWriteIOError checks that an error of the destination is returned.
func TestWriteIOError(t *testing.T) {
	if err := Write(errWriter{}, &Game{}); err == nil || !strings.Contains(err.Error(), "full") {
		t.Errorf("error %v", err)
	}
}

// TestWriteBuiltGame writes a game built in code (not read): comments
// with odd white space, comments before the first move, and checks the
// round trip up to the documented normalisation.
func TestWriteBuiltGame(t *testing.T) {
	g := &Game{
		Tags:     Tags{{"White", "A"}, {"Annotator", "me"}, {"Event", "E"}},
		Comments: []string{"  lead\n\tcomment "},
		Moves: Line{
			{Move: "e4", CommentsBefore: []string{"before first"}, NAGs: []int{1, 0}},
			{Move: "e5", CommentsAfter: []string{"", "x}y"}, Variations: []Line{
				{{Move: "c5", CommentsBefore: []string{"sicilian"}}, {Move: "Nf3"}},
			}},
			{Move: "Nf3", CommentsBefore: []string{"after var"}},
		},
	}
	roundTrip(t, g)
}

// TestTags checks Lookup, Get, Set (replace and append) and Delete.
func TestTags(t *testing.T) {
	var tags Tags
	tags.Set("White", "A")
	tags.Set("Black", "B")
	tags.Set("White", "C")
	if v, ok := tags.Lookup("White"); !ok || v != "C" || len(tags) != 2 {
		t.Errorf("Set: %v", tags)
	}
	if tags.Get("Nope") != "" {
		t.Error("Get of a missing tag")
	}
	if _, ok := tags.Lookup("Nope"); ok {
		t.Error("Lookup of a missing tag")
	}
	tags = append(tags, Tag{"White", "D"})
	tags.Delete("White")
	if len(tags) != 1 || tags[0].Name != "Black" {
		t.Errorf("Delete: %v", tags)
	}
}

// TestGameHelpers checks MainLine, Termination and Roster.
func TestGameHelpers(t *testing.T) {
	games, _ := readAll(t, "[Result \"1-0\"]\n1. e4 (1. d4) e5 2. Nf3", Limits{})
	g := games[0]
	if got := strings.Join(g.MainLine(), " "); got != "e4 e5 Nf3" {
		t.Errorf("MainLine %q", got)
	}
	if g.Result != "" || g.Termination() != "1-0" {
		t.Errorf("Result %q Termination %q", g.Result, g.Termination())
	}
	if (&Game{}).Termination() != "*" || (&Game{Result: "0-1"}).Termination() != "0-1" {
		t.Error("Termination")
	}
	if strings.Join(Roster(), ",") != "Event,Site,Date,Round,White,Black,Result" {
		t.Error("Roster")
	}
}

package pgn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/baten-chess/baten/internal/race"
)

// TestReadSyntax reads one small input per syntax feature and compares the
// games with their expected dump.
func TestReadSyntax(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string // dumps of the games, in order
	}{
		{"tags", "[Event \"E\"]\n[Site \"S\"]\n\n1. e4 *",
			[]string{`Event="E" Site="S" | e4 => *`}},
		{"tag spacing", "[ Event   \"E\" ]  \n[Site\"S\"]\n*",
			[]string{`Event="E" Site="S" | => *`}},
		{"tag escapes", `[A "x \"q\" \\ y \z"]` + "\n*",
			[]string{`A="x \"q\" \\ y \\z" | => *`}},
		{"tag unescaped quotes", `[Event "Tournament "Championship" Finals"]` + "\n*",
			[]string{`Event="Tournament \"Championship\" Finals" | => *`}},
		{"tag trailing backslash", `[Event "Tournament \"]` + "\n*",
			[]string{`Event="Tournament \\" | => *`}},
		{"tag brackets in value", `[V "closing ] opening ["]` + "\n*",
			[]string{`V="closing ] opening [" | => *`}},
		{"two tags on a line", `[A "1"] [B "2"]` + "\n*",
			[]string{`A="1" B="2" | => *`}},
		{"tag blank line inside header", "[A \"1\"]\n\n[B \"2\"]\n\n*",
			[]string{`A="1" B="2" | => *`}},
		{"non-ascii", "[White \"José Марія\"]\n1. e4 *",
			[]string{`White="José Марія" | e4 => *`}},
		{"brace comment", "1. e4 {  best\n  by   test } e5 *",
			[]string{`| e4 {best by test} e5 => *`}},
		{name: "empty comment", in: "1. e4 {} *", want: []string{`| e4 {} => *`}},
		{"semicolon comment", "1. e4 ; to the end { of line\ne5 *",
			[]string{`| e4 {to the end { of line} e5 => *`}},
		{name: "comment holding brace", in: "1. e4 ;a } b\n*", want: []string{`| e4 {a } b} => *`}},
		{name: "leading comments", in: "{one} {two} 1. e4 *", want: []string{`| {one} {two} e4 => *`}},
		{name: "comment before tags", in: "{header}\n[A \"1\"]\n1. e4 *", want: []string{`A="1" | {header} e4 => *`}},
		{name: "comment only", in: "{White's connection stalls} 0-1", want: []string{`| {White's connection stalls} => 0-1`}},
		{name: "comments after", in: "1. e4 {a} {b} e5 {c} *", want: []string{`| e4 {a} {b} e5 {c} => *`}},
		{"comment after variation", "1. e4 (1. d4) {b} 1... e5 *",
			[]string{`| e4 ( d4 ) <b> e5 => *`}},
		{"comment ending a line after variation", "1. e4 {a} (1. d4) {b} *",
			[]string{`| e4 {a} {b} ( d4 ) => *`}},
		{"comment starting a variation", "1. e4 ({c} 1. d4 {d}) *",
			[]string{`| e4 ( <c> d4 {d} ) => *`}},
		{name: "walling moves", in: "1. e2e4,e4d5 e7e5,d5d4 2. e4,d5 *", want: []string{`| e2e4,e4d5 e7e5,d5d4 e4,d5 => *`}}, // Fairy-Stockfish's duck chess
		{name: "xiangqi's WXF moves", in: "1. C2=5 H8+7 2. C+-1 P3=4 3. ++=4 --=4 *", want: []string{`| C2=5 H8+7 C+-1 P3=4 ++=4 --=4 => *`}},
		{name: "nags", in: "1. e4 $1 $14 e5 $0 $255 *", want: []string{`| e4 $1 $14 e5 $0 $255 => *`}},
		{"glyphs attached", "1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! *",
			[]string{`| e4 $1 e5 $2 Nf3 $3 Nc6 $4 Bb5 $5 a6 $6 => *`}},
		{name: "glyphs standalone", in: "1. e4 !? e5 ?! $18 *", want: []string{`| e4 $5 e5 $6 $18 => *`}},
		{name: "glyph after check", in: "1. Nf3+! Kxf7# $4 *", want: []string{`| Nf3+ $1 Kxf7# $4 => *`}},
		{"move numbers", "1.e4 e5 2. Nf3 2... Nc6 3 Bb5 3.... a6 *",
			[]string{`| e4 e5 Nf3 Nc6 Bb5 a6 => *`}},
		{name: "spaced black number", in: "1. ... Ba5 2. O-O d6 *", want: []string{`| Ba5 O-O d6 => *`}},
		{"odd move tokens", "1. 0-0 0-0-0 2. -- Z0 3. e8=Q+ exd8=N# 4. g1f3 P@e4 5. @e6+ *",
			[]string{`| 0-0 0-0-0 -- Z0 e8=Q+ exd8=N# g1f3 P@e4 @e6+ => *`}},
		{"variations", "1. e4 e5 (1... c5 2. Nf3) (1... e6) 2. Nf3 *",
			[]string{`| e4 e5 ( c5 Nf3 ) ( e6 ) Nf3 => *`}},
		{"nested variations", "1. e4 (1. d4 d5 (1... Nf6 2. c4 (2. Nf3)) 2. c4) 1... e5 *",
			[]string{`| e4 ( d4 d5 ( Nf6 c4 ( Nf3 ) ) c4 ) e5 => *`}},
		{name: "nag after variation", in: "1. e4 (1. d4) $2 e5 *", want: []string{`| e4 $2 ( d4 ) e5 => *`}},
		// Prose in parentheses, as some PGN and PDN files write notes,
		// reads as a comment; a real variation stays one.
		{"prose in parentheses", "1. e4 (a good move, I think.) e5 *",
			[]string{`| e4 {a good move, I think.} e5 => *`}},
		{"prose over lines", "1. 11-15 22-18 2. 15-22 (White must retake here; the engine\nsaw it at once, 100% sure!) 25-18 *",
			[]string{`| 11-15 22-18 15-22 {White must retake here; the engine saw it at once, 100% sure!} 25-18 => *`}},
		{"prose with quotes and nesting", `1. e4 (Black: "a trap" (so he said)) e5 *`,
			[]string{`| e4 {Black: "a trap" (so he said)} e5 => *`}},
		{"variation with a comma in its comment", "1. e4 (1. d4 {solid, too}) e5 *",
			[]string{`| e4 ( d4 {solid, too} ) e5 => *`}},
		{"crlf", "[Event \"E\"]\r\n\r\n1. e4 {a\r\nb} e5\r\n1-0\r\n",
			[]string{`Event="E" | e4 {a b} e5 => 1-0`}},
		{name: "bom", in: "\xef\xbb\xbf[Event \"E\"]\n\n1. e4 *", want: []string{`Event="E" | e4 => *`}},
		{"percent lines", "% comment line\n[Event \"E\"]\n%another [Event \"no\"]\n1. e4 % not at line start\n*",
			nil}, // "% not" is an error: checked in TestReadErrors; here below
		{"multiple games", "[Event \"A\"]\n\n1. e4 1-0\n\n[Event \"B\"]\n\n1. d4 0-1\n\n\n[Event \"C\"]\n*\n",
			[]string{`Event="A" | e4 => 1-0`, `Event="B" | d4 => 0-1`, `Event="C" | => *`}},
		{name: "games without tags", in: "1. e4 * 1. d4 1-0", want: []string{`| e4 => *`, `| d4 => 1-0`}},
		{"results", "1-0 0-1 1/2-1/2 * ½-½",
			[]string{`| => 1-0`, `| => 0-1`, `| => 1/2-1/2`, `| => *`, `| => 1/2-1/2`}},
		{name: "result glued to moves", in: "1.e4 e5 2.Nf3 1-0", want: []string{`| e4 e5 Nf3 => 1-0`}},
		{name: "missing result at eof", in: "[Event \"E\"]\n\n1. e4 e5", want: []string{`Event="E" | e4 e5 => `}},
		{"missing result before next game", "[Event \"A\"]\n1. e4\n[Event \"B\"]\n1. d4 *",
			[]string{`Event="A" | e4 => `, `Event="B" | d4 => *`}},
		{"tag-only games", "[Event \"A\"]\n[Result \"?\"]\n\n[Event \"B\"]\n[Result \"*\"]\n",
			[]string{`Event="A" Result="?" | => `, `Event="B" Result="*" | => `}},
		{"empty input", "", nil},
		{"blank input", " \n\n\t\r\n% escape\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.name == "percent lines" {
				tt.in = strings.Replace(tt.in, "% not at line start", "", 1)
				tt.want = []string{`Event="E" | e4 => *`}
			}
			games, errs := readAll(t, tt.in, Limits{})
			if len(errs) > 0 {
				t.Fatalf("errors: %v", errs)
			}
			var got []string
			for _, g := range games {
				got = append(got, dump(g))
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			for _, g := range games {
				roundTrip(t, g)
			}
		})
	}
}

// TestReadErrors checks that each kind of malformed input gives a
// *SyntaxError naming the right game, line and column, and that the
// games around it are still read.
func TestReadErrors(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		lim   Limits
		want  []string // "game:line:col: message substring"
		games int      // games read without error
		limit bool     // errors wrap ErrLimit
	}{
		{"unexpected character", "[Event \"A\"]\n\n1. e4 <e5> *", Limits{}, []string{"1:3:7: unexpected character '<'"}, 0, false},
		{"percent not at line start", "1. e4 % x\n*", Limits{}, []string{"1:1:7: unexpected character '%'"}, 0, false},
		{"unterminated comment", "1. e4 *\n1. d4 {never\nclosed", Limits{}, []string{"2:2:7: unterminated comment"}, 1, false},
		{"unmatched close", "1. e4 ) e5 *", Limits{}, []string{"1:1:7: unmatched ')'"}, 0, false},
		// Parentheses too long to be read as a comment (TestReadProse) are
		// a variation.
		{"variation with only a comment", "1. e4 ({c}) e5 *", Limits{MaxTokenLen: 4}, []string{"1:1:11: variation without moves"}, 0, false},
		{"variation before any move", "( 1. e4 ) *", Limits{}, []string{"1:1:1: variation before any move"}, 0, false},
		{"nag before any move", "$1 1. e4 *", Limits{}, []string{"1:1:1: annotation glyph before any move"}, 0, false},
		{"nag out of range", "1. e4 $256 *", Limits{}, []string{"1:1:7: NAG $256 out of range"}, 0, false},
		{"nag without number", "1. e4 $ *", Limits{}, []string{"1:1:7: '$' without a number"}, 0, false},
		{"unknown glyph", "1. e4!!! *", Limits{}, []string{"1:1:4: unknown annotation glyph"}, 0, false},
		{"glyph after result", "1. e4 1-0!", Limits{}, []string{"1:1:7: annotation glyph after \"1-0\""}, 0, false},
		{"result in variation", "1. e4 (1. d4 1-0) *", Limits{MaxTokenLen: 8}, []string{"1:1:14: termination marker 1-0 inside a variation"}, 0, false},
		{"unterminated variation at eof", "1. e4 (1. d4 d5 2. c4", Limits{MaxTokenLen: 8}, []string{"1:1:7: unterminated variation at end of input"}, 0, false},
		{"unterminated variation before next game", "1. e4 (1. d4 d5\n\n[E \"B\"]\n*", Limits{MaxTokenLen: 8}, []string{"1:1:7: unterminated variation before the next game"}, 1, false},
		{"tag without value", "[Event]\n*", Limits{}, []string{"1:1:1: tag \"Event\" has no quoted value"}, 0, false},
		{"tag without name", "[ \"x\"]\n*", Limits{}, []string{"1:1:1: missing tag name"}, 0, false},
		{"unterminated tag value", "[Event \"x]\n*", Limits{}, []string{"1:1:1: tag \"Event\": unterminated value"}, 0, false},
		{"depth limit", "1. e4 (1. d4 (1. c4 (1. b4 (1. a4))))) *", Limits{MaxDepth: 3}, []string{"1:1:28: variations nested deeper than 3"}, 0, true},
		{"comment length limit", "1. e4 {0123456789} *", Limits{MaxTokenLen: 8}, []string{"1:1:7: comment longer than 8 bytes"}, 0, true},
		{"move length limit", "1. e4 Nf3xxxxxxxxxx *", Limits{MaxTokenLen: 8}, []string{"1:1:7: token longer than 8 bytes"}, 0, true},
		{"tag length limit", "[Event \"0123456789\"]\n*", Limits{MaxTokenLen: 8}, []string{"1:1:1: tag line longer than 8 bytes"}, 0, true},
		{"token count limit", "1. e4 e5 2. Nf3 Nc6 *", Limits{MaxTokens: 4}, []string{"1:1:13: more than 4 tokens"}, 0, true},
		{"game size limit", "1. e4 e5 2. Nf3 Nc6 *", Limits{MaxGameBytes: 10}, []string{"1:1:13: game longer than 10 bytes"}, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, errs := readAll(t, tt.in, tt.lim)
			var got []string
			for _, err := range errs {
				var se *SyntaxError
				errors.As(err, &se)
				got = append(got, fmt.Sprintf("%d:%d:%d: %s", se.Game, se.Line, se.Col, se.Msg))
				if errors.Is(err, ErrLimit) != tt.limit {
					t.Errorf("errors.Is(%v, ErrLimit) = %v", err, !tt.limit)
				}
			}
			if len(got) != len(tt.want) {
				t.Fatalf("errors %q, want %q", got, tt.want)
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tt.want[i]) {
					t.Errorf("error %q, want prefix %q", got[i], tt.want[i])
				}
			}
			if len(games) != tt.games {
				t.Errorf("%d games read, want %d", len(games), tt.games)
			}
		})
	}
}

// TestResync reads a file whose games 2, 3 and 5 are bad and checks that
// every error is reported with its game and line and that the good games
// in between are read whole.
func TestResync(t *testing.T) {
	in := `[Event "1"]
[Result "1-0"]

1. e4 e5 1-0

[Event "2"]
[Result "*"]

1. e4 e5 (2. Nf3 Nc6) <bad> 2. Nf3 Nc6
3. Bb5 *

[Event "3"]
[Broken tag]
[Site "still game 3"]

1. d4 d5 *
[Event "4"]
[Result "0-1"]

1. c4 {fine} 0-1

[Event "5"]

1. e4 e5 2. Nf3 $300 Nc6

[Event "6"]

1. Nf3 *
`
	r := NewReader(strings.NewReader(in))
	var got []string
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatal(err)
			}
			got = append(got, fmt.Sprintf("error game %d line %d: %s", se.Game, se.Line, se.Msg))
			continue
		}
		got = append(got, dump(g))
	}
	want := []string{
		`Event="1" Result="1-0" | e4 e5 => 1-0`,
		`error game 2 line 9: unexpected character '<'`,
		`error game 3 line 13: tag "Broken" has no quoted value`,
		`Event="4" Result="0-1" | c4 {fine} => 0-1`,
		`error game 5 line 24: NAG $300 out of range 0-255`,
		`Event="6" | Nf3 => *`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestResyncKeepsGames: after a syntax error the reader skips only the
// rest of the bad game — up to its termination marker, or to the next
// game's first tag line — so the game that follows is read whole even
// without tags, and text inside the bad game's comments and tag lines
// does not end the skip early.
func TestResyncKeepsGames(t *testing.T) {
	tests := []struct {
		name string
		in   string
		lim  Limits
		want []string // games and errors in order: dump, or "error G:L: message"
	}{
		{name: "untagged game after an unmatched ')'", in: "[Event \"1\"]\n\n1. c4 *\n\n[Event \"2\"]\n\n1. e4 e5 ) 2. Nf3 *\n\n1. d4 d5 *\n\n[Event \"4\"]\n\n1. Nf3 *\n", want: []string{
			`Event="1" | c4 => *`,
			"error 2:7: unmatched ')'",
			`| d4 d5 => *`,
			`Event="4" | Nf3 => *`,
		}},
		{name: "untagged games after a bad character", in: "1. e4 <e5> 1-0\n1. d4 0-1 1. c4 *", want: []string{
			"error 1:1: unexpected character '<'",
			`| d4 => 0-1`,
			`| c4 => *`,
		}},
		{name: "a glyph on the marker ends the bad game", in: "1. e4 1-0!? 1. d4 *", want: []string{
			`error 1:1: annotation glyph after "1-0"`,
			`| d4 => *`,
		}},
		{name: "a marker inside a comment of the bad game", in: "1. e4 ) {then 1-0 or *\n[Event \"no\"]} e5 0-1\n1. d4 *", want: []string{
			"error 1:1: unmatched ')'",
			`| d4 => *`,
		}},
		{name: "a bad game without marker before a tagged one", in: "1. e4 ) e5\n[Event \"2\"]\n1. d4 *", want: []string{
			"error 1:1: unmatched ')'",
			`Event="2" | d4 => *`,
		}},
		{name: "the rest of a bad tag line", in: "[Event \"x\"] [Site] {\n[Round \"1\"]\n\n1. e4 *\n1. d4 *", want: []string{
			`error 1:1: tag "Site" has no quoted value`,
			`| d4 => *`,
		}},
		{name: "a long comment holding a marker", in: "1. e4 {0123456789 * [x]} e5 *\n1. d4 *", lim: Limits{MaxTokenLen: 8}, want: []string{
			"error 1:1: comment longer than 8 bytes (limit exceeded)",
			`| d4 => *`,
		}},
		{name: "a long tag line holding a comment start", in: "[Event \"0123456789\"] {\n\n1. e4 *\n1. d4 *", lim: Limits{MaxTokenLen: 8}, want: []string{
			"error 1:1: tag line longer than 8 bytes (limit exceeded)",
			`| d4 => *`,
		}},
		{name: "a header-only bad game", in: "[Event \"x]\n[Site \"s\"]\n\n[Event \"2\"]\n\n1. d4 *", want: []string{
			`error 1:1: tag "Event": unterminated value`,
			`Event="2" | d4 => *`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewReader(strings.NewReader(tt.in))
			r.Limits = tt.lim
			var got []string
			for range len(tt.in) + 2 {
				g, err := r.Next()
				if err == io.EOF {
					break
				}
				var se *SyntaxError
				switch {
				case errors.As(err, &se):
					got = append(got, fmt.Sprintf("error %d:%d: %s", se.Game, se.Line, se.Msg))
				case err != nil:
					t.Fatal(err)
				default:
					got = append(got, dump(g))
				}
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestSyntaxErrorType checks the error's text, errors.As and errors.Is.
func TestSyntaxErrorType(t *testing.T) {
	r := NewReader(strings.NewReader("1. e4 *\n\n1. e4 (1. d4 (1. c4 (1. b4))) *"))
	r.Limits.MaxDepth = 2
	if _, err := r.Next(); err != nil {
		t.Fatal(err)
	}
	_, err := r.Next()
	const want = "pgn: game 2, line 3, col 21: variations nested deeper than 2 (limit exceeded)"
	if err == nil || err.Error() != want {
		t.Fatalf("error %v, want %s", err, want)
	}
	var se *SyntaxError
	if !errors.As(err, &se) || se.Game != 2 || se.Line != 3 || se.Col != 21 {
		t.Fatalf("errors.As: %#v", se)
	}
	if !errors.Is(err, ErrLimit) {
		t.Fatal("not ErrLimit")
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("after resync: %v, want io.EOF", err)
	}
}

type failingReader struct {
	data []byte
	err  error
}

func (f *failingReader) Read(p []byte) (int, error) {
	if len(f.data) == 0 {
		return 0, f.err
	}
	n := copy(p, f.data)
	f.data = f.data[n:]
	return n, nil
}

// TestReadIOError checks that an error of the underlying reader is
// wrapped, is not a SyntaxError, and is returned again by later calls.
func TestReadIOError(t *testing.T) {
	boom := errors.New("disk on fire")
	r := NewReader(&failingReader{data: []byte("1. e4 * 1. d4 d5 "), err: boom})
	if _, err := r.Next(); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		_, err := r.Next()
		var se *SyntaxError
		if !errors.Is(err, boom) || errors.As(err, &se) {
			t.Fatalf("error %v, want wrapped %v", err, boom)
		}
	}
}

// TestNextAfterEOF checks that io.EOF is sticky and that a reader over a
// BOM-only or empty input returns no game.
func TestNextAfterEOF(t *testing.T) {
	for _, in := range []string{"", "\xef\xbb\xbf", "\n\n", "% only an escape"} {
		r := NewReader(bytes.NewReader([]byte(in)))
		for range 3 {
			if g, err := r.Next(); err != io.EOF {
				t.Fatalf("%q: %v %v, want io.EOF", in, g, err)
			}
		}
	}
}

// TestHostileInputs reads megabytes of pathological input (deep
// nesting, endless comments and tag lines, long tokens, many tags on one
// line, glyph and NAG floods) and checks that each is read in linear time
// without panic, every call to Next making progress. Under the race
// detector, which slows reading about twentyfold, each input is an eighth
// as long (256 KiB).
func TestHostileInputs(t *testing.T) {
	size := 2 << 20
	if race.Enabled {
		size = 256 << 10
	}
	rep := func(s string) string { return strings.Repeat(s, size/len(s)+1)[:size] }
	inputs := map[string]string{
		"open parens":          "1. e4 " + rep("(e4 "),
		"close parens":         rep(")"),
		"unclosed comment":     "1. e4 {" + rep("x "),
		"comment flood":        "1. e4 " + rep("{c} "),
		"semicolon lines":      rep(";x\n"),
		"percent lines":        rep("%x\n"),
		"tags on one line":     rep(`[A "x"]`),
		"tag line no close":    "[A \"" + rep("x"),
		"quotes":               rep(`"]`),
		"brackets":             rep("["),
		"long move":            "1. " + rep("e"),
		"long number":          rep("1"),
		"dots":                 rep("."),
		"glyphs":               "1. e4 " + rep("!? "),
		"nags":                 "1. e4 " + rep("$1 "),
		"results":              rep("* "),
		"moves no result":      rep("e4 "),
		"crlf only":            rep("\r\n"),
		"nul bytes":            rep("\x00"),
		"high bytes":           rep("\xff"),
		"tags distinct":        "",
		"variation per move":   rep("e4 (d4) "),
		"prose per move":       rep("e4 (Now +76.) "),
		"unclosed prose":       "1. e4 " + rep("(a, "),
		"prose in variations":  "1. e4 " + rep("(e4 (a, b) "),
		"semicolons in parens": "1. e4 " + rep("(e4 ;)\n"),
		"markers in parens":    "1. e4 " + rep("(a * "),
	}
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "[T%d \"v\"]\n", i)
	}
	inputs["tags distinct"] = b.String()
	for name, in := range inputs {
		t.Run(name, func(t *testing.T) {
			start := time.Now()
			games, errs := readAll(t, in, Limits{})
			// A bound, not a speed test: each input takes a few seconds at
			// most on a loaded 2-core machine, a quadratic reader minutes.
			if d := time.Since(start); d > 60*time.Second {
				t.Errorf("%v for %d bytes", d, len(in))
			}
			t.Logf("%d games, %d errors", len(games), len(errs))
		})
	}
}

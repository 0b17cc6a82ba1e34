package pgn

import (
	"strings"
	"testing"
)

// TestReadProse: real PDN and PGN collections write notes in parentheses
// that look like notation — a "+76" evaluation, a "7-10*" move mark,
// words — and parentheses that never close. A group that does not parse
// as a variation is read as a comment with its text; a '(' never closed
// is a comment up to the game's termination marker, the last one before
// the next game's first tag line, or up to that line without one. Genuine
// variations stay variations, also around and inside prose (issue #44,
// item 19).
func TestReadProse(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string // dumps of the games, in order
	}{
		{"an evaluation", "[Event \"a\"]\n1. 11-15 23-18 2. 8-11 27-23 (Now the evaluation jumped to +76.) 3. 4-8 23-19 1/2-1/2\n",
			[]string{`Event="a" | 11-15 23-18 8-11 27-23 {Now the evaluation jumped to +76.} 4-8 23-19 => 1/2-1/2`}},
		{"a move with a mark", "[Event \"b\"]\n14. 10x15 17-13 (Red must play 7-10* to stay in the game.) 15. 7-10 16-11 1/2-1/2\n",
			[]string{`Event="b" | 10x15 17-13 {Red must play 7-10* to stay in the game.} 7-10 16-11 => 1/2-1/2`}},
		{"never closed before the marker", "[Event \"c\"]\n1. 11-15 23-18 2. 9-14 (White resigns, a\npiece down 1-0\n\n[Event \"d\"]\n1. 11-15 *\n",
			[]string{`Event="c" | 11-15 23-18 9-14 {White resigns, a piece down} => 1-0`, `Event="d" | 11-15 => *`}},
		{"never closed, marker in the prose", "[Event \"c\"]\n1. 11-15 23-18 (Red must play 7-10* now 2. 9-14 22-17 1/2-1/2\n[Event \"d\"]\n1. 11-15 *\n",
			[]string{`Event="c" | 11-15 23-18 {Red must play 7-10* now 2. 9-14 22-17} => 1/2-1/2`, `Event="d" | 11-15 => *`}},
		{"never closed, no marker", "[Event \"c\"]\n1. e4 e5 (the rest is lost 2. Nf3\n\n[Event \"d\"]\n1. d4 (1. c4) d5 *\n",
			[]string{`Event="c" | e4 e5 {the rest is lost 2. Nf3} => `, `Event="d" | d4 ( c4 ) d5 => *`}},
		{"never closed at the end of input", "1. e4 e5 (1... c5 2. Nf3", []string{`| e4 e5 {1... c5 2. Nf3} => `}},
		{"never closed, a closed group and its marker inside", "1. e4 (a (see 1-0) b * {x} 1. d4 *\n",
			[]string{`| e4 {a (see 1-0) b * {x} 1. d4} => *`}},
		{"a marker in a variation", "1. e4 (1. d4 d5 1-0) e5 *", []string{`| e4 {1. d4 d5 1-0} e5 => *`}},
		{"words", "1. e4 (Black is lost) e5 *", []string{`| e4 {Black is lost} e5 => *`}},
		{"a move mark in parentheses", "1. e4 e5 2. Qh5 (?!) Nc6 *", []string{`| e4 e5 Qh5 {?!} Nc6 => *`}},
		{"empty parentheses", "1. e4 () e5 *", []string{`| e4 {} e5 => *`}},
		{"a comment in parentheses", "1. e4 ({c}) e5 *", []string{`| e4 {{c}} e5 => *`}},
		{"prose inside a variation", "1. e4 e5 (1... c5 (the Sicilian, sharp) 2. Nf3 (2. c3 d5)) 2. Nf3 *",
			[]string{`| e4 e5 ( c5 {the Sicilian, sharp} Nf3 ( c3 d5 ) ) Nf3 => *`}},
		{"a variation before its first move", "1. e4 ((1. d4) 1. c4) e5 *", []string{`| e4 {(1. d4) 1. c4} e5 => *`}},
		{"a semicolon as punctuation", "1. d4 (1. e4; the best) 1... d5 *", []string{`| d4 {1. e4; the best} d5 => *`}},
		{"castling, null moves, drops and PDN in variations", "1. e4 (1. O-O-O+ -- Z0 P@e4 0-0 11-15 15x22 e8=Q#) *",
			[]string{`| e4 ( O-O-O+ -- Z0 P@e4 0-0 11-15 15x22 e8=Q# ) => *`}},
		{"a variation with a semicolon comment", "1. e4 (1. d4 ; solid\n1... d5) e5 *", []string{`| e4 ( d4 {solid} d5 ) e5 => *`}},
		{"a variation with an escape line", "1. e4 (1. d4\n% skipped (\n1... d5) e5 *", []string{`| e4 ( d4 d5 ) e5 => *`}},
		{"a variation with a NAG and glyphs", "1. e4 (1. d4! $14 d5?!) e5 *", []string{`| e4 ( d4 $1 $14 d5 $6 ) e5 => *`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
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

// TestReadProseWindow: whether a group is prose does not depend on where
// the reader's buffer happens to end: the same game, preceded by padding
// of every length around the buffer's size (64 KiB), reads the same.
func TestReadProseWindow(t *testing.T) {
	const game = "1. e4 e5 (Now the evaluation jumped to +76.) 2. Nf3 *\n"
	const want = `| e4 e5 {Now the evaluation jumped to +76.} Nf3 => *`
	for pad := 64<<10 - 60; pad <= 64<<10+10; pad++ {
		games, errs := readAll(t, strings.Repeat(" ", pad)+game, Limits{})
		if len(errs) > 0 || len(games) != 1 {
			t.Fatalf("padding %d: %d games, errors %v", pad, len(games), errs)
		}
		if got := dump(games[0]); got != want {
			t.Fatalf("padding %d: got %s, want %s", pad, got, want)
		}
	}
}

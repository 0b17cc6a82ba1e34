package pgn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// dataExpect is what reading each file of ../shared/data/pgn must give:
// the number of games read without error and the errors, as
// "game:line: message prefix". Files not listed must read with no error.
var dataExpect = map[string]struct {
	games  int
	errors []string
}{
	// chess.js feeds this file with newline_char "<br />": as PGN the
	// markup is an unexpected character; the reader skips the bad game
	// to its termination marker, the last token of the file (the tags
	// in between are not at the start of a line).
	"chessjs/pgn/0.pgn": {0, []string{"1:1: unexpected character '<'"}},
}

// dataGames is the number of games of each valid file (counted by hand
// from the "[Event" lines and termination markers).
var dataGames = map[string]int{
	"chess960_games.pgn": 8, "chess-library/empty_body.pgn": 2, "chess-library/multiple.pgn": 4,
	"chess-library/no_moves_but_comment_followed_by_termination_marker.pgn": 2,
	"chess-library/no_moves_but_game_termination_multiple.pgn":              2,
	"chess-library/no_moves_but_game_termination_multiple_2.pgn":            3,
	"chess-library/no_moves_two_games.pgn":                                  2, "chess-library/skip.pgn": 2,
	"python-chess/cutechess-fischerrandom.pgn": 4, "python-chess/kasparov-deep-blue-1997.pgn": 6,
	"python-chess/utf8-bom.pgn": 2,
}

// TestDataFiles reads every .pgn file under ../shared/data/pgn, checks the
// expected games and errors, and round-trips every game through Write.
func TestDataFiles(t *testing.T) {
	dir, files := dataFiles(t)
	for _, path := range files {
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		t.Run(rel, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			games, errs := readAll(t, string(data), Limits{})
			exp, ok := dataExpect[rel]
			if !ok {
				exp.games = 1
				if n, ok := dataGames[rel]; ok {
					exp.games = n
				}
			}
			var got []string
			for _, err := range errs {
				var se *SyntaxError
				errors.As(err, &se)
				got = append(got, fmt.Sprintf("%d:%d: %s", se.Game, se.Line, se.Msg))
			}
			if len(got) != len(exp.errors) {
				t.Fatalf("errors %q, want %q", got, exp.errors)
			}
			for i := range got {
				if !strings.HasPrefix(got[i], exp.errors[i]) {
					t.Errorf("error %q, want %q", got[i], exp.errors[i])
				}
			}
			if len(games) != exp.games {
				t.Errorf("%d games, want %d", len(games), exp.games)
			}
			for _, g := range games {
				roundTrip(t, g)
			}
		})
	}
}

// TestDataDetails checks what some data files exist to exercise.
func TestDataDetails(t *testing.T) {
	dir, _ := dataFiles(t)
	read := func(name string) []*Game {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		games, errs := readAll(t, string(data), Limits{})
		if len(errs) > 0 {
			t.Fatalf("%s: %v", name, errs)
		}
		return games
	}
	check := func(name, what string, ok bool) {
		if !ok {
			t.Errorf("%s: %s", name, what)
		}
	}
	g := read("chess-library/backslash_header.pgn")[0]
	check("backslash_header", "Event", g.Tags.Get("Event") == `Tournament \`)
	g = read("chess-library/unescaped_quote_header.pgn")[0]
	check("unescaped_quote_header", "White", g.Tags.Get("White") == `Smith, John "The King"`)
	g = read("chess-library/square_bracket_in_header.pgn")[0]
	check("square_bracket_in_header", "tags", g.Tags.Get("Variation") == "closing ] opening" &&
		g.Tags.Get("White") == `New-cfe8"dsadsa"ce842c`)
	g = read("chess-library/comment_before_moves.pgn")[0]
	check("comment_before_moves", "leading comment", len(g.Comments) == 1 && strings.HasPrefix(g.Comments[0], "The original result"))
	check("comment_before_moves", "?! glyph", g.Moves[11].Move == "e6" && len(g.Moves[11].NAGs) == 1 && g.Moves[11].NAGs[0] == 6 &&
		len(g.Moves[11].CommentsAfter) == 2)
	g = read("chess-library/variations.pgn")[0]
	check("variations", "variation of 4. fxe5", g.Moves[6].Move == "fxe5" && len(g.Moves[6].Variations) == 1 &&
		strings.Join((&Game{Moves: g.Moves[6].Variations[0]}).MainLine(), " ") == "Nf3 f6")
	check("variations", "$146", g.Moves[3].NAGs[0] == 146)
	check("variations", "result", g.Result == "1/2-1/2")
	g = read("chess-library/corrupted.pgn")[0]
	check("corrupted", "truncated: last token Kx, no marker (syntax cannot tell)",
		g.Moves[len(g.Moves)-1].Move == "Kx" && g.Result == "" && g.Termination() == "1/2-1/2")
	gs := read("python-chess/utf8-bom.pgn")
	check("utf8-bom", "Event after BOM", gs[0].Tags[0] == Tag{"Event", "A"} && gs[1].Tags.Get("Event") == "B")
	g = read("python-chess/chessbase-empty-line.pgn")[0]
	check("chessbase-empty-line", "one header", g.Tags.Get("Event") != "" && g.Tags.Get("Date") == "2017.12.04")
	g = read("python-chess/anastasian-lewis.pgn")[0]
	check("anastasian-lewis", "Z0 null move", strings.Contains(strings.Join(g.MainLine(), " "), "Bxf3 Z0 Ke1"))
	g = read("chessjs/pgn/3.pgn")[0]
	check("chessjs 3", "1. ... Ba5", g.Moves[0].Move == "Ba5")
	gs = read("chess-library/empty_body.pgn")
	check("empty_body", "first game without moves", len(gs[0].Moves) == 0 && gs[0].Result == "" && len(gs[1].Moves) > 0)
}

// TestReadConcatenated reads every valid data file concatenated into one
// stream (each file's BOM removed) and checks the total number of games.
func TestReadConcatenated(t *testing.T) {
	dir, files := dataFiles(t)
	var all bytes.Buffer
	want := 0
	for _, path := range files {
		rel, _ := filepath.Rel(dir, path)
		if _, bad := dataExpect[filepath.ToSlash(rel)]; bad {
			continue
		}
		data, _ := os.ReadFile(path)
		all.Write(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
		all.WriteString("\n\n")
		want += max(1, dataGames[filepath.ToSlash(rel)])
	}
	r := NewReader(&all)
	n := 0
	for {
		_, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != want {
		t.Errorf("%d games, want %d", n, want)
	}
}

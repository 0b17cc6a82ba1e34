package draughts

import (
	"errors"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestReadRealPDN: PDN files written by real programs and people (see
// testdata/README.md for their sources and licences) read with no false
// rejections, and every game ends where the reference generator (the
// spec, package rules) says it does.
func TestReadRealPDN(t *testing.T) {
	for _, tt := range []struct {
		file  string
		games int
		plies int // of the first game
	}{
		{"testdata/german-open-2004.pdn", 1, 44},
		{"testdata/pdn-standard-sample.pdn", 1, 48},
	} {
		f, err := os.Open(tt.file)
		if err != nil {
			t.Fatal(err)
		}
		games, err := ReadPDN(f)
		f.Close()
		if err != nil {
			t.Errorf("%s: %v", tt.file, err)
			continue
		}
		if len(games) != tt.games || len(games[0].Moves) != tt.plies {
			t.Errorf("%s: %d games, first with %d plies; want %d, %d", tt.file, len(games), len(games[0].Moves), tt.games, tt.plies)
		}
		for i, g := range games {
			if got, ref := g.Final().FEN(), replay(t, g); got != ref {
				t.Errorf("%s game %d ends in %s, reference %s", tt.file, i+1, got, ref)
			}
		}
	}
}

// TestReadTinsleyCollection: the whole collection of Marion Tinsley's
// games, 724 of them, each read on its own as "baten validate" does. It
// writes plain steps with "x" ("10x14"), which rejected 714 games before
// moves were read by their squares, and runs two moves together with a
// converter's prose ("26-22Whiteoversteppedthetimecontrolonthismove.").
// Every game reads and ends where the reference generator says, but game
// 541, whose move 32-28 is illegal: black has no piece on 32.
func TestReadTinsleyCollection(t *testing.T) {
	b, err := os.ReadFile("testdata/tinsley.pdn")
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	starts := regexp.MustCompile(`(?m)^\[Event `).FindAllStringIndex(text, -1)
	if len(starts) != 724 {
		t.Fatalf("%d games in the file, want 724", len(starts))
	}
	prose := 0
	for i, s := range starts {
		end := len(text)
		if i+1 < len(starts) {
			end = starts[i+1][0]
		}
		games, err := ReadPDN(strings.NewReader(text[s[0]:end]))
		if i+1 == 541 {
			var pe *PDNError
			if !errors.Is(err, ErrIllegalMove) || !errors.As(err, &pe) || pe.Token != "32-28" {
				t.Errorf("game 541: %v, want the illegal move 32-28", err)
			}
			continue
		}
		if err != nil || len(games) != 1 {
			t.Errorf("game %d: %d games, %v", i+1, len(games), err)
			continue
		}
		g := games[0]
		if i == 0 && len(g.Moves) != 56 {
			t.Errorf("game 1: %d plies, want 56", len(g.Moves))
		}
		if c := g.Comments[len(g.Comments)-1]; strings.HasSuffix(c, "oversteppedthetimecontrolonthismove.") {
			prose++
		}
		if got, ref := g.Final().FEN(), replay(t, g); got != ref {
			t.Errorf("game %d ends in %s, reference %s", i+1, got, ref)
		}
	}
	if prose != 2 {
		t.Errorf("%d games end with the prose run into their last move, want 2", prose)
	}
}

// TestReadLiberalPDN: the shapes of existing files the PDN standard's
// liberal reading covers, in constructed games (not copied from a file):
// captures written with "-" as some computer-championship collections
// do, steps with "x", and prose in parentheses, which is kept as a
// comment while a real variation is still skipped. A genuinely illegal
// move is still reported: a king stepping 32-28 into an occupied square,
// the one illegal move of the Tinsley collection.
func TestReadLiberalPDN(t *testing.T) {
	const dashes = `[Event "dash captures"]
[Result "1/2-1/2"]
1. 11-15 22-18 2. 15-22 (White must retake here; the
engine saw it at once.) 25-18 3. 8-11 (3. 12-16 24-20) 29-25 1/2-1/2
`
	games, err := ReadPDN(strings.NewReader(dashes))
	if err != nil {
		t.Fatal(err)
	}
	g := games[0]
	if len(g.Moves) != 6 || g.Moves[2].String() != "15x22" || g.Moves[3].String() != "25x18" {
		t.Fatalf("read %v", g.Moves)
	}
	if c := g.Comments[3]; c != "White must retake here; the engine saw it at once." {
		t.Errorf("prose in parentheses: comment %q", c)
	}
	if c := g.Comments[5]; c != "" {
		t.Errorf("a variation became the comment %q", c)
	}
	if got, ref := g.Final().FEN(), replay(t, g); got != ref {
		t.Errorf("ends in %s, reference %s", got, ref)
	}

	const illegal = `[Event "king into an occupied square"]
[FEN "W:WK32,19:B28,1"]
1... 32-28 *
`
	_, err = ReadPDN(strings.NewReader(illegal))
	var pe *PDNError
	var me *MoveError
	if !errors.Is(err, ErrIllegalMove) || !errors.As(err, &pe) || pe.Token != "32-28" || !errors.As(err, &me) || me.Reason != "square 28 is occupied" {
		t.Errorf("32-28 into an occupied square: %v", err)
	}
}

// gamesOf splits a PDN text into its games, at each line starting with
// "[Event ".
func gamesOf(text string) []string {
	starts := regexp.MustCompile(`(?m)^\[Event `).FindAllStringIndex(text, -1)
	var games []string
	for i, s := range starts {
		end := len(text)
		if i+1 < len(starts) {
			end = starts[i+1][0]
		}
		games = append(games, text[s[0]:end])
	}
	return games
}

// TestReadNotesPDN: notes in parentheses that look like notation, as
// real collections write them (issue #44, item 19): "(Now the evaluation
// jumped to +76.)", "(Red must play 7-10* to stay in the game.)", and
// parentheses never closed, before the game's result or before the next
// game's tags. testdata/notes.pdn is five games of the Tinsley collection
// with such notes written in (and a real variation): the first four read
// together to the same moves as without the notes, with each note kept as
// a comment after its move, and the result of the marker or Result tag;
// the illegal move of game 541 is still reported.
func TestReadNotesPDN(t *testing.T) {
	read := func(file string) []string {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		return gamesOf(string(b))
	}
	tinsley, notes := read("testdata/tinsley.pdn"), read("testdata/notes.pdn")
	if len(notes) != 5 {
		t.Fatalf("%d games in notes.pdn, want 5", len(notes))
	}
	got, err := ReadPDN(strings.NewReader(strings.Join(notes[:4], "")))
	if err != nil || len(got) != 4 {
		t.Fatalf("%d games, %v; want 4", len(got), err)
	}
	for i, tt := range []struct {
		ply    int // the note stands after this many plies
		note   string
		result Result
	}{
		{4, "Now the evaluation jumped to +76.", Drawn},
		{28, "Red must play 7-10* to stay in the game.", Drawn},
		{27, "White resigned here, a piece down", BlackWins},
		{54, "Black resigned here; the score sheet ends", WhiteWins},
	} {
		want, err := ReadPDN(strings.NewReader(tinsley[i]))
		if err != nil {
			t.Fatal(err)
		}
		g := got[i]
		if !slices.Equal(g.Moves, want[0].Moves) {
			t.Errorf("game %d: moves %v, want %v", i+1, g.Moves, want[0].Moves)
		}
		if g.Comments[tt.ply] != tt.note {
			t.Errorf("game %d: comment %q after ply %d, want %q", i+1, g.Comments[tt.ply], tt.ply, tt.note)
		}
		if g.Result != tt.result {
			t.Errorf("game %d: result %v, want %v", i+1, g.Result, tt.result)
		}
	}
	_, err = ReadPDN(strings.NewReader(notes[4]))
	var pe *PDNError
	if !errors.Is(err, ErrIllegalMove) || !errors.As(err, &pe) || pe.Token != "32-28" {
		t.Errorf("game 541: %v, want the illegal move 32-28", err)
	}
}

package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

const operaGame = `[Event "Paris"]
[White "Morphy, Paul"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8.
Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14.
Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0

`

func TestValidate(t *testing.T) {
	write := tempWriter(t)
	good := write("good.pgn", operaGame+`[Variant "Shatranj"]

1. e3 e6 2. Nc3 *

[Variant "Ban Chess"]

1. {banning: e2e4} d4 {banning: d7d5} e5 *
`)
	bad := write("bad.pgn", operaGame+`[White "A"]
[Black "B"]

1. e4 e5 2. Ke3 Nc6 *

[Variant "Chess960"]
[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"]

1. O-O *
`)
	pdn := write("game.pdn", "[Event \"x\"]\n\n1. 11-15 23-19 2. 8-11 22-17 2-0\n\n1. 11-15 11-16 *\n")

	out, _, err := baten(t, "validate", good)
	if err != nil || out != "3 games, 38 plies, 2 bans, 0 errors\n" {
		t.Fatalf("good file: %q %v", out, err)
	}
	out, _, err = baten(t, "validate", good, bad, pdn)
	if !errors.Is(err, errReported) {
		t.Fatalf("bad files: %v", err)
	}
	for _, want := range []string{
		bad + ": game 2 (A - B): move 2 (Ke3): san: illegal move",
		bad + ": game 3: move 1 (O-O): san: illegal move",
		pdn + ": game 2: move 1 (11-16)",
		"8 games, 78 plies, 2 bans, 3 errors\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// A draughts move gets its reason: here a capture was due.
	forced := write("forced.pdn", "1. 11-15 23-18 2. 12-16 24-20 *\n")
	out, _, _ = baten(t, "validate", forced)
	if want := forced + `: game 1: move 2 (24-20): draughts: illegal move "24-20" in W:W18,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,15,16: a capture is compulsory: 18x11` + "\n"; !strings.HasPrefix(out, want) {
		t.Errorf("forced capture:\n%s\nwant\n%s", out, want)
	}
	// A real collection: every game of Marion Tinsley's is read but the
	// one with an illegal move, its only line of output.
	tinsley := filepath.Join("..", "..", "draughts", "testdata", "tinsley.pdn")
	out, _, _ = baten(t, "validate", tinsley)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], tinsley+": game 541 (M Tinsley - AA Long): move 62 (32-28): draughts: illegal move") ||
		!strings.HasPrefix(lines[1], "724 games, ") || !strings.HasSuffix(lines[1], " plies, 1 error") {
		t.Errorf("the Tinsley collection:\n%s", out)
	}
	// A syntax error names its game once, and the untagged game after it
	// still counts; a result contradicting the moves is an error too.
	syntax := write("syntax.pgn", "[Event \"a\"]\n\n1. e4 e5 ) 2. Nf3 *\n\n1. d4 d5 *\n\n1. f3 e5 2. g4 Qh4# 1-0\n")
	out, _, _ = baten(t, "validate", syntax)
	for _, want := range []string{
		syntax + ": game 1, line 3, col 10: pgn: unmatched ')'\n",
		syntax + ": game 3: game: result 1-0",
		"3 games, 6 plies, 2 errors\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if _, _, err := baten(t, "validate", filepath.Join(t.TempDir(), "missing.pgn")); err == nil {
		t.Error("a missing file was accepted")
	}
	if _, _, err := baten(t, "validate"); err == nil {
		t.Error("no file was accepted")
	}
}

// repeatReader yields text n times without holding more than one copy,
// and records the largest heap seen every 1000 copies.
type repeatReader struct {
	text     string
	n        int
	rest     string
	peakHeap uint64
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.rest == "" {
		if r.n == 0 {
			return 0, io.EOF
		}
		if r.n%1000 == 0 {
			// The live heap: garbage not yet collected depends on the
			// collector's pace (and on other tests running beside).
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			r.peakHeap = max(r.peakHeap, ms.HeapAlloc)
		}
		r.n--
		r.rest = r.text
	}
	k := copy(p, r.rest)
	r.rest = r.rest[k:]
	return k, nil
}

// TestValidateStreams replays 20,000 games (about 8 MB) from stdin and
// checks that the heap stays small throughout: games are read, replayed
// and dropped one by one.
func TestValidateStreams(t *testing.T) {
	const games = 20000
	var out, errOut bytes.Buffer
	// The heap before: what earlier tests of the package left live (a
	// registry of every game, caches) is not the stream's.
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	in := &repeatReader{text: operaGame, n: games}
	if err := run(context.Background(), []string{"validate", "-"}, in, &out, &errOut); err != nil {
		t.Fatal(err, errOut.String())
	}
	if out.String() != "20000 games, 660000 plies, 0 errors\n" {
		t.Fatalf("summary %q", out.String())
	}
	// Kept games would need well over 100 MB (a replayed game holds a
	// position per ply).
	grown := in.peakHeap - min(base, in.peakHeap)
	t.Logf("heap %d MB before, peak %d MB", base>>20, in.peakHeap>>20)
	if grown > 16<<20 {
		t.Errorf("heap grew by %d MB while streaming", grown>>20)
	}
}

// TestProgressOffWithoutTerminal: the indicator shows only on a terminal;
// a nil indicator takes steps and stops without effect.
func TestProgressOffWithoutTerminal(t *testing.T) {
	var buf bytes.Buffer
	p := startProgress(&buf, "x", 10)
	if p != nil {
		t.Fatal("an indicator on a buffer")
	}
	p.step(1)
	p.stop()
	if buf.Len() != 0 {
		t.Fatalf("wrote %q", buf.String())
	}
}

// TestCountWords: validate and open count games, plies (a move by one
// side: "1. e4 e5" is two) and bans with the right word and number: it
// printed "1 games" and called 17 plies "17 moves".
func TestCountWords(t *testing.T) {
	for _, tt := range []struct {
		plies, bans int
		want        string
	}{{0, 0, "0 plies"}, {1, 0, "1 ply"}, {17, 0, "17 plies"}, {2, 1, "2 plies, 1 ban"}, {4, 4, "4 plies, 4 bans"}} {
		if got := pliesText(tt.plies, tt.bans); got != tt.want {
			t.Errorf("pliesText(%d, %d) = %q, want %q", tt.plies, tt.bans, got, tt.want)
		}
	}
	dir := t.TempDir()
	one := filepath.Join(dir, "one.pgn")
	if err := os.WriteFile(one, []byte("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, err := baten(t, "validate", one)
	if err != nil || out != "1 game, 9 plies, 0 errors\n" {
		t.Errorf("validate: %q %v", out, err)
	}
	ban := filepath.Join(dir, "ban.pgn")
	if err := os.WriteFile(ban, []byte("[Variant \"Ban-Chess\"]\n\n1. {banning: d2d4} e4 {banning: d7d5} e5 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, err = baten(t, "validate", ban)
	if err != nil || out != "1 game, 2 plies, 2 bans, 0 errors\n" {
		t.Errorf("validate Ban-Chess: %q %v", out, err)
	}
	play := playScript(t, "open "+one+"\n")
	if !strings.Contains(play, "opened "+one+": chess game, 9 plies") {
		t.Errorf("open:\n%s", play)
	}
}

// TestValidateNotes: notes in parentheses that look like notation ("(Now
// the evaluation jumped to +76.)", "(Red must play 7-10* to stay in the
// game.)") and parentheses never closed, in real games, PDN and PGN, are
// read as comments (issue #44, item 19): validate reports what it
// reports for the same games without the notes, an illegal move among
// them included.
func TestValidateNotes(t *testing.T) {
	write := tempWriter(t)
	b, err := os.ReadFile(filepath.Join("..", "..", "draughts", "testdata", "tinsley.pdn"))
	if err != nil {
		t.Fatal(err)
	}
	games := strings.SplitAfter(string(b), "\n\n")
	notes := filepath.Join("..", "..", "draughts", "testdata", "notes.pdn")
	plain := write("plain.pdn", strings.Join(append(games[:4:4], games[540]), ""))
	opera := strings.Replace(operaGame, "4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4", "4. dxe5 (Now the evaluation jumped to +2.) Bxf3 (4... dxe5\n5. Qxd8+ Kxd8) 5. Qxf3 (White must play 6. Bc4* to keep the attack.) dxe5 6. Bc4", 1)
	opera = strings.Replace(opera, "17. Rd8# 1-0", "17. Rd8# (Morphy's famous finish 1-0", 1)
	if opera == operaGame {
		t.Fatal("no notes written into the Opera game")
	}
	for _, tt := range []struct{ notes, plain string }{
		{notes, plain},
		{write("opera-notes.pgn", opera), write("opera.pgn", operaGame)},
	} {
		got, _, gotErr := baten(t, "validate", tt.notes)
		want, _, wantErr := baten(t, "validate", tt.plain)
		if got = strings.ReplaceAll(got, tt.notes, "FILE"); got != strings.ReplaceAll(want, tt.plain, "FILE") || !errors.Is(gotErr, wantErr) && gotErr != wantErr {
			t.Errorf("%s:\n%s(%v)\nwithout the notes:\n%s(%v)", tt.notes, got, gotErr, want, wantErr)
		}
	}
}

package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/baten-chess/baten/game"
	"github.com/baten-chess/baten/variant"
)

// playScript runs "baten play args…" with the script's lines on stdin.
func playScript(t *testing.T, script string, args ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	err := run(context.Background(), append([]string{"play"}, args...), strings.NewReader(script), &out, &errOut)
	if err != nil || errOut.Len() > 0 {
		t.Fatalf("play %v: %v %s", args, err, errOut.String())
	}
	return out.String()
}

// scriptedGames are play sessions on stdin, one a variant or feature,
// with lines the output must contain in order; FuzzPlay starts from them.
var scriptedGames = []struct {
	name, variant, script string
	want                  []string // lines the output must contain, in order
}{
	{"chess fool's mate", "chess", "f3\ne5\ng4\nQh4#\ne4\n",
		[]string{"1. f3", "1... e5", "2... Qh4#", "game over: black wins by checkmate (0-1)", "error: the game is over: black wins by checkmate (0-1)"}},
	{"chess960 by number, resignation", "chess", "new960 0\nposition960\nnew960 960\nO-O\nresign\n",
		[]string{"Chess960 position 0", "new chess960 game: bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
			"Chess960 position 0", "error: chess960 960: variant: no such start position: want a number from 0 to 959", "error: O-O is illegal: castling that way is not legal",
			"game over: black wins by resignation (0-1)"}},
	// The FEN's counter field stands before the clocks: the move number is still the last field.
	{"three-check move numbers", "3check", "e4\ne5\nNf3\n",
		[]string{"1. e4", "1... e5", "2. Nf3"}},
	{"shatranj bare king", "shatranj", "load 4k3/8/8/8/8/8/3r4/R3K3 w - - 0 1\nKxd2\n",
		[]string{"new shatranj game", "1. Kxd2", "game over: white wins: black has a bare king (1-0)"}},
	// Black's offer stands through its own move; White accepts.
	{"shatranj alternative setup, draw agreed", "shatranj", "setup alternative\nfen\ne3\ndraw\ne6\ndraw\n",
		[]string{"rnafkanr/pppppppp/8/8/8/8/PPPPPPPP/RNAFKANR w - - 0 1", "1. e3",
			"black offers a draw", "1... e6", "game over: draw by agreement (1/2-1/2)"}},
	{"ban-chess mate by ban", "banchess", "load k7/8/1K6/8/8/8/4B3/8 w - - 0 1 1\nban e2d1\nBf3+\nban a8b8\n",
		[]string{"black bans e2d1", "1. Bf3+", "white bans a8b8", "game over: white wins by checkmate (1-0)"}},
	{"draughts no pieces", "draughts", "load W:W18:B14\n18x9\n",
		[]string{"1. white 18x9", "game over: white wins: black has no pieces left (0-2)"}},
	{"draughts no moves", "draughts", "load B:W32:B28\n",
		[]string{"game over: white wins: black has no moves left (0-2)"}},
	// Ballot 1 as shared/data/draughts/ballots.txt lists it.
	{"draughts ballot and claim", "draughts", "ballot 1\nclaim\n",
		[]string{"ballot 1: 9-13 21-17 5-9", "error: no draw can be claimed now"}},
	{"chess repetition claim", "chess", "Nf3\nNf6\nNg1\nNg8\nNf3\nNf6\nNg1\nclaim\nNg8\nclaim\n",
		[]string{"black may claim a draw by threefold repetition with Ng8 (claim <move>)", "error: no draw can be claimed now", "4... Ng8",
			"white may claim a draw by threefold repetition: type claim", "game over: draw by threefold repetition (1/2-1/2)"}},
	{"shatranj tabiya", "shatranj", "tabiya 2\ntabiya mujannah mashaikhi\ne4\n",
		[]string{"error: tabiya 2: shatranj: unknown tabiya: number 2", "tabiya Mujannah-Mashaikhi",
			"new shatranj game: r1a1ka1r/p2nn1p1/1ppf1p1p/3pp3/2P2P2/1PNPPNP1/P6P/1RAFKAR1 w - - 0 1", "1. e4"}},
	{"undo and moves", "chess", "e4\nundo\nfen\nmoves\n",
		[]string{"1. e4", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Na3 Nc3 Nf3 Nh3"}},
	{"undo says what it took back", "chess", "e4\ne5\nundo\nundo\nundo\n",
		[]string{"1... e5", "took back 1... e5", "took back 1. e4", "error: there is no move to take back"}},
	// An ending made off the board is taken back without a move, also
	// before the first move.
	{"undo a resignation", "chess", "resign\nundo\ne4\nresign\nundo\nundo\n",
		[]string{"game over: black wins by resignation (0-1)", "reopened: took back the resignation", "1. e4",
			"game over: white wins by resignation (1-0)", "reopened: took back the resignation", "took back 1. e4"}},
	{"undo a ban", "banchess", "ban e2e4\nundo\n", []string{"black bans e2e4", "took back black bans e2e4"}},
	{"undo in draughts", "draughts", "11-15\nundo\nfen\n",
		[]string{"took back 1. black 11-15", "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"}},
	{"bans only in ban-chess", "shatranj", "ban e2e4\nb:e2e4\n",
		[]string{"error: this Shatranj game has no bans (try: new banchess)",
			"error: this Shatranj game has no bans (try: new banchess)"}},
	{"start sets belong to their game", "chess", "tabiya 1\nballot 3\nsetup alternative\n",
		[]string{"error: tabiya applies to shatranj (try: new shatranj)", "error: ballot applies to draughts (try: new draughts)",
			"error: setup applies to shatranj (try: new shatranj)"}},
	// A Capablanca game to checkmate; Fairy-Stockfish 11.1 (UCI_Variant
	// capablanca) agrees: after these moves it reports "Checkers: e3" and
	// perft 1 = 0.
	{"capablanca to checkmate", "capablanca", "Cg3\na6\nc3\ni6\nc4\nh6\nd3\nAd6\nCf5\nAxf5\nAg5\nhxg5\nf3\nCxh2+\nBxh2\nAe3#\npgn\n",
		[]string{"1. Cg3", "4... Ad6", "5... Axf5", "7... Cxh2+", "8... Ae3#", "game over: black wins by checkmate (0-1)",
			`[Variant "Capablanca"]`, "Bxh2 Ae3# 0-1"}},
	// family: drops: the hand under the board, a drop in the record.
	{"crazyhouse drop", "crazyhouse", "e4\nd5\nexd5\nQxd5\nP@e6\nboard\npgn\n",
		[]string{"2... Qxd5", "3. P@e6", "6   .  .  .  .  ♙  .  .  .", "in hand: white -, black p", `[Variant "Crazyhouse"]`, "3. P@e6 *"}},
	{"load a stalemate", "chess", "load 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\n",
		[]string{"new chess game", "game over: draw by stalemate (1/2-1/2)"}},
	{"load a position without black pieces", "draughts", "load B:W18:B\n",
		[]string{"new draughts game: B:W18:B", "game over: white wins: black has no pieces left (0-2)"}},
}

// TestPlayScriptedGames plays a scripted game in each variant to its end.
func TestPlayScriptedGames(t *testing.T) {
	for _, tt := range scriptedGames {
		t.Run(tt.name, func(t *testing.T) {
			out := playScript(t, tt.script, "--variant", tt.variant)
			rest := out
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("output lacks %q (in order):\n%s", w, out)
				}
				rest = rest[i+len(w):]
			}
		})
	}
}

// TestPlaySaveOpen saves a game as PGN, reopens it and checks the record.
func TestPlaySaveOpen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.pgn")
	playScript(t, "e4\ne5\nsave "+path+"\n")
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	today := `[Date "` + time.Now().Format("2006.01.02") + `"]`
	yesterday := `[Date "` + time.Now().Add(-time.Hour).Format("2006.01.02") + `"]` // across midnight
	if !strings.Contains(string(text), today) && !strings.Contains(string(text), yesterday) {
		t.Errorf("saved without today's date:\n%s", text)
	}
	if !strings.Contains(string(text), "1. e4 e5 *") || !strings.Contains(string(text), `[Event "baten play"]`) {
		t.Fatalf("saved:\n%s", text)
	}
	out := playScript(t, "open "+path+"\nfen\n")
	if !strings.Contains(out, "opened "+path+": chess game, 2 plies") ||
		!strings.Contains(out, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2") {
		t.Fatalf("open:\n%s", out)
	}
	// A record whose result contradicts its moves opens with a warning.
	wrong := filepath.Join(t.TempDir(), "wrong.pgn")
	if err := os.WriteFile(wrong, []byte("1. f3 e5 2. g4 Qh4# 1-0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out = playScript(t, "open "+wrong+"\n")
	if !strings.Contains(out, "warning: "+wrong+": game: result 1-0") || !strings.Contains(out, "game over: black wins by checkmate (0-1)") {
		t.Fatalf("open with a wrong result:\n%s", out)
	}
	dpath := filepath.Join(t.TempDir(), "game.pdn")
	out = playScript(t, "11-15\n23-19\nsave "+dpath+"\npdn\n", "--variant", "draughts")
	if !strings.Contains(out, "1. 11-15 23-19 *") {
		t.Fatalf("pdn:\n%s", out)
	}
}

func TestPlayBoard(t *testing.T) {
	out := playScript(t, "board\n", "--variant", "draughts", "--ascii", "--numbers")
	for _, w := range []string{"8   .  b  .  b  .  b  .  b", "5  13  . 14  . 15  . 16  .", "1   w  .  w  .  w  .  w  ."} {
		if !strings.Contains(out, w) {
			t.Fatalf("board lacks %q:\n%s", w, out)
		}
	}
	out = playScript(t, "e4\nboard\n")
	if !strings.Contains(out, "4   .  .  .  .  ♙  .  .  .") {
		t.Fatalf("board:\n%s", out)
	}
}

func TestPlayFlagErrors(t *testing.T) {
	for _, args := range [][]string{{"play", "--variant", "weiqi"}, {"play", "--fen", "nonsense"}, {"play", "extra"}} {
		_, _, err := baten(t, args...)
		if err == nil {
			t.Errorf("%v accepted", args)
		}
	}
}

// TestPlayEngine: with --engine the engine answers moves; go makes it act
// (a move, or in Ban-Chess a move and then its ban) and finds the win in
// each variant's won position; hint names a legal move without playing it.
func TestPlayEngine(t *testing.T) {
	tests := []struct {
		variant, script string
		want            []string
	}{
		{"chess", "load 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\nhint\ngo\n", []string{"hint: Ra8#", "1. Ra8#", "game over: white wins by checkmate"}},
		{"shatranj", "load 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo\n", []string{"1. Ra8#", "game over: white wins by checkmate"}},
		{"banchess", "load k7/8/1K6/8/8/8/4B3/8 w - - 0 1 2\ngo\n", []string{"white bans", "game over: white wins by checkmate"}},
		{"draughts", "load W:W18:B14\ngo\n", []string{"1. white 18x9", "game over: white wins: black has no pieces left"}},
		{"chess", "e4\n", []string{"1. e4", "1... "}},
		{"draughts", "new960 3\nnew chess960\nposition960\ngo\ngo\n", []string{"Chess960 position", "1. ", "1... "}},
	}
	for _, tt := range tests {
		out := playScript(t, tt.script, "--variant", tt.variant, "--engine", "--level", "3", "--seed", "1")
		rest := out
		for _, w := range tt.want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Fatalf("%s %q: output lacks %q:\n%s", tt.variant, tt.script, w, out)
			}
			rest = rest[i+len(w):]
		}
		if strings.Contains(out, "error:") {
			t.Fatalf("%s: %s", tt.variant, out)
		}
	}
	if _, _, err := baten(t, "play", "--level", "0"); err == nil {
		t.Error("--level 0 accepted")
	}
}

// TestPlayColourOnlyOnTerminal: output that is not a terminal gets no
// escape codes, whatever stdin is.
func TestPlayColourOnlyOnTerminal(t *testing.T) {
	if out := playScript(t, "e4\nboard\n"); strings.Contains(out, "\x1b[") {
		t.Fatalf("escape codes in piped output:\n%q", out)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	var buf bytes.Buffer
	for _, out := range []io.Writer{&buf, w} {
		if isTerminal(out) {
			t.Errorf("%T is a terminal", out)
		}
	}
}

// TestPlayBanShown: after a ban the board marks both squares of the
// banned move and says which it is, and the prompt names it; a banned move
// is refused in words.
func TestPlayBanShown(t *testing.T) {
	out := playScript(t, "ban e2e4\nboard\ne4\n", "--variant", "banchess", "--ascii")
	for _, w := range []string{
		"4   .  .  .  . *.  .  .  .", // e4, marked
		"2   P  P  P  P *P  P  P  P", // e2, marked
		"banned: e2e4 (marked *)",
		"error: e4 is banned: the opponent banned e2e4 for this move",
	} {
		if !strings.Contains(out, w) {
			t.Fatalf("output lacks %q:\n%s", w, out)
		}
	}
	v, err := variant.Builtin().Lookup("banchess")
	if err != nil {
		t.Fatal(err)
	}
	s := &session{g: game.New(v.Start())}
	for _, step := range []struct{ action, prompt string }{
		{"", "black (ban)> "},
		{"b:e2e4", "white (e2e4 banned)> "},
		{"d4", "white (ban)> "},
		{"b:d7d5", "black (d7d5 banned)> "},
	} {
		if step.action != "" {
			if _, err := s.g.PlayText(step.action); err != nil {
				t.Fatal(err)
			}
		}
		if got := s.prompt(); got != step.prompt {
			t.Errorf("after %q the prompt is %q, want %q", step.action, got, step.prompt)
		}
	}
	// A move phase without a ban (a position loaded after the ban phase
	// with no ban recorded) marks nothing.
	out = playScript(t, "board\n", "--variant", "chess", "--ascii")
	if strings.Contains(out, "*") || strings.Contains(out, "banned") {
		t.Fatalf("a chess board marks a ban:\n%s", out)
	}
}

// TestPlayClaimWithMove: "claim <move>" plays the move and claims the
// draw it makes available (FIDE 9.2.1); a claim that does not hold leaves
// the move played and the game going on (FIDE 9.5). The player is told
// when a claim becomes available, now or with a move.
func TestPlayClaimWithMove(t *testing.T) {
	tests := []struct {
		name, variant, script string
		want                  []string
		fen                   string // the position at the end, if the game goes on
	}{
		{"repetition claimed with the repeating move", "chess", "Nf3\nNf6\nNg1\nNg8\nNf3\nNf6\nNg1\nclaim Ng8\n",
			[]string{"black may claim a draw by threefold repetition with Ng8 (claim <move>)", "4... Ng8",
				"game over: draw by threefold repetition (1/2-1/2)"}, ""},
		{"a wrong claim leaves the move", "chess", "Nf3\nclaim Nf6\nfen\n",
			[]string{"1... Nf6", "claim refused: after Nf6 the position has not occurred three times", "the move stands"},
			"rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2"},
		{"an illegal claimed move is refused and nothing is played", "chess", "claim Ke2\nfen\n",
			[]string{"error: Ke2 is illegal"}, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"fifty-move rule claimed with the 50th move", "chess", "load 4k3/8/8/8/8/8/8/R3K3 w - - 99 80\nclaim Ra2\n",
			[]string{"white may claim a draw by the fifty-move rule with ", "80. Ra2", "game over: draw by the fifty-move rule (1/2-1/2)"}, ""},
		{"a pawn move resets the count: the claim fails", "chess", "load 4k3/7p/8/8/8/8/8/R3K3 b - - 99 80\nclaim h6\nfen\n",
			[]string{"80... h6", "claim refused"}, "4k3/8/7p/8/8/8/8/R3K3 w - - 0 81"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := playScript(t, tt.script, "--variant", tt.variant)
			rest := out
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("output lacks %q (in order):\n%s", w, out)
				}
				rest = rest[i+len(w):]
			}
			if tt.fen != "" && !strings.Contains(rest, tt.fen) {
				t.Fatalf("the game does not go on from %s:\n%s", tt.fen, out)
			}
			if tt.fen == "" && !strings.Contains(out, "game over") {
				t.Fatalf("no end:\n%s", out)
			}
		})
	}
}

// TestPlayChess960Start: --variant chess960 starts from a random array,
// the same for the same --seed, and says its number; --chess960 N starts
// from N. The FEN printed is checked against the number by
// position960, which computes it back from the array.
func TestPlayChess960Start(t *testing.T) {
	number := func(out string) string {
		t.Helper()
		first, _, _ := strings.Cut(out, "\n")
		n, ok := strings.CutPrefix(first, "Chess960 position ")
		if !ok {
			t.Fatalf("the first line does not name the start:\n%s", out)
		}
		if !strings.Contains(out, "Chess960 position "+n+"\n") || strings.Count(out, "Chess960 position "+n) != 2 {
			t.Fatalf("position960 does not agree with %s:\n%s", n, out)
		}
		return n
	}
	seen := map[string]bool{}
	for seed := 1; seed <= 8; seed++ {
		s := strconv.Itoa(seed)
		a := number(playScript(t, "position960\n", "--variant", "chess960", "--seed", s))
		b := number(playScript(t, "position960\n", "--variant", "chess960", "--seed", s))
		if a != b {
			t.Fatalf("seed %d gave %s and %s", seed, a, b)
		}
		seen[a] = true
	}
	if len(seen) < 4 {
		t.Fatalf("eight seeds gave only the starts %v", seen)
	}
	if n := number(playScript(t, "position960\n", "--variant", "chess960", "--chess960", "123")); n != "123" {
		t.Fatalf("--chess960 123 started from %s", n)
	}
	// Classical chess starts from the classical array and says nothing.
	if out := playScript(t, "fen\n", "--variant", "chess"); strings.Contains(out, "Chess960") {
		t.Fatalf("chess named a Chess960 start:\n%s", out)
	}
}

// TestPlayLongLines: a line over the limit (here 70 000 bytes, more than
// bufio.Scanner's 64 KiB) is ignored with a short note and the game goes
// on; bad input is echoed shortened.
func TestPlayLongLines(t *testing.T) {
	long := strings.Repeat("x", 70000)
	out := playScript(t, "e4\n"+long+"\ne5\n"+strings.Repeat("Q", 3000)+"\nfen\n"+long)
	for _, w := range []string{
		"1. e4", "error: line ignored: 70001 bytes (" + strings.Repeat("x", maxEcho) + "…), the limit is 4096",
		"1... e5", "error: " + strings.Repeat("Q", maxEcho) + "… is not a move",
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
		"error: line ignored: 70000 bytes",
	} {
		i := strings.Index(out, w)
		if i < 0 {
			t.Fatalf("output lacks %q (in order):\n%.2000s", w, out)
		}
		out = out[i+len(w):]
	}
	for _, line := range strings.Split(out, "\n") {
		if len(line) > 200 {
			t.Fatalf("a line of %d bytes echoed", len(line))
		}
	}
	// Long names in other commands are shortened as well.
	out = playScript(t, "new "+strings.Repeat("n", 500)+"\nopen "+strings.Repeat("f", 500)+"\n")
	for _, line := range strings.Split(out, "\n") {
		if len(line) > 400 {
			t.Fatalf("a line of %d bytes echoed: %.500s", len(line), line)
		}
	}
	if !strings.Contains(out, strings.Repeat("n", maxEcho)+"…") {
		t.Fatalf("no shortened echo:\n%s", out)
	}
}

// TestPlayPieceLegend: shatranj draws the Ferz and the Alfil as letters,
// not as the queen and bishop figurines, and names every piece under the
// board; chess needs no legend.
func TestPlayPieceLegend(t *testing.T) {
	out := playScript(t, "board\n", "--variant", "shatranj")
	for _, w := range []string{"8   ♜  ♞  a  ♚  f  a  ♞  ♜", "1   ♖  ♘  A  ♔  F  A  ♘  ♖", "F/f ferz", "A/a alfil", "♔/♚ shah"} {
		if !strings.Contains(out, w) {
			t.Fatalf("shatranj board lacks %q:\n%s", w, out)
		}
	}
	if strings.ContainsAny(out, "♕♛♗♝") {
		t.Fatalf("shatranj drawn with a queen or bishop:\n%s", out)
	}
	out = playScript(t, "board\n", "--variant", "shatranj", "--ascii")
	if !strings.Contains(out, "1   R  N  A  K  F  A  N  R") || !strings.Contains(out, "F/f ferz") {
		t.Fatalf("ascii shatranj:\n%s", out)
	}
	if out := playScript(t, "board\n"); strings.Contains(out, "pieces:") {
		t.Fatalf("chess with a legend:\n%s", out)
	}
}

// TestPlayDraughtsNumbers: the numbers of all 32 dark squares are drawn
// beside the draughts board, occupied squares included, each beside the
// square it names (as package draughts places them: 1 on b8, 32 on g1).
func TestPlayDraughtsNumbers(t *testing.T) {
	out := playScript(t, "board\n", "--variant", "draughts", "--ascii")
	for _, w := range []string{
		"8   .  b  .  b  .  b  .  b       .  1  .  2  .  3  .  4",
		"5   .  .  .  .  .  .  .  .      13  . 14  . 15  . 16  .",
		"1   w  .  w  .  w  .  w  .      29  . 30  . 31  . 32  .",
	} {
		if !strings.Contains(out, w) {
			t.Fatalf("board lacks %q:\n%s", w, out)
		}
	}
	words := map[string]bool{}
	for _, f := range strings.Fields(out) {
		words[f] = true
	}
	for n := 1; n <= 32; n++ {
		if !words[strconv.Itoa(n)] {
			t.Errorf("square %d not numbered:\n%s", n, out)
		}
	}
}

// TestPlayResultNotation: the end of a game is announced in words and in
// the notation of its record, which the record then writes: PDN's 2-0
// for a win of Black (the first player in draughts), PGN's 1-0 and 0-1.
func TestPlayResultNotation(t *testing.T) {
	tests := []struct {
		variant, script, words string
	}{
		{"draughts", "resign\npdn\n", "white wins by resignation"}, // Black moves first
		{"draughts", "11-15\nresign\npdn\n", "black wins by resignation"},
		{"chess", "resign\npgn\n", "black wins by resignation"},
		{"chess", "e4\nresign\npgn\n", "white wins by resignation"},
		{"shatranj", "e3\ndraw\ne6\ndraw\npgn\n", "draw by agreement"},
	}
	for _, tt := range tests {
		out := playScript(t, tt.script, "--variant", tt.variant)
		_, tag, ok := strings.Cut(out, `[Result "`)
		if !ok {
			t.Fatalf("%s %q: no Result tag:\n%s", tt.variant, tt.script, out)
		}
		result, _, _ := strings.Cut(tag, `"`)
		if want := "game over: " + tt.words + " (" + result + ")"; !strings.Contains(out, want) {
			t.Errorf("%s %q: the record writes %s, the announcement is not %q:\n%s", tt.variant, tt.script, result, want, out)
		}
	}
}

// TestPlayErrorWording: refused moves are explained in the player's
// words, without package names or FENs.
func TestPlayErrorWording(t *testing.T) {
	tests := []struct{ variant, script, want string }{
		{"chess", "load 4k3/8/8/8/8/8/8/3RK3 b - - 0 1\nKd8\n", "error: Kd8 is illegal: the king would be in check"},
		{"chess", "load 4k3/8/8/8/4r3/8/4N3/4K3 w - - 0 1\nNc3\n", "error: Nc3 is illegal: it would leave the king in check (the knight is pinned)"},
		{"chess", "load 4k3/8/8/8/4r3/8/8/N3K3 w - - 0 1\nNb3\n", "error: Nb3 is illegal: it does not get the king out of check"},
		{"chess", "load 4k3/8/8/8/8/8/8/R3K2r w Q - 0 1\nO-O-O\n", "error: O-O-O is illegal: the king may not castle out of check"},
		{"chess", "Nd4\n", "error: Nd4 is illegal: no white knight can go to d4"},
		{"chess", "load 4k3/P7/8/8/8/8/8/4K3 w - - 0 1\na8\n", "error: a8 is illegal: a pawn reaching the last rank must promote: name the piece, as in a8=Q"},
		{"chess", "foo\n", "error: foo is not a move"},
		{"chess", "e2e5\n", "error: e2e5 is illegal: no legal move from e2 to e5"},
		{"banchess", "e4\n", "error: black bans a move of the opponent now, it does not move: type ban and the opponent's move, e.g. ban "},
		{"banchess", "ban e2e5\n", "error: cannot ban e2e5: it is not a legal move of the opponent"},
		{"banchess", "ban Nf6\n", "error: cannot ban Nf6: it is not a legal move of the opponent (moves lists the bans)"},
		{"banchess", "ban xyz\n", "error: cannot ban xyz: it is not a move (write the opponent's move, e.g. ban Nf3 or ban g1f3)"},
		{"banchess", "load 4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1 1\nban Nd2\n", "error: cannot ban Nd2: it is ambiguous: 2 legal moves match, such as b1d2 and f1d2"},
		{"banchess", "ban\n", "error: ban wants one move of the opponent, e.g. ban Nf3 or ban g1f3"},
		{"banchess", "ban e2e4\nban d2d4\n", "error: white moves now; the ban comes after the move"},
		{"shatranj", "Fe3\n", "error: Fe3 is illegal: no white ferz can move to e3"},
		{"draughts", "22-18\n", "error: 22-18 is illegal: black has no piece on 22"},
		{"capablanca", "Ad6\n", "error: Ad6 is illegal: it matches no legal move (moves lists them)"},
	}
	for _, tt := range tests {
		out := playScript(t, tt.script, "--variant", tt.variant)
		if !strings.Contains(out, tt.want) {
			t.Errorf("%s %q: output lacks %q:\n%s", tt.variant, tt.script, tt.want, out)
		}
		last := out[max(strings.LastIndex(out, "error:"), 0):]
		for _, bad := range []string{"san:", "variant:", "game:", "shatranj:", "draughts:", "banchess:", "/8/"} {
			if strings.Contains(last, bad) {
				t.Errorf("%s %q: the error says %q:\n%s", tt.variant, tt.script, bad, out)
			}
		}
	}
}

// playedAction is an action as the session reports it: "1. e4" and
// "1... e5" (chess), "1. black 11-15" (draughts), "white bans e7e5".
type playedAction struct {
	side variant.Color
	ban  bool
	text string
}

// actionsOf lists the actions a session's output reports, in order (the
// lines "took back …" are no actions played).
func actionsOf(out string) []playedAction {
	side := func(name string) variant.Color {
		if name == "black" {
			return variant.Black
		}
		return variant.White
	}
	var acts []playedAction
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 3 && f[1] == "bans" && (f[0] == "white" || f[0] == "black"):
			acts = append(acts, playedAction{side(f[0]), true, f[2]})
		case len(f) == 3 && strings.HasSuffix(f[0], ".") && (f[1] == "white" || f[1] == "black"):
			acts = append(acts, playedAction{side(f[1]), false, f[2]})
		case len(f) == 2 && strings.HasSuffix(f[0], "..."):
			acts = append(acts, playedAction{variant.Black, false, f[1]})
		case len(f) == 2 && strings.HasSuffix(f[0], "."):
			if _, err := strconv.Atoi(strings.TrimSuffix(f[0], ".")); err == nil {
				acts = append(acts, playedAction{variant.White, false, f[1]})
			}
		}
	}
	return acts
}

// TestPlayEngineSide: with --engine the engine acts for its own colour
// only, bans and moves alike: it plays the side that does not make the
// first move (in Ban-Chess it makes Black's opening ban), go hands it the
// side to act, and a new or loaded game gives the player the side whose
// move comes next. Each case lists who acted, in order ("B" a black ban,
// "w" a white move, …; "h" marks the player's actions), and the side to
// act at the end. Where the engine's choice could make the player's text
// illegal (a ban), the script gives a second choice, refused harmlessly
// when the first was played.
func TestPlayEngineSide(t *testing.T) {
	tests := []struct {
		name, variant, script string
		actors                []string // "W"/"B" a ban, "w"/"b" a move; "h" suffix: the player's
		turn                  string   // the side to act at the end, as fen's second field
		flags                 []string
	}{
		{"ban-chess: the engine bans first and acts as black", "banchess", "e4\nd4\nban e7e5\nfen\n",
			[]string{"B", "wh", "Wh", "b", "B"}, "w", nil},
		{"ban-chess: go hands the engine white; the player then bans and moves for black", "banchess",
			"go\ne5\nd5\nban a2a3\nban h2h3\nfen\n",
			[]string{"B", "w", "W", "bh", "Bh", "w", "W"}, "b", nil},
		{"ban-chess: new game, the engine bans first again", "banchess", "go\nnew\nfen\n",
			[]string{"B", "w", "W", "B"}, "w", nil},
		{"ban-chess: a loaded position in a ban phase, the engine bans", "banchess",
			"load rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 5\nfen\n",
			[]string{"B", "B"}, "w", nil}, // the opening ban of the first game, then the loaded game's
		{"chess: go makes the engine white", "chess", "go\ne5\nfen\n", []string{"w", "bh", "w"}, "b", nil},
		{"chess: a loaded position with black to move, the player is black", "chess",
			"load rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\ne5\nfen\n", []string{"bh", "w"}, "b", nil},
		{"draughts: the player moves first, as black", "draughts", "11-15\nfen\n", []string{"bh", "w"}, "B", nil},
		{"ban-chess --color black: the player bans first and moves for black, the engine plays white", "banchess",
			"ban e2e4\ne5\nfen\n", []string{"Bh", "w", "W", "bh"}, "w", []string{"--color", "black"}},
		{"ban-chess --color black kept by new", "banchess", "new\nban e2e4\nfen\n",
			[]string{"Bh", "w", "W"}, "b", []string{"--color", "black"}},
		{"chess --color black: the engine opens as white", "chess", "e5\nfen\n",
			[]string{"w", "bh", "w"}, "b", []string{"--color", "black"}},
		{"draughts --color white: the engine moves first, as black", "draughts", "fen\n",
			[]string{"b"}, "W", []string{"--color", "white"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := playScript(t, tt.script, append([]string{"--variant", tt.variant, "--engine", "--level", "2", "--seed", "1"}, tt.flags...)...)
			acts := actionsOf(out)
			var got []string
			for _, a := range acts {
				s := "w"
				if a.side == variant.Black {
					s = "b"
				}
				if a.ban {
					s = strings.ToUpper(s)
				}
				got = append(got, s)
			}
			var want []string
			for _, a := range tt.actors {
				want = append(want, strings.TrimSuffix(a, "h"))
			}
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Fatalf("the actions were by %v, want %v:\n%s", got, want, out)
			}
			// The player's actions are the texts typed (in a line of the
			// script); the engine's are not the player's to type.
			typed := map[string]bool{}
			for _, line := range strings.Split(tt.script, "\n") {
				typed[strings.TrimPrefix(line, "ban ")] = true
			}
			for i, a := range tt.actors {
				if strings.HasSuffix(a, "h") && !typed[acts[i].text] && !typed[strings.TrimSuffix(acts[i].text, "+")] {
					t.Errorf("action %d (%s) is not one the player typed:\n%s", i+1, acts[i].text, out)
				}
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			fen := strings.Fields(lines[len(lines)-1])
			turn := ""
			if len(fen) > 1 {
				turn = fen[1]
			}
			if tt.variant == "draughts" {
				turn = fen[0][:1]
			}
			if turn != tt.turn {
				t.Fatalf("the game ends with %q to act (FEN %v), want %q:\n%s", turn, fen, tt.turn, out)
			}
		})
	}
}

// TestPlayEngineUndo: against the engine, undo takes back the engine's
// reply and the player's action before it, so that the player acts again
// (in Ban-Chess back to the player's last action: a ban, or the move
// before it), and says what it took back; with no action of the player's
// to take back it explains why and changes nothing.
func TestPlayEngineUndo(t *testing.T) {
	tests := []struct {
		name, variant, script string
		want                  []string // lines the output must contain, in order
		fens                  []string // each fen printed, as its fields the test checks: side to act and, in Ban-Chess, the ply
	}{
		{"chess: the reply and the move", "chess", "e4\nundo\nfen\n",
			[]string{"1. e4", "1... ", "took back 1... ", "(the engine's)", "took back 1. e4 (yours)"},
			[]string{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}},
		{"chess: twice", "chess", "e4\nd4\nundo\nundo\nfen\n",
			[]string{"took back 2. d4 (yours)", "took back 1. e4 (yours)"},
			[]string{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}},
		{"chess: nothing played", "chess", "undo\nfen\n",
			[]string{"error: there is no move to take back"},
			[]string{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}},
		{"chess: only the engine has moved", "chess", "go\nundo\nfen\n",
			[]string{"1. ", "error: you have no move to take back: only the engine has acted"}, []string{"b"}},
		// The engine bans first; the player moves (e4, or d4 if e4 is
		// banned) and bans; the engine moves and bans.
		{"ban-chess: back to the player's ban, then the move, then nothing", "banchess",
			"e4\nd4\nban e7e5\nundo\nfen\nundo\nfen\nundo\nfen\n",
			[]string{"white bans e7e5", "took back black bans", "(the engine's)", "(the engine's)", "took back white bans e7e5 (yours)",
				"took back 1. ", "(yours)", "error: you have no move to take back: only the engine has acted"},
			[]string{"b 3", "w 2", "w 2"}}, // FEN names the side to move, not the side banning
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := playScript(t, tt.script, "--variant", tt.variant, "--engine", "--level", "2", "--seed", "1")
			rest := out
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("output lacks %q (in order):\n%s", w, out)
				}
				rest = rest[i+len(w):]
			}
			var fens []string
			for _, line := range strings.Split(out, "\n") {
				if strings.Count(line, "/") == 7 && !strings.HasPrefix(line, "new ") {
					fens = append(fens, line)
				}
			}
			if len(fens) != len(tt.fens) {
				t.Fatalf("%d FENs printed, want %d:\n%s", len(fens), len(tt.fens), out)
			}
			for i, want := range tt.fens {
				f := strings.Fields(fens[i])
				got := fens[i]
				switch {
				case want == "w" || want == "b":
					got = f[1]
				case tt.variant == "banchess":
					ply, _, _ := strings.Cut(f[6], ":")
					got = f[1] + " " + ply
				}
				if got != want {
					t.Errorf("FEN %d is %s (%q), want %q:\n%s", i+1, fens[i], got, want, out)
				}
			}
		})
	}
}

// TestPlaySANBan: a ban may name the opponent's move in SAN, as moves are
// typed; it bans that move's from-to pair, which the session reports.
func TestPlaySANBan(t *testing.T) {
	tests := []struct{ script, want string }{
		{"ban Nf3\n", "black bans g1f3"},
		{"ban e4\n", "black bans e2e4"},
		{"b:Nc3\n", "black bans b1c3"},
		{"ban e2e4\nd4\nban Nf6\n", "white bans g8f6"},
		{"load r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 1\nban O-O-O\n", "black bans e1c1"},
	}
	for _, tt := range tests {
		out := playScript(t, tt.script, "--variant", "banchess")
		if !strings.Contains(out, tt.want+"\n") || strings.Contains(out, "error:") {
			t.Errorf("%q: output lacks %q or has an error:\n%s", tt.script, tt.want, out)
		}
	}
}

// TestPlayQuitFromPipe: from a pipe, quit leaves at once, as the end of
// the input does: a script cannot be asked (its next line would be read
// as the answer), and saves with save FILE first if it wants the game.
func TestPlayQuitFromPipe(t *testing.T) {
	out := playScript(t, "e4\nquit\ne5\nfen\n")
	if !strings.Contains(out, "1. e4") || strings.Contains(out, "e5") || strings.Contains(out, "leave") {
		t.Fatalf("quit from a pipe:\n%s", out)
	}
}

// TestPlayRecordNames: against the engine the record names the engine,
// with its strength, in the colour it plays and the player by the local
// user's name ($USER; "?", PGN's unknown, without one); a game of two
// people at the keyboard names neither. pgn/pdn and save write the same.
func TestPlayRecordNames(t *testing.T) {
	tests := []struct {
		name, user, script string
		args               []string
		white, black       string // the tags' values; a trailing "*" matches any rest
	}{
		{"the player white", "alice", "e4\npgn\n", []string{"--engine", "--level", "1"}, "alice", "Baten*(level 1)"},
		{"go: the engine white", "alice", "go\npgn\n", []string{"--engine", "--level", "1"}, "Baten*(level 1)", "alice"},
		{"draughts: the player black", "alice", "11-15\npdn\n", []string{"--variant", "draughts", "--engine", "--level", "1"}, "Baten*(level 1)", "alice"},
		{"ban-chess: the player white", "alice", "pgn\n", []string{"--variant", "banchess", "--engine", "--level", "1"}, "alice", "Baten*(level 1)"},
		{"thinking time", "bob", "e4\npgn\n", []string{"--engine", "--movetime", "50"}, "bob", "Baten*(50ms a move)"},
		{"no user name", "", "e4\npgn\n", []string{"--engine", "--level", "1"}, "?", "Baten*(level 1)"},
		{"two people", "alice", "e4\ne5\ngo\npgn\n", nil, "?", "?"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("USER", tt.user)
			t.Setenv("USERNAME", "")
			path := filepath.Join(t.TempDir(), "game.pgn")
			out := playScript(t, tt.script+"save "+path+"\n", tt.args...)
			saved, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, text := range []string{out, string(saved)} {
				for _, tag := range []struct{ name, want string }{{"White", tt.white}, {"Black", tt.black}} {
					_, rest, ok := strings.Cut(text, "["+tag.name+` "`)
					got, _, _ := strings.Cut(rest, `"]`)
					head, tail, wild := strings.Cut(tag.want, "*")
					if !ok || !wild && got != tag.want || wild && (!strings.HasPrefix(got, head) || !strings.HasSuffix(got, tail)) {
						t.Errorf("%s is %q, want %q:\n%s", tag.name, got, tag.want, text)
					}
				}
			}
		})
	}
}

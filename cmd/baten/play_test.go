package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
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
	{"shatranj bare king", "shatranj", "load 4k3/8/8/8/8/8/3r4/R3K3 w - - 0 1\nKxd2\n",
		[]string{"new shatranj game", "1. Kxd2", "game over: white wins by bare king (1-0)"}},
	// Black's offer stands through its own move; White accepts.
	{"shatranj alternative setup, draw agreed", "shatranj", "setup alternative\nfen\ne3\ndraw\ne6\ndraw\n",
		[]string{"rnafkanr/pppppppp/8/8/8/8/PPPPPPPP/RNAFKANR w - - 0 1", "1. e3",
			"black offers a draw", "1... e6", "game over: draw by agreement (1/2-1/2)"}},
	{"ban-chess mate by ban", "banchess", "load k7/8/1K6/8/8/8/4B3/8 w - - 0 1 1\nban e2d1\nBf3+\nban a8b8\n",
		[]string{"black bans e2d1", "1. Bf3+", "white bans a8b8", "game over: white wins by checkmate (1-0)"}},
	{"draughts no pieces", "draughts", "load W:W18:B14\n18x9\n",
		[]string{"1. white 18x9", "game over: white wins by no pieces (0-2)"}},
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
		[]string{"1... e5", "took back 1... e5", "took back 1. e4", "error: game: no move to take back"}},
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
	{"load a stalemate", "chess", "load 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\n",
		[]string{"new chess game", "game over: draw by stalemate (1/2-1/2)"}},
	{"load a position without black pieces", "draughts", "load B:W18:B\n",
		[]string{"new draughts game: B:W18:B", "game over: white wins by no pieces (0-2)"}},
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
	for _, args := range [][]string{{"play", "--variant", "xiangqi"}, {"play", "--fen", "nonsense"}, {"play", "extra"}} {
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
		{"draughts", "load W:W18:B14\ngo\n", []string{"1. white 18x9", "game over: white wins by no pieces"}},
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
			[]string{"white may claim a draw by the fifty-move rule with ", "80. Ra2", "game over: draw by fifty-move rule (1/2-1/2)"}, ""},
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

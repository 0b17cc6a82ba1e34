package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

func TestRunAnalyse(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		want    []string
		wantErr bool
	}{
		{"chess mate in 2 in SAN", []string{"--fen", "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1", "--depth", "4"},
			// Two mates: 1. Rb7 Kg8 2. Ra8# and 1. Ra7 Kg8 2. Rb8#.
			[]string{"score    mate 2", "pv       1. R", "7 Kg8 2. R", "8#"}, false},
		{"shatranj al-Adli", []string{"--variant", "shatranj", "--fen", "6k1/5R2/7R/4N1Q1/8/1qn5/r2r4/2K5 w - - 0 1", "--depth", "9", "--quiet"},
			[]string{"score    mate 5", "bestmove Rg6+ (h6g6)", "4. Ff6+"}, false},
		{"draughts PDN", []string{"--variant", "draughts", "--depth", "6", "--quiet"},
			[]string{"variant  draughts", "fen      B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", "bestmove "}, false},
		{"banchess ban first", []string{"--variant", "banchess", "--depth", "2", "--quiet"},
			[]string{"bestmove b:"}, false},
		{"chess960 moves", []string{"--variant", "chess960", "--moves", "e2e4 e7e5", "--nodes", "2000", "--quiet"},
			[]string{"variant  chess960", "bestmove "}, false},
		{"movetime", []string{"--movetime", "50", "--quiet"}, []string{"bestmove "}, false},
		{"game over", []string{"--fen", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"}, []string{"game over: draw by stalemate"}, false},
		{"unknown variant", []string{"--variant", "weiqi"}, nil, true},
		{"bad fen", []string{"--fen", "nonsense"}, nil, true},
		{"bad move", []string{"--moves", "e2e5"}, nil, true},
		{"bad depth", []string{"--depth", "-1"}, nil, true},
		{"depth 0", []string{"--depth", "0"}, nil, true},
		{"nodes 0", []string{"--nodes", "0"}, nil, true},
		{"movetime 0", []string{"--movetime", "0"}, nil, true},
		{"stray argument", []string{"extra"}, nil, true},
		{"help", []string{"-h"}, nil, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			err := run(context.Background(), append([]string{"analyse"}, tc.args...), strings.NewReader(""), &out, &errOut)
			if (err != nil) != tc.wantErr {
				t.Fatalf("err %v, want error %v\n%s", err, tc.wantErr, out.String())
			}
			for _, w := range tc.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, out.String())
				}
			}
		})
	}
}

// TestAnalyseErrorMessages: a limit of 0, which the engine would take as
// "not set", is refused naming the flag; a malformed move says what is
// wrong with it (a trailing "x" is not "\"11-15\" is not a square").
func TestAnalyseErrorMessages(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--depth", "0"}, "baten analyse: --depth 0: want 1 to 100"},
		{[]string{"--nodes", "0"}, "baten analyse: --nodes 0: want a positive number of nodes"},
		{[]string{"--movetime", "0"}, "baten analyse: --movetime 0: want a positive number of milliseconds"},
		{[]string{"--variant", "draughts", "--moves", "11-15x"}, `bad move text "11-15x": want from-to or from x … x to: no square after the last "x"`},
		{[]string{"--variant", "draughts", "--moves", "11--15"}, "two separators in a row"},
	} {
		var out, errOut bytes.Buffer
		err := run(context.Background(), append([]string{"analyse"}, tt.args...), strings.NewReader(""), &out, &errOut)
		if err == nil || !strings.Contains(errOut.String(), tt.want) {
			t.Errorf("%q: %v, stderr %q; want %q", tt.args, err, errOut.String(), tt.want)
		}
	}
}

// TestAnalyseGameOver: a finished game is told, not searched — who won
// and why, in the words and result notation of the game's record (PDN's
// Black-first results for draughts) — on stdout with exit status 0, and
// with --json as an object saying the game is over; the endings the game
// record knows beside the position's own (fivefold repetition, 75 moves)
// too. A draw that may be claimed is said, and the position searched. A
// move after the game ended is refused. The outcomes are the rules' (fool's
// mate is Black's checkmate), not a copy of the program's output.
func TestAnalyseGameOver(t *testing.T) {
	const knights = "g1f3 g8f6 f3g1 f6g8 "
	for _, tt := range []struct {
		name string
		args []string
		want string // the line after "fen"
		json analyseResult
	}{
		{"fool's mate", []string{"--moves", "f2f3 e7e5 g2g4 d8h4"}, "game over: black wins by checkmate (0-1)",
			analyseResult{Over: true, Result: "0-1", Winner: "black", Reason: "checkmate"}},
		{"stalemate", []string{"--fen", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"}, "game over: draw by stalemate (1/2-1/2)",
			analyseResult{Over: true, Result: "1/2-1/2", Reason: "stalemate"}},
		{"two kings", []string{"--fen", "8/8/8/4k3/8/8/8/4K3 w - - 0 1"}, "game over: draw by insufficient material (1/2-1/2)",
			analyseResult{Over: true, Result: "1/2-1/2", Reason: "insufficient material"}},
		{"75 moves", []string{"--fen", "8/8/8/4k3/8/8/8/4KR2 w - - 150 100"}, "game over: draw by the seventy-five-move rule (1/2-1/2)",
			analyseResult{Over: true, Result: "1/2-1/2", Reason: "seventy-five-move rule"}},
		{"fivefold repetition", []string{"--moves", strings.Repeat(knights, 4)}, "game over: draw by fivefold repetition (1/2-1/2)",
			analyseResult{Over: true, Result: "1/2-1/2", Reason: "fivefold repetition"}},
		{"shatranj bare king", []string{"--variant", "shatranj", "--fen", "7k/8/8/8/8/8/R7/K7 b - - 0 1"}, "game over: white wins: black has a bare king (1-0)",
			analyseResult{Over: true, Result: "1-0", Winner: "white", Reason: "bare king"}},
		{"draughts no pieces", []string{"--variant", "draughts", "--fen", "B:W18,19:B"}, "game over: white wins: black has no pieces left (0-2)",
			analyseResult{Over: true, Result: "0-2", Winner: "white", Reason: "no pieces"}},
		{"draughts no moves", []string{"--variant", "draughts", "--fen", "W:W29:B25,22"}, "game over: black wins: white has no moves left (2-0)",
			analyseResult{Over: true, Result: "2-0", Winner: "black", Reason: "no moves"}},
		{"Ban-Chess mate by a ban", []string{"--variant", "banchess", "--fen", "k7/8/1K6/8/8/8/4B3/8 w - - 0 1 1", "--moves", "e2d1 e2f3 a8b8"},
			"game over: white wins by checkmate (1-0)", analyseResult{Over: true, Result: "1-0", Winner: "white", Reason: "checkmate"}},
		{"Ban-Chess stalemate by a ban", []string{"--variant", "banchess", "--fen", "k7/8/1K6/8/8/8/4B3/8 w - - 0 1 1", "--moves", "e2d1 e2h5 a8b8"},
			"game over: draw by stalemate (1/2-1/2)", analyseResult{Over: true, Result: "1/2-1/2", Reason: "stalemate"}},
		{"threefold repetition", []string{"--moves", strings.Repeat(knights, 2), "--depth", "2"}, "claim    white may claim a draw by threefold repetition",
			analyseResult{Claim: "threefold repetition"}},
		{"fifty moves", []string{"--fen", "8/8/8/4k3/8/8/8/4KR2 w - - 100 100", "--depth", "2"}, "claim    white may claim a draw by the fifty-move rule",
			analyseResult{Claim: "fifty-move rule"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, err := baten(t, append([]string{"analyse", "--quiet"}, tt.args...)...)
			if err != nil {
				t.Fatalf("%v\n%s", err, errOut)
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if len(lines) < 3 || lines[2] != tt.want {
				t.Errorf("output:\n%s\nwant %q after the fen line", out, tt.want)
			}
			if hasBest := strings.Contains(out, "bestmove "); hasBest == tt.json.Over {
				t.Errorf("bestmove shown %v for a game over %v:\n%s", hasBest, tt.json.Over, out)
			}
			out, errOut, err = baten(t, append([]string{"analyse", "--quiet", "--json"}, tt.args...)...)
			if err != nil {
				t.Fatalf("--json: %v\n%s", err, errOut)
			}
			lines = strings.Split(strings.TrimSpace(out), "\n")
			var got analyseResult
			if err := json.Unmarshal([]byte(lines[len(lines)-1]), &got); err != nil {
				t.Fatalf("--json: last line: %v\n%s", err, out)
			}
			if got.Over != tt.json.Over || got.Result != tt.json.Result || got.Winner != tt.json.Winner ||
				got.Reason != tt.json.Reason || got.Claim != tt.json.Claim || got.Variant == "" || got.FEN == "" {
				t.Errorf("--json: %+v, want %+v", got, tt.json)
			}
			if over := got.BestMove == ""; over != tt.json.Over {
				t.Errorf("--json: bestmove %q for a game over %v", got.BestMove, tt.json.Over)
			}
		})
	}

	// The game ended with the 16th move: a 17th is refused, saying so.
	_, errOut, err := baten(t, "analyse", "--moves", strings.Repeat(knights, 4)+"e2e4")
	if want := `baten analyse: --moves: move 17 "e2e4" comes after the end of the game (draw by fivefold repetition)`; err == nil || strings.TrimSpace(errOut) != want {
		t.Errorf("a move after the end: %v, stderr %q, want %q", err, errOut, want)
	}
}

// TestAnalyseJSON: --json ends a search with one object holding what the
// text lines say: the best move in both notations, the score, the depth and
// the line.
func TestAnalyseJSON(t *testing.T) {
	out, errOut, err := baten(t, "analyse", "--json", "--fen", "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1", "--depth", "4")
	if err != nil {
		t.Fatalf("%v\n%s", err, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var got analyseResult
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &got); err != nil {
		t.Fatalf("last line: %v\n%s", err, out)
	}
	// Two mates in two: 1. Rb7 Kg8 2. Ra8# and 1. Ra7 Kg8 2. Rb8#.
	if got.Variant != "chess" || got.Over || got.Score == nil || got.Score.Mate == nil || *got.Score.Mate != 2 || got.Depth != 4 || len(got.PV) != 3 ||
		!strings.HasPrefix(got.BestMove, "R") || got.BestMove[2] != '7' || got.UCI != got.PV[0] || !strings.HasSuffix(got.Line, "8#") {
		t.Errorf("%+v from\n%s", got, out)
	}
}

package main

import (
	"bytes"
	"context"
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
		{"game over", []string{"--fen", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"}, []string{"no legal move"}, false},
		{"unknown variant", []string{"--variant", "xiangqi"}, nil, true},
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

package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestRunUCI(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		input   string
		want    []string
		wantErr bool
	}{
		{"dialogue", nil, "uci\nisready\nposition startpos moves e2e4\ngo depth 3\nquit\n",
			[]string{"id name Baten", "uciok", "readyok", "bestmove "}, false},
		{"hash flag", []string{"--hash", "8"}, "uci\nquit\n", []string{"option name Hash type spin default 8 "}, false},
		{"bad hash", []string{"--hash", "0"}, "", nil, true},
		{"stray argument", []string{"extra"}, "", nil, true},
		{"help", []string{"--help"}, "", nil, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			err := run(context.Background(), append([]string{"uci"}, tc.args...), strings.NewReader(tc.input), &out, &errOut)
			if (err != nil) != tc.wantErr {
				t.Fatalf("err %v, want error %v", err, tc.wantErr)
			}
			for _, w := range tc.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, out.String())
				}
			}
		})
	}
}

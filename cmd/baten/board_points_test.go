package main

import (
	"strings"
	"testing"
)

// TestPlayBoardOfPoints: xiangqi and janggi are drawn as their boards
// are, pieces on the points where the lines cross: xiangqi with the river
// between its fifth and sixth ranks, each palace with its diagonals, the
// files numbered as WXF moves count them (Black's over the board, Red's
// under it), and the legend naming the pieces as xiangqi players do;
// janggi's board has palaces but no river, and no WXF numbers.
func TestPlayBoardOfPoints(t *testing.T) {
	tests := []struct {
		variant, script string
		want, not       []string
	}{
		{"xiangqi", "C2=5\nboard\n", []string{
			"   1   2   3   4   5   6   7   8   9\n10 r---n---b---a---k---a---b---n---r\n   |   |   |   | \\ | / |   |   |   |\n 9 +---+",
			" 6 +---+---+---+---+---+---+---+---+\n   |~~~~~~~~~~~~ river ~~~~~~~~~~~~|\n 5 +---+",
			" 3 +---C---+---+---C---+---+---+---+\n", // the cannon from h3 on e3
			" 1 R---N---B---A---K---A---B---N---R\n   a   b   c   d   e   f   g   h   i\n   9   8   7   6   5   4   3   2   1\n",
			"R/r chariot, N/n horse (H in moves)", "B/b elephant (E in moves), A/a advisor",
		}, nil},
		{"janggi", "board\n", []string{
			" 2 +---+---+---+---K---+---+---+---+\n   |   |   |   | / | \\ |   |   |   |\n 1 R",
			" 6 +---+---+---+---+---+---+---+---+\n   |   |   |   |   |   |   |   |   |\n 5 +",
			"   a   b   c   d   e   f   g   h   i\n", "A/a guard",
		}, []string{"river", "   9   8   7"}},
	}
	for _, tt := range tests {
		out := playScript(t, tt.script, "--variant", tt.variant, "--ascii")
		for _, w := range tt.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: board lacks %q:\n%s", tt.variant, w, out)
			}
		}
		for _, w := range tt.not {
			if strings.Contains(out, w) {
				t.Errorf("%s: board has %q:\n%s", tt.variant, w, out)
			}
		}
	}
	out := playScript(t, "board\n", "--variant", "xiangqi")
	if !strings.Contains(out, "10 r───n───b───a───k───a───b───n───r\n   │   │   │   │ ╲ │ ╱ │") {
		t.Errorf("xiangqi's Unicode board:\n%s", out)
	}
}

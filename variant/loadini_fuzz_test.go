package variant_test

import (
	"context"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/baten-chess/baten/variant"
)

// FuzzLoadINI feeds definition files to the loader: any text gives
// variants or an error, never a panic, and every variant it gives can be
// started, listed and counted one ply deep. Seeds: the built-in
// fairy.ini and every example of docs/variants-ini.md.
func FuzzLoadINI(f *testing.F) {
	if b, err := os.ReadFile("fairy.ini"); err == nil {
		f.Add(string(b))
	}
	if b, err := os.ReadFile("../docs/variants-ini.md"); err == nil {
		for _, m := range regexp.MustCompile("(?s)```ini[^\n]*\n(.*?)```").FindAllStringSubmatch(string(b), -1) {
			f.Add(m[1])
		}
	}
	f.Add("[v:chess]\nenPassantRegion = e*\nnFoldRule = 2\nnFoldValue = win\n")
	f.Add("[v:makruk]\ncountingRule = asean\ncheckmateValue = draw\n")
	f.Add("[v:chess]\nking = -\ncommoner = k\nextinctionValue = loss\nextinctionPieceTypes = k\ncastling = false\n")
	// family: antichess: its keys, inherited from a built-in game too
	f.Add("[v:antichess]\nmustCapture = false\nstalematePieceCount = true\n")
	f.Add("[v:horde]\nmustCapture = true\nstalemateValue = loss\nstartFen = 4k3/8/8/8/8/8/8/PPPP4 w - - 0 1\n")
	base := variant.Builtin()
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 4096 {
			return
		}
		vs, err := variant.LoadINI(strings.NewReader(text), "fuzz.ini", base)
		if err != nil {
			return
		}
		for _, v := range vs {
			p := v.Start()
			p.Legal()
			p.Outcome()
			if _, err := variant.Perft(context.Background(), p, 1, 1); err != nil {
				t.Fatalf("%s: perft 1: %v", v.Name, err)
			}
		}
	})
}

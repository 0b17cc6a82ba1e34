package variant_test

import (
	"context"
	"errors"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/baten-chess/baten/variant"
)

// FuzzLoadINI feeds definition files to the loader: any text gives
// variants or an error, never a panic, and every variant it gives can be
// started, listed and counted one ply deep (those of the good sections
// too when others fail: a *LoadError). Seeds: the built-in fairy.ini,
// every example of docs/variants-ini.md and the forms below.
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
	// The language as read today: per-colour keys, pawn roles, a key set
	// twice, a letter taken from a removed piece, a bad section among good.
	f.Add("[v:chess]\npromotionRegionWhite = *6 *7 *8\npromotionRegionBlack = *3 *2 *1\npromotionPieceTypesWhite = qn\npromotionPieceTypesBlack = nq\n")
	f.Add("[v:chess]\ndoubleStepRegionWhite = *2 *3\ndoubleStepRegionBlack = *7 *6\ntripleStepRegionWhite = -\nenPassantRegionWhite = *3 *6\nenPassantRegionBlack = *6 *3\n")
	f.Add("[v:chess]\ncustomPiece1 = p:fmWfcF\npawn = -\npawnTypes = p\nnMoveRuleTypesBlack = p\nenPassantTypes = -\ncastlingRookPieces = r\ncastling = false\ncastling = true\n")
	f.Add("[a:chess]\nfrobnicate = 1\n[b:a]\nmaxRank = 6\n[c:chess]\npromotionRegionWhite = a8 h8\n[d:chess]\nmobilityRegionWhiteKing = *1\n[e:chess]\nnMoveRule = 60\n")
	f.Add("[v:chess]\nwallingRule = arrow\nwallingRegion = *3 *4\nwallingRegionBlack = -\nwallOrMove = true\n[w:amazons]\nwallingRule = duck\nstartFen = q*8/10/10/10/10/10/10/10/10/Q9 w - - 0 1\n") // walling
	f.Add("[v:chess]\nmaxRank = 6\npromotionRegionWhite = *6\npromotionRegionBlack = *1\ndoubleStepRegionBlack = *5\ndoubleStepRegionWhite = *2\nstartFen = rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n")
	f.Add("[v:chess]\ncheckCounting = true\nstartFen = 4k3/8/8/8/8/8/8/R3K3 w - - 1+2 0 1 +0+1\n")                                                                // check counting
	f.Add("[v:racingkings]\nflagPieceWhite = *\nwhiteFlag = e4 *7\nflagRegionBlack = a1\nflagPieceCount = 2\nflagPieceBlockedWin = true\nflagPieceSafe = true\n") // flag family
	// family: antichess: its keys, inherited from a built-in game too
	f.Add("[v:antichess]\nmustCapture = false\nstalematePieceCount = true\n")
	f.Add("[v:horde]\nmustCapture = true\nstalemateValue = loss\nstartFen = 4k3/8/8/8/8/8/8/PPPP4 w - - 0 1\n")
	base := variant.Builtin()
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 4096 {
			return
		}
		vs, err := variant.LoadINI(strings.NewReader(text), "fuzz.ini", base)
		var le *variant.LoadError
		if err != nil && !errors.As(err, &le) {
			if vs != nil {
				t.Fatalf("games %v with an error that is not a LoadError: %v", vs, err)
			}
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

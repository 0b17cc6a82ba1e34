package variant_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
	"github.com/baten-chess/baten/variant/ini"
)

// loadFlagINI loads text with the built-in games as parents.
func loadFlagINI(t *testing.T, text string) (*variant.Variant, error) {
	t.Helper()
	vs, err := variant.LoadINI(strings.NewReader(text), "flag.ini", variant.Builtin())
	if err != nil {
		return nil, err
	}
	return vs[len(vs)-1], nil
}

func squares(names ...string) []geom.Square {
	var out []geom.Square
	for _, n := range names {
		sq, err := geom.Size{W: 16, H: 16}.Parse(n)
		if err != nil {
			panic(err)
		}
		out = append(out, sq)
	}
	return out
}

// TestFlagKeys: the flag keys as Fairy-Stockfish reads them: flagPiece
// for both colours, "*" for every piece, flagPieceWhite/Black over it;
// the 11.1 names whiteFlag and blackFlag, overridden by flagRegion, in
// turn overridden by flagRegionWhite/Black, wherever each stands in the
// section; flagPieceCount 0 as 1; a game without a royal piece whose
// only goal is a race; a parent's rule inherited from the registry.
func TestFlagKeys(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       rules.FlagRule
	}{
		{"both", "[v:chess]\nflagPiece = q\nflagRegion = d4 e5\n",
			rules.FlagRule{Piece: [2]byte{'Q', 'Q'}, Region: [2][]geom.Square{squares("d4", "e5"), squares("d4", "e5")}, Count: 1}},
		{"colours", "[v:chess]\nflagPieceBlack = n\nflagPiece = *\nflagRegionBlack = *1\nflagRegion = a8\nwhiteFlag = h8\nblackFlag = h1\nflagPieceCount = 0\nflagMove = true\nflagPieceSafe = true\nflagPieceBlockedWin = true\n",
			rules.FlagRule{Piece: [2]byte{0, 'N'}, Region: [2][]geom.Square{squares("a8"), squares("a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1")},
				Count: 1, Move: true, Safe: true, BlockedWin: true}},
		{"old names", "[v:chess]\nflagPiece = k\nwhiteFlag = *8\nblackFlag = *1\nflagPieceCount = 2\n",
			rules.FlagRule{Piece: [2]byte{'K', 'K'}, Region: [2][]geom.Square{squares("a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"), squares("a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1")}, Count: 2}},
		{"no king", "[v]\nknight = n\nflagPiece = n\nflagRegion = c3\nstartFen = n2/3/2N w - - 0 1\nmaxFile = 3\nmaxRank = 3\ncastling = false\n",
			rules.FlagRule{Piece: [2]byte{'N', 'N'}, Region: [2][]geom.Square{squares("c3"), squares("c3")}, Count: 1}},
		{"inherited", "[v:racingkings]\nflagPieceCount = 1\n",
			rules.FlagRule{Piece: [2]byte{'K', 'K'}, Region: [2][]geom.Square{squares("a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"), squares("a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8")}, Count: 1, Move: true}},
	} {
		v, err := loadFlagINI(t, tc.text)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		got := v.Rules().Flag
		if got == nil {
			t.Errorf("%s: no flag rule", tc.name)
			continue
		}
		// Regions as sets of the board's squares (a rank "*8" also
		// names squares off an 8x8 board, which are never used).
		r := *got
		for pl := range 2 {
			r.Region[pl] = slices.DeleteFunc(slices.Clone(r.Region[pl]), func(sq geom.Square) bool { return !v.Size.Contains(sq) })
			for _, reg := range [][]geom.Square{r.Region[pl], tc.want.Region[pl]} {
				slices.SortFunc(reg, func(a, b geom.Square) int { return (a.Rank-b.Rank)*16 + a.File - b.File })
			}
		}
		if fmt.Sprint(r) != fmt.Sprint(tc.want) {
			t.Errorf("%s: %+v, want %+v", tc.name, *got, tc.want)
		}
	}
	v, err := loadFlagINI(t, "[v:chess]\nflagPiece = k\n")
	if err != nil || v.Rules().Flag != nil {
		t.Errorf("a flag piece without a region: %v, rule %+v; want no rule", err, v.Rules().Flag)
	}
}

// TestFlagKeyErrors: a bad value of a flag key is an error naming the
// file, line, section and key.
func TestFlagKeyErrors(t *testing.T) {
	for _, tc := range []struct{ text, key, msg string }{
		{"[v:chess]\nflagPiece = x\nflagRegion = e4\n", "flagPiece", `no piece has the letter "x"`},
		{"[v:chess]\nflagPieceWhite = kq\n", "flagPieceWhite", "want one piece letter"},
		{"[v:chess]\nflagRegion = e4 z9\n", "flagRegion", `found "z9"`},
		{"[v:chess]\nwhiteFlag = 4e\n", "whiteFlag", "want squares"},
		{"[v:chess]\nflagPieceCount = many\n", "flagPieceCount", "want a count"},
		{"[v:chess]\nflagMove = yes\n", "flagMove", "want true or false"},
		{"[v:chess]\nflagPieceSafe = 1\n", "flagPieceSafe", "want true or false"},
		{"[v:chess]\nflagPieceBlockedWin = no\n", "flagPieceBlockedWin", "want true or false"},
		// Inherited: the child's header is named.
		{"[v:chess]\nflagPiece = q\nflagRegion = e4\n[w:v]\nqueen = -\n", "", "section [w]: the flag piece, the queen, is not in the game"},
	} {
		_, err := loadFlagINI(t, tc.text)
		var ie *ini.Error
		if !errors.As(err, &ie) || ie.Key != tc.key || ie.Line == 0 || !strings.Contains(err.Error(), tc.msg) ||
			!strings.Contains(err.Error(), "flag.ini") {
			t.Errorf("%q: %v, want an error of key %s at a line of flag.ini saying %q", tc.text, err, tc.key, tc.msg)
		}
	}
}

// flagSections are the sections of Fairy-Stockfish's example file
// (../shared/data/fairy/fsf-variants.ini) that set a flag key and need no
// other family: each loads by itself with its ancestors and counts
// fsf-variants-counts.tsv's perft 1-3 of its start (TestFSFExampleSections
// checks that each loads).
var flagSections = []string{"pawnsonly", "pawnsking", "orda", "ordamirror", "crossing", "breakthrough5", "breakthrough6",
	"breakthrough7", "racingchess", "coffeerace", "sixthrank", "rooksquare", "kono", "forward", "knights-halma", "hexapawn",
	"aralzaa", "bajr", "river", "squatter"}

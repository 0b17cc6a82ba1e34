package variant_test

import (
	"strings"
	"testing"

	"github.com/baten-chess/baten/variant"
)

// connectSections are the sections of Fairy-Stockfish's example file
// (../shared/data/fairy/fsf-variants.ini) that set a connection key and
// need no other family: each loads by itself with its ancestors and counts
// fsf-variants-counts.tsv's perft 1-3 of its start (TestFSFExampleSections
// checks that each loads). tictactoe, cfour and their children, picaria,
// nineholes, tictacchess, teeko, symphony and cetus need drops; gale needs
// its parents snort and ataxx.
var connectSections = []string{"asimplegame", "allqueenschess", "roll-ing-to-four", "three-musketeers"}

// connectOutcomeINI's games for TestConnectOutcome: lines of three win; three
// musketeers on a rank or file lose (connectValue = loss).
const connectOutcomeINI = `
[three]
maxRank = 3
maxFile = 3
customPiece1 = p:mK
startFen = 2p/P1P/P1p w - - 0 1
connectN = 3
stalemateValue = loss

[musketeers]
maxRank = 3
maxFile = 3
customPiece1 = m:mcW
customPiece2 = p:mW
startFen = 1Mp/M2/1M1 w - - 0 1
collinearN = 3
connectDiagonal = false
connectPieceTypes = m
connectValue = loss
`

// TestConnectOutcome: a connection ends the game at once, in a player's
// words: the side that has just moved wins by connecting its pieces,
// or, where connecting loses, its opponent wins.
func TestConnectOutcome(t *testing.T) {
	vs, err := variant.LoadINI(strings.NewReader(connectOutcomeINI), "connect.ini", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		game string
		line []string
		want string
	}{
		{"three", []string{"a1b1"}, ""},
		{"three", []string{"a1b2"}, "white wins by connecting its pieces"},
		{"musketeers", []string{"a2a1"}, ""},
		{"musketeers", []string{"a2b2"}, "black wins: white connected its pieces"},
	} {
		var v *variant.Variant
		for _, x := range vs {
			if x.Name == c.game {
				v = x
			}
		}
		p := v.Start()
		for _, m := range c.line {
			a, err := p.Parse(m)
			if err == nil {
				p, err = p.Play(a)
			}
			if err != nil {
				t.Fatalf("%s %v: %s: %v", c.game, c.line, m, err)
			}
		}
		o, over := p.Outcome()
		if got := o.String(); over != (c.want != "") || over && got != c.want {
			t.Errorf("%s %v: %q (%v), want %q", c.game, c.line, got, over, c.want)
		}
	}
}

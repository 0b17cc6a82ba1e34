package variant_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/internal/race"
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

// TestConnectSectionsDeeper counts the start of each section of
// connectSections and lenientSections one ply deeper than
// TestFSFExampleSections: perft 4 as Fairy-Stockfish c19b5f6 counts it
// ("setoption name VariantPath value fsf-variants.ini", "setoption name
// UCI_Variant value NAME", "position startpos", "go perft 4"). The
// sections' parents are built-in games, so each is loaded by itself.
func TestConnectSectionsDeeper(t *testing.T) {
	dir, err := perftdata.Dir()
	if err != nil {
		t.Skip(err)
	}
	want := map[string]uint64{
		"asimplegame": 970, "allqueenschess": 1082743, "roll-ing-to-four": 54518, "three-musketeers": 736, // family: connection
		"nim": 17338, "tuktuk": 218886, "lewthwaite": 64, "petty": 4065, "rookmate": 197431, "alapo": 50342, "1d-chess": 49,
	}
	budget := uint64(2_000_000)
	if testing.Short() || race.Enabled {
		budget = 100_000
	}
	found := 0
	for _, b := range fsfBlocks(t, filepath.Join(dir, "fairy", "fsf-variants.ini")) {
		nodes, ok := want[b.name]
		if !ok {
			continue
		}
		found++
		if nodes > budget {
			continue
		}
		vs, err := variant.LoadINI(strings.NewReader(b.text), b.name+".ini", variant.Builtin())
		if err != nil {
			t.Fatalf("[%s]: %v", b.name, err)
		}
		if got, err := variant.Perft(context.Background(), vs[0].Start(), 4, 1); err != nil || got != nodes {
			t.Errorf("[%s] perft 4 = %d (%v), Fairy-Stockfish %d", b.name, got, err, nodes)
		}
	}
	if found != len(want) {
		t.Errorf("%d of the %d sections found", found, len(want))
	}
}

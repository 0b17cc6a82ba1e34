package variant_test

import (
	"strings"
	"testing"

	"github.com/baten-chess/baten/variant"
)

// TestFairyPGNNames checks the PGN Variant tags of the built-in fairy
// games against pychess-variants' rule for writing them: the variant's
// key with its first letter upper-cased and the rest lower-cased (Python's
// str.capitalize, in its PGN export), so that "Capablanca", "Asean" and
// "Losalamos" read back there; but the games lichess hosts as lichess
// writes them ("Three-check").
func TestFairyPGNNames(t *testing.T) {
	// The games lichess hosts take the tags lichess writes.
	lichessNames := map[string]string{
		"3check":        "Three-check",      // check counting
		"kingofthehill": "King of the Hill", // flag family
		"racingkings":   "Racing Kings",
	}
	fairy, err := variant.Fairy()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range fairy {
		want := strings.ToUpper(v.Name[:1]) + strings.ToLower(v.Name[1:])
		if w, ok := lichessNames[v.Name]; ok {
			want = w
		}
		if v.PGNName != want {
			t.Errorf("%s: PGN Variant %q, pychess-variants writes %q", v.Name, v.PGNName, want)
		}
	}
}

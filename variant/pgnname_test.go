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
// "Losalamos" read back there.
func TestFairyPGNNames(t *testing.T) {
	// The games lichess hosts take its names (flag family).
	lichessPGNNames := map[string]string{"kingofthehill": "King of the Hill", "racingkings": "Racing Kings"}
	fairy, err := variant.Fairy()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range fairy {
		want := strings.ToUpper(v.Name[:1]) + strings.ToLower(v.Name[1:])
		if l, ok := lichessPGNNames[v.Name]; ok {
			want = l
		}
		if v.PGNName != want {
			t.Errorf("%s: PGN Variant %q, pychess-variants writes %q", v.Name, v.PGNName, want)
		}
	}
}

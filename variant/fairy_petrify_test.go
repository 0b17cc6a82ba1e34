package variant_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/baten-chess/baten/variant"
	"github.com/baten-chess/baten/variant/ini"
)

// TestPetrifyKeys: the family's keys are read, inherited from a built-in
// game and a parent section, and bad values, a royal piece that
// petrifies and a pseudo-royal one where captures explode are errors
// naming the file, line, section and key.
func TestPetrifyKeys(t *testing.T) {
	v, err := loadFlagINI(t, "[v:atomic]\npetrifyOnCaptureTypes = qn\n[w:v]\npetrifyBlastPieces = true\n")
	if err != nil {
		t.Fatal(err)
	}
	if pt := v.Rules().Petrify; pt == nil || pt.Kinds != "QN" || !pt.BlastPieces {
		t.Errorf("inherited petrification %+v, want Q and N petrifying, blasted pieces too", pt)
	}
	g, err := variant.Lookup("petrified")
	if err != nil {
		t.Fatal(err)
	}
	if pt := g.Rules().Petrify; pt == nil || pt.Kinds != "KQRBN" || pt.BlastPieces {
		t.Errorf("petrified: %+v, want KQRBN petrifying", pt)
	}
	if g.Title != "Petrified" {
		t.Errorf("petrified's title %q", g.Title)
	}
	for _, tc := range []struct{ text, key, msg string }{
		{"[v:atomic]\npetrifyBlastPieces = yes\n", "petrifyBlastPieces", "want true or false"},
		{"[v:atomic]\npetrifyOnCaptureTypes = z\n", "petrifyOnCaptureTypes", "z"},
		{"[v:chess]\npetrifyOnCaptureTypes = k\n", "petrifyOnCaptureTypes", "not supported yet: a royal piece that petrifies"},
		{"[v:atomic]\npetrifyOnCaptureTypes = k\n", "petrifyOnCaptureTypes", "not supported yet: a pseudo-royal piece that petrifies where captures explode"},
	} {
		_, err := loadFlagINI(t, tc.text)
		var ie *ini.Error
		if !errors.As(err, &ie) || ie.Key != tc.key || ie.Line == 0 || ie.Section != "v" || !strings.Contains(err.Error(), tc.msg) ||
			!strings.Contains(err.Error(), "flag.ini") {
			t.Errorf("%q: %v, want an error of key %s at a line of flag.ini saying %q", tc.text, err, tc.key, tc.msg)
		}
	}
}

package variant_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/baten-chess/baten/variant"
	"github.com/baten-chess/baten/variant/ini"
)

// atomicSections are the sections of Fairy-Stockfish's example file that
// set a key of the atomic family (or inherit atomic) and need no family
// not done: each loads by itself with its ancestors and counts
// fsf-variants-counts.tsv's perft 1-3 of its start (TestFSFExampleSections
// checks that each loads).
var atomicSections = []string{"atomic-giveaway", "atomic-giveaway-hill", "antiatomic", "6x6atom"}

// TestBlastKeys: the family's keys are read, inherited from a built-in
// game and a parent section, and bad values are errors naming the file,
// line, section and key (petrification: TestPetrifyKeys).
func TestBlastKeys(t *testing.T) {
	v, err := loadFlagINI(t, "[v:nocheckatomic]\nblastImmuneTypes = n\n[w:v]\nmutuallyImmuneTypes = q\n")
	if err != nil {
		t.Fatal(err)
	}
	c := v.Rules().Capture
	if c == nil || !c.Blast || c.Immune != "N" || c.MutuallyImmune != "Q" || c.Pawns != "P" {
		t.Errorf("inherited capture effects %+v, want blasts sparing P, N immune, Q mutually immune", c)
	}
	for _, tc := range []struct{ text, key, msg string }{
		{"[v:chess]\nblastOnCapture = yes\n", "blastOnCapture", "want true or false"},
		{"[v:atomic]\nblastImmuneTypes = z\n", "blastImmuneTypes", "z"},
		{"[v:atomic]\nmutuallyImmuneTypes = x\n", "mutuallyImmuneTypes", "x"},
	} {
		_, err := loadFlagINI(t, tc.text)
		var ie *ini.Error
		if !errors.As(err, &ie) || ie.Key != tc.key || ie.Line == 0 || ie.Section != "v" || !strings.Contains(err.Error(), tc.msg) ||
			!strings.Contains(err.Error(), "flag.ini") {
			t.Errorf("%q: %v, want an error of key %s at a line of flag.ini saying %q", tc.text, err, tc.key, tc.msg)
		}
	}
}

// TestAtomicSurfaces: a capture in atomic is written as in chess, the
// squares its blast emptied are reported, and the game ends when a king
// explodes, in a player's words.
func TestAtomicSurfaces(t *testing.T) {
	g, err := variant.Lookup("atomic")
	if err != nil {
		t.Fatal(err)
	}
	if g.Title != "Atomic" || g.PGNName != "Atomic" {
		t.Errorf("title %q, PGN name %q, want Atomic as lichess writes it", g.Title, g.PGNName)
	}
	p, err := g.FromFEN("rnbqkbnr/ppp1pppp/8/3p4/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	a, err := p.Parse("exd5")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Format(a, variant.Human); got != "exd5" {
		t.Errorf("the capture is written %q, want exd5", got)
	}
	if got := variant.Exploded(p, a); len(got) != 1 || got[0].String() != "d5" {
		t.Errorf("exd5 explodes %v, want d5 alone (pawns around survive)", got)
	}
	// Nxf7 explodes f7 and the king, bishop and knight on e8, f8, g8.
	p, err = g.FromFEN("rnbqkbnr/pppppppp/8/4N3/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if a, err = p.Parse("Nxf7"); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, sq := range variant.Exploded(p, a) {
		names = append(names, sq.String())
	}
	if got := strings.Join(names, " "); got != "f7 e8 f8 g8" && got != "f7 f8 e8 g8" {
		t.Errorf("Nxf7 explodes %q, want f7 and e8 f8 g8 (the pawns e7 and g7 survive)", got)
	}
	next, err := p.Play(a)
	if err != nil {
		t.Fatal(err)
	}
	o, over := next.Outcome()
	if !over || o.String() != "white wins: black's king exploded" || o.Reason != variant.KingExploded {
		t.Errorf("after Nxf7: %v %v, want white wins: black's king exploded", o, over)
	}
	if r, ok := variant.ParseReason("king exploded"); !ok || r != variant.KingExploded {
		t.Errorf("ParseReason(king exploded) = %v %v", r, ok)
	}
}

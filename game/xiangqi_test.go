package game

import (
	"strings"
	"testing"

	"github.com/baten-chess/baten/pgn"
	"github.com/baten-chess/baten/variant"
)

// TestXiangqiPerpetualCheck: in the built-in xiangqi (perpetualCheckIllegal,
// as Fairy-Stockfish's variant.cpp sets it) a rook that checks the general
// from a10 and a9 by turns loses at the third occurrence of the position
// after a1a10, the moves written as Fairy-Stockfish writes them (ranks
// 1-10); a position repeated without checks is the n-fold rule's draw.
func TestXiangqiPerpetualCheck(t *testing.T) {
	xq, err := variant.Lookup("xiangqi")
	if err != nil {
		t.Fatal(err)
	}
	start, err := xq.FromFEN("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	g := New(start)
	mustPlay(t, g, "a1a10", "e10e9")
	checks := []string{"a10a9", "e9e10", "a9a10", "e10e9"}
	mustPlay(t, g, checks...)
	mustPlay(t, g, checks[:2]...)
	if o, over := g.Outcome(); over {
		t.Fatalf("over before the third occurrence: %v", o)
	}
	mustPlay(t, g, checks[2])
	o, over := g.Outcome()
	if want := "black wins: white gave perpetual check"; !over || o.String() != want {
		t.Errorf("%v (over %v), want %q", o, over, want)
	}
	quiet, err := xq.FromFEN("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	g = New(quiet)
	walk := []string{"a1a2", "e10e9", "a2a1", "e9e10"}
	mustPlay(t, g, walk...)
	mustPlay(t, g, walk...)
	if o, over := g.Outcome(); !over || o != (variant.Outcome{Draw: true, Reason: variant.Repetition}) {
		t.Errorf("rook and general walking: %v (over %v), want a draw by repetition", o, over)
	}
}

// TestXiangqiRecord: a xiangqi record holds its moves in WXF notation,
// as xiangqi books print them, and reads back to the same game; the moves
// may be typed in WXF (with "=" or "."), UCI or SAN.
func TestXiangqiRecord(t *testing.T) {
	xq, err := variant.Lookup("xiangqi")
	if err != nil {
		t.Fatal(err)
	}
	g := New(xq.Start())
	mustPlay(t, g, "C2.5", "h10g8", "H2+3", "R9=8", "Rh1")
	var b strings.Builder
	if err := g.WriteRecord(&b, nil); err != nil {
		t.Fatal(err)
	}
	if want := "1. C2=5 H8+7 2. H2+3 R9=8 3. R1=2"; !strings.Contains(b.String(), want) {
		t.Fatalf("record\n%s\nwants %q", b.String(), want)
	}
	pg, err := pgn.NewReader(strings.NewReader(b.String())).Next()
	if err != nil {
		t.Fatal(err)
	}
	back, err := FromPGN(pg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := back.Position().FEN(), g.Position().FEN(); got != want {
		t.Errorf("read back at %s, want %s", got, want)
	}
}

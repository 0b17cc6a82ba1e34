package chess

import (
	"testing"

	"github.com/baten-chess/baten/internal/perftdata"
)

// perftCase is one position of a reference file with its expected counts;
// every expected count comes from ../shared/data, never from this
// package's own output.
type perftCase struct {
	id     string
	fen    string
	counts map[int]uint64 // depth → nodes
}

// maxDepth returns the deepest depth listed.
func (c perftCase) maxDepth() int {
	d := 0
	for k := range c.counts {
		d = max(d, k)
	}
	return d
}

// readPerftFile reads a chess reference file (.perft or .epd) through the
// shared perftdata reader.
func readPerftFile(t testing.TB, name string) []perftCase {
	t.Helper()
	cases, err := perftdata.Load("chess/" + name)
	if err != nil {
		t.Fatalf("reference data: %v", err)
	}
	if len(cases) == 0 {
		t.Fatalf("%s: no positions", name)
	}
	out := make([]perftCase, len(cases))
	for i, c := range cases {
		out[i] = perftCase{id: c.ID, fen: c.FEN, counts: map[int]uint64{}}
		for _, n := range c.Counts {
			out[i].counts[n.Depth] = n.Nodes
		}
	}
	return out
}

// mustPosition parses and validates fen, tolerating the given problem kinds.
func mustPosition(t testing.TB, fen string, ignore ...ProblemKind) Position {
	t.Helper()
	s, err := ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPosition(s, ignore...)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

package rules

import (
	"testing"

	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/internal/race"
)

// raceMaxNodes caps perftSuite's counts under the race detector, which
// slows the reference generator fiftyfold: the plain run checks them.
const raceMaxNodes = 2000

// perftSuite checks the reference counts of a data file: every case up to
// maxDepth, stopping a case early once its counts exceed maxNodes (0: no
// limit). first limits the number of cases (0: all). Each case is a
// parallel subtest.
func perftSuite(t *testing.T, v func() *Variant, file string, first, maxDepth int, maxNodes uint64) {
	t.Helper()
	if race.Enabled && (maxNodes == 0 || maxNodes > raceMaxNodes) {
		maxNodes = raceMaxNodes
	}
	cases, err := perftdata.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	if first > 0 && first < len(cases) {
		cases = cases[:first]
	}
	checked := 0
	for _, c := range cases {
		counts := c.Upto(maxDepth)
		if len(counts) == 0 {
			t.Fatalf("%s %s: no counts up to depth %d", file, c.ID, maxDepth)
		}
		checked++
		t.Run(c.ID, func(t *testing.T) {
			t.Parallel()
			p, err := ParseFEN(v(), c.FEN)
			if err != nil {
				t.Fatalf("%s: %v", c.FEN, err)
			}
			for _, n := range counts {
				if maxNodes > 0 && n.Nodes > maxNodes && n.Depth > 1 {
					break
				}
				if got := p.Perft(n.Depth); got != n.Nodes {
					t.Errorf("%s depth %d: %d nodes, want %d\ndivide: %v", c.FEN, n.Depth, got, n.Nodes, p.Divide(1))
				}
			}
		})
	}
	if checked == 0 {
		t.Fatalf("%s: no cases", file)
	}
}

// The counts the foundation issue requires of the reference generator.
func TestPerftChessStart(t *testing.T) {
	perftSuite(t, Chess, "chess/standard-126.epd", 1, 4, 0)
}

func TestPerftKiwipete(t *testing.T) {
	cases, err := perftdata.Load("chess/standard-126.epd")
	if err != nil {
		t.Fatal(err)
	}
	kiwipete := cases[1]
	if kiwipete.FEN != "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" {
		t.Fatalf("second line of standard-126.epd is not Kiwipete: %s", kiwipete.FEN)
	}
	p, err := ParseFEN(Chess(), kiwipete.FEN)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range kiwipete.Upto(3) {
		if got := p.Perft(n.Depth); got != n.Nodes {
			t.Errorf("Kiwipete depth %d: %d, want %d", n.Depth, got, n.Nodes)
		}
	}
}

func TestPerftChess960(t *testing.T) {
	perftSuite(t, Chess, "chess/chess960.perft", 20, 3, 0)
}

func TestPerftShatranjStart(t *testing.T) {
	cases, err := perftdata.Load("shatranj/shatranj.perft")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		depth := 3
		if c.ID == "start" {
			depth = 4
		}
		t.Run(c.ID, func(t *testing.T) {
			t.Parallel()
			p, err := ParseFEN(Shatranj(), c.FEN)
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range c.Upto(depth) {
				if got := p.Perft(n.Depth); got != n.Nodes {
					t.Errorf("%s depth %d: %d, want %d", c.FEN, n.Depth, got, n.Nodes)
				}
			}
		})
	}
}

func TestPerftEnglishDraughts(t *testing.T) {
	perftSuite(t, EnglishDraughts, "draughts/english.perft", 1, 7, 0)
}

// Beyond what the foundation issue asks: every other reference position,
// as deep as a small node budget allows, so the spec is checked on kings,
// promotions and odd cases too.
func TestPerftMore(t *testing.T) {
	for _, s := range []struct {
		variant func() *Variant
		file    string
	}{
		{Chess, "chess/tricky.perft"},
		{Chess, "chess/standard-126.epd"},
		{EnglishDraughts, "draughts/english.perft"},
		{EnglishDraughts, "draughts/edge-cases.perft"},
		{Capablanca, "fairy/capablanca.perft"},
	} {
		t.Run(s.file, func(t *testing.T) {
			perftSuite(t, s.variant, s.file, 0, 99, 20000)
		})
	}
}

package perftdata

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	in := `# header
id start
epd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
perft 1 20
perft 2 400   # trailing comment

id d
pdnfen B:W21-32:B1-12
perft 1 7
`
	cases, err := Parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) != 2 || cases[0].ID != "start" || len(cases[0].Counts) != 2 || cases[0].Counts[1] != (Count{2, 400}) ||
		cases[1].FEN != "B:W21-32:B1-12" || cases[1].Counts[0] != (Count{1, 7}) {
		t.Fatalf("parsed %+v", cases)
	}
	if got := cases[0].Upto(1); len(got) != 1 {
		t.Fatalf("Upto(1) = %v", got)
	}
}

func TestParseErrors(t *testing.T) {
	for _, in := range []string{"perft 1 20", "id x\nepd 8/8 w\nperft one 2", "id x\nbogus line", "id x\nperft 1 2"} {
		if _, err := Parse(strings.NewReader(in)); err == nil {
			t.Errorf("Parse(%q) accepted bad input", in)
		}
	}
}

func TestParseEPD(t *testing.T) {
	cases, err := ParseEPD(strings.NewReader("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66\n"))
	if err != nil || len(cases) != 1 || cases[0].FEN != "4k3/8/8/8/8/8/8/4K2R w K - 0 1" || cases[0].Counts[1] != (Count{2, 66}) {
		t.Fatalf("ParseEPD = %+v, %v", cases, err)
	}
	if _, err := ParseEPD(strings.NewReader("8/8 w ;D1 x\n")); err == nil {
		t.Fatal("ParseEPD accepted a bad count")
	}
}

func TestLoadSharedData(t *testing.T) {
	for _, name := range []string{"chess/tricky.perft", "chess/standard-126.epd", "draughts/english.perft"} {
		cases, err := Load(name)
		if err != nil || len(cases) == 0 {
			t.Fatalf("Load(%s) = %d cases, %v", name, len(cases), err)
		}
	}
}

// TestLoadFairy: today's Fairy-Stockfish's own counts come first (the
// oracle file, whose start count at depth 4 differs from 11.1's), then the
// shared files; a game without counts is fs.ErrNotExist.
func TestLoadFairy(t *testing.T) {
	if _, err := Dir(); err != nil {
		t.Skip(err)
	}
	for _, tc := range []struct {
		name   string
		nodes4 uint64 // the first case's perft 4
	}{
		{"cambodian", 361719}, // 11.1's file says 361793
		{"makruk", 273026},    // shared fairy/makruk.perft
		{"karouk", 361719},    // fairy/fsf-head/karouk.perft
	} {
		cases, err := LoadFairy(tc.name)
		if err != nil || len(cases) == 0 || len(cases[0].Counts) < 4 {
			t.Fatalf("LoadFairy(%s) = %d cases, %v", tc.name, len(cases), err)
		}
		if got := cases[0].Counts[3]; got.Depth != 4 || got.Nodes != tc.nodes4 {
			t.Errorf("LoadFairy(%s): first count at depth 4 = %+v, want %d", tc.name, got, tc.nodes4)
		}
	}
	if _, err := LoadFairy("no-such-game"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("LoadFairy(no-such-game) = %v, want fs.ErrNotExist", err)
	}
}

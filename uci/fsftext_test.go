package uci

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/baten-chess/baten/engine"
	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/variant"
)

// perftLine is a root move's line of "go perft": "MOVE: COUNT".
var perftLine = regexp.MustCompile(`^(\S+): [0-9]+$`)

// readBack bounds the moves of a position read back: Amazons' start has
// 2,176, each read against the whole list; an even spread of them stands
// for the rest.
const readBack = 100

// TestFSFMoveText compares "go perft 1" with Fairy-Stockfish's on every
// position of the shared fairy perft files and the start of every game
// Baten hosts (internal/perftdata/oracle/movetext.txt, made by the oracle
// itself): the same moves, written word for word as it writes them, and
// its moves read back (up to readBack of them). It also compares the FEN
// "d" shows with the oracle's.
func TestFSFMoveText(t *testing.T) {
	all, err := perftdata.MoveTexts()
	if err != nil {
		t.Fatal(err)
	}
	games := variant.Builtin()
	byGame := map[string][]perftdata.MoveText{}
	var order []string
	for _, p := range all {
		if _, ok := byGame[p.Variant]; !ok {
			order = append(order, p.Variant)
		}
		byGame[p.Variant] = append(byGame[p.Variant], p)
	}
	for _, name := range order {
		v, err := games.Lookup(name)
		if err != nil || v.UCIName != name {
			continue // a game Baten does not host (yet)
		}
		t.Run(name, func(t *testing.T) {
			positions := byGame[name]
			var script strings.Builder
			if name == "chess960" { // as the oracle was told: chess with UCI_Chess960
				script.WriteString("setoption name UCI_Variant value chess\nsetoption name UCI_Chess960 value true\n")
			} else {
				script.WriteString("setoption name UCI_Variant value " + name + "\n")
			}
			for _, p := range positions {
				script.WriteString(positionCommand(p.FEN) + "\ngo perft 1\nd\n")
			}
			var out strings.Builder
			if err := Run(context.Background(), strings.NewReader(script.String()), &out, Config{HashMB: 1}); err != nil {
				t.Fatal(err)
			}
			blocks := perftBlocks(out.String())
			if len(blocks) != len(positions) {
				t.Fatalf("%d answers to %d positions:\n%s", len(blocks), len(positions), out.String())
			}
			eng, err := engine.New(v, engine.Options{HashMB: 1})
			if err != nil {
				t.Fatal(err)
			}
			for i, p := range positions {
				b := blocks[i]
				if len(b.notes) > 0 {
					t.Errorf("%s: %s", p.FEN, strings.Join(b.notes, "; "))
					continue
				}
				slices.Sort(b.moves)
				if !slices.Equal(b.moves, p.Moves) {
					t.Errorf("%s: go perft 1 differs from Fairy-Stockfish's:\n only Baten: %v\n only Fairy-Stockfish: %v",
						p.FEN, without(b.moves, p.Moves), without(p.Moves, b.moves))
				}
				if b.fen != p.OracleFEN {
					t.Errorf("%s: d shows FEN %q, Fairy-Stockfish %q", p.FEN, b.fen, p.OracleFEN)
				}
				// Fairy-Stockfish's text reads back as the same move.
				if err := eng.SetPositionText(p.FEN, nil); err != nil {
					t.Fatal(err)
				}
				step := max(1, len(p.Moves)/readBack)
				for j := 0; j < len(p.Moves); j += step {
					m := p.Moves[j]
					if got, err := eng.ParseMove(m); err != nil || got != m {
						t.Errorf("%s: Fairy-Stockfish's %s reads as %q, %v", p.FEN, m, got, err)
					}
				}
			}
		})
	}
}

// batenOnly are the UCI_Variant values Fairy-Stockfish does not have:
// Baten's own games, and chess960, which it plays as chess with
// UCI_Chess960 (and so does Baten).
var batenOnly = []string{"chess960", "banchess", "draughts"}

// TestFSFVariantNames: every game Baten offers in UCI_Variant that
// Fairy-Stockfish has goes by Fairy-Stockfish's name.
func TestFSFVariantNames(t *testing.T) {
	names, err := perftdata.OracleVariants()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range variant.Builtin().All() {
		if !slices.Contains(names, v.UCIName) && !slices.Contains(batenOnly, v.UCIName) {
			t.Errorf("%s: UCI_Variant %q is not Fairy-Stockfish's", v.Name, v.UCIName)
		}
	}
}

func positionCommand(fen string) string {
	if fen == "startpos" {
		return "position startpos"
	}
	return "position fen " + fen
}

// perftBlock is the answer to one position's "go perft 1" and "d".
type perftBlock struct {
	moves []string
	fen   string
	notes []string // any other line: an error
}

// perftBlocks splits a session's output at each "d" answer.
func perftBlocks(out string) []perftBlock {
	var blocks []perftBlock
	var cur perftBlock
	for _, l := range strings.Split(out, "\n") {
		switch {
		case l == "" || strings.HasPrefix(l, "Nodes searched: "):
		case perftLine.MatchString(l):
			cur.moves = append(cur.moves, perftLine.FindStringSubmatch(l)[1])
		case strings.HasPrefix(l, "info string variant "):
			if _, fen, ok := strings.Cut(l, " fen "); ok {
				cur.fen = fen
			} else {
				cur.notes = append(cur.notes, l)
			}
			blocks = append(blocks, cur)
			cur = perftBlock{}
		default:
			cur.notes = append(cur.notes, l)
		}
	}
	return blocks
}

// without lists the elements of a not in b.
func without(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

// TestGoPerft: "go perft N" answers as Fairy-Stockfish c19b5f6 does (a line
// per root move, a blank line, the total, a blank line), counts before a "quit" after it
// is read, and reports a missing depth.
func TestGoPerft(t *testing.T) {
	script := "position startpos\ngo perft 2\n" +
		"setoption name UCI_Variant value makruk\nposition fen k7/8/8/4P3/8/8/8/7K w - - 0 1 moves e5e6\nd\n" +
		"go perft\ngo perft x\nquit\n"
	var out strings.Builder
	if err := Run(context.Background(), strings.NewReader(script), &out, Config{HashMB: 1}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(out.String(), "\n")
	if len(lines) < 26 {
		t.Fatalf("output:\n%s", out.String())
	}
	for _, l := range lines[:20] {
		if !strings.HasSuffix(l, ": 20") || !perftLine.MatchString(l) { // every first move of chess has 20 replies
			t.Errorf("root line %q, want MOVE: 20", l)
		}
	}
	if lines[20] != "" || lines[21] != "Nodes searched: 400" || lines[22] != "" {
		t.Errorf("after the root moves %q, want a blank line, Nodes searched: 400, a blank line", lines[20:23])
	}
	// Baten's older text of makruk's promotion (no letter) still reads; the
	// FEN is Fairy-Stockfish c19b5f6's after e5e6m.
	if want := "info string variant makruk fen k7/8/4M3/8/8/8/8/7K b - 128 6 1"; lines[23] != want {
		t.Errorf("got %q, want %q", lines[23], want)
	}
	for _, l := range lines[24:26] {
		if l != "info string go perft needs one depth of 1 or more; ignored" {
			t.Errorf("got %q for a go perft without a depth", l)
		}
	}
}

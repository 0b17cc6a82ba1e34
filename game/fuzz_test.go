package game

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/baten-chess/baten/draughts"
	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/pgn"
)

// FuzzNewPosition feeds FEN text of every variant to NewPosition: no panic,
// and whatever is accepted prints a FEN that reads back to the same
// position.
func FuzzNewPosition(f *testing.F) {
	for _, seed := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
		"rnakfanr/pppppppp/8/8/8/8/PPPPPPPP/RNAKFANR w - - 0 1",
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - -",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2:e2e4",
		"B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
		"W:WK18:B14,K3", "", "8/8/8/8 w", "B:W:B",
	} {
		for v := range len(Variants) {
			f.Add(uint8(v), seed)
		}
	}
	f.Fuzz(func(t *testing.T, vi uint8, fen string) {
		v := Variants[int(vi)%len(Variants)]
		p, err := NewPosition(v, fen)
		if err != nil {
			return
		}
		q, err := NewPosition(v, p.FEN())
		if err != nil || q.FEN() != p.FEN() {
			t.Fatalf("%v %q: prints %q, which reads back as %v", v, fen, p.FEN(), err)
		}
	})
}

// FuzzParseMove feeds move text of every variant to ParseMove in the start
// and in a middle-game position: no panic, and an accepted move is legal
// and reads back from its own notation.
func FuzzParseMove(f *testing.F) {
	for _, seed := range []string{"e4", "Nf3", "O-O", "0-0-0", "e8=Q+", "exd6 e.p.", "e2e4", "b:e2e4",
		"m:g1f3", "11-15", "22x15x8", "Fd2", "Rxd8+ BK", "Nbd7!?", "--", "Z0", "a1a1", "K", ""} {
		f.Add(uint8(0), seed)
		f.Add(uint8(1), seed)
	}
	starts := map[Variant][]string{
		Chess:    {"", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
		Chess960: {"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1", "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1"},
		Shatranj: {"", "4k3/1P6/8/8/8/8/3r4/R3K3 w - - 0 1"},
		BanChess: {"", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2:e2e4"},
		Draughts: {"", "W:WK18,K27:B14,23,K3"},
	}
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		for _, v := range Variants {
			p, err := NewPosition(v, starts[v][int(which)%2])
			if err != nil {
				t.Fatal(err)
			}
			m, err := p.ParseMove(text)
			if err != nil {
				continue
			}
			if _, err := p.Play(m); err != nil {
				t.Fatalf("%v %q: parsed to an unplayable move: %v", v, text, err)
			}
			if again, err := p.ParseMove(p.Notation(m)); err != nil || again != m {
				t.Fatalf("%v %q: notation %q does not read back", v, text, p.Notation(m))
			}
			if strings.TrimSpace(text) == "" {
				t.Fatalf("%v: blank text parsed as %v", v, m)
			}
		}
	})
}

// FuzzFromPGN reads arbitrary PGN text and replays every game of it: no
// panic; a game that replays (its recorded result fitting or not) prints
// PGN — PDN for draughts — that replays without error to the same start,
// moves and outcome. Seeds: every .pgn file of the shared data (real
// games, several to a file, with their results and Termination tags) and
// made-up games of every variant and ending.
func FuzzFromPGN(f *testing.F) {
	dir, err := perftdata.Dir()
	if err != nil {
		f.Fatal(err)
	}
	err = filepath.WalkDir(filepath.Join(dir, "pgn"), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".pgn") {
			return err
		}
		text, err := os.ReadFile(path)
		f.Add(string(text))
		return err
	})
	if err != nil {
		f.Fatal(err)
	}
	for _, seed := range []string{
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *",
		"[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n\n1. e4 O-O *",
		"[Variant \"Shatranj\"]\n\n1. e3 e6 2. Fd2 *",
		"[Variant \"Ban Chess\"]\n\n1. {banning: e2e4} d4 {banning: d7d5} e5 *",
		"[GameType \"21\"]\n\n1. 11-15 23-19 2. 8-11 22x15 2-0",
		"[GameType \"21\"]\n[Termination \"agreement\"]\n\n1. 11-15 23-19 1-1",
		"[Termination \"threefold repetition\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2",
		"[Termination \"time forfeit\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n0-1",
		"[Termination \"abandoned\"]\n\n1. d4 1-0\n\n[Result \"0-1\"]\n\n1. e4 1-0",
		"1. f3 e5 2. g4 Qh4# 1-0",
		"[Variant \"xiangqi\"]\n\n1. e4 *", "[FEN \"8/8 w\"]\n\n*",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		r := pgn.NewReader(strings.NewReader(text))
		for range 64 {
			pg, err := r.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				var se *pgn.SyntaxError
				if !errors.As(err, &se) {
					return // an I/O error: none from a string reader
				}
				continue
			}
			g, err := FromPGN(pg)
			var re *ResultError
			if err != nil && !errors.As(err, &re) {
				continue // the game does not replay
			}
			checkRewrite(t, g, pg.Tags)
		}
	})
}

// checkRewrite writes g as PGN (PDN for draughts) and checks that it
// replays without error to the same start, moves and outcome.
func checkRewrite(t *testing.T, g *Game, tags pgn.Tags) {
	t.Helper()
	var buf bytes.Buffer
	if g.Variant() == Draughts {
		rec, _ := g.DraughtsRecord(nil)
		if err := draughts.WritePDN(&buf, rec); err != nil {
			t.Fatal(err)
		}
	} else if err := pgn.Write(&buf, g.PGN(tags)); err != nil {
		return // tags the writer cannot represent (e.g. duplicate names)
	}
	again, err := pgn.NewReader(&buf).Next()
	if err != nil {
		t.Fatalf("written game does not read: %v\n%s", err, buf.String())
	}
	h, err := FromPGN(again)
	if err != nil || h.Start().FEN() != g.Start().FEN() || !slices.Equal(h.Moves(), g.Moves()) {
		t.Fatalf("written game replays differently: %v\n%s", err, buf.String())
	}
	o, over := g.Outcome()
	if ho, hover := h.Outcome(); ho != o || hover != over {
		t.Fatalf("written game ends as %v (over %v), want %v (over %v)\n%s", ho, hover, o, over, buf.String())
	}
}

// FuzzParseTimeControl: no panic; an accepted control prints text that
// reads back to it.
func FuzzParseTimeControl(f *testing.F) {
	for _, seed := range []string{"300+3", "60", "5m+3s", "0.5+0.1", "+", "1e308+1", "-1", "1h+1h", "700000h", "4.1", "100000000.000000001+0.0000000001"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		tc, err := ParseTimeControl(text)
		if err != nil {
			return
		}
		again, err := ParseTimeControl(tc.String())
		if err != nil || again != tc {
			t.Fatalf("%q: %v prints %q, which reads as %v (%v)", text, tc, tc.String(), again, err)
		}
	})
}

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
			g, err := FromPGN(pg, nil)
			var re *ResultError
			if err != nil && !errors.As(err, &re) {
				continue // the game does not replay
			}
			checkRewrite(t, g, pg.Tags)
		}
	})
}

// checkRewrite writes g as PGN (PDN for draughts, the game DraughtsRecord
// writes) and checks that it
// replays without error to the same start, moves and outcome.
func checkRewrite(t *testing.T, g *Game, tags pgn.Tags) {
	t.Helper()
	var buf bytes.Buffer
	if rec, err := g.DraughtsRecord(nil); err == nil {
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
	h, err := FromPGN(again, nil)
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

package game

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/baten-chess/baten/draughts"
	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/pgn"
)

// TestOperaGame reads Morphy's "Opera game" (Paris 1858; moves as in the
// public record, e.g. Wikipedia "Opera Game"), replays it to White's
// checkmate, and prints it back byte for byte.
func TestOperaGame(t *testing.T) {
	text, err := os.ReadFile("testdata/opera.pgn")
	if err != nil {
		t.Fatal(err)
	}
	pg, err := pgn.NewReader(bytes.NewReader(text)).Next()
	if err != nil {
		t.Fatal(err)
	}
	g, err := FromPGN(pg)
	if err != nil {
		t.Fatal(err)
	}
	o, over := g.Outcome()
	if !over || o != (Outcome{Winner: White, Reason: Checkmate}) || o.Result() != pg.Tags.Get("Result") {
		t.Fatalf("outcome %v (over %v)", o, over)
	}
	if len(g.Moves()) != 33 {
		t.Fatalf("%d plies, want 33", len(g.Moves()))
	}
	var syntax bytes.Buffer
	if err := pgn.Write(&syntax, pg); err != nil {
		t.Fatal(err)
	}
	if syntax.String() != string(text) {
		t.Errorf("re-printed:\n%s\nwant:\n%s", syntax.String(), text)
	}
	out := g.PGN(pg.Tags)
	if out.Tags.Get("Termination") != "checkmate" {
		t.Errorf("Termination %q", out.Tags.Get("Termination"))
	}
	out.Tags.Delete("Termination")
	var replayed bytes.Buffer
	if err := pgn.Write(&replayed, out); err != nil {
		t.Fatal(err)
	}
	if replayed.String() != string(text) {
		t.Errorf("game re-printed:\n%s\nwant:\n%s", replayed.String(), text)
	}
}

// TestPGNRoundtrip: random games of every chess-family variant (with bans
// in Ban-Chess and Chess960 starts) written as PGN read back to the same
// start, moves and outcome.
func TestPGNRoundtrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, v := range []Variant{Chess, Chess960, Shatranj, BanChess} {
		var buf bytes.Buffer
		w := pgn.NewWriter(&buf)
		var games []*Game
		for i := range 40 {
			start, _ := NewPosition(v, "")
			if v == Chess960 {
				start, _ = Chess960Start(rng.IntN(960))
			}
			g := New(start)
			for range rng.IntN(200) {
				if _, over := g.Outcome(); over {
					break
				}
				moves := g.Position().Moves()
				if err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
					t.Fatal(err)
				}
			}
			if i%5 == 4 {
				_ = g.Resign(White)
			}
			games = append(games, g)
			if err := w.Write(g.PGN(pgn.Tags{{Name: "Event", Value: "round trip"}})); err != nil {
				t.Fatal(err)
			}
		}
		r := pgn.NewReader(&buf)
		for i, want := range games {
			pg, err := r.Next()
			if err != nil {
				t.Fatalf("%v game %d: %v", v, i, err)
			}
			got, err := FromPGN(pg)
			if err != nil {
				t.Fatalf("%v game %d: %v", v, i, err)
			}
			if got.Start().FEN() != want.Start().FEN() || !slices.Equal(got.Moves(), want.Moves()) {
				t.Fatalf("%v game %d: read back differently", v, i)
			}
			wo, wover := want.Outcome()
			if o, over := got.Outcome(); wover && wo.Reason != Resignation && (o != wo || !over) {
				t.Fatalf("%v game %d: outcome %v, want %v", v, i, o, wo)
			}
			if pg.Tags.Get("Result") != want.PGN(nil).Result {
				t.Fatalf("%v game %d: result %q", v, i, pg.Tags.Get("Result"))
			}
		}
		if _, err := r.Next(); err != io.EOF {
			t.Fatalf("%v: after the last game: %v", v, err)
		}
	}
}

// TestReplayReferencePGN replays every game of the shared PGN data; the
// games known to hold a move that is not legal must report exactly it.
func TestReplayReferencePGN(t *testing.T) {
	bad := map[string]string{
		"corrupted.pgn":        "Kx",    // truncated text
		"black2move.pgn":       "0-0-0", // the queen stands on d8
		"anastasian-lewis.pgn": "Z0",    // a ChessBase null move, not a legal move
	}
	data, err := perftdata.Dir()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(data, "pgn")
	files, _ := filepath.Glob(filepath.Join(dir, "*.pgn"))
	for _, pattern := range []string{"*/*.pgn", "*/*/*.pgn"} {
		more, _ := filepath.Glob(filepath.Join(dir, pattern))
		files = append(files, more...)
	}
	if len(files) < 20 {
		t.Fatalf("only %d PGN files under %s", len(files), dir)
	}
	games := 0
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		r := pgn.NewReader(f)
		for {
			pg, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				// chess.js's 0.pgn breaks lines with <br />: not PGN.
				if filepath.Base(path) != "0.pgn" {
					t.Errorf("%s: %v", filepath.Base(path), err)
				}
				continue
			}
			games++
			_, err = FromPGN(pg)
			var re *ReplayError
			name := filepath.Base(path)
			switch {
			case err == nil:
			case errors.As(err, &re) && re.Text == bad[name]:
				delete(bad, name)
			default:
				t.Errorf("%s game %d: %v", name, games, err)
			}
		}
		f.Close()
	}
	for name, move := range bad {
		t.Errorf("%s: the bad move %q was not reported", name, move)
	}
	t.Logf("%d games from %d files", games, len(files))
}

func TestReplayErrorNamesMove(t *testing.T) {
	pg, err := pgn.NewReader(strings.NewReader("1. e4 e5 2. Ke3 *")).Next()
	if err != nil {
		t.Fatal(err)
	}
	_, err = FromPGN(pg)
	var re *ReplayError
	if !errors.As(err, &re) || re.MoveNumber != 2 || re.Text != "Ke3" || re.Ply != 2 {
		t.Fatalf("error %v (%+v)", err, re)
	}
}

// TestPDNRoundtrip: random draughts games written with draughts.WritePDN
// read back through the PGN reader (GameType 21, PDN results) to the same
// moves, and through draughts.ReadPDN as well.
func TestPDNRoundtrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 21))
	var buf bytes.Buffer
	var games []*Game
	for range 30 {
		g := New(mustPosition(t, Draughts, ""))
		for range rng.IntN(150) {
			if _, over := g.Outcome(); over {
				break
			}
			moves := g.Position().Moves()
			if err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
		rec, err := g.DraughtsRecord(nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := draughts.WritePDN(&buf, rec); err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	text := buf.String()
	records, err := draughts.ReadPDN(strings.NewReader(text))
	if err != nil || len(records) != len(games) {
		t.Fatalf("ReadPDN: %d records, %v", len(records), err)
	}
	r := pgn.NewReader(strings.NewReader(text))
	for i, want := range games {
		fromPDN, err := FromPDN(records[i])
		if err != nil || !slices.Equal(fromPDN.Moves(), want.Moves()) {
			t.Fatalf("game %d via ReadPDN: %v", i, err)
		}
		pg, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		got, err := FromPGN(pg)
		if err != nil || got.Variant() != Draughts || !slices.Equal(got.Moves(), want.Moves()) {
			t.Fatalf("game %d via the PGN reader: %v", i, err)
		}
		if _, err := want.DraughtsRecord(nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := New(mustPosition(t, Chess, "")).DraughtsRecord(nil); err == nil {
		t.Error("a chess game made a PDN record")
	}
}

// TestReplayErrorMoveNumbers: the reported move number counts moves, not
// bans, and follows the FEN's move number and side to move.
func TestReplayErrorMoveNumbers(t *testing.T) {
	tests := []struct {
		text string
		want int
	}{
		{"[Variant \"Ban Chess\"]\n\n1. {banning: e2e4} d4 {banning: d7d5} e5 2. {banning: a2a3} Ke3 *", 2},
		{"[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0 30\"]\n\n30... Kd7 31. Ke3 Kc9 *", 31},
		{"[Variant \"Shatranj\"]\n\n1. e3 Fe6 *", 1},
	}
	for _, tt := range tests {
		pg, err := pgn.NewReader(strings.NewReader(tt.text)).Next()
		if err != nil {
			t.Fatal(err)
		}
		_, err = FromPGN(pg)
		var re *ReplayError
		if !errors.As(err, &re) || re.MoveNumber != tt.want {
			t.Errorf("%q: %v, want move %d", tt.text, err, tt.want)
		}
	}
}

package variant_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/baten-chess/baten/variant"
	"github.com/baten-chess/baten/variant/ini"
)

// TestCaparandom: the game's names, its start and its arrays, its FEN and
// castling text as Fairy-Stockfish c19b5f6 writes them (its `d` and `go
// perft` output, UCI_Variant caparandom).
func TestCaparandom(t *testing.T) {
	g, err := variant.Lookup("caparandom")
	if err != nil {
		t.Fatal(err)
	}
	if g.Title != "Capablanca960" || g.PGNName != "Caparandom" || g.UCIName != "caparandom" || !g.RandomStart {
		t.Errorf("caparandom: %q %q %q random %v", g.Title, g.PGNName, g.UCIName, g.RandomStart)
	}
	if got, want := g.Start().FEN(), "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w JAja - 0 1"; got != want {
		t.Errorf("start %s, want %s", got, want)
	}
	for member, want := range map[string]string{
		"0":     "qbcabnrnkr/pppppppppp/10/10/10/10/PPPPPPPPPP/QBCABNRNKR w JGjg - 0 1",
		"12129": "rknrncbaqb/pppppppppp/10/10/10/10/PPPPPPPPPP/RKNRNCBAQB w DAda - 0 1",
	} {
		p, err := g.StartFrom("chess960", member)
		if err != nil {
			t.Fatal(err)
		}
		if p.FEN() != want {
			t.Errorf("array %s: %s, want %s", member, p.FEN(), want)
		}
	}
	if _, err := g.StartFrom("chess960", "12130"); !errors.Is(err, variant.ErrNoStart) {
		t.Errorf("array 12130: %v, want ErrNoStart", err)
	}
	// fsf-head/caparandom.perft's positions read back as they are written.
	for _, fen := range []string{
		"r2b1kb1nr/3p1p2p1/np4p1cp/1pp1p2P1P/5P1q2/NPP5PN/P2PQ5/R1AB1K2RC b Aja - 0 18",
		"rnab2b1nr/2p2kpp1c/8pB/pp8/1PPpP3P1/C2Pp2P2/A1B3PN1P/RN3K2R1 b A - 1 22",
	} {
		p, err := g.FromFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if p.FEN() != fen {
			t.Errorf("%s reads back as %s", fen, p.FEN())
		}
	}
	// Castling is king takes rook: e1b1 puts the king on c1, the rook on d1.
	p, err := g.FromFEN("1r2k3rc/10/10/10/10/10/10/1R2K3RC w Bb - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	a, err := p.Parse("e1b1")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Format(a, variant.Human); got != "O-O-O" {
		t.Errorf("e1b1 prints as %q, want O-O-O", got)
	}
	q, err := p.Play(a)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := q.FEN(), "1r2k3rc/10/10/10/10/10/10/2KR4RC b b - 1 1"; got != want {
		t.Errorf("after e1b1: %s, want %s", got, want)
	}
}

// TestChess960Key: chess960 = true is read and inherited; Capablanca's
// own game keeps KQkq; a game without Capablanca's pieces castles as
// Chess960 but has no start set; a bad value names file, line, section
// and key.
func TestChess960Key(t *testing.T) {
	vs, err := variant.LoadINI(strings.NewReader("[c:chess]\nchess960 = true\n[d:c]\n[e:caparandom]\nchess960 = false\n"), "c960.ini", variant.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"c": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
		"d": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
		"e": "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
	}
	for _, v := range vs {
		if got := v.Start().FEN(); got != want[v.Name] {
			t.Errorf("[%s]: start %s, want %s", v.Name, got, want[v.Name])
		}
		if _, ok := v.StartSet("chess960"); ok || v.RandomStart {
			t.Errorf("[%s]: a chess960 start set", v.Name)
		}
	}
	if g, _ := variant.Lookup("capablanca"); !strings.Contains(g.Start().FEN(), " KQkq ") {
		t.Errorf("capablanca: %s, want KQkq", g.Start().FEN())
	}
	_, err = variant.LoadINI(strings.NewReader("[v:capablanca]\nchess960 = maybe\n"), "c960.ini", variant.Builtin())
	var ie *ini.Error
	if !errors.As(err, &ie) || ie.Key != "chess960" || ie.Line != 2 || ie.Section != "v" || !strings.Contains(err.Error(), "c960.ini") {
		t.Errorf("chess960 = maybe: %v, want an error of key chess960 at c960.ini line 2", err)
	}
}

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
	"time"

	"github.com/baten-chess/baten/draughts"
	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/pgn"
	"github.com/baten-chess/baten/variant"
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
	g, err := FromPGN(pg, nil)
	if err != nil {
		t.Fatal(err)
	}
	o, over := g.Outcome()
	if !over || o != (variant.Outcome{Winner: variant.White, Reason: variant.Checkmate}) || o.Result() != pg.Tags.Get("Result") {
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

// ending is one way a game ends: the moves from a start, then an act
// (nil when the moves end the game). Games are built with a clock that
// runs only in the act.
type ending struct {
	name  string
	v     string
	fen   string
	moves []string
	act   func(g *Game, clock *fakeClock) error
	want  variant.Outcome
}

func resign(c variant.Color) func(*Game, *fakeClock) error {
	return func(g *Game, _ *fakeClock) error { return g.Resign(c) }
}

func agree(g *Game, _ *fakeClock) error {
	by := g.Position().Turn()
	if err := g.OfferDraw(by); err != nil {
		return err
	}
	return g.AcceptDraw(by.Other())
}

func claim(g *Game, _ *fakeClock) error {
	_, err := g.Claim()
	return err
}

func flag(g *Game, clock *fakeClock) error {
	clock.advance(time.Hour)
	if _, fell := g.Flag(); !fell {
		return errors.New("no flag fall")
	}
	return nil
}

// build plays e and checks that it ends as e.want.
func (e ending) build(t *testing.T) *Game {
	t.Helper()
	clock := newFakeClock()
	g := New(mustPosition(t, e.v, e.fen), WithClock(TimeControl{Base: time.Minute}, clock.now))
	mustPlay(t, g, e.moves...)
	if e.act != nil {
		if err := e.act(g, clock); err != nil {
			t.Fatalf("%s: %v", e.name, err)
		}
	}
	if o, over := g.Outcome(); !over || o != e.want {
		t.Fatalf("%s: ends as %v (over %v), want %v", e.name, o, over, e.want)
	}
	return g
}

// twice repeats a sequence of actions.
func twice(actions []string) []string { return slices.Concat(actions, actions) }

// endings lists every way a game ends, in every variant where it exists.
var endings = []ending{
	{"chess resignation before any move", "chess", "", nil, resign(variant.White), variant.Outcome{Winner: variant.Black, Reason: variant.Resignation}},
	{"chess resignation off turn", "chess", "", []string{"e4"}, resign(variant.White), variant.Outcome{Winner: variant.Black, Reason: variant.Resignation}},
	{"chess agreement", "chess", "", []string{"e4", "e5"}, agree, variant.Outcome{Draw: true, Reason: variant.Agreement}},
	{"chess threefold claim", "chess", "", twice(shuffles["chess"]), claim, variant.Outcome{Draw: true, Reason: variant.ThreefoldRepetition}},
	{"chess fifty-move claim", "chess", "4k2r/8/8/8/8/8/8/R3K3 w - - 98 80", []string{"Ra2", "Kd8"}, claim, variant.Outcome{Draw: true, Reason: variant.FiftyMoves}},
	{"chess flag fall lost", "chess", "", []string{"e4"}, flag, variant.Outcome{Winner: variant.White, Reason: variant.TimeForfeit}},
	{"chess flag fall drawn", "chess", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", nil, flag, variant.Outcome{Draw: true, Reason: variant.TimeForfeit}},
	{"chess checkmate", "chess", "", []string{"f3", "e5", "g4", "Qh4#"}, nil, variant.Outcome{Winner: variant.Black, Reason: variant.Checkmate}},
	{"chess stalemate", "chess", "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", []string{"Qf7"}, nil, variant.Outcome{Draw: true, Reason: variant.Stalemate}},
	{"chess insufficient material", "chess", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", []string{"Kxd2"}, nil, variant.Outcome{Draw: true, Reason: variant.InsufficientMaterial}},
	{"chess fivefold", "chess", "", twice(twice(shuffles["chess"])), nil, variant.Outcome{Draw: true, Reason: variant.FivefoldRepetition}},
	{"chess 75 moves", "chess", "4k3/8/8/8/8/8/8/R3K3 w - - 149 100", []string{"Ra2"}, nil, variant.Outcome{Draw: true, Reason: variant.SeventyFiveMoves}},
	{"Chess960 resignation", "chess960", "", []string{"e4"}, resign(variant.Black), variant.Outcome{Winner: variant.White, Reason: variant.Resignation}},
	{"Chess960 threefold claim", "chess960", "", twice(shuffles["chess960"]), claim, variant.Outcome{Draw: true, Reason: variant.ThreefoldRepetition}},
	{"Chess960 checkmate", "chess960", "", []string{"f3", "e5", "g4", "Qh4#"}, nil, variant.Outcome{Winner: variant.Black, Reason: variant.Checkmate}},
	{"shatranj resignation", "shatranj", "", []string{"e3"}, resign(variant.White), variant.Outcome{Winner: variant.Black, Reason: variant.Resignation}},
	{"shatranj agreement", "shatranj", "", []string{"e3"}, agree, variant.Outcome{Draw: true, Reason: variant.Agreement}},
	{"shatranj threefold claim", "shatranj", "", twice(shuffles["shatranj"]), claim, variant.Outcome{Draw: true, Reason: variant.ThreefoldRepetition}},
	{"shatranj fifty-move claim", "shatranj", "4k2r/8/8/8/8/8/8/R3K3 w - - 98 80", []string{"Ra2", "Kd8"}, claim, variant.Outcome{Draw: true, Reason: variant.FiftyMoves}},
	{"shatranj flag fall lost", "shatranj", "4k2r/8/8/8/8/8/8/R2K4 w - - 0 1", nil, flag, variant.Outcome{Winner: variant.Black, Reason: variant.TimeForfeit}},
	{"shatranj flag fall drawn", "shatranj", "8/8/8/6r1/7K/k6P/8/8 w - - 0 1", nil, flag, variant.Outcome{Draw: true, Reason: variant.TimeForfeit}},
	{"shatranj checkmate", "shatranj", "3k4/7p/3K4/8/8/8/8/R7 w - - 0 1", []string{"Ra8#"}, nil, variant.Outcome{Winner: variant.White, Reason: variant.Checkmate}},
	{"shatranj stalemate", "shatranj", "7k/5R2/6K1/8/8/p7/P7/8 w - - 0 1", []string{"Rg7"}, nil, variant.Outcome{Winner: variant.White, Reason: variant.Stalemate}},
	{"shatranj bare king", "shatranj", "4k3/8/8/8/8/8/3r4/R3K3 w - - 0 1", []string{"Kxd2"}, nil, variant.Outcome{Winner: variant.White, Reason: variant.BareKing}},
	{"shatranj counter-bare", "shatranj", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", []string{"Kxd2"}, nil, variant.Outcome{Draw: true, Reason: variant.CounterBare}},
	{"shatranj dead position", "shatranj", "4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/3K4 w - - 0 1", nil, nil, variant.Outcome{Draw: true, Reason: variant.DeadPosition}},
	{"Ban-Chess resignation during a ban", "banchess", "", []string{"b:e2e4"}, resign(variant.Black), variant.Outcome{Winner: variant.White, Reason: variant.Resignation}},
	{"Ban-Chess agreement", "banchess", "", []string{"b:e2e4", "d4"}, agree, variant.Outcome{Draw: true, Reason: variant.Agreement}},
	{"Ban-Chess threefold claim", "banchess", "", twice(shuffles["banchess"]), claim, variant.Outcome{Draw: true, Reason: variant.ThreefoldRepetition}},
	{"Ban-Chess fifty-move claim", "banchess", "4k2r/8/8/8/8/8/8/R3K3 w - - 98 80 1", []string{"b:a1a8", "Ra2", "b:e8e7", "Kd8"}, claim, variant.Outcome{Draw: true, Reason: variant.FiftyMoves}},
	{"Ban-Chess flag fall lost", "banchess", "4k3/8/8/8/8/8/8/B3K3 b - - 0 1 4", nil, flag, variant.Outcome{Winner: variant.White, Reason: variant.TimeForfeit}},
	{"Ban-Chess flag fall drawn", "banchess", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 2", nil, flag, variant.Outcome{Draw: true, Reason: variant.TimeForfeit}},
	{"Ban-Chess checkmate", "banchess", "k7/8/1K6/8/8/8/4B3/8 w - - 0 1 1", []string{"b:e2d1", "Bf3+", "b:a8b8"}, nil, variant.Outcome{Winner: variant.White, Reason: variant.Checkmate}},
	{"Ban-Chess stalemate", "banchess", "k7/8/1K6/8/8/8/4B3/8 w - - 0 1 1", []string{"b:e2d1", "Bh5", "b:a8b8"}, nil, variant.Outcome{Draw: true, Reason: variant.Stalemate}},
	{"Ban-Chess insufficient material", "banchess", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1 1", []string{"b:e1f1", "Kxd2"}, nil, variant.Outcome{Draw: true, Reason: variant.InsufficientMaterial}},
	{"Ban-Chess fivefold", "banchess", "", twice(twice(shuffles["banchess"])), nil, variant.Outcome{Draw: true, Reason: variant.FivefoldRepetition}},
	{"Ban-Chess 75 moves", "banchess", "4k3/8/8/8/8/8/8/R3K3 w - - 149 100 1", []string{"b:a1a8", "Ra2"}, nil, variant.Outcome{Draw: true, Reason: variant.SeventyFiveMoves}},
	{"draughts resignation before any move", "draughts", "", nil, resign(variant.Black), variant.Outcome{Winner: variant.White, Reason: variant.Resignation}},
	{"draughts agreement", "draughts", "", []string{"11-15", "23-19"}, agree, variant.Outcome{Draw: true, Reason: variant.Agreement}},
	{"draughts threefold claim", "draughts", "B:WK29:BK4", twice([]string{"4-8", "29-25", "8-4", "25-29"}), claim, variant.Outcome{Draw: true, Reason: variant.ThreefoldRepetition}},
	{"draughts flag fall", "draughts", "", []string{"11-15"}, flag, variant.Outcome{Winner: variant.Black, Reason: variant.TimeForfeit}},
	{"draughts no pieces", "draughts", "W:W18:B14", []string{"18x9"}, nil, variant.Outcome{Winner: variant.White, Reason: variant.NoPieces}},
	{"draughts no moves", "draughts", "W:W7,11,12:B4", []string{"12-8"}, nil, variant.Outcome{Winner: variant.White, Reason: variant.NoMoves}},
}

// randomEnding plays up to maxPlies random moves from start; game i of a
// series is then, if still open, drawn by agreement when i%5 == 3 and
// resigned when i%5 == 4.
func randomEnding(t *testing.T, rng *rand.Rand, start variant.Position, maxPlies, i int) *Game {
	t.Helper()
	g := New(start)
	for range rng.IntN(maxPlies) {
		if _, over := g.Outcome(); over {
			break
		}
		moves := g.Position().Legal()
		if err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
			t.Fatal(err)
		}
	}
	switch i % 5 {
	case 3:
		_ = agree(g, nil) // no error check: the game may be over already
	case 4:
		_ = g.Resign(variant.Color(i / 5 % 2))
	}
	return g
}

// TestPGNRoundtrip: games of every chess-family variant — random ones
// (with bans in Ban-Chess, Chess960 starts, some resigned or agreed
// drawn) and one for every way of ending — written as PGN read back to
// the same start, moves and outcome. Draughts games written by Game.PGN
// read back too (PDN results, Black's score first).
func TestPGNRoundtrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	var games []*Game
	for _, name := range []string{"chess", "chess960", "shatranj", "banchess"} {
		v := mustVariant(t, name)
		for i := range 40 {
			games = append(games, randomEnding(t, rng, randomStart(t, v, rng.IntN), 200, i))
		}
	}
	for _, e := range endings {
		games = append(games, e.build(t))
	}
	var buf bytes.Buffer
	w := pgn.NewWriter(&buf)
	for _, g := range games {
		if err := w.Write(g.PGN(pgn.Tags{{Name: "Event", Value: "round trip"}})); err != nil {
			t.Fatal(err)
		}
	}
	r := pgn.NewReader(&buf)
	for i, want := range games {
		pg, err := r.Next()
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		got, err := FromPGN(pg, nil)
		if err != nil {
			t.Fatalf("%v game %d: %v\n%v", want.Variant(), i, err, pg.Tags)
		}
		if got.Start().FEN() != want.Start().FEN() || !slices.Equal(got.Moves(), want.Moves()) {
			t.Fatalf("%v game %d: read back differently", want.Variant(), i)
		}
		wo, wover := want.Outcome()
		if o, over := got.Outcome(); o != wo || over != wover {
			t.Fatalf("%v game %d: outcome %v (over %v), want %v (over %v)", want.Variant(), i, o, over, wo, wover)
		}
		if wover && pg.Tags.Get("Termination") != wo.Reason.String() {
			t.Fatalf("%v game %d: Termination %q for %v", want.Variant(), i, pg.Tags.Get("Termination"), wo)
		}
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("after the last game: %v", err)
	}
}

// TestReplayReferencePGN replays every game of the shared PGN data; the
// games known to hold a move that is not legal must report exactly it
// (python-chess's anastasian-lewis.pgn, with ChessBase's null move "Z0"
// not in check, replays: see TestNullMoves),
// the game whose Result tag and termination marker disagree must report
// that, and every other game must end with its recorded result (or stay
// open when it records none).
func TestReplayReferencePGN(t *testing.T) {
	bad := map[string]string{
		"corrupted.pgn":  "Kx",    // truncated text
		"black2move.pgn": "0-0-0", // the queen stands on d8
	}
	// chess-library's edge case: a lichess game without moves whose
	// Result tag says 0-1 and whose marker says 1/2-1/2. Both cannot be
	// true; picking one would hide a broken record.
	contradictions := map[string]string{"no_moves_but_game_termination_2.pgn": "1/2-1/2"}
	reasons := map[variant.Reason]int{}
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
			g, err := FromPGN(pg, nil)
			var re *ReplayError
			var rese *ResultError
			name := filepath.Base(path)
			switch {
			case err == nil:
				result := pg.Result
				if result == "" || result == "*" {
					result = pg.Tags.Get("Result")
				}
				o, over := g.Outcome()
				switch result {
				case "1-0", "0-1", "1/2-1/2":
					if !over || o.Result() != result {
						t.Errorf("%s game %d: result %s, outcome %v (over %v)", name, games, result, o, over)
					}
				}
				if over {
					reasons[o.Reason]++
				}
			case errors.As(err, &re) && re.Text == bad[name]:
				delete(bad, name)
			case errors.As(err, &rese) && rese.Result == contradictions[name]:
				delete(contradictions, name)
			default:
				t.Errorf("%s game %d: %v", name, games, err)
			}
		}
		f.Close()
	}
	for name, move := range bad {
		t.Errorf("%s: the bad move %q was not reported", name, move)
	}
	for name, result := range contradictions {
		t.Errorf("%s: the contradicted result %s was not reported", name, result)
	}
	t.Logf("%d games from %d files; endings %v", games, len(files), reasons)
}

// TestNullMoves: the null moves PGN files write — "--" (python-chess and
// most programs), "Z0" (ChessBase) — replay where the rules allow them,
// never in check, and are written back as "--"; the game reads back to
// the same positions. A live game (PlayText) never takes one.
func TestNullMoves(t *testing.T) {
	// Only records pass: in play, "--" is no move.
	v, _ := variant.Lookup("chess")
	live := New(v.Start())
	if _, err := live.PlayText("--"); err == nil {
		t.Errorf("a null move was played in a live game")
	}
	for _, tt := range []struct {
		movetext string
		ok       bool
		fen      string // after the moves
	}{
		{"1. e4 -- 2. d4 Z0 3. Nf3 e5 *", true, "rnbqkbnr/pppp1ppp/8/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R w KQkq - 0 4"},
		{"1. -- e5 2. -- e4 3. d4 exd3 *", true, "rnbqkbnr/pppp1ppp/8/8/8/3p4/PPP1PPPP/RNBQKBNR w KQkq - 0 4"},
		{"1. e4 d5 2. -- *", true, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 1 2"},
		{"1. e4 f6 2. Qh5+ -- *", false, ""},
		{"1. e4 f6 2. Qh5+ Z0 *", false, ""},
	} {
		pg, err := pgn.NewReader(strings.NewReader(tt.movetext)).Next()
		if err != nil {
			t.Fatal(err)
		}
		g, err := FromPGN(pg, nil)
		if !tt.ok {
			var re *ReplayError
			if !errors.As(err, &re) || !errors.Is(err, variant.ErrIllegal) || re.Ply != 3 {
				t.Errorf("%s: %v, want the null move in check reported", tt.movetext, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.movetext, err)
			continue
		}
		if fen := g.Position().FEN(); fen != tt.fen {
			t.Errorf("%s: ends in %s, want %s", tt.movetext, fen, tt.fen)
		}
		var buf bytes.Buffer
		if err := pgn.Write(&buf, g.PGN(nil)); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(buf.String(), "Z0") || !strings.Contains(buf.String(), " -- ") && !strings.Contains(buf.String(), ". --") {
			t.Errorf("%s: written as %s", tt.movetext, buf.String())
		}
		back, err := pgn.NewReader(&buf).Next()
		if err != nil {
			t.Fatal(err)
		}
		g2, err := FromPGN(back, nil)
		if err != nil || g2.Position().FEN() != tt.fen || g2.Position().Key() != g.Position().Key() {
			t.Errorf("%s: read back as %v, %v", tt.movetext, g2, err)
		}
	}
}

func TestReplayErrorNamesMove(t *testing.T) {
	pg, err := pgn.NewReader(strings.NewReader("1. e4 e5 2. Ke3 *")).Next()
	if err != nil {
		t.Fatal(err)
	}
	_, err = FromPGN(pg, nil)
	var re *ReplayError
	if !errors.As(err, &re) || re.MoveNumber != 2 || re.Text != "Ke3" || re.Ply != 2 {
		t.Fatalf("error %v (%+v)", err, re)
	}
}

// TestPDNRoundtrip: draughts games — random ones, some resigned or agreed
// drawn, and one for every way a draughts game ends, the forty-move claim
// included — written with DraughtsRecord and draughts.WritePDN read back
// through draughts.ReadPDN and FromPDN, and through the PGN reader
// (GameType 21, PDN results) and FromPGN, to the same moves and outcome.
func TestPDNRoundtrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 21))
	var games []*Game
	for i := range 30 {
		games = append(games, randomEnding(t, rng, mustPosition(t, "draughts", ""), 150, i))
	}
	for _, e := range endings {
		if e.v == "draughts" {
			games = append(games, e.build(t))
		}
	}
	forty := New(mustPosition(t, "draughts", "B:WK29,K32:BK1,K4"))
	wander(t, forty, 80)
	if o, err := forty.Claim(); err != nil || o.Reason != variant.FortyMoves {
		t.Fatalf("forty-move claim: %v, %v", o, err)
	}
	games = append(games, forty)
	var buf bytes.Buffer
	for _, g := range games {
		rec, err := g.DraughtsRecord([]draughts.Tag{{Name: "Event", Value: "round trip"}, {Name: "Termination", Value: "stale"}})
		if err != nil {
			t.Fatal(err)
		}
		if err := draughts.WritePDN(&buf, rec); err != nil {
			t.Fatal(err)
		}
	}
	text := buf.String()
	records, err := draughts.ReadPDN(strings.NewReader(text))
	if err != nil || len(records) != len(games) {
		t.Fatalf("ReadPDN: %d records, %v", len(records), err)
	}
	r := pgn.NewReader(strings.NewReader(text))
	for i, want := range games {
		wo, wover := want.Outcome()
		fromPDN, err := FromPDN(records[i], nil)
		if err != nil || !slices.Equal(fromPDN.Moves(), want.Moves()) {
			t.Fatalf("game %d via ReadPDN: %v", i, err)
		}
		if o, over := fromPDN.Outcome(); o != wo || over != wover {
			t.Fatalf("game %d via ReadPDN: outcome %v (over %v), want %v (over %v)", i, o, over, wo, wover)
		}
		if term, _ := records[i].Tag("Termination"); wover && term != wo.Reason.String() || !wover && term != "" {
			t.Fatalf("game %d: Termination %q for %v (over %v)", i, term, wo, wover)
		}
		pg, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		got, err := FromPGN(pg, nil)
		if err != nil || got.Variant().Name != "draughts" || !slices.Equal(got.Moves(), want.Moves()) {
			t.Fatalf("game %d via the PGN reader: %v", i, err)
		}
		if o, over := got.Outcome(); o != wo || over != wover {
			t.Fatalf("game %d via the PGN reader: outcome %v (over %v), want %v (over %v)", i, o, over, wo, wover)
		}
	}
	if _, err := New(mustPosition(t, "chess", "")).DraughtsRecord(nil); err == nil {
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
		_, err = FromPGN(pg, nil)
		var re *ReplayError
		if !errors.As(err, &re) || re.MoveNumber != tt.want {
			t.Errorf("%q: %v, want move %d", tt.text, err, tt.want)
		}
	}
}

// TestFromPGNResult: FromPGN restores the outcome a record gives —
// result, termination marker and Termination tag — in every variant, and
// reports a result that does not fit the replayed game as a *ResultError.
func TestFromPGNResult(t *testing.T) {
	const (
		mate      = "1. f3 e5 2. g4 Qh4# "
		shuffle   = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 "
		rookEnd   = "[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n"
		fiftyDone = "[FEN \"4k2r/8/8/8/8/8/8/R3K3 w - - 98 80\"]\n\n1. Ra2 Kd8 "
		fiftyLess = "[FEN \"4k2r/8/8/8/8/8/8/R3K3 w - - 97 80\"]\n\n1. Ra2 Kd8 "
		draughtsG = "[GameType \"21\"]\n"
	)
	open := variant.Outcome{Reason: variant.NoReason} // the game stays open
	tests := []struct {
		name    string
		text    string
		want    variant.Outcome // open: not over
		err     string          // a *ResultError whose message contains this
		noClaim bool            // the error wraps ErrNoClaim
	}{
		{"decisive without Termination", "1. e4 e5 1-0", variant.Outcome{Winner: variant.White, Reason: variant.Resignation}, "", false},
		{"draw without Termination", "1. e4 e5 1/2-1/2", variant.Outcome{Draw: true, Reason: variant.Agreement}, "", false},
		{"PGN normal, any case", "[Termination \"Normal\"]\n\n1. e4 e5 0-1", variant.Outcome{Winner: variant.Black, Reason: variant.Resignation}, "", false},
		{"resignation before any move", "[Result \"0-1\"]\n\n0-1", variant.Outcome{Winner: variant.Black, Reason: variant.Resignation}, "", false},
		{"marker unknown, tag known", "[Result \"0-1\"]\n\n1. e4 *", variant.Outcome{Winner: variant.Black, Reason: variant.Resignation}, "", false},
		{"marker known, tag unknown", "[Result \"*\"]\n\n1. e4 1-0", variant.Outcome{Winner: variant.White, Reason: variant.Resignation}, "", false},
		{"no result", "1. e4 e5 *", open, "", false},
		{"a malformed Result tag", "[Result \"?\"]\n\n1. e4", open, "", false},
		{"unterminated without result", "[Termination \"unterminated\"]\n\n1. e4 *", open, "", false},
		{"time forfeit", "[Termination \"time forfeit\"]\n\n1. e4 e5 0-1", variant.Outcome{Winner: variant.Black, Reason: variant.TimeForfeit}, "", false},
		{"time forfeit drawn", rookEnd + "[Termination \"Time forfeit\"]\n\n1/2-1/2", variant.Outcome{Draw: true, Reason: variant.TimeForfeit}, "", false},
		{"PGN adjudication", "[Termination \"adjudication\"]\n\n1. d4 d5 1/2-1/2", variant.Outcome{Draw: true, Reason: variant.Adjudication}, "", false},
		{"PGN abandoned", "[Termination \"abandoned\"]\n\n1. d4 1-0", variant.Outcome{Winner: variant.White, Reason: variant.Adjudication}, "", false},
		{"PGN rules infraction", "[Termination \"rules infraction\"]\n\n1. d4 0-1", variant.Outcome{Winner: variant.Black, Reason: variant.Adjudication}, "", false},
		{"PGN emergency", "[Termination \"emergency\"]\n\n1/2-1/2", variant.Outcome{Draw: true, Reason: variant.Adjudication}, "", false},
		{"PGN death", "[Termination \"death\"]\n\n1. d4 d5 2. c4 0-1", variant.Outcome{Winner: variant.Black, Reason: variant.Adjudication}, "", false},
		{"a tool's own value", "[Termination \"stalled connection\"]\n\n0-1", variant.Outcome{Winner: variant.Black, Reason: variant.Adjudication}, "", false},
		{"threefold claim", "[Termination \"threefold repetition\"]\n\n" + shuffle + "1/2-1/2", variant.Outcome{Draw: true, Reason: variant.ThreefoldRepetition}, "", false},
		{"fifty-move claim", "[Termination \"fifty-move rule\"]\n" + fiftyDone + "1/2-1/2", variant.Outcome{Draw: true, Reason: variant.FiftyMoves}, "", false},
		{"claimable, but no Termination", fiftyDone + "1/2-1/2", variant.Outcome{Draw: true, Reason: variant.Agreement}, "", false},
		{"checkmate, Termination normal", "[Termination \"normal\"]\n\n" + mate + "0-1", variant.Outcome{Winner: variant.Black, Reason: variant.Checkmate}, "", false},
		{"checkmate, no result", mate + "*", variant.Outcome{Winner: variant.Black, Reason: variant.Checkmate}, "", false},
		{"shatranj rules infraction", "[Variant \"Shatranj\"]\n[Termination \"rules infraction\"]\n\n1. e3 1-0", variant.Outcome{Winner: variant.White, Reason: variant.Adjudication}, "", false},
		{"Ban-Chess resignation", "[Variant \"Ban Chess\"]\n[Termination \"resignation\"]\n\n1. {banning: e2e4} d4 0-1", variant.Outcome{Winner: variant.Black, Reason: variant.Resignation}, "", false},
		{"draughts 1-0: Black won", draughtsG + "\n1. 11-15 23-19 1-0", variant.Outcome{Winner: variant.Black, Reason: variant.Resignation}, "", false},
		{"draughts 0-2: White won", draughtsG + "[Termination \"time forfeit\"]\n\n1. 11-15 23-19 0-2", variant.Outcome{Winner: variant.White, Reason: variant.TimeForfeit}, "", false},
		{"draughts 1-1 agreement", draughtsG + "[Termination \"agreement\"]\n\n1. 11-15 1-1", variant.Outcome{Draw: true, Reason: variant.Agreement}, "", false},
		{"draughts double forfeit", draughtsG + "\n1. 11-15 23-19 0-0", open, "", false},
		{"draughts no pieces", draughtsG + "[FEN \"W:W18:B14\"]\n\n1... 18x9 0-2", variant.Outcome{Winner: variant.White, Reason: variant.NoPieces}, "", false},

		{"marker and tag disagree", "[Result \"0-1\"]\n\n1. e4 1-0", open, "result 1-0: the Result tag says 0-1", false},
		{"contradicts checkmate", mate + "1-0", variant.Outcome{Winner: variant.Black, Reason: variant.Checkmate}, "contradicts the final position: black wins by checkmate", false},
		{"wrong positional name", "[Termination \"stalemate\"]\n\n" + mate + "0-1", variant.Outcome{Winner: variant.Black, Reason: variant.Checkmate}, "decided by checkmate", false},
		{"positional name not reached", "[Termination \"checkmate\"]\n\n1. e4 1-0", open, "not decided by checkmate", false},
		{"automatic end not reached", "[Termination \"fivefold repetition\"]\n\n" + shuffle + "1/2-1/2", open, "not decided by fivefold repetition", false},
		{"resignation drawn", "[Termination \"resignation\"]\n\n1. e4 1/2-1/2", open, "a resignation is no draw", false},
		{"agreement decisive", "[Termination \"agreement\"]\n\n1. e4 1-0", open, "an agreement is a draw", false},
		{"unterminated with a result", "[Termination \"unterminated\"]\n\n1. e4 1-0", open, "unterminated", false},
		{"time forfeit won by a bare king", rookEnd + "[Termination \"time forfeit\"]\n\n0-1", open, "black cannot win", false},
		{"claimed repetition not there", "[Termination \"threefold repetition\"]\n\n1. Nf3 Nf6 1/2-1/2", open, "cannot be claimed", true},
		{"fifty moves not reached", "[Termination \"fifty-move rule\"]\n" + fiftyLess + "1/2-1/2", open, "cannot be claimed", true},
		{"forty-move rule in chess", "[Termination \"forty-move rule\"]\n" + fiftyDone + "1/2-1/2", open, "cannot be claimed", true},
		{"claim decisive", "[Termination \"threefold repetition\"]\n\n" + shuffle + "1-0", open, "is a draw", false},
		{"draughts contradicts no pieces", draughtsG + "[FEN \"W:W18:B14\"]\n\n1... 18x9 2-0", variant.Outcome{Winner: variant.White, Reason: variant.NoPieces}, "contradicts the final position", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pg, err := pgn.NewReader(strings.NewReader(tt.text)).Next()
			if err != nil {
				t.Fatal(err)
			}
			g, err := FromPGN(pg, nil)
			var re *ResultError
			switch {
			case tt.err == "" && err != nil:
				t.Fatalf("error %v", err)
			case tt.err != "" && (!errors.As(err, &re) || !strings.Contains(err.Error(), tt.err)):
				t.Fatalf("error %v, want a *ResultError containing %q", err, tt.err)
			case tt.noClaim != errors.Is(err, ErrNoClaim):
				t.Fatalf("errors.Is(%v, ErrNoClaim) = %v", err, !tt.noClaim)
			}
			o, over := g.Outcome()
			if over != (tt.want != open) || over && o != tt.want {
				t.Fatalf("outcome %v (over %v), want %v", o, over, tt.want)
			}
		})
	}
}

// TestAdjudicationKeepsTermination: an off-board decision read from a
// record is written back with the record's own Termination words, which
// read back to the same outcome; Undo reopens it.
func TestAdjudicationKeepsTermination(t *testing.T) {
	pg, err := pgn.NewReader(strings.NewReader("[Termination \"rules infraction\"]\n\n1. e4 e5 0-1")).Next()
	if err != nil {
		t.Fatal(err)
	}
	g, err := FromPGN(pg, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := g.PGN(pg.Tags)
	if got := out.Tags.Get("Termination"); got != "rules infraction" {
		t.Fatalf("Termination %q", got)
	}
	again, err := FromPGN(out, nil)
	if err != nil {
		t.Fatal(err)
	}
	if o, _ := again.Outcome(); o != (variant.Outcome{Winner: variant.Black, Reason: variant.Adjudication}) {
		t.Fatalf("read back as %v", o)
	}
	if err := again.Undo(); err != nil || len(again.Moves()) != 2 {
		t.Fatalf("Undo: %v, %d moves", err, len(again.Moves()))
	}
	if _, over := again.Outcome(); over {
		t.Fatal("still over after Undo")
	}
	// A stale Termination naming another reason is replaced.
	pg.Tags.Set("Termination", "resignation")
	if got := g.PGN(pg.Tags).Tags.Get("Termination"); got != "adjudication" {
		t.Fatalf("Termination %q over a stale tag", got)
	}
}

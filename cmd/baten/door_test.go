package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/baten-chess/baten/engine"
	"github.com/baten-chess/baten/game"
	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/kinematics"
	"github.com/baten-chess/baten/pgn"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/uci"
	"github.com/baten-chess/baten/variant"
)

// gardner is Gardner's minichess (5×5, chess pieces, no double step, no
// castling, promotion on the last rank) written in Go as data, the way
// docs/adding-a-game.md tells a newcomer, and registered under names of its
// own ("testgardner"): fairy.ini has Gardner too, but this copy exists only
// in this test. Its rules are Gardner's, so Fairy-Stockfish's counts apply.
func gardner(t *testing.T) *variant.Variant {
	t.Helper()
	def := &rules.Variant{
		Name: "testgardner",
		Size: geom.Size{W: 5, H: 5},
		Pieces: []rules.PieceKind{
			{Name: "pawn", Letter: 'P', Movement: kinematics.Pawn(), EnPassant: true, ResetsClock: true,
				Promotion: &rules.Promotion{Ranks: []int{5}, To: "QRBN"}},
			{Name: "knight", Letter: 'N', Movement: kinematics.Knight()},
			{Name: "bishop", Letter: 'B', Movement: kinematics.Bishop()},
			{Name: "rook", Letter: 'R', Movement: kinematics.Rook()},
			{Name: "queen", Letter: 'Q', Movement: kinematics.Queen()},
			{Name: "king", Letter: 'K', Movement: kinematics.King(), Royal: true},
		},
		Forward:     [2]int{1, -1},
		Start:       "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1",
		NoMoves:     rules.NoMovesDraw,
		FEN:         rules.ChessFEN,
		SideLetters: [2]string{"w", "b"},
	}
	v, err := variant.FromRules(variant.Variant{
		Name: "testgardner", Title: "Test minichess", UCIName: "testgardner", PGNName: "Test Gardner",
		Aliases: []string{"door"},
	}, def)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestSingleDoor: a game registered only inside this test shows up in
// "baten variants", counts Fairy-Stockfish's perft through "baten perft",
// is played to its end through package game and "baten play", written and
// read back as PGN, searched by the engine and offered and played by UCI —
// and no package outside variant was touched to make it so.
func TestSingleDoor(t *testing.T) {
	v := gardner(t)
	games := variant.Builtin()
	if err := games.Register(v); err != nil {
		t.Fatal(err)
	}
	c := &cli{games: games}
	batenWith := func(stdin string, args ...string) string {
		t.Helper()
		var out, errOut bytes.Buffer
		if err := c.run(context.Background(), args, strings.NewReader(stdin), &out, &errOut); err != nil {
			t.Fatalf("baten %v: %v\n%s", args, err, errOut.String())
		}
		return out.String()
	}

	// baten variants lists it; the built-in registry does not.
	var listed []variantInfo
	if err := json.Unmarshal([]byte(batenWith("", "variants", "--json")), &listed); err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(listed, func(info variantInfo) bool { return info.Name == "testgardner" })
	if i < 0 || listed[i].Board != "5x5" || listed[i].UCI != "testgardner" || listed[i].Generator != "reference" {
		t.Fatalf("baten variants --json: %+v", listed)
	}
	if _, err := variant.Lookup("door"); err == nil {
		t.Fatal("the test's game leaked into the built-in registry")
	}

	// perft: Fairy-Stockfish's counts from the shared data.
	cases, err := perftdata.Load("fairy/gardner.perft")
	if err != nil {
		t.Fatal(err)
	}
	for _, cs := range cases {
		for _, want := range cs.Counts {
			if want.Nodes > 60000 {
				continue
			}
			var res perftResult
			out := batenWith("", "perft", "--variant", "door", "--fen", cs.FEN, "--depth", fmt.Sprint(want.Depth), "--threads", "2", "--json")
			if err := json.Unmarshal([]byte(lastLine(out)), &res); err != nil || res.Nodes != want.Nodes {
				t.Errorf("%s depth %d: %d nodes (%v), Fairy-Stockfish %d", cs.ID, want.Depth, res.Nodes, err, want.Nodes)
			}
		}
	}

	// A random game played to its end through package game, then the
	// same moves typed into baten play, which must end it the same way.
	g, moves := gardnerGame(t, v)
	o, _ := g.Outcome()
	out := batenWith(strings.Join(moves, "\n")+"\npgn\n", "play", "--variant", "testgardner")
	if want := fmt.Sprintf("game over: %v (%s)", o, o.Result()); !strings.Contains(out, want) {
		t.Fatalf("baten play: no %q in\n%s", want, out)
	}

	// PGN names the game and reads back through the registry.
	var b bytes.Buffer
	if err := pgn.Write(&b, g.PGN(nil)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `[Variant "Test Gardner"]`) {
		t.Fatalf("PGN lacks the Variant tag:\n%s", b.String())
	}
	record := b.String()
	pg, err := pgn.NewReader(strings.NewReader(record)).Next()
	if err != nil {
		t.Fatal(err)
	}
	back, err := game.FromPGN(pg, games)
	if err != nil || back.Variant() != v || len(back.Moves()) != len(moves) {
		t.Fatalf("FromPGN: %v, %v", back, err)
	}
	if bo, _ := back.Outcome(); bo != o {
		t.Fatalf("FromPGN outcome %v, want %v", bo, o)
	}
	file := filepath.Join(t.TempDir(), "gardner.pgn")
	if err := os.WriteFile(file, []byte(record), 0o644); err != nil {
		t.Fatal(err)
	}
	if out := batenWith("", "validate", file); !strings.Contains(out, "1 game,") || !strings.Contains(out, "0 errors") {
		t.Fatalf("baten validate: %s", out)
	}

	// The engine searches it (the generic adapter): mate in one found.
	e, err := engine.New(v, engine.Options{HashMB: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.SetPositionText("k4/5/1K3/5/4R w - - 0 1", nil); err != nil {
		t.Fatal(err)
	}
	r, err := e.Search(context.Background(), engine.Limits{Depth: 3}, nil)
	if err != nil || r.BestMove != "e1e5" || r.Score.Mate != 1 {
		t.Fatalf("engine: %+v, %v; want e1e5 mate 1", r, err)
	}

	// UCI offers it and plays a legal move from the start.
	var uciOut bytes.Buffer
	session := "uci\nsetoption name UCI_Variant value testgardner\nposition startpos moves a2a3\ngo depth 3\nisready\nquit\n"
	if err := uci.Run(context.Background(), strings.NewReader(session), &uciOut, uci.Config{Variants: games}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(uciOut.String(), " var testgardner") {
		t.Fatalf("UCI_Variant lacks gardner:\n%s", uciOut.String())
	}
	best := ""
	for _, l := range strings.Split(uciOut.String(), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "bestmove" {
			best = f[1]
		}
	}
	after, _ := v.Start().Parse("a2a3")
	p, _ := v.Start().Play(after)
	if _, err := p.Parse(best); err != nil {
		t.Fatalf("UCI bestmove %q is not legal in %s: %v\n%s", best, p.FEN(), err, uciOut.String())
	}
}

// gardnerGame plays random Gardner games until one ends on the board
// within 200 plies, and returns it with its moves in SAN.
func gardnerGame(t *testing.T, v *variant.Variant) (*game.Game, []string) {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 5))
	for range 200 {
		g := game.New(v.Start())
		var moves []string
		for len(moves) < 200 {
			if _, over := g.Outcome(); over {
				return g, moves
			}
			p := g.Position()
			legal := p.Legal()
			a := legal[rng.IntN(len(legal))]
			moves = append(moves, p.Format(a, variant.Human))
			if err := g.Play(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no random game ended")
	return nil, nil
}

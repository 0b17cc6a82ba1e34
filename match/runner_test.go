package match

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/baten-chess/baten/draughts"
	"github.com/baten-chess/baten/game"
	"github.com/baten-chess/baten/pgn"
	"github.com/baten-chess/baten/uci"
	"github.com/baten-chess/baten/variant"
)

// engineArg marks a re-execution of the test binary as an engine: the
// real UCI loop of package uci ("baten"), or a faulty engine.
const engineArg = "match-test-engine="

func TestMain(m *testing.M) {
	if len(os.Args) == 2 && strings.HasPrefix(os.Args[1], engineArg) {
		os.Exit(runTestEngine(strings.TrimPrefix(os.Args[1], engineArg)))
	}
	os.Exit(m.Run())
}

// runTestEngine is a UCI process: "baten" runs Baten's own UCI loop (what
// "baten uci" runs) on stdin and stdout; the others play the first legal
// move of the given variant (UCI_Variant) until "go" asks for their fault:
// "illegal" answers an illegal move, "crash" exits, "stall" never answers,
// "slow" answers after 400 ms; "novariant" announces no options.
func runTestEngine(mode string) int {
	if mode == "baten" {
		if err := uci.Run(context.Background(), os.Stdin, os.Stdout, uci.Config{HashMB: 4, Variants: variant.Builtin()}); err != nil {
			return 1
		}
		return 0
	}
	out := bufio.NewWriter(os.Stdout)
	say := func(format string, args ...any) { fmt.Fprintf(out, format+"\n", args...); out.Flush() }
	v := variant.Builtin()
	cur, _ := v.Lookup("chess")
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			say("id name Fake-%s", mode)
			if mode != "novariant" {
				say("option name UCI_Variant type combo default chess var chess var shatranj")
				say("option name UCI_Chess960 type check default false")
			}
			say("uciok")
		case "setoption":
			if len(f) == 5 && f[2] == "UCI_Variant" {
				cur, _ = v.Lookup(f[4])
			}
		case "isready":
			say("readyok")
		case "go":
			switch mode {
			case "illegal":
				say("bestmove e2e5")
			case "crash":
				return 3
			case "stall":
			case "slow":
				time.Sleep(400 * time.Millisecond)
				say("bestmove %s", cur.Start().Legal()[0])
			}
		case "quit":
			return 0
		}
	}
	return 0
}

// spec returns an engine that is this test binary in the given mode.
func spec(mode string) EngineSpec {
	return EngineSpec{Command: []string{os.Args[0], engineArg + mode}}
}

// replay reads a game's record back (PGN, or PDN for draughts) and
// checks that it is the game played: same result, written the same way
// as GameResult.Result, and number of plies.
func replay(t *testing.T, r GameResult) *game.Game {
	t.Helper()
	var g *game.Game
	var err error
	written := ""
	if bytes.Contains(r.Record, []byte(`[GameType "21"]`)) {
		var recs []draughts.Record
		if recs, err = draughts.ReadPDN(bytes.NewReader(r.Record)); err == nil {
			written = recs[0].Result.String()
			g, err = game.FromPDN(recs[0], nil)
		}
	} else {
		var pg *pgn.Game
		if pg, err = pgn.NewReader(bytes.NewReader(r.Record)).Next(); err == nil {
			written = pg.Tags.Get("Result")
			g, err = game.FromPGN(pg, nil)
		}
	}
	if err != nil {
		t.Fatalf("game %d: record does not read back: %v\n%s", r.Number, err, r.Record)
	}
	if written != r.Result {
		t.Errorf("game %d: result %q, the record's %q", r.Number, r.Result, written)
	}
	o, over := g.Outcome()
	if !over || o.Draw != r.Outcome.Draw || !o.Draw && o.Winner != r.Outcome.Winner || len(g.Moves()) != r.Plies {
		t.Fatalf("game %d: record reads back as %v after %d plies; played %v after %d\n%s",
			r.Number, o, len(g.Moves()), r.Outcome, r.Plies, r.Record)
	}
	return g
}

// TestMatchBatenSelfPlay plays short matches of the real UCI loop against
// itself in every built-in game family, two openings each (four games,
// two at once), and checks that every game ends by the rules, with
// colours alternating and a record that reads back to the same game.
func TestMatchBatenSelfPlay(t *testing.T) {
	if testing.Short() {
		t.Skip("plays real engine games: skipped with -short")
	}
	for _, name := range []string{"chess", "chess960", "shatranj", "banchess", "draughts"} {
		t.Run(name, func(t *testing.T) {
			v := mustVariant(t, name)
			ops, err := RandomOpenings(v, 2, 4, 3)
			if err != nil {
				t.Fatal(err)
			}
			a, b := spec("baten"), spec("baten")
			a.Name, b.Name = "A", "B"
			res, err := Run(context.Background(), Config{Variant: v, Engines: [2]EngineSpec{a, b}, Openings: ops,
				Nodes: 300, Concurrency: 2, MaxPlies: 160})
			if err != nil {
				t.Fatal(err)
			}
			if res.Stats.Games() != 4 || len(res.Games) != 4 || res.Names != [2]string{"A", "B"} {
				t.Fatalf("%d games (%v), names %v; want 4 of A and B", res.Stats.Games(), res.Stats, res.Names)
			}
			for _, r := range res.Games {
				if r.Failure != nil {
					t.Errorf("game %d: %v", r.Number, r.Failure.Detail)
				}
				if want := r.Number%2 == 1; r.FirstWhite != want || r.White != map[bool]string{true: "A", false: "B"}[want] {
					t.Errorf("game %d: A white %v (White %s), want %v", r.Number, r.FirstWhite, r.White, want)
				}
				if want := ops[(r.Number-1)/2].Label; r.Opening != want {
					t.Errorf("game %d: opening %s, want %s", r.Number, r.Opening, want)
				}
				if r.Outcome.Reason == variant.Adjudication {
					if r.Plies != 160 {
						t.Errorf("game %d adjudicated after %d plies", r.Number, r.Plies)
					}
					continue
				}
				g := replay(t, r)
				if len(g.Moves()) < 4 {
					t.Errorf("game %d: %d plies", r.Number, len(g.Moves()))
				}
			}
		})
	}
}

// TestMatchFaults: an engine that sends an illegal move, crashes, stalls
// or lets its flag fall loses each game, with that failure recorded; the
// runner restarts it for the next game.
func TestMatchFaults(t *testing.T) {
	tests := []struct {
		mode        string
		kind        FailureKind
		termination string
		cfg         Config
	}{
		{"illegal", Illegal, "rules infraction", Config{Nodes: 200}},
		{"crash", Crash, "abandoned", Config{Nodes: 200}},
		{"stall", Stall, "stalled connection", Config{Nodes: 200, MoveTimeout: 300 * time.Millisecond}},
		{"slow", Flag, "time forfeit", Config{TimeControl: game.TimeControl{Base: 200 * time.Millisecond}, Tolerance: 50 * time.Millisecond}},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			cfg := tt.cfg
			cfg.Variant = mustVariant(t, "chess")
			cfg.Engines = [2]EngineSpec{spec("baten"), spec(tt.mode)}
			cfg.Games = 2
			res, err := Run(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if res.Stats != (Stats{Wins: 2}) {
				t.Fatalf("stats %+v, want two wins for the sound engine", res.Stats)
			}
			for _, r := range res.Games {
				if r.Failure == nil || r.Failure.Kind != tt.kind || r.Failure.Engine != 1 {
					t.Fatalf("game %d: failure %+v, want %v of engine 2", r.Number, r.Failure, tt.kind)
				}
				if !bytes.Contains(r.Record, []byte(`[Termination "`+tt.termination+`"]`)) ||
					!bytes.Contains(r.Record, []byte("Fake-"+tt.mode)) {
					t.Errorf("game %d: record without its termination or detail:\n%s", r.Number, r.Record)
				}
				g := replay(t, r)
				want := variant.Adjudication
				if tt.kind == Flag {
					want = variant.TimeForfeit
				}
				if o, _ := g.Outcome(); o.Reason != want {
					t.Errorf("game %d: record reads back as %v, want reason %v", r.Number, o, want)
				}
			}
		})
	}
}

// TestMatchFlagDraw: a flag that falls when the opponent has only its
// king is a draw (FIDE 6.9), and a loss when the opponent could mate.
func TestMatchFlagDraw(t *testing.T) {
	v := mustVariant(t, "chess")
	start, err := v.FromFEN("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	// Engine 1 (Baten) is White in game 1: the slow engine, Black with a
	// bare king, flags and loses. In game 2 the slow engine is White, and
	// Black's bare king cannot win: a draw.
	res, err := Run(context.Background(), Config{Variant: v, Engines: [2]EngineSpec{spec("baten"), spec("slow")},
		Openings: []Opening{{Label: "KQ v K", Start: start}}, TimeControl: game.TimeControl{Base: 200 * time.Millisecond},
		Tolerance: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if res.Stats != (Stats{Wins: 1, Draws: 1}) {
		t.Fatalf("stats %+v, want a win and a draw", res.Stats)
	}
	for _, r := range res.Games {
		if r.Failure == nil || r.Failure.Kind != Flag || r.Outcome.Reason != variant.TimeForfeit {
			t.Errorf("game %d: %v, failure %+v; want a time forfeit", r.Number, r.Outcome, r.Failure)
		}
		replay(t, r)
	}
}

// TestMatchSPRTStops: against an engine that loses every game, the SPRT
// accepts H1 and the match stops before its last game.
func TestMatchSPRTStops(t *testing.T) {
	sprt := SPRT{Elo0: 0, Elo1: 200, Alpha: 0.05, Beta: 0.05}
	res, err := Run(context.Background(), Config{Variant: mustVariant(t, "chess"),
		Engines: [2]EngineSpec{spec("baten"), spec("illegal")}, Nodes: 100, Games: 100, SPRT: &sprt})
	if err != nil {
		t.Fatal(err)
	}
	_, upper := sprt.Bounds()
	if res.Verdict != AcceptH1 || res.LLR < upper || res.Stats.Games() >= 100 || res.Stats.Losses+res.Stats.Draws != 0 {
		t.Fatalf("verdict %v, LLR %v after %+v; want H1 accepted early", res.Verdict, res.LLR, res.Stats)
	}
	// One game fewer would not have decided.
	prev := res.Stats
	prev.Wins--
	if sprt.Decide(sprt.LLR(prev)) != Continue {
		t.Errorf("the test had decided already at %+v", prev)
	}
}

// TestMatchSetupErrors: an engine that cannot play the variant, or cannot
// be started, ends the match with an error instead of losing games.
func TestMatchSetupErrors(t *testing.T) {
	tests := []struct {
		name    string
		variant string
		engine  EngineSpec
	}{
		{"no UCI_Variant", "shatranj", spec("novariant")},
		{"no UCI_Chess960", "chess960", spec("novariant")},
		{"missing program", "chess", EngineSpec{Command: []string{"/nonexistent/engine"}}},
	}
	for _, tt := range tests {
		_, err := Run(context.Background(), Config{Variant: mustVariant(t, tt.variant),
			Engines: [2]EngineSpec{spec("baten"), tt.engine}, Nodes: 100, Games: 2})
		if err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
	if _, err := Run(context.Background(), Config{Variant: mustVariant(t, "chess"),
		Engines: [2]EngineSpec{spec("baten"), spec("baten")}}); err == nil {
		t.Error("no search limit: no error")
	}
}

// TestMatchCancel: a cancelled context ends the match at once with its
// error; no engine process is left behind (Run waits for them).
func TestMatchCancel(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := Run(ctx, Config{Variant: mustVariant(t, "chess"), Engines: [2]EngineSpec{spec("baten"), spec("stall")},
		Nodes: 100, Games: 4, MoveTimeout: time.Minute})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("error %v, want the context's", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("Run took %v after the cancel", d)
	}
}

package variant_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/baten-chess/baten/variant"
	"github.com/baten-chess/baten/variant/ini"
)

// moveRuleSections are the sections of Fairy-Stockfish's example file
// that need the move rules and no other family (TestFSFExampleSections
// checks that each loads and counts as Fairy-Stockfish does).
var moveRuleSections = []string{"castle", "opposite-castling", "capturethequeen", "andersgiveaway", "andersanti"}

// TestMoveRuleKeysErrors: a bad value of the family's keys, and a value
// not played yet, is an error naming the file, line, section and key.
func TestMoveRuleKeysErrors(t *testing.T) {
	for _, tc := range []struct{ text, key, msg string }{
		{"[v:chess]\nmakpongRule = yes\n", "makpongRule", "want true or false"},
		{"[v:chess]\ncastlingWins = x\n", "castlingWins", "want castling rights K, Q, k, q or -"},
		{"[v:chess]\ncastling = false\ncastlingWins = q\n", "castlingWins", "castlingWins needs castling"},
		{"[v:chess]\nmaterialCounting = most\n", "materialCounting", "want none, unweighted"},
		{"[v:chess]\nmaterialCounting = unweighted\n", "materialCounting", "not supported yet: materialCounting = unweighted with a repetition rule"},
		{"[v:chess]\npass = maybe\n", "pass", "want true or false"},
		{"[v:chess]\nperpetualCheckIllegal = 1\n", "perpetualCheckIllegal", "want true or false"},
	} {
		_, err := variant.LoadINI(strings.NewReader(tc.text), "moves.ini", variant.Builtin())
		var ie *ini.Error
		if !errors.As(err, &ie) || ie.Key != tc.key || ie.Line == 0 || !strings.Contains(err.Error(), tc.msg) ||
			!strings.Contains(err.Error(), "moves.ini") || ie.Section != "v" {
			t.Errorf("%q: %v, want an error of key %s at a line of moves.ini saying %q", tc.text, err, tc.key, tc.msg)
		}
	}
	// The defaults load, and a child of a built-in game keeps its rules.
	if _, err := variant.LoadINI(strings.NewReader("[v:makpong]\npass = false\nperpetualCheckIllegal = false\nmaterialCounting = none\n"),
		"moves.ini", variant.Builtin()); err != nil {
		t.Error(err)
	}
}

// play plays the moves (machine notation) from fen in game and returns
// the outcome.
func moveRulesOutcome(t *testing.T, game, fen string, moves ...string) variant.Outcome {
	t.Helper()
	g, err := variant.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.FromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		a, err := p.Parse(m)
		if err != nil {
			t.Fatal(err)
		}
		if p, err = p.Play(a); err != nil {
			t.Fatal(err)
		}
	}
	o, _ := p.Outcome()
	return o
}

// TestMoveRulesOutcomes: the ends of the family, in a player's words,
// each position checked with Fairy-Stockfish c19b5f6 ("go depth 1" at
// the end: "score mate 0" for a decided game, "score cp 0" for a draw;
// that knights alone may not mate, by its choice of another move where
// chess mates at once, and by its source).
func TestMoveRulesOutcomes(t *testing.T) {
	for _, tc := range []struct {
		game, fen string
		moves     []string
		want      string
	}{
		// Shatar: a mate by a rook (a shak) stands.
		{"shatar", "R6k/6pp/8/8/8/8/8/K7 b - - 0 1", nil, "white wins by checkmate"},
		// A smothered mate by the knight alone: the mated side wins.
		{"shatar", "6rk/5Npp/8/8/8/8/8/K7 b - - 0 1", nil, "black wins: a mate by knights alone does not count"},
		// A pawn's mate with no shak before it: a draw (niol).
		{"shatar", "6bk/6Pp/5P2/8/8/8/8/K7 b - - 0 1", nil, "draw: mate without a shak (niol)"},
		// The bishop's discovered mate: after a rook's check it stands,
		// as the last of a series of checks by itself it is niol.
		{"shatar", "k7/1p6/3PP3/4B3/5R2/8/8/6K1 w - - 0 1", []string{"f4a4", "a8b8", "d6d7"}, "white wins by checkmate"},
		{"shatar", "k7/1p6/3PP3/4B3/R7/8/8/6K1 b - - 0 1", []string{"a8b8", "d6d7"}, "white wins by checkmate"},
		{"shatar", "1k6/1p1P4/4P3/4B3/R7/8/8/6K1 b - - 0 2", nil, "draw: mate without a shak (niol)"},
		// Robado: a bare king draws.
		{"shatar", "4k3/8/8/8/8/8/8/3RK3 b - - 0 1", nil, "draw by extinction"},
		// Armageddon: stalemate is Black's.
		{"armageddon", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", nil, "black wins on material"},
		{"armageddon", "k7/2Q5/1K6/8/8/8/8/8 w - - 0 1", []string{"c7c8"}, "white wins by checkmate"},
		// Makpong: the king in check may not step away, so this is mate.
		{"makpong", "4k3/8/8/4r3/8/8/8/R3K3 w - - 0 1", nil, "black wins by checkmate"},
	} {
		if got := moveRulesOutcome(t, tc.game, tc.fen, tc.moves...).String(); got != tc.want {
			t.Errorf("%s %s %v: %q, want %q", tc.game, tc.fen, tc.moves, got, tc.want)
		}
	}
	const castle = "[castle:chess]\ncastlingWins = q\n"
	vs, err := variant.LoadINI(strings.NewReader(castle), "castle.ini", variant.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		fen, move, want string
	}{
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "black wins by castling"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "a8b8", "white wins: black has lost its winning castling rights"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "a1a8", "white wins: black has lost its winning castling rights"},
	} {
		p, err := vs[0].FromFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		a, err := p.Parse(tc.move)
		if err != nil {
			t.Fatal(err)
		}
		if p, err = p.Play(a); err != nil {
			t.Fatal(err)
		}
		if o, _ := p.Outcome(); o.String() != tc.want {
			t.Errorf("castle %s %s: %q, want %q", tc.fen, tc.move, o, tc.want)
		}
	}
}

// TestPassMoves: a pass is written as Fairy-Stockfish writes it, the
// passing piece's square twice ("e1e1"), "--" in SAN, and read so or as
// "0000"; passOnStalemateWhite gives the pass to White alone, over pass
// (the player's own key wins wherever it stands, as in Fairy-Stockfish);
// two passes in a row draw.
func TestPassMoves(t *testing.T) {
	const text = "[passing:chess]\npassBlack = false\npass = true\n[whitepass:chess]\npassOnStalemateWhite = true\n"
	vs, err := variant.LoadINI(strings.NewReader(text), "pass.ini", variant.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	p, err := vs[0].FromFEN("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{"e1e1", "--", "0000"} {
		a, err := p.Parse(in)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if a.String() != "e1e1" || p.Format(a, variant.Human) != "--" {
			t.Errorf("%s: reads as %s, SAN %s", in, a, p.Format(a, variant.Human))
		}
	}
	a, _ := p.Parse("--")
	q, err := p.Play(a)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(q.FEN(), " b K - 1 1") {
		t.Errorf("after the pass: %s, want the castling right kept and the clock on", q.FEN())
	}
	if _, err := q.Parse("e8e8"); err == nil {
		t.Error("Black may not pass: passBlack = false")
	}
	// White passes only when it cannot move; two passes draw.
	w := vs[1]
	if p, _ := w.FromFEN("4k3/8/8/8/8/8/8/4K3 w - - 0 1"); p != nil {
		if _, err := p.Parse("e1e1"); err == nil {
			t.Error("whitepass: a pass with moves left")
		}
	}
	if got := moveRulesPlayed(t, vs[0], "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1e1", "e8e8"); got != "ongoing" {
		t.Errorf("one pass each, Black not allowed to: %s", got)
	}
	const both = "[both:chess]\npass = true\n"
	bs, err := variant.LoadINI(strings.NewReader(both), "pass.ini", variant.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	if got := moveRulesPlayed(t, bs[0], "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1e1", "e8e8"); got != "draw: both sides passed" {
		t.Errorf("two passes: %s", got)
	}
}

// moveRulesPlayed plays the moves from fen and returns the outcome's
// words, "ongoing" when a move is refused or the game goes on.
func moveRulesPlayed(t *testing.T, v *variant.Variant, fen string, moves ...string) string {
	t.Helper()
	p, err := v.FromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		a, err := p.Parse(m)
		if err != nil {
			return "ongoing"
		}
		if p, err = p.Play(a); err != nil {
			t.Fatal(err)
		}
	}
	o, _ := p.Outcome()
	return o.String()
}

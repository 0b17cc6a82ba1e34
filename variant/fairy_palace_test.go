package variant_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
	"github.com/baten-chess/baten/variant/ini"
)

// TestXiangqiGames: the xiangqi family is built in by Fairy-Stockfish's
// names, with pychess-variants' titles, and with the rules
// Fairy-Stockfish's variant.cpp gives it: the soldier held before the
// sixth rank (from the start in minixiangqi), the flying general,
// stalemate lost and perpetual check illegal.
func TestXiangqiGames(t *testing.T) {
	for _, tc := range []struct {
		name, title string
		soldier     *rules.SoldierRule
		start       string
	}{
		{"xiangqi", "Xiangqi", &rules.SoldierRule{Kinds: "P", Rank: 6}, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"},
		{"minixiangqi", "Minixiangqi", nil, "rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR w - - 0 1"},
		{"manchu", "Manchu", &rules.SoldierRule{Kinds: "P", Rank: 6}, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/9/9/M1BAKAB2 w - - 0 1"},
	} {
		g, err := variant.Lookup(tc.name)
		if err != nil {
			t.Fatal(err)
		}
		rv := g.Rules()
		if g.Title != tc.title || g.PGNName != tc.title || g.UCIName != tc.name {
			t.Errorf("%s: title %q, PGN %q, UCI %q", tc.name, g.Title, g.PGNName, g.UCIName)
		}
		if (rv.Soldiers == nil) != (tc.soldier == nil) || rv.Soldiers != nil && *rv.Soldiers != *tc.soldier {
			t.Errorf("%s: soldier rule %+v, want %+v", tc.name, rv.Soldiers, tc.soldier)
		}
		if rv.Royal == nil || !rv.Royal.FlyingGeneral || rv.NoMoves != rules.NoMovesLoses || rv.Castling != nil {
			t.Errorf("%s: royal guards %+v, no moves %v, castling %v", tc.name, rv.Royal, rv.NoMoves, rv.Castling)
		}
		if rep := g.Repetition; rep == nil || !rep.PerpetualCheck {
			t.Errorf("%s: repetition rule %+v, want perpetual check illegal", tc.name, rep)
		}
		if got := g.Start().FEN(); got != tc.start {
			t.Errorf("%s: start %s, want %s", tc.name, got, tc.start)
		}
	}
}

// TestPalaceKeys: soldierPromotionRank loads onto the soldier piece
// type's rule and a child keeps it; the first rank, or no soldier, is no
// rule; a section may extend a built-in game whose rules differ between
// the colours (xiangqi's palaces, pawnback), which it inherits whole; a
// bad rank and a chasing rule other than axf or none are errors naming
// the key.
func TestPalaceKeys(t *testing.T) {
	vs, err := variant.LoadINI(strings.NewReader("[a:xiangqi]\nsoldierPromotionRank = 4\n[b:a]\n[c:minixiangqi]\nsoldierPromotionRank = 3\n"+
		"[d:xiangqi]\nsoldier = -\nstartFen = rnbakabnr/9/1c5c1/9/9/9/9/1C5C1/9/RNBAKABNR w - - 0 1\n[e:xiangqi]\nsoldierPromotionRank = 1\n[f:chess]\nsoldier = s\nsoldierPromotionRank = 3\nstartFen = 4k3/8/8/8/8/8/S7/4K3 w - - 0 1\n"+
		"[g:pawnback]\nnMoveRule = 60\n"), "palace.ini", variant.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]*rules.SoldierRule{"a": {Kinds: "P", Rank: 4}, "b": {Kinds: "P", Rank: 4}, "c": {Kinds: "P", Rank: 3}, "f": {Kinds: "S", Rank: 3}}
	for _, v := range vs {
		got := v.Rules().Soldiers
		if w := want[v.Name]; (got == nil) != (w == nil) || got != nil && *got != *w {
			t.Errorf("[%s]: soldier rule %+v, want %+v", v.Name, got, w)
		}
		if v.Name == "g" && (v.Rules().Colours == nil || v.MoveRule != 120) {
			t.Errorf("[g:pawnback]: per-colour rules %v, move rule %d: want pawnback's rules with nMoveRule 60", v.Rules().Colours != nil, v.MoveRule)
		}
		if v.Name != "g" && v.Name != "f" && v.Rules().Colours == nil {
			t.Errorf("[%s]: the palaces are lost", v.Name)
		}
	}
	if len(vs) != 7 {
		t.Errorf("%d games, want 7", len(vs))
	}
	for _, tc := range []struct{ text, key, msg string }{
		{"[v:xiangqi]\nsoldierPromotionRank = 0\n", "soldierPromotionRank", "want a rank"},
		{"[v:xiangqi]\nsoldierPromotionRank = six\n", "soldierPromotionRank", "want a rank"},
		{"[v:xiangqi]\nchasingRule = wxf\n", "chasingRule", "want axf or none"},
	} {
		_, err := variant.LoadINI(strings.NewReader(tc.text), "palace.ini", variant.Builtin())
		var ie *ini.Error
		if !errors.As(err, &ie) || ie.Key != tc.key || ie.Line != 2 || !strings.Contains(ie.Msg, tc.msg) {
			t.Errorf("%q: %v, want line 2, key %s, %q", tc.text, err, tc.key, tc.msg)
		}
	}
}

// TestJanggiGames: the four janggi games load with Fairy-Stockfish's
// rules: the palace lines and cannons, bikjang in janggi and
// janggitraditional only, the count in janggi and janggimodern only. The
// generals facing alone, a pass ends the game by bikjang: the count
// gives it to Black by its komi, or to White with a rook (13 points)
// more; the traditional rules draw. Where bikjang is off, the pass is
// one more move and the game goes on.
func TestJanggiGames(t *testing.T) {
	lines := "d1 f1 e2 d3 f3 d8 f8 e9 d10 f10"
	for _, tc := range []struct {
		name           string
		bikjang, count bool
		bare, rook     string // the outcome after the pass, "" for none
	}{
		{"janggi", true, true, "0-1 material", "1-0 material"},
		{"janggitraditional", true, false, "draw bikjang", "draw bikjang"}, // variant.Bikjang, by rulesgame's outcome
		{"janggimodern", false, true, "", ""},
		{"janggicasual", false, false, "", ""},
	} {
		g, err := variant.Lookup(tc.name)
		if err != nil {
			t.Fatal(err)
		}
		rv := g.Rules()
		pl := rv.Palace
		if pl == nil || pl.Riders != "R" || pl.Steppers != "AK" || pl.Soldiers != "P" || pl.Cannons != "C" {
			t.Fatalf("%s: palace %+v", tc.name, pl)
		}
		var got []string
		for _, sq := range pl.Lines {
			got = append(got, sq.String())
		}
		if strings.Join(got, " ") != lines {
			t.Errorf("%s: lines %v, want %s", tc.name, got, lines)
		}
		if (rv.Royal != nil && rv.Royal.Bikjang) != tc.bikjang || rv.Royal != nil && rv.Royal.FlyingGeneral {
			t.Errorf("%s: royal guards %+v, want bikjang %v", tc.name, rv.Royal, tc.bikjang)
		}
		if (rv.Moves.Material == rules.JanggiMaterial) != tc.count || !rv.Moves.Pass[rules.First] {
			t.Errorf("%s: move rules %+v", tc.name, rv.Moves)
		}
		for fen, want := range map[string]string{"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1": tc.bare, "4k4/9/9/9/9/9/9/9/9/R3K4 w - - 0 1": tc.rook} {
			p, err := rules.ParseFEN(rv, fen)
			if err != nil {
				t.Fatal(err)
			}
			q, err := p.PlayText("e1e1")
			if err != nil {
				t.Fatalf("%s: %s: pass: %v", tc.name, fen, err)
			}
			o, over := q.Outcome()
			var end string
			switch {
			case over && o.Draw:
				end = "draw " + o.Reason.String()
			case over:
				end = map[rules.Player]string{rules.First: "1-0", rules.Second: "0-1"}[o.Winner] + " " + o.Reason.String()
			}
			if end != want {
				t.Errorf("%s: %s after the pass: %q, want %q", tc.name, fen, end, want)
			}
		}
	}
}

// TestJanggiKeys: the family's keys load and a child keeps them; bad
// values are errors naming the key.
func TestJanggiKeys(t *testing.T) {
	vs, err := variant.LoadINI(strings.NewReader("[a:janggi]\ndiagonalLines = e2\n[b:a]\nbikjangRule = false\n"), "janggi.ini", variant.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	a, b := vs[0].Rules(), vs[1].Rules()
	if len(a.Palace.Lines) != 1 || len(b.Palace.Lines) != 1 || b.Palace.Steppers != "AK" || !a.Royal.Bikjang || b.Royal != nil && b.Royal.Bikjang {
		t.Errorf("a: %+v %+v; b: %+v %+v", a.Palace, a.Royal, b.Palace, b.Royal)
	}
	for _, tc := range []struct{ text, key string }{
		{"[v:janggi]\ndiagonalLines = z99\n", "diagonalLines"},
		{"[v:janggi]\nbikjangRule = maybe\n", "bikjangRule"},
	} {
		_, err := variant.LoadINI(strings.NewReader(tc.text), "janggi.ini", variant.Builtin())
		var ie *ini.Error
		if !errors.As(err, &ie) || ie.Key != tc.key {
			t.Errorf("%q: %v, want an error of key %s", tc.text, err, tc.key)
		}
	}
}

// TestChasingRuleKey: chasingRule = axf gives a game the chase rule, its
// pieces by Fairy-Stockfish's piece types, and an automatic repetition
// rule that judges perpetual chase; the built-in xiangqi has it, as
// Fairy-Stockfish's variant.cpp sets it, and manchu, built there on
// xiangqi without it, has not; a child keeps its parent's rule, and
// chasingRule = none takes it away.
func TestChasingRuleKey(t *testing.T) {
	vs, err := variant.LoadINI(strings.NewReader("[a:xiangqi]\n[b:xiangqi]\nchasingRule = none\n[c:chess]\nchasingRule = axf\nhorse = h\nstartFen = 4k3/8/8/8/8/8/8/H3K3 w - - 0 1\n"), "chase.ini", variant.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	xq := &rules.ChaseRule{Chariots: "R", Horses: "N", Cannons: "C", Elephants: "B", Advisors: "A", Soldiers: "P"}
	want := map[string]*rules.ChaseRule{"xiangqi": xq, "a": xq, "c": {Chariots: "R", Horses: "H"}}
	games := append([]*variant.Variant{}, vs...)
	for _, name := range []string{"xiangqi", "manchu"} {
		v, err := variant.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, v)
	}
	for _, v := range games {
		got, w := v.Rules().Chase, want[v.Name]
		if (got == nil) != (w == nil) || got != nil && *got != *w {
			t.Errorf("[%s]: chase rule %+v, want %+v", v.Name, got, w)
		}
		if rep := v.Repetition; (rep != nil && rep.PerpetualChase) != (w != nil) || w != nil && rep.Count != 3 {
			t.Errorf("[%s]: repetition rule %+v, want perpetual chase judged %v", v.Name, rep, w != nil)
		}
	}
}

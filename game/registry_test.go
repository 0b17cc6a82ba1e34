package game

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/baten-chess/baten/draughts"
	"github.com/baten-chess/baten/pgn"
	"github.com/baten-chess/baten/variant"
)

// readPGN reads the first game of a PGN text.
func readPGN(t *testing.T, text string) *pgn.Game {
	t.Helper()
	pg, err := pgn.NewReader(strings.NewReader(text)).Next()
	if err != nil {
		t.Fatal(err)
	}
	return pg
}

// TestPGNTagsFromDescriptor: Game.PGN names the game by its descriptor's
// PGNName (no tag for standard chess) and writes the start's FEN when the
// start is not the game's standard one, and always for a game of random
// starts (Chess960); FromPGN reads each back to the same game.
func TestPGNTagsFromDescriptor(t *testing.T) {
	tests := []struct {
		game, tag string
		fen       bool
	}{
		{"chess", "", false},
		{"chess960", "Chess960", true},
		{"shatranj", "Shatranj", false},
		{"banchess", "Ban Chess", false},
		{"draughts", "English draughts", false},
		{"capablanca", "Capablanca", false},
	}
	for _, tt := range tests {
		v := mustVariant(t, tt.game)
		g := New(v.Start())
		mustPlay(t, g, g.Position().Format(g.Position().Legal()[0], variant.Human))
		pg := g.PGN(nil)
		if tag, ok := pg.Tags.Lookup("Variant"); tag != tt.tag || ok != (tt.tag != "") {
			t.Errorf("%s: Variant tag %q (%v), want %q", tt.game, tag, ok, tt.tag)
		}
		if fen, ok := pg.Tags.Lookup("FEN"); ok != tt.fen || ok && fen != v.Start().FEN() {
			t.Errorf("%s: FEN tag %q (%v), want one: %v", tt.game, fen, ok, tt.fen)
		}
		again, err := FromPGN(pg, nil)
		if err != nil || again.Variant() != v || !slices.Equal(again.Moves(), g.Moves()) {
			t.Errorf("%s: read back as %v: %v", tt.game, again.Variant(), err)
		}
	}
}

// TestFromPGNRegistry: FromPGN finds a record's game in the registry it is
// given: the Variant tag by any spelling, else PDN's GameType number
// (before any comma), else the registry's default; a game the registry
// does not hold is an error wrapping variant.ErrUnknownVariant.
func TestFromPGNRegistry(t *testing.T) {
	var reg variant.Registry // shatranj first: the default
	for _, name := range []string{"shatranj", "draughts"} {
		if err := reg.Register(mustVariant(t, name)); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		text string
		reg  *variant.Registry
		want string // "" for an unknown game
	}{
		{"1. e4 *", nil, "chess"},
		{"1. e3 *", &reg, "shatranj"},
		{"[Variant \"fischer random\"]\n\n1. e4 *", nil, "chess960"},
		{"[Variant \"Fischerandom\"]\n\n1. e4 *", &reg, ""},
		{"[Variant \"weiqi\"]\n\n1. e4 *", nil, ""},
		{"[Variant \"Capablanca Chess\"]\n\n1. Nc3 *", nil, "capablanca"},
		{"[GameType \"21\"]\n\n1. 11-15 *", nil, "draughts"},
		{"[GameType \"21,Black,8,8,A0,0\"]\n\n1. 11-15 *", &reg, "draughts"},
		{"[GameType \" 21 , 8\"]\n\n1. 11-15 *", nil, "draughts"},
		{"[GameType \"0\"]\n\n1. e4 *", nil, "chess"},                        // PDN's chess: the default
		{"[GameType \"20\"]\n\n1. e3 *", &reg, "shatranj"},                   // a number no game has: the default
		{"[Variant \"\"]\n[GameType \"21\"]\n\n1. 11-15 *", nil, "draughts"}, // an empty Variant tag is none
	}
	for _, tt := range tests {
		g, err := FromPGN(readPGN(t, tt.text), tt.reg)
		switch {
		case tt.want == "":
			if !errors.Is(err, variant.ErrUnknownVariant) || g != nil {
				t.Errorf("%q: %v, %v; want ErrUnknownVariant", tt.text, g, err)
			}
		case err != nil:
			t.Errorf("%q: %v", tt.text, err)
		case g.Variant().Name != tt.want || len(g.Moves()) != 1:
			t.Errorf("%q: a %v game of %d moves, want %s", tt.text, g.Variant(), len(g.Moves()), tt.want)
		}
	}
	if _, err := FromPGN(readPGN(t, "1. e4 *"), &variant.Registry{}); !errors.Is(err, variant.ErrUnknownVariant) {
		t.Errorf("empty registry: %v", err)
	}
}

// TestBanComments: a ban comment {banning: e2e4} is a ban in a game with
// bans — refused, as a record that does not replay, where no ban is due —
// and a mere comment in any other game.
func TestBanComments(t *testing.T) {
	tests := []struct {
		text        string
		plies, bans int  // actions replayed, bans among them
		bad         bool // a *ReplayError
	}{
		{"1. {banning: e2e4} e4 {banning: e7e5} e6 *", 2, 0, false},
		{"[Variant \"Shatranj\"]\n\n{banning: e2e3} 1. e3 {banning: e7e6} e6 *", 2, 0, false},
		{"[GameType \"21\"]\n\n1. {banning: 11-15} 11-15 *", 1, 0, false},
		{"[Variant \"Capablanca\"]\n\n1. {banning: e2e4} e4 *", 1, 0, false},
		{"[Variant \"Ban Chess\"]\n\n{banning: e2e4} 1. d4 {banning: d7d5} e5 *", 4, 2, false},
		// Two bans in a row: the second is no legal action.
		{"[Variant \"Ban Chess\"]\n\n1. {banning: e2e4} {banning: d2d4} c4 *", 1, 1, true},
		// A start in the move phase (White moves, e2e4 banned): a ban
		// comment before the move is out of turn.
		{"[Variant \"Ban Chess\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2:e2e4\"]\n\n1. {banning: d2d4} d4 *", 0, 0, true},
		{"[Variant \"Ban Chess\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2:e2e4\"]\n\n1. d4 {banning: d7d5} e5 *", 3, 1, false},
	}
	for _, tt := range tests {
		g, err := FromPGN(readPGN(t, tt.text), nil)
		var re *ReplayError
		if tt.bad != errors.As(err, &re) || !tt.bad && err != nil {
			t.Errorf("%q: %v", tt.text, err)
			continue
		}
		bans := 0
		for _, m := range g.Moves() {
			if m.IsBan() {
				bans++
			}
		}
		if len(g.Moves()) != tt.plies || bans != tt.bans {
			t.Errorf("%q: actions %v, want %d with %d bans", tt.text, g.Moves(), tt.plies, tt.bans)
		}
	}
}

// TestFromPDNRegistry: FromPDN plays a record in the registry's game of
// draughts positions, and needs one.
func TestFromPDNRegistry(t *testing.T) {
	g := New(mustPosition(t, "draughts", ""))
	mustPlay(t, g, "11-15", "23-19", "8-11", "22-17")
	rec, err := g.DraughtsRecord(nil)
	if err != nil {
		t.Fatal(err)
	}
	var reg variant.Registry
	for _, name := range []string{"chess", "draughts"} {
		if err := reg.Register(mustVariant(t, name)); err != nil {
			t.Fatal(err)
		}
	}
	for _, r := range []*variant.Registry{nil, &reg} {
		h, err := FromPDN(rec, r)
		if err != nil || h.Variant().Name != "draughts" || !slices.Equal(h.Moves(), g.Moves()) {
			t.Fatalf("FromPDN: %v, %v", h, err)
		}
	}
	var noDraughts variant.Registry
	if err := noDraughts.Register(mustVariant(t, "chess")); err != nil {
		t.Fatal(err)
	}
	if h, err := FromPDN(rec, &noDraughts); !errors.Is(err, variant.ErrUnknownVariant) || h != nil {
		t.Fatalf("FromPDN without draughts: %v, %v", h, err)
	}
	// A move that is not legal in the record's position.
	bad := rec
	bad.Moves = append(slices.Clone(rec.Moves), rec.Moves[0])
	h, err := FromPDN(bad, nil)
	var re *ReplayError
	if !errors.As(err, &re) || re.Ply != 4 || !errors.Is(err, variant.ErrIllegal) || len(h.Moves()) != 4 {
		t.Fatalf("FromPDN with an illegal move: %v", err)
	}
	if _, err := New(mustPosition(t, "capablanca", "")).DraughtsRecord([]draughts.Tag{}); err == nil {
		t.Error("a Capablanca game made a PDN record")
	}
}

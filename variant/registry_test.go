package variant_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/variant"
)

// TestLookupAliases: every spelling of a built-in game found in PGN and
// PDN files, GUIs and the command line (the table package game had
// before the registry, and its tests' spellings) names that game, through
// the package's Lookup and through a Builtin registry; so do every
// game's name, title, UCI and PGN names and aliases.
func TestLookupAliases(t *testing.T) {
	want := map[string]string{
		// package game's old alias table
		"chess": "chess", "standard": "chess", "normal": "chess", "orthodox": "chess", "fromposition": "chess",
		"chess960": "chess960", "960": "chess960", "fischerandom": "chess960", "fischerrandom": "chess960",
		"fischerrandomchess": "chess960", "frc": "chess960",
		"shatranj": "shatranj",
		"banchess": "banchess", "ban": "banchess",
		"draughts": "draughts", "englishdraughts": "draughts", "checkers": "draughts", "americancheckers": "draughts",
		// its tests' spellings: case, spaces and hyphens do not matter
		"Standard": "chess", "Chess960": "chess960", "chess 960": "chess960", "Fischerandom": "chess960",
		"fischer-random": "chess960", "Shatranj": "shatranj", "Ban Chess": "banchess",
		"English draughts": "draughts",
		// nor do underscores, tabs and surrounding space
		"  CHESS_960 ": "chess960", "Ban-Chess": "banchess", "english-DRAUGHTS": "draughts",
		"Fischer Random Chess": "chess960", "American\tCheckers": "draughts", "From Position": "chess",
	}
	reg := variant.Builtin()
	for text, name := range want {
		for _, lookup := range []func(string) (*variant.Variant, error){variant.Lookup, reg.Lookup} {
			v, err := lookup(text)
			if err != nil || v.Name != name {
				t.Errorf("Lookup(%q) = %v, %v; want %s", text, v, err, name)
			}
		}
	}
	for _, v := range variant.All() {
		for _, text := range append([]string{v.Name, v.Title, v.UCIName, v.PGNName}, v.Aliases...) {
			if text == "" {
				continue
			}
			if got, err := reg.Lookup(text); err != nil || got != v {
				t.Errorf("%s: Lookup(%q) = %v, %v", v.Name, text, got, err)
			}
		}
	}
}

// TestLookupUnknown: a name no game has is an error wrapping
// ErrUnknownVariant that quotes it and names the games whose names are
// within a typo or two of it, or that start with it (at most three), or
// else says how many games there are, not a list of dozens.
func TestLookupUnknown(t *testing.T) {
	for _, name := range []string{"go", "", "chess 961", "draught"} {
		v, err := variant.Lookup(name)
		if !errors.Is(err, variant.ErrUnknownVariant) || v != nil {
			t.Errorf("Lookup(%q) = %v, %v; want ErrUnknownVariant", name, v, err)
		}
	}
	n := len(variant.All())
	for _, tt := range []struct{ name, want string }{
		{"go", fmt.Sprintf(`unknown variant "go" (none of the %d games known has that name)`, n)},
		{"chess 961", `unknown variant "chess 961" (did you mean chess960?)`},
		{"draught", `unknown variant "draught" (did you mean draughts?)`},
		{"Shatranj2", `unknown variant "Shatranj2" (did you mean shatranj?)`},
		{"capa", `unknown variant "capa" (did you mean capablanca or caparandom or capahouse?)`}, // family: chess960; drops
		{"ches", `unknown variant "ches" (did you mean chess or chess960 or chessgi?)`},
	} {
		_, err := variant.Lookup(tt.name)
		if err == nil || !strings.HasSuffix(err.Error(), tt.want) {
			t.Errorf("Lookup(%q): %v, want %s", tt.name, err, tt.want)
		}
	}
	var empty variant.Registry
	if _, err := empty.Lookup("chess"); !errors.Is(err, variant.ErrUnknownVariant) {
		t.Errorf("empty registry: %v", err)
	}
	if v, ok := empty.Default(); ok || v != nil {
		t.Errorf("empty registry has default %v", v)
	}
}

// testGame is a game for registry tests: standard chess under another
// name, with the given aliases.
func testGame(t *testing.T, name string, aliases ...string) *variant.Variant {
	t.Helper()
	chess, err := variant.Lookup("chess")
	if err != nil {
		t.Fatal(err)
	}
	v, err := variant.New(variant.Definition{
		Variant: variant.Variant{Name: name, Aliases: aliases, Size: geom.Chess},
		Start:   func(*variant.Variant) variant.Position { return chess.Start() },
		FromFEN: func(_ *variant.Variant, fen string) (variant.Position, error) { return chess.FromFEN(fen) },
	})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestRegisterDuplicate: a name or alias already registered, in any
// spelling, is an error wrapping ErrDuplicate, and the registry is left
// as it was; a clone of the built-ins takes new games without changing
// the built-ins.
func TestRegisterDuplicate(t *testing.T) {
	reg := variant.Builtin()
	n := len(reg.All())
	for _, v := range []*variant.Variant{
		testGame(t, "Chess"),                            // a built-in's name
		testGame(t, "mychess", "Fischer Random"),        // a built-in's alias, spelt otherwise
		testGame(t, "mychess", "x", "ENGLISH_draughts"), // a built-in's PGN name
		testGame(t, "Ban-Chess"),                        // a built-in's title
	} {
		if err := reg.Register(v); !errors.Is(err, variant.ErrDuplicate) {
			t.Errorf("Register(%s %v): %v, want ErrDuplicate", v.Name, v.Aliases, err)
		}
	}
	if len(reg.All()) != n {
		t.Fatalf("refused games were registered: %v", reg.Names())
	}
	if _, err := reg.Lookup("x"); err == nil {
		t.Fatal("an alias of a refused game was registered")
	}
	mine := testGame(t, "mychess", "my chess variant")
	if err := reg.Register(mine); err != nil {
		t.Fatal(err)
	}
	if err := reg.Register(mine); !errors.Is(err, variant.ErrDuplicate) {
		t.Errorf("the same game twice: %v", err)
	}
	if got, err := reg.Lookup("My-Chess"); err != nil || got != mine {
		t.Errorf("Lookup(My-Chess) = %v, %v", got, err)
	}
	if _, err := variant.Builtin().Lookup("mychess"); !errors.Is(err, variant.ErrUnknownVariant) {
		t.Errorf("registering in a clone changed the built-ins: %v", err)
	}
	var empty variant.Registry
	if err := empty.Register(mine); err != nil {
		t.Fatal(err)
	}
	if err := empty.Register(testGame(t, "other", "MYCHESS")); !errors.Is(err, variant.ErrDuplicate) {
		t.Errorf("alias colliding with a name: %v", err)
	}
}

// TestRegistryFinders: the default game (a record without a Variant tag)
// is standard chess, PDN GameType 21 is English draughts, and GameType 0
// (PDN's chess) names no game by number.
func TestRegistryFinders(t *testing.T) {
	reg := variant.Builtin()
	if v, ok := reg.Default(); !ok || v.Name != "chess" {
		t.Errorf("Default() = %v, %v", v, ok)
	}
	if v, ok := reg.ByPDNGameType(21); !ok || v.Name != "draughts" {
		t.Errorf("ByPDNGameType(21) = %v, %v", v, ok)
	}
	for _, n := range []int{0, 20, -1} {
		if v, ok := reg.ByPDNGameType(n); ok {
			t.Errorf("ByPDNGameType(%d) = %v", n, v)
		}
	}
	names := reg.Names()
	for i, v := range variant.All() {
		if names[i] != v.Name {
			t.Errorf("Names()[%d] = %s, All()[%d] = %s", i, names[i], i, v.Name)
		}
	}
}

package variant_test

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/variant"
	"github.com/baten-chess/baten/variant/ini"
)

var updateKeys = flag.Bool("update-keys", false, "rewrite docs/variants-ini.md's key table from variant.INIKeys")

// TestINIKeysCoverHeader: every key the documented header of
// Fairy-Stockfish's own variants.ini names (its options, piece values
// and piece types) has a row in variant.INIKeys, and no key has two.
func TestINIKeysCoverHeader(t *testing.T) {
	dir, err := perftdata.Dir()
	if err != nil {
		t.Skip(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "fairy", "fsf-variants.ini"))
	if err != nil {
		t.Fatal(err)
	}
	header, _, _ := strings.Cut(string(b), "\n[")
	var want []string
	for _, m := range regexp.MustCompile(`(?m)^# ([a-z][A-Za-z0-9]*): `).FindAllStringSubmatch(header, -1) {
		want = append(want, m[1])
	}
	_, pieces, _ := strings.Cut(header, "predefined piece types (and their Betza notation):\n")
	pieces, _, _ = strings.Cut(pieces, "\n#\n")
	pieces, _, _ = strings.Cut(pieces, "\n\n")
	for _, m := range regexp.MustCompile(`(?m)^# ([a-zA-Z]+) \(`).FindAllStringSubmatch(pieces, -1) {
		want = append(want, m[1])
	}
	want = append(want, "pieceValueMg", "pieceValueEg", "customPieceN")
	if len(want) < 170 {
		t.Fatalf("only %d keys found in the header: has its form changed?", len(want))
	}
	rows := map[string]bool{}
	for _, k := range variant.INIKeys() {
		if rows[k.Name] {
			t.Errorf("key %s has two rows", k.Name)
		}
		rows[k.Name] = true
	}
	for _, k := range want {
		if !rows[k] {
			t.Errorf("key %s of Fairy-Stockfish's header has no row in variant.INIKeys", k)
		}
	}
}

// TestINIKeysBehave: the table says what the loader does. A key not yet
// read is an error naming it, "not supported yet" and its family; an
// ignored key loads, whatever its value; a supported key is never refused
// as unknown or not yet (a bad value is its own error).
func TestINIKeysBehave(t *testing.T) {
	base := variant.Builtin()
	for _, k := range variant.INIKeys() {
		name := k.Name
		switch name {
		case "customPieceN":
			name = "customPiece7"
		case "mobilityRegion":
			name = "mobilityRegionWhiteKing"
		}
		text := fmt.Sprintf("[v:chess]\n%s = x\n", name)
		_, err := variant.LoadINI(strings.NewReader(text), "k.ini", base)
		var ie *ini.Error
		errors.As(err, &ie)
		switch k.Status {
		case variant.KeyIgnored:
			if err != nil {
				t.Errorf("%s (read and ignored): %v", name, err)
			}
		case variant.KeyNotYet:
			if ie == nil || ie.Key != name || ie.Msg != "not supported yet: "+k.Family {
				t.Errorf("%s (not yet, %s): %v", name, k.Family, err)
			}
		case variant.KeySupported:
			if ie != nil && ie.Key == name && ie.Msg == "unknown or unsupported key" {
				t.Errorf("%s (supported) is refused as unknown", name)
			}
		default:
			t.Errorf("%s: no status", name)
		}
	}
}

// TestINIKeysDocs: docs/variants-ini.md's key table is variant.INIKeys,
// row for row. After adding a row to the code table, run
// go test ./variant -run TestINIKeysDocs -update-keys to write the page's.
func TestINIKeysDocs(t *testing.T) {
	const path = "../docs/variants-ini.md"
	const begin, end = "<!-- keys:begin (variant.INIKeys; go test ./variant -run TestINIKeysDocs -update-keys) -->\n", "<!-- keys:end -->"
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var table strings.Builder
	table.WriteString("| key | family | status | note |\n|---|---|---|---|\n")
	for _, k := range variant.INIKeys() {
		fmt.Fprintf(&table, "| `%s` | %s | %s | %s |\n", k.Name, k.Family, k.Status, k.Note)
	}
	pre, rest, ok1 := strings.Cut(string(b), begin)
	_, post, ok2 := strings.Cut(rest, end)
	if !ok1 || !ok2 {
		t.Fatalf("%s lacks the markers %q … %q", path, begin, end)
	}
	want := pre + begin + table.String() + end + post
	if want == string(b) {
		return
	}
	if *updateKeys {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s's key table differs from variant.INIKeys: run go test ./variant -run TestINIKeysDocs -update-keys", path)
}

package variant_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
	"github.com/baten-chess/baten/variant/ini"
)

// fsfSectionsFloor is how many sections of Fairy-Stockfish's example file
// load today, each by itself with its ancestors: a change that loads fewer
// fails TestFSFExampleSections. Raise it as families land.
// betzaEPSections are the sections Betza e (en passant captures of a
// custom piece) makes load.
var betzaEPSections = []string{"allwayspawns", "allexplodeatomic", "chak"}

// epSquareSections are the sections the en passant squares family
// (triple steps, first-move steps that leave en passant squares) makes load.
var epSquareSections = []string{"wildebeest", "dragon-chess"}

// royalSections are the sections the royal guards (flyingGeneral) make load.
var royalSections = []string{"empire", "ordavsempire"}

// petrifySections are the sections the petrify family makes load.
var petrifySections = []string{"nuclear"} // family: petrify

// palaceSections are the sections the palaces family (the soldier, a
// built-in parent inherited whole) makes load.
var palaceSections = []string{"crowdedxiangqi"}

// dropSections are the sections the drops family makes load.
var dropSections = []string{"3check-crazyhouse", "coffeehouse", "xiangqihouse", "janggihouse", "tictactoe",
	"grandhouse", "minihouse", "gothhouse", "synochess", "dragonfly", "antihouse", "fullmoon", "blackletter", "ajax-orthodox", "symphony", "stardust",
	"picaria", "nineholes", "tictacchess", "teeko", // mustDrop
	"screen"} // placement built in

// fsfSectionNodes bounds the counts compared (atomicduck's perft 3 is 250
// million nodes); the reference generator counts a hundredth of it.
const fsfSectionNodes = 20_000_000

const fsfSectionsFloor = 87 + 2 + 2 + 1 + 1 + 21 // drops: dropSections; palaces: palaceSections; en passant squares: 2, royal guards: royalSections, petrify: petrifySections; every section of the lists below loads (lenient, connect, atomic, move rule, colour and wall sections), and more

// fsfBlock is one section of a variants.ini file as its lines stand.
type fsfBlock struct {
	name, parent string
	text         string
}

// fsfBlocks splits a variants.ini file into its sections' text, comments
// and all, so that a section can be copied out as a user would.
func fsfBlocks(t *testing.T, path string) []fsfBlock {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []fsfBlock
	var cur *strings.Builder
	for _, line := range strings.Split(string(b), "\n") {
		l := strings.TrimSpace(line)
		if strings.HasPrefix(l, "[") && strings.HasSuffix(l, "]") {
			name, parent, _ := strings.Cut(l[1:len(l)-1], ":")
			out = append(out, fsfBlock{name: strings.TrimSpace(name), parent: strings.TrimSpace(parent)})
			cur = &strings.Builder{}
		}
		if cur != nil {
			cur.WriteString(line + "\n")
			out[len(out)-1].text = cur.String()
		}
	}
	return out
}

// fsfCounts reads fsf-variants-counts.tsv: perft 1..3 of each section's
// start, as Fairy-Stockfish counts them.
func fsfCounts(t *testing.T, path string) map[string][3]uint64 {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][3]uint64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") || strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		fs := strings.Split(sc.Text(), "\t")
		if len(fs) != 4 {
			t.Fatalf("%s: bad line %q", path, sc.Text())
		}
		var c [3]uint64
		for i := range c {
			if c[i], err = strconv.ParseUint(fs[i+1], 10, 64); err != nil {
				t.Fatalf("%s: bad line %q", path, sc.Text())
			}
		}
		out[fs[0]] = c
	}
	return out
}

// TestFSFExampleSections is the measure of how much of the language Baten
// reads: every section of Fairy-Stockfish's own example file, loaded by
// itself with the sections it inherits from in that file (and the
// built-in games as further parents), as a user would copy it. Each that
// loads must count Fairy-Stockfish's perft 1-3 from its start with the
// fast generator (and 1-2 with the reference generator); at least
// fsfSectionsFloor must load. The first error of each section that does
// not load is logged, with a tally of the reasons (go test -v).
func TestFSFExampleSections(t *testing.T) {
	dir, err := perftdata.Dir()
	if err != nil {
		t.Skip(err)
	}
	blocks := fsfBlocks(t, filepath.Join(dir, "fairy", "fsf-variants.ini"))
	counts := fsfCounts(t, filepath.Join(dir, "fairy", "fsf-variants-counts.tsv"))
	byName := map[string]int{}
	for i, b := range blocks {
		byName[b.name] = i
	}
	base := variant.Builtin()
	loaded := 0
	reasons := map[string][]string{}
	for _, b := range blocks {
		// The section's ancestors in the file, eldest first.
		chain := []fsfBlock{b}
		for p := b.parent; p != ""; {
			i, ok := byName[p]
			if !ok {
				break // a built-in parent, or an unknown one
			}
			chain = append([]fsfBlock{blocks[i]}, chain...)
			p = blocks[i].parent
		}
		var text strings.Builder
		for _, c := range chain {
			text.WriteString(c.text)
		}
		vs, err := variant.LoadINI(strings.NewReader(text.String()), b.name+".ini", base)
		var v *variant.Variant
		for _, x := range vs {
			if x.Name == b.name {
				v = x
			}
		}
		if v == nil {
			first := fsfFirstError(err, b.name)
			t.Logf("[%s] does not load: %v", b.name, first)
			if slices.Contains(connectSections, b.name) { // family: connection
				t.Errorf("[%s] needs only the connection family, but does not load: %v", b.name, first)
			}
			if slices.Contains(lenientSections, b.name) { // connection: loader fixes
				t.Errorf("[%s] needs only the loader's leniencies, but does not load: %v", b.name, first)
			}
			if slices.Contains(flagSections, b.name) || slices.Contains(wallSections, b.name) { // walling
				t.Errorf("[%s] needs only the flag family, but does not load: %v", b.name, first)
			}
			if slices.Contains(atomicSections, b.name) { // family: atomic
				t.Errorf("[%s] needs only the atomic family, but does not load: %v", b.name, first)
			}
			if slices.Contains(moveRuleSections, b.name) { // family: move rules
				t.Errorf("[%s] needs only the move rules, but does not load: %v", b.name, first)
			}
			if slices.Contains(colourSections, b.name) { // per-colour rules
				t.Errorf("[%s] needs only per-colour rules, but does not load: %v", b.name, first)
			}
			if slices.Contains(piecesSections, b.name) { // pieces and keys
				t.Errorf("[%s] needs only pieces and keys, but does not load: %v", b.name, first)
			}
			if slices.Contains(betzaEPSections, b.name) { // Betza e
				t.Errorf("[%s] needs only Betza e, but does not load: %v", b.name, first)
			}
			if slices.Contains(epSquareSections, b.name) { // en passant squares
				t.Errorf("[%s] needs only the en passant squares family, but does not load: %v", b.name, first)
			}
			if slices.Contains(royalSections, b.name) { // family: royal guards
				t.Errorf("[%s] needs only the royal guards, but does not load: %v", b.name, first)
			}
			if slices.Contains(petrifySections, b.name) { // family: petrify
				t.Errorf("[%s] needs only the petrify family, but does not load: %v", b.name, first)
			}
			if slices.Contains(palaceSections, b.name) { // family: palaces
				t.Errorf("[%s] needs only the palaces family, but does not load: %v", b.name, first)
			}
			if slices.Contains(dropSections, b.name) { // family: drops
				t.Errorf("[%s] needs only the drops family, but does not load: %v", b.name, first)
			}
			reasons[fsfReason(first)] = append(reasons[fsfReason(first)], b.name)
			continue
		}
		loaded++
		t.Logf("[%s] loads", b.name)
		want, ok := counts[b.name]
		if !ok {
			t.Errorf("[%s]: no reference counts", b.name)
			continue
		}
		ctx := context.Background()
		budget := uint64(fsfSectionNodes)
		if v.Rules != nil {
			if _, err := fairy.Compile(v.Rules()); err != nil {
				budget /= 100 // the reference generator plays it (drops): its budget below
			}
		}
		if race.Enabled {
			budget /= 20 // single-goroutine counting: the plain run counts the rest
		}
		for d := 1; d <= 3; d++ {
			if want[d-1] > budget {
				t.Logf("[%s] perft %d: %d nodes, over the budget: not counted", b.name, d, want[d-1])
				continue
			}
			got, err := variant.Perft(ctx, v.Start(), d, 1)
			if err != nil || got != want[d-1] {
				t.Errorf("[%s] perft %d: %d (%v), Fairy-Stockfish %d", b.name, d, got, err, want[d-1])
			}
		}
		if v.Rules != nil {
			p, err := rules.ParseFEN(v.Rules(), v.Rules().Start)
			if err != nil {
				t.Errorf("[%s]: reference generator: %v", b.name, err)
				continue
			}
			for d := 1; d <= 2 && want[d-1] <= fsfSectionNodes/100; d++ {
				if got := p.Perft(d); got != want[d-1] {
					t.Errorf("[%s] reference perft %d: %d, Fairy-Stockfish %d", b.name, d, got, want[d-1])
				}
			}
		}
	}
	var keys []string
	for k := range reasons {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if a, b := len(reasons[keys[i]]), len(reasons[keys[j]]); a != b {
			return a > b
		}
		return keys[i] < keys[j]
	})
	for _, k := range keys {
		t.Logf("%3d  %s: %s", len(reasons[k]), k, strings.Join(reasons[k], " "))
	}
	t.Logf("%d of %d sections load", loaded, len(blocks))
	if loaded < fsfSectionsFloor {
		t.Errorf("%d of %d sections load, fewer than the %d that did", loaded, len(blocks), fsfSectionsFloor)
	}
}

// fsfFirstError is the error of the section name itself, or the first
// reported.
func fsfFirstError(err error, name string) error {
	var le *variant.LoadError
	if errors.As(err, &le) {
		for _, e := range le.Sections {
			var ie *ini.Error
			if errors.As(e, &ie) && ie.Section == name {
				return e
			}
		}
		if len(le.Sections) > 0 {
			return le.Sections[0]
		}
	}
	return err
}

// fsfReason groups an error: its key, or its message without the line.
func fsfReason(err error) string {
	var ie *ini.Error
	if !errors.As(err, &ie) {
		return fmt.Sprint(err)
	}
	if ie.Key != "" {
		return fmt.Sprintf("key %s", ie.Key)
	}
	msg := ie.Msg
	if i := strings.Index(msg, "\""); i > 0 && strings.HasPrefix(msg, "unknown parent") {
		msg = "unknown parent " + msg[i:strings.Index(msg[i+1:], "\"")+i+2]
	}
	return msg
}

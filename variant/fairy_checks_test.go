package variant_test

import (
	"strings"
	"testing"

	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// checksFile sets checkCounting with a counter in the start, without one,
// inherited from the built-in three-check, and switched off.
const checksFile = `
[twofour:chess]
checkCounting = true
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+4 0 1

[nocounter:chess]
checkCounting = true

[child:3check]
castling = false
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 3+3 0 1

[off:3check]
checkCounting = false
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
`

// TestLoadINICheckCounting: checkCounting takes the checks to give from
// the start's counter (one each without one, as Fairy-Stockfish reads
// it), is inherited from a registered game and can be switched off; a bad
// value names file, line, section and key.
func TestLoadINICheckCounting(t *testing.T) {
	vs, err := variant.LoadINI(strings.NewReader(checksFile), "checks.ini", variant.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]*rules.CheckCounting{}
	for _, v := range vs {
		got[v.Name] = v.Rules().CheckCounting
	}
	for name, want := range map[string][2]int{"twofour": {2, 4}, "nocounter": {1, 1}, "child": {3, 3}} {
		if cc := got[name]; cc == nil || cc.Checks != want {
			t.Errorf("%s: %+v, want checks %v", name, cc, want)
		}
	}
	if got["off"] != nil {
		t.Errorf("off: %+v", got["off"])
	}
	_, err = variant.LoadINI(strings.NewReader("[x:chess]\n\ncheckCounting = 3\n"), "bad.ini", variant.Builtin())
	if err == nil || !strings.Contains(err.Error(), `bad.ini: line 3: section [x]: key "checkCounting"`) {
		t.Errorf("checkCounting = 3: %v", err)
	}
}

// TestChecksGame: three-check through the registry as every surface
// sees it: its names, the counter in the FEN after each check, and the
// third check, written "+" for it is no mate, ending the game with its
// reason in words. The game is
// 1.e4 e5 2.Bc4 Nc6 3.Bxf7+ Kxf7 4.Qh5+ g6 5.Qxg6+, the third check.
func TestChecksGame(t *testing.T) {
	v, err := variant.Lookup("3check")
	if err != nil {
		t.Fatal(err)
	}
	if v.Title != "Three-check" || v.PGNName != "Three-check" || v.UCIName != "3check" {
		t.Errorf("names %q %q %q", v.Title, v.PGNName, v.UCIName)
	}
	p := v.Start()
	counters := map[int]string{5: "2+3", 7: "1+3", 9: "0+3"}
	for i, san := range strings.Fields("e4 e5 Bc4 Nc6 Bxf7+ Kxf7 Qh5+ g6 Qxg6+") {
		if _, over := p.Outcome(); over {
			t.Fatalf("over before %s", san)
		}
		a, err := p.Parse(san)
		if err != nil {
			t.Fatalf("%s: %v", san, err)
		}
		// The third check is "+": it ends the game but is no mate.
		if got := p.Format(a, variant.Human); got != san {
			t.Errorf("%s written %s", san, got)
		}
		if p, err = p.Play(a); err != nil {
			t.Fatal(err)
		}
		if c, ok := counters[i+1]; ok && strings.Fields(p.FEN())[4] != c {
			t.Errorf("after %s: %s, want the counter %s", san, p.FEN(), c)
		}
	}
	o, over := p.Outcome()
	if !over || o != (variant.Outcome{Winner: variant.White, Reason: variant.ChecksGiven}) {
		t.Fatalf("after the third check: %v %v", o, over)
	}
	if got := o.String(); got != "white wins by giving all its checks" {
		t.Errorf("in words: %q", got)
	}
	if len(p.Legal()) != 0 {
		t.Error("moves after the third check")
	}
}

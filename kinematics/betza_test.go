package kinematics

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/baten-chess/baten/geom"
)

var small = geom.Size{W: 5, H: 5}

func squares(names string) []geom.Square {
	var out []geom.Square
	for _, n := range strings.Fields(names) {
		out = append(out, sq(n))
	}
	return out
}

// TestBetzaTargets: for each atom and modifier, the exact targets on a 5×5
// board, empty and with blockers ("x" marks a capture).
func TestBetzaTargets(t *testing.T) {
	tests := []struct {
		betza, from, occupied string
		forward               int // 0 means +1
		initial               bool
		want                  string
	}{
		{betza: "W", from: "c3", want: "b3 c2 c4 d3"},
		{betza: "F", from: "c3", want: "b2 b4 d2 d4"},
		{betza: "D", from: "c3", want: "a3 c1 c5 e3"},
		{betza: "D", from: "c3", occupied: "c4 d3", want: "a3 c1 c5 e3"},
		{betza: "N", from: "c3", want: "a2 a4 b1 b5 d1 d5 e2 e4"},
		{betza: "A", from: "c3", want: "a1 a5 e1 e5"},
		{betza: "H", from: "a1", want: "a4 d1"},
		{betza: "C", from: "a1", want: "b4 d2"},
		{betza: "L", from: "a1", want: "b4 d2"},
		{betza: "Z", from: "a1", want: "c4 d3"},
		{betza: "J", from: "a1", want: "c4 d3"},
		{betza: "G", from: "a1", want: "d4"},
		{betza: "K", from: "c3", occupied: "c4", want: "b2 b3 b4 c2 d2 d3 d4 xc4"},
		{betza: "WF", from: "c3", want: "b2 b3 b4 c2 c4 d2 d3 d4"},
		// riders, unlimited and ranged
		{betza: "R", from: "c3", occupied: "c4 d3", want: "a3 b3 c1 c2 xc4 xd3"},
		{betza: "WW", from: "c3", occupied: "c4 d3", want: "a3 b3 c1 c2 xc4 xd3"},
		{betza: "R2", from: "a1", want: "a2 a3 b1 c1"},
		{betza: "W2", from: "a1", occupied: "a2", want: "b1 c1 xa2"},
		{betza: "R0", from: "a1", want: "a2 a3 a4 a5 b1 c1 d1 e1"},
		{betza: "B", from: "c3", occupied: "d4", want: "a1 a5 b2 b4 d2 e1 xd4"},
		{betza: "B1", from: "c3", want: "b2 b4 d2 d4"},
		{betza: "Q1", from: "c3", want: "b2 b3 b4 c2 c4 d2 d3 d4"},
		{betza: "NN", from: "a1", want: "b3 c2 c5 e3"},
		{betza: "NN", from: "a1", occupied: "b3", want: "c2 e3 xb3"},
		{betza: "N2", from: "a1", occupied: "c2", want: "b3 c5 xc2"},
		{betza: "DD", from: "a1", occupied: "a2", want: "a3 a5 c1 e1"},
		// move only, capture only
		{betza: "mW", from: "c3", occupied: "c4", want: "b3 c2 d3"},
		{betza: "cW", from: "c3", occupied: "c4", want: "xc4"},
		{betza: "mcW", from: "c3", occupied: "c4", want: "b3 c2 d3 xc4"},
		// directions, White and Black (turned half a circle)
		{betza: "fW", from: "c3", want: "c4"},
		{betza: "fW", from: "c3", forward: -1, want: "c2"},
		{betza: "bW", from: "c3", want: "c2"},
		{betza: "vW", from: "c3", want: "c2 c4"},
		{betza: "sW", from: "c3", want: "b3 d3"},
		{betza: "lW", from: "c3", want: "b3"},
		{betza: "lW", from: "c3", forward: -1, want: "d3"},
		{betza: "rW", from: "c3", want: "d3"},
		{betza: "fsW", from: "c3", want: "b3 c4 d3"},
		{betza: "fsW", from: "c3", forward: -1, want: "b3 c2 d3"},
		{betza: "fhW", from: "c3", want: "c4"}, // split into ff and hh, as FSF does
		{betza: "fF", from: "c3", want: "b4 d4"},
		{betza: "bF", from: "c3", want: "b2 d2"},
		{betza: "rfF", from: "c3", want: "d4"},
		{betza: "frF", from: "c3", want: "d4"},
		{betza: "rfF", from: "c3", forward: -1, want: "b2"},
		{betza: "fN", from: "c3", want: "b5 d5"},
		{betza: "fN", from: "c3", forward: -1, want: "b1 d1"},
		{betza: "bN", from: "c3", want: "b1 d1"},
		{betza: "fsN", from: "c3", want: "a4 e4"},
		{betza: "fhN", from: "c3", want: "a4 b5 d5 e4"},
		{betza: "sN", from: "c3", want: "a2 a4 e2 e4"},
		{betza: "lrN", from: "c3", want: "a2 a4 e2 e4"},
		{betza: "vN", from: "c3", want: "b1 b5 d1 d5"},
		{betza: "rfN", from: "c3", want: "d5"},
		{betza: "frN", from: "c3", want: "e4"},
		{betza: "rhN", from: "c3", want: "d1 d5 e2 e4"},
		{betza: "hrN", from: "c3", want: "a4 b1 d5 e2"},
		{betza: "fR", from: "c3", occupied: "c5", want: "c4 xc5"},
		{betza: "fR", from: "c3", forward: -1, want: "c1 c2"},
		// hoppers: cannon, no screen, two screens, limited; grasshopper
		{betza: "mRcpR", from: "a1", occupied: "a3 a5", want: "a2 b1 c1 d1 e1 xa5"},
		{betza: "mRcpR", from: "a1", occupied: "a3 a4 a5", want: "a2 b1 c1 d1 e1 xa4"},
		{betza: "cpR", from: "a1", want: ""},
		{betza: "pR", from: "a1", occupied: "a2", want: "a3 a4 a5"},
		{betza: "pR", from: "a1", occupied: "a2 a3 a5", want: "xa3"},
		{betza: "pR", from: "a1", occupied: "a3 a4", want: "xa4"},
		{betza: "mpR", from: "a1", occupied: "a2 a4", want: "a3"},
		{betza: "pW", from: "a1", occupied: "a2", want: "a3 a4 a5"},
		{betza: "pR2", from: "a1", occupied: "a2", want: "a3 a4"},
		{betza: "pB", from: "a1", occupied: "c3", want: "d4 e5"},
		{betza: "pN", from: "a1", occupied: "b3", want: "c5"},
		{betza: "gR", from: "a1", occupied: "a3", want: "a4"},
		{betza: "gR", from: "a1", occupied: "a3 a4", want: "xa4"},
		{betza: "gR", from: "a1", want: ""},
		{betza: "gR", from: "a1", occupied: "a4", want: "a5"},
		{betza: "gQ", from: "c3", occupied: "c4 d4 e3", want: "c5 e5"},
		{betza: "gR2", from: "a1", occupied: "a2", want: "a3 a4"},
		// lame leapers
		{betza: "nN", from: "c3", want: "a2 a4 b1 b5 d1 d5 e2 e4"},
		{betza: "nN", from: "c3", occupied: "c4", want: "a2 a4 b1 d1 e2 e4"},
		{betza: "nN", from: "c3", occupied: "b4 d4 b2 d2", want: "a2 a4 b1 b5 d1 d5 e2 e4"},
		{betza: "nN", from: "c3", occupied: "b3 d5", want: "b1 b5 d1 e2 e4 xd5"},
		{betza: "nA", from: "c3", want: "a1 a5 e1 e5"},
		{betza: "nA", from: "c3", occupied: "d4", want: "a1 a5 e1"},
		{betza: "nD", from: "c3", occupied: "c4", want: "a3 c1 e3"},
		{betza: "nH", from: "a1", occupied: "a3", want: "d1"},
		{betza: "nZ", from: "a1", occupied: "b3", want: "d3"},
		{betza: "nZ", from: "a1", occupied: "c2", want: "c4"},
		{betza: "nZ", from: "a1", occupied: "b2", want: "c4 d3"},
		{betza: "nC", from: "a1", occupied: "a3", want: "d2"},
		{betza: "nW", from: "c3", want: "b3 c2 c4 d3"},
		{betza: "nR", from: "a1", occupied: "a3", want: "b1 c1 d1 e1 a2 xa3"},
		// initial only
		{betza: "ifmnD", from: "c1", initial: true, want: "c3"},
		{betza: "ifmnD", from: "c1", initial: true, occupied: "c2", want: ""},
		{betza: "ifmnD", from: "c1", initial: true, occupied: "c3", want: ""},
		{betza: "ifmnD", from: "c1", want: ""},
		{betza: "ifmnD", from: "c5", initial: true, forward: -1, want: "c3"},
		{betza: "fmWfcFifmnD", from: "b2", initial: true, occupied: "a3 c3", want: "b3 b4 xa3 xc3"},
		{betza: "fmWfcFifmnD", from: "b2", occupied: "a3", want: "b3 xa3"},
		{betza: "iR", from: "a1", want: ""},
		{betza: "", from: "c3", want: ""},
	}
	for _, tc := range tests {
		m, err := ParseBetza(tc.betza)
		if err != nil {
			t.Errorf("ParseBetza(%q): %v", tc.betza, err)
			continue
		}
		fwd := tc.forward
		if fwd == 0 {
			fwd = 1
		}
		f := frame(small, fwd, tc.initial, squares(tc.occupied)...)
		got := strings.Join(names(m, f, sq(tc.from)), " ")
		want := strings.Fields(tc.want)
		slices.Sort(want)
		if got != strings.Join(want, " ") {
			t.Errorf("%q from %s, occupied [%s], forward %d, initial %v: got [%s], want [%s]",
				tc.betza, tc.from, tc.occupied, fwd, tc.initial, got, strings.Join(want, " "))
		}
	}
}

// Lemma betza_classics: the classic strings parse to movements Equal to the
// predefined pieces, and those pieces print as the natural strings.
func TestBetzaClassics(t *testing.T) {
	tests := []struct {
		piece  Movement
		print  string
		parses []string
	}{
		{Knight(), "N", []string{"N", "N1", "vNsN"}},
		{Bishop(), "B", []string{"B", "FF", "F0", "BB", "B0"}},
		{Rook(), "R", []string{"R", "WW", "RR", "R0", "vRsR", "fRbRlRrR"}},
		{Queen(), "Q", []string{"Q", "RB", "BR", "WWFF", "KK", "QQ"}},
		{King(), "K", []string{"K", "WF", "FW", "mKcK", "W1F1", "Q1", "fWbWsWvF"}},
		{Ferz(), "F", []string{"F", "fFbF"}},
		{Alfil(), "A", []string{"A"}},
		{Archbishop(), "BN", []string{"BN", "NB"}},
		{Chancellor(), "RN", []string{"RN", "NR"}},
		{Pawn(), "fmWfcFifmnD", []string{"fmWfcFifmnD", "mfWcfFimfnD", "ifmnDfmWfcF"}},
		{Baidaq(), "fmWfcF", []string{"fmWfcF", "fmWfrcFflcF"}},
		{Shah(), "K", nil}, {Faras(), "N", nil}, {Rukh(), "R", nil},
	}
	for _, tc := range tests {
		if got := tc.piece.Betza(); got != tc.print {
			t.Errorf("Betza() = %q, want %q", got, tc.print)
		}
		if err := tc.piece.CheckBetza(); err != nil {
			t.Errorf("%q: CheckBetza: %v", tc.print, err)
		}
		for _, s := range tc.parses {
			m, err := ParseBetza(s)
			if err != nil {
				t.Errorf("ParseBetza(%q): %v", s, err)
			} else if !m.Equal(tc.piece) {
				t.Errorf("ParseBetza(%q) = %v, not Equal to %q", s, m, tc.print)
			}
		}
	}
	// The canonical parse of a pawn is Pawn() exactly, as a set.
	m, _ := ParseBetza("fmWfcFifmnD")
	if !sameSet(m, Pawn()) {
		t.Errorf("ParseBetza(pawn) = %v, want the components of Pawn() %v", m, Pawn())
	}
}

func sameSet(a, b Movement) bool {
	return !slices.ContainsFunc(a, func(c Component) bool { return !slices.Contains(b, c) }) &&
		!slices.ContainsFunc(b, func(c Component) bool { return !slices.Contains(a, c) })
}

// Lemma betza_round_trip: parse, print, parse gives an Equal movement (in
// fact the same set of components) and printing is idempotent.
func TestBetzaRoundTrip(t *testing.T) {
	for _, s := range roundTripSeeds {
		m, err := ParseBetza(s)
		if err != nil {
			t.Errorf("ParseBetza(%q): %v", s, err)
			continue
		}
		checkRoundTrip(t, s, m)
	}
}

var roundTripSeeds = []string{
	"", "W", "F", "D", "N", "A", "H", "C", "L", "Z", "J", "G", "K", "R", "B", "Q",
	"mRcpR", "pR", "RcpRnN", "fsW", "nN", "nA", "nZ", "nC", "nH", "nG", "WfF", "FfW", "fW", "fR",
	"fN", "fmWfcF", "fmWfcFifmnD", "cW", "BW", "RF", "RNF", "QN", "KN", "mNcB", "mBcN",
	"ADGH", "FWDA", "NC", "FWDsN", "B2ND", "F2N", "B3vND", "R4", "N2", "NN", "DD", "AA",
	"gR", "gB", "gQ", "gN", "pN", "pR3", "gR2", "pQ", "mpB", "ipR", "icpQ2",
	"rfF", "lfF", "rbF", "lbF", "rW", "lW", "bW", "sW", "vW", "vN", "sN", "lrN", "fhN", "bhN",
	"rhN", "lhN", "hrN", "hlN", "frN", "flN", "brN", "blN", "rfN", "lfN", "rbN", "lbN",
	"rvN", "lvN", "fsN", "bsN", "fbN", "fbrlN", "ffN", "fhR", "rhR", "hrQ", "hlK", "fsK",
	"fsQ", "rfK", "frR", "fmnDbcA", "ifmnDifcnA", "R12", "mRcR", "mWcW", "W0", "fWfW",
	"NNNNbN", "bNNN", "R2R", "NNN3N", "rfFlfF", "rfFlbF", "rfFlbFrbF", "fsfN", "fsbN", "flrN", "frlN",
}

func checkRoundTrip(t *testing.T, s string, m Movement) {
	t.Helper()
	b := m.Betza()
	back, err := ParseBetza(b)
	if err != nil {
		t.Errorf("%q prints %q, which does not parse: %v", s, b, err)
		return
	}
	if !back.Equal(m) || !sameSet(back, m) {
		t.Errorf("%q prints %q, which parses to %v, not %v", s, b, back, m)
	}
	if again := back.Betza(); again != b {
		t.Errorf("%q prints %q, then %q", s, b, again)
	}
	if err := m.CheckBetza(); err != nil {
		t.Errorf("%q: CheckBetza: %v", s, err)
	}
}

// Lemma betza_equal_sound: movements Equal to each other reach the same
// targets for both players, on random boards (checked for every parsed
// seed against its printed form and against hand-written equivalents).
func TestBetzaEqualSound(t *testing.T) {
	pairs := [][2]Movement{
		{Movement{{Delta: Delta{0, 1}, Motion: Leap}}, Movement{{Delta: Delta{0, 1}, Motion: Step}}},
		{Movement{{Delta: Delta{1, 2}, Motion: Step}}, Movement{{Delta: Delta{1, 2}, Motion: Leap}}},
		{Movement{{Delta: Delta{0, 2}, Motion: Lame}}, Movement{{Delta: Delta{0, 2}, Motion: Step}}},
		{Movement{{Delta: Delta{2, 2}, Motion: Slide, Range: 1}}, Movement{{Delta: Delta{2, 2}, Motion: Leap}}},
		{Movement{{Delta: Delta{1, 0}, Motion: Hop, Range: 1}}, Movement{{Delta: Delta{1, 0}, Motion: Grasshop}}},
		{Movement{{Delta: Delta{1, 0}, Mods: MoveOnly}, {Delta: Delta{1, 0}, Mods: CaptureOnly}}, Movement{{Delta: Delta{1, 0}}}},
		{Movement{{Delta: Delta{1, 1}, Mods: Forward}, {Delta: Delta{-1, 1}, Mods: Forward}},
			Movement{{Delta: Delta{1, 1}, Mods: Rotate}, {Delta: Delta{-1, 1}, Mods: Rotate}}},
		{Movement{{Delta: Delta{0, 1}, Mods: Forward}, {Delta: Delta{0, -1}, Mods: Forward}}, Movement{{Delta: Delta{0, 1}}, {Delta: Delta{0, -1}}}},
	}
	for _, p := range pairs {
		if !p[0].Equal(p[1]) {
			t.Errorf("%v not Equal to %v", p[0], p[1])
		}
	}
	for _, s := range roundTripSeeds {
		m, _ := ParseBetza(s)
		back, _ := ParseBetza(m.Betza())
		pairs = append(pairs, [2]Movement{m, back})
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, p := range pairs {
		for range 50 {
			size := geom.Size{W: 3 + rng.IntN(6), H: 3 + rng.IntN(6)}
			var occ []geom.Square
			for _, s := range size.Squares() {
				if rng.IntN(3) == 0 {
					occ = append(occ, s)
				}
			}
			from := size.Squares()[rng.IntN(size.Count())]
			for _, fwd := range []int{1, -1} {
				f := frame(size, fwd, rng.IntN(2) == 0, occ...)
				a, b := dedup(names(p[0], f, from)), dedup(names(p[1], f, from))
				if !slices.Equal(a, b) {
					t.Fatalf("%v and %v differ on %v from %v forward %d: %v vs %v", p[0], p[1], size, from, fwd, a, b)
				}
			}
		}
	}
}

func dedup(s []string) []string { return slices.Compact(s) }

func TestBetzaNotEqual(t *testing.T) {
	for _, p := range [][2]string{{"N", "nN"}, {"R", "R4"}, {"pR", "gR"}, {"fW", "bW"}, {"rfF", "lfF"}, {"mW", "W"}, {"iW", "W"}, {"D", "nD"}} {
		a, _ := ParseBetza(p[0])
		b, _ := ParseBetza(p[1])
		if a.Equal(b) {
			t.Errorf("%q Equal to %q", p[0], p[1])
		}
	}
	// Forward mirrors, Rotate turns: they differ on a one-sided piece.
	fwd := Movement{{Delta: Delta{1, 1}, Mods: Forward}}
	rot := Movement{{Delta: Delta{1, 1}, Mods: Rotate}}
	if fwd.Equal(rot) {
		t.Error("a Forward and a Rotate forward-right step are Equal")
	}
	if fwd.CheckBetza() == nil || rot.CheckBetza() != nil {
		t.Errorf("CheckBetza: mirrored %v, turned %v", fwd.CheckBetza(), rot.CheckBetza())
	}
}

func TestBetzaInexpressible(t *testing.T) {
	for _, m := range []Movement{Man(), DraughtsKing(), {{Delta: Delta{4, 0}, Motion: Leap}}} {
		if m.CheckBetza() == nil {
			t.Errorf("CheckBetza(%v) = nil", m)
		}
	}
	if got := Man().Betza(); got != "fmF" {
		t.Errorf("Man().Betza() = %q, want the expressible part fmF", got)
	}
}

// Lemma betza_errors: bad strings give a *BetzaError at the offending letter.
func TestBetzaErrors(t *testing.T) {
	tests := []struct {
		in   string
		pos  int
		msg  string
		text string
	}{
		{"mRcpX", 5, "unknown atom 'X'", `betza "mRcpX": position 5: unknown atom 'X'`},
		{"fmWfceF", 6, "'e'", ""},
		{"jR", 1, "'j'", ""},
		{"aW", 1, "'a'", ""},
		{"fm", 1, "no atom", ""},
		{"mRc", 3, "no atom", ""},
		{"4R", 1, "unexpected digit", ""},
		{"R123", 2, "too long", ""},
		{"RR4", 3, "unexpected digit", ""},
		{"hN", 1, `"hh"`, ""},
		{"vsN", 1, `"vs"`, ""},
		{"fhvsN", 3, `"vs"`, ""},
		{"vhN", 1, `"vh"`, ""},
		{"npR", 1, "lame hopper", ""},
		{"gnN", 2, "lame hopper", ""},
		{"nNN", 1, "lame rider", ""},
		{"nD2", 1, "lame rider", ""},
		{"W R", 2, "unexpected character", ""},
		{"Wé", 2, "unexpected character", ""},
		{"MW", 1, "unknown atom 'M'", ""},
	}
	for _, tc := range tests {
		m, err := ParseBetza(tc.in)
		var be *BetzaError
		if !errors.As(err, &be) {
			t.Errorf("ParseBetza(%q) = %v, %v; want a *BetzaError", tc.in, m, err)
			continue
		}
		if be.Pos != tc.pos || be.Text != tc.in || !strings.Contains(be.Msg, tc.msg) {
			t.Errorf("ParseBetza(%q): %v; want position %d and %q", tc.in, err, tc.pos, tc.msg)
		}
		if tc.text != "" && err.Error() != tc.text {
			t.Errorf("ParseBetza(%q): %q, want %q", tc.in, err.Error(), tc.text)
		}
	}
}

// The new motions stay allocation-free, and Targets allocates no more than
// before for the existing ones.
func TestTargetsAllocations(t *testing.T) {
	f := frame(geom.Chess, -1, true, sq("d6"), sq("d2"), sq("f4"), sq("e5"))
	for _, s := range []string{"mRcpR", "gQ", "nN", "nZ", "R3", "NN", "fmWfcFifmnD", "rfF", "K", "Q"} {
		m, _ := ParseBetza(s)
		for _, c := range m {
			if n := testing.AllocsPerRun(20, func() {
				for range c.Targets(f, sq("d4")) {
				}
			}); n != 0 {
				t.Errorf("%q component %v: %v allocations", s, c, n)
			}
		}
	}
	for _, m := range []Movement{Queen(), Knight(), King(), Pawn(), DraughtsKing()} {
		if n := testing.AllocsPerRun(20, func() {
			for range m.Targets(f, sq("d4")) {
			}
		}); n != 0 {
			t.Errorf("%v: %v allocations", m, n)
		}
	}
}

func FuzzParseBetza(f *testing.F) {
	for _, s := range roundTripSeeds {
		f.Add(s)
	}
	for _, s := range []string{"mRcpX", "fmWfceF", "hN", "vsN", "npR", "R123", "fm", "iiW", "mcmcR9", "hlhrN", "ffbbvvN"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if m, ep, err := ParseBetzaEnPassant(s); err == nil && !ep.Some {
			if n, err := ParseBetza(s); err != nil || !n.Equal(m) {
				t.Fatalf("%q without e: ParseBetzaEnPassant %v, ParseBetza %v, %v", s, m, n, err)
			}
		}
		m, err := ParseBetza(s)
		if err != nil {
			var be *BetzaError
			if !errors.As(err, &be) || be.Text != s || be.Pos < 1 || be.Pos > len(s) {
				t.Fatalf("ParseBetza(%q): bad error %v", s, err)
			}
			return
		}
		checkRoundTrip(t, s, m)
	})
}

// TestParseBetzaEnPassant: e reads as c, and is told where it stood;
// ParseBetza still refuses it.
func TestParseBetzaEnPassant(t *testing.T) {
	for _, c := range []struct {
		text, as string
		ep       EnPassant
	}{
		{"fmWfceFifmnD", "fmWfcFifmnD", EnPassant{Some: true, All: true}},
		{"fsmWfceF", "fsmWfcF", EnPassant{Some: true, All: true}},
		{"fmWfceFcN", "fmWfcFcN", EnPassant{Some: true}}, // the knight's capture has no e
		{"fmWfcF", "fmWfcF", EnPassant{}},
		{"mK", "mK", EnPassant{All: true}}, // no capture at all
	} {
		m, ep, err := ParseBetzaEnPassant(c.text)
		if err != nil {
			t.Fatalf("%s: %v", c.text, err)
		}
		want, err := ParseBetza(c.as)
		if err != nil {
			t.Fatal(err)
		}
		if !m.Equal(want) || ep != c.ep {
			t.Errorf("%s: %v %+v, want %v %+v", c.text, m, ep, want, c.ep)
		}
	}
	if _, err := ParseBetza("fmWfceF"); err == nil {
		t.Error("ParseBetza took e")
	}
}

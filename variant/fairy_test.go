package variant_test

import (
	"context"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
	"github.com/baten-chess/baten/variant/ini"
)

// fairyNodeBudget is the largest reference count the perft test checks,
// 100,000 nodes (the reference generator is slow; the whole test takes
// about 35 s on 2 cores); $BATEN_FAIRY_NODES raises it.
func fairyNodeBudget() uint64 {
	if n, err := strconv.ParseUint(os.Getenv("BATEN_FAIRY_NODES"), 10, 64); err == nil {
		return n
	}
	if testing.Short() || race.Enabled {
		return 10_000
	}
	return 100_000
}

func TestFairyPerft(t *testing.T) {
	vs, err := variant.Fairy()
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 61+30 { // 16, check counting's 3, the flag family's 4, the antichess family's 10, the atomic family's 3, the move rules' 3, per-colour rules' 2, pieces and keys' 16, coregal, walling's 3; castling rooks: perfect, gustav3, chigorin; royal guards' spartan; clobber (issue 46); petrify's 2, berolina; wolf; chess960: caparandom; palaces: xiangqi, minixiangqi, manchu, the four janggi; drops: crazyhouse, loop, chessgi, pocketknight, capahouse, placement
		t.Errorf("fairy.ini defines %d variants, want %d", len(vs), 61+30)
	}
	budget := fairyNodeBudget()
	for _, v := range vs {
		t.Run(v.Name, func(t *testing.T) {
			start := time.Now()
			cases, err := perftdata.LoadFairy(v.Name)
			if errors.Is(err, os.ErrNotExist) && v.Name == "atomar" { // family: atomic
				t.Skip("no perft file: fairy.TestAtomicPerft holds Fairy-Stockfish's counts of atomar")
			}
			if oc, ok := oracleCounts[v.Name]; ok { // games of pieces and keys: the oracle's counts in the test
				cases, err = oc, nil
			}
			if errors.Is(err, os.ErrNotExist) && (v.Name == "pawnsideways" || v.Name == "petrified") { // family: petrify: no fsf-head file
				t.Skip("fairy.TestPetrifyPerft has Fairy-Stockfish's counts")
			}
			if errors.Is(err, os.ErrNotExist) && v.Rules().Walling != nil { // walling: no fsf-head file
				t.Skip("fairy.TestWallPerft has Fairy-Stockfish's counts")
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range cases {
				p, err := v.FromFENLenient(c.FEN)
				if err != nil {
					t.Errorf("%s: %v", c.ID, err)
					continue
				}
				for _, n := range c.Counts {
					if n.Nodes > budget {
						break
					}
					got, err := variant.Perft(context.Background(), p, n.Depth, 2)
					if err != nil {
						t.Fatal(err)
					}
					if got != n.Nodes {
						t.Errorf("%s %s: perft %d = %d, want %d", c.ID, c.FEN, n.Depth, got, n.Nodes)
						break
					}
				}
			}
			t.Logf("%s: %v", v.Name, time.Since(start))
		})
	}
}

func TestLoadINIErrors(t *testing.T) {
	const head = "[v]\npawn = p\nking = k\nrook = r\n"
	for _, tc := range []struct {
		name, text string
		line       int
		key, want  string
	}{
		{"unknown key", head + "flyingCars = true\n", 5, "flyingCars", "unknown"},
		{"bad Betza", head + "customPiece1 = x:Q$\n", 5, "customPiece1", "Betza"},
		{"board 17x17", head + "maxFile = 17\nmaxRank = 17\n", 5, "maxFile", "1..16"},
		{"FEN off the board", head + "maxFile = 6\ncastling = false\nstartFen = rrrkrrrr/pppppppp/8/8/8/8/PPPPPPPP/RRRKRRRR w - - 0 1\n", 7, "startFen", "files"},
		{"unknown parent", "[v:nowhere]\npawn = p\n", 1, "", "unknown parent"},
		{"bad value", head + "doubleStep = maybe\n", 5, "doubleStep", "true or false"},
		{"letter twice", head + "knight = r\n", 5, "knight", "already"},
		{"unsupported rule", head + "gating = true\n", 5, "gating", "not supported yet"}, // family: chess960: chess960 = true is supported now
		{"first-move modifier with en passant", head + "customPiece1 = a:iNW\npawnTypes = a\n", 5, "customPiece1", "i (first move)"},
		{"pseudo-royal extinction", head + "extinctionPseudoRoyal = true\n", 5, "extinctionPseudoRoyal", "needs an extinction rule"}, // family: antichess,
		{"bad checking", head + "checking = no\n", 5, "checking", "true or false"},
		{"bad checkmateValue", head + "checkmateValue = none\n", 5, "checkmateValue", "want loss, win or draw"},
		{"bad stalemateValue", head + "stalemateValue = lose\n", 5, "stalemateValue", "want draw, loss or win"},
		{"bad extinctionValue", head + "extinctionValue = yes\n", 5, "extinctionValue", "want none, loss, win or draw"},
		{"bad extinction kind", head + "extinctionPieceTypes = qz\n", 5, "extinctionPieceTypes", "no piece"},
		{"bad extinction count", head + "extinctionPieceCount = -1\n", 5, "extinctionPieceCount", "count"},
		{"bad bareKingValue", head + "bareKingValue = lost\n", 5, "bareKingValue", "want none, loss, win or draw"},
		{"bad bareKingMove", head + "bareKingMove = 1\n", 5, "bareKingMove", "true or false"},
		{"nFoldRule 1", head + "nFoldRule = 1\n", 5, "nFoldRule", "2 or more"},
		{"bad nFoldValue", head + "nFoldValue = none\n", 5, "nFoldValue", "want draw, loss or win"},
		{"bad nFoldValueAbsolute", head + "nFoldValueAbsolute = white\n", 5, "nFoldValueAbsolute", "true or false"},
		{"bad region square", head + "enPassantRegion = e3 q9\n", 5, "enPassantRegion", `found "q9"`},
		{"bad region rank", head + "enPassantRegion = *17\n", 5, "enPassantRegion", `found "*17"`},
		{"syntax", head + "what is this\n", 5, "", "key = value"},
		{"immobilityIllegal true", head + "immobilityIllegal = true\n", 5, "immobilityIllegal", "not supported yet"}, // pieces and keys
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := variant.LoadINI(strings.NewReader(tc.text), "test.ini", nil)
			var e *ini.Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v, want an *ini.Error", err)
			}
			if e.Line != tc.line || e.Section != "v" && tc.name != "syntax" || e.Key != tc.key || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%v\n(line %d key %q), want line %d key %q and %q", err, e.Line, e.Key, tc.line, tc.key, tc.want)
			}
			if !strings.HasPrefix(err.Error(), "test.ini: line ") {
				t.Errorf("%v does not start with the file name and line", err)
			}
		})
	}
}

// A player's own variant: 9×9 with a nightrider (NN) and a WAD piece,
// loaded, registered and counted through the Position interface.
func TestLoadINIUserVariant(t *testing.T) {
	const text = `
# My 9x9 game
[nine]
maxFile = 9
maxRank = 9
pawn = p
king = k
rook = r
customPiece1 = h:NN
customPiece2 = w:WAD
promotionPieceTypes = hwr
castlingKingsideFile = g
castlingQueensideFile = c
startFen = rhwqkwhr1/ppppppppp/9/9/9/9/9/PPPPPPPPP/RHWQKWHR1 w KQkq - 0 1
`
	_, err := variant.LoadINI(strings.NewReader(text), "nine.ini", nil)
	if err == nil {
		t.Fatal("a start position with an undefined letter loaded")
	}
	fixed := strings.ReplaceAll(text, "rhwqkwhr1/", "rhwwkwhr1/")
	fixed = strings.ReplaceAll(fixed, "/RHWQKWHR1", "/RHWWKWHR1")
	vs, err := variant.LoadINI(strings.NewReader(fixed), "nine.ini", nil)
	if err != nil {
		t.Fatal(err)
	}
	v := vs[0]
	games := variant.Builtin()
	if err := games.Register(v); err != nil {
		t.Fatal(err)
	}
	got, err := games.Lookup("Nine")
	if err != nil || got != v {
		t.Fatalf("Lookup: %v, %v", got, err)
	}
	start := v.Start()
	ref, err := rules.Start(v.Rules())
	if err != nil {
		t.Fatal(err)
	}
	for depth := 1; depth <= 3; depth++ {
		n, err := variant.Perft(context.Background(), start, depth, 2)
		if err != nil {
			t.Fatal(err)
		}
		if want := ref.Perft(depth); n != want {
			t.Errorf("perft %d = %d through Position, %d in rules", depth, n, want)
		}
	}
	// The nightrider rides: from h2's knight on b1 along (1,2) it reaches
	// c3 and d5 when nothing stands between.
	p, err := v.FromFEN("4k4/9/9/9/9/9/9/9/1H2K4 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range []string{"b1c3", "b1d5", "b1e7", "b1f9"} {
		if _, err := p.Parse(mv); err != nil {
			t.Errorf("nightrider %s: %v", mv, err)
		}
	}
	p, err = v.FromFEN("4k4/9/9/9/4W4/9/9/9/4K4 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, a := range p.Legal() {
		if strings.HasPrefix(a.String(), "e5") {
			n++
		}
	}
	if n != 12 {
		t.Errorf("WAD in the centre has %d moves, want 12", n)
	}
}

// TestFairyCapablancaAsBuiltin: the Capablanca of fairy.ini, the built-in
// one, plays as the hand-written rules.Capablanca: the same moves in the
// start and in a middle game.
func TestFairyCapablancaAsBuiltin(t *testing.T) {
	vs, err := variant.Fairy()
	if err != nil {
		t.Fatal(err)
	}
	builtin, err := variant.FromRules(variant.Variant{Name: "capablanca-by-hand"}, rules.Capablanca())
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		if v.Name != "capablanca" {
			continue
		}
		for _, fen := range []string{"", "r1ab1q1k1r/ppppp2pp1/n4p1ncp/1P4p3/P3P3P1/7N2/RAPP1PPP1P/1N1BQKB1CR w K - 0 14"} {
			a, err := v.FromFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			b, err := builtin.FromFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			na, _ := variant.Perft(context.Background(), a, 2, 2)
			nb, _ := variant.Perft(context.Background(), b, 2, 2)
			if na != nb || a.FEN() != b.FEN() {
				t.Errorf("%q: fairy %d %s, built-in %d %s", fen, na, a.FEN(), nb, b.FEN())
			}
		}
		return
	}
	t.Fatal("fairy.ini has no capablanca")
}

// A section may inherit from a registered game with rules as data.
func TestLoadINIRegistryParent(t *testing.T) {
	vs, err := variant.LoadINI(strings.NewReader("[nocastling:chess]\ncastling = false\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n"), "t.ini", variant.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	for depth, want := range []uint64{1, 20, 400, 8902} {
		if n, _ := variant.Perft(context.Background(), vs[0].Start(), depth, 1); n != want {
			t.Errorf("perft %d = %d, want %d", depth, n, want)
		}
	}
}

// TestLoadININameTaken: a section whose name another game already has —
// a built-in game by its name, an alias or another spelling, or an
// earlier section of the same file — is one error naming the file, the
// section's line and the game that has the name, in a plain sentence,
// wrapping ErrDuplicate; the same name twice in one file says where it
// came first.
func TestLoadININameTaken(t *testing.T) {
	const spelling = " (names are compared ignoring case, spaces, hyphens and underscores)"
	for _, tc := range []struct {
		name, text string
		line       int
		section    string
		want       string
	}{
		{"built-in name", "# mine\n\n[gardner:chess]\nmaxRank = 8\n", 3, "gardner",
			"my.ini: line 3: section [gardner]: the name gardner is already taken by the built-in game Gardner minichess"},
		{"built-in alias", "[checkers:chess]\n", 1, "checkers",
			"my.ini: line 1: section [checkers]: the name checkers is already taken by the built-in game English draughts"},
		{"built-in title spelt otherwise", "[mine:chess]\n[Ban-Chess:chess]\n", 2, "Ban-Chess",
			"my.ini: line 2: section [Ban-Chess]: the name Ban-Chess is already taken by the built-in game Ban-Chess" + spelling},
		{"two sections of the file", "[my_game:chess]\n\n[My-Game:chess]\n", 3, "My-Game",
			"my.ini: line 3: section [My-Game]: the name My-Game is already taken by section [my_game] on line 1" + spelling},
		{"a child after its parent", "[mine:chess]\n[mine2:mine]\n[MINE:mine2]\n", 3, "MINE",
			"my.ini: line 3: section [MINE]: the name MINE is already taken by section [mine] on line 1" + spelling},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := variant.LoadINI(strings.NewReader(tc.text), "my.ini", variant.Builtin())
			var e *ini.Error
			if !errors.As(err, &e) || !errors.Is(err, variant.ErrDuplicate) {
				t.Fatalf("error %v, want an *ini.Error wrapping ErrDuplicate", err)
			}
			if e.Line != tc.line || e.Section != tc.section || err.Error() != tc.want {
				t.Errorf("%v\n(line %d, section %q)\nwant %s", err, e.Line, e.Section, tc.want)
			}
		})
	}
}

package engine

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/variant"
)

// nineINI is a made-up 9×9 game, as a user would write it: a knight, a
// nightrider (NN) and a WAD beside chess's pieces.
const nineINI = `
[nineeval]
maxFile = 9
maxRank = 9
pawn = p
king = k
rook = r
knight = n
customPiece1 = h:NN
customPiece2 = w:WAD
promotionPieceTypes = hwrn
castlingKingsideFile = g
castlingQueensideFile = c
startFen = rhwnknwhr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RHWNKNWHR w KQkq - 0 1
`

func nineEvalGame(t *testing.T) *variant.Variant {
	t.Helper()
	vs, err := variant.LoadINI(strings.NewReader(nineINI), "nineeval.ini", nil)
	if err != nil {
		t.Fatal(err)
	}
	return vs[0]
}

// fairyGameAt is the fast adapter of v at fen.
func fairyGameAt(t *testing.T, v *variant.Variant, fen string) *fairyGame {
	t.Helper()
	p, err := v.FromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	g, err := newFairyGame(v, p)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// evalOf is the fast adapter's evaluation of fen in v for the side to move.
func evalOf(t *testing.T, v *variant.Variant, fen string) int {
	t.Helper()
	return fairyGameAt(t, v, fen).Evaluate()
}

// TestFairyTablesShape: in the made-up 9×9 game, with material equal, the
// tables derived from the pieces' moves prefer a centralised knight,
// nightrider and WAD to cornered ones, an advanced pawn to one at home and
// a king at home in the opening to one walked out.
func TestFairyTablesShape(t *testing.T) {
	v := nineEvalGame(t)
	const kings = "4k4/9/9/9/9/9/9/9/4K4"
	for _, c := range []struct {
		what, better, worse string
	}{
		{"knight", "4k4/9/9/9/4N4/9/9/9/4K4 w - - 0 1", "4k4/9/9/9/9/9/9/9/N3K4 w - - 0 1"},
		{"nightrider", "4k4/9/9/9/4H4/9/9/9/4K4 w - - 0 1", "H3k4/9/9/9/9/9/9/9/4K4 w - - 0 1"},
		{"WAD", "4k4/9/9/9/4W4/9/9/9/4K4 w - - 0 1", "4k4/9/9/9/9/9/9/9/W3K4 w - - 0 1"},
		{"pawn", "4k4/9/9/4P4/9/9/9/9/4K4 w - - 0 1", "4k4/9/9/9/9/9/9/4P4/4K4 w - - 0 1"},
		{"pawn on the seventh", "4k4/9/4P4/9/9/9/9/9/4K4 w - - 0 1", "4k4/9/9/4P4/9/9/9/9/4K4 w - - 0 1"},
		{"king with pieces on", "rhwnknwhr/9/9/9/9/9/9/9/RHWNKNWHR w - - 0 1", "rhwnknwhr/9/9/9/9/4K4/9/9/RHWN1NWHR w - - 0 1"},
		{"king in the ending", "4k4/9/9/9/4K4/9/9/9/9 w - - 0 1", kings + " w - - 0 1"},
	} {
		b, w := evalOf(t, v, c.better), evalOf(t, v, c.worse)
		if b <= w {
			t.Errorf("%s: %d for %s, not above %d for %s", c.what, b, c.better, w, c.worse)
		}
	}
	// The values: a knight worth about three pawns, the nightrider more,
	// the rook more still.
	g, err := newFairyGame(v, v.Start())
	if err != nil {
		t.Fatal(err)
	}
	val := func(letter byte) int {
		id, ok := g.rv.KindByLetter(letter)
		if !ok {
			t.Fatalf("no kind %c", letter)
		}
		return g.values[id]
	}
	if p, n, h, r := val('P'), val('N'), val('H'), val('R'); p != 100 || n < 250 || n > 400 || h <= n || r <= n {
		t.Errorf("values: pawn %d knight %d nightrider %d rook %d", p, n, h, r)
	}
}

// TestFairyTablesMirror: the evaluation of a position turned upside down
// with the colours swapped is the same for the side to move in its place,
// and its negation for the other side, on random games of games whose
// rules are the same for both colours.
func TestFairyTablesMirror(t *testing.T) {
	games := []*variant.Variant{nineEvalGame(t)}
	for _, name := range []string{"capablanca", "grand", "shako", "makruk", "courier"} {
		v, err := variant.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, v)
	}
	plies := 40
	if testing.Short() || race.Enabled {
		plies = 16
	}
	rng := rand.New(rand.NewPCG(46, 1))
	for _, v := range games {
		p := v.Start()
		g, err := newFairyGame(v, p)
		if err != nil {
			t.Fatal(err)
		}
		eval := func(fen string) int {
			q, err := v.FromFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.reset(q); err != nil {
				t.Fatal(err)
			}
			return g.Evaluate()
		}
		for ply := 0; ply < plies; ply++ {
			legal := p.Legal()
			if len(legal) == 0 {
				break
			}
			next, err := p.Play(legal[rng.IntN(len(legal))])
			if err != nil {
				t.Fatal(err)
			}
			p = next
			// The tables read neither castling nor en passant.
			f := strings.Fields(p.FEN())
			board := f[0] + " " + f[1] + " - - 0 1"
			e := eval(board)
			mirror := mirrorFEN(board)
			if m := eval(mirror); m != e {
				t.Fatalf("%s: %s scores %d, its mirror %d", v.Name, board, e, m)
			}
			mf := strings.Fields(mirror)
			mf[1] = f[1]
			if variant.InCheck(p) {
				continue // the mirror would leave the side not to move in check
			}
			if m := eval(strings.Join(mf, " ")); m != -e {
				t.Fatalf("%s: %s scores %d, its mirror with %s to move %d", v.Name, board, e, f[1], m)
			}
		}
	}
}

// TestFairyTablesIncremental: the terms kept move by move in Make and
// restored by Unmake equal those counted afresh, on random games of games
// with castling, en passant (berolina's diagonal one too), promotions,
// blasts, petrification and walls; and they allocate nothing.
func TestFairyTablesIncremental(t *testing.T) {
	games := []*variant.Variant{nineEvalGame(t)}
	for _, name := range []string{"capablanca", "caparandom", "grand", "shako", "makruk", "courier", "berolina", "atomic", "petrified", "duck"} {
		v, err := variant.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, v)
	}
	plies, lines := 100, 2
	if testing.Short() || race.Enabled {
		plies, lines = 40, 1
	}
	rng := rand.New(rand.NewPCG(46, 2))
	for _, v := range games {
		for range lines {
			g, err := newFairyGame(v, v.Start())
			if err != nil {
				t.Fatalf("%s: %v", v.Name, err)
			}
			ms := g.Moves(nil)
			if n := testing.AllocsPerRun(10, func() { g.Make(ms[0]); g.Evaluate(); g.Unmake() }); n != 0 {
				t.Errorf("%s: Make, Evaluate and Unmake allocate %.0f times", v.Name, n)
			}
			fresh := *g
			var before []evalSum
			for ply := 0; ply < plies && g.HasMoves(); ply++ {
				ms := g.Moves(nil)
				before = append(before, g.psq)
				g.Make(ms[rng.IntN(len(ms))])
				fresh.p = g.p
				fresh.count()
				if g.psq != fresh.psq || g.mat != fresh.mat {
					t.Fatalf("%s ply %d: kept %+v %v, counted %+v %v", v.Name, ply, g.psq, g.mat, fresh.psq, fresh.mat)
				}
			}
			for i := len(before) - 1; i >= 0; i-- {
				g.Unmake()
				if g.psq != before[i] {
					t.Fatalf("%s: Unmake to ply %d gives %+v, want %+v", v.Name, i, g.psq, before[i])
				}
			}
		}
	}
}

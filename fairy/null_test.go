package fairy_test

import (
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/rules"
)

// nullGames are the games TestPlayNull walks besides chess: en passant
// of every kind (chess, berolina's diagonal step, wolf's sergeant, grand's triple
// step), castling, counting (makruk), check counting, a flag race,
// blasts, walls and pseudo-royal pieces.
var nullGames = []string{"capablanca", "grand", "shako", "makruk", "courier", "berolina", "wolf",
	"3check", "racingkings", "atomic", "duck", "spartan", "grasshopper", "amazons"}

// TestPlayNull: along random games (24 plies, 4 with -short or -race), at
// each position out of check, the
// key after PlayNull is the key of the same position with the other side
// to move and no en passant square, read from its FEN; the legal moves
// are that position's; UnplayNull restores the position exactly; neither
// allocates.
func TestPlayNull(t *testing.T) {
	rng := rand.New(rand.NewPCG(46, 1))
	// En passant squares the side to move could use, which the null move
	// must take away.
	hand := map[string]string{
		"rules-chess": "rnbqkbnr/ppppp1pp/8/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"berolina":    "rnbqkbnr/pp1ppppp/8/8/2pP4/8/P1PPPPPP/RNBQKBNR b KQkq c3d4 0 2",
	}
	plies := 24
	if testing.Short() || race.Enabled {
		plies = 4
	}
	games := familyGames(t, "", "", nullGames...)
	r, err := fairy.Compile(rules.Chess())
	if err != nil {
		t.Fatal(err)
	}
	games["rules-chess"] = compiled{"rules-chess", rules.Chess(), r}
	for _, name := range slices.Sorted(maps.Keys(games)) {
		c := games[name]
		if fen, ok := hand[c.name]; ok {
			ref, err := rules.ParseFEN(c.v, fen)
			if err != nil {
				t.Fatal(err)
			}
			checkNull(t, c, ref, fenPosition(t, c, fen))
		}
		ref, err := rules.Start(c.v)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < plies; ply++ {
			fp, err := c.r.FromRules(ref)
			if err != nil {
				t.Fatal(err)
			}
			if !fp.InCheck() {
				checkNull(t, c, ref, fp)
			}
			moves := ref.LegalMoves()
			if len(moves) == 0 {
				break
			}
			if ref, err = ref.Play(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func checkNull(t *testing.T, c compiled, ref *rules.Position, fp fairy.Position) {
	t.Helper()
	f := strings.Fields(ref.FEN())
	f[1] = c.v.SideLetters[1-ref.Turn()]
	if limit, _ := ref.Counting(); limit == 0 {
		f[3] = "-" // else the count stands in the en passant square's place
	}
	fen := strings.Join(f, " ")
	flipped, err := rules.ParseFEN(c.v, fen)
	if err != nil {
		t.Fatalf("%s: %s: %v", c.name, fen, err)
	}
	want, err := c.r.FromRules(flipped)
	if err != nil {
		t.Fatal(err)
	}
	before := fp
	u := fp.PlayNull()
	if fp.Key() != want.Key() || fp.Key() == before.Key() {
		t.Fatalf("%s: %s: key after the null move %x, of %s %x", c.name, ref.FEN(), fp.Key(), fen, want.Key())
	}
	var l, lw fairy.MoveList
	fp.LegalMoves(&l)
	want.LegalMoves(&lw)
	if got, exp := moveTexts(&fp, &l), moveTexts(&want, &lw); !slices.Equal(got, exp) {
		t.Fatalf("%s: %s: moves after the null move %v, of %s %v", c.name, ref.FEN(), got, fen, exp)
	}
	fp.UnplayNull(u)
	if fp != before {
		t.Fatalf("%s: %s: UnplayNull does not restore the position", c.name, ref.FEN())
	}
	if a := testing.AllocsPerRun(10, func() { u := fp.PlayNull(); fp.UnplayNull(u) }); a != 0 {
		t.Fatalf("%s: PlayNull allocates %v", c.name, a)
	}
}

package fairy_test

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/rules"
)

// janggiNames are the four built-in janggi games.
var janggiNames = []string{"janggi", "janggitraditional", "janggimodern", "janggicasual"}

// janggiGames compiles the four built-in janggi games.
func janggiGames(t testing.TB) map[string]compiled {
	t.Helper()
	return familyGames(t, "", "", janggiNames...)
}

// TestJanggiPositions: both generators count as Fairy-Stockfish c19b5f6
// does ("go perft N", depths 1–3) where each of janggi's rules decides,
// say whether the side to move is in check as its "d" lists checkers,
// and list, play and judge the legal moves without allocating.
func TestJanggiPositions(t *testing.T) {
	games := janggiGames(t)
	for _, tc := range []struct {
		game, fen string
		counts    [3]uint64 // Fairy-Stockfish c19b5f6's, by depth from 1
		check     bool
	}{
		// White's (Cho's) cannon on d10 checks f8 over the guard on e9, along the
		// palace's diagonal: moving the guard away answers it
		{"janggi", "3C5/4a4/5k3/9/9/9/9/9/9/4K4 b - - 0 1", [3]uint64{9, 58, 348}, true},
		// a cannon as the screen: no check, so Black may pass
		{"janggi", "3C5/4c4/5k3/9/9/9/9/9/9/4K4 b - - 0 1", [3]uint64{3, 11, 49}, false},
		// the cannon on a1 may not hop over its own cannon on a4, which
		// may not use the black cannon on a7 as its screen
		{"janggi", "3k5/9/9/c8/9/9/C8/9/9/C3K4 w - - 0 1", [3]uint64{8, 31, 176}, false},
		// over the soldier on a4 to a5 and a6, not onto the cannon on a7
		// (docs/rules-janggi.md's example)
		{"janggi", "3k5/9/9/c8/9/9/P8/9/9/C3K4 w - - 0 1", [3]uint64{12, 68, 533}, false},
		// the rook on d8 checks f10 along the diagonal through e9
		{"janggi", "5k3/9/3R5/9/9/9/9/9/9/4K4 b - - 0 1", [3]uint64{2, 28, 63}, true},
		// a soldier on d8 checks e9 diagonally forward, one on d10 not
		// backward
		{"janggi", "9/4k4/3P5/9/9/9/9/9/9/3K5 b - - 0 1", [3]uint64{6, 43, 113}, true},
		{"janggi", "3P5/4k4/9/9/9/9/9/9/9/3K5 b - - 0 1", [3]uint64{8, 39, 149}, false},
		// bikjang: the generals must part or pass, and a pass ends the game
		{"janggi", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", [3]uint64{3, 8, 30}, false},
		{"janggicasual", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", [3]uint64{4, 16, 80}, false},
		// bikjang in check from the rook on a1: the pass is the only move,
		// legal in check; without bikjang the general steps to e2
		{"janggi", "4k4/9/9/9/9/9/9/9/9/r3K4 w - - 0 1", [3]uint64{1, 0, 0}, true},
		{"janggicasual", "4k4/9/9/9/9/9/9/9/9/r3K4 w - - 0 1", [3]uint64{1, 21, 140}, true},
	} {
		c := games[tc.game]
		for d, n := range tc.counts {
			checkPerft(t, c, tc.fen, d+1, n) // connect_test.go
		}
		ref, fp := positionsAt(t, c.v, c.r, tc.fen)
		if fp.InCheck() != tc.check || ref.InCheck() != tc.check {
			t.Errorf("%s %s: in check %v, reference %v, want %v", tc.game, tc.fen, fp.InCheck(), ref.InCheck(), tc.check)
		}
		var l fairy.MoveList
		if a := testing.AllocsPerRun(20, func() { fp.LegalMoves(&l) }); a != 0 {
			t.Errorf("%s %s: LegalMoves allocates %v", tc.game, tc.fen, a)
		}
		for _, m := range l.Slice() {
			if a := testing.AllocsPerRun(5, func() { u := fp.Play(m); fp.Decided(); fp.Unplay(m, u) }); a != 0 {
				t.Errorf("%s %s: Play(%s) allocates %v", tc.game, tc.fen, fp.MoveText(m), a)
			}
		}
	}
}

// TestJanggiEnds: bikjang answered by a pass, and two passes in a row,
// end the game in both generators alike, decided by counting where the
// game counts (Black's, Han's, 1.5 points: White, Cho, wins by 2 points, not by 3 to 2)
// and drawn where it does not. Fairy-Stockfish c19b5f6 agrees: "go depth
// 4 searchmoves" of the last pass scores it mate -1 for the side that
// passes where the other side wins, mate 1 where it wins itself, cp 0 in
// a draw. The fast position plays the moves with its own Play.
func TestJanggiEnds(t *testing.T) {
	games := janggiGames(t)
	blackWins := rules.Outcome{Winner: rules.Second, Reason: rules.Material}
	redWins := rules.Outcome{Winner: rules.First, Reason: rules.Material}
	for _, tc := range []struct {
		game, fen string
		moves     []string
		want      rules.Outcome
		over      bool
	}{
		{"janggi", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", []string{"e1e1"}, blackWins, true},
		{"janggi", "4k4/9/9/9/9/9/9/9/9/R3K4 b - - 0 1", []string{"e10e10"}, redWins, true},
		{"janggitraditional", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", []string{"e1e1"}, rules.Outcome{Draw: true, Reason: rules.Bikjang}, true},
		{"janggimodern", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", []string{"e1e1"}, rules.Outcome{}, false},
		{"janggimodern", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", []string{"e1e1", "e10e10"}, blackWins, true},
		{"janggi", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", []string{"d1d1", "e10e10"}, blackWins, true},
		{"janggi", "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", []string{"d1d1", "e10e10"}, redWins, true},
		{"janggi", "4k4/9/9/9/9/p8/9/9/4A4/3K5 w - - 0 1", []string{"d1d1", "e10e10"}, blackWins, true},
		{"janggi", "4k4/9/9/9/9/9/9/9/4P4/3K5 w - - 0 1", []string{"d1d1", "e10e10"}, redWins, true},
		{"janggitraditional", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", []string{"d1d1", "e10e10"}, rules.Outcome{Draw: true, Reason: rules.DoublePass}, true},
	} {
		c := games[tc.game]
		ref, fp := positionsAt(t, c.v, c.r, tc.fen)
		var l fairy.MoveList
		for _, text := range tc.moves {
			var err error
			if ref, err = ref.PlayText(text); err != nil {
				t.Fatal(err)
			}
			fp.LegalMoves(&l)
			i := slices.IndexFunc(l.Slice(), func(m fairy.Move) bool { return fp.MoveText(m) == text })
			if i < 0 {
				t.Fatalf("%s %s: no fast move %s", tc.game, tc.fen, text)
			}
			fp.Play(l.Moves[i])
		}
		o, over := ref.Outcome()
		d, decided := fp.Decided()
		read, err := c.r.FromRules(ref)
		if err != nil {
			t.Fatal(err)
		}
		rd, rdecided := read.Decided()
		if over != tc.over || o != tc.want || decided != tc.over || d != tc.want || rdecided != tc.over || rd != tc.want {
			t.Errorf("%s %s %v: reference %+v %v, fast %+v %v, read %+v %v, want %+v %v",
				tc.game, tc.fen, tc.moves, o, over, d, decided, rd, rdecided, tc.want, tc.over)
		}
		if read.Key() != fp.Key() {
			t.Errorf("%s %s %v: key %x, of the reference's position %x", tc.game, tc.fen, tc.moves, fp.Key(), read.Key())
		}
		if fp.LegalMoves(&l); tc.over && l.N != 0 {
			t.Errorf("%s %s %v: %d moves after the end", tc.game, tc.fen, tc.moves, l.N)
		}
	}
}

// TestJanggiSpecEqualsImpl walks seeded random games of the four janggi
// games to their ends or 300 plies, a pass chosen one time in sixteen
// where it is legal, one in two where the generals face, so that games
// end by bikjang and by passing too: at
// every position the same legal moves, the same check and the same end
// (Decided against the reference's Outcome), the fast Play reaching the
// reference's next position and Unplay restoring it (checkRoyalStep).
// Each game with bikjang ends by it at least once, and each by two
// passes (not in the three walks of -short and -race).
func TestJanggiSpecEqualsImpl(t *testing.T) {
	games := janggiGames(t)
	walks := 12
	if testing.Short() || race.Enabled {
		walks = 3
	}
	for _, name := range janggiNames {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c := games[name]
			rng := rand.New(rand.NewPCG(48, uint64(len(name))))
			start, err := rules.Start(c.v)
			if err != nil {
				t.Fatal(err)
			}
			ends := map[string]int{}
			var l fairy.MoveList
			positions := 0
			for g := 0; g < walks; g++ {
				ref := start
				for ply := 0; ply < 300; ply++ {
					fp, err := c.r.FromRules(ref)
					if err != nil {
						t.Fatal(err)
					}
					fp.LegalMoves(&l)
					positions++
					moves := ref.LegalMoves()
					if got, want := moveTexts(&fp, &l), refTexts(ref); !slices.Equal(got, want) {
						t.Fatalf("%s:\n got %v\nwant %v", ref.FEN(), got, want)
					}
					if fp.InCheck() != ref.InCheck() {
						t.Fatalf("%s: in check %v, reference %v", ref.FEN(), fp.InCheck(), ref.InCheck())
					}
					o, over := ref.Outcome()
					end := over && (o.Reason == rules.DoublePass || o.Reason == rules.Bikjang || o.Reason == rules.Material)
					if d, decided := fp.Decided(); decided != end || decided && d != o {
						t.Fatalf("%s (passes %d, faced %v): decided %+v %v, reference %+v %v", ref.FEN(), ref.Passes(), ref.FacedBefore(), d, decided, o, over)
					}
					var m rules.Move
					if len(moves) > 0 {
						m = moves[rng.IntN(len(moves))]
						odds := 16
						if generalsFace(ref) {
							odds = 2 // half of the bikjangs end by a pass, half are parted
						}
						if i := slices.IndexFunc(moves, func(m rules.Move) bool { return m.Pass }); i >= 0 && rng.IntN(odds) == 0 {
							m = moves[i]
						}
					}
					checkRoyalStep(t, c, ref, &fp, &l, m) // royal_test.go
					if len(moves) == 0 {
						switch {
						case ref.Passes() == 2:
							ends["passes"]++
						case ref.FacedBefore():
							ends["bikjang"]++
						default:
							ends[o.Reason.String()]++
						}
						break
					}
					ref = ref.PlayLegal(m)
				}
			}
			t.Logf("%d positions, ends %v", positions, ends)
			bikjang := c.v.Royal != nil && c.v.Royal.Bikjang
			if walks > 3 && (ends["passes"] == 0 || bikjang && ends["bikjang"] == 0) { // the short walks' ends are TestJanggiEnds
				t.Errorf("no game ended by two passes, or by bikjang: %v", ends)
			}
		})
	}
}

// generalsFace reports whether the two generals of p stand on one file
// or rank with nothing between them.
func generalsFace(p *rules.Position) bool {
	v := p.Variant()
	var g []geom.Square
	for _, sq := range v.Size.Squares() {
		if pc := p.At(sq); !pc.Empty() && v.Kind(pc.Kind).Royal {
			g = append(g, sq)
		}
	}
	if len(g) != 2 || g[0].File != g[1].File && g[0].Rank != g[1].Rank {
		return false
	}
	df, dr := cmp.Compare(g[1].File, g[0].File), cmp.Compare(g[1].Rank, g[0].Rank)
	for sq, _ := v.Size.Offset(g[0], df, dr); sq != g[1]; sq, _ = v.Size.Offset(sq, df, dr) {
		if !p.At(sq).Empty() {
			return false
		}
	}
	return true
}

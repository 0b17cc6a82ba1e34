package fairy_test

import (
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/rules"
)

// royalINI defines the royal guards' test games beside the built-in
// spartan: Fairy-Stockfish's example sections empire and ordavsempire
// (flyingGeneral with pieces that move as queens and take otherwise), and
// chess with flying generals, where castling and en passant meet the rule.
const royalINI = `
[empire:chess]
customPiece1 = e:mQcN
customPiece2 = c:mQcB
customPiece3 = t:mQcR
customPiece4 = d:mQcK
soldier = s
promotionPieceTypes = q
startFen = rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq - 0 1
stalemateValue = loss
nFoldValue = loss
flagPiece = k
flagRegionWhite = *8
flagRegionBlack = *1
flyingGeneral = true

[ordavsempire:chess]
centaur = h
knibis = a
kniroo = l
customPiece1 = e:mQcN
customPiece2 = c:mQcB
customPiece3 = t:mQcR
customPiece4 = d:mQcK
customPiece5 = y:mNcK
promotionPieceTypes = qh
startFen = tecdkcet/8/pppppppp/8/8/PPPPPPPP/8/LHAYKAHL w - - 0 1
stalemateValue = loss
nFoldValue = loss
flagPiece = k
flagRegionWhite = *8
flagRegionBlack = *1
flyingGeneral = true

[flyingchess:chess]
flyingGeneral = true
`

// royalGames compiles the built-in spartan and the games of royalINI.
func royalGames(t testing.TB) map[string]compiled {
	t.Helper()
	return familyGames(t, "royal.ini", royalINI, "spartan")
}

// royalList is royalGames' games, for the tests that walk a list
// (TestSpecEqualsImpl, TestNoAllocations; spartan is walked there as a
// built-in game).
func royalList(t testing.TB) []compiled {
	var out []compiled
	for _, name := range []string{"empire", "ordavsempire", "flyingchess"} {
		out = append(out, royalGames(t)[name])
	}
	return out
}

// TestRoyalPerft: both generators count as Fairy-Stockfish c19b5f6 does
// ("go perft N", with royalINI as its VariantPath, or its built-in
// spartan), on positions where a royal guard decides, and each count
// differs from the same game's without its guards (under the race
// detector, counts over 20,000 nodes are left to the plain run).
// fsf-head/spartan.perft is TestPerft's, as every built-in game's.
func TestRoyalPerft(t *testing.T) {
	games := royalGames(t)
	for _, tc := range []struct {
		game, fen string
		depth     int
		nodes     uint64 // Fairy-Stockfish c19b5f6's count
	}{
		{"empire", "", 3, 20895},
		{"empire", "4k3/8/8/8/4E3/8/8/4K3 w - - 0 1", 4, 4683},                                 // the eagle may not leave the e-file
		{"empire", "8/8/8/kE5K/8/8/8/8 w - - 0 1", 3, 801},                                     // nor the fifth rank
		{"empire", "rnbqkbnr/pppp1ppp/8/8/8/PPPS1PPP/8/TECDKCET w kq - 0 1", 3, 7274},          // the kings face: White must close the file
		{"empire", "4k3/8/8/8/4S3/8/8/4K3 b - - 0 1", 4, 1448},                                 // the soldier between
		{"empire", "r3k2r/8/8/8/8/5K2/8/8 b kq - 0 1", 3, 2958},                                // f8 faces the king: no O-O
		{"empire", "r3k2r/8/8/8/8/2K5/8/8 b kq - 0 1", 3, 4698},                                // c8 faces it: no O-O-O
		{"ordavsempire", "", 3, 21994},                                                         //
		{"flyingchess", "r3k2r/8/8/8/8/8/8/5K2 b kq - 0 1", 3, 1797},                           // castling through a facing square
		{"flyingchess", "r3k2r/8/8/8/8/8/8/3K4 b kq - 0 1", 3, 1810},                           // the d-file
		{"flyingchess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 3, 2896},                       // the kings face on the e-file at once
		{"flyingchess", "8/8/8/K2Pp2k/8/8/8/8 w - e6 0 2", 3, 207},                             // en passant opens the rank, and is legal
		{"spartan", "8/8/8/2k1k3/8/3N4/8/4K3 b - - 0 1", 3, 2314},                              // the knight forks both kings
		{"spartan", "k1k5/8/1Q6/8/8/8/8/4K3 b - - 0 1", 3, 1695},                               // the queen attacks both
		{"spartan", "3kk3/8/8/8/8/8/h7/4K3 b - - 0 1", 3, 871},                                 // promotion: two kings, no third
		{"spartan", "4k3/8/8/8/8/8/h7/4K3 b - - 0 1", 3, 558},                                  // promotion: one king, a second may be made
		{"spartan", "1k1k4/8/2Q5/8/8/8/8/4K3 b - - 0 1", 3, 2588},                              // a king may step beside the other
		{"flyingchess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 197281}, // the start: the rule never bites
	} {
		if race.Enabled && tc.nodes > 20_000 {
			continue // the plain run checks it; perft is fortyfold slower under -race
		}
		c := games[tc.game]
		checkPerft(t, c, tc.fen, tc.depth, tc.nodes) // connect_test.go
		if tc.fen == "" || tc.nodes == 197281 || tc.nodes == 871 || tc.nodes == 558 {
			continue // the starts, the promotions: the guards need not bite
		}
		plain := *c.v
		plain.Royal = nil
		r, err := fairy.Compile(&plain)
		if err != nil {
			t.Fatal(err)
		}
		if ref, err := rules.ParseFEN(&plain, tc.fen); err == nil {
			if fp, err := r.FromRules(ref); err == nil && fp.Perft(tc.depth) == tc.nodes {
				t.Errorf("%s %s: the count is the same without the royal guards", tc.game, tc.fen)
			}
		}
	}
}

// TestRoyalSpecEqualsImpl walks seeded random games of the royal guards'
// games (walkToEnds, blast_test.go), from their starts and from positions
// where the guards act at once (only these with -short or -race). At
// every position it requires the reference's legal moves, the same mate
// (PseudoRoyalAttacked or InCheck exactly where the reference says
// checkmate), and the fast Play of the move played reaching the
// reference's next position (its key), with Unplay restoring the
// position.
func TestRoyalSpecEqualsImpl(t *testing.T) {
	games, fromStart := 2, true
	if testing.Short() || race.Enabled {
		games, fromStart = 1, false // only the positions where the guards act at once
	}
	starts := map[string]string{
		"empire":      "4k3/3tt3/8/8/8/8/3TT3/4K3 w - - 0 1",
		"flyingchess": "r3k2r/pppp1ppp/8/8/8/8/PPPP1PPP/R3K2R w KQkq - 0 1",
		"spartan":     "1k1k4/8/8/8/8/8/8/QQ2K3 w - - 0 1",
	}
	for _, c := range append(royalList(t), royalGames(t)["spartan"]) {
		if fen, ok := starts[c.name]; ok {
			from := *c.v
			from.Start = fen
			walkToEnds(t, c.name+"-from", &from, c.r, games, 5, func(ref *rules.Position, fp *fairy.Position, l *fairy.MoveList, m rules.Move) {
				checkRoyalStep(t, c, ref, fp, l, m)
			})
		}
		if !fromStart {
			continue
		}
		walkToEnds(t, c.name, c.v, c.r, games, 5, func(ref *rules.Position, fp *fairy.Position, l *fairy.MoveList, m rules.Move) {
			checkRoyalStep(t, c, ref, fp, l, m)
		})
	}
}

// checkRoyalStep is TestRoyalSpecEqualsImpl's test of one position of a
// walk: the mate where no move is left, else m played by both generators.
func checkRoyalStep(t *testing.T, c compiled, ref *rules.Position, fp *fairy.Position, l *fairy.MoveList, m rules.Move) {
	t.Helper()
	if l.N == 0 {
		o, over := ref.Outcome()
		if mate := fp.InCheck() || fp.PseudoRoyalAttacked(); !over || mate != (o.Reason == rules.Checkmate) {
			t.Fatalf("%s %s: no moves, mate %v, reference %v %v", c.name, ref.FEN(), mate, o, over)
		}
		return
	}
	text := ref.MoveText(m)
	for _, fm := range l.Slice() {
		if fp.MoveText(fm) != text {
			continue
		}
		before := *fp
		u := fp.Play(fm)
		want, err := c.r.FromRules(ref.PlayLegal(m))
		if err != nil || fp.Key() != want.Key() {
			t.Fatalf("%s %s: after %s key %x, reference %x (%v)", c.name, ref.FEN(), text, fp.Key(), want.Key(), err)
		}
		fp.Unplay(fm, u)
		if *fp != before {
			t.Fatalf("%s %s: Unplay(%s) does not restore", c.name, ref.FEN(), text)
		}
		return
	}
	t.Fatalf("%s %s: no fast move %s", c.name, ref.FEN(), text)
}

// TestDupleCheckMate: Spartan's two kings both attacked, every square
// they may reach attacked too, is checkmate in both generators
// (Fairy-Stockfish c19b5f6: "score mate 0"). With the king on a8
// attacked by a bishop instead, a king may step onto an attacked square
// while the other is not attacked, but not while both are: four moves
// (Fairy-Stockfish's perft 1), and no mate.
func TestDupleCheckMate(t *testing.T) {
	c := royalGames(t)["spartan"]
	for _, tc := range []struct {
		fen   string
		moves int
		mate  bool
	}{
		{"k7/8/8/8/Q7/1R6/8/k3K3 b - - 0 1", 0, true},
		{"k7/8/8/8/4B3/1R6/8/k3K3 b - - 0 1", 4, false},
	} {
		ref, err := rules.ParseFEN(c.v, tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		fp, err := c.r.FromRules(ref)
		if err != nil {
			t.Fatal(err)
		}
		var l fairy.MoveList
		fp.LegalMoves(&l)
		o, over := ref.Outcome()
		if l.N != tc.moves || len(ref.LegalMoves()) != tc.moves {
			t.Errorf("%s: %d moves, reference %d, want %d", tc.fen, l.N, len(ref.LegalMoves()), tc.moves)
		}
		if fp.PseudoRoyalAttacked() != tc.mate || (over && o.Reason == rules.Checkmate) != tc.mate {
			t.Errorf("%s: attacked %v, reference %v %v, want mate %v", tc.fen, fp.PseudoRoyalAttacked(), o, over, tc.mate)
		}
	}
}

package fairy_test

import (
	"strings"
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/rules"
)

// TestEPFENOracle plays openings of the fairy games and requires the FEN
// Fairy-Stockfish c19b5f6 prints ("position startpos moves …", then "d":
// its Fen: line; wildebeest and dragon-chess through "setoption name
// VariantPath" on its example file): an en passant square only where an
// enemy pawn attacks it (rules.EnPassantUse), so 1.e4 in Capablanca
// leaves "-" and a triple step keeps the squares attacked. The fast
// generator's position after the same moves must have the key of that
// FEN read back, and the FEN with every passed square written (Baten's
// old form) must read back as the same position, as Fairy-Stockfish's
// reader drops the squares no pawn attacks.
func TestEPFENOracle(t *testing.T) {
	games := familyGames(t, "epfen.ini", "", "capablanca", "grand", "makruk", "horde", "shako", "berolina", "pawnsideways")
	for _, c := range epSquareVariants(t) {
		games[c.name] = c
	}
	for _, tc := range []struct {
		name, moves, want string
		old               string // the en passant field before this family, where it differs
	}{
		{"capablanca", "e2e4", "rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b KQkq - 0 1", "e3"},
		{"capablanca", "e2e4 a7a6 e4e5 d7d5", "rnabqkbcnr/1pp1pppppp/p9/3pP5/10/10/PPPP1PPPPP/RNABQKBCNR w KQkq d6 0 3", ""},
		{"capablanca", "e2e4 d7d5 e4e5 f7f5", "rnabqkbcnr/ppp1p1pppp/10/3pPp4/10/10/PPPP1PPPPP/RNABQKBCNR w KQkq f6 0 3", ""},
		{"grand", "e3e5", "r8r/1nbqkcabn1/pppppppppp/10/10/4P5/10/PPPP1PPPPP/1NBQKCABN1/R8R b - - 0 1", "e4"},
		{"grand", "e3e5 a8a7 e5e6 d8d6", "r8r/1nbqkcabn1/1pp1pppppp/p9/3pP5/10/10/PPPP1PPPPP/1NBQKCABN1/R8R w - d7 0 3", ""},
		{"makruk", "e3e4", "rnsmksnr/8/pppppppp/8/4P3/PPPP1PPP/8/RNSKMSNR b - - 0 1", ""},
		{"horde", "d4d5 e7e5", "rnbqkbnr/pppp1ppp/8/1PPPpPP1/PPP1PPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq e6 0 2", ""},
		{"shako", "e3e5", "c8c/ernbqkbnre/pppppppppp/10/10/4P5/10/PPPP1PPPPP/ERNBQKBNRE/C8C b KQkq - 0 1", "e4"},
		{"wildebeest", "f2f5", "rnccwkqbbnr/ppppppppppp/11/11/11/5P5/11/11/PPPPP1PPPPP/RNBBQKWCCNR b - - 0 1", "f3f4"},
		{"wildebeest", "a2a3 g9g6 a3a4 g6g5 f2f5", "rnccwkqbbnr/pppppp1pppp/11/11/11/5Pp4/P10/11/1PPPP1PPPPP/RNBBQKWCCNR b - f4 0 3", "f3f4"},
		{"wildebeest", "a2a3 g9g6 a3a4 g6g5 a4a5 g5g4 f2f5", "rnccwkqbbnr/pppppp1pppp/11/11/11/P4P5/6p4/11/1PPPP1PPPPP/RNBBQKWCCNR b - f3 0 4", "f3f4"},
		{"wildebeest", "a2a3 g9g6 a3a4 g6g5 a4a5 g5g4 b2b3 e9e6 b3b4 e6e5 f2f5", "rnccwkqbbnr/pppp1p1pppp/11/11/11/P3pP5/1P4p4/11/2PPP1PPPPP/RNBBQKWCCNR b - f3f4 0 6", ""},
		{"berolina", "b2d4", "rnbqkbnr/pppppppp/8/8/3P4/8/P1PPPPPP/RNBQKBNR b KQkq c3d4 0 1", "c3"},
		{"berolina", "e2c4", "rnbqkbnr/pppppppp/8/8/2P5/8/PPPP1PPP/RNBQKBNR b KQkq d3c4 0 1", "d3"},
		{"pawnsideways", "e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3e4 0 1", "e3"},
		{"dragon-chess", "e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3e4 0 1", ""},
		{"dragon-chess", "e2e4 d7d5 e4e5 f7f5", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f5f6 0 3", ""},
	} {
		c, ok := games[tc.name]
		if !ok {
			continue // the example file is not here
		}
		ref, err := rules.Start(c.v)
		if err != nil {
			t.Fatal(err)
		}
		fp, err := c.r.FromRules(ref)
		if err != nil {
			t.Fatal(err)
		}
		var l fairy.MoveList
		for _, text := range strings.Fields(tc.moves) {
			fp.LegalMoves(&l)
			played := false
			for _, m := range l.Slice() {
				if fp.MoveText(m) == text {
					fp.Play(m)
					played = true
					break
				}
			}
			if ref, err = ref.PlayText(text); err != nil || !played {
				t.Fatalf("%s %s: %s not legal (%v)", tc.name, tc.moves, text, err)
			}
		}
		if got := ref.FEN(); got != tc.want {
			t.Errorf("%s %s: %s, want Fairy-Stockfish's %s", tc.name, tc.moves, got, tc.want)
		}
		back, err := rules.ParseFEN(c.v, tc.want)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.name, tc.want, err)
		}
		want, err := c.r.FromRules(back)
		if err != nil {
			t.Fatal(err)
		}
		if fp.Key() != want.Key() {
			t.Errorf("%s %s: the fast position's key is not its FEN's", tc.name, tc.moves)
		}
		if tc.old == "" {
			continue
		}
		f := strings.Fields(tc.want)
		f[3] = tc.old
		old, err := rules.ParseFEN(c.v, strings.Join(f, " "))
		if err != nil {
			t.Fatalf("%s %s: %v", tc.name, strings.Join(f, " "), err)
		}
		if old.FEN() != ref.FEN() {
			t.Errorf("%s: en passant %s reads as %s, want %s", tc.name, tc.old, old.FEN(), ref.FEN())
		}
	}
}

// TestEPFENBerolina: berolina's en passant read back from the field
// Fairy-Stockfish writes (c3d4: the passed square and the pawn's, which
// stands diagonally beyond), counted as Fairy-Stockfish c19b5f6 counts it
// ("position fen FEN", "go perft 3": 428, c4c3 taking en passant), and
// its mirror field d4c3 read alike.
func TestEPFENBerolina(t *testing.T) {
	c := familyGames(t, "epfen.ini", "", "berolina")["berolina"]
	for _, field := range []string{"c3d4", "d4c3"} {
		checkPerft(t, c, "4k3/8/8/8/2pP4/8/8/4K3 b - "+field+" 0 1", 3, 428)
	}
	if _, err := rules.ParseFEN(c.v, "4k3/8/8/8/2pP4/8/8/4K3 b - c3e4 0 1"); err == nil {
		t.Error("en passant c3e4: no error")
	}
}

package variant_test

import (
	"context"
	"errors"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/baten-chess/baten/variant"
)

// FuzzLoadINI feeds definition files to the loader: any text gives
// variants or an error, never a panic, and every variant it gives can be
// started, listed and counted one ply deep (those of the good sections
// too when others fail: a *LoadError). Seeds: the built-in fairy.ini,
// every example of docs/variants-ini.md and the forms below.
func FuzzLoadINI(f *testing.F) {
	if b, err := os.ReadFile("fairy.ini"); err == nil {
		f.Add(string(b))
	}
	if b, err := os.ReadFile("../docs/variants-ini.md"); err == nil {
		for _, m := range regexp.MustCompile("(?s)```ini[^\n]*\n(.*?)```").FindAllStringSubmatch(string(b), -1) {
			f.Add(m[1])
		}
	}
	f.Add("[v:chess]\nenPassantRegion = e*\nnFoldRule = 2\nnFoldValue = win\n")
	f.Add("[v:makruk]\ncountingRule = asean\ncheckmateValue = draw\n")
	f.Add("[v:chess]\nking = -\ncommoner = k\nextinctionValue = loss\nextinctionPieceTypes = k\ncastling = false\n")
	// The language as read today: per-colour keys, pawn roles, a key set
	// twice, a letter taken from a removed piece, a bad section among good.
	f.Add("[v:chess]\npromotionRegionWhite = *6 *7 *8\npromotionRegionBlack = *3 *2 *1\npromotionPieceTypesWhite = qn\npromotionPieceTypesBlack = nq\n")
	f.Add("[v:chess]\ndoubleStepRegionWhite = *2 *3\ndoubleStepRegionBlack = *7 *6\ntripleStepRegionWhite = -\nenPassantRegionWhite = *3 *6\nenPassantRegionBlack = *6 *3\n")
	f.Add("[v:chess]\ncustomPiece1 = s:fKifmnD\ncustomPiece2 = e:NNQ\npromotedPieceType = p:e\npromotionPawnTypes = ps\ndoubleStepRegionWhite = *2 b3 z9\ndoubleStepRegionBlack = -\n") // initial squares: wolf's keys
	f.Add("[v:chess]\ncustomPiece1 = p:fmWfcF\npawn = -\npawnTypes = p\nnMoveRuleTypesBlack = p\nenPassantTypes = -\ncastlingRookPieces = r\ncastling = false\ncastling = true\n")
	f.Add("[a:chess]\nfrobnicate = 1\n[b:a]\nmaxRank = 6\n[c:chess]\npromotionRegionWhite = a8 h8\n[d:chess]\nmobilityRegionWhiteKing = *1\n[e:chess]\nnMoveRule = 60\n")
	f.Add("[v:chess]\nwallingRule = arrow\nwallingRegion = *3 *4\nwallingRegionBlack = -\nwallOrMove = true\n[w:amazons]\nwallingRule = duck\nstartFen = q*8/10/10/10/10/10/10/10/10/Q9 w - - 0 1\n") // walling
	f.Add("[v:chess]\nmaxRank = 6\npromotionRegionWhite = *6\npromotionRegionBlack = *1\ndoubleStepRegionBlack = *5\ndoubleStepRegionWhite = *2\nstartFen = rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n")
	f.Add("[v:chess]\ncheckCounting = true\nstartFen = 4k3/8/8/8/8/8/8/R3K3 w - - 1+2 0 1 +0+1\n")                                                                // check counting
	f.Add("[v:racingkings]\nflagPieceWhite = *\nwhiteFlag = e4 *7\nflagRegionBlack = a1\nflagPieceCount = 2\nflagPieceBlockedWin = true\nflagPieceSafe = true\n") // flag family
	// family: antichess: its keys, inherited from a built-in game too
	f.Add("[v:antichess]\nmustCapture = false\nstalematePieceCount = true\n")
	// family: atomic: its keys, inherited from a built-in game too
	f.Add("[v:atomic]\nblastImmuneTypes = kn\nmutuallyImmuneTypes = q\n[w:v]\nblastOnCapture = false\n")
	f.Add("[v:atomic]\npetrifyOnCaptureTypes = qn\npetrifyBlastPieces = true\n[w:petrified]\npetrifyOnCaptureTypes = -\n") // family: petrify
	f.Add("[v:nocheckatomic]\nextinctionPseudoRoyal = true\nmaxFile = 6\nmaxRank = 6\nstartFen = rbqkbr/pppppp/6/6/PPPPPP/RBQKBR w - - 0 1\n")
	f.Add("[v:horde]\nmustCapture = true\nstalemateValue = loss\nstartFen = 4k3/8/8/8/8/8/8/PPPP4 w - - 0 1\n")
	f.Add("[v:xiangqi]\nchasingRule = none\nnFoldRule = 0\n[w:manchu]\nchasingRule = axf\n[x:chess]\nchasingRule = axf\n") // family: palaces: the chasing rule
	// connection: loader fixes: Fairy-Stockfish's FEN forms, no royal piece, a promotion rank beyond the board
	f.Add("[v:chess]\nmaxRank = 6\nmaxFile = 5\nstartFen = qkbnr/ppppp/5/5/PPPPP/QKBNR w - 0 1\ncastling = false\npromotionRegionWhite = *6\n")
	f.Add("[v:3check]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 7+7 0 1\n[w]\nmaxRank = 4\nmaxFile = d\ncustomPiece1 = p:mfR\nstartFen = 3p/4/p3/PPP1\nstalemateValue = loss\n")
	f.Add("[v:chess]\nmaxRank = 1\nmaxFile = h\ncustomPiece1 = n:D\nstartFen = KNR2rnk w\n[x:chess]\nmaxRank = 3\nstartFen = 8/pppppppp/8 b 5\n")
	// family: connection: every key, regions, piece sets
	f.Add("[v]\nmaxRank = 5\nmaxFile = 5\ncustomPiece1 = p:mK\nstartFen = p1p1p/5/5/5/P1P1P w - - 0 1\nconnectN = 3\nconnectNxN = 2\ncollinearN = 4\nconnectHorizontal = false\nconnectVertical = true\nconnectDiagonal = false\nconnectValue = draw\nconnectPieceTypes = p*\n")
	f.Add("[v:chess]\nconnectRegion1White = a*\nconnectRegion2White = h* e4\nconnectRegion1Black = *1\nconnectRegion2Black = *8\nconnectPieceTypes = -\nconnectValue = loss\n[w:v]\nconnectN = 0\nconnectRegion1White = -\n")
	// family: move rules: its keys, inherited from a built-in game too
	f.Add("[v:makpong]\ncastlingWins = Kq\noppositeCastling = true\ncastling = true\nstartFen = r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n")
	f.Add("[v:shatar]\nmaterialCounting = unweighted\nnFoldRule = 0\npass = false\ndupleCheck = false\n[w:armageddon]\nmaterialCounting = whitedrawodds\n")
	f.Add("[v:chess]\npromotionRegionWhite = g8 h8 h7\npromotionRegionBlack = a1 b1\npromotionPawnTypesBlack = n\npromotionPieceTypesBlack = -\nmobilityRegionBlackKnight = *5 *9\nmobilityRegionWhiteQueen = -\nstartFen = 8/8/8/8/8/8/8/8\n") // per-colour rules
	f.Add("[v:clobber]\nimmobilityIllegal = true\n[w]\nclobber = p\nstalemateValue = win\nimmobilityIllegal = false\n[x:coregal]\nextinctionPieceCount = 0\npromotionPieceTypes = q\n")                                                         // pieces and keys, pseudo-royal
	// en passant squares: triple steps, a first move that leaves them, regions and castling rooks by colour
	f.Add("[v:chess]\ntripleStepRegionWhite = *2 *3\ntripleStepRegionBlack = e7\nenPassantRegionWhite = *6 *5\nenPassantRegionBlack = -\n[w:chess]\ncustomPiece3 = p:KifmnD\npawnTypes = p\ncastlingRookPieces = rq\ncastlingRookPiecesBlack = -\nstartFen = 4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\n[x:perfect]\ncastlingRookPiecesWhite = c\n")
	// family: royal guards
	f.Add("[v:spartan]\nflyingGeneral = true\ndupleCheck = false\n[w:atomic]\ndupleCheck = true\n[x:chess]\nflyingGeneral = yes\n[y:threekings]\nextinctionPseudoRoyal = true\ndupleCheck = true\n")
	// family: chess960
	f.Add("[v:capablanca]\nchess960 = true\nstartFen = rk1r4qr/pppppppppp/10/10/10/10/PPPPPPPPPP/RK1R4QR w DAda - 0 1\n[w:caparandom]\nchess960 = false\n[x:chess]\nchess960 = 1\n")
	// family: palaces
	f.Add("[v:xiangqi]\nsoldierPromotionRank = 11\n[w:manchu]\nsoldierPromotionRank = 0\n[x:minixiangqi]\nsoldierPromotionRank = 4\nmaxRank = 5\nsoldier = -\n[y:chess]\nsoldier = s\nsoldierPromotionRank = 3\nwallingRule = duck\n[z:crowded]\n")
	base := variant.Builtin()
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 4096 {
			return
		}
		vs, err := variant.LoadINI(strings.NewReader(text), "fuzz.ini", base)
		var le *variant.LoadError
		if err != nil && !errors.As(err, &le) {
			if vs != nil {
				t.Fatalf("games %v with an error that is not a LoadError: %v", vs, err)
			}
			return
		}
		for _, v := range vs {
			p := v.Start()
			p.Legal()
			p.Outcome()
			if _, err := variant.Perft(context.Background(), p, 1, 1); err != nil {
				t.Fatalf("%s: perft 1: %v", v.Name, err)
			}
		}
	})
}

package variant

import (
	"slices"
	"strings"
)

// KeyStatus says how LoadINI treats a key of the variants.ini language.
type KeyStatus uint8

const (
	// KeySupported keys are read and played (some only for the values
	// their note names; another value is a "not supported yet" error).
	KeySupported KeyStatus = iota + 1
	// KeyIgnored keys are read and change nothing Baten plays: hints for
	// a GUI or for Fairy-Stockfish's evaluation.
	KeyIgnored
	// KeyNotYet keys are an error naming the file, line, section and key,
	// and the family or issue that brings them.
	KeyNotYet
)

// String is the word docs/variants-ini.md uses for the status.
func (s KeyStatus) String() string {
	switch s {
	case KeySupported:
		return "supported"
	case KeyIgnored:
		return "read and ignored"
	case KeyNotYet:
		return "not yet"
	}
	return "?"
}

// INIKey is one key of Fairy-Stockfish's variants.ini language as Baten
// reads it: its name, the rule family that reads it (for a key not read
// yet: the family or issue that brings it), its status, and a note (the
// values read, why a key is ignored, the current name of an old one).
type INIKey struct {
	Name, Family string
	Status       KeyStatus
	Note         string
}

// INIKeys is every key of the language: each of the documented header of
// Fairy-Stockfish's own variants.ini, the older names it still reads and
// the piece types. docs/variants-ini.md's key table is made from it (and
// a test keeps the two equal): adding a key is adding its row here.
func INIKeys() []INIKey { return slices.Clone(iniKeys) }

// The statuses, short, for the one-line rows below.
const (
	sup = KeySupported
	ign = KeyIgnored
	not = KeyNotYet
)

// drops is the family of keys not read yet, with the issue that brings
// them.
const drops = "drops (#47)"

var iniKeys = []INIKey{
	// The board and the start.
	{"maxRank", "board", sup, "1..16"},
	{"maxFile", "board", sup, "1..16 or a..p"},
	{"startFen", "board", sup, ""},
	{"chess960", "castling", sup, "Chess960 castling in Shredder-FEN; Capablanca pieces get the caparandom arrays"}, // family: chess960
	{"twoBoards", drops, not, "bughouse"},
	{"variantTemplate", "hints", ign, "the GUI logic XBoard inherits"},
	{"pieceToCharTable", "hints", ign, "XBoard's piece images"},
	{"pocketSize", "hints", ign, "XBoard's pockets"},
	{"pieceValueMg", "hints", ign, "Fairy-Stockfish's evaluation"},
	{"pieceValueEg", "hints", ign, "Fairy-Stockfish's evaluation"},
	{"mobilityRegion", "per-colour rules", sup, "mobilityRegion<White|Black><Piece>: the only squares the piece may move to and attack"},
	// Pawns and promotion (fairy_colour.go).
	{"pawnTypes", "pawns", sup, "the pieces with a pawn's roles"},
	{"promotionRegionWhite", "promotion", sup, "any squares; may differ from Black's"},
	{"promotionRegionBlack", "promotion", sup, "any squares; may differ from White's"},
	{"promotionRank", "promotion", sup, "old name: promotionRegionWhite/Black"},
	{"promotionPawnTypes", "promotion", sup, ""},
	{"promotionPawnTypesWhite", "promotion", sup, "may differ from Black's"},
	{"promotionPawnTypesBlack", "promotion", sup, "may differ from White's"},
	{"promotionPieceTypes", "promotion", sup, ""},
	{"promotionPieceTypesWhite", "promotion", sup, "may differ from Black's"},
	{"promotionPieceTypesBlack", "promotion", sup, "may differ from White's"},
	{"sittuyinPromotion", drops, not, "Sittuyin"},
	{"promotionLimit", "promotion", sup, ""},
	{"promotedPieceType", "promotion", sup, "shogi style; the pawn's is one more promotion choice (wolf: p:e)"},
	{"piecePromotionOnCapture", drops, not, "micro shogi"},
	{"mandatoryPawnPromotion", "promotion", sup, ""},
	{"mandatoryPiecePromotion", "promotion", sup, ""},
	{"pieceDemotion", drops, not, "Kyoto shogi"},
	{"doubleStep", "pawns", sup, ""},
	{"doubleStepRegionWhite", "pawns", sup, "any squares (wolf: *2 b3 c3 f3 g3); may differ from Black's"},
	{"doubleStepRegionBlack", "pawns", sup, "any squares; may differ from White's"},
	{"doubleStepRank", "pawns", sup, "old name: doubleStepRegionWhite/Black"},
	{"doubleStepRankMin", "pawns", sup, "old name: doubleStepRegionWhite/Black"},
	{"tripleStepRegionWhite", "en passant squares", sup, "the pawn's; docs/rules-epsquares.md"},
	{"tripleStepRegionBlack", "en passant squares", sup, "the pawn's; docs/rules-epsquares.md"},
	{"enPassantRegion", "pawns", sup, ""},
	{"enPassantRegionWhite", "en passant squares", sup, "where White takes; may differ from Black's"},
	{"enPassantRegionBlack", "en passant squares", sup, "where Black takes; may differ from White's"},
	{"enPassantTypes", "pawns", sup, ""},
	{"enPassantTypesWhite", "pawns", sup, "may differ from Black's"},
	{"enPassantTypesBlack", "pawns", sup, "may differ from White's"},
	{"nMoveRuleTypes", "pawns", sup, ""},
	{"nMoveRuleTypesWhite", "pawns", sup, "may differ from Black's"},
	{"nMoveRuleTypesBlack", "pawns", sup, "may differ from White's"},
	// Castling.
	{"castling", "castling", sup, ""},
	{"castlingDroppedPiece", "drops", sup, "docs/rules-drops.md"},
	{"castlingKingsideFile", "castling", sup, ""},
	{"castlingQueensideFile", "castling", sup, ""},
	{"castlingRank", "castling", sup, ""},
	{"castlingKingFile", "castling", not, "several castling kings: no issue yet"},
	{"castlingKingPiece", "castling", sup, ""},
	{"castlingKingPieceWhite", "castling", not, "castling kings per colour: no issue yet"},
	{"castlingKingPieceBlack", "castling", not, "castling kings per colour: no issue yet"},
	{"castlingRookKingsideFile", "castling", not, "rooks off the corners: no issue yet"},
	{"castlingRookQueensideFile", "castling", not, "rooks off the corners: no issue yet"},
	{"castlingRookPieces", "castling", sup, "any kinds (perfect: rc)"},
	{"castlingRookPiecesWhite", "castling", sup, "may differ from Black's"},
	{"castlingRookPiecesBlack", "castling", sup, "may differ from White's"},
	{"castlingRookPiece", "castling", sup, "old name: castlingRookPieces"},
	{"kingType", "pieces", sup, "old name: king = k:Betza"},
	{"oppositeCastling", "move rules", sup, "docs/rules-moves.md"},
	{"castlingWins", "move rules", sup, "docs/rules-moves.md"},
	// Checks and captures.
	{"checking", "ends", sup, ""},
	{"dropChecks", "drops", sup, "docs/rules-drops.md"},
	{"mustCapture", "antichess", sup, "docs/rules-antichess.md"},
	{"blastOnCapture", "atomic", sup, "docs/rules-atomic.md"},
	{"blastImmuneTypes", "atomic", sup, "docs/rules-atomic.md"},
	{"mutuallyImmuneTypes", "atomic", sup, "docs/rules-atomic.md"},
	{"petrifyOnCaptureTypes", "petrify", sup, "docs/rules-petrify.md"},
	{"petrifyBlastPieces", "petrify", sup, "docs/rules-petrify.md"},
	{"makpongRule", "move rules", sup, "docs/rules-moves.md"},
	{"flyingGeneral", "royal guards", sup, "docs/rules-royal.md; not with blastOnCapture"},
	{"soldierPromotionRank", "palaces", sup, "docs/rules-xiangqi.md; the soldier piece type steps sideways from this rank"},
	{"diagonalLines", "palaces", sup, "docs/rules-janggi.md: the rook, wazir, king of kingType wazir, soldier and janggi cannon move along them"},
	{"immobilityIllegal", drops, sup, "false only: true (shogi, grand) is not supported yet"},
	// Drops and walls.
	{"mustDrop", "drops", sup, "docs/rules-drops.md"},
	{"mustDropType", "drops", sup, "a piece letter or * (any)"},
	{"pieceDrops", "drops", sup, "docs/rules-drops.md"},
	{"dropLoop", "drops", sup, "docs/rules-drops.md"},
	{"capturesToHand", "drops", sup, "docs/rules-drops.md"},
	{"firstRankPawnDrops", "drops", sup, "docs/rules-drops.md"},
	{"promotionZonePawnDrops", "drops", sup, "docs/rules-drops.md"},
	{"enclosingDrop", drops, not, "reversi, ataxx"},
	{"enclosingDropStart", drops, not, ""},
	{"flipEnclosedPieces", drops, not, "reversi, ataxx"},
	{"dropRegionWhite", "drops", sup, "docs/rules-drops.md"},
	{"dropRegionBlack", "drops", sup, "docs/rules-drops.md"},
	{"whiteDropRegion", "drops", sup, "old name: dropRegionWhite"},
	{"blackDropRegion", "drops", sup, "old name: dropRegionBlack"},
	{"dropOnTop", drops, not, "old name: enclosingDrop = top"},
	{"sittuyinRookDrop", drops, not, ""},
	{"dropOppositeColoredBishop", "drops", sup, "docs/rules-drops.md"},
	{"dropPromoted", drops, sup, "false only: true (shogi's promoted drops) is not supported yet"},
	{"dropNoDoubled", "drops", sup, "docs/rules-drops.md"},
	{"dropNoDoubledCount", "drops", sup, "docs/rules-drops.md"},
	{"shogiPawnDropMateIllegal", drops, not, ""},
	{"gating", "gating", sup, "with cambodianMoves only"},
	{"seirawanGating", drops, not, "S-Chess"},
	{"cambodianMoves", "gating", sup, ""},
	{"wallingRule", "walls", sup, "docs/rules-walls.md"},
	{"wallingRegion", "walls", sup, "both colours' wallingRegionWhite/Black"},
	{"wallingRegionWhite", "walls", sup, ""},
	{"wallingRegionBlack", "walls", sup, ""},
	{"wallOrMove", "walls", sup, ""},
	{"pass", "move rules", sup, "docs/rules-moves.md"},
	{"passWhite", "move rules", sup, "docs/rules-moves.md"},
	{"passBlack", "move rules", sup, "docs/rules-moves.md"},
	{"passOnStalemate", "move rules", sup, "docs/rules-moves.md"},
	{"passOnStalemateWhite", "move rules", sup, "docs/rules-moves.md"},
	{"passOnStalemateBlack", "move rules", sup, "docs/rules-moves.md"},
	// Ends.
	{"nMoveRule", "ends", sup, ""},
	{"nFoldRule", "ends", sup, ""},
	{"nFoldValue", "ends", sup, ""},
	{"nFoldValueAbsolute", "ends", sup, ""},
	{"perpetualCheckIllegal", "move rules", sup, "docs/rules-moves.md"},
	{"moveRepetitionIllegal", "royal guards", sup, "docs/rules-royal.md: the game record applies it"},
	{"chasingRule", "palaces", sup, "docs/rules-xiangqi.md: axf or none; the game record judges it"},
	{"stalemateValue", "ends", sup, ""},
	{"stalematePieceCount", "antichess", sup, "docs/rules-antichess.md"},
	{"checkmateValue", "ends", sup, ""},
	{"shatarMateRule", "move rules", sup, "docs/rules-moves.md"},
	{"bikjangRule", "palaces", sup, "docs/rules-janggi.md"},
	{"extinctionValue", "extinction", sup, ""},
	{"extinctionClaim", "extinction", sup, ""},
	{"extinctionPseudoRoyal", "antichess", sup, "not with * in extinctionPieceTypes"},
	{"dupleCheck", "royal guards", sup, "docs/rules-royal.md; not with blastOnCapture"},
	{"extinctionPieceTypes", "extinction", sup, ""},
	{"extinctionPieceCount", "extinction", sup, ""},
	{"extinctionOpponentPieceCount", "extinction", sup, ""},
	{"bareKingValue", "extinction", sup, "old name: extinctionValue and its counts"},
	{"bareKingMove", "extinction", sup, "old name: extinctionClaim"},
	{"flagPiece", "flags", sup, "docs/rules-flag.md"},
	{"flagPieceWhite", "flags", sup, "docs/rules-flag.md"},
	{"flagPieceBlack", "flags", sup, "docs/rules-flag.md"},
	{"flagRegion", "flags", sup, "docs/rules-flag.md"},
	{"flagRegionWhite", "flags", sup, "docs/rules-flag.md"},
	{"flagRegionBlack", "flags", sup, "docs/rules-flag.md"},
	{"whiteFlag", "flags", sup, "old name of flagRegionWhite"},
	{"blackFlag", "flags", sup, "old name of flagRegionBlack"},
	{"flagPieceCount", "flags", sup, "docs/rules-flag.md"},
	{"flagPieceBlockedWin", "flags", sup, "docs/rules-flag.md"},
	{"flagMove", "flags", sup, "docs/rules-flag.md"},
	{"flagPieceSafe", "flags", sup, "docs/rules-flag.md"},
	{"checkCounting", "check counting", sup, "the checks to give are the start FEN's counter (docs/rules-checks.md)"},
	{"connectN", "connection", sup, "docs/rules-connect.md"},
	{"connectPieceTypes", "connection", sup, "docs/rules-connect.md"},
	{"connectVertical", "connection", sup, "docs/rules-connect.md"},
	{"connectHorizontal", "connection", sup, "docs/rules-connect.md"},
	{"connectDiagonal", "connection", sup, "docs/rules-connect.md"},
	{"connectRegion1White", "connection", sup, "docs/rules-connect.md"},
	{"connectRegion2White", "connection", sup, "docs/rules-connect.md"},
	{"connectRegion1Black", "connection", sup, "docs/rules-connect.md"},
	{"connectRegion2Black", "connection", sup, "docs/rules-connect.md"},
	{"connectNxN", "connection", sup, "docs/rules-connect.md"},
	{"collinearN", "connection", sup, "docs/rules-connect.md"},
	{"connectValue", "connection", sup, "docs/rules-connect.md"},
	{"materialCounting", "move rules", sup, "none, unweighted, whitedrawodds, blackdrawodds, janggi (docs/rules-janggi.md)"},
	{"adjudicateFullBoard", drops, not, "reversi"},
	{"countingRule", "counting", sup, "makruk, asean, none"},
	// Piece types (fairypieces.go): a letter, "-", or letter:Betza.
	{"customPieceN", "pieces", sup, "customPiece1 … customPiece25"},
	{"pawn", "pieces", sup, ""},
	{"knight", "pieces", sup, ""},
	{"bishop", "pieces", sup, ""},
	{"rook", "pieces", sup, ""},
	{"queen", "pieces", sup, ""},
	{"fers", "pieces", sup, "also met, ferz"},
	{"alfil", "pieces", sup, ""},
	{"fersAlfil", "pieces", sup, ""},
	{"silver", "pieces", sup, "also khon"},
	{"aiwok", "pieces", sup, ""},
	{"bers", "pieces", sup, "also dragon"},
	{"archbishop", "pieces", sup, ""},
	{"chancellor", "pieces", sup, ""},
	{"amazon", "pieces", sup, ""},
	{"knibis", "pieces", sup, ""},
	{"biskni", "pieces", sup, ""},
	{"kniroo", "pieces", sup, ""},
	{"rookni", "pieces", sup, ""},
	{"shogiPawn", "pieces", sup, ""},
	{"lance", "pieces", sup, ""},
	{"shogiKnight", "pieces", sup, "also euroshogiKnight"},
	{"gold", "pieces", sup, ""},
	{"dragonHorse", "pieces", sup, ""},
	{"clobber", "pieces", sup, ""},
	{"breakthrough", "pieces", sup, ""},
	{"immobile", "pieces", sup, ""},
	{"cannon", "pieces", sup, ""},
	{"janggiCannon", "pieces", sup, "pR that may not hop over or take a janggi cannon (docs/rules-janggi.md)"},
	{"soldier", "pieces", sup, ""},
	{"horse", "pieces", sup, ""},
	{"elephant", "pieces", sup, ""},
	{"janggiElephant", "pieces", sup, ""},
	{"banner", "pieces", sup, ""},
	{"wazir", "pieces", sup, ""},
	{"commoner", "pieces", sup, ""},
	{"centaur", "pieces", sup, ""},
	{"king", "pieces", sup, ""},
}

// lookupKey finds a key's row; mobilityRegion<Colour><Piece> keys share
// one.
func lookupKey(key string) (INIKey, bool) {
	if strings.HasPrefix(key, "mobilityRegionWhite") || strings.HasPrefix(key, "mobilityRegionBlack") {
		key = "mobilityRegion"
	}
	for _, k := range iniKeys {
		if k.Name == key {
			return k, true
		}
	}
	return INIKey{}, false
}

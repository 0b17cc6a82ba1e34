package fairy_test

// piecesAndKeys are fairy.ini's games that need only pieces and keys
// (issue 45): they combine movements and rules the other games already
// check, so TestSpecEqualsImpl plays a tenth as many random games of
// each (three; one with -short or -race) to keep the CI run's budget.
var piecesAndKeys = map[string]bool{
	"torpedo": true, "chaturanga": true, "nightrider": true, "grasshopper": true,
	"hoppelpoppel": true, "newzealand": true, "amazon": true, "georgian": true,
	"raazuvaa": true, "paradigm": true, "ai-wok": true, "modern": true,
	"centaur": true, "tencubed": true, "opulent": true, "fox-and-hounds": true,
	"perfect": true, "gustav3": true, "chigorin": true, // castling rooks, walls and per-colour promotions already checked elsewhere
	"caparandom": true, // family: chess960: capablanca's moves; TestCapaRandomSpecEqualsImpl walks its arrays
	// Fairy-Stockfish's built-ins of the families above
	"clobber10": true, "isolation": true, "isolation7x7": true, "joust": true, "sortofalmost": true, "troitzky": true, "omicron": true,
}

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
}

// fsfBuiltins are Fairy-Stockfish's built-ins of the families above
// (issue 45): TestSpecEqualsImpl plays one random game of each, of 25
// plies with -short or -race (the reference generator on 10×10 and 12×10
// boards costs 20 s a 100-ply game under the race detector); the oracle's
// counts in variant.TestFairyPerft check them besides.
var fsfBuiltins = map[string]bool{
	"clobber10": true, "isolation": true, "isolation7x7": true, "joust": true, "sortofalmost": true, "troitzky": true, "omicron": true,
}

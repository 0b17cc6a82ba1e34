package rules

import (
	"strings"
)

// FSFFEN rewrites a FEN of v as Fairy-Stockfish reads it, by the form of
// its fields rather than their number, into the full form ParseFEN reads:
// after the placement and the side to move, a castling field unless the
// next field is a number, then an en passant field ("-" or a square)
// where there is one, Fairy-Stockfish's check counter ("3+3") where there
// is one, and the clocks. So "… w - 0 1" (petty: castling, no en passant)
// and "… w 7+7 0 1" (rookmate: a check counter where castling would be)
// read as "… w - - 0 1" and "… w - - 7+7 0 1". A placement alone has the
// first player to move (nim); a missing fullmove number is 1.
//
// It is for the start positions of variants.ini sections and FENs given
// on the command line, where users write Fairy-Stockfish's forms; FEN
// keeps the strict form, and other input is read strictly. A FEN of
// another style, one with a counting rule (whose en passant field holds
// the count), or one in a form it does not know is returned unchanged, for
// ParseFEN to accept or to report.
func FSFFEN(v *Variant, fen string) string {
	f := strings.Fields(fen)
	if v.FEN != ChessFEN || v.Counting != nil || len(f) == 0 {
		return fen
	}
	if len(f) == 1 {
		f = append(f, v.SideLetters[First]) // a placement alone: the first player moves (nim, alapo)
	}
	rest := f[2:]
	out := []string{f[0], f[1], "-", "-"}
	if len(rest) > 0 && !startsWithDigit(rest[0]) && !isCounter(rest[0]) {
		out[2], rest = rest[0], rest[1:]
		if len(rest) > 0 && (rest[0] == "-" || isSquare(rest[0])) {
			out[3], rest = rest[0], rest[1:]
		}
	}
	if len(rest) > 0 && isCounter(rest[0]) {
		out, rest = append(out, rest[0]), rest[1:]
	}
	switch {
	case len(rest) == 1 && isNumber(rest[0]):
		out = append(out, rest[0], "1")
	case len(rest) == 2 && isNumber(rest[0]) && isNumber(rest[1]):
		out = append(out, rest...)
	case len(rest) > 0 && !(len(rest) == 1 && strings.HasPrefix(rest[0], "+")): // lichess's "+0+0" last stays
		return fen
	default:
		out = append(out, rest...)
	}
	return strings.Join(out, " ")
}

func isNumber(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }

func startsWithDigit(s string) bool { return s != "" && s[0] >= '0' && s[0] <= '9' }

// isCounter reports Fairy-Stockfish's check counter form, "3+3".
func isCounter(s string) bool { return fsfChecks.MatchString(s) }

// isSquare reports a square's form: a file letter and a rank number.
func isSquare(s string) bool { return len(s) >= 2 && s[0] >= 'a' && s[0] <= 'z' && isNumber(s[1:]) }

package draughts

import (
	"strconv"
	"strings"
)

// ParseFEN reads a PDN FEN such as "B:W18,24,27,28,K10,K15:B12,16,20,K22":
// the side to move (B or W), then each side's squares in either order, K
// marking a king, a-b a range of squares ("B:W21-32:B1-12"). Numbers may
// have leading zeros, spaces around items are ignored and a final "." is
// allowed. The result is unchecked; NewPosition validates it. Errors wrap
// ErrFEN in a *SyntaxError naming the text at fault.
func ParseFEN(text string) (Setup, error) {
	var s Setup
	body := strings.TrimSuffix(strings.TrimSpace(text), ".")
	fields := strings.Split(body, ":")
	if len(fields) != 3 {
		return s, syntaxErr(ErrFEN, text, "want side:pieces:pieces, found %d fields", len(fields))
	}
	turn, ok := colorLetter(strings.TrimSpace(fields[0]))
	if !ok {
		return s, syntaxErr(ErrFEN, text, "side to move %q is neither B nor W", fields[0])
	}
	s.Turn = turn
	var seen [2]bool
	sides := [2]*SquareSet{&s.Black, &s.White}
	for _, field := range fields[1:] {
		field = strings.TrimSpace(field)
		c, ok := Color(0), false
		if field != "" {
			c, ok = colorLetter(field[:1])
		}
		if !ok || seen[c] {
			return s, syntaxErr(ErrFEN, text, "pieces %q must start with B or W, once each", field)
		}
		seen[c] = true
		if strings.TrimSpace(field[1:]) == "" {
			continue
		}
		for _, item := range strings.Split(field[1:], ",") {
			item = strings.TrimSpace(item)
			king := strings.HasPrefix(item, "K") || strings.HasPrefix(item, "k")
			if king {
				item = item[1:]
			}
			lo, hi, ok := squareRange(item)
			if !ok {
				return s, syntaxErr(ErrFEN, text, "%q is not a square 1-32 or a range of them", item)
			}
			for n := lo; n <= hi; n++ {
				bit := Square(n - 1).Bit()
				if (s.Black|s.White)&bit != 0 {
					return s, syntaxErr(ErrFEN, text, "square %d given twice", n)
				}
				*sides[c] |= bit
				if king {
					s.Kings |= bit
				}
			}
		}
	}
	return s, nil
}

// FromFEN is ParseFEN followed by NewPosition.
func FromFEN(text string) (Position, error) {
	s, err := ParseFEN(text)
	if err != nil {
		return Position{}, err
	}
	return NewPosition(s)
}

// colorLetter reads "B" or "W" (either case).
func colorLetter(text string) (Color, bool) {
	switch text {
	case "B", "b":
		return Black, true
	case "W", "w":
		return White, true
	}
	return 0, false
}

// squareRange reads "n" or "a-b" with 1 ≤ a ≤ b ≤ 32.
func squareRange(item string) (lo, hi int, ok bool) {
	a, b, isRange := strings.Cut(item, "-")
	lo, ok = squareNumber(a)
	hi = lo
	if ok && isRange {
		hi, ok = squareNumber(b)
	}
	return lo, hi, ok && lo <= hi
}

// squareNumber reads a PDN square number 1–32, digits only (leading zeros
// allowed, no sign).
func squareNumber(text string) (int, bool) {
	if text == "" || len(text) > 4 {
		return 0, false
	}
	for i := 0; i < len(text); i++ {
		if text[i] < '0' || text[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(text)
	return n, err == nil && n >= 1 && n <= NumSquares
}

// FEN prints s in PDN FEN: side to move, White's pieces, then Black's, each
// in increasing square order with K before kings and no ranges, as
// "B:W21,22,K30:B1,2". ParseFEN reads it back to s.
func (s Setup) FEN() string {
	b := make([]byte, 0, 128)
	b = append(b, "BW"[s.Turn&1])
	for _, c := range [2]Color{White, Black} {
		b = append(b, ':', "BW"[c])
		set := s.Black
		if c == White {
			set = s.White
		}
		for i, sq := range set.Squares() {
			if i > 0 {
				b = append(b, ',')
			}
			if s.Kings.Has(sq) {
				b = append(b, 'K')
			}
			b = strconv.AppendInt(b, int64(sq.Number()), 10)
		}
	}
	return string(b)
}

// FEN prints p in PDN FEN (see Setup.FEN).
func (p Position) FEN() string { return p.Setup().FEN() }

// String is the FEN.
func (p Position) String() string { return p.FEN() }

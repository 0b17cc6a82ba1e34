package variant

import "strings"

// Hands returns the pieces each side holds in hand in a game with drops
// (crazyhouse, shogi), as FEN letters in the order FEN writes them: White's
// in upper case, Black's in lower case ("" for an empty hand). ok is false
// for a game without hands.
//
// It reads the hand from the position's FEN, which every generator writes
// the same way ("…/RNBQKBNR[Qnp]"), so it holds for the reference and the
// fast generator alike.
func Hands(p Position) (white, black string, ok bool) {
	v := p.Variant()
	if v.Rules == nil || v.Rules().Drops == nil {
		return "", "", false
	}
	placement, _, _ := strings.Cut(p.FEN(), " ")
	i := strings.IndexByte(placement, '[')
	if i < 0 {
		return "", "", true
	}
	hand := strings.TrimSuffix(placement[i+1:], "]")
	var w, b strings.Builder
	for j := 0; j < len(hand); j++ {
		switch c := hand[j]; {
		case c >= 'A' && c <= 'Z':
			w.WriteByte(c)
		case c >= 'a' && c <= 'z':
			b.WriteByte(c)
		}
	}
	return w.String(), b.String(), true
}

package variant

import "slices"

// mainCastlingRook is the name of the rook that rules.Castling.Rook
// names: castlingRookPiece where both colours castle with it, else the
// first of White's castling rooks, or Black's; "" for none.
func (c *fairyConfig) mainCastlingRook(rooks [2][]string) string {
	if slices.Contains(rooks[0], c.castlingRook) && slices.Contains(rooks[1], c.castlingRook) {
		return c.castlingRook
	}
	for _, set := range rooks {
		if len(set) > 0 {
			return set[0]
		}
	}
	return ""
}

// castlingRookLetters is rules.Castling.Rooks: each colour's castling
// rook kinds by letter, or none where both colours castle with the one
// kind Castling.Rook names.
func (c *fairyConfig) castlingRookLetters(rooks [2][]string) [2]string {
	var out [2]string
	main := c.mainCastlingRook(rooks)
	if slices.Equal(rooks[0], []string{main}) && slices.Equal(rooks[1], []string{main}) {
		return out
	}
	for side, set := range rooks {
		for _, name := range set {
			if p := c.piece(name); p != nil {
				out[side] += string(p.letter)
			}
		}
		if out[side] == "" {
			out[side] = "-" // castles with no kind: no letter is '-'
		}
	}
	return out
}

// rooksFrom is a built-in parent's castling rook kinds by colour, as
// names (castlingRookPiecesWhite/Black); nil where Castling.Rook alone
// castles.
func (c *fairyConfig) rooksFrom(letters [2]string) [2][]string {
	var out [2][]string
	for side, l := range letters {
		if l == "" {
			continue
		}
		out[side] = []string{}
		for i := 0; i < len(l); i++ {
			if p := c.byLetter(l[i]); p != nil {
				out[side] = append(out[side], p.name)
			}
		}
	}
	return out
}

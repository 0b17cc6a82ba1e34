package san

import "github.com/baten-chess/baten/chess"

// Format returns the SAN of m, which must be a legal move of p (for any
// other move the result is unspecified). p is not changed.
func Format(p *chess.Position, m chess.Move) string {
	var buf [16]byte
	return string(Append(buf[:0], p, m))
}

// Append appends the SAN of m, a legal move of p, to dst and returns the
// extended slice; it does not allocate when dst has room for 8 more bytes.
// p is not changed.
func Append(dst []byte, p *chess.Position, m chess.Move) []byte {
	from, to := m.From(), m.To()
	switch {
	case m.IsCastling():
		if to > from {
			dst = append(dst, "O-O"...)
		} else {
			dst = append(dst, "O-O-O"...)
		}
	case p.PieceAt(from).Role() == chess.Pawn:
		if from.File() != to.File() {
			dst = append(dst, 'a'+byte(from.File()), 'x')
		}
		dst = appendSquare(dst, to)
		if r := m.Promotion(); r != chess.NoRole {
			dst = append(dst, '=', roleLetter(r))
		}
	default:
		role := p.PieceAt(from).Role()
		dst = append(dst, roleLetter(role))
		dst = appendDisambiguation(dst, p, m, role)
		if p.PieceAt(to) != chess.NoPiece {
			dst = append(dst, 'x')
		}
		dst = appendSquare(dst, to)
	}
	q := *p
	q.Play(m)
	if q.InCheck() {
		var ml chess.MoveList
		q.LegalMoves(&ml)
		if ml.Len() == 0 {
			dst = append(dst, '#')
		} else {
			dst = append(dst, '+')
		}
	}
	return dst
}

// appendDisambiguation writes the from-file, from-rank or both, as needed
// to tell m from the other legal moves of a piece of the same role to the
// same square.
func appendDisambiguation(dst []byte, p *chess.Position, m chess.Move, role chess.Role) []byte {
	from, to := m.From(), m.To()
	var ml chess.MoveList
	p.LegalMoves(&ml)
	others, sameFile, sameRank := false, false, false
	for _, o := range ml.Slice() {
		if o.To() != to || o.From() == from || o.IsCastling() || p.PieceAt(o.From()).Role() != role {
			continue
		}
		others = true
		if o.From().File() == from.File() {
			sameFile = true
		}
		if o.From().Rank() == from.Rank() {
			sameRank = true
		}
	}
	switch {
	case !others:
	case !sameFile:
		dst = append(dst, 'a'+byte(from.File()))
	case !sameRank:
		dst = append(dst, '1'+byte(from.Rank()))
	default:
		dst = appendSquare(dst, from)
	}
	return dst
}

func appendSquare(dst []byte, s chess.Square) []byte {
	return append(dst, 'a'+byte(s.File()), '1'+byte(s.Rank()))
}

// roleLetter returns the upper-case SAN letter of r ('P' for a pawn).
func roleLetter(r chess.Role) byte { return "-PNBRQK"[r%7] }

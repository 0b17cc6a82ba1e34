package shatranj

import (
	"errors"
	"strings"
)

// ErrAmbiguousMove is wrapped by ParseSAN's error when the text fits more
// than one legal move.
var ErrAmbiguousMove = errors.New("shatranj: ambiguous move")

// SAN returns the legal move m of p in algebraic notation: the piece
// letter (K F A N R, none for a Baidaq), the file, rank or square of
// departure when needed to tell it from another piece of the same kind, x
// for a capture (a capturing Baidaq names its file, "exd4"), the arrival
// square, then "BK" when the move wins by bare king, "#" when it mates and
// "+" when it checks. A promotion needs no suffix: the Baidaq always
// becomes a Ferz.
func SAN(p *Position, m Move) string {
	var b strings.Builder
	from, to := m.From(), m.To()
	t := p.board[from].Type()
	capture := p.board[to] != NoPiece
	if t == Baidaq {
		if capture {
			b.WriteByte('a' + byte(from.File()))
		}
	} else {
		b.WriteByte(t.Letter())
		var ml MoveList
		p.LegalMoves(&ml)
		var others []Square
		for _, o := range ml.Slice() {
			if o.To() == to && o.From() != from && p.board[o.From()].Type() == t {
				others = append(others, o.From())
			}
		}
		if len(others) > 0 {
			file, rank := true, true
			for _, o := range others {
				if o.File() == from.File() {
					file = false
				}
				if o.Rank() == from.Rank() {
					rank = false
				}
			}
			switch {
			case file:
				b.WriteByte('a' + byte(from.File()))
			case rank:
				b.WriteByte('1' + byte(from.Rank()))
			default:
				b.WriteString(from.String())
			}
		}
	}
	if capture {
		b.WriteByte('x')
	}
	b.WriteString(to.String())
	q := p.Play(m)
	if o, ok := q.Outcome(); ok && o.Reason == BareKing {
		b.WriteString("BK")
	} else if q.InCheck() {
		if ok && o.Reason == Checkmate {
			b.WriteByte('#')
		} else {
			b.WriteByte('+')
		}
	}
	return b.String()
}

// ParseSAN reads a move in algebraic notation (see SAN) and resolves it
// against the legal moves of p. It is lenient: "x", "-", the suffixes "+",
// "#", "BK", "!" and "?" and a promotion suffix "=F" or "=Q" are optional;
// a departure file, rank or square may always be given; Fairy-Stockfish's
// letters Q (Ferz) and B (Alfil) are accepted; long algebraic ("e2e3")
// works too. The error wraps ErrSyntax, ErrIllegalMove or ErrAmbiguousMove.
func ParseSAN(p *Position, text string) (Move, error) {
	fail := func(err error) (Move, error) {
		return NoMove, &MoveError{Text: text, FEN: p.FEN(), Err: err}
	}
	s := strings.TrimSpace(text)
	for {
		n := len(s)
		s = strings.TrimRight(s, "+#!?")
		s = strings.TrimSuffix(s, "BK")
		if len(s) >= 2 && s[len(s)-2] == '=' && strings.IndexByte("FQfq", s[len(s)-1]) >= 0 {
			s = s[:len(s)-2]
		}
		if len(s) == n {
			break
		}
	}
	t := Baidaq
	letter := false
	if len(s) > 0 {
		if lt, ok := typeFromLetter(s[0]); ok {
			t, s, letter = lt, s[1:], true
		}
	}
	s = strings.NewReplacer("x", "", "X", "", "-", "", ":", "").Replace(s)
	if len(s) < 2 || len(s) > 4 {
		return fail(ErrSyntax)
	}
	to, ok := parseSquare(s[len(s)-2:])
	if !ok {
		return fail(ErrSyntax)
	}
	file, rank := -1, -1
	for _, c := range []byte(s[:len(s)-2]) {
		switch {
		case c >= 'a' && c <= 'h' && file < 0:
			file = int(c - 'a')
		case c >= '1' && c <= '8' && rank < 0:
			rank = int(c - '1')
		default:
			return fail(ErrSyntax)
		}
	}
	// Without a letter, a full departure square is long algebraic: any piece.
	anyType := !letter && file >= 0 && rank >= 0
	var ml MoveList
	p.LegalMoves(&ml)
	found := NoMove
	for _, m := range ml.Slice() {
		f := m.From()
		if m.To() != to || (p.board[f].Type() != t && !anyType) ||
			(file >= 0 && f.File() != file) || (rank >= 0 && f.Rank() != rank) {
			continue
		}
		if found != NoMove {
			return fail(ErrAmbiguousMove)
		}
		found = m
	}
	if found == NoMove {
		return fail(ErrIllegalMove)
	}
	return found, nil
}

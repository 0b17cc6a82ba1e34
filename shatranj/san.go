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
// square, then "BK" when the game ends by bare king with the move, "#"
// when it mates and "+" when it checks. BK follows the game's verdict
// (BareKingWinner): it is also written when the bared side is left to move
// but cannot take the opponent's last piece, and on a bared side's move
// that declines to take back that piece (the mover's own loss). A promotion
// needs no suffix: the Baidaq always becomes a Ferz.
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
	b.WriteString(endMark(p.Play(m)))
	return b.String()
}

// endMark returns the SAN suffix for the position q a move led to, judged
// as Game judges it: "BK" when the bare-king rule decides the game
// (BareKingWinner, also when no counter-bare capture is left to the bared
// side), "#" for checkmate, "+" for check, and nothing otherwise (a
// stalemate has no mark). Outcome is asked first, as Game does, so a
// bared side that is mated gets "#".
func endMark(q Position) string {
	if o, over := q.Outcome(); over {
		switch o.Reason {
		case BareKing:
			return "BK"
		case Checkmate:
			return "#"
		}
		return ""
	}
	if _, bare := q.BareKingWinner(); bare {
		return "BK"
	}
	if q.InCheck() {
		return "+"
	}
	return ""
}

// sanSeparators removes the capture and separator signs ParseSAN
// ignores. It is built once: building a Replacer costs more than using it.
var sanSeparators = strings.NewReplacer("x", "", "X", "", "-", "", ":", "")

// ParseSAN reads a move in algebraic notation (see SAN) and resolves it
// against the legal moves of p. It is lenient: "x", "-", the suffixes "+",
// "#", "BK", "!" and "?" and a promotion suffix "=F" or "=Q" are optional;
// a departure file, rank or square may always be given; Fairy-Stockfish's
// letters Q (Ferz) and B (Alfil) are accepted; long algebraic ("e2e3")
// works too. The error wraps ErrSyntax, ErrIllegalMove or ErrAmbiguousMove;
// its Why says why no move fits (no such piece, none that can move there,
// the opponent's piece, a pinned piece, a check left unanswered, the game
// over) or names the moves that all fit.
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
	s = sanSeparators.Replace(s)
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
	fits := func(m Move) bool {
		f := m.From()
		return m.To() == to && (p.board[f].Type() == t || anyType) &&
			(file < 0 || f.File() == file) && (rank < 0 || f.Rank() == rank)
	}
	found, n := NoMove, 0
	for _, m := range ml.Slice() {
		if fits(m) {
			found = m
			n++
		}
	}
	switch n {
	case 0:
		return NoMove, &MoveError{Text: text, FEN: p.FEN(), Err: ErrIllegalMove,
			Why: p.whyNoMatch(t, anyType, file, rank, to)}
	case 1:
		return found, nil
	}
	var sans []string
	for _, m := range ml.Slice() {
		if fits(m) {
			sans = append(sans, SAN(p, m))
		}
	}
	return NoMove, &MoveError{Text: text, FEN: p.FEN(), Err: ErrAmbiguousMove,
		Why: "it fits " + strings.Join(sans[:len(sans)-1], ", ") + " and " + sans[len(sans)-1]}
}

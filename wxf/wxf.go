// Package wxf writes and reads xiangqi moves in the notation of the World
// Xiangqi Federation (WXF), the English form of the Chinese records that
// xiangqi players and books use: "C2=5" (the cannon on file 2 traverses to
// file 5), "H8+7" (the horse on file 8 advances to file 7), "R1-2" (the
// chariot on file 1 retreats two points).
//
// A move is four characters:
//
//   - the piece: K general, A advisor, E elephant, H horse, R chariot,
//     C cannon, P soldier (other kinds by their FEN letter);
//   - the file it stands on, numbered 1 to 9 from the mover's right: Red's
//     (the first player's) file 1 is the i-file, Black's is the a-file;
//   - "+" forward, "-" backward, "=" traversing along the rank;
//   - for a move along a file, the number of points moved; otherwise the
//     file it arrives on.
//
// Two pieces of a kind on one file ("tandem") are told apart by "+" for
// the front one and "-" for the rear one in place of the file: "R+=4",
// "C--1". Advisors and elephants keep their file, since their move names
// the piece anyway ("A6+5"). Soldiers follow the federation's cases for
// several on a file: with three the middle one keeps its file ("P+=4",
// "P3=4", "P-=4"); with four or five the foremost and rearmost are "++"
// and "--"; when two files hold tandem soldiers the file's number replaces
// the letter ("3+=4", "33=4", "7-=6").
//
// The federation's own page writes a traverse with "." ("C2.5"); many
// books and this package write "=", which keeps a move one token in PGN,
// where "." separates move numbers. Parse reads both, and the plain file
// form of a tandem piece ("C3=5" for "C-=5") where it names one move.
package wxf

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
)

// Errors of Parse, matched with errors.Is.
var (
	// ErrIllegal: the text names no legal move.
	ErrIllegal = errors.New("wxf: no legal move")
	// ErrAmbiguous: the text names more than one legal move.
	ErrAmbiguous = errors.New("wxf: ambiguous move")
)

// Letter is the WXF letter of a kind: Fairy-Stockfish's xiangqi letters
// but H for its horse (N) and E for its elephant (B).
func Letter(k *rules.PieceKind) byte {
	switch k.Letter {
	case 'N':
		return 'H'
	case 'B':
		return 'E'
	}
	return k.Letter
}

// Format writes m, a legal move of p, in WXF notation. The board must be
// at most nine files wide, so that a file is one digit, and its pieces
// xiangqi's: a kind that both rides along a file and leaps off it, such as
// manchu's banner, can move five points forward and leap to file 5 from
// the same square, which WXF writes alike.
func Format(p *rules.Position, m rules.Move) string {
	return format(p, m, false)
}

// format writes m; plain keeps the file digit of a tandem piece.
func format(p *rules.Position, m rules.Move, plain bool) string {
	v := p.Variant()
	mover := p.At(m.From)
	if mover.Empty() || m.Pass {
		return "--"
	}
	side := mover.Owner
	letter := Letter(v.Kind(mover.Kind))
	var b strings.Builder
	b.WriteString(prefix(p, m.From, letter, plain))
	direction := byte('-')
	if (m.To.Rank > m.From.Rank) == (side == rules.First) {
		direction = '+'
	}
	switch {
	case m.To.File == m.From.File:
		b.WriteByte(direction)
		b.WriteString(strconv.Itoa(abs(m.To.Rank - m.From.Rank)))
	case m.To.Rank == m.From.Rank:
		b.WriteByte('=')
		b.WriteString(fileNumber(v.Size, side, m.To.File))
	default:
		b.WriteByte(direction)
		b.WriteString(fileNumber(v.Size, side, m.To.File))
	}
	return b.String()
}

// prefix is the piece and where it stands: its letter and file, or the
// tandem forms.
func prefix(p *rules.Position, from geom.Square, letter byte, plain bool) string {
	v := p.Variant()
	mover := p.At(from)
	file := fileNumber(v.Size, mover.Owner, from.File)
	own := string(letter) + file
	if plain || letter == 'A' || letter == 'E' {
		return own
	}
	column := tandem(p, mover, from.File)
	if len(column) < 2 {
		return own
	}
	i := slices.Index(column, from.Rank)
	if letter != 'P' {
		return string(letter) + frontRear(i, len(column))
	}
	files := 0 // files holding two or more of the mover's soldiers
	for f := range v.Size.W {
		if len(tandem(p, mover, f)) >= 2 {
			files++
		}
	}
	n := len(column)
	switch {
	case files >= 2 && n == 3 && i == 1:
		return file + file
	case files >= 2 && n <= 3:
		return file + frontRear(i, n)
	case files >= 2: // more soldiers than xiangqi has: counted from the front
		return file + strconv.Itoa(i+1)
	case n == 3 && i == 1, n == 5 && i == 2:
		return own
	case n >= 4 && i == 0:
		return "++"
	case n >= 4 && i == n-1:
		return "--"
	case n >= 4 && i == 1:
		return "P+"
	case n >= 4 && i == n-2:
		return "P-"
	}
	return "P" + frontRear(i, n)
}

// frontRear is "+" for the front piece of a file, "-" for the others
// (the rear of two).
func frontRear(i, n int) string {
	if i == 0 {
		return "+"
	}
	return "-"
}

// tandem lists the ranks of the pieces like pc on file f, the front one
// (furthest forward for its owner) first.
func tandem(p *rules.Position, pc rules.Piece, f int) []int {
	var ranks []int
	for r := range p.Variant().Size.H {
		if p.At(geom.Square{File: f, Rank: r}) == pc {
			ranks = append(ranks, r)
		}
	}
	if pc.Owner == rules.First {
		slices.Reverse(ranks)
	}
	return ranks
}

// fileNumber numbers file f from side's right, from 1.
func fileNumber(size geom.Size, side rules.Player, f int) string {
	if side == rules.First {
		return strconv.Itoa(size.W - f)
	}
	return strconv.Itoa(f + 1)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Parse reads a move of p written in WXF notation: the letters in either
// case, "=" or "." for a traverse, Fairy-Stockfish's N and B for the horse
// and elephant, and the plain file of a tandem piece where only one legal
// move matches it. The error wraps ErrIllegal or ErrAmbiguous.
func Parse(p *rules.Position, text string) (rules.Move, error) {
	want := normalise(text)
	if len(want) != 4 {
		return rules.Move{}, fmt.Errorf("%w: %q is not four characters (piece, file, direction, point)", ErrIllegal, text)
	}
	moves := p.LegalMoves()
	for _, m := range moves {
		if format(p, m, false) == want {
			return m, nil
		}
	}
	var found []rules.Move
	for _, m := range moves {
		if format(p, m, true) == want {
			found = append(found, m)
		}
	}
	switch len(found) {
	case 0:
		return rules.Move{}, fmt.Errorf("%w: %q", ErrIllegal, text)
	case 1:
		return found[0], nil
	}
	return rules.Move{}, fmt.Errorf("%w: %q names %d moves; tell tandem pieces apart with + and -", ErrAmbiguous, text, len(found))
}

// normalise writes text as Format would: upper case, "=" for ".", the WXF
// letters for Fairy-Stockfish's.
func normalise(text string) string {
	s := []byte(strings.ToUpper(strings.TrimSpace(text)))
	for i, c := range s {
		switch {
		case c == '.':
			s[i] = '='
		case c == 'N' && i == 0:
			s[i] = 'H'
		case c == 'B' && i == 0:
			s[i] = 'E'
		}
	}
	return string(s)
}

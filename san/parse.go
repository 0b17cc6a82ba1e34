package san

import (
	"errors"
	"fmt"
	"strings"

	"github.com/baten-chess/baten/chess"
)

// The error kinds of Parse, Resolve and ParseMove, always wrapped in an
// *Error; test for them with errors.Is.
var (
	// ErrInvalid: the text is not a move in any accepted notation.
	ErrInvalid = errors.New("invalid move")
	// ErrIllegal: the text is a move, but no legal move of the position matches it.
	ErrIllegal = errors.New("illegal move")
	// ErrAmbiguous: several legal moves of the position match the text.
	ErrAmbiguous = errors.New("ambiguous move")
)

// Error reports a move that could not be read or resolved.
type Error struct {
	// Text is the move as written (for Resolve, its canonical SAN.String).
	Text string
	// FEN is the position the move was resolved in (X-FEN castling), or
	// empty for a syntax error.
	FEN string
	// Err is ErrInvalid, ErrIllegal or ErrAmbiguous.
	Err error
	why string
}

// Error returns a message naming the move, the position and the reason.
func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "san: %v %q", e.Err, e.Text)
	if e.FEN != "" {
		fmt.Fprintf(&b, " in %s", e.FEN)
	}
	if e.why != "" {
		b.WriteString(": ")
		b.WriteString(e.why)
	}
	return b.String()
}

// Unwrap returns the error kind, so errors.Is(err, ErrIllegal) works.
func (e *Error) Unwrap() error { return e.Err }

// Castle tells which way a SAN castles.
type Castle uint8

// The castling sides: O-O castles with the rook on the king's h-side, O-O-O
// with the rook on its a-side (in Chess960 as in classic chess).
const (
	NoCastle Castle = iota
	Kingside
	Queenside
)

// NoFile and NoRank mark a from-file or from-rank that was not written.
const (
	NoFile = -1
	NoRank = -1
)

// SAN is a move as written, read without a position: a plain, comparable
// value. Exactly one of three forms is used:
//
//   - castling: Castle is Kingside or Queenside, the other fields are zero
//     except Check and Mate;
//   - UCI ("e2e4", "e7e8q", "e1h1"): UCI is true, Role is NoRole, FromFile
//     and FromRank together give the from-square, To and Promotion are set;
//   - algebraic (SAN or long algebraic): Role is the moving piece (Pawn for
//     pawn moves), FromFile/FromRank hold any disambiguation (NoFile,
//     NoRank when not written), To, Capture and Promotion as written.
type SAN struct {
	Castle    Castle
	UCI       bool
	Role      chess.Role
	FromFile  int8 // 0–7 for a–h, or NoFile
	FromRank  int8 // 0–7 for 1–8, or NoRank
	To        chess.Square
	Capture   bool       // an "x" was written
	Promotion chess.Role // NoRole, or Knight … Queen
	Check     bool       // a "+" was written
	Mate      bool       // a "#" was written
}

// Parse reads one move in SAN, long algebraic or UCI notation, leniently
// (see the package documentation), without a position. Errors are *Error
// wrapping ErrInvalid.
func Parse(text string) (SAN, error) {
	s, why := parse(text)
	if why != "" {
		return SAN{}, &Error{Text: text, Err: ErrInvalid, why: why}
	}
	return s, nil
}

// annotations are the move suffix glyphs Parse drops, longest first.
var annotations = [...]string{"!!", "??", "!?", "?!", "!", "?"}

func parse(text string) (SAN, string) {
	t := text
	for _, a := range annotations {
		if strings.HasSuffix(t, a) {
			t = t[:len(t)-len(a)]
			break
		}
	}
	s := SAN{FromFile: NoFile, FromRank: NoRank}
	switch {
	case strings.HasSuffix(t, "+"):
		s.Check, t = true, t[:len(t)-1]
	case strings.HasSuffix(t, "#"):
		s.Mate, t = true, t[:len(t)-1]
	}
	if t == "" {
		return SAN{}, "empty"
	}
	for i := 0; i < len(t); i++ {
		if c := t[i]; c <= ' ' || c >= 0x7f {
			return SAN{}, fmt.Sprintf("unexpected character %q", c)
		}
	}
	switch t {
	case "O-O", "0-0":
		return SAN{Castle: Kingside, Check: s.Check, Mate: s.Mate}, ""
	case "O-O-O", "0-0-0":
		return SAN{Castle: Queenside, Check: s.Check, Mate: s.Mate}, ""
	}
	if isUCI(t) {
		s.UCI = true
		s.FromFile, s.FromRank = int8(t[0]-'a'), int8(t[1]-'1')
		s.To = square(t[2], t[3])
		if len(t) == 5 {
			s.Promotion = promotionRole(t[4] | 0x20)
		}
		return s, ""
	}
	// Algebraic: [piece] [from-file] [from-rank] [x|-] to [[=]promotion].
	s.Role = chess.Pawn
	if r := pieceRole(t[0]); r != chess.NoRole {
		s.Role, t = r, t[1:]
	}
	if n := len(t); n >= 2 && t[n-2] == '=' {
		r := promotionRole(t[n-1] | 0x20)
		if !isUpper(t[n-1]) || r == chess.NoRole {
			return SAN{}, "promotion must be =N, =B, =R or =Q"
		}
		s.Promotion, t = r, t[:n-2]
	} else if n >= 1 && isUpper(t[n-1]) {
		r := promotionRole(t[n-1] | 0x20)
		if r == chess.NoRole {
			return SAN{}, fmt.Sprintf("unexpected %q at the end", t[n-1])
		}
		s.Promotion, t = r, t[:n-1]
	}
	if s.Promotion != chess.NoRole && s.Role != chess.Pawn {
		return SAN{}, "only a pawn promotes"
	}
	n := len(t)
	if n < 2 || !isFile(t[n-2]) || !isRank(t[n-1]) {
		return SAN{}, "no destination square"
	}
	s.To, t = square(t[n-2], t[n-1]), t[:n-2]
	sep := byte(0)
	if n := len(t); n > 0 && (t[n-1] == 'x' || t[n-1] == '-') {
		sep, t = t[n-1], t[:n-1]
	}
	s.Capture = sep == 'x'
	if len(t) > 0 && isFile(t[0]) {
		s.FromFile, t = int8(t[0]-'a'), t[1:]
	}
	if len(t) > 0 && isRank(t[0]) {
		s.FromRank, t = int8(t[0]-'1'), t[1:]
	}
	switch {
	case t != "":
		return SAN{}, fmt.Sprintf("unexpected %q", t)
	case sep == '-' && (s.FromFile == NoFile || s.FromRank == NoRank):
		return SAN{}, `"-" needs a full from-square (long algebraic)`
	case s.Role == chess.Pawn && s.FromFile == NoFile && (s.FromRank != NoRank || s.Capture):
		return SAN{}, "a pawn capture needs its from-file"
	}
	return s, ""
}

// isUCI reports whether t is in UCI form: two squares and an optional
// promotion letter (either case).
func isUCI(t string) bool {
	if len(t) != 4 && len(t) != 5 {
		return false
	}
	if !isFile(t[0]) || !isRank(t[1]) || !isFile(t[2]) || !isRank(t[3]) {
		return false
	}
	return len(t) == 4 || promotionRole(t[4]|0x20) != chess.NoRole
}

func isFile(c byte) bool  { return 'a' <= c && c <= 'h' }
func isRank(c byte) bool  { return '1' <= c && c <= '8' }
func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }

func square(f, r byte) chess.Square { return chess.Square(int(r-'1')*8 + int(f-'a')) }

// pieceRole reads a SAN piece letter (not P: pawn moves have none).
func pieceRole(c byte) chess.Role {
	switch c {
	case 'N':
		return chess.Knight
	case 'B':
		return chess.Bishop
	case 'R':
		return chess.Rook
	case 'Q':
		return chess.Queen
	case 'K':
		return chess.King
	}
	return chess.NoRole
}

// promotionRole reads a lower-case promotion letter.
func promotionRole(c byte) chess.Role {
	switch c {
	case 'n':
		return chess.Knight
	case 'b':
		return chess.Bishop
	case 'r':
		return chess.Rook
	case 'q':
		return chess.Queen
	}
	return chess.NoRole
}

// String returns s in canonical text, which Parse reads back to s: SAN for
// the algebraic form ("Nbd7", "exd6", "e2-e4" for a pawn with a full
// from-square), UCI for the UCI form, "O-O"/"O-O-O" for castling, with "+"
// or "#" as written.
func (s SAN) String() string {
	var b []byte
	switch {
	case s.Castle == Kingside:
		b = append(b, "O-O"...)
	case s.Castle == Queenside:
		b = append(b, "O-O-O"...)
	case s.UCI:
		b = append(b, 'a'+byte(s.FromFile), '1'+byte(s.FromRank))
		b = appendSquare(b, s.To)
		if s.Promotion != chess.NoRole {
			b = append(b, s.Promotion.Char())
		}
	default:
		if s.Role != chess.Pawn {
			b = append(b, roleLetter(s.Role))
		}
		if s.FromFile != NoFile {
			b = append(b, 'a'+byte(s.FromFile))
		}
		if s.FromRank != NoRank {
			b = append(b, '1'+byte(s.FromRank))
		}
		switch {
		case s.Capture:
			b = append(b, 'x')
		case s.Role == chess.Pawn && s.FromFile != NoFile && s.FromRank != NoRank:
			b = append(b, '-') // "e2e4" would read as UCI
		}
		b = appendSquare(b, s.To)
		if s.Promotion != chess.NoRole {
			b = append(b, '=', roleLetter(s.Promotion))
		}
	}
	switch {
	case s.Mate:
		b = append(b, '#')
	case s.Check:
		b = append(b, '+')
	}
	return string(b)
}

// Resolve returns the legal move of p that s describes. Check and mate
// marks are ignored; a written "x" must be a capture; a king move never
// matches castling (castling is O-O, O-O-O or UCI). Errors are *Error
// wrapping ErrIllegal or ErrAmbiguous (ErrInvalid for a zero or malformed
// SAN value).
func (s SAN) Resolve(p *chess.Position) (chess.Move, error) {
	var ml chess.MoveList
	p.LegalMoves(&ml)
	var found chess.Move
	count := 0
	if s.UCI {
		if s.FromFile < 0 || s.FromFile > 7 || s.FromRank < 0 || s.FromRank > 7 || s.To > 63 {
			return 0, s.fail(p, ErrInvalid, "square out of range")
		}
		from := chess.Square(int(s.FromRank)*8 + int(s.FromFile))
		var castle chess.Move
		for _, m := range ml.Slice() {
			if m.From() != from || m.Promotion() != s.Promotion {
				continue
			}
			switch {
			case m.To() == s.To:
				return m, nil
			case m.IsCastling() && m.KingTo() == s.To:
				castle = m
			}
		}
		if castle != 0 {
			return castle, nil
		}
		if s.Promotion == chess.NoRole {
			for _, m := range ml.Slice() {
				if m.From() == from && m.To() == s.To && m.Promotion() != chess.NoRole {
					return 0, s.fail(p, ErrIllegal, promotionNeeded(from.String()+s.To.String(), "q"))
				}
			}
		}
		return 0, s.fail(p, ErrIllegal, "no legal move from "+from.String()+" to "+s.To.String())
	}
	if s.Castle != NoCastle {
		for _, m := range ml.Slice() {
			if m.IsCastling() && (m.To() > m.From()) == (s.Castle == Kingside) {
				return m, nil
			}
		}
		return 0, s.fail(p, ErrIllegal, "castling that way is not legal")
	}
	if s.Role < chess.Pawn || s.Role > chess.King || s.To > 63 {
		return 0, s.fail(p, ErrInvalid, "no piece or square")
	}
	var cands [2]chess.Move
	for _, m := range ml.Slice() {
		if !s.matches(p, m) {
			continue
		}
		if count < len(cands) {
			cands[count] = m
		}
		found = m
		count++
	}
	switch count {
	case 0:
		if s.Role == chess.Pawn && s.Promotion == chess.NoRole {
			// "e8" names a pawn move that must promote: say so.
			q := s
			q.Promotion = chess.Queen
			for _, m := range ml.Slice() {
				if q.matches(p, m) {
					return 0, s.fail(p, ErrIllegal, promotionNeeded(s.String(), "=Q"))
				}
			}
		}
		return 0, s.fail(p, ErrIllegal, "no legal move matches")
	case 1:
		return found, nil
	}
	return 0, s.fail(p, ErrAmbiguous, fmt.Sprintf("%d legal moves match, such as %s and %s",
		count, cands[0].UCI(true), cands[1].UCI(true)))
}

// promotionNeeded is the reason given for a pawn move to the last rank
// written without the piece it becomes: text and, say, "=Q" appended.
func promotionNeeded(text, queen string) string {
	return "a pawn reaching the last rank must promote: name the piece, as in " + text + queen
}

// matches reports whether the algebraic form s describes m.
func (s SAN) matches(p *chess.Position, m chess.Move) bool {
	from, to := m.From(), m.To()
	if m.IsCastling() || to != s.To || m.Promotion() != s.Promotion || p.PieceAt(from).Role() != s.Role {
		return false
	}
	if s.FromFile != NoFile && from.File() != int(s.FromFile) || s.FromRank != NoRank && from.Rank() != int(s.FromRank) {
		return false
	}
	if s.Role == chess.Pawn && s.FromFile == NoFile && from.File() != to.File() {
		return false // "c4" never means bxc4
	}
	if s.Capture && !m.IsEnPassant() && p.PieceAt(to) == chess.NoPiece {
		return false
	}
	return true
}

func (s SAN) fail(p *chess.Position, kind error, why string) error {
	return &Error{Text: s.String(), FEN: p.FEN(chess.CastlingXFEN), Err: kind, why: why}
}

// ParseMove reads text (as Parse does) and resolves it in p (as
// SAN.Resolve does). Errors are *Error naming text as written.
func ParseMove(p *chess.Position, text string) (chess.Move, error) {
	s, err := Parse(text)
	if err != nil {
		return 0, err
	}
	m, err := s.Resolve(p)
	if e, ok := err.(*Error); ok {
		e.Text = text
	}
	return m, err
}

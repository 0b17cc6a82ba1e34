package draughts

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// Notation is PDN move text read without a position: the squares named,
// in order, and whether they name a capture. Resolve matches it against a
// position's legal moves.
type Notation struct {
	squares [MaxJumps + 1]Square
	n       uint8
	capture bool
	// dash marks two squares neither one step nor one jump apart written
	// with "-": most likely a mistyped step, which the error says.
	dash bool
}

// ParseMove reads PDN move text: "9-14" for a step, "22x15x8" for a capture
// with its landing squares, or only some of them, down to the endpoints
// ("22x8"). Numbers may have leading zeros.
//
// The text is read by its squares, as the PDN standard's liberal reading
// asks of existing files: the separator, "-" or "x", does not decide the
// kind of move. Two squares that are diagonal neighbours name a step
// ("10x14" as the Tinsley collection writes it is the step 10-14); two
// squares further apart, or more than two, name a capture ("15-24" as
// some computer-championship files write it is the capture 15x24).
// Writing stays strict (Move.String). Errors wrap ErrMoveText in a
// *SyntaxError.
func ParseMove(text string) (Notation, error) {
	var n Notation
	lower := strings.ToLower(text)
	parts := strings.FieldsFunc(lower, func(r rune) bool { return r == '-' || r == 'x' })
	if len(parts) != strings.Count(lower, "-")+strings.Count(lower, "x")+1 {
		return Notation{}, syntaxErr(ErrMoveText, text, "want from-to or from x … x to: %s", missingSquare(lower))
	}
	if err := n.fill(text, parts); err != nil {
		return Notation{}, err
	}
	n.capture = n.n > 2 || !neighbours(n.squares[0], n.squares[1])
	n.dash = n.n == 2 && n.capture && !strings.Contains(lower, "x") && !isJump(n.squares[0], n.squares[1])
	return n, nil
}

// CutProse splits move text run together with prose, as a converter
// that dropped a comment's spaces and braces leaves it
// ("8-11Redoversteppedthetimecontrolonthismove."): the move, the longest
// start of text made of squares and separators that does not end in a
// separator, and the prose after it. ok is false unless that move is
// well-formed (see ParseMove) and a letter follows it.
func CutProse(text string) (move, prose string, ok bool) {
	i := 0
	for i < len(text) && strings.IndexByte("0123456789-xX", text[i]) >= 0 {
		i++
	}
	move = strings.TrimRight(text[:i], "-xX")
	rest := text[len(move):]
	if rest == "" || !unicode.IsLetter(rune(rest[0])) {
		return "", "", false
	}
	if _, err := ParseMove(move); err != nil {
		return "", "", false
	}
	return move, rest, true
}

// missingSquare says where text, split at its separators, lacks a square.
func missingSquare(text string) string {
	isSep := func(c byte) bool { return c == '-' || c == 'x' }
	switch {
	case text == "":
		return "no squares"
	case isSep(text[0]):
		return "no square before " + strconv.Quote(text[:1])
	case isSep(text[len(text)-1]):
		return "no square after the last " + strconv.Quote(text[len(text)-1:])
	}
	return "two separators in a row"
}

// neighbours reports whether a and b are diagonal neighbours: one step
// apart.
func neighbours(a, b Square) bool {
	af, ar := a.Coords()
	bf, br := b.Coords()
	return abs(af-bf) == 1 && abs(ar-br) == 1
}

// fill stores the squares of parts, the text split at its separators.
func (n *Notation) fill(text string, parts []string) error {
	if len(parts) < 2 {
		return syntaxErr(ErrMoveText, text, "want from-to or from x … x to")
	}
	if len(parts) > len(n.squares) {
		return syntaxErr(ErrMoveText, text, "more than %d jumps", MaxJumps)
	}
	for i, part := range parts {
		num, ok := squareNumber(part)
		if !ok {
			return syntaxErr(ErrMoveText, text, "%q is not a square 1-32", part)
		}
		n.squares[i] = Square(num - 1)
	}
	n.n = uint8(len(parts))
	return nil
}

// IsCapture reports whether the text names a capture: more than two
// squares, or two that are not diagonal neighbours, whatever the separator.
func (n Notation) IsCapture() bool { return n.capture }

// String prints the notation in strict PDN, without leading zeros: "x"
// between the squares of a capture, "-" for a step (and for two squares
// that are neither, as written).
func (n Notation) String() string {
	sep := "-"
	if n.capture && !n.dash {
		sep = "x"
	}
	parts := make([]string, n.n)
	for i, s := range n.squares[:n.n] {
		parts[i] = strconv.Itoa(s.Number())
	}
	return strings.Join(parts, sep)
}

// Resolve finds the legal move of p the notation names. A step must match
// a legal step. A capture matches the chain with exactly this path if there
// is one; otherwise the chains from the first square to the last that pass
// through every square given, in order; several such chains are an error
// wrapping ErrAmbiguousMove (write more landing squares), none an error
// wrapping ErrIllegalMove. Either is a *MoveError whose Reason says why:
// the candidates of an ambiguous capture, or what rule the move breaks.
func (n Notation) Resolve(p Position) (Move, error) {
	var ml MoveList
	p.LegalMoves(&ml)
	var matches []Move
	for _, m := range ml.Slice() {
		switch {
		case n.exact(m):
			return m, nil
		case n.within(m):
			matches = append(matches, m)
		}
	}
	switch len(matches) {
	case 1:
		return matches[0], nil
	case 0:
		return Move{}, &MoveError{Err: ErrIllegalMove, Move: n.String(), FEN: p.FEN(), Reason: n.whyIllegal(p, ml.Slice())}
	}
	return Move{}, &MoveError{Err: ErrAmbiguousMove, Move: n.String(), FEN: p.FEN(),
		Reason: "it could be " + listMoves(matches, " or ") + "; give more landing squares"}
}

// exact reports whether n names m with every landing square.
func (n Notation) exact(m Move) bool {
	switch {
	case n.capture != m.IsCapture() || n.squares[0] != m.from:
		return false
	case !n.capture:
		return n.squares[1] == m.to
	}
	return int(n.n) == int(m.jumps)+1 && [MaxJumps]Square(n.squares[1:]) == m.path
}

// within reports whether the capture n names m by its endpoints and some
// of its landing squares, in order.
func (n Notation) within(m Move) bool {
	return n.capture && m.IsCapture() && n.namesFirst(m, int(m.jumps))
}

// namesFirst reports whether n names the first jumps jumps of the chain m:
// same start, n's last square the landing of jump number jumps, and n's
// other squares landings before it, in order.
func (n Notation) namesFirst(m Move, jumps int) bool {
	if n.squares[0] != m.from || n.squares[n.n-1] != m.path[jumps-1] {
		return false
	}
	want := n.squares[1 : n.n-1]
	for _, s := range m.path[:jumps-1] {
		if len(want) > 0 && want[0] == s {
			want = want[1:]
		}
	}
	return len(want) == 0
}

// stopsShort reports whether the capture n names a chain of m that stops
// before m's end: in English draughts a capture must go on while it can.
func (n Notation) stopsShort(m Move) bool {
	for jumps := 1; jumps < int(m.jumps); jumps++ {
		if n.namesFirst(m, jumps) {
			return true
		}
	}
	return false
}

// whyIllegal says which rule the move n, which names none of the legal
// moves of p, breaks. The checks run from the most basic (whose piece it
// is) to the most specific, so the reason given is the first a player
// would need to know.
func (n Notation) whyIllegal(p Position, legal []Move) string {
	from := n.squares[0]
	if !p.pieces[p.turn&1].Has(from) {
		return fmt.Sprintf("%v has no piece on %d", p.turn, from.Number())
	}
	man := !p.kings.Has(from)
	if len(legal) > 0 && legal[0].IsCapture() { // captures exclude steps
		if !n.capture {
			return "a capture is compulsory: " + listMoves(legal, ", ")
		}
		var own, longer []Move
		for _, m := range legal {
			if m.from == from {
				own = append(own, m)
				if n.stopsShort(m) {
					longer = append(longer, m)
				}
			}
		}
		switch {
		case len(own) == 0:
			return fmt.Sprintf("the piece on %d cannot capture; the captures are %s", from.Number(), listMoves(legal, ", "))
		case len(longer) > 0:
			return "the capture must go on while it can: " + listMoves(longer, " or ")
		case man && n.backward(p.turn):
			return "a man cannot capture backward"
		}
		return fmt.Sprintf("no capture from %d goes that way; its captures are %s", from.Number(), listMoves(own, ", "))
	}
	if n.capture {
		if n.dash {
			return fmt.Sprintf("%d is not a diagonal neighbour of %d", n.squares[1].Number(), from.Number())
		}
		return "there is nothing to capture"
	}
	if man && n.backward(p.turn) {
		return "a man cannot move backward"
	}
	// The piece is the mover's, the step is to a neighbour in a direction
	// it may go, and no capture is due: only a piece in the way is left.
	return fmt.Sprintf("square %d is occupied", n.squares[1].Number())
}

// backward reports whether n's first step or jump goes away from the
// crowning row of c's men: Black's men move towards rank 1, White's
// towards rank 8.
func (n Notation) backward(c Color) bool {
	_, fr := n.squares[0].Coords()
	_, tr := n.squares[1].Coords()
	if c == Black {
		return tr > fr
	}
	return tr < fr
}

// isJump reports whether b is one jump from a: two squares along a
// diagonal.
func isJump(a, b Square) bool {
	af, ar := a.Coords()
	bf, br := b.Coords()
	return abs(af-bf) == 2 && abs(ar-br) == 2
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// listMoves prints moves in PDN joined by sep, the first few only: the
// reason of an error stays one readable line even in a position with
// dozens of captures.
func listMoves(moves []Move, sep string) string {
	const shown = 8
	texts := make([]string, 0, min(len(moves), shown))
	for _, m := range moves[:min(len(moves), shown)] {
		texts = append(texts, m.String())
	}
	text := strings.Join(texts, sep)
	if len(moves) > shown {
		text += fmt.Sprintf(" (and %d more)", len(moves)-shown)
	}
	return text
}

// ParseMove reads move text and resolves it in p (see the package
// function ParseMove and Notation.Resolve).
func (p Position) ParseMove(text string) (Move, error) {
	n, err := ParseMove(text)
	if err != nil {
		return Move{}, err
	}
	return n.Resolve(p)
}

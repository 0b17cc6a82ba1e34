package rules

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/baten-chess/baten/geom"
)

// ErrFEN is wrapped by every error about position text.
var ErrFEN = errors.New("rules: bad FEN")

// ErrIllegalPosition is wrapped by errors about well-formed text that
// describes a position the rules cannot play from.
var ErrIllegalPosition = errors.New("rules: illegal position")

// FieldError names the FEN field that is wrong and the text found there.
type FieldError struct {
	Field string
	Text  string
	// Err says what is wrong; it wraps ErrFEN or ErrIllegalPosition.
	Err error
}

// Error names the field, the text and the problem.
// Error names the field, the text and the problem.
func (e *FieldError) Error() string { return fmt.Sprintf("%s %q: %v", e.Field, e.Text, e.Err) }

// Unwrap returns the problem, for errors.Is with ErrFEN or ErrIllegalPosition.
func (e *FieldError) Unwrap() error { return e.Err }

func fenErr(field, text, format string, args ...any) error {
	return &FieldError{Field: field, Text: text, Err: fmt.Errorf("%w: "+format, append([]any{ErrFEN}, args...)...)}
}

// ParseFEN reads a position of v in the variant's FEN style and checks it.
// Every problem found is reported (errors.Join), each a *FieldError.
func ParseFEN(v *Variant, fen string) (*Position, error) {
	var p *Position
	var err error
	switch v.FEN {
	case DraughtsFEN:
		p, err = parseDraughtsFEN(v, fen)
	default:
		p, err = parseChessFEN(v, fen)
	}
	if err != nil {
		return nil, err
	}
	if err := p.check(); err != nil {
		return nil, err
	}
	return p, nil
}

// Start is the variant's initial position.
func Start(v *Variant) (*Position, error) { return ParseFEN(v, v.Start) }

func newPosition(v *Variant) *Position {
	p := &Position{v: v, board: NewBoard(v.Size), fullmove: 1, legal: new(legalMemo)}
	p.newHand() // family: drops
	return p
}

// shortFEN completes a FEN as Fairy-Stockfish also reads it, without the
// castling and en passant fields: "placement side" and, where no counting
// rule reads a number in the en passant field, "placement side halfmove
// fullmove" (breakthrough5's "… w 0 1").
func shortFEN(v *Variant, fields []string) []string {
	number := func(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }
	switch {
	case len(fields) == 1: // family: move rules: capturethequeen's placement alone, White to move
		return append(fields, v.SideLetters[First], "-", "-")
	case len(fields) == 2:
		return append(fields, "-", "-")
	case len(fields) == 4 && v.Counting == nil && number(fields[2]) && number(fields[3]):
		return []string{fields[0], fields[1], "-", "-", fields[2], fields[3]}
	}
	return fields
}

func parseChessFEN(v *Variant, fen string) (*Position, error) {
	fields, checks, err := checkFields(v, strings.Fields(fen)) // check counting
	if err != nil {
		return nil, err
	}
	fields = shortFEN(v, fields) // for fsf-variants.ini's races (flag family)
	if len(fields) != 4 && len(fields) != 6 {
		return nil, fenErr("FEN", fen, "want 4 or 6 fields, found %d", len(fields))
	}
	p := newPosition(v)
	p.checks = checks // check counting
	var errs []error
	errs = append(errs, p.readPlacement(fields[0]))
	side := slices.Index(v.SideLetters[:], fields[1])
	if side < 0 {
		errs = append(errs, fenErr("side to move", fields[1], "want %q or %q", v.SideLetters[0], v.SideLetters[1]))
	} else {
		p.turn = Player(side)
	}
	if len(fields) == 6 {
		var err error
		if p.halfmove, err = strconv.Atoi(fields[4]); err != nil || p.halfmove < 0 {
			errs = append(errs, fenErr("halfmove clock", fields[4], "not a count"))
		}
		if p.fullmove, err = strconv.Atoi(fields[5]); err != nil || p.fullmove < 1 {
			errs = append(errs, fenErr("fullmove number", fields[5], "not a positive number"))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err // castling and en passant make sense only on a good board
	}
	errs = append(errs, p.readCastling(fields[2]))
	if v.Counting != nil && fields[3] != "" && strings.Trim(fields[3], "0123456789") == "" {
		errs = append(errs, p.readCount(fields[3]))
	} else {
		errs = append(errs, p.readEnPassant(fields[3]))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	p.startSeries() // family: move rules
	return p, nil
}

// readPlacement reads ranks top to bottom separated by '/', digits (several
// for wide boards) counting empty squares.
func (p *Position) readPlacement(text string) error {
	text, hand, hasHand := p.splitHand(text) // family: drops
	if hasHand {
		if err := p.readHand(hand); err != nil {
			return err
		}
	}
	size := p.v.Size
	ranks := strings.Split(text, "/")
	if len(ranks) != size.H {
		return fenErr("placement", text, "%d ranks, want %d", len(ranks), size.H)
	}
	for i, row := range ranks {
		rank := size.H - 1 - i
		file := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '0' && c <= '9' {
				k := j
				for k < len(row) && row[k] >= '0' && row[k] <= '9' {
					k++
				}
				n, err := strconv.Atoi(row[j:k])
				if err != nil || n == 0 || n > size.W {
					return fenErr("placement", row, "bad empty-square count %q", row[j:k])
				}
				file += n
				j = k - 1
				continue
			}
			if c == '*' { // walling: a wall square, in any game as Fairy-Stockfish reads it
				if file >= size.W {
					return fenErr("placement", row, "rank %d has more than %d files", rank+1, size.W)
				}
				p.addWall(geom.Square{File: file, Rank: rank})
				file++
				continue
			}
			owner := First
			upper := c
			if c >= 'a' && c <= 'z' {
				owner, upper = Second, c-'a'+'A'
			}
			id, ok := p.v.KindByLetter(upper)
			if !ok {
				return fenErr("placement", row, "no %s piece has the letter %q", p.v.Name, c)
			}
			if file >= size.W {
				return fenErr("placement", row, "rank %d has more than %d files", rank+1, size.W)
			}
			p.board.Set(geom.Square{File: file, Rank: rank}, Piece{Kind: id, Owner: owner})
			if j+1 < len(row) && row[j+1] == '~' { // family: drops: a promoted piece, as Fairy-Stockfish marks it
				if p.v.demotes() {
					p.markPromoted(geom.Square{File: file, Rank: rank})
				}
				j++
			}
			file++
		}
		if file != size.W {
			return fenErr("placement", row, "rank %d covers %d files, want %d", rank+1, file, size.W)
		}
	}
	return nil
}

// readCastling reads "-", KQkq (the outermost rook of that wing) and file
// letters (Shredder-FEN and X-FEN). On boards wider than 10 files, K and Q
// still mean the wings, never files k and q.
func (p *Position) readCastling(text string) error {
	if text == "-" {
		return nil
	}
	if p.v.Gates {
		return p.readGates(text)
	}
	if p.v.Gating != nil { // family: gating
		rights, err := p.readGating(text)
		if err != nil || rights == "" {
			return err
		}
		text = rights
	}
	if p.v.Castling == nil {
		return fenErr("castling", text, "%s has no castling", p.v.Name)
	}
	var errs []error
	for i := 0; i < len(text); i++ {
		c := text[i]
		player := First
		if c >= 'a' && c <= 'z' {
			player, c = Second, c-'a'+'A'
		}
		king, hasKing := p.castlingKing(player)
		if !hasKing {
			errs = append(errs, fenErr("castling", text, "%q without a king on its home rank", text[i]))
			continue
		}
		rank := p.v.CastlingRank(player)
		rook := func(f int) bool { return p.castlingRookAt(geom.Square{File: f, Rank: rank}, player) } // castling rooks
		file := -1
		switch c {
		case 'K':
			for f := p.v.Size.W - 1; f > king.File && file < 0; f-- {
				if rook(f) {
					file = f
				}
			}
		case 'Q':
			for f := 0; f < king.File && file < 0; f++ {
				if rook(f) {
					file = f
				}
			}
		default:
			if f := int(c - 'A'); c >= 'A' && f < p.v.Size.W && rook(f) {
				file = f
			}
		}
		if file < 0 || file == king.File {
			errs = append(errs, fenErr("castling", text, "%q names no castling rook", text[i]))
			continue
		}
		r := CastlingRight{Player: player, File: file}
		if slices.Contains(p.castling, r) {
			errs = append(errs, fenErr("castling", text, "%q repeats a right", text[i]))
			continue
		}
		p.castling = append(p.castling, r)
	}
	sortRights(p.castling)
	for _, pl := range []Player{First, Second} {
		n := 0
		for _, r := range p.castling {
			if r.Player == pl {
				n++
			}
		}
		if n > 2 {
			errs = append(errs, fenErr("castling", text, "more than two rights for one side"))
		}
	}
	return errors.Join(errs...)
}

// maxCount bounds a count's limit read from a FEN.
const maxCount = 1 << 20

// readCount reads the limit of a running count (Variant.Counting), which
// Fairy-Stockfish writes in place of the en passant square; the halfmove
// field then holds the plies counted, and the halfmove clock restarts
// from zero, as Fairy-Stockfish reads it. A limit of 0 is no count.
func (p *Position) readCount(text string) error {
	n, err := strconv.Atoi(text)
	if err != nil || n > maxCount {
		return fenErr("en passant", text, "count limit not a count up to %d", maxCount)
	}
	if n > 0 {
		p.countLimit, p.countPly, p.halfmove = n, p.halfmove, 0
	}
	return nil
}

// readEnPassant reads "-" or the square the last double step passed over;
// the passing pawn must stand beyond it and the square itself be empty.
func (p *Position) readEnPassant(text string) error {
	if text == "-" {
		return nil
	}
	if done, err := p.readEPSquares(text); done { // en passant squares
		p.readUsable() // family: fen en passant
		return err
	}
	if done, err := p.readLanding(text); done { // family: fen en passant
		return err
	}
	sq, err := p.v.Size.Parse(text)
	if err != nil {
		return &FieldError{Field: "en passant", Text: text, Err: fmt.Errorf("%w: %w", ErrFEN, err)}
	}
	moved := p.turn.Opponent()
	victim, ok := p.v.Size.Offset(sq, 0, p.v.Forward[moved])
	pawn := p.board.At(victim)
	if !ok || pawn.Empty() || pawn.Owner != moved || !p.v.Side(pawn.Owner, pawn.Kind).EnPassant || !p.board.At(sq).Empty() {
		return &FieldError{Field: "en passant", Text: text, Err: fmt.Errorf("%w: no pawn has just passed it", ErrIllegalPosition)}
	}
	if !p.v.EnPassantOn(sq) {
		return &FieldError{Field: "en passant", Text: text, Err: fmt.Errorf("%w: outside the variant's en passant region", ErrIllegalPosition)}
	}
	p.ep, p.victim, p.hasEP = sq, victim, true
	p.readUsable() // family: fen en passant
	return nil
}

// check reports every rule the position breaks: royal counts, pieces on
// their promotion ranks or behind their initial rank (a pawn on the first
// rank), and the side not to move standing in check.
func (p *Position) check() error {
	var errs []error
	hasRoyal := slices.ContainsFunc(p.v.Pieces, func(k PieceKind) bool { return k.Royal })
	var royals [2]int
	for _, sq := range p.v.Size.Squares() {
		pc := p.board.At(sq)
		if pc.Empty() {
			continue
		}
		if p.v.Kind(pc.Kind).Royal {
			royals[pc.Owner]++
		}
		kind, side := p.v.Kind(pc.Kind), p.v.Side(pc.Owner, pc.Kind) // per-colour rules
		if p.promotes(pc, sq) && (!side.Promotion.Optional || slices.Contains(side.Promotion.Mandatory, p.v.RelativeRank(pc.Owner, sq))) {
			errs = append(errs, &FieldError{Field: "placement", Text: sq.String(),
				Err: fmt.Errorf("%w: a %s stands on its promotion rank", ErrIllegalPosition, kind.Name)})
		}
		if first := side.firstInitialRank(); first > 0 && side.EnPassant && p.v.RelativeRank(pc.Owner, sq) < first && !p.firstRankPawn(pc) { // pawns only: other kinds' first moves need no rank (variants.ini's i modifier); drops: chessgi's first-rank pawns
			errs = append(errs, &FieldError{Field: "placement", Text: sq.String(),
				Err: fmt.Errorf("%w: a %s stands behind its initial rank", ErrIllegalPosition, kind.Name)})
		}
	}
	if hasRoyal {
		for i, k := range p.v.Pieces { // family: drops: a king in hand, to be dropped (placement)
			if k.Royal {
				royals[First] += p.Hand(First, KindID(i+1))
				royals[Second] += p.Hand(Second, KindID(i+1))
			}
		}
		for pl, n := range royals {
			if n != 1 && !(n == 0 && p.v.Extinction != nil) { // family: antichess: horde's White has no king, extinction ends its game
				errs = append(errs, &FieldError{Field: "placement", Text: p.v.SideLetters[pl],
					Err: fmt.Errorf("%w: %d royal pieces, want 1", ErrIllegalPosition, n)})
			}
		}
		if len(errs) == 0 && p.royalAttacked(p.turn.Opponent()) {
			errs = append(errs, &FieldError{Field: "side to move", Text: p.v.SideLetters[p.turn],
				Err: fmt.Errorf("%w: the side not to move is in check", ErrIllegalPosition)})
		}
	}
	return errors.Join(errs...)
}

// FEN prints the position in the variant's style. Castling rights print
// as K/Q when the rook is the outermost of its wing, else as the file
// letter (X-FEN), always as the file letter under Castling.Chess960
// (Shredder-FEN); the en passant square prints whenever a pawn just passed.
func (p *Position) FEN() string {
	if p.v.FEN == DraughtsFEN {
		return p.draughtsFEN()
	}
	var b strings.Builder
	for rank := p.v.Size.H - 1; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < p.v.Size.W; file++ {
			sq := geom.Square{File: file, Rank: rank}
			pc := p.board.At(sq)
			wall := p.IsWall(sq) // walling
			if pc.Empty() && !wall {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			if wall {
				b.WriteByte('*')
				continue
			}
			b.WriteByte(p.letter(pc))
			if p.IsPromoted(sq) { // family: drops
				b.WriteByte('~')
			}
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteString(p.handFEN()) // family: drops
	b.WriteString(" " + p.v.SideLetters[p.turn] + " " + p.castlingText() + " ")
	halfmove := p.halfmove
	switch {
	case p.countLimit != 0:
		// Fairy-Stockfish's form: the count's limit and plies in place of
		// the en passant square and the halfmove clock.
		b.WriteString(strconv.Itoa(p.countLimit))
		halfmove = p.countPly
	case p.hasEP:
		b.WriteString(p.epSquaresText()) // en passant squares
	default:
		b.WriteString("-")
	}
	b.WriteString(p.checksText()) // check counting
	fmt.Fprintf(&b, " %d %d", halfmove, p.fullmove)
	return b.String()
}

func (p *Position) letter(pc Piece) byte {
	l := p.v.Kind(pc.Kind).Letter
	if pc.Owner == Second {
		l += 'a' - 'A'
	}
	return l
}

func (p *Position) castlingText() string {
	if p.v.Gates {
		return p.gatesText()
	}
	if len(p.castling) == 0 && len(p.gating) == 0 {
		return "-"
	}
	var b strings.Builder
	for _, pl := range []Player{First, Second} {
		var king geom.Square
		if p.v.Castling != nil {
			king, _ = p.castlingKing(pl)
		}
		rank := p.v.CastlingRank(pl)
		// H-side rights first, as in KQkq.
		for _, wing := range []Wing{HSide, ASide} {
			for _, r := range p.castling {
				if r.Player != pl || (r.File > king.File) != (wing == HSide) {
					continue
				}
				c := byte('A' + r.File)
				outer := true
				step := 1
				if wing == ASide {
					step = -1
				}
				for f := r.File + step; f >= 0 && f < p.v.Size.W; f += step {
					if p.castlingRookAt(geom.Square{File: f, Rank: rank}, pl) { // castling rooks
						outer = false
					}
				}
				if outer && !p.v.Castling.Chess960 { // family: chess960: Shredder-FEN
					c = "QK"[wing]
				}
				if pl == Second {
					c += 'a' - 'A'
				}
				b.WriteByte(c)
			}
		}
		b.WriteString(p.gatingText(pl)) // family: gating
	}
	return b.String()
}

// sortRights orders castling rights and gates by player, then file.
func sortRights(rs []CastlingRight) {
	slices.SortFunc(rs, func(a, b CastlingRight) int {
		return int(a.Player)*64 + a.File - int(b.Player)*64 - b.File
	})
}

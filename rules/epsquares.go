package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/kinematics"
)

// EnPassantSquares are the rules that leave more en passant squares than
// the pawn's double step does (Fairy-Stockfish's tripleStepRegion, and
// its en passant after the first-move step of any piece). A position
// holds up to two en passant squares, both passed by the same piece,
// which stands beyond them: a capture en passant on either takes it.
type EnPassantSquares struct {
	// Pawn is the kind that may step three squares (Fairy-Stockfish's
	// pawn); 0 for none.
	Pawn KindID
	// TripleStep lists, by Player, the squares from which that player's
	// Pawn may step three squares straight ahead, over two empty squares
	// to an empty one. Both squares it passes become en passant squares
	// (each where EnPassantOn allows).
	TripleStep [2][]geom.Square
	// Initial lists the letters of the kinds whose first-move (Initial)
	// moves leave en passant squares, as Fairy-Stockfish does for every
	// piece but its pawn: a move to a square only an Initial component
	// reaches (on an empty board) leaves the squares strictly between its
	// ends on a line and the square it lands on, where the piece stands
	// (Fairy-Stockfish's between_bb includes it: e2e4 leaves e3e4). Such a
	// kind need not take en passant itself (dragon-chess's pawn does not).
	Initial string
	// ByColour: Regions, by the Player who may take there, are the en
	// passant regions in place of Variant.EnPassantRegion, which is then
	// their union (Fairy-Stockfish's enPassantRegionWhite/Black).
	ByColour bool
	Regions  [2][]geom.Square
}

// EnPassantFor reports whether taker may take en passant on sq, were a
// double step to pass it: the variant's region, or taker's own
// (EnPassantSquares.Regions).
func (v *Variant) EnPassantFor(taker Player, sq geom.Square) bool {
	if e := v.EPSquares; e != nil && e.ByColour {
		return slices.Contains(e.Regions[taker], sq)
	}
	return v.EnPassantOn(sq)
}

// SecondEnPassant returns the second square a triple step passed over
// (the one farther from the pawn), if any; EnPassant returns the first.
func (p *Position) SecondEnPassant() (geom.Square, bool) {
	return p.ep2, p.hasEP && p.hasEP2
}

// isEP reports whether sq is one of the position's en passant squares.
func (p *Position) isEP(sq geom.Square) bool {
	return p.hasEP && (sq == p.ep || (p.hasEP2 && sq == p.ep2))
}

// tripleSteps lists the triple step of the piece pc on from, when it has
// one.
func (p *Position) tripleSteps(from geom.Square, pc Piece) []Move {
	e := p.v.EPSquares
	if e == nil || pc.Kind != e.Pawn || !slices.Contains(e.TripleStep[pc.Owner], from) {
		return nil
	}
	to := from
	for range 3 {
		next, ok := p.v.Size.Offset(to, 0, p.v.Forward[pc.Owner])
		if !ok || !p.board.At(next).Empty() || p.IsWall(next) { // walling
			return nil // guard: the path and the square stepped to are empty
		}
		to = next
	}
	if !p.v.Side(pc.Owner, pc.Kind).MayStand(to) {
		return nil // guard: the kind may not stand there (per-colour rules)
	}
	return p.promotions(Move{From: from, To: to}, pc)
}

// passedSquares sets q's en passant squares after m when a rule of
// EnPassantSquares leaves them: a triple step's two, or the squares an
// Initial move passed. p is the position before m.
func (p *Position) passedSquares(q *Position, m Move, mover Piece) {
	q.hasEP2, q.ep2 = false, geom.Square{}
	e := p.v.EPSquares
	if e == nil || m.Castle || m.Pass {
		return
	}
	taker := mover.Owner.Opponent()
	if q.hasEP && !p.v.EnPassantFor(taker, q.ep) {
		q.hasEP, q.ep, q.victim = false, geom.Square{}, geom.Square{} // a double step's square off taker's region
	}
	var passed []geom.Square
	dr := m.To.Rank - m.From.Rank
	switch {
	case mover.Kind == e.Pawn && m.From.File == m.To.File && abs(dr) == 3 && p.v.Side(mover.Owner, mover.Kind).EnPassant:
		back := -p.v.Forward[mover.Owner]
		passed = []geom.Square{{File: m.To.File, Rank: m.To.Rank + back}, {File: m.To.File, Rank: m.To.Rank + 2*back}}
	case strings.IndexByte(e.Initial, p.v.Kind(mover.Kind).Letter) >= 0 && p.initialOnly(m.From, m.To, mover):
		passed = append(Between(m.From, m.To), m.To)
	default:
		return
	}
	passed = slices.DeleteFunc(passed, func(sq geom.Square) bool { return !p.v.EnPassantFor(taker, sq) })
	q.hasEP, q.ep, q.victim = false, geom.Square{}, geom.Square{}
	if len(passed) > 0 {
		q.hasEP, q.ep, q.victim = true, passed[0], m.To
	}
	if len(passed) > 1 {
		q.hasEP2, q.ep2 = true, passed[1]
	}
}

// initialOnly reports whether the piece pc reaches to from from on an
// empty board with an Initial component and with no other: the move is
// one it may make only as its first.
func (p *Position) initialOnly(from, to geom.Square, pc Piece) bool {
	f := kinematics.Frame{Size: p.v.Size, Forward: p.v.Forward[pc.Owner], Initial: true,
		Occupied: func(geom.Square) bool { return false }}
	initial, other := false, false
	for _, c := range p.v.Kind(pc.Kind).Movement {
		for t := range c.Targets(f, from) {
			if t.To == to {
				if c.Mods&kinematics.Initial != 0 {
					initial = true
				} else {
					other = true
				}
			}
		}
	}
	return initial && !other
}

// Between lists the squares strictly between a and b on a rank, file or
// diagonal, nearest b first; none when they share no line.
func Between(a, b geom.Square) []geom.Square {
	df, dr := b.File-a.File, b.Rank-a.Rank
	if (df != 0 && dr != 0 && abs(df) != abs(dr)) || (df == 0 && dr == 0) {
		return nil
	}
	sf, sr := max(-1, min(1, df)), max(-1, min(1, dr)) // the unit step from a towards b
	var out []geom.Square
	for sq := (geom.Square{File: b.File - sf, Rank: b.Rank - sr}); sq != a; sq = (geom.Square{File: sq.File - sf, Rank: sq.Rank - sr}) {
		out = append(out, sq)
	}
	return out
}

// epSquaresText is the en passant field's squares, in the board's index
// order as Fairy-Stockfish writes them ("c3c4" after c2c5).
func (p *Position) epSquaresText() string {
	if !p.hasEP2 {
		return p.ep.String()
	}
	a, b := p.ep, p.ep2
	if p.v.Size.Index(b) < p.v.Size.Index(a) {
		a, b = b, a
	}
	return a.String() + b.String()
}

// readEPSquares reads an en passant field of EnPassantSquares' variants:
// a run of up to two squares ("c3c4"), each empty with the piece that
// passed it beyond on the file (the nearest piece, the opponent's, of a
// kind that leaves en passant squares), or that piece's own square (an
// Initial move's). It reports false, having read nothing, for a variant
// without those rules.
func (p *Position) readEPSquares(text string) (bool, error) {
	e := p.v.EPSquares
	if e == nil || text == "-" {
		return false, nil
	}
	bad := func(why string) error {
		return &FieldError{Field: "en passant", Text: text, Err: fmt.Errorf("%w: %s", ErrIllegalPosition, why)}
	}
	var squares []geom.Square
	for rest := text; rest != ""; {
		n := 1
		for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
			n++
		}
		sq, err := p.v.Size.Parse(rest[:n])
		if err != nil {
			return true, &FieldError{Field: "en passant", Text: text, Err: fmt.Errorf("%w: %w", ErrFEN, err)}
		}
		squares = append(squares, sq)
		rest = rest[n:]
	}
	if len(squares) > 2 || (len(squares) == 2 && squares[0] == squares[1]) {
		return true, bad("more than two en passant squares")
	}
	moved := p.turn.Opponent()
	var victim geom.Square
	for i, sq := range squares {
		at, ok := sq, true
		for ok && p.board.At(at).Empty() {
			at, ok = p.v.Size.Offset(at, 0, p.v.Forward[moved])
		}
		pc := p.board.At(at)
		if !ok || pc.Owner != moved || (i > 0 && at != victim) {
			return true, bad("no piece has just passed it")
		}
		initial := strings.IndexByte(e.Initial, p.v.Kind(pc.Kind).Letter) >= 0
		if !(initial || (p.v.Side(moved, pc.Kind).EnPassant && at != sq)) {
			return true, bad("no piece has just passed it")
		}
		if !p.v.EnPassantFor(p.turn, sq) {
			return true, bad("outside the variant's en passant region")
		}
		victim = at
	}
	// The first square is the one next to the piece, as a move sets them;
	// the piece's own square comes last.
	dist := func(sq geom.Square) int {
		if d := abs(sq.Rank - victim.Rank); d > 0 {
			return d
		}
		return p.v.Size.H
	}
	if len(squares) == 2 && dist(squares[0]) > dist(squares[1]) {
		squares[0], squares[1] = squares[1], squares[0]
	}
	p.ep, p.victim, p.hasEP = squares[0], victim, true
	if len(squares) == 2 {
		p.ep2, p.hasEP2 = squares[1], true
	}
	return true, nil
}

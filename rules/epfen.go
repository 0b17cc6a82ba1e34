package rules

import (
	"fmt"

	"github.com/baten-chess/baten/geom"
)

// EnPassantUse says where a pawn's double or triple step leaves an en
// passant square, as Fairy-Stockfish sets one: only where it could be
// used, the square in the taker's region (EnPassantFor) and attacked by
// one of the taker's pawns, unless the taker has en passant kinds other
// than the pawn (then every square in the region). Fairy-Stockfish writes
// and hashes only these, so a position reached by a double step that no
// pawn can take is the position reached without one (1.e4 in Capablanca
// leaves "-"). Moves are the same either way: a square no pawn attacks
// was never taken on.
type EnPassantUse struct {
	// Pawn is Fairy-Stockfish's pawn (the pawn key's kind): the only kind
	// whose straight double and triple steps this rule filters; the
	// first-move steps of other kinds leave their squares unfiltered,
	// as Fairy-Stockfish's custom pawns' do. 0 for none.
	Pawn KindID
	// Any, by the Player who may take, marks a taker with en passant
	// kinds other than Pawn: every square in its region is kept.
	Any [2]bool
}

// usable reports whether the en passant square sq, passed by a step of
// the player mover's pawn, is one Fairy-Stockfish sets: one of the
// taker's pawns stands diagonally beyond it, where a pawn captures onto
// it from (EnPassantUse).
func (p *Position) usable(mover Player, sq geom.Square) bool {
	u := p.v.EPUse
	taker := mover.Opponent()
	if u.Any[taker] {
		return true
	}
	for _, df := range [2]int{-1, 1} {
		from, ok := p.v.Size.Offset(sq, df, p.v.Forward[mover])
		if pc := p.board.At(from); ok && pc.Owner == taker && pc.Kind == u.Pawn {
			return true
		}
	}
	return false
}

// keepUsable drops from q, the position after m, the en passant squares
// of a straight step of EnPassantUse.Pawn that Fairy-Stockfish does not
// set (EnPassantUse). p is the position before m.
func (p *Position) keepUsable(q *Position, m Move, mover Piece) {
	u := p.v.EPUse
	if u == nil || !q.hasEP {
		return
	}
	if mover.Kind != u.Pawn {
		q.addLanding(mover.Owner)
		return
	}
	if m.From.File != m.To.File {
		return
	}
	passed := []geom.Square{q.ep}
	if q.hasEP2 {
		passed = append(passed, q.ep2)
	}
	var kept []geom.Square
	for _, sq := range passed {
		if q.usable(mover.Owner, sq) {
			kept = append(kept, sq)
		}
	}
	q.setPassed(kept)
}

// setPassed makes kept, nearest the pawn first, the position's en passant
// squares, keeping their victim; none when kept is empty.
func (p *Position) setPassed(kept []geom.Square) {
	p.hasEP, p.hasEP2, p.ep, p.ep2 = false, false, geom.Square{}, geom.Square{}
	if len(kept) == 0 {
		p.victim = geom.Square{}
		return
	}
	p.hasEP, p.ep = true, kept[0]
	if len(kept) > 1 {
		p.hasEP2, p.ep2 = true, kept[1]
	}
}

// readUsable drops, as Fairy-Stockfish's FEN reader does, the en passant
// squares just read that a pawn's step would not have left
// (EnPassantUse), and those whose square beyond, where the pawn came
// from or passed, is not empty.
func (p *Position) readUsable() {
	u := p.v.EPUse
	if u == nil || !p.hasEP {
		return
	}
	if p.board.At(p.victim).Kind != u.Pawn {
		p.addLanding(p.turn.Opponent())
		return
	}
	if p.victim.File != p.ep.File {
		return
	}
	moved := p.turn.Opponent()
	passed := []geom.Square{p.ep}
	if p.hasEP2 {
		passed = append(passed, p.ep2)
	}
	var kept []geom.Square
	for _, sq := range passed {
		beyond, _ := p.v.Size.Offset(sq, 0, p.v.Forward[p.turn])
		if p.usable(moved, sq) && (u.Any[p.turn] || p.board.At(beyond).Empty()) {
			kept = append(kept, sq)
		}
	}
	p.setPassed(kept)
}

// addLanding adds, after a custom pawn's double step (a kind of mover's en
// passant types other than EnPassantUse.Pawn: berolina's, pawnsideways'),
// the square it landed on as the second en passant square, as
// Fairy-Stockfish's between_bb counts the squares of a first move
// ("c3d4" after berolina's b2d4). No move takes en passant there: the
// pawn stands on it.
func (p *Position) addLanding(mover Player) {
	pc := p.board.At(p.victim)
	if p.hasEP2 || pc.Empty() || pc.Owner != mover || !p.v.Side(mover, pc.Kind).EnPassant || !p.v.EnPassantFor(mover.Opponent(), p.victim) {
		return
	}
	p.hasEP2, p.ep2 = true, p.victim
}

// EnPassantVictim returns the square of the piece an en passant capture
// takes, valid when EnPassant reports a square: beyond it on the file, or
// diagonally beyond after berolina's diagonal double step.
func (p *Position) EnPassantVictim() geom.Square { return p.victim }

// readLanding reads the en passant field of a game of EnPassantUse whose
// custom pawns' double steps leave two squares: the passed square and the
// one the pawn stands on, in either order ("c3d4", "d3c4"), or the passed
// square alone with the pawn diagonally beyond it (berolina's). It
// reports false, having read nothing, for any other field.
func (p *Position) readLanding(text string) (bool, error) {
	if p.v.EPUse == nil || text == "-" {
		return false, nil
	}
	moved := p.turn.Opponent()
	isPawn := func(sq geom.Square) bool {
		pc := p.board.At(sq)
		return !pc.Empty() && pc.Owner == moved && pc.Kind != p.v.EPUse.Pawn && p.v.Side(moved, pc.Kind).EnPassant
	}
	bad := &FieldError{Field: "en passant", Text: text, Err: fmt.Errorf("%w: no pawn has just passed it", ErrIllegalPosition)}
	var passed, victim geom.Square
	if sq, err := p.v.Size.Parse(text); err == nil {
		if beyond, ok := p.v.Size.Offset(sq, 0, p.v.Forward[moved]); ok && isPawn(beyond) {
			return false, nil // straight beyond: readEnPassant's
		}
		found := 0
		for _, df := range [2]int{-1, 1} {
			if at, ok := p.v.Size.Offset(sq, df, p.v.Forward[moved]); ok && isPawn(at) {
				victim, found = at, found+1
			}
		}
		if found != 1 {
			return false, nil
		}
		passed = sq
	} else {
		a, b, ok := p.splitSquares(text)
		if !ok {
			return false, nil
		}
		if isPawn(a) {
			a, b = b, a
		}
		if !isPawn(b) || b.Rank-a.Rank != p.v.Forward[moved] || abs(b.File-a.File) > 1 {
			return true, bad
		}
		passed, victim = a, b
	}
	if !p.board.At(passed).Empty() {
		return true, bad
	}
	if !p.v.EnPassantFor(p.turn, passed) {
		return true, &FieldError{Field: "en passant", Text: text, Err: fmt.Errorf("%w: outside the variant's en passant region", ErrIllegalPosition)}
	}
	p.ep, p.victim, p.hasEP = passed, victim, true
	p.addLanding(moved)
	return true, nil
}

// splitSquares reads text as two squares written one after the other.
func (p *Position) splitSquares(text string) (a, b geom.Square, ok bool) {
	for i := 2; i < len(text); i++ {
		x, errA := p.v.Size.Parse(text[:i])
		y, errB := p.v.Size.Parse(text[i:])
		if errA == nil && errB == nil {
			return x, y, true
		}
	}
	return geom.Square{}, geom.Square{}, false
}

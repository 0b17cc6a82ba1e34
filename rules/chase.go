package rules

import (
	"slices"
	"strings"

	"github.com/baten-chess/baten/geom"
)

// ChaseRule is xiangqi's rule against perpetual chase, as the Asian
// Xiangqi Federation has it (Fairy-Stockfish's chasingRule = axf): a side
// that chases one piece with every move of a repetition loses. The rule
// names the pieces by their role, as upper-case letters of the kinds; the
// general is the royal kind, the soldiers' river is SoldierRule's rank.
// Position.Chased gives the chase set of a move; the game record judges
// the repetition (game.Game).
type ChaseRule struct {
	// The letters of the kinds of each role, Fairy-Stockfish's rook,
	// horse, cannon, elephant, fers and soldier piece types.
	Chariots, Horses, Cannons, Elephants, Advisors, Soldiers string
}

// Chased returns the squares, after m (a legal move of p) is played, of
// the opponent's pieces that m chases, in Index order; nil without a
// chase rule. In plain
// words: a move chases a piece when, after it, one of the mover's pieces
// newly attacks it (the moved piece from its new square, or a piece
// whose line the move opened or whose screen it placed) and
//
//   - the attacker is of lower value (a horse or a cannon attacking a
//     chariot; an elephant or an advisor attacking a chariot, a cannon or
//     a horse), protected or not; or
//   - the piece is unprotected: were the attacker to take it, no piece of
//     its side could take back without exposing its general. A protector
//     pinned to its general, or whose recapture would leave the generals
//     facing, or a general that would step into an attack, does not
//     protect; a check the move gave does not count (the taking back is
//     read as if the attacker's side moved twice).
//
// Attacks by the general or by soldiers never chase, and attacks on the
// general (check) or on a soldier that has not crossed the river are not
// chases. Two pieces of one kind that attack each other (a chariot
// attacking a chariot that may take it back) do not chase: the attack
// counts only when the attacked piece may not take back without
// exposing its general, or may not at all: a pinned piece, a lame horse.
//
// An attack is a capture the piece could make, the general's safety
// aside (as Attacked reads it); "newly" compares each piece's attacks
// after the move with its attacks before it, from where it stood.
func (p *Position) Chased(m Move) []geom.Square {
	c := p.v.Chase
	if c == nil || m.Pass || m.From == m.To {
		return nil
	}
	next := p.apply(m)
	var out []geom.Square
	for _, a := range p.v.Size.Squares() {
		pc := next.board.At(a)
		if pc.Empty() || pc.Owner != p.turn || p.v.Kind(pc.Kind).Royal || c.is(c.Soldiers, p.v, pc) {
			continue // the general's and the soldiers' attacks are no chases
		}
		was := a // where the piece stood before m
		switch {
		case a == m.To:
			was = m.From
		case m.Castle && a == m.RookTo:
			was = m.RookFrom
		}
		before := p.attacks(was)
		for _, t := range next.attacks(a) {
			if !slices.Contains(before, t) && !slices.Contains(out, t) && next.chases(a, t) {
				out = append(out, t)
			}
		}
	}
	slices.SortFunc(out, func(x, y geom.Square) int { return p.v.Size.Index(x) - p.v.Size.Index(y) })
	return out
}

// is reports whether pc is of one of the kinds letters names.
func (c *ChaseRule) is(letters string, v *Variant, pc Piece) bool {
	return strings.IndexByte(letters, v.Kind(pc.Kind).Letter) >= 0
}

// attacks lists the squares of the enemy pieces the piece on from could
// take, its general's safety aside.
func (p *Position) attacks(from geom.Square) []geom.Square {
	pc := p.board.At(from)
	side := p.v.Side(pc.Owner, pc.Kind)
	f := p.frame(from, nil)
	var out []geom.Square
	for t := range p.palaceTargets(pc, from, p.v.Kind(pc.Kind).Movement.Targets(f, from), f.Occupied) { // family: palaces
		victim := p.board.At(t.To)
		if t.Capture && !t.Jump && !victim.Empty() && victim.Owner != pc.Owner && side.MayStand(t.To) &&
			!p.soldierHeld(pc, from, t.To) && !slices.Contains(out, t.To) {
			out = append(out, t.To)
		}
	}
	return out
}

// chases reports whether the attack of the piece on a on the piece on t
// is a chase in p, the attacked side to move (Chased).
func (p *Position) chases(a, t geom.Square) bool {
	c, v := p.v.Chase, p.v
	att, vic := p.board.At(a), p.board.At(t)
	if v.Kind(vic.Kind).Royal {
		return false // check
	}
	if c.is(c.Soldiers, v, vic) && v.Soldiers != nil && v.RelativeRank(vic.Owner, t) < v.Soldiers.Rank {
		return false // a soldier on its own side of the river
	}
	if c.is(c.Horses+c.Cannons, v, att) && c.is(c.Chariots, v, vic) ||
		c.is(c.Elephants+c.Advisors, v, att) && c.is(c.Chariots+c.Cannons+c.Horses, v, vic) {
		return true // a lower-valued attacker chases a protected piece too
	}
	if att.Kind == vic.Kind && p.takesBack(t, a) {
		return false // a mutual attack
	}
	return !p.protected(a, t)
}

// takesBack reports whether the player to move may take the piece on to
// with the piece on from without exposing its general: the capture
// leaves no royal piece of its side attacked by a piece that did not
// attack one before, and keeps the royal guards (the generals do not
// face). A check already given does not count: protection is read as if
// the attacker's side were to move again.
func (p *Position) takesBack(from, to geom.Square) bool {
	before := p.royalAttackers(p.turn)
	for _, m := range p.pieceMoves(from, p.board.At(from)) {
		if m.To != to || !slices.Contains(m.Captures, to) {
			continue
		}
		next := p.apply(m)
		if p.guardsForbid(m, next) {
			continue
		}
		if !slices.ContainsFunc(next.royalAttackers(p.turn), func(sq geom.Square) bool { return !slices.Contains(before, sq) }) {
			return true
		}
	}
	return false
}

// royalAttackers lists the squares of the pieces that attack a royal
// piece of player.
func (p *Position) royalAttackers(player Player) []geom.Square {
	var out []geom.Square
	for _, sq := range p.v.Size.Squares() {
		if pc := p.board.At(sq); !pc.Empty() && pc.Owner == player && p.v.Kind(pc.Kind).Royal {
			out = append(out, p.attackers(sq, player.Opponent(), p.v.Size.Count())...)
		}
	}
	return out
}

// protected reports whether, in p (the attacked side to move), the piece
// on t is protected against the piece on a: were a to take it, a piece of
// its side could take back (takesBack).
func (p *Position) protected(a, t geom.Square) bool {
	q := p.clone()
	q.turn = p.turn.Opponent() // the attacker's move
	for _, m := range q.pieceMoves(a, q.board.At(a)) {
		if m.To != t || !slices.Contains(m.Captures, t) {
			continue
		}
		r := q.apply(m)
		for _, from := range r.v.Size.Squares() {
			if pc := r.board.At(from); !pc.Empty() && pc.Owner == r.turn && r.takesBack(from, t) {
				return true
			}
		}
	}
	return false
}

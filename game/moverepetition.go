package game

import (
	"slices"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// specMover is a position of a game with rules as data that gives the
// reference move of its legal actions.
type specMover interface {
	Rules() *rules.Position
	Move(a variant.Action) (rules.Move, bool)
}

// moveRepetitionOutcome applies rep.MoveRepetition, Fairy-Stockfish's
// moveRepetitionIllegal (Janggi's rule against shuffling a piece), as its
// Position::is_optional_game_end reads it: the player who has just moved
// loses if its last five moves took one piece to a square and then back
// and forth four times (x→a, a→b, b→a, a→b, b→a, or with a pass between),
// the first of them no capture, none made in check and none of the
// opponent's moves between them a capture or a pawn move (they all lie
// within the move-rule count). The last move must be a plain one (not
// castling, a promotion or en passant) of a piece that may stand where
// the opponent's royal piece may (mobilityRegion; every piece, where
// there are no regions). Fairy-Stockfish scores it as a won end for the
// player to move; Baten ends the game there, as it ends a perpetual check.
func (g *Game) moveRepetitionOutcome() (variant.Outcome, bool) {
	n := len(g.plies)
	end := min(variant.MoveRuleCount(g.cur.pos), n)
	cur, ok := g.cur.pos.(specMover)
	if !ok || end < 8 {
		return variant.Outcome{}, false
	}
	// move is the mover's k-th move back (0 the last), made in the
	// position before ply n-1-2k.
	move := func(k int) (rules.Move, bool) {
		j := n - 1 - 2*k
		if j < 0 {
			return rules.Move{}, false
		}
		p, ok := g.PositionBefore(j).(specMover)
		if !ok {
			return rules.Move{}, false
		}
		return p.Move(g.plies[j].move)
	}
	checked := func(j int) bool { return variant.InCheck(g.PositionBefore(j)) }
	last, ok := move(0)
	if !ok || !plainMove(last) || checked(n-1) || checked(n-3) || !mayReachRoyal(cur.Rules(), last.To) {
		return variant.Outcome{}, false
	}
	prev, _ := move(1)
	run := 0 // how far the back and forth goes: 2 from a reversed move, 1 from a pass
	switch {
	case reverses(prev, last):
		run = 2
	case prev.Pass:
		run = 1
	default:
		return variant.Outcome{}, false
	}
	for i := 4; i <= end; i += 2 {
		if i+1 <= end && checked(n-1-i) {
			return variant.Outcome{}, false
		}
		k := i / 2
		m, ok := move(k)
		if !ok {
			return variant.Outcome{}, false
		}
		if run < 4 {
			ref := prev
			if run == 1 {
				ref = last
			}
			if !reverses(m, ref) {
				return variant.Outcome{}, false
			}
			run++
			prev = m
			continue
		}
		if len(m.Captures) == 0 && prev.From == m.To {
			turn := g.cur.pos.Turn()
			return variant.Outcome{Winner: turn, Reason: variant.MoveRepetition}, true
		}
		return variant.Outcome{}, false
	}
	return variant.Outcome{}, false
}

// plainMove reports a move that is not castling, a promotion, en passant
// or a pass: Fairy-Stockfish's NORMAL move type.
func plainMove(m rules.Move) bool {
	return !m.Castle && m.Promotion == 0 && !m.EnPassant && !m.Pass
}

// reverses reports whether m is the plain move back of ref.
func reverses(m, ref rules.Move) bool {
	return plainMove(m) && m.From == ref.To && m.To == ref.From
}

// mayReachRoyal reports whether the piece on sq of p may stand on some
// square where a royal piece of the player to move may (a kind's squares
// are all the board's without a mobility region).
func mayReachRoyal(p *rules.Position, sq geom.Square) bool {
	v := p.Variant()
	pc := p.At(sq)
	mine := v.Side(pc.Owner, pc.Kind).Stand
	meets := mine == nil || len(mine) > 0 // where no kind is royal, the board
	for i := range v.Pieces {
		if !v.Pieces[i].Royal {
			continue
		}
		theirs := v.Side(p.Turn(), rules.KindID(i+1)).Stand
		if mine == nil || theirs == nil || slices.ContainsFunc(mine, func(s geom.Square) bool { return slices.Contains(theirs, s) }) {
			return true
		}
		meets = false
	}
	return meets
}

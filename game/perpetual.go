package game

import "github.com/baten-chess/baten/variant"

// repetitionOutcome is the end by the game's own repetition rule, rep,
// the current position having occurred rep.Count times. With
// rep.PerpetualCheck (Fairy-Stockfish's perpetualCheckIllegal) a player
// who gave check in every position of the repetition, from the first of
// the counted occurrences to now, loses; both doing so draw. Failing
// that, with rep.PerpetualChase (chasingRule = axf) a player who chased
// one piece with every move into those positions loses (chase.go); both
// doing so draw. Otherwise the rule's result stands.
func (g *Game) repetitionOutcome(rep *variant.RepetitionRule) variant.Outcome {
	turn := g.cur.pos.Turn()
	if !rep.PerpetualCheck && !rep.PerpetualChase {
		return rep.Outcome(turn)
	}
	n := len(g.keys) - 1
	first, seen := n, 1
	for i := n - 1; i >= 0 && seen < rep.Count; i-- {
		if g.keys[i] == g.keys[n] {
			first, seen = i, seen+1
		}
	}
	if rep.PerpetualCheck {
		// them: the opponent checked the player to move in each of its
		// positions; us: the player to move checked in each of the others.
		them, us := true, true
		for i := first; i <= n; i++ {
			check := variant.InCheck(g.PositionBefore(i))
			if (n-i)%2 == 0 {
				them = them && check
			} else {
				us = us && check
			}
		}
		if o, ok := perpetual(them, us, turn, variant.PerpetualCheck); ok {
			return o
		}
	}
	if rep.PerpetualChase { // family: palaces
		them, us := g.perpetualChase(first, n)
		if o, ok := perpetual(them, us, turn, variant.PerpetualChase); ok {
			return o
		}
	}
	return rep.Outcome(turn)
}

// perpetual is the end when the opponent of turn (them), turn (us), or
// both did what reason forbids: the other wins, or a draw.
func perpetual(them, us bool, turn variant.Color, reason variant.Reason) (variant.Outcome, bool) {
	switch {
	case them && us:
		return variant.Outcome{Draw: true, Reason: reason}, true
	case them:
		return variant.Outcome{Winner: turn, Reason: reason}, true
	case us:
		return variant.Outcome{Winner: turn.Other(), Reason: reason}, true
	}
	return variant.Outcome{}, false
}

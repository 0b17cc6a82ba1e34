package fairy

import "github.com/baten-chess/baten/rules"

// The check-counting rule (rules.CheckCounting): the checks each player
// still has to give are position state, in Position.checks; Play counts a
// check the move gives, and the side to move has lost once its opponent
// has none left.

// ChecksRemaining returns the checks each player still has to give to
// win, by player, as rules.Position.ChecksRemaining does.
func (p *Position) ChecksRemaining() [2]int {
	return [2]int{int(p.checks[0]), int(p.checks[1])}
}

// checksWon reports whether the side to move has lost by the count: its
// opponent has no check left to give.
func (p *Position) checksWon() bool { return p.r.checks && p.checks[p.turn^1] == 0 }

// checksOutcome is the outcome checksWon decides.
func (p *Position) checksOutcome() rules.Outcome {
	return rules.Outcome{Winner: rules.Player(p.turn ^ 1), Reason: rules.ChecksGiven}
}

// countCheck counts the check the move just played gave, if any: the
// side to move is the mover's opponent. It is called only in a variant
// with the rule.
func (p *Position) countCheck() {
	mover := p.turn ^ 1
	if p.checks[mover] > 0 && p.royalAttacked(p.turn) {
		p.checks[mover]--
	}
}

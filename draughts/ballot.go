package draughts

import (
	"errors"
	"fmt"
)

// Deck is a set of CheckerBoard's opening-deck flags for a ballot.
type Deck uint8

// The deck flags of CheckerBoard's table.
const (
	// Crossboard: in the crossboard (over-the-board) ballot deck.
	Crossboard Deck = 1 << iota
	// MailPlay: in the mail-play deck.
	MailPlay
	// Barred: barred as losing; not in the current ACF deck.
	Barred
	// ComputerTough: in the "computer tough deck" Mac Banks chose for the
	// 2002 Las Vegas computer tournament, a marker on top of the others.
	ComputerTough
)

// Ballot is one of the 174 ACF three-move openings.
type Ballot struct {
	// Number is the ACF number, 1–174.
	Number int
	// Moves are the three opening plies in PDN, Black's first.
	Moves [3]string
	Decks Deck
	// Name is the opening's traditional name, or "".
	Name string
}

// ErrUnknownBallot: no ballot has the number asked for.
var ErrUnknownBallot = errors.New("draughts: no such ballot")

// Ballots lists the 174 ACF three-move ballots in ACF order (Ed Gilbert's
// CheckerBoard, utility.c, commit 691ab495). The 18 flagged Barred are not
// in the current 156-ballot deck.
func Ballots() []Ballot {
	return append([]Ballot(nil), ballotTable[:]...)
}

// BallotByNumber returns the ballot with ACF number n.
func BallotByNumber(n int) (Ballot, bool) {
	if n < 1 || n > len(ballotTable) {
		return Ballot{}, false
	}
	return ballotTable[n-1], true
}

// ApplyBallot plays ballot n from the start: three plies, so White is to
// move afterwards.
func ApplyBallot(n int) (Position, error) {
	b, ok := BallotByNumber(n)
	if !ok {
		return Position{}, fmt.Errorf("%w: %d (want 1-%d)", ErrUnknownBallot, n, len(ballotTable))
	}
	p := Start()
	for _, text := range b.Moves {
		m, err := p.ParseMove(text)
		if err != nil {
			return Position{}, fmt.Errorf("ballot %d: %w", n, err)
		}
		p = p.Play(m)
	}
	return p, nil
}

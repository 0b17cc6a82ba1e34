package rules

import (
	"regexp"
	"strconv"
)

// CheckCounting is Fairy-Stockfish's checkCounting rule (three-check,
// five-check, Kar Ouk): a player who has given check a number of times
// wins.
//
// The checks each player still has to give are position state, as in
// Fairy-Stockfish: written in the FEN as a field "W+B" after the en
// passant square, the checks remaining to the first player and to the
// second ("3+3" at the start of three-check). After every move that
// leaves the opponent's royal piece attacked, the mover has one check
// fewer to give (a discovered or double check counts once). The side to
// move has lost as soon as its opponent has none left to give: the game
// ends there, before any question of mate, so a check that is also mate
// wins by the count.
//
// A FEN without the field has one check left to each side, as
// Fairy-Stockfish reads it ("the next check wins"). Lichess's form, the
// checks given by each player as a last field "+W+B" after the move
// counters, is read too: the checks remaining are then Checks less the
// checks given (never below zero).
type CheckCounting struct {
	// Checks are the checks each player must give to win, by Player: the
	// counter of the variant's start position (3 in three-check), which
	// lichess's form counts down from.
	Checks [2]int
}

// MaxChecks bounds the checks a player may have to give.
const MaxChecks = 15

// ChecksRemaining returns the checks each player still has to give to
// win, by Player, under the variant's CheckCounting (zeros without it).
func (p *Position) ChecksRemaining() [2]int { return p.checks }

// checksWinner applies the check-counting rule: the side to move has lost
// once its opponent has no check left to give.
func (p *Position) checksWinner() (Player, bool) {
	if p.v.CheckCounting == nil || p.checks[p.turn.Opponent()] > 0 {
		return 0, false
	}
	return p.turn.Opponent(), true
}

// countCheck counts the check the move just played gave, if it gave one:
// p is the position after it, with the mover's opponent to move.
func (p *Position) countCheck() {
	mover := p.turn.Opponent()
	if p.v.CheckCounting != nil && p.checks[mover] > 0 && p.royalAttacked(p.turn) {
		p.checks[mover]--
	}
}

var (
	// fsfChecks is Fairy-Stockfish's counter field: checks remaining.
	fsfChecks = regexp.MustCompile(`^([0-9]+)\+([0-9]+)$`)
	// lichessChecks is lichess's: checks given.
	lichessChecks = regexp.MustCompile(`^\+([0-9]+)\+([0-9]+)$`)
)

// checkFields takes the check counters out of the fields of a FEN of v:
// Fairy-Stockfish's after the en passant square and lichess's last, both
// optional (see CheckCounting). It returns the other fields and the checks
// remaining; without CheckCounting the fields are returned unchanged.
func checkFields(v *Variant, fields []string) ([]string, [2]int, error) {
	cc := v.CheckCounting
	if cc == nil {
		return fields, [2]int{}, nil
	}
	checks := [2]int{1, 1}
	count := func(field, text string) (int, error) {
		n, err := strconv.Atoi(text)
		if err != nil || n > MaxChecks {
			return 0, fenErr(field, text, "not a count of checks up to %d", MaxChecks)
		}
		return n, nil
	}
	if len(fields) > 4 {
		if m := fsfChecks.FindStringSubmatch(fields[4]); m != nil {
			for pl := range checks {
				n, err := count("check counter", m[1+pl])
				if err != nil {
					return nil, checks, err
				}
				checks[pl] = n
			}
			fields = append(fields[:4:4], fields[5:]...)
		}
	}
	if n := len(fields); n > 4 {
		if m := lichessChecks.FindStringSubmatch(fields[n-1]); m != nil {
			for pl := range checks {
				given, err := count("checks given", m[1+pl])
				if err != nil {
					return nil, checks, err
				}
				checks[pl] = max(cc.Checks[pl]-given, 0)
			}
			fields = fields[:n-1]
		}
	}
	return fields, checks, nil
}

// checksText is the FEN's counter field with its leading space, "" for a
// variant without CheckCounting.
func (p *Position) checksText() string {
	if p.v.CheckCounting == nil {
		return ""
	}
	return " " + strconv.Itoa(p.checks[First]) + "+" + strconv.Itoa(p.checks[Second])
}

// Checkmated reports whether the side to move is in check with no move
// that leaves its royal pieces unattacked, by the pieces' movement alone:
// true also where the check-counting rule has ended the game first, so
// that the check that ends it is written "#" only when it is mate as
// well.
func (p *Position) Checkmated() bool {
	if !p.InCheck() {
		return false
	}
	for _, m := range p.pseudoMoves() {
		if !p.apply(m).royalAttacked(p.turn) {
			return false
		}
	}
	return true
}

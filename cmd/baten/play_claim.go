package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/baten-chess/baten/game"
	"github.com/baten-chess/baten/variant"
)

// claimWith plays text and claims the draw the move makes available, as
// FIDE 9.2.1 lets a player do: write the move and claim; the claim is
// judged in the position after the move. A claim that does not hold
// leaves the move played and the game goes on (FIDE 9.5), the engine
// answering with --engine.
func (s *session) claimWith(text string) error {
	if _, over := s.g.Outcome(); over {
		return game.ErrGameOver
	}
	p := s.g.Position()
	if legal := p.Legal(); len(legal) > 0 && legal[0].IsBan() {
		return errors.New("a claim comes with a move, and " + p.Turn().String() + " bans now")
	}
	m, err := s.g.PlayText(text)
	if err != nil {
		return playerError(p, text, err)
	}
	s.reportMove(p, m)
	if _, over := s.g.Outcome(); over {
		return nil // the move itself ended the game
	}
	o, err := s.g.Claim()
	switch {
	case err == nil:
		s.reportEnd(o)
		return nil
	case !errors.Is(err, game.ErrNoClaim):
		return err
	}
	fmt.Fprintf(s.out, "claim refused: after %s the position has not occurred three times and the move rule is not reached; the move stands and the game goes on\n",
		p.Format(m, variant.Human))
	return s.reply()
}

// claimNotice tells the side to act that it may claim a draw now, or with
// which moves it could claim (claim <move>). Games whose own repetition
// rule ends them, and a side that bans, get no notice.
func (s *session) claimNotice() {
	if _, over := s.g.Outcome(); over {
		return
	}
	p := s.g.Position()
	legal := p.Legal()
	if len(legal) == 0 || legal[0].IsBan() {
		return
	}
	switch {
	case s.g.CanClaimRepetition():
		fmt.Fprintf(s.out, "%v may claim a draw by threefold repetition: type claim\n", p.Turn())
		return
	case s.g.CanClaimMoveRule():
		fmt.Fprintf(s.out, "%v may claim a draw by the %v: type claim\n", p.Turn(), s.g.Variant().MoveRuleReason)
		return
	}
	// Which moves would make a claim available? Only worth asking when a
	// position has occurred twice or the move rule is one ply away; then
	// each move is tried and taken back: Undo restores the game exactly
	// (history, offers, clocks).
	seen := map[uint64]int{}
	twice := false
	for i := 0; i <= len(s.g.Moves()); i++ {
		k := s.g.PositionBefore(i).Key()
		seen[k]++
		twice = twice || seen[k] >= 2
	}
	if !twice && variant.MoveRuleCount(p)+1 < s.g.Variant().MoveRule {
		return
	}
	var repeat, rule []string
	for _, m := range legal {
		if err := s.g.Play(m); err != nil {
			continue
		}
		_, over := s.g.Outcome()
		canRepeat, canRule := !over && s.g.CanClaimRepetition(), !over && s.g.CanClaimMoveRule()
		if err := s.g.Undo(); err != nil {
			// Cannot happen after a Play; stop probing rather than go on
			// from a changed game.
			return
		}
		switch {
		case canRepeat:
			repeat = append(repeat, p.Format(m, variant.Human))
		case canRule:
			rule = append(rule, p.Format(m, variant.Human))
		}
	}
	if len(repeat) > 0 {
		fmt.Fprintf(s.out, "%v may claim a draw by threefold repetition with %s (claim <move>)\n", p.Turn(), someMoves(repeat))
	}
	if len(rule) > 0 {
		fmt.Fprintf(s.out, "%v may claim a draw by the %v with %s (claim <move>)\n", p.Turn(), s.g.Variant().MoveRuleReason, someMoves(rule))
	}
}

// someMoves lists up to three moves, "Ng1, Nh3 or Nf3", and says how many
// more there are.
func someMoves(moves []string) string {
	const most = 3
	shown := moves
	more := ""
	if len(moves) > most {
		shown = moves[:most]
		more = fmt.Sprintf(" (and %d more)", len(moves)-most)
	}
	if len(shown) == 1 {
		return shown[0] + more
	}
	return strings.Join(shown[:len(shown)-1], ", ") + " or " + shown[len(shown)-1] + more
}

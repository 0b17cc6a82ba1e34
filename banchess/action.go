package banchess

import (
	"fmt"
	"strings"

	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/san"
)

// Action is one ply: a ban or a move. Build one with BanAction or
// MoveAction; playing it is checked by Position.Play.
type Action struct {
	move  chess.Move
	ban   Ban
	isBan bool
}

// BanAction returns the action banning b.
func BanAction(b Ban) Action { return Action{ban: b, isBan: true} }

// MoveAction returns the action playing m.
func MoveAction(m chess.Move) Action { return Action{move: m} }

// IsBan reports whether a is a ban.
func (a Action) IsBan() bool { return a.isBan }

// Ban returns the pair a bans (meaningful only if a.IsBan()).
func (a Action) Ban() Ban { return a.ban }

// Move returns the move a plays (meaningful only if !a.IsBan()).
func (a Action) Move() chess.Move { return a.move }

// String returns "b:e2e4" for a ban and "m:" + Chess960 UCI for a move.
func (a Action) String() string {
	if a.isBan {
		return "b:" + a.ban.String()
	}
	return "m:" + a.move.UCI(true)
}

// maxActions bounds the legal actions of a position (chess has at most 218
// legal moves, and bans are fewer than moves).
const maxActions = 256

// ActionList is a fixed-capacity list of actions, filled without
// allocating.
type ActionList struct {
	a [maxActions]Action
	n int
}

// Len returns the number of actions.
func (l *ActionList) Len() int { return l.n }

// At returns the i-th action.
func (l *ActionList) At(i int) Action { return l.a[:l.n][i] }

// Slice returns the actions (aliasing the list).
func (l *ActionList) Slice() []Action { return l.a[:l.n] }

// LegalActions fills l with the legal actions: in a ban phase, one ban per
// distinct from/to pair of the side to move's legal moves (in generation
// order); in a move phase, the legal moves not covered by the ban.
func (p *Position) LegalActions(l *ActionList) {
	l.n = 0
	if p.ply == 0 {
		return
	}
	var ml chess.MoveList
	p.pos.LegalMoves(&ml)
	if p.Phase() == MovePhase {
		for _, m := range ml.Slice() {
			if p.banned && p.ban.Covers(m) {
				continue
			}
			l.a[l.n] = Action{move: m}
			l.n++
		}
		return
	}
	var seen [64]uint64
	for _, m := range ml.Slice() {
		b := BanOf(m)
		if seen[b.From]&(1<<b.To) != 0 {
			continue
		}
		seen[b.From] |= 1 << b.To
		l.a[l.n] = Action{ban: b, isBan: true}
		l.n++
	}
}

// countActions counts the legal actions without writing them.
func (p *Position) countActions() int {
	var ml chess.MoveList
	p.pos.LegalMoves(&ml)
	if p.Phase() == MovePhase {
		n := ml.Len()
		if p.banned {
			for _, m := range ml.Slice() {
				if p.ban.Covers(m) {
					n--
				}
			}
		}
		return n
	}
	var seen [64]uint64
	n := 0
	for _, m := range ml.Slice() {
		b := BanOf(m)
		if seen[b.From]&(1<<b.To) == 0 {
			seen[b.From] |= 1 << b.To
			n++
		}
	}
	return n
}

// ActionText returns a as text: "b:e2e4" for a ban, SAN for a move. The
// SAN is that of the chess position (check and mate marks by chess rules).
func (p *Position) ActionText(a Action) string {
	if a.isBan {
		return "b:" + a.ban.String()
	}
	return san.Format(&p.pos, a.move)
}

// ParseAction reads an action of p: "b:e2e4" (a ban; castling as e1g1 or
// e1h1, promotions with or without the piece letter), "m:e2e4" (a move in
// UCI) or a move in SAN. The action is checked against the phase and the
// ban: it is returned only if Play would accept it.
func (p *Position) ParseAction(text string) (Action, error) {
	if p.ply == 0 {
		return Action{}, ErrNoPosition
	}
	switch {
	case strings.HasPrefix(text, "b:"):
		if p.Phase() != BanPhase {
			return Action{}, fmt.Errorf("%w: ban %q at ply %d (a move phase)", ErrWrongPhase, text, p.ply)
		}
		b, err := p.parseBan(text[2:])
		if err != nil {
			return Action{}, err
		}
		return BanAction(b), nil
	case strings.HasPrefix(text, "m:"):
		if p.Phase() != MovePhase {
			return Action{}, fmt.Errorf("%w: move %q at ply %d (a ban phase)", ErrWrongPhase, text, p.ply)
		}
		m, err := p.pos.ParseUCI(text[2:])
		if err != nil {
			return Action{}, fmt.Errorf("%w: %w", ErrIllegalMove, err)
		}
		return p.checkMove(m)
	}
	if p.Phase() != MovePhase {
		return Action{}, fmt.Errorf("%w: move %q at ply %d (a ban phase)", ErrWrongPhase, text, p.ply)
	}
	m, err := san.ParseMove(&p.pos, text)
	if err != nil {
		return Action{}, fmt.Errorf("%w: %w", ErrIllegalMove, err)
	}
	return p.checkMove(m)
}

func (p *Position) checkMove(m chess.Move) (Action, error) {
	if p.banned && p.ban.Covers(m) {
		return Action{}, fmt.Errorf("%w: %v is banned in %s", ErrBannedMove, m.UCI(false), p.FEN())
	}
	return MoveAction(m), nil
}

// PlayText parses an action with ParseAction and plays it.
func (p *Position) PlayText(text string) error {
	a, err := p.ParseAction(text)
	if err != nil {
		return err
	}
	return p.Play(a)
}

// ParseBanText parses "e2e4" (4 or 5 characters) as a ban pair without
// checking it against a position.
func ParseBanText(text string) (Ban, error) {
	if len(text) != 4 && len(text) != 5 {
		return Ban{}, fmt.Errorf("%w: ban %q: want 4 or 5 characters", ErrInvalidText, text)
	}
	from, ok1 := chess.ParseSquare(text[0:2])
	to, ok2 := chess.ParseSquare(text[2:4])
	if !ok1 || !ok2 {
		return Ban{}, fmt.Errorf("%w: ban %q: bad square", ErrInvalidText, text)
	}
	if len(text) == 5 && !strings.ContainsRune("nbrq", rune(text[4])) {
		return Ban{}, fmt.Errorf("%w: ban %q: bad promotion letter", ErrInvalidText, text)
	}
	return Ban{from, to}, nil
}

// parseBan resolves ban text against the side to move's legal moves,
// reading castling as king → destination or king → rook.
func (p *Position) parseBan(text string) (Ban, error) {
	b, err := ParseBanText(text)
	if err != nil {
		return Ban{}, err
	}
	if c, ok := p.canonicalBan(b); ok {
		return c, nil
	}
	return Ban{}, fmt.Errorf("%w: %s is not a legal move of %v in %s", ErrIllegalBan, text, p.pos.Turn(), p.FEN())
}

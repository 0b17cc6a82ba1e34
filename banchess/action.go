package banchess

import (
	"errors"
	"fmt"
	"strings"

	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/san"
)

// Action is one ply: a ban or a move, packed in 32 bits so that a search
// can keep, copy and compare actions as cheaply as chess.Move. Build one
// with BanAction or MoveAction; playing it is checked by Position.Play.
// The zero Action is the move chess.Move(0).
type Action uint32

// banFlag marks a ban; a ban keeps its pair (as Position packs it: From in
// bits 16-21, To in bits 24-29) and a move its chess.Move in bits 0-15, so
// that Move of a ban and Ban of a move are zero.
const banFlag Action = 1 << 31

// BanAction returns the action banning b.
func BanAction(b Ban) Action { return banFlag | Action(pack(b))<<16 }

// pair returns the packed pair of a ban action.
func (a Action) pair() pair { return pair(a>>16) & 0x3f3f }

// MoveAction returns the action playing m.
func MoveAction(m chess.Move) Action { return Action(m) }

// IsBan reports whether a is a ban.
func (a Action) IsBan() bool { return a&banFlag != 0 }

// Ban returns the pair a bans (meaningful only if a.IsBan()).
func (a Action) Ban() Ban { return a.pair().unpack() }

// Move returns the move a plays (meaningful only if !a.IsBan()).
func (a Action) Move() chess.Move { return chess.Move(a & 0xffff) }

// String returns "b:e2e4" for a ban and "m:" + Chess960 UCI for a move.
func (a Action) String() string {
	if a.IsBan() {
		return "b:" + a.Ban().String()
	}
	return "m:" + a.Move().UCI(true)
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
	l.n = len(p.AppendActions(l.a[:0], ml.Slice()))
}

// countActions counts the legal actions without writing them.
func (p *Position) countActions() int {
	var ml chess.MoveList
	p.pos.LegalMoves(&ml)
	if p.Phase() == MovePhase {
		n, ban := ml.Len(), p.ban.unpack() // noBan covers nothing
		for _, m := range ml.Slice() {
			if ban.Covers(m) {
				n--
			}
		}
		return n
	}
	var seen banSet
	n := 0
	for _, m := range ml.Slice() {
		if seen.add(pairOf(m)) {
			n++
		}
	}
	return n
}

// ActionText returns a as text: "b:e2e4" for a ban, SAN for a move. The
// SAN is that of the chess position (check and mate marks by chess rules).
func (p *Position) ActionText(a Action) string {
	if a.IsBan() {
		return "b:" + a.Ban().String()
	}
	return san.Format(&p.pos, a.Move())
}

// ParseAction reads an action of p: "b:e2e4" (a ban; castling as e1g1 or
// e1h1, promotions with or without the piece letter; or the banned move in
// SAN, "b:Nf3", errors wrapping san's kind), "m:e2e4" (a move in
// UCI) or a move in SAN. The action is checked against the phase and the
// ban: it is returned only if Play would accept it.
func (p *Position) ParseAction(text string) (Action, error) {
	if p.ply == 0 {
		return 0, ErrNoPosition
	}
	switch {
	case strings.HasPrefix(text, "b:"):
		if p.Phase() != BanPhase {
			return 0, fmt.Errorf("%w: ban %q at ply %d (a move phase)", ErrWrongPhase, text, p.ply)
		}
		b, err := p.parseBan(text[2:])
		if err != nil {
			return 0, err
		}
		return BanAction(b), nil
	case strings.HasPrefix(text, "m:"):
		if p.Phase() != MovePhase {
			return 0, fmt.Errorf("%w: move %q at ply %d (a ban phase)", ErrWrongPhase, text, p.ply)
		}
		m, err := p.pos.ParseUCI(text[2:])
		if err != nil {
			return 0, fmt.Errorf("%w: %w", ErrIllegalMove, err)
		}
		return p.checkMove(m)
	}
	if p.Phase() != MovePhase {
		return 0, fmt.Errorf("%w: move %q at ply %d (a ban phase)", ErrWrongPhase, text, p.ply)
	}
	m, err := san.ParseMove(&p.pos, text)
	if err != nil {
		return 0, fmt.Errorf("%w: %w", ErrIllegalMove, err)
	}
	return p.checkMove(m)
}

func (p *Position) checkMove(m chess.Move) (Action, error) {
	if p.IsBanned(m) {
		return 0, fmt.Errorf("%w: %v is banned in %s", ErrBannedMove, m.UCI(false), p.FEN())
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

// parseBan resolves ban text against the side to move's legal moves: a
// from-to pair, castling as king → destination or king → rook, or the move
// in SAN ("Nf3", "O-O"), which bans its pair.
func (p *Position) parseBan(text string) (Ban, error) {
	b, err := ParseBanText(text)
	if err != nil {
		m, sanErr := san.ParseMove(&p.pos, text)
		switch {
		case errors.Is(sanErr, san.ErrInvalid):
			return Ban{}, fmt.Errorf("%w: ban %q is neither a from-to pair nor a move: %w", ErrInvalidText, text, sanErr)
		case sanErr != nil:
			return Ban{}, fmt.Errorf("%w: %w", ErrIllegalBan, sanErr)
		}
		return BanOf(m), nil
	}
	if c, ok := p.canonicalBan(b); ok {
		return c, nil
	}
	return Ban{}, fmt.Errorf("%w: %s is not a legal move of %v in %s", ErrIllegalBan, text, p.pos.Turn(), p.FEN())
}

package banchess

import (
	"errors"
	"fmt"

	"github.com/baten-chess/baten/chess"
)

// Ban is a from→to pair of the opponent's legal moves. For castling, To is
// the king's destination (e1g1), not the rook's square.
type Ban struct {
	From, To chess.Square
}

// pair is a Ban packed in 16 bits, From in the low byte and To in the
// high one, as Position keeps it: one load or store where a search reads
// or writes the ban at every node. The zero pair, a1a1, means no ban: no
// legal move has it as its pair (a move from a1 goes elsewhere, and a king
// castling from a1 lands on c1 or g1), so it covers nothing.
type pair uint16

// noBan is the pair of a Position with no ban in force.
const noBan pair = 0

func pack(b Ban) pair { return pair(b.From&63) | pair(b.To&63)<<8 }

// pairOf is pack(BanOf(m)).
func pairOf(m chess.Move) pair { return pair(m.From()) | pair(m.KingTo())<<8 }

func (x pair) unpack() Ban { return Ban{chess.Square(x), chess.Square(x >> 8)} }

// String returns the ban in UCI-like text, such as "e2e4".
func (b Ban) String() string { return b.From.String() + b.To.String() }

// BanOf returns the ban pair that bans m: its from square and, for
// castling, the king's destination, otherwise its to square.
func BanOf(m chess.Move) Ban { return Ban{m.From(), m.KingTo()} }

// Covers reports whether b bans m.
func (b Ban) Covers(m chess.Move) bool { return m.From() == b.From && m.KingTo() == b.To }

// Phase is what the next action is: a ban or a move.
type Phase uint8

// The two phases.
const (
	BanPhase  Phase = iota + 1 // the side not to move bans one of the opponent's moves
	MovePhase                  // the side to move moves, respecting the ban
)

// String returns "ban" or "move".
func (ph Phase) String() string {
	switch ph {
	case BanPhase:
		return "ban"
	case MovePhase:
		return "move"
	}
	return fmt.Sprintf("Phase(%d)", uint8(ph))
}

// PhaseOf returns the phase of a ply (odd plies are bans) and the color
// acting in it: ply 1 Black bans, ply 2 White moves, ply 3 White bans, ply
// 4 Black moves, and so on. The ply must be at least 1.
func PhaseOf(ply int) (Phase, chess.Color) {
	ph := MovePhase
	if ply%2 == 1 {
		ph = BanPhase
	}
	// moveTurn is the side that moves in this ply or the next.
	moveTurn := chess.White
	if (ply-1)/2%2 == 1 {
		moveTurn = chess.Black
	}
	if ph == BanPhase {
		return ph, moveTurn.Other()
	}
	return ph, moveTurn
}

// Errors the mutators and parsers wrap, for errors.Is.
var (
	ErrWrongPhase  = errors.New("banchess: action not allowed in this phase")
	ErrIllegalBan  = errors.New("banchess: illegal ban")
	ErrIllegalMove = errors.New("banchess: illegal move")
	ErrBannedMove  = errors.New("banchess: move is banned")
	ErrNoPosition  = errors.New("banchess: zero Position (use NewPosition, Startpos or ParseFEN)")
	ErrInvalidText = errors.New("banchess: invalid action text")
	ErrGameOver    = errors.New("banchess: game is over")
)

// Position is a Ban-Chess position: a chess position, the ply number and
// the ban in force. It changes only through Ban, Move and Play, which
// enforce the phase and the ban, and through Do and Undo, their unchecked
// form for searchers (see search.go). Positions are values: copy one to
// keep it.
type Position struct {
	pos chess.Position
	ply int
	ban pair // noBan when none is in force
}

// Startpos returns the standard start, ply 1 (Black to ban).
func Startpos() Position {
	return Position{pos: chess.Startpos(), ply: 1}
}

// NewPosition returns p as a Ban-Chess position in a ban phase with no ban
// in force: ply 1 if White is to move (Black bans), ply 3 if Black is to
// move (White bans). p is validated again (chess.NewPosition of its Setup,
// tolerating the kinds in ignore), so a zero chess.Position is refused.
func NewPosition(p chess.Position, ignore ...chess.ProblemKind) (Position, error) {
	cp, err := chess.NewPosition(p.Setup(), ignore...)
	if err != nil {
		return Position{}, fmt.Errorf("banchess: %w", err)
	}
	ply := 1
	if cp.Turn() == chess.Black {
		ply = 3
	}
	return Position{pos: cp, ply: ply}, nil
}

// Chess returns the underlying chess position (a copy).
func (p *Position) Chess() chess.Position { return p.pos }

// Ply returns the ply number of the next action (1 = Black's first ban).
func (p *Position) Ply() int { return p.ply }

// Phase returns whether the next action is a ban or a move (odd plies are
// bans, as in PhaseOf).
func (p *Position) Phase() Phase {
	if p.ply&1 != 0 {
		return BanPhase
	}
	return MovePhase
}

// Actor returns the color making the next action: the banner in a ban
// phase, the mover in a move phase.
func (p *Position) Actor() chess.Color {
	if p.ply&1 != 0 {
		return p.pos.Turn().Other()
	}
	return p.pos.Turn()
}

// Turn returns the side to move in the chess sense (the side whose moves
// are banned in a ban phase).
func (p *Position) Turn() chess.Color { return p.pos.Turn() }

// CurrentBan returns the ban in force, if any (only in a move phase).
func (p *Position) CurrentBan() (Ban, bool) { return p.ban.unpack(), p.ban != noBan }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.pos.InCheck() }

// Halfmove returns the fifty-move clock: moves since the last pawn move or
// capture (bans do not count).
func (p *Position) Halfmove() int { return p.pos.Halfmove() }

// Key returns a hash of the whole state: the chess position (Zobrist key),
// the phase and the ban in force. Two states with equal keys are the same
// state for repetition (up to hash collisions).
func (p *Position) Key() uint64 {
	k := p.pos.Key()
	if p.Phase() == BanPhase {
		k ^= 0x9e3779b97f4a7c15
	}
	if p.ban != noBan {
		k ^= (uint64(p.ban&63)<<6 | uint64(p.ban>>8&63) + 1) * 0xbf58476d1ce4e5b9
	}
	return k
}

// legalMove reports whether m is a legal chess move not covered by the ban.
func (p *Position) legalMove(m chess.Move) bool {
	if p.IsBanned(m) {
		return false
	}
	var ml chess.MoveList
	p.pos.LegalMoves(&ml)
	return ml.Contains(m)
}

// canonicalBan returns the canonical pair of b if b names one of the side
// to move's legal moves: its from/to pair, or for castling also king
// square → rook square (e1h1 reads as e1g1).
func (p *Position) canonicalBan(b Ban) (Ban, bool) {
	var ml chess.MoveList
	p.pos.LegalMoves(&ml)
	castle, found := Ban{}, false
	for _, m := range ml.Slice() {
		if b.Covers(m) {
			return b, true
		}
		if m.IsCastling() && m.From() == b.From && m.To() == b.To {
			castle, found = BanOf(m), true
		}
	}
	return castle, found
}

// Ban bans b, which must be the pair of one of the opponent's legal moves,
// in a ban phase. A castling move may be named king → destination (e1g1,
// the canonical pair) or king → rook (e1h1).
func (p *Position) Ban(b Ban) error {
	if p.ply == 0 {
		return ErrNoPosition
	}
	if p.Phase() != BanPhase {
		return fmt.Errorf("%w: ban %v at ply %d (a move phase)", ErrWrongPhase, b, p.ply)
	}
	c, ok := p.canonicalBan(b)
	if !ok {
		return fmt.Errorf("%w: %v is not a legal move of %v in %s", ErrIllegalBan, b, p.pos.Turn(), p.FEN())
	}
	p.play(BanAction(c))
	return nil
}

// Move plays m, which must be legal and not banned, in a move phase. The
// ban then expires.
func (p *Position) Move(m chess.Move) error {
	if p.ply == 0 {
		return ErrNoPosition
	}
	if p.Phase() != MovePhase {
		return fmt.Errorf("%w: move %v at ply %d (a ban phase)", ErrWrongPhase, m, p.ply)
	}
	if p.IsBanned(m) {
		return fmt.Errorf("%w: %v is banned in %s", ErrBannedMove, m, p.FEN())
	}
	if !p.legalMove(m) {
		return fmt.Errorf("%w: %v in %s", ErrIllegalMove, m, p.FEN())
	}
	p.play(MoveAction(m))
	return nil
}

// Play plays an action: a ban in a ban phase, a move in a move phase. It
// checks what Do takes on trust.
func (p *Position) Play(a Action) error {
	if a.IsBan() {
		return p.Ban(a.Ban())
	}
	return p.Move(a.Move())
}

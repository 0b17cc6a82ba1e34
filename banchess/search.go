package banchess

import "github.com/baten-chess/baten/chess"

// This file is the search-grade surface of Position: make and unmake
// without checks and without allocation, and the read-only accessors a
// searcher needs. The phase, the ban, the ply and the key stay in this
// package; Ban, Move and Play are these primitives behind their checks.

// Undo is what Do records and Position.Undo needs to take an action back:
// the ban in force before it and, for a move, what the chess move cannot
// restore from itself. It is a plain value; keeping one costs no
// allocation.
type Undo struct {
	chess chess.Undo
	ban   pair
}

// Do plays a, which must be one of p's legal actions (from LegalActions,
// AppendActions or ParseAction), without checking it, and records in u
// what Undo needs to take it back. Anything else corrupts p. A ban puts it
// in force; a move plays the chess move and lifts the ban; either way the
// ply advances. Play is the checked form for untrusted input.
//
// Do fills *u rather than returning an Undo: an Undo is too large for the
// compiler to keep in registers, and a returned copy costs a
// store-forwarding stall on every action, which a search feels.
//
// To explore without undoing, copy the position instead: q := p; q.Do(a, &u).
func (p *Position) Do(a Action, u *Undo) {
	u.ban = p.ban
	p.ply++
	if a.IsBan() {
		p.ban = a.pair()
		return
	}
	p.ban = noBan
	u.chess = p.pos.Play(a.Move())
}

// Undo takes back a, the last action done on p, given the u that Do filled
// in: p is then exactly (==) what it was before Do.
func (p *Position) Undo(a Action, u *Undo) {
	p.ply--
	if !a.IsBan() {
		p.pos.Unplay(a.Move(), u.chess)
	}
	p.ban = u.ban
}

// play is Do for a copy that is not taken back.
func (p *Position) play(a Action) {
	var u Undo
	p.Do(a, &u)
}

// ChessRef returns the underlying chess position without copying it, for
// reading in hot loops (evaluation, move ordering, SAN). The caller must
// not change it: p changes only through its own methods, which keep the
// phase, the ban and the key consistent. Chess returns a copy.
func (p *Position) ChessRef() *chess.Position { return &p.pos }

// LegalChessMoves fills ml with the side to move's legal chess moves,
// ignoring the ban: in a ban phase the moves a ban may name, in a move
// phase the candidates IsBanned filters. A ban does not change them, so a
// searcher may generate them once for a ban ply and the move ply after it
// and pass them to AppendActions at both.
func (p *Position) LegalChessMoves(ml *chess.MoveList) { p.pos.LegalMoves(ml) }

// IsBanned reports whether the ban in force covers m (never in a ban
// phase, where no ban is in force). In a loop over many moves, filter them
// with AppendActions instead, which reads the ban once.
func (p *Position) IsBanned(m chess.Move) bool { return p.ban.unpack().Covers(m) } // noBan covers nothing

// AppendActions appends p's legal actions to dst and returns it, given
// legal, the side to move's legal chess moves (from LegalChessMoves on p
// or on p before its last ban): in a ban phase one ban per distinct
// from/to pair in the order of legal, in a move phase the moves the ban
// does not cover. It is LegalActions without generating or copying, and
// allocates only if dst must grow. Given some of the legal moves (say the
// captures), it appends the legal actions among them: their bans, or
// those of them the ban leaves.
func (p *Position) AppendActions(dst []Action, legal []chess.Move) []Action {
	if p.ply&1 == 0 {
		ban := p.ban.unpack() // noBan covers nothing
		for _, m := range legal {
			if !ban.Covers(m) {
				dst = append(dst, MoveAction(m))
			}
		}
		return dst
	}
	var seen banSet
	for _, m := range legal {
		if x := pairOf(m); seen.add(x) {
			dst = append(dst, banFlag|Action(x)<<16)
		}
	}
	return dst
}

// HasAction reports whether p has a legal action, given legal as for
// AppendActions: in a ban phase whether there is a move to ban (if not, the
// last move mated or stalemated the side to move), in a move phase whether
// the ban leaves a move.
func (p *Position) HasAction(legal []chess.Move) bool {
	if p.ban == noBan {
		return len(legal) > 0 // every ban phase, inlined in the caller
	}
	return p.anyUnbanned(legal)
}

// anyUnbanned reports whether the ban in force leaves one of legal.
func (p *Position) anyUnbanned(legal []chess.Move) bool {
	ban := p.ban.unpack()
	for _, m := range legal {
		if !ban.Covers(m) {
			return true
		}
	}
	return false
}

// banSet is a set of from/to pairs, for bans named by several moves (the
// four promotions of one pawn move).
type banSet [64]uint64

// add adds x and reports whether it was new.
func (s *banSet) add(x pair) bool {
	w, bit := &s[x&63], uint64(1)<<(x>>8&63)
	if *w&bit != 0 {
		return false
	}
	*w |= bit
	return true
}

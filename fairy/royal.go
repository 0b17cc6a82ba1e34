package fairy

import "github.com/baten-chess/baten/rules"

// The royal guards (rules.RoyalGuards), as rules.Position applies them:
// flyingGeneral, royal pieces that may not face each other on a file or
// rank with nothing between, and dupleCheck, where only a move that leaves
// every piece of the extinction kinds attacked is illegal.

// lineDirs are the steps along files and ranks, as (file, rank).
var lineDirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// facesRoyal reports whether the first piece seen from sq along some file
// or rank is a royal piece of us's opponent, the square lifted read as
// empty (a castling king's own; 255 for none).
func (p *Position) facesRoyal(sq, lifted, us uint8) bool {
	f0, r0 := int(sq%16), int(sq/16)
	for _, d := range lineDirs {
		for f, r := f0+d[0], r0+d[1]; f >= 0 && f < p.r.w && r >= 0 && r < p.r.h; f, r = f+d[0], r+d[1] {
			t := sqOf(f, r)
			pc := p.board[t]
			if pc == 0 || t == lifted || pc == wallPiece {
				continue // walls are not pieces to the rule
			}
			if owner(pc) != us && p.r.kinds[kindOf(pc)].royal {
				return true
			}
			break
		}
	}
	return false
}

// onRoyalLine reports whether q shares a file or rank with a royal piece
// of the side to move: where no royal pieces face, only a piece leaving
// such a square (or a royal piece moving) can open a line between them.
func (p *Position) onRoyalLine(q uint8) bool {
	us := p.turn
	for i := uint8(0); i < p.nroyal[us]; i++ {
		k := p.royal[us][i]
		if k%16 == q%16 || k/16 == q/16 {
			return true
		}
	}
	return false
}

// guardsForbid reports whether m, just played by us (not castling, whose
// path castlingMoves tests), breaks a royal guard.
func (p *Position) guardsForbid(m Move, us uint8) bool {
	g := &p.r.guards
	if g.FlyingGeneral && m&(flagEP|flagCastle) == 0 && p.royalsFace(us) {
		return true
	}
	return g.DupleCheck && p.dupleChecked(us)
}

// royalsFace reports whether a royal piece of us faces an enemy one.
func (p *Position) royalsFace(us uint8) bool {
	for i := uint8(0); i < p.nroyal[us]; i++ {
		if p.facesRoyal(p.royal[us][i], 255, us) {
			return true
		}
	}
	return false
}

// dupleChecked reports whether us owns pieces of the extinction kinds and
// every one of them stands attacked (rules.RoyalGuards.DupleCheck).
func (p *Position) dupleChecked(us uint8) bool {
	if !p.r.guards.DupleCheck {
		return false
	}
	any := false
	for _, k := range p.r.ext.kinds {
		want := k | us<<5
		for _, sq := range p.r.squares {
			if p.board[sq] != want {
				continue
			}
			if !p.attacked(sq, us^1) {
				return false
			}
			any = true
		}
	}
	return any
}

// compileGuards takes v's royal guards; dupleCheck is played only where
// pseudo-royal pieces are guarded. Neither is played with blasts, whose
// legality test is a branch of its own (blast.go).
func (r *Rules) compileGuards(v *rules.Variant) error {
	if v.Royal == nil {
		return nil
	}
	r.guards = *v.Royal
	if v.Capture != nil && v.Capture.Blast && (r.guards.DupleCheck || r.guards.FlyingGeneral) {
		return unsupported(v, "royal guards with blasts")
	}
	r.guards.DupleCheck = r.guards.DupleCheck && r.pseudoRoyal
	return nil
}

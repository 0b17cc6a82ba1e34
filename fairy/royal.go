package fairy

import "github.com/baten-chess/baten/rules"

// The royal guards (rules.RoyalGuards), as rules.Position applies them:
// flyingGeneral, royal pieces that may not face each other on a file or
// rank with nothing between; dupleCheck, where only a move that leaves
// every piece of the extinction kinds attacked is illegal; and bikjang,
// where facing royal pieces must be parted, or the game ends after a pass.

// lineDirs are the steps along files and ranks, as (file, rank).
var lineDirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// facesRoyal reports whether the first piece seen from sq along some file
// or rank is a royal piece of us's opponent, the square lifted read as
// empty (a castling king's own; 255 for none).
func (p *Position) facesRoyal(sq, lifted, us uint8) bool {
	if !p.royalInLine(sq, us^1) {
		return false // the walk below finds nothing: no enemy royal piece on sq's file or rank
	}
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

// royalInLine reports whether a royal piece of side stands on sq's file
// or rank.
func (p *Position) royalInLine(sq, side uint8) bool {
	for i := uint8(0); i < p.nroyal[side]; i++ {
		if k := p.royal[side][i]; k%16 == sq%16 || k/16 == sq/16 {
			return true
		}
	}
	return false
}

// mayFace reports whether m, just played by us, may have left royal
// pieces facing: where none faced before, only a royal piece moving or a
// piece leaving the line between two opens it.
func (p *Position) mayFace(m Move, us uint8, facing bool) bool {
	pc := p.board[m.to()] // a petrified capturer is a wall, no royal piece
	return facing || pc != wallPiece && p.r.kinds[kindOf(pc)].royal || p.betweenRoyals(m.from(), us)
}

// betweenRoyals reports whether q lies between a royal piece of us and an
// enemy one on a file or rank: where no royal pieces face, only a piece
// leaving such a square (or a royal piece moving) can open the line
// between them.
func (p *Position) betweenRoyals(q, us uint8) bool {
	for i := uint8(0); i < p.nroyal[us]; i++ {
		a := p.royal[us][i]
		for j := uint8(0); j < p.nroyal[us^1]; j++ {
			b := p.royal[us^1][j]
			// On one file or one rank, between is between in square order.
			line := a%16 == b%16 && q%16 == a%16 || a/16 == b/16 && q/16 == a/16
			if line && q > min(a, b) && q < max(a, b) {
				return true
			}
		}
	}
	return false
}

// guardsForbid reports whether m, just played by us (not castling, whose
// path castlingMoves tests), breaks a royal guard; facing says whether
// royal pieces faced before it (true where that is not known), bikjang
// whether they did under the bikjang rule (exactly).
func (p *Position) guardsForbid(m Move, us uint8, facing, bikjang bool) bool {
	g := &p.r.guards
	if g.FlyingGeneral && m&(flagEP|flagCastle) == 0 && p.mayFace(m, us, facing) && p.royalsFace(us) {
		return true
	}
	if bikjang && m&flagPass == 0 && p.royalsFace(us) { // bikjang: every move but a pass parts them
		return true
	}
	return g.DupleCheck && p.dupleChecked(us)
}

// bikjangOutcome is the end of bikjang answered by a pass, as
// rules.Position's: a draw, which material counting may decide.
func (p *Position) bikjangOutcome() (rules.Outcome, bool) {
	if !p.faced {
		return rules.Outcome{}, false
	}
	return p.materialOutcome(rules.Bikjang), true
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

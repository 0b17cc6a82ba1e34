package fairy

import (
	"strings"

	"github.com/baten-chess/baten/rules"
)

// The petrify family in the fast generator (rules.Petrification): a
// petrifying capturer, and with a blast the squares it empties as the
// rule says, become walls (wallPiece). The pieces they were are recorded
// in the undo record as a blast's are, so Unplay's unexplode puts them
// back; without a blast the capturer is taken away by blastAway, which
// also clears its castling rights.

// petrifyInfo is rules.Petrification compiled, by kind.
type petrifyInfo struct {
	kinds       [maxKinds + 1]bool // petrifies when it captures
	blastPieces bool               // the other blasted squares become walls too
	// blind are the kinds both petrifying and counted by the extinction
	// rule: they never attack a pseudo-royal piece when legality is judged.
	blind  [maxKinds + 1]bool
	nBlind int
}

// compilePetrify compiles v's petrification, nil for none.
func compilePetrify(v *rules.Variant) (*petrifyInfo, error) {
	pt := v.Petrify
	if pt == nil {
		return nil, nil
	}
	pi := &petrifyInfo{blastPieces: pt.BlastPieces}
	for i := range v.Pieces {
		k := &v.Pieces[i]
		if strings.IndexByte(pt.Kinds, k.Letter) < 0 {
			continue
		}
		if k.Royal {
			return nil, unsupported(v, "a royal piece that petrifies (%s)", k.Name)
		}
		pi.kinds[i+1] = true
		if e := v.Extinction; e != nil && e.PseudoRoyal && strings.IndexByte(e.Kinds, k.Letter) >= 0 {
			if v.Capture != nil && v.Capture.Blast {
				return nil, unsupported(v, "a pseudo-royal kind that petrifies where captures explode (%s)", k.Name)
			}
			pi.blind[i+1] = true
			pi.nBlind++
		}
	}
	return pi, nil
}

// petrify turns into walls what a capture on to petrifies, after its
// blast (recorded in u.blast) or, without one, the capturer on to.
func (p *Position) petrify(to uint8, u *Undo) {
	pi := p.r.petrify
	if p.r.blast == nil {
		if pi.kinds[kindOf(p.board[to])] {
			p.blastAway(to, u)
			p.board[to] = wallPiece
		}
		return
	}
	for i := uint8(0); i < u.blast.n; i++ {
		sq := u.blast.sq[i]
		if (sq == to && pi.kinds[kindOf(u.blast.pc[i])]) || (sq != to && pi.blastPieces) {
			p.board[sq] = wallPiece
		}
	}
}

// liftPetrified empties again the walls u's move made, for the legality
// test of a blasting move (rules.Position's unpetrified); Unplay puts the
// pieces back.
func (p *Position) liftPetrified(u *Undo) {
	if p.r.petrify == nil {
		return
	}
	for i := uint8(0); i < u.blast.n; i++ {
		if sq := u.blast.sq[i]; p.board[sq] == wallPiece {
			p.board[sq] = 0
		}
	}
}

// petrifiesPseudo reports whether m is a capture by one of the mover's
// pseudo-royal pieces of a petrifying kind (count: the mover's counts):
// an illegal move.
func (p *Position) petrifiesPseudo(m Move, count *[maxKinds + 1]uint8) bool {
	pi := p.r.petrify
	if pi == nil || m&flagCastle != 0 {
		return false
	}
	k := kindOf(p.board[m.from()])
	return pi.kinds[k] && (p.board[m.to()] != 0 || m&flagEP != 0) && p.pseudoRoyalKind(k, count)
}

// blindSet records the pieces blind turned into walls.
type blindSet struct {
	n  int
	sq [256]uint8
	pc [256]uint8
}

// blind turns the pieces of pl of the blind kinds into walls, which block
// as they do but attack nothing, and records them in s for unblind.
func (p *Position) blind(pl uint8, s *blindSet) {
	pi := p.r.petrify
	if pi == nil || pi.nBlind == 0 {
		return
	}
	for _, sq := range p.r.squares {
		if pc := p.board[sq]; pc != 0 && pc != wallPiece && owner(pc) == pl && pi.blind[kindOf(pc)] {
			s.sq[s.n], s.pc[s.n] = sq, pc
			s.n++
			p.board[sq] = wallPiece
		}
	}
}

// unblind puts back the pieces blind turned into walls.
func (p *Position) unblind(s *blindSet) {
	for i := 0; i < s.n; i++ {
		p.board[s.sq[i]] = s.pc[i]
	}
}

package fairy

import (
	"github.com/baten-chess/baten/rules"
)

// flagInfo is a compiled rules.FlagRule: the flag kind of each player
// (0: every piece), whether it is royal, and the region's squares on the
// board.
type flagInfo struct {
	kind                [2]uint8
	royal               [2]bool
	region              [2][]uint8
	inRegion            [2][256]bool
	count               int
	blocked, move, safe bool
}

func compileFlag(v *rules.Variant) *flagInfo {
	f := v.Flag
	if f == nil {
		return nil
	}
	fi := &flagInfo{count: f.Count, blocked: f.BlockedWin, move: f.Move, safe: f.Safe}
	for pl := 0; pl < 2; pl++ {
		if l := f.Piece[pl]; l != 0 {
			if id, ok := v.KindByLetter(l); ok {
				fi.kind[pl], fi.royal[pl] = uint8(id), v.Kind(id).Royal
			} else {
				fi.kind[pl] = 255 // no such kind: never reached, as in the spec
			}
		}
		for _, sq := range f.Region[pl] {
			if v.Size.Contains(sq) && !fi.inRegion[pl][sqOf(sq.File, sq.Rank)] {
				s := sqOf(sq.File, sq.Rank)
				fi.inRegion[pl][s] = true
				fi.region[pl] = append(fi.region[pl], s)
			}
		}
	}
	return fi
}

// isFlag reports whether pc is one of c's flag pieces.
func (f *flagInfo) isFlag(pc, c uint8) bool {
	return pc != 0 && owner(pc) == c && (f.kind[c] == 0 || kindOf(pc) == f.kind[c])
}

// flagReached is rules.Position.FlagReached.
func (p *Position) flagReached(c uint8) bool {
	f := p.r.flag
	n, full := 0, true
	for _, sq := range f.region[c] {
		pc := p.board[sq]
		if pc == 0 {
			full = false
		} else if f.isFlag(pc, c) {
			n++
		}
	}
	if n == 0 || (n < f.count && !(f.blocked && full)) {
		return false
	}
	if f.safe && (!f.move || c != p.turn) && n == f.count {
		for _, sq := range f.region[c] {
			if f.isFlag(p.board[sq], c) && p.attacked(sq, c^1) {
				return false
			}
		}
	}
	return true
}

// flagOutcome applies the flag rule as rules.Position does.
func (p *Position) flagOutcome() (rules.Outcome, bool) {
	f := p.r.flag
	us, them := p.turn, p.turn^1
	if (f.move || f.safe) && p.flagReached(us) {
		draw := (f.move && us == 0 && f.royal[them]) || (f.safe && !f.move)
		if draw && p.flagReached(them) {
			return rules.Outcome{Draw: true, Reason: rules.FlagReached}, true
		}
		return rules.Outcome{Winner: rules.Player(us), Reason: rules.FlagReached}, true
	}
	if (!f.move || f.safe || f.royal[us]) && p.flagReached(them) {
		if f.move && f.royal[us] && us == 1 && !p.royalAttacked(us) && p.royalCanReach() {
			return rules.Outcome{}, false
		}
		return rules.Outcome{Winner: rules.Player(them), Reason: rules.FlagReached}, true
	}
	return rules.Outcome{}, false
}

// royalCanReach reports whether the side to move, not in check, has a
// legal move of a royal piece into its flag region.
func (p *Position) royalCanReach() bool {
	r := p.r
	us := p.turn
	var l MoveList
	p.pseudoMoves(&l, false)
	bikjang := r.guards.Bikjang && p.royalsFace(us) // family: palaces
	for _, m := range l.Slice() {
		if !r.kinds[kindOf(p.board[m.from()])].royal || !r.flag.inRegion[us][m.to()] {
			continue
		}
		u := p.Play(m)
		ok := !p.royalAttacked(us) && !(r.noCheck && p.royalAttacked(us^1)) && !p.guardsForbid(m, us, true, bikjang) // family: royal guards
		p.Unplay(m, u)
		if ok {
			return true
		}
	}
	return false
}

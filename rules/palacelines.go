package rules

import (
	"cmp"
	"iter"
	"slices"
	"strings"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/kinematics"
)

// PalaceLines is janggi's palace, as Fairy-Stockfish plays it: the
// diagonal lines drawn in the palaces, along which some pieces may move
// (diagonalLines), and janggi's cannon (the janggiCannon piece type).
//
// In plain words:
//
//   - A janggi cannon (a kind of Cannons) may never hop over a janggi
//     cannon, of either side, nor land on one: its moves and captures are
//     its movement's (pR: a rook's lines, hopping exactly one screen)
//     without those whose squares passed, or whose destination, hold a
//     janggi cannon. So it never takes a cannon, and a cannon gives check
//     only over a screen that is not one.
//   - A piece standing on a square of Lines may also move diagonally to a
//     square of Lines, as its kind says: a rider (Riders, the rook) slides
//     over empty squares and stops on, or takes on, any square of Lines
//     it reaches; a stepper (Steppers: the wazir, and the king moving as
//     one) steps one square diagonally; a soldier (Soldiers) steps one
//     square diagonally forward; a janggi cannon hops diagonally over
//     exactly one piece that is not a cannon, onto an empty square or an
//     enemy piece that is not a cannon, with only empty squares between
//     the screen and it. The squares the path crosses need not be on
//     Lines: only the destination must.
//   - These moves attack as they move, and obey every other rule (the
//     palace of mobilityRegion, check, no friendly capture).
type PalaceLines struct {
	// Lines are the squares the diagonal lines join (janggi: the
	// palaces' corners and centres); nil for none.
	Lines []geom.Square
	// Riders, Steppers, Soldiers and Cannons are the upper-case letters
	// of the kinds that move along the lines so; Cannons are also the
	// janggi cannons, which may not hop over or take each other.
	Riders, Steppers, Soldiers, Cannons string
}

// isCannon reports whether the piece pc is a janggi cannon.
func (p *Position) isCannon(pc Piece) bool {
	pl := p.v.Palace
	return pl != nil && !pc.Empty() && strings.IndexByte(pl.Cannons, p.v.Kind(pc.Kind).Letter) >= 0
}

// cannonBlocked reports whether a janggi cannon's move from→to passes
// over or lands on a janggi cannon (PalaceLines.Cannons).
func (p *Position) cannonBlocked(from, to geom.Square) bool {
	df, dr := cmp.Compare(to.File, from.File), cmp.Compare(to.Rank, from.Rank)
	for sq, ok := p.v.Size.Offset(from, df, dr); ok; sq, ok = p.v.Size.Offset(sq, df, dr) {
		if p.isCannon(p.board.At(sq)) {
			return true
		}
		if sq == to {
			break
		}
	}
	return false
}

// onLines reports whether sq is a square of the palace's diagonal lines.
func (p *Position) onLines(sq geom.Square) bool {
	return p.v.Palace != nil && slices.Contains(p.v.Palace.Lines, sq)
}

// palaceTargets is the targets of the piece pc on from: its movement's
// (the janggi cannon's without those that pass or take a cannon) and its
// moves along the diagonal lines. occupied says which squares hold a
// piece (the frame's, so that an attack test can fill the square it asks
// about).
func (p *Position) palaceTargets(pc Piece, from geom.Square, targets iter.Seq[kinematics.Target], occupied func(geom.Square) bool) iter.Seq[kinematics.Target] {
	return func(yield func(kinematics.Target) bool) {
		cannon := p.isCannon(pc)
		for t := range targets {
			if cannon && p.cannonBlocked(from, t.To) {
				continue
			}
			if !yield(t) {
				return
			}
		}
		if !p.onLines(from) {
			return
		}
		letter := p.v.Kind(pc.Kind).Letter
		pl := p.v.Palace
		for _, d := range [4][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
			var ok bool
			switch {
			case strings.IndexByte(pl.Riders, letter) >= 0:
				ok = p.lineSlide(from, d, occupied, yield)
			case strings.IndexByte(pl.Steppers, letter) >= 0,
				strings.IndexByte(pl.Soldiers, letter) >= 0 && d[1] == p.v.Forward[pc.Owner]:
				ok = p.lineStep(from, d, occupied, yield)
			case cannon:
				ok = p.lineHop(from, d, occupied, yield)
			default:
				ok = true
			}
			if !ok {
				return
			}
		}
	}
}

// lineStep yields the one diagonal step from from in direction d, if it
// lands on the lines; it reports whether to go on.
func (p *Position) lineStep(from geom.Square, d [2]int, occupied func(geom.Square) bool, yield func(kinematics.Target) bool) bool {
	to, ok := p.v.Size.Offset(from, d[0], d[1])
	if !ok || !p.onLines(to) {
		return true
	}
	return yield(kinematics.Target{To: to, Capture: occupied(to)})
}

// lineSlide yields a rider's diagonal slide from from in direction d: the
// squares of the lines up to the first piece, that piece's included.
func (p *Position) lineSlide(from geom.Square, d [2]int, occupied func(geom.Square) bool, yield func(kinematics.Target) bool) bool {
	for to, ok := p.v.Size.Offset(from, d[0], d[1]); ok; to, ok = p.v.Size.Offset(to, d[0], d[1]) {
		full := occupied(to)
		if p.onLines(to) && !yield(kinematics.Target{To: to, Capture: full}) {
			return false
		}
		if full {
			break
		}
	}
	return true
}

// lineHop yields a janggi cannon's diagonal hop from from in direction d:
// over one piece that is not a cannon, the squares of the lines beyond it
// up to the next piece, which it takes if it is on the lines and not a
// cannon.
func (p *Position) lineHop(from geom.Square, d [2]int, occupied func(geom.Square) bool, yield func(kinematics.Target) bool) bool {
	screen := false
	for to, ok := p.v.Size.Offset(from, d[0], d[1]); ok; to, ok = p.v.Size.Offset(to, d[0], d[1]) {
		full := occupied(to)
		if !screen {
			if full {
				if p.isCannon(p.board.At(to)) {
					return true
				}
				screen = true
			}
			continue
		}
		if full {
			if p.onLines(to) && !p.isCannon(p.board.At(to)) {
				return yield(kinematics.Target{To: to, Capture: true})
			}
			return true
		}
		if p.onLines(to) && !yield(kinematics.Target{To: to}) {
			return false
		}
	}
	return true
}

// Bikjang: a royal guard (RoyalGuards.Bikjang) and an end. In plain
// words, as Fairy-Stockfish plays it: when the side to move's royal
// piece faces the enemy one on a file or rank with nothing between them
// (bikjang), every move of that side must end the facing, except a pass,
// which is legal then even in check. If the position after the reply
// still has them facing (the reply was a pass), the game ends: a draw,
// which material counting may decide.

// bikjang reports whether the side to move's royal piece faces an enemy
// royal piece (RoyalGuards.Bikjang).
func (p *Position) bikjang() bool {
	if p.v.Royal == nil || !p.v.Royal.Bikjang {
		return false
	}
	for _, sq := range p.v.Size.Squares() {
		if pc := p.board.At(sq); !pc.Empty() && pc.Owner == p.turn && p.v.Kind(pc.Kind).Royal && facesRoyal(p.v, p.board, sq, p.turn) {
			return true
		}
	}
	return false
}

// FacedBefore reports whether the royal pieces faced each other in the
// position before this one, with its player to move (RoyalGuards.Bikjang):
// still facing, the game is over. False for a position read from a FEN.
func (p *Position) FacedBefore() bool { return p.facedBefore }

// bikjangOutcome is the end of bikjang in two positions in a row.
func (p *Position) bikjangOutcome() (Outcome, bool) {
	if !p.facedBefore || !p.bikjang() {
		return Outcome{}, false
	}
	return p.MaterialOutcome(Bikjang), true
}

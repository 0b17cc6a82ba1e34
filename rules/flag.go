package rules

import (
	"slices"

	"github.com/baten-chess/baten/geom"
)

// FlagRule is Fairy-Stockfish's capture-the-flag rule, the races to a
// region: king of the hill (the king reaches the centre), racing kings
// (the king reaches the last rank), breakthrough and Jeson Mor.
//
// A side has reached its flag when at least Count of its flag pieces
// stand in its region, or (BlockedWin) at least one does and every square
// of the region is occupied, by any piece. With Safe, a side that has
// exactly Count flag pieces in its region has not reached it while one of
// them is attacked; with Move as well, this applies only to the side that
// has just moved.
//
// The game ends, in this order (the side to move S, its opponent O):
//
//   - with Move or Safe, when S has reached its flag: S wins, or the game
//     is drawn when O has reached its flag too and either Move holds, S is
//     the first player and O's flag piece is royal (racing kings: Black
//     has caught up), or Safe holds without Move;
//   - when O has reached its flag and Move does not hold, or Safe does, or
//     S's flag piece is royal: O wins. But with Move, a royal flag piece
//     of S and S the second player, not in check, with a legal move of a
//     royal piece into its region, the game goes on: S gets its one more
//     move (racing kings).
//
// Without Move and Safe a side reaching its flag wins at once; with Move
// alone and a piece that is not royal, the opponent gets one more move to
// take it or reach its own flag (Jeson Mor).
type FlagRule struct {
	// Piece is the letter of each player's flag kind, by Player; 0 counts
	// every piece of the player (Fairy-Stockfish's "*").
	Piece [2]byte
	// Region is each player's target region, by Player; an empty region
	// is never reached.
	Region [2][]geom.Square
	// Count is how many flag pieces must stand in the region (at least 1).
	Count int
	// BlockedWin: one flag piece in the region is enough once every square
	// of the region is occupied.
	BlockedWin bool
	// Move gives the opponent one more move after a side reaches its flag.
	Move bool
	// Safe: flag pieces in the region must not be attacked (see above).
	Safe bool
}

// isFlagPiece reports whether pc is one of its owner's flag pieces.
func (p *Position) isFlagPiece(pc Piece) bool {
	l := p.v.Flag.Piece[pc.Owner]
	return !pc.Empty() && (l == 0 || p.v.Kind(pc.Kind).Letter == l)
}

// flagRoyal reports whether player's flag kind is royal (Fairy-Stockfish
// asks whether it is the king).
func (p *Position) flagRoyal(player Player) bool {
	l := p.v.Flag.Piece[player]
	id, ok := p.v.KindByLetter(l)
	return l != 0 && ok && p.v.Kind(id).Royal
}

// FlagReached reports whether player has reached its flag (see FlagRule);
// false in a variant without a flag rule.
func (p *Position) FlagReached(player Player) bool {
	f := p.v.Flag
	if f == nil {
		return false
	}
	var in []geom.Square
	full := true
	for _, sq := range f.Region[player] {
		if !p.v.Size.Contains(sq) {
			continue
		}
		pc := p.board.At(sq)
		if pc.Empty() {
			full = false
		}
		if pc.Owner == player && p.isFlagPiece(pc) {
			in = append(in, sq)
		}
	}
	if len(in) == 0 || (len(in) < f.Count && !(f.BlockedWin && full)) {
		return false
	}
	if f.Safe && (!f.Move || player != p.turn) && len(in) == f.Count {
		return !slices.ContainsFunc(in, func(sq geom.Square) bool { return p.Attacked(sq, player.Opponent()) })
	}
	return true
}

// flagOutcome applies the flag rule (see FlagRule).
func (p *Position) flagOutcome() (Outcome, bool) {
	f := p.v.Flag
	us, them := p.turn, p.turn.Opponent()
	if (f.Move || f.Safe) && p.FlagReached(us) {
		draw := (f.Move && us == First && p.flagRoyal(them)) || (f.Safe && !f.Move)
		if draw && p.FlagReached(them) {
			return Outcome{Draw: true, Reason: FlagReached}, true
		}
		return Outcome{Winner: us, Reason: FlagReached}, true
	}
	if (!f.Move || f.Safe || p.flagRoyal(us)) && p.FlagReached(them) {
		if f.Move && p.flagRoyal(us) && us == Second && !p.InCheck() && p.royalCanReach() {
			return Outcome{}, false
		}
		return Outcome{Winner: them, Reason: FlagReached}, true
	}
	return Outcome{}, false
}

// royalCanReach reports whether the side to move has a legal move of a
// royal piece into its flag region.
func (p *Position) royalCanReach() bool {
	for _, m := range p.legalMoves() {
		if m.Drop == 0 && p.v.Kind(p.board.At(m.From).Kind).Royal && slices.Contains(p.v.Flag.Region[p.turn], m.To) {
			return true
		}
	}
	return false
}

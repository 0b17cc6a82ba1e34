package rules

import "strings"

// CountingRule is a counting rule of the makruk family, Fairy-Stockfish's
// countingRule: once material runs low, the stronger side must win within
// a number of moves or the game is drawn.
type CountingRule uint8

const (
	// NoCounting: no counting rule.
	NoCounting CountingRule = iota
	// MakrukCounting is Fairy-Stockfish 11.1's "makruk" rule (Makruk and
	// Ouk Chatrang): the board's honour count of 64 moves once no pawn is
	// left and neither side is bare; the pieces' honour count when a side
	// is left with its king alone (see Counting).
	MakrukCounting
	// ASEANCounting is Fairy-Stockfish 11.1's "asean" rule: only the
	// pieces' honour count, from zero, and only against a rook, a khon
	// and met, or a knight and met.
	ASEANCounting
)

// Counting is a variant's counting rule and the kinds it counts, by the
// Fairy-Stockfish piece type each plays: letters of the kinds that are
// pawns, rooks, khons (silvers), knights and mets (ferzes).
//
// The count is position state, as in Fairy-Stockfish: a limit and a ply
// count, both in plies, written in the FEN in place of the en passant
// square and the halfmove clock while a count runs. After every move, with
// the side to move S:
//
//   - a running count advances by one ply;
//   - if no count runs, or the move captured and left S a bare king, the
//     count (re)starts when the rule gives S a limit: the limit is twice
//     the rule's number of moves, and the count starts at twice the number
//     of pieces on the board when S is bare under the makruk rule, else at
//     zero.
//
// The makruk rule's limit for S: none while a pawn is on the board or the
// other side is bare; 64 moves while S has more than its king (the
// board's honour); else, by the other side's pieces, 8 moves with two
// rooks or more, 16 with one rook, 22 with two khons or more, 32 with two
// knights or more, 44 with one khon, and 64 otherwise (the pieces'
// honour). The ASEAN rule's: none unless S is bare; then 16 moves against
// a rook, 44 against a khon and a met, 64 against a knight and a met, and
// none otherwise.
//
// The game is drawn when the count exceeds the limit, unless the side to
// move is checkmated.
type Counting struct {
	Rule                          CountingRule
	Pawn, Rook, Khon, Knight, Met string
}

// Counting returns the running count, in plies: its limit and the plies
// counted; limit is 0 while no count runs.
func (p *Position) Counting() (limit, ply int) { return p.countLimit, p.countPly }

// CountingExpired reports whether a running count has passed its limit:
// the game is drawn unless the side to move is checkmated (see Outcome).
func (p *Position) CountingExpired() bool {
	return p.countLimit != 0 && p.countPly > p.countLimit
}

// updateCount applies the counting rule after a move (see Counting);
// captured says whether the move took a piece.
func (p *Position) updateCount(captured bool) {
	c := p.v.Counting
	stm := p.turn
	mine := p.count(stm, false) + p.count(stm, true)
	if p.countLimit != 0 && !(captured && mine == 1) {
		return
	}
	limit := p.countingLimit(c, stm)
	if limit == 0 {
		return
	}
	p.countLimit = 2 * limit
	p.countPly = 0
	if c.Rule == MakrukCounting && mine == 1 {
		all := mine + p.count(stm.Opponent(), false) + p.count(stm.Opponent(), true)
		p.countPly = 2 * all
	}
}

// countingLimit is the rule's limit in moves for a count of side, 0 for
// none (see Counting).
func (p *Position) countingLimit(c *Counting, side Player) int {
	other := side.Opponent()
	mine := p.count(side, false) + p.count(side, true)
	switch c.Rule {
	case MakrukCounting:
		if p.countLetters(First, c.Pawn)+p.countLetters(Second, c.Pawn) > 0 ||
			p.count(other, false)+p.count(other, true) == 1 {
			return 0
		}
		if mine > 1 {
			return 64
		}
		switch rooks, khons := p.countLetters(other, c.Rook), p.countLetters(other, c.Khon); {
		case rooks > 1:
			return 8
		case rooks == 1:
			return 16
		case khons > 1:
			return 22
		case p.countLetters(other, c.Knight) > 1:
			return 32
		case khons == 1:
			return 44
		}
		return 64
	case ASEANCounting:
		if mine > 1 {
			return 0
		}
		mets := p.countLetters(other, c.Met)
		switch {
		case p.countLetters(other, c.Rook) > 0:
			return 16
		case p.countLetters(other, c.Khon) > 0 && mets > 0:
			return 44
		case p.countLetters(other, c.Knight) > 0 && mets > 0:
			return 64
		}
	}
	return 0
}

// countLetters counts player's pieces whose kind's letter is in letters.
func (p *Position) countLetters(player Player, letters string) int {
	if letters == "" {
		return 0
	}
	n := 0
	for _, sq := range p.v.Size.Squares() {
		pc := p.board.At(sq)
		if !pc.Empty() && pc.Owner == player && strings.IndexByte(letters, p.v.Kind(pc.Kind).Letter) >= 0 {
			n++
		}
	}
	return n
}

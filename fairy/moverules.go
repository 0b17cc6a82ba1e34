package fairy

import (
	"math/bits"

	"github.com/baten-chess/baten/rules"
)

// The move rules of rules.MoveRules that bear on the moves: Makpong's
// king (makpongRule), oppositeCastling, and castlingWins, which ends the
// game. Shatar's mating rule and material counting decide only what a
// position without moves means, which the reference generator's Outcome
// says.

// moveRulesInfo is rules.MoveRules compiled.
type moveRulesInfo struct {
	makpong    bool
	opposite   bool
	castleWins [2][2]bool // by player and wing (0: the lower files)
	wins       bool       // some castling wins
	// pass and onStalemate: a player may pass always, or only when it
	// has no other legal move (rules.MoveRules.Pass, PassOnStalemate).
	pass, onStalemate [2]bool
	material          rules.MaterialCounting
	points            [maxKinds + 1]int // rules.JanggiMaterial's points, by kind
}

// compileMoveRules compiles the variant's move rules, nil for none.
func compileMoveRules(v *rules.Variant, r *Rules) (*moveRulesInfo, error) {
	m := v.Moves
	if m == nil {
		return nil, nil
	}
	if m.Makpong && r.hasScreens {
		// makpongAllows lifts the captured checker to see whether it was
		// the only one; a hopper's screen would make that wrong.
		return nil, unsupported(v, "makpongRule with hoppers")
	}
	if (m.Pass != [2]bool{} || m.PassOnStalemate != [2]bool{}) && r.gates {
		return nil, unsupported(v, "passing with gates")
	}
	mi := &moveRulesInfo{makpong: m.Makpong, opposite: m.OppositeCastling, castleWins: m.CastlingWins,
		wins: m.CastlingWins != [2][2]bool{}, pass: m.Pass, onStalemate: m.PassOnStalemate, material: m.Material}
	for i, k := range v.Pieces {
		if k.Letter >= 'A' && k.Letter <= 'Z' {
			mi.points[i+1] = m.Points[k.Letter-'A']
		}
	}
	return mi, nil
}

// makpongAllows applies Makpong's rule to m, a move of the royal piece
// of the side to move in check: it must capture the only checker. With
// the captured piece lifted, no royal piece of the mover may stand
// attacked: a slider that the lifted piece screened attacks its square
// too, so that the move is illegal either way.
func (p *Position) makpongAllows(m Move) bool {
	to := m.to()
	pc := p.board[to]
	if m&flagCastle != 0 || pc == 0 || owner(pc) == p.turn {
		return false
	}
	p.board[to] = 0
	ok := !p.royalAttacked(p.turn)
	p.board[to] = pc
	return ok
}

// wing is the wing of pl's castling right with the rook on file: the
// side of pl's castling king, on its castling rank, that file lies on.
func (p *Position) wing(pl uint8, file int) int {
	rank := p.r.castleRank[pl]
	for f := 0; f < p.r.w; f++ {
		if pc := p.board[sqOf(f, rank)]; pc != 0 && owner(pc) == pl && kindOf(pc) == p.r.castleKing {
			if file > f {
				return 1
			}
			return 0
		}
	}
	if 2*file >= p.r.w {
		return 1
	}
	return 0
}

// castled notes a castling move for castlingWins and applies
// oppositeCastling: p is the position after m, which us played.
func (p *Position) castled(m Move, us uint8) {
	mr := p.r.moves
	p.lastCastle = 0
	p.passes = 0
	if m&flagCastle == 0 {
		return
	}
	wing := 0
	if m.extra()%16 > m.from()%16 {
		wing = 1
	}
	p.lastCastle = uint8(1 + wing)
	if mr.opposite {
		for c := p.castle[us^1]; c != 0; c &= c - 1 {
			f := bits.TrailingZeros16(c)
			if p.wing(us^1, f) == wing {
				p.castle[us^1] &^= 1 << f
			}
		}
	}
}

// castlingWinsOutcome is rules.Position's: the player who has just
// castled on a winning wing wins; else a player with winning wings and no
// right left on any of them loses, the player who has just moved first.
func (p *Position) castlingWinsOutcome() (rules.Outcome, bool) {
	if p.r.moves == nil || !p.r.moves.wins {
		return rules.Outcome{}, false
	}
	w := &p.r.moves.castleWins
	mover := p.turn ^ 1
	if c := p.lastCastle; c != 0 && w[mover][c-1] {
		return rules.Outcome{Winner: rules.Player(mover), Reason: rules.CastlingWon}, true
	}
	for _, pl := range [2]uint8{mover, p.turn} {
		if w[pl] == [2]bool{} {
			continue
		}
		left := false
		for c := p.castle[pl]; c != 0; c &= c - 1 {
			left = left || w[pl][p.wing(pl, bits.TrailingZeros16(c))]
		}
		if !left {
			return rules.Outcome{Winner: rules.Player(pl ^ 1), Reason: rules.CastlingLost}, true
		}
	}
	return rules.Outcome{}, false
}

// flagPass marks a pass: from and to are the square of the piece that
// passes (rules.Move.Pass).
const flagPass Move = 1 << 31

// passKeys hash the passes played last in a row (Position.passes).
var passKeys = [3]uint64{0, 0x8f3c2a1b5d7e9f01, 0x1d2e3f4a5b6c7d8e}

// IsPass reports whether m is a pass.
func (m Move) IsPass() bool { return m&flagPass != 0 }

// passMove adds the side to move's pass, if it may pass and has a piece:
// the royal piece's, else the one on the lowest square, as
// rules.Position.passMove chooses.
func (p *Position) passMove(l *MoveList) {
	mr := p.r.moves
	us := p.turn
	if mr == nil || !(mr.pass[us] || mr.onStalemate[us]) {
		return
	}
	first := uint8(255)
	for _, sq := range p.r.squares {
		pc := p.board[sq]
		if pc == 0 || owner(pc) != us {
			continue
		}
		if p.r.kinds[kindOf(pc)].royal {
			first = sq
			break
		}
		if first == 255 {
			first = sq
		}
	}
	if first != 255 {
		l.add(mkMove(first, first, 0, flagPass))
	}
}

// keepPass applies passOnStalemate to the legal moves in l: a pass the
// player may make only on stalemate goes when another move is legal.
func (p *Position) keepPass(l *MoveList) {
	mr := p.r.moves
	if mr == nil || l.N < 2 || mr.pass[p.turn] || !mr.onStalemate[p.turn] {
		return
	}
	n := 0
	for _, m := range l.Moves[:l.N] {
		if m&flagPass == 0 {
			l.Moves[n] = m
			n++
		}
	}
	l.N = n
}

// playPass plays a pass: the board stays, the clocks and the count go on
// as after a move of the piece (a pawn's resets the halfmove clock).
func (p *Position) playPass(m Move) {
	if p.r.kinds[kindOf(p.board[m.from()])].resets[p.turn] {
		p.halfmove = 0
	} else {
		p.halfmove++
	}
	if p.turn == 1 {
		p.fullmove++
	}
	p.hasEP, p.ep, p.victim = false, 0, 0
	p.faced = p.r.guards.Bikjang && p.royalsFace(p.turn) // family: palaces: a pass leaves bikjang as it was
	p.turn ^= 1
	if p.r.count.rule != rules.NoCounting {
		if p.countLimit != 0 {
			p.countPly++
		}
		p.updateCount(false)
	}
	p.lastCastle = 0
	p.passes = min(p.passes+1, 2)
}

// passesOutcome is the end of two passes in a row, as rules.Position's:
// a draw, or material counting's result.
func (p *Position) passesOutcome() (rules.Outcome, bool) {
	if p.passes < 2 {
		return rules.Outcome{}, false
	}
	return p.materialOutcome(rules.DoublePass), true
}

// materialOutcome decides a draw of reason r by the variant's material
// counting, as rules.Position.MaterialOutcome does.
func (p *Position) materialOutcome(r rules.Reason) rules.Outcome {
	white := rules.Outcome{Winner: rules.First, Reason: rules.Material}
	black := rules.Outcome{Winner: rules.Second, Reason: rules.Material}
	if p.r.moves == nil {
		return rules.Outcome{Draw: true, Reason: r}
	}
	switch p.r.moves.material {
	case rules.WhiteDrawOdds:
		return white
	case rules.BlackDrawOdds:
		return black
	case rules.JanggiMaterial:
		if p.points(0)-p.points(1) > 1 { // Black's komi of 1.5 points: no count ties
			return white
		}
		return black
	case rules.UnweightedMaterial:
		switch w, b := p.pieces(0), p.pieces(1); {
		case w > b:
			return white
		case w < b:
			return black
		}
	}
	return rules.Outcome{Draw: true, Reason: r}
}

// points sums pl's pieces' janggi points (rules.JanggiMaterial).
func (p *Position) points(pl uint8) int {
	n := 0
	for k, pts := range p.r.moves.points {
		n += pts * int(p.count[pl][k])
	}
	return n
}

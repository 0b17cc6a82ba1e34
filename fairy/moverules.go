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
	return &moveRulesInfo{makpong: m.Makpong, opposite: m.OppositeCastling, castleWins: m.CastlingWins,
		wins: m.CastlingWins != [2][2]bool{}}, nil
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

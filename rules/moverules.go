package rules

import "github.com/baten-chess/baten/geom"

// MoveRules are the move rules of variants.ini that are neither a piece's
// movement nor a way to win by material: Makpong's king that may not walk
// out of check, castling as a goal (castlingWins), castling that takes
// the opponent's right on the same wing (oppositeCastling), Shatar's
// mating rules and material counting, which decides the draws the
// position itself makes. Each is Fairy-Stockfish's rule of the same name;
// the files makpong.go, castlingwins.go, shatar.go and material.go say
// each in full.
type MoveRules struct {
	// Makpong: a king in check may move only to capture the one piece
	// that gives check (makpongRule).
	Makpong bool
	// OppositeCastling: castling on a wing takes the opponent's castling
	// rights on the same wing (oppositeCastling).
	OppositeCastling bool
	// CastlingWins lists, by Player and Wing, the castlings that win: the
	// player who castles so wins, and a player that has lost all of its
	// winning rights loses (castlingWins).
	CastlingWins [2][2]bool
	// Shatar is Shatar's mating rule, nil for none.
	Shatar *ShatarMate
	// Material decides the draws of stalemate and of the repetition and
	// move rules (materialCounting); NoMaterialCounting for none.
	Material MaterialCounting
	// Points are JanggiMaterial's points of a piece, by its kind's
	// upper-case letter, 'A' first (a kind not listed counts 0).
	Points [26]int
	// Pass and PassOnStalemate let a player pass, by Player: always, or
	// only when it has no other legal move (pass.go).
	Pass, PassOnStalemate [2]bool
}

// moveRulesState is the position state of the move rules: what the move
// just played was, for the rules that look back. It is not in the FEN,
// which Fairy-Stockfish does not extend for them either: a position read
// from a FEN has no castling just made, and its checks in series start
// with the check on the board, if any.
type moveRulesState struct {
	// castled is 1 + the Wing of the castling just played, 0 for none.
	castled uint8
	// series is, by Player, the state of the series of checks that player
	// is giving (Shatar): 0 none, 1 checks by no shak kind yet, 2 one of
	// them was given by a shak kind.
	series [2]uint8
	// passes counts the passes played last in a row, up to 2.
	passes uint8
}

// winningCastles reports whether the variant has castlingWins.
func (m *MoveRules) winningCastles() bool {
	return m != nil && (m.CastlingWins[0] != [2]bool{} || m.CastlingWins[1] != [2]bool{})
}

// wingOf is the wing of player's castling right with the rook on file:
// the side of the castling king that file lies on.
func (p *Position) wingOf(player Player, file int) Wing {
	king, ok := p.castlingKing(player)
	if ok && file > king.File {
		return HSide
	}
	if !ok && 2*file >= p.v.Size.W {
		return HSide
	}
	return ASide
}

// afterMove updates the move rules' state of q, the position after m was
// played in p, and applies oppositeCastling.
func (p *Position) afterMove(q *Position, m Move) {
	r := p.v.Moves
	if r == nil {
		return
	}
	q.moves.castled = 0
	q.moves.passes = 0
	if m.Pass {
		q.moves.passes = min(p.moves.passes+1, 2)
		q.castling = p.Castling() // a pass keeps them, even the king's
	}
	if m.Castle {
		wing := ASide
		if m.RookFrom.File > m.From.File {
			wing = HSide
		}
		q.moves.castled = 1 + uint8(wing)
		if r.OppositeCastling {
			them := p.turn.Opponent()
			keep := q.castling[:0]
			for _, c := range q.castling {
				if c.Player != them || q.wingOf(them, c.File) != wing {
					keep = append(keep, c)
				}
			}
			q.castling = keep
		}
	}
	if r.Shatar != nil {
		q.countShak(p)
	}
}

// castlingWinsOutcome applies castlingWins: the player who has just
// castled on a winning wing wins; else a player with winning wings and no
// castling right left on any of them loses, the player who has just moved
// examined first (a rook that takes a rook may end both sides' rights).
func (p *Position) castlingWinsOutcome() (Outcome, bool) {
	r := p.v.Moves
	if !r.winningCastles() {
		return Outcome{}, false
	}
	mover := p.turn.Opponent()
	if c := p.moves.castled; c != 0 && r.CastlingWins[mover][c-1] {
		return Outcome{Winner: mover, Reason: CastlingWon}, true
	}
	for _, pl := range [2]Player{mover, p.turn} {
		if r.CastlingWins[pl] == [2]bool{} {
			continue
		}
		left := false
		for _, c := range p.castling {
			if c.Player == pl && r.CastlingWins[pl][p.wingOf(pl, c.File)] {
				left = true
			}
		}
		if !left {
			return Outcome{Winner: pl.Opponent(), Reason: CastlingLost}, true
		}
	}
	return Outcome{}, false
}

// attackers lists the squares of by's pieces that could capture on sq,
// were an enemy piece standing there, up to most of them (Attacked asks
// for one); jumps do not count.
func (p *Position) attackers(sq geom.Square, by Player, most int) []geom.Square {
	var out []geom.Square
	for _, from := range p.v.Size.Squares() {
		pc := p.board.At(from)
		if pc.Empty() || pc.Owner != by || p.v.Colours != nil && !p.v.Side(by, pc.Kind).MayStand(sq) { // per-colour rules
			continue
		}
		f := p.frame(from, func(s geom.Square) bool { return s == sq })
		for t := range p.palaceTargets(pc, from, p.v.Kind(pc.Kind).Movement.Targets(f, from), f.Occupied) { // family: palaces
			if t.To == sq && t.Capture && !t.Jump && !p.soldierHeld(pc, from, sq) { // family: palaces
				out = append(out, from)
				break
			}
		}
		if len(out) == most {
			break
		}
	}
	return out
}

// JustCastled is 1 + the Wing of the castling just played, where a
// variant's castlingWins needs to know it, and 0 otherwise.
func (p *Position) JustCastled() uint8 { return p.moves.castled }

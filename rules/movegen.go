package rules

import (
	"slices"
	"sync"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/kinematics"
)

// frame describes the board to kinematics for the piece on from. extra is
// treated as occupied too (to ask whether an empty square is attacked, or
// to let a pawn see the en passant square).
func (p *Position) frame(from geom.Square, extra func(geom.Square) bool) kinematics.Frame {
	pc := p.board.At(from)
	return kinematics.Frame{
		Size:    p.v.Size,
		Forward: p.v.Forward[pc.Owner],
		Initial: p.v.InitialAt(pc.Owner, pc.Kind, from), // initial squares
		Occupied: func(sq geom.Square) bool {
			return !p.board.At(sq).Empty() || (extra != nil && extra(sq)) || p.IsWall(sq) // walling
		},
	}
}

// Attacked reports whether any piece of by could capture on sq, were an
// enemy piece standing there. Jumps do not count: no variant here has both
// jumps and royal pieces.
func (p *Position) Attacked(sq geom.Square, by Player) bool {
	return len(p.attackers(sq, by, 1)) > 0 // family: move rules: the loop is attackers'
}

// royalAttacked reports whether some royal piece of player stands attacked.
func (p *Position) royalAttacked(player Player) bool {
	for _, sq := range p.v.Size.Squares() {
		pc := p.board.At(sq)
		if !pc.Empty() && pc.Owner == player && p.v.Kind(pc.Kind).Royal && p.Attacked(sq, player.Opponent()) {
			return true
		}
	}
	return false
}

// InCheck reports whether the side to move has a royal piece attacked.
func (p *Position) InCheck() bool { return p.royalAttacked(p.turn) }

// LegalMoves lists every legal move of the side to move, in a fixed order.
// A position already decided by the bare-king, extinction, flag or connection rule has none.
// Where the variant forbids checks (NoChecking), a move that attacks an
// enemy royal piece is not legal.
//
// A position never changes once built, so the list is worked out once and
// a copy handed out: the spec ≡ impl tests ask each position for its
// moves, its outcome and a move to play, and each would otherwise
// generate them again.
func (p *Position) LegalMoves() []Move {
	if p.legal == nil {
		return p.decidedOrLegal()
	}
	p.legal.once.Do(func() { p.legal.moves = p.decidedOrLegal() })
	return slices.Clone(p.legal.moves)
}

// legalMemo holds a position's legal moves once LegalMoves has listed them.
type legalMemo struct {
	once  sync.Once
	moves []Move
}

// decidedOrLegal is LegalMoves worked out: none in a decided position.
func (p *Position) decidedOrLegal() []Move {
	if p.v.BareKing {
		if _, decided := p.bareKingWinner(); decided {
			return nil
		}
	}
	if p.v.Extinction != nil && (!p.v.Extinction.PseudoRoyal || p.v.blasts()) { // family: antichess; atomic: blasts remove them
		if _, decided := p.extinct(); decided {
			return nil
		}
	}
	if _, won := p.checksWinner(); won { // check counting
		return nil
	}
	if p.v.Flag != nil { // flag family
		if _, decided := p.flagOutcome(); decided {
			return nil
		}
	}
	if _, decided := p.castlingWinsOutcome(); decided { // family: move rules
		return nil
	}
	if _, decided := p.passesOutcome(); decided { // family: move rules
		return nil
	}
	if _, decided := p.bikjangOutcome(); decided { // family: palaces
		return nil
	}
	if p.Connected(p.turn.Opponent()) { // family: connection
		return nil
	}
	return p.legalMoves()
}

// legalMoves is LegalMoves but for the ends that leave no move.
func (p *Position) legalMoves() []Move {
	var legal []Move
	for _, m := range p.pseudoMoves() {
		next := p.apply(m)
		if (!next.royalAttacked(p.turn) || m.Pass && p.bikjang()) && !(p.v.NoChecking && next.royalAttacked(p.turn.Opponent())) &&
			!p.exposesPseudoRoyal(m, next) && !p.makpongForbids(m) && // family: antichess; move rules
			!p.guardsForbid(m, next) && !p.dropForbidden(m, next) { // family: royal guards; drops
			legal = append(legal, m)
		}
	}
	legal = p.keepPass(legal)  // family: move rules
	legal = p.withWalls(legal) // walling
	if p.v.MandatoryCapture && slices.ContainsFunc(legal, isCapture) {
		legal = slices.DeleteFunc(legal, func(m Move) bool { return !isCapture(m) })
	}
	return p.mustDrop(legal) // family: drops
}

func isCapture(m Move) bool { return len(m.Captures) > 0 }

// pseudoMoves lists the moves that obey every guard except "the royal piece
// is not left attacked" (and mandatory capture).
func (p *Position) pseudoMoves() []Move {
	var moves []Move
	for _, from := range p.v.Size.Squares() {
		pc := p.board.At(from)
		if pc.Empty() || pc.Owner != p.turn {
			continue // guard: own piece at the source
		}
		moves = append(moves, p.pieceMoves(from, pc)...)
	}
	if m, ok := p.passMove(); ok { // family: move rules
		moves = append(moves, m)
	}
	moves = append(moves, p.dropMoves()...)                  // family: drops
	return p.withGating(append(moves, p.castlingMoves()...)) // family: gating
}

// pieceMoves lists the pseudo-legal non-castling moves of the piece on from.
func (p *Position) pieceMoves(from geom.Square, pc Piece) []Move {
	kind := p.v.Kind(pc.Kind)
	side := p.v.Side(pc.Owner, pc.Kind) // per-colour rules
	var extra func(geom.Square) bool
	if side.EnPassant && p.hasEP {
		extra = p.isEP // en passant squares: one or two
	}
	var moves []Move
	var seen []geom.Square // two components may reach one square (WR)
	// en passant: the square blocks nothing (epmoves.go)
	occupied := func(sq geom.Square) bool { return !p.board.At(sq).Empty() || p.IsWall(sq) }
	for t := range p.palaceTargets(pc, from, p.pieceTargets(kind, from, extra), occupied) { // family: palaces
		if !side.MayStand(t.To) {
			continue // guard: the kind may not stand there (per-colour rules)
		}
		if p.IsWall(t.To) {
			continue // walling: no piece lands on a wall
		}
		if p.soldierHeld(pc, from, t.To) {
			continue // family: palaces: not across the river yet
		}
		if !t.Jump {
			if slices.Contains(seen, t.To) {
				continue
			}
			seen = append(seen, t.To)
		}
		taken := t.To
		if t.Jump {
			if p.v.JumpChains {
				continue // whole chains are built below
			}
			taken = t.Over
		}
		m := Move{From: from, To: t.To}
		if t.Capture {
			victim := p.board.At(taken)
			if victim.Empty() { // only the en passant square looks occupied
				m.EnPassant = true
				taken = p.victim
				victim = p.board.At(taken)
			}
			m.Captures = []geom.Square{taken}
			if victim.Owner == pc.Owner || p.v.Kind(victim.Kind).Royal || p.mutuallyImmune(pc, victim) { // family: atomic
				continue // guard: no friendly capture, royals are never taken
			}
		}
		moves = append(moves, p.promotions(m, pc)...)
	}
	if p.v.JumpChains {
		moves = append(moves, p.chains(from, pc)...)
	}
	moves = append(moves, p.tripleSteps(from, pc)...) // en passant squares
	return append(moves, p.gateMoves(from, pc)...)
}

// promotes reports whether a piece pc arriving on sq reaches one of its
// kind's promotion ranks.
func (p *Position) promotes(pc Piece, sq geom.Square) bool {
	promo := p.v.Side(pc.Owner, pc.Kind).Promotion // per-colour rules
	return promo != nil && promo.PromotesOn(p.v, pc.Owner, sq)
}

// promotions expands m into its promotion choices when it ends on one of
// the kind's promotion ranks (or, with FromZone, starts on one).
func (p *Position) promotions(m Move, pc Piece) []Move {
	promo := p.v.Side(pc.Owner, pc.Kind).Promotion // per-colour rules
	if !p.promotes(pc, m.To) && (promo == nil || !promo.FromZone || !p.promotes(pc, m.From)) {
		return []Move{m}
	}
	var out []Move
	if promo.Optional && !slices.Contains(promo.Mandatory, p.v.RelativeRank(pc.Owner, m.To)) {
		out = append(out, m)
	}
	for i := 0; i < len(promo.To); i++ {
		id, ok := p.v.KindByLetter(promo.To[i])
		if !ok {
			continue
		}
		if limit, limited := promo.Limit[promo.To[i]]; limited && p.countKind(pc.Owner, id) >= limit {
			continue
		}
		pm := m
		pm.Promotion = id
		out = append(out, pm)
	}
	return out
}

// countKind counts player's pieces of kind id.
func (p *Position) countKind(player Player, id KindID) int {
	n := 0
	for _, sq := range p.v.Size.Squares() {
		if p.board.At(sq) == (Piece{Kind: id, Owner: player}) {
			n++
		}
	}
	return n
}

// chains lists every maximal jump chain of the piece on from. While a chain
// runs, the origin is empty, jumped pieces stay as blockers and cannot be
// jumped again, and (with CrowningEndsChain) a piece that reaches a
// promotion rank stops there.
func (p *Position) chains(from geom.Square, pc Piece) []Move {
	during := p.board.Clone()
	during.Set(from, Piece{})
	f := kinematics.Frame{
		Size:     p.v.Size,
		Forward:  p.v.Forward[pc.Owner],
		Occupied: func(sq geom.Square) bool { return !during.At(sq).Empty() },
	}
	movement := p.v.Kind(pc.Kind).Movement
	var out []Move
	var extend func(at geom.Square, path, captured []geom.Square)
	extend = func(at geom.Square, path, captured []geom.Square) {
		extended := false
		for t := range movement.Targets(f, at) {
			if !t.Jump || during.At(t.Over).Owner == pc.Owner || slices.Contains(captured, t.Over) {
				continue
			}
			extended = true
			nextPath := append(slices.Clone(path), t.To)
			nextCaptured := append(slices.Clone(captured), t.Over)
			if p.v.CrowningEndsChain && p.promotes(pc, t.To) {
				out = append(out, p.promotions(Move{From: from, To: t.To, Path: nextPath, Captures: nextCaptured}, pc)...)
				continue
			}
			extend(t.To, nextPath, nextCaptured)
		}
		if !extended && len(path) > 0 {
			out = append(out, p.promotions(Move{From: from, To: at, Path: path, Captures: captured}, pc)...)
		}
	}
	extend(from, nil, nil)
	return out
}

// castlingMoves lists the castling moves whose every condition holds but
// the last (the king is not in check afterwards), which the legality
// filter checks like any move's.
func (p *Position) castlingMoves() []Move {
	c := p.v.Castling
	if c == nil {
		return nil
	}
	var moves []Move
	for _, right := range p.castling {
		if right.Player != p.turn {
			continue
		}
		rank := p.v.CastlingRank(p.turn)
		king, ok := p.castlingKing(p.turn)
		if !ok {
			continue
		}
		rookFrom := geom.Square{File: right.File, Rank: rank}
		wing := ASide
		if right.File > king.File {
			wing = HSide
		}
		kingTo := geom.Square{File: c.KingTo[wing], Rank: rank}
		rookTo := geom.Square{File: c.RookTo[wing], Rank: rank}
		royal := p.v.Kind(p.board.At(king).Kind).Royal // family: antichess: a king that is not royal castles through attacks
		if !p.castlingPathEmpty(king, kingTo, rookFrom, rookTo) || (royal && p.Attacked(king, p.turn.Opponent())) {
			continue
		}
		safe := true
		for _, sq := range squaresFromTo(king, kingTo) {
			if !royal { // family: antichess
				break
			}
			if p.Attacked(sq, p.turn.Opponent()) {
				safe = false
				break
			}
		}
		if safe {
			moves = append(moves, Move{From: king, To: kingTo, Castle: true, RookFrom: rookFrom, RookTo: rookTo})
		}
	}
	return moves
}

// castlingKing finds player's castling king on its home rank.
func (p *Position) castlingKing(player Player) (geom.Square, bool) {
	id, _ := p.v.KindByLetter(p.v.Castling.King)
	rank := p.v.CastlingRank(player)
	for file := 0; file < p.v.Size.W; file++ {
		sq := geom.Square{File: file, Rank: rank}
		if p.board.At(sq) == (Piece{Kind: id, Owner: player}) {
			return sq, true
		}
	}
	return geom.Square{}, false
}

// castlingPathEmpty: every square the king or rook crosses or lands on is
// empty, but for the castling king and rook themselves.
func (p *Position) castlingPathEmpty(king, kingTo, rook, rookTo geom.Square) bool {
	for _, span := range [][2]geom.Square{{king, kingTo}, {rook, rookTo}} {
		for _, sq := range squaresFromTo(span[0], span[1]) {
			if sq != king && sq != rook && (!p.board.At(sq).Empty() || p.IsWall(sq)) { // walling
				return false
			}
		}
	}
	return true
}

// squaresFromTo lists the squares of a rank from a (excluded) to b
// (included), in order.
func squaresFromTo(a, b geom.Square) []geom.Square {
	var out []geom.Square
	step := 1
	if b.File < a.File {
		step = -1
	}
	for f := a.File; f != b.File; {
		f += step
		out = append(out, geom.Square{File: f, Rank: a.Rank})
	}
	return out
}

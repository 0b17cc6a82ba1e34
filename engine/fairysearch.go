package engine

import (
	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/rules"
)

// fairySearch is what fairyGame's search interfaces (nullMover,
// continuer) read of the game, fixed once compiled.
type fairySearch struct {
	// nullOK: the game's rules leave null-move pruning sound (see
	// nullAllowed).
	nullOK bool
	// major marks, by KindID, the kinds that make a side safe from
	// zugzwang: neither royal nor pawn-like.
	major []bool
	// w and nsq are the board's width and squares, for PieceTo.
	w, nsq int
}

func newFairySearch(rv *rules.Variant) fairySearch {
	s := fairySearch{nullOK: nullAllowed(rv), major: make([]bool, len(rv.Pieces)+1), w: rv.Size.W, nsq: rv.Size.W * rv.Size.H}
	for i, k := range rv.Pieces {
		pawn := k.EnPassant || k.ResetsClock || k.Promotion != nil && !k.Promotion.FromZone
		s.major[i+1] = !k.Royal && !pawn
	}
	return s
}

// nullAllowed decides by the game's end rules whether passing is a fair
// bound on the best move, as null-move pruning assumes. Not where
// zugzwang is the game itself: antichess and the other games of giving
// pieces away (where the side to move would often rather pass), games
// with compulsory captures (a pass would dodge the capture the rules
// force), connection games (connect four is won by zugzwang), and games
// without royal pieces that the side without a move loses (clobber, the
// Amazons: running out of moves is the aim). Races to a flag region,
// check counts, blasts and walls keep it, as in Fairy-Stockfish: a tempo
// there is always worth having.
func nullAllowed(rv *rules.Variant) bool {
	if giveaway(rv) || rv.MandatoryCapture || rv.Connect != nil { // family: antichess, connection
		return false
	}
	royal := false
	for _, k := range rv.Pieces {
		royal = royal || k.Royal
	}
	return royal || rv.NoMoves != rules.NoMovesLoses
}

// MakeNull passes (fairy.Position.PlayNull), not in check nor where the
// game forbids null moves (nullAllowed). The frame's move is the zero
// Move, which is no move.
func (g *fairyGame) MakeNull() bool {
	if !g.srch.nullOK || g.p.InCheck() || g.p.PseudoRoyalAttacked() { // family: pseudo-royal
		return false
	}
	f := &g.frames[g.n]
	f.m, f.mat, f.pieces = 0, g.mat, g.pieces
	f.u = g.p.PlayNull()
	g.n++
	g.gen[g.n] = false
	return true
}

// UnmakeNull takes back MakeNull's pass.
func (g *fairyGame) UnmakeNull() {
	g.n--
	g.p.UnplayNull(g.frames[g.n].u)
}

// NullSafe: the side to move has a piece that is neither royal nor
// pawn-like (see newFairySearch), as chessGame decides.
func (g *fairyGame) NullSafe() bool {
	us := g.p.Turn()
	for k, major := range g.srch.major {
		if major && g.p.Count(us, rules.KindID(k)) > 0 {
			return true
		}
	}
	return false
}

// PieceTo is the moved kind and the destination, folded into
// PieceToSize: boards of up to 128 squares with 8 kinds fit unfolded
// (Capablanca, Grand, Shako, courier); the colour is left out, as the
// side to move is the mover's.
func (g *fairyGame) PieceTo(m fairy.Move) int {
	t := m.To()
	k := max(int(g.p.At(m.From()).Kind)-1, 0) // 0: a wall alone (the duck's)
	return (k*g.srch.nsq + t.Rank*g.srch.w + t.File) % PieceToSize
}

// Exchange is fairy.Position.SEE with the search's piece values. Where a
// capture does more than take its victim (a blast, petrification) the
// exchange on one square says little: the victim's value less the mover's
// where the opponent attacks the destination stands for it. Where giving
// pieces away is the aim (antichess) no capture loses by its exchange.
func (g *fairyGame) Exchange(m fairy.Move) int {
	switch {
	case g.give: // family: antichess
		return 0
	case g.blast || g.rv.Petrify != nil: // family: atomic, petrify
		v := 0
		if c, ok := g.victim(m); ok {
			v = g.values[c.Kind]
		}
		if g.p.Attacked(m.To(), g.p.Turn()^1) {
			v -= g.values[g.p.At(m.From()).Kind]
		}
		return v
	}
	return g.p.SEE(m, g.values)
}

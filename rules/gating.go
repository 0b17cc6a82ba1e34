package rules

import (
	"errors"
	"slices"

	"github.com/baten-chess/baten/geom"
)

// GatingRules is the gating family (Fairy-Stockfish's gating and
// seirawanGating: S-Chess, Seirawan chess). Not to be confused with
// Variant.Gates, Cambodian chess's gates (gates.go).
//
// In plain words, as Fairy-Stockfish plays it:
//   - Each player has gates: squares of its castling rank whose pieces
//     have not moved yet. When a piece leaves a gate, its player may put
//     a piece from the hand on that square as part of the same move (a
//     gating move); the gate closes either way. A gate also closes when
//     its piece is captured.
//   - Castling leaves two gates at once: a piece may enter on the king's
//     square or on the rook's, not on both, and not on a square the king
//     or the rook ends on.
//   - The entering piece goes where the hand's pieces may go
//     (DropRules' region and pawn rules, where the game also drops); it
//     may block a check on the mover's king and it may give check.
//   - Promotions and en passant captures never gate (no pawn leaves a
//     castling rank by them). A gating move does not reset the halfmove
//     clock unless its move does.
//   - Without captures to hand (seirawan), a player whose hand is empty
//     has no gates any more.
//
// The gates are in the FEN's castling field, as Fairy-Stockfish writes
// them: after each player's castling rights, the files of its gates but
// for the king's and the castling rooks' (which K and Q already name):
// "KQBCDFGkqbcdfg" at S-Chess's start. A player with an empty hand
// writes no gates (unless captures go to hand). A gating move's text is
// the move's and the entering piece's lower-case letter ("b1c3h",
// castling "e1g1e"); entering on the rook's square when castling, the
// rook's square, the king's and the letter ("h1e1e").
type GatingRules struct {
	// HandOrder is DropRules.HandOrder, for a game without drops.
	HandOrder string
}

// Gating lists the open gates of Seirawan gating (Variant.Gating) as
// files of each player's castling rank, sorted by player then file.
func (p *Position) Gating() []CastlingRight { return slices.Clone(p.gating) }

// gatingSquare is the square of gate g.
func (p *Position) gatingSquare(g CastlingRight) geom.Square {
	return geom.Square{File: g.File, Rank: p.v.CastlingRank(g.Player)}
}

// gateOpen reports whether sq is an open gate of player.
func (p *Position) gateOpen(player Player, sq geom.Square) bool {
	return sq.Rank == p.v.CastlingRank(player) && slices.Contains(p.gating, CastlingRight{Player: player, File: sq.File})
}

// keepsGates reports whether player's gates still count: it has a piece
// in hand, or captures may give it one.
func (p *Position) keepsGates(player Player) bool {
	return p.inHand(player, 0) > 0 || (p.v.Drops != nil && p.v.Drops.CapturesToHand)
}

// readGating takes the gates off a FEN's castling field and returns what
// names castling rights, as Fairy-Stockfish reads it: K and Q open gates
// on the castling rook's and the king's squares and keep their right; a
// file letter opens a gate on that file, and names a castling rook
// (Shredder-FEN) only when its player keeps no gates.
func (p *Position) readGating(text string) (string, error) {
	var rights []byte
	var errs []error
	open := func(player Player, sq geom.Square) {
		if pc := p.board.At(sq); !pc.Empty() && pc.Owner == player && !p.gateOpen(player, sq) {
			p.gating = append(p.gating, CastlingRight{Player: player, File: sq.File})
		}
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		player, upper := First, c
		if c >= 'a' && c <= 'z' {
			player, upper = Second, c-'a'+'A'
		}
		rank := p.v.CastlingRank(player)
		king, hasKing := geom.Square{}, false
		if p.v.Castling != nil {
			king, hasKing = p.castlingKing(player)
		}
		file := -1
		switch {
		case (upper == 'K' || upper == 'Q') && hasKing:
			for f := range p.v.Size.W {
				if upper == 'K' {
					f = p.v.Size.W - 1 - f
				}
				if (upper == 'K') == (f > king.File) && f != king.File && file < 0 &&
					p.castlingRookAt(geom.Square{File: f, Rank: rank}, player) {
					file = f
				}
			}
			if file < 0 {
				errs = append(errs, fenErr("castling", text, "%q names no castling rook", c))
				continue
			}
			open(player, geom.Square{File: file, Rank: rank})
			open(player, king)
			rights = append(rights, c)
			continue
		case upper >= 'A' && int(upper-'A') < p.v.Size.W:
			file = int(upper - 'A')
		default:
			errs = append(errs, fenErr("castling", text, "%q names no file of the board", c))
			continue
		}
		sq := geom.Square{File: file, Rank: rank}
		open(player, sq) // as Fairy-Stockfish: no gate where no piece of player stands
		if !p.keepsGates(player) {
			rights = append(rights, c) // a Shredder-FEN right
		}
	}
	sortRights(p.gating)
	p.gating960(rights)
	p.gating = slices.DeleteFunc(p.gating, func(g CastlingRight) bool { return !p.keepsGates(g.Player) })
	return string(rights), errors.Join(errs...)
}

// gating960 gives a player that keeps gates, has its castling king on a
// gate and names no castling right the rights of the castling rooks on
// its gates (Fairy-Stockfish's rule for Chess960 gating games).
func (p *Position) gating960(rights []byte) {
	if p.v.Castling == nil {
		return
	}
	for _, pl := range []Player{First, Second} {
		king, ok := p.castlingKing(pl)
		named := slices.ContainsFunc(rights, func(c byte) bool { return (c >= 'a' && c <= 'z') == (pl == Second) })
		if !ok || named || !p.keepsGates(pl) || !p.gateOpen(pl, king) {
			continue
		}
		for _, g := range p.gating {
			if sq := p.gatingSquare(g); g.Player == pl && p.castlingRookAt(sq, pl) {
				p.castling = append(p.castling, g)
			}
		}
		sortRights(p.castling)
	}
}

// gatingText is player's gates as the castling field writes them: the
// files but the king's and its castling rooks', while it may castle.
func (p *Position) gatingText(player Player) string {
	var b []byte
	king, chess960 := geom.Square{File: -1}, false
	if c := p.v.Castling; c != nil {
		king, _ = p.castlingKing(player)
		chess960 = c.Chess960
	}
	for _, g := range p.gating {
		if g.Player != player {
			continue
		}
		named := slices.Contains(p.castling, g)
		castles := slices.ContainsFunc(p.castling, func(r CastlingRight) bool { return r.Player == player })
		if named || (castles && g.File == king.File && !chess960) {
			continue
		}
		c := byte('A' + g.File)
		if player == Second {
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return string(b)
}

// withGating adds to moves the gating moves of the side to move: each
// move leaving a gate, once per kind in hand that may enter there.
func (p *Position) withGating(moves []Move) []Move {
	if p.v.Gating == nil || len(p.gating) == 0 {
		return moves
	}
	us := p.turn
	n := len(moves)
	for _, m := range moves[:n] {
		if m.Drop != 0 || m.Pass || m.Walled || m.Promotion != 0 || m.EnPassant {
			continue
		}
		squares := []geom.Square{m.From}
		if m.Castle {
			squares = append(squares, m.RookFrom)
		}
		for _, sq := range squares {
			if !p.gateOpen(us, sq) || (m.Castle && (sq == m.To || sq == m.RookTo)) {
				continue
			}
			for i, count := range p.hand[us] {
				if id := KindID(i + 1); count > 0 && p.dropRegion(id, sq) {
					g := m
					g.Gate, g.GateAt = id, sq
					moves = append(moves, g)
				}
			}
		}
	}
	return moves
}

// gate plays the gating part of m in q, the position after m's move, and
// closes the gates m leaves or captures on.
func (p *Position) gate(q *Position, m Move) {
	if p.v.Gating == nil {
		return
	}
	us := p.turn
	if m.Gate != 0 {
		q.board.Set(m.GateAt, Piece{Kind: m.Gate, Owner: us})
		q.hand[us][m.Gate-1]--
	}
	q.gating = slices.DeleteFunc(q.gating, func(g CastlingRight) bool {
		sq := p.gatingSquare(g)
		if g.Player != us {
			return slices.Contains(m.Captures, sq)
		}
		return m.Drop == 0 && (sq == m.From || (m.Castle && sq == m.RookFrom)) || !q.keepsGates(us)
	})
}

// gatingMoveText is the text of the gating move m (MoveText and
// FSFMoveText alike, fsf choosing the move's own text).
func (p *Position) gatingMoveText(m Move, fsf bool) string {
	letter := string(p.v.Kind(m.Gate).Letter + 'a' - 'A')
	if m.Castle && m.GateAt == m.RookFrom {
		return m.RookFrom.String() + m.From.String() + letter
	}
	m.Gate = 0
	return p.moveText(m, fsf) + letter
}

// hasHand reports whether the game's players have hands: for drops or for
// gating.
func (v *Variant) hasHand() bool { return v.Drops != nil || v.Gating != nil }

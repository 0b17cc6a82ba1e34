package server

import (
	"strings"

	"github.com/baten-chess/baten/variant"
)

// What the web board draws of a game's own rules, beyond pieces and
// moves: the goals of a race (the flag family), the check counters of
// three-check and five-check, the squares a capture emptied, and the
// result in the game's own words. All of it is the server's: the client
// only draws it.

// goalInfo is GET /api/variants' "goal" of a game with a flag rule: each
// side's region and the piece that must reach it.
type goalInfo struct {
	White goalSide `json:"white"`
	Black goalSide `json:"black"`
}

// goalSide is one side's goal (variant.Goal).
type goalSide struct {
	Squares []string `json:"squares"`
	Piece   string   `json:"piece,omitempty"` // the kind's name; "" any piece
	Count   int      `json:"count"`
}

// goalOf returns v's goal, nil when it has none.
func goalOf(v *variant.Variant) *goalInfo {
	g, ok := v.Goals()
	if !ok {
		return nil
	}
	side := func(g variant.Goal) goalSide {
		return goalSide{Squares: append([]string{}, g.Squares...), Piece: g.Piece, Count: g.Count}
	}
	return &goalInfo{White: side(g[variant.White]), Black: side(g[variant.Black])}
}

// checksInfo is a position's "checks": each side's checks given and the
// checks it must give to win.
type checksInfo struct {
	White checkCount `json:"white"`
	Black checkCount `json:"black"`
}

// checkCount is one side's counter (variant.CheckCount).
type checkCount struct {
	Given int `json:"given"`
	Limit int `json:"limit"`
}

// checksOf returns p's check counters, nil in a game that does not count
// checks.
func checksOf(p variant.Position) *checksInfo {
	c, ok := variant.ChecksOf(p)
	if !ok {
		return nil
	}
	return &checksInfo{White: checkCount(c[variant.White]), Black: checkCount(c[variant.Black])}
}

// removedSquares returns the squares whose pieces a move took off the
// board, from the pieces before and after it: the captured piece's
// square (the destination of a plain capture, the passed pawn's of an en
// passant capture, each jumped man in draughts, every square an atomic
// capture blows up). The mover's own pieces count only when the mover
// has fewer pieces after the move, so a castling rook that moves is not
// taken for a capture; the from square is never listed (the moving
// piece left it). The order is the board's before the move.
func removedSquares(pdn bool, from string, before, after []clientPiece) []string {
	white := func(piece string) bool {
		if pdn {
			return strings.HasPrefix(piece, "W")
		}
		return piece == strings.ToUpper(piece)
	}
	at := make(map[string]string, len(after))
	for _, p := range after {
		at[p.Square] = p.Piece
	}
	var mover string
	for _, p := range before {
		if p.Square == from {
			mover = p.Piece
		}
	}
	if mover == "" {
		return []string{}
	}
	count := func(pieces []clientPiece) int {
		n := 0
		for _, p := range pieces {
			if white(p.Piece) == white(mover) {
				n++
			}
		}
		return n
	}
	ownLost := count(after) < count(before)
	out := []string{}
	for _, p := range before {
		if p.Square == from {
			continue
		}
		now, occupied := at[p.Square]
		switch {
		case white(p.Piece) != white(mover): // the opponent's: gone or taken over
			if !occupied || white(now) == white(mover) {
				out = append(out, p.Square)
			}
		case ownLost && !occupied:
			out = append(out, p.Square)
		}
	}
	return out
}

// resultWords says how the game ended in its own words
// (variant.Outcome.In: "white wins by reaching the goal", "black wins:
// black has no moves left", "red wins by checkmate"), "" while it runs or when it ended off
// the board's rules (an abort, a claim over an absent player). Called
// with lg.mu held.
func (lg *liveGame) resultWords() string {
	o, over := lg.g.Outcome()
	if !lg.st.over || !over || statusOf(o) != lg.st.status || winnerOf(o) != lg.st.winner {
		return ""
	}
	return o.In(lg.v)
}

package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/baten-chess/baten/banchess"
	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/shatranj"
)

// mateCase is a position with a forced win in Moves moves of the side to
// act and a known first move of such a win.
type mateCase struct {
	name     string
	variant  string
	fen      string
	moves    int    // mate in this many moves (and not fewer)
	solution string // a known first move, UCI (chess960: king takes rook)
}

var mateCases = []mateCase{
	// chess
	{"queen g7", Chess, "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", 1, "g1g7"},
	{"back rank", Chess, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1, "a1a8"},
	{"scholar", Chess, "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 1, "h5f7"},
	{"smothered", Chess, "6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1", 1, "g5f7"},
	{"promotion", Chess, "k7/2P5/1K6/8/8/8/8/8 w - - 0 1", 1, "c7c8q"},
	{"black back rank", Chess, "4r1k1/8/8/8/8/8/5PPP/6K1 b - - 0 1", 1, "e8e1"},
	{"castles", Chess, "4rk2/4p1p1/8/8/8/1B6/8/4K2R w K - 0 1", 1, "e1g1"},
	{"rook ladder", Chess, "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1", 2, "b1b7"},
	{"queen and king", Chess, "7k/8/8/5K2/8/8/8/6Q1 w - - 0 1", 2, "f5f6"},
	{"black ladder", Chess, "1r4k1/r7/8/8/8/8/8/7K b - - 0 1", 2, "b8b2"},
	{"queen and rook", Chess, "5rk1/5ppp/8/8/8/8/1Q6/1K4R1 w - - 0 1", 1, "b2g7"},
	// Chess960 (Shredder-FEN castling; castling printed as king takes rook)
	{"960 castles", Chess960, "4rk2/4p1p1/8/8/8/1B6/8/4K2R w H - 0 1", 1, "e1h1"},
	{"960 back rank", Chess960, "k7/ppp5/8/8/8/8/5PPP/3R2KR w H - 0 1", 1, "d1d8"},
	{"960 queen", Chess960, "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", 1, "g1g7"},
	{"960 ladder", Chess960, "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1", 2, "b1b7"},
	{"960 queen and rook", Chess960, "5rk1/5ppp/8/8/8/8/1Q6/1K4R1 w - - 0 1", 1, "b2g7"},
	// shatranj (Fairy-Stockfish letters where it matters; a win is
	// checkmate, stalemate or bare king)
	{"shatranj rukh", Shatranj, "6k1/8/6K1/8/7p/8/8/R7 w - - 0 1", 1, "a1a8"},
	{"shatranj stalemate wins", Shatranj, "k7/2K5/8/4N3/8/7p/7P/8 w - - 0 1", 1, "e5c6"},
	{"shatranj bare king", Shatranj, "4k3/8/8/8/3p4/8/8/3RK2R w - - 0 1", 1, "d1d4"},
	{"shatranj black rukh", Shatranj, "r7/8/8/8/7P/6k1/8/6K1 b - - 0 1", 1, "a8a1"},
	{"shatranj ladder", Shatranj, "7k/8/8/8/8/4p3/R3P3/1R4K1 w - - 0 1", 2, "b1b7"},
	{"shatranj black ladder", Shatranj, "1r4k1/r3p3/4P3/8/8/8/8/7K b - - 0 1", 2, "b8b2"},
	// Ban-Chess (extended FEN, ply 2: White to move; ply 4: Black). A win
	// in N moves counts the winner's moves; its bans come in between.
	{"ban queen g7", BanChess, "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1 2", 1, "g1g7"},
	{"ban back rank", BanChess, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 2", 1, "a1a8"},
	{"ban one escape", BanChess, "7k/8/5K2/8/8/8/8/R7 w - - 0 1 2", 1, "a1a8"},
	{"ban black rook", BanChess, "r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1 4", 1, "a8a1"},
	{"ban queen cuts", BanChess, "4k3/8/8/8/8/8/8/RQ2K3 w - - 0 1 2", 2, "b1b7"},
	{"ban black queen cuts", BanChess, "rq2k3/8/8/8/8/8/8/4K3 b - - 0 1 4", 2, "b8b2"},
}

// plies is the length of a win in n moves of the side to act.
func (c mateCase) plies() int {
	if c.variant == BanChess {
		return 4*c.moves - 2 // move, ban, reply, ban, … move, ban
	}
	return 2*c.moves - 1
}

// depth is the depth at which the engine must find the win: its length,
// plus what late move reductions may take off the winner's actions before
// its last move, which must be searched at depth 1 or more (quiescence
// then sees the end, and in Ban-Chess finds the mating ban: every ban
// against a side in check). Nothing is reduced below depth 3, so a win in
// one move is searched at exactly its length. In a mate in 2 the first move
// may lose a ply (depth 4); in Ban-Chess the first move and ban may lose
// three together (a ply at depth 3 to 5, two from 6), hence depth 8.
func (c mateCase) depth() int {
	switch {
	case c.moves == 1:
		return c.plies()
	case c.variant == BanChess:
		return c.plies() + 2
	}
	return c.plies() + 1
}

// verify reports whether the UCI move first wins within the case's length
// (and, when exact, not faster from the root), by brute force.
func verifyWin(t *testing.T, c mateCase, first string) bool {
	t.Helper()
	switch c.variant {
	case Chess, Chess960:
		s, err := chess.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		p, err := chess.NewPosition(s)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseUCI(first)
		if err != nil {
			t.Fatalf("%s: %v", first, err)
		}
		root := int(p.Turn())
		p.Play(m)
		return winsWithin(bfChess, p, root, c.plies()-1)
	case Shatranj:
		p, err := shatranj.ParsePosition(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := shatranj.ParseMove(&p, first)
		if err != nil {
			t.Fatalf("%s: %v", first, err)
		}
		root := int(p.Turn())
		return winsWithin(bfShatranj, p.Play(m), root, c.plies()-1)
	case BanChess:
		p, err := banchess.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		root := int(p.Actor())
		if err := p.PlayText("m:" + first); err != nil {
			t.Fatalf("%s: %v", first, err)
		}
		return winsWithin(bfBan, p, root, c.plies()-1)
	}
	t.Fatalf("no solver for %s", c.variant)
	return false
}

// shorterWin reports whether the root wins in fewer moves than stated.
func shorterWin(t *testing.T, c mateCase) bool {
	if c.moves == 1 {
		return false
	}
	short := c
	short.moves--
	switch c.variant {
	case Chess, Chess960:
		s, _ := chess.ParseFEN(c.fen)
		p, _ := chess.NewPosition(s)
		return winsWithin(bfChess, p, int(p.Turn()), short.plies())
	case Shatranj:
		p, _ := shatranj.ParsePosition(c.fen)
		return winsWithin(bfShatranj, p, int(p.Turn()), short.plies())
	case BanChess:
		p, _ := banchess.ParseFEN(c.fen)
		return winsWithin(bfBan, p, int(p.Actor()), short.plies())
	}
	return false
}

// TestMates: for every case the known solution is checked by brute force,
// then the engine searching to the case's depth (the win's length where
// the search is full width to it) must announce the win in the stated
// number of moves and play a move the brute force confirms.
func TestMates(t *testing.T) {
	for _, c := range mateCases {
		t.Run(c.variant+"/"+c.name, func(t *testing.T) {
			if !verifyWin(t, c, c.solution) {
				t.Fatalf("known solution %s does not win in %d (brute force)", c.solution, c.moves)
			}
			if shorterWin(t, c) {
				t.Fatalf("a shorter win than %d exists (brute force)", c.moves)
			}
			e, err := newEngine(c.variant, Options{HashMB: 4})
			if err != nil {
				t.Fatal(err)
			}
			if err := e.SetPositionText(c.fen, nil); err != nil {
				t.Fatal(err)
			}
			r, err := e.Search(context.Background(), Limits{Depth: c.depth()}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if r.Score.Mate != c.moves {
				t.Errorf("score %v, want mate %d (pv %s)", r.Score, c.moves, strings.Join(r.PV, " "))
			}
			if !verifyWin(t, c, r.BestMove) {
				t.Errorf("engine's %s does not win in %d (brute force)", r.BestMove, c.moves)
			}
			// UCI's "go mate N": deep enough in every variant.
			e.NewGame()
			r, err = e.Search(context.Background(), Limits{Mate: c.moves}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if r.Score.Mate != c.moves || !verifyWin(t, c, r.BestMove) {
				t.Errorf("Limits{Mate: %d}: %s %v (pv %s)", c.moves, r.BestMove, r.Score, strings.Join(r.PV, " "))
			}
		})
	}
}

// TestMateCounts: a win in n moves takes matePlies(n) plies, which
// mateMoves counts back as n, in every variant and both Ban-Chess phases.
func TestMateCounts(t *testing.T) {
	banMove := &banGame{}
	if err := resetFEN(banMove, BanChess, "4k3/8/8/8/8/8/8/RQ2K3 w - - 0 1 2"); err != nil {
		t.Fatal(err)
	}
	banBan := &banGame{}
	if err := resetFEN(banBan, BanChess, ""); err != nil {
		t.Fatal(err)
	}
	for name, g := range map[string]interface {
		mateMoves(plies int) int
		matePlies(n int) int
	}{
		"chess": &chessGame{}, "shatranj": &shatranjGame{}, "draughts": newDraughtsGame(),
		"banchess move ply": banMove, "banchess ban ply": banBan,
	} {
		for n := 1; n <= 6; n++ {
			if got := g.mateMoves(g.matePlies(n)); got != n {
				t.Errorf("%s: a win of matePlies(%d) = %d plies counts %d moves", name, n, g.matePlies(n), got)
			}
		}
	}
}

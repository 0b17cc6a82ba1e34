package uci

import (
	"slices"
	"strings"
	"testing"
)

// perftMoves is the sorted move list of a "go perft 1" answer.
func perftMoves(lines []string) []string {
	var out []string
	for _, l := range lines {
		if m := perftLine.FindStringSubmatch(l); m != nil {
			out = append(out, m[1])
		}
	}
	slices.Sort(out)
	return out
}

// TestFSFAliasesAndChess960Forms: Fairy-Stockfish's UCI_Variant values
// normal and fischerandom select chess and Chess960, and UCI_Chess960 with
// capablanca plays caparandom, as Fairy-Stockfish c19b5f6 does: its "d"
// FEN of the position and its "go perft 1" moves (castling as king takes
// rook, f1a1 and f1j1). A game without a Chess960 form says so.
func TestFSFAliasesAndChess960Forms(t *testing.T) {
	h := start(t)
	h.send("uci")
	var combo []string
	for _, l := range h.expect("uciok") {
		if strings.HasPrefix(l, "option name UCI_Variant ") {
			combo = strings.Fields(l)
		}
	}
	for _, name := range []string{"normal", "fischerandom"} {
		if !slices.Contains(combo, name) {
			t.Errorf("UCI_Variant offers no %s", name)
		}
	}
	for _, tc := range []struct{ options, fen, want string }{
		{"setoption name UCI_Variant value normal", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "variant chess fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"setoption name UCI_Variant value fischerandom", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "variant chess960 fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"},
		{"setoption name UCI_Variant value capablanca\nsetoption name UCI_Chess960 value true", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1", "variant caparandom fen r4k3r/10/10/10/10/10/10/R4K3R w JAja - 0 1"},
	} {
		for _, l := range strings.Split(tc.options, "\n") {
			h.send(l)
		}
		h.send("position fen " + tc.fen)
		h.send("go perft 1")
		moves := perftMoves(h.expect("Nodes searched"))
		h.send("d")
		if got := h.expect("info string variant"); !strings.HasSuffix(got[len(got)-1], tc.want) {
			t.Errorf("%s: %q, want %q", tc.options, got[len(got)-1], tc.want)
		}
		if strings.Contains(tc.want, "caparandom") {
			want := []string{"a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1b1", "a1c1", "a1d1", "a1e1",
				"f1a1", "f1e1", "f1e2", "f1f2", "f1g1", "f1g2", "f1j1",
				"j1g1", "j1h1", "j1i1", "j1j2", "j1j3", "j1j4", "j1j5", "j1j6", "j1j7", "j1j8"} // Fairy-Stockfish's 28
			if !slices.Equal(moves, want) {
				t.Errorf("caparandom moves %v,\nwant %v", moves, want)
			}
		}
		h.send("setoption name UCI_Chess960 value false")
	}
	h.send("setoption name UCI_Variant value gothic")
	h.send("setoption name UCI_Chess960 value true")
	if got := h.expect("info string"); !strings.Contains(got[len(got)-1], "no Chess960 form of gothic") {
		t.Errorf("gothic with UCI_Chess960: %q", got[len(got)-1])
	}
}

// TestFSFChessEnPassant: "d" writes chess's en passant square as Fairy-
// Stockfish c19b5f6's "d" does, wherever a pawn of the side to move
// attacks it, even one pinned (FEN() keeps python-chess's convention, a
// square only where the capture is legal).
func TestFSFChessEnPassant(t *testing.T) {
	h := start(t)
	for _, tc := range []struct{ position, want string }{
		{"fen 4k3/2p5/8/K2P3r/8/8/8/8 b - - 0 1 moves c7c5", "4k3/8/8/K1pP3r/8/8/8/8 w - c6 0 2"}, // d5 pinned
		{"fen 4k3/8/8/K1pP3r/8/8/8/8 w - c6 0 2", "4k3/8/8/K1pP3r/8/8/8/8 w - c6 0 2"},            // the same, read
		{"fen 4k3/2p5/8/3P4/8/8/8/4K3 b - - 0 1 moves c7c5", "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2"},
		{"startpos moves e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}, // no pawn attacks e3
		{"fen 4k3/8/8/K1pP3r/8/8/8/8 w - c6 0 2 moves a5a4", "4k3/8/8/2pP3r/K7/8/8/8 b - - 1 2"},
	} {
		h.send("position " + tc.position)
		h.send("d")
		if got := h.expect("info string variant"); !strings.HasSuffix(got[len(got)-1], " fen "+tc.want) {
			t.Errorf("%s: %q, want %q", tc.position, got[len(got)-1], tc.want)
		}
	}
}

// TestCrazyhouseDrops: UCI_Variant crazyhouse plays a drop given in a
// position command (P@e6, as Fairy-Stockfish writes it), its "d" shows
// the hand as Fairy-Stockfish's does, and "go perft 1" lists Black's
// drops of the pawn it took as Fairy-Stockfish's does: on the 32 empty
// squares off the back ranks (e2 and d7 among them).
func TestCrazyhouseDrops(t *testing.T) {
	h := start(t)
	h.send("setoption name UCI_Variant value crazyhouse")
	h.send("position startpos moves e2e4 d7d5 e4d5 d8d5 P@e6")
	h.send("d")
	const want = "variant crazyhouse fen rnb1kbnr/ppp1pppp/4P3/3q4/8/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 0 3"
	if got := h.expect("info string variant"); !strings.HasSuffix(got[len(got)-1], want) {
		t.Errorf("d: %q, want %q", got[len(got)-1], want)
	}
	h.send("go perft 1")
	moves := perftMoves(h.expect("Nodes searched"))
	drops := 0
	for _, m := range moves {
		if strings.HasPrefix(m, "P@") {
			drops++
		}
	}
	if !slices.Contains(moves, "P@e2") || !slices.Contains(moves, "P@d7") || drops != 32 || len(moves) != 74 {
		t.Errorf("%d pawn drops in %v", drops, moves)
	}
}

package engine

import (
	"context"
	"slices"
	"testing"
	"time"
)

// TestClobberSearchEnds: in clobber every move takes a stone, so a
// quiescence search following every capture searched each line to the
// game's end and "go" never answered (issue 46). Where every move is a
// capture and captures are not compulsory, the quiescence search now
// stands pat: depth 6 of the start and of a position of random play
// completes within a bounded number of nodes and answers a legal move.
func TestClobberSearchEnds(t *testing.T) {
	for _, fen := range []string{
		"",
		"pP1pP/1ppp1/P1PP1/PPpp1/1p1PP/pPpPp w - - 0 5", // fsf-head/clobber.perft's clobber-random-1
	} {
		e := fastEngine(t, "clobber")
		if err := e.SetPositionText(fen, nil); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // a regression fails, not hangs
		r, _ := e.Search(ctx, Limits{Depth: 6}, nil)
		cancel()
		if r.Depth != 6 || r.Nodes > 1_000_000 {
			t.Errorf("%q: depth %d in %d nodes, want depth 6 within 1,000,000", fen, r.Depth, r.Nodes)
		}
		if !slices.Contains(e.LegalMoves(), r.BestMove) {
			t.Errorf("%q: best move %q is not legal", fen, r.BestMove)
		}
	}
}

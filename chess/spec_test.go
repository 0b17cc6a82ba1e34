package chess_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/internal/spectest"
	"github.com/baten-chess/baten/rules"
)

var specPositions = flag.Int("spec.positions", spectest.Positions(210_000),
	"positions the spec≡impl test compares (5000000 for the long run; a twentieth by default under -race)")

// specStart is a position to play random games from.
type specStart struct {
	name string
	fen  string
}

// specStarts: the classic start, every tricky.perft position and, per
// game, a random Chess960 start (fen "").
func specStarts(t *testing.T) []specStart {
	classic := chess.Startpos()
	starts := []specStart{{"classic", classic.FEN(chess.CastlingShredder)}, {"chess960", ""}}
	cases, err := perftdata.Load("chess/tricky.perft")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		starts = append(starts, specStart{"tricky-" + c.ID, c.FEN})
	}
	return starts
}

// fastMoves is the fast generator's move set in Chess960 UCI text, the
// form rules.Position.MoveText also uses (castling as king then rook).
func fastMoves(p *chess.Position) []string {
	var ml chess.MoveList
	p.LegalMoves(&ml)
	out := make([]string, 0, ml.Len())
	for _, m := range ml.Slice() {
		out = append(out, m.UCI(true))
	}
	slices.Sort(out)
	return out
}

// sameState compares what both sides must agree on after every move:
// placement, side to move, castling rights and the clocks. En passant is
// left out because the printers differ on purpose (the fast one prints the
// square only when a capture is legal); the move sets already compare it.
func sameState(fast *chess.Position, spec *rules.Position) (string, string, bool) {
	again, err := rules.ParseFEN(rules.Chess(), fast.FEN(chess.CastlingShredder))
	if err != nil {
		return fast.FEN(chess.CastlingShredder), err.Error(), false
	}
	a, b := strings.Fields(again.FEN()), strings.Fields(spec.FEN())
	a[3], b[3] = "", ""
	return again.FEN(), spec.FEN(), slices.Equal(a, b)
}

// Lemmas move_generation_complete and gen_captures_all_legal as spec ≡ impl:
// along seeded random games from the classic start, random Chess960 starts
// and every tricky.perft position, the bitboard generator and the reference
// generator of package rules produce the same set of legal moves, the same
// check and end-of-game verdict, and the same positions after each move.
func TestSpecEqualsImpl(t *testing.T) {
	starts := specStarts(t)
	spectest.Run(t, *specPositions, 0xba7e, func(rng *rand.Rand, i int) (int, error) {
		return specGame(rng, starts[i%len(starts)])
	})
}

// specGame plays one random game in both generators, comparing at every
// position, and returns the number of positions compared and the first
// disagreement.
func specGame(rng *rand.Rand, s specStart) (int, error) {
	fen := s.fen
	if fen == "" {
		start, _ := chess.Chess960Random(rng)
		fen = start.FEN(chess.CastlingShredder)
	}
	setup, err := chess.ParseFEN(fen)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", fen, err)
	}
	fast, err := chess.NewPosition(setup, chess.ImpossibleCheck)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", fen, err)
	}
	spec, err := rules.ParseFEN(rules.Chess(), fen)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", fen, err)
	}
	compared := 0
	for ply := 0; ply < 300; ply++ {
		compared++
		fm, sm := fastMoves(&fast), spectest.SpecMoves(spec)
		if !slices.Equal(fm, sm) {
			return compared, fmt.Errorf("%s (%s): fast %v\nspec %v", spec.FEN(), s.name, fm, sm)
		}
		if fast.InCheck() != spec.InCheck() {
			return compared, fmt.Errorf("%s: fast in check %v, spec %v", spec.FEN(), fast.InCheck(), spec.InCheck())
		}
		if len(fm) == 0 {
			o, over := spec.Outcome()
			if !over || (o.Reason == rules.Checkmate) != fast.InCheck() {
				return compared, fmt.Errorf("%s: spec outcome %+v %v, fast in check %v", spec.FEN(), o, over, fast.InCheck())
			}
			return compared, nil
		}
		move := fm[rng.IntN(len(fm))]
		m, err := fast.ParseUCI(move)
		if err != nil {
			return compared, fmt.Errorf("%s: fast cannot parse its own move %s: %w", spec.FEN(), move, err)
		}
		fast.Play(m)
		if spec, err = spec.PlayText(move); err != nil {
			return compared, err
		}
		if a, b, ok := sameState(&fast, spec); !ok {
			return compared, fmt.Errorf("after %s: fast %s, spec %s", move, a, b)
		}
	}
	return compared, nil
}

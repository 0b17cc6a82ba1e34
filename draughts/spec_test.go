package draughts

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/internal/spectest"
	"github.com/baten-chess/baten/rules"
)

var specPositions = flag.Int("spec.positions", spectest.Positions(200_000),
	"positions TestGenCapturesAllLegal compares with the reference generator (e.g. 5000000 for the long run; a twentieth by default under -race)")

// specNames maps each Square to its algebraic name through rules.Numbered,
// the reference's own PDN numbering, so that the comparison does not rest
// on this package's Coords.
var specNames = func() [NumSquares]string {
	var out [NumSquares]string
	for i, sq := range rules.Numbered(geom.Chess) {
		out[i] = sq.String()
	}
	return out
}()

// algebraic writes m as rules.Position.MoveText does: the from square and
// every landing square ("c5e3c1"), or from and to for a step.
func algebraic(m Move) string {
	var b strings.Builder
	b.WriteString(specNames[m.From()])
	if !m.IsCapture() {
		b.WriteString(specNames[m.To()])
	}
	for i := range m.Jumps() {
		b.WriteString(specNames[m.Landing(i)])
	}
	return b.String()
}

func fastTexts(p Position) []string {
	var ml MoveList
	p.LegalMoves(&ml)
	out := make([]string, 0, ml.Len())
	for _, m := range ml.Slice() {
		out = append(out, algebraic(m))
	}
	slices.Sort(out)
	return out
}

// specStarts are the positions random games start from: the start
// position and every position of both reference perft files.
func specStarts(t *testing.T) []string {
	starts := []string{Start().FEN()}
	for _, file := range []string{"english.perft", "edge-cases.perft"} {
		for _, c := range loadPerft(t, file) {
			starts = append(starts, c.FEN)
		}
	}
	return starts
}

// Lemma gen_captures_all_legal (and generator completeness) as spec ≡ impl:
// along seeded random games from the start and from every reference
// position, the bitboard generator and the reference generator of package
// rules give the same multiset of legal moves (every landing square
// compared, so duplicate paths count), the same end-of-game verdict, and the
// same position after every move, for at least -spec.positions positions.
func TestGenCapturesAllLegal(t *testing.T) {
	starts := specStarts(t)
	spectest.Run(t, *specPositions, 0xd7a9, func(rng *rand.Rand, i int) (int, error) {
		return specGame(rng, starts[i%len(starts)])
	})
}

// specGame plays one random game of at most 150 plies in both generators
// and returns the number of positions compared and the first disagreement.
func specGame(rng *rand.Rand, fen string) (int, error) {
	fast, err := FromFEN(fen)
	if err != nil {
		return 0, err
	}
	spec, err := rules.ParseFEN(rules.EnglishDraughts(), fen)
	if err != nil {
		return 0, fmt.Errorf("rules: %s: %w", fen, err)
	}
	for ply := 0; ; ply++ {
		got, want := fastTexts(fast), spectest.SpecMoves(spec)
		if !slices.Equal(got, want) {
			return ply + 1, fmt.Errorf("%s: moves\n got %v\nwant %v", fast.FEN(), got, want)
		}
		fo, fend := fast.Outcome()
		so, send := spec.Outcome()
		if fend != send || (fend && (fo.Winner != Color(so.Winner) || fo.Reason.String() != so.Reason.String())) {
			return ply + 1, fmt.Errorf("%s: outcome %v %+v, reference %v %+v", fast.FEN(), fend, fo, send, so)
		}
		if fend || ply == 150 {
			return ply + 1, nil
		}
		var ml MoveList
		fast.LegalMoves(&ml)
		m := ml.At(rng.IntN(ml.Len()))
		fast = fast.Play(m)
		if spec, err = spec.PlayText(algebraic(m)); err != nil {
			return ply + 1, fmt.Errorf("rules rejects %s (%s): %w", m, algebraic(m), err)
		}
		if fast.FEN() != spec.FEN() {
			return ply + 1, fmt.Errorf("after %s: %s, reference %s", m, fast.FEN(), spec.FEN())
		}
	}
}

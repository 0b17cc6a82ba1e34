package shatranj

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/internal/spectest"
	"github.com/baten-chess/baten/rules"
)

var specPositions = flag.Int("spec.positions", spectest.Positions(200000), "positions compared with package rules by TestGenCapturesAllLegal (a twentieth by default under -race)")

// specStarts lists the standard and alternative setups and every position
// of shatranj.perft, with the rules variant to read each.
func specStarts(t testing.TB) []string {
	starts := []string{StartFEN, AlternativeFEN}
	cases, err := perftdata.Load("shatranj/shatranj.perft")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		starts = append(starts, c.FEN)
	}
	return starts
}

// compare checks that p and the reference position r agree on the legal
// moves, check, the outcome and the FEN, and returns the legal move texts.
func compare(p *Position, r *rules.Position) ([]string, error) {
	want := spectest.SpecMoves(r)
	var ml MoveList
	p.LegalMoves(&ml)
	var got []string
	for _, m := range ml.Slice() {
		got = append(got, m.String())
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		return nil, fmt.Errorf("%s: moves %v, spec %v", p.FEN(), got, want)
	}
	if p.CountMoves() != len(want) || p.HasMoves() != (len(want) > 0) {
		return nil, fmt.Errorf("%s: CountMoves %d, spec %d", p.FEN(), p.CountMoves(), len(want))
	}
	if p.InCheck() != r.InCheck() {
		return nil, fmt.Errorf("%s: in check %v, spec %v", p.FEN(), p.InCheck(), r.InCheck())
	}
	if p.FEN() != r.FEN() {
		return nil, fmt.Errorf("FEN %s, spec %s", p.FEN(), r.FEN())
	}
	o, ended := p.Outcome()
	ro, rended := r.Outcome()
	reached[o.Reason].Add(1)
	if o.Reason == InsufficientMaterial {
		if rended || p.Occupied() != p.byType[Shah] {
			return nil, fmt.Errorf("%s: outcome %v, spec %v %v", p.FEN(), o, rended, ro)
		}
	} else {
		var want Outcome
		if rended {
			want = Outcome{Draw: ro.Draw, Winner: Color(ro.Winner), Reason: map[rules.Reason]Reason{
				rules.Checkmate: Checkmate, rules.Stalemate: Stalemate, rules.BareKing: BareKing}[ro.Reason]}
		}
		if ended != rended || o != want {
			return nil, fmt.Errorf("%s: outcome %v %v, spec %v %v", p.FEN(), ended, o, rended, ro)
		}
	}
	return want, nil
}

// reached counts the outcomes the spec test met, by reason.
var reached [16]atomic.Int64

// TestGenCapturesAllLegal is the spec ≡ impl lemma: over seeded random
// games from both setups and every shatranj.perft position, the generator
// lists exactly the reference legal moves, and agrees on check, outcome and
// the position after each move played.
func TestGenCapturesAllLegal(t *testing.T) {
	starts := specStarts(t)
	want := *specPositions
	if testing.Short() || race.Enabled {
		want = 20000
	}
	// Fixed end positions, so every verdict is compared even when the
	// random games miss one.
	for _, fen := range []string{
		"k7/2K5/1F6/7p/7P/8/8/8 b - - 0 1", "7K/5k2/6f1/8/8/p7/P7/8 w - - 0 1", // stalemates
		"3k4/8/3K4/8/8/8/8/R7 w - - 0 1", "R2k4/8/3K4/8/8/8/8/7a b - - 0 1", // mate in 1, mated
		"8/8/8/3k4/8/8/8/3K4 w - - 0 1", "8/8/8/3k4/3R4/8/8/3K4 b - - 0 1",
	} {
		p, err := ParsePosition(fen)
		if err != nil {
			t.Fatal(err)
		}
		r, err := rules.ParseFEN(rules.Shatranj(), fen)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := compare(&p, r); err != nil {
			t.Error(err)
		}
	}
	spectest.Run(t, want, 0x5ba7, func(rng *rand.Rand, i int) (int, error) {
		fen := starts[i%len(starts)]
		p, err := ParsePosition(fen)
		if err != nil {
			return 0, err
		}
		v := rules.Shatranj()
		if fen == AlternativeFEN {
			v = rules.ShatranjAlternative()
		}
		r, err := rules.ParseFEN(v, fen)
		if err != nil {
			return 0, err
		}
		n := 0
		for ply := 0; ply < 300; ply++ {
			moves, err := compare(&p, r)
			n++
			if err != nil {
				return n, err
			}
			if len(moves) == 0 || p.Occupied() == p.byType[Shah] {
				break // over, or a K v K draw that would only shuffle
			}
			text := moves[rng.IntN(len(moves))]
			// Prefer captures half of the time, to reach endgames.
			if rng.IntN(2) == 0 {
				for _, mt := range moves {
					m, _ := ParseMove(&p, mt)
					if p.PieceAt(m.To()) != NoPiece {
						text = mt
						break
					}
				}
			}
			m, err := ParseMove(&p, text)
			if err != nil {
				return n, err
			}
			if r, err = r.PlayText(text); err != nil {
				return n, err
			}
			p = p.Play(m)
		}
		return n, nil
	})
	for r := range reached {
		if n := reached[r].Load(); n > 0 {
			t.Logf("%v: %d positions", Reason(r), n)
		}
	}
	for _, r := range []Reason{Checkmate, Stalemate, BareKing, InsufficientMaterial} {
		if reached[r].Load() == 0 {
			t.Errorf("no position ended by %v was compared", r)
		}
	}
}

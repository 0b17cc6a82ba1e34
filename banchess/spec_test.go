package banchess

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

var specPositions = flag.Int("spec.positions", spectest.Positions(100_000),
	"Ban-Chess states the spec≡impl test compares (a twentieth by default under -race)")

// specStarts: the classic start, every chess/tricky.perft position and
// every banchess.perft position (with its ply and ban).
func specStarts(t *testing.T) []string {
	start := Startpos()
	starts := []string{start.FEN()}
	tricky, err := perftdata.Load("chess/tricky.perft")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range tricky {
		starts = append(starts, c.FEN)
	}
	bans, err := perftdata.Load("banchess/banchess.perft")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range bans {
		starts = append(starts, c.FEN)
	}
	return starts
}

// specStart reads a 7-field extended FEN, or a 6-field chess FEN as a ban
// phase with no ban.
func specStart(fen string) (Position, error) {
	if len(strings.Fields(fen)) == 7 {
		return ParseFEN(fen)
	}
	setup, err := chess.ParseFEN(fen)
	if err != nil {
		return Position{}, err
	}
	cp, err := chess.NewPosition(setup, chess.ImpossibleCheck)
	if err != nil {
		return Position{}, err
	}
	return NewPosition(cp, chess.ImpossibleCheck)
}

// Lemma ban_actions = spec moves − ban: along seeded random Ban-Chess
// games, the legal actions equal, in a ban phase, the distinct from/to
// pairs (castling: king → king destination) of the reference generator's
// moves of the side to move, and in a move phase the reference moves
// minus those with the banned pair; the mate/stalemate verdict agrees with
// the reference's check verdict, and the positions stay equal.
func TestSpecEqualsImpl(t *testing.T) {
	starts := specStarts(t)
	spectest.Run(t, *specPositions, 0xba4, func(rng *rand.Rand, i int) (int, error) {
		return specGame(rng, starts[i%len(starts)])
	})
}

// specPair is the ban pair of the reference move text (Chess960 UCI,
// castling as king square + rook square), using the placement (equal in
// both generators) to recognise castling: a king onto its own rook.
func specPair(p *chess.Position, text string) string {
	from, _ := chess.ParseSquare(text[0:2])
	to, _ := chess.ParseSquare(text[2:4])
	k, r := p.PieceAt(from), p.PieceAt(to)
	if k.Role() == chess.King && r.Role() == chess.Rook && k.Color() == r.Color() {
		file := 2
		if to > from {
			file = 6
		}
		to = from&^7 | chess.Square(file)
	}
	return from.String() + to.String()
}

func specGame(rng *rand.Rand, fen string) (int, error) {
	p, err := specStart(fen)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", fen, err)
	}
	cp := p.Chess()
	spec, err := rules.ParseFEN(rules.Chess(), cp.FEN(chess.CastlingShredder))
	if err != nil {
		return 0, fmt.Errorf("%s: %w", fen, err)
	}
	compared := 0
	var l ActionList
	for range 300 {
		compared++
		cp = p.Chess()
		var want []string
		seen := map[string]bool{}
		ban, banned := p.CurrentBan()
		for _, m := range spec.LegalMoves() {
			text := spec.MoveText(m)
			pair := specPair(&cp, text)
			switch {
			case p.Phase() == BanPhase && !seen[pair]:
				seen[pair] = true
				want = append(want, "b:"+pair)
			case p.Phase() == MovePhase && !(banned && pair == ban.String()):
				want = append(want, "m:"+text)
			}
		}
		slices.Sort(want)
		p.LegalActions(&l)
		var got []string
		for _, a := range l.Slice() {
			got = append(got, a.String())
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			return compared, fmt.Errorf("%s: impl %v\nspec %v", p.FEN(), got, want)
		}
		if p.InCheck() != spec.InCheck() {
			return compared, fmt.Errorf("%s: impl in check %v, spec %v", p.FEN(), p.InCheck(), spec.InCheck())
		}
		o, over := p.Outcome()
		if len(got) == 0 {
			wantReason := Stalemate
			if spec.InCheck() {
				wantReason = Checkmate
			}
			if !over || o.Reason != wantReason {
				return compared, fmt.Errorf("%s: no action but outcome %v (over %v)", p.FEN(), o, over)
			}
			return compared, nil
		}
		if over && o.Reason != InsufficientMaterial {
			return compared, fmt.Errorf("%s: actions %v but outcome %v", p.FEN(), got, o)
		}
		a := l.At(rng.IntN(l.Len()))
		if err := p.Play(a); err != nil {
			return compared, fmt.Errorf("%s: Play(%v): %w", p.FEN(), a, err)
		}
		if !a.IsBan() {
			spec, err = spec.PlayText(a.Move().UCI(true))
			if err != nil {
				return compared, err
			}
			cp = p.Chess()
			again, err := rules.ParseFEN(rules.Chess(), cp.FEN(chess.CastlingShredder))
			if err != nil {
				return compared, err
			}
			x, y := strings.Fields(again.FEN()), strings.Fields(spec.FEN())
			x[3], y[3] = "", ""
			if !slices.Equal(x, y) {
				return compared, fmt.Errorf("after %v: impl %s, spec %s", a, again.FEN(), spec.FEN())
			}
		}
	}
	return compared, nil
}

package shatranj

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	bb "github.com/baten-chess/baten/internal/bitboard"
)

// TestAlfilColorBound checks, exhaustively over the 64 squares, that the
// Alfil table gives 2–4 targets, each exactly two files and two ranks away
// and of the same colour, and that the closure from any square (the
// squares an Alfil can ever reach) has exactly 8 squares, all of its colour.
func TestAlfilColorBound(t *testing.T) {
	classes := map[Bitboard]int{}
	for s := Square(0); s < 64; s++ {
		a := AlfilAttacks(s)
		if n := a.Count(); n < 1 || n > 4 {
			t.Errorf("%v: %d alfil targets", s, n)
		}
		for b := a; b != 0; {
			d := b.PopLSB()
			df, dr := d.File()-s.File(), d.Rank()-s.Rank()
			if df*df != 4 || dr*dr != 4 {
				t.Errorf("%v→%v is not a 2-diagonal leap", s, d)
			}
			if bb.DarkSquares.Has(d) != bb.DarkSquares.Has(s) {
				t.Errorf("%v→%v changes colour", s, d)
			}
		}
		reach := s.Bit()
		for {
			next := reach
			for b := reach; b != 0; {
				next |= AlfilAttacks(b.PopLSB())
			}
			if next == reach {
				break
			}
			reach = next
		}
		if reach.Count() != 8 {
			t.Errorf("%v: alfil reaches %d squares, want 8", s, reach.Count())
		}
		classes[reach]++
		if alfilSet(s.Bit()) != AlfilAttacks(s) || ferzSet(s.Bit()) != FerzAttacks(s) ||
			farasSet(s.Bit()) != bb.KnightAttacks(s) || pawnSet(White, s.Bit()) != BaidaqAttacks(White, s) ||
			pawnSet(Black, s.Bit()) != BaidaqAttacks(Black, s) {
			t.Errorf("%v: set-wise attacks differ from the tables", s)
		}
	}
	if len(classes) != 8 {
		t.Errorf("%d alfil classes, want 8", len(classes))
	}
	for c, n := range classes {
		if n != 8 {
			t.Errorf("class %x has %d squares, want 8", uint64(c), n)
		}
	}
}

// TestFENRoundtrip reads and prints every position of random games (and
// the reference positions) in both letter sets and both field forms.
func TestFENRoundtrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i, fen := range specStarts(t) {
		p, err := ParsePosition(fen)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 200; ply++ {
			for _, l := range []Letters{Native, FSF} {
				text := p.FENLetters(l)
				q, err := ParsePosition(text)
				if err != nil || q != p {
					t.Fatalf("game %d: %s does not round-trip: %v", i, text, err)
				}
				s, _ := NewPosition(p.Setup())
				if s != p {
					t.Fatalf("Setup round trip of %s", text)
				}
			}
			var ml MoveList
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			p = p.Play(ml.At(rng.IntN(ml.Len())))
		}
	}
	p, err := ParsePosition("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - -")
	if err != nil || p != StartPosition() {
		t.Errorf("4-field FSF start: %v", err)
	}
	if got := p.FENLetters(FSF); got != "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1" {
		t.Errorf("FSF FEN %s", got)
	}
}

func TestParseFENErrors(t *testing.T) {
	bad := map[string]string{
		"":                               "fen",
		"8/8/8/8/8/8/8/8 w - - 0":        "fen",
		"8/8/8/8/8/8/8 w - - 0 1":        "placement",
		"9/8/8/8/8/8/8/8 w - - 0 1":      "placement",
		"7x/8/8/8/8/8/8/8 w - - 0 1":     "placement",
		"4k3/8/8/8/8/8/8/4K3 x - - 0 1":  "turn",
		"4k3/8/8/8/8/8/8/4K3 w KQ - 0 1": "castling",
		"4k3/8/8/8/8/8/8/4K3 w - e3 0 1": "en passant",
		"4k3/8/8/8/8/8/8/4K3 w - - -1 1": "halfmove",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 0":  "fullmove",
	}
	for fen, field := range bad {
		_, err := ParseFEN(fen)
		var fe *FENError
		if !errors.As(err, &fe) || fe.Field != field || !errors.Is(err, ErrFEN) {
			t.Errorf("%q: %v, want a %s error", fen, err, field)
		}
	}
	for fen, msg := range map[string]string{
		"nonsense":                   `shatranj: invalid FEN "nonsense": 1 fields, want 4 or 6`,
		"7x/8/8/8/8/8/8/8 w - - 0 1": `shatranj: invalid FEN placement field "7x": unknown piece letter 'x'`,
	} {
		if _, err := ParseFEN(fen); err == nil || err.Error() != msg {
			t.Errorf("%q: error %v, want %s", fen, err, msg)
		}
	}
	probs := map[string]ProblemKind{
		"8/8/8/8/8/8/8/4K3 w - - 0 1":             ShahCount,
		"4k3/8/8/8/8/8/8/3KK3 w - - 0 1":          ShahCount,
		"P3k3/8/8/8/8/8/8/4K3 w - - 0 1":          BaidaqOnLastRank,
		"4k3/8/8/8/8/8/8/p3K3 w - - 0 1":          BaidaqOnLastRank,
		"4k3/8/8/8/8/8/PPPPPPPP/PPPPK3 w - - 0 1": TooManyPieces,
		"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1":         OppositeCheck,
		"3k4/8/8/8/8/8/8/3K4 w - - 3 1":           0,
	}
	for fen, kind := range probs {
		_, err := ParsePosition(fen)
		var se *SetupError
		if kind == 0 {
			if err != nil {
				t.Errorf("%q: %v", fen, err)
			}
			continue
		}
		if !errors.As(err, &se) || !se.Has(kind) {
			t.Errorf("%q: %v, want %v", fen, err, kind)
		}
	}
	if _, err := NewPosition(Setup{Fullmove: 0, Halfmove: -1}); err == nil {
		t.Error("empty setup accepted")
	} else if se := err.(*SetupError); !se.Has(BadCounters) || !se.Has(ShahCount) {
		t.Errorf("empty setup: %v, want every problem listed", err)
	}
}

// TestSetupMaterial: NewPosition accepts only material the initial array
// and promotion (Baidaq to Ferz) can give, lists every excess, and gives a
// typed error, not a panic, for what would overflow the move list.
func TestSetupMaterial(t *testing.T) {
	cases := []struct {
		name, fen string
		problems  int // TooManyPieces problems; 0: accepted
	}{
		{"eleven rukhs", "R5R1/1R5R/4R3/n1R5/k3NK2/N2RNN2/1R5R/R5R1 w - - 0 1", 2}, // rukhs, farasan
		{"three rukhs", "3k4/8/8/8/8/8/8/RRRK4 w - - 0 1", 1},
		{"three farasan", "3k4/8/8/8/8/8/8/NNNK4 w - - 0 1", 1},
		{"three alfils, black", "aaak4/8/8/8/8/8/8/3K4 w - - 0 1", 1},
		{"three rukhs and farasan, no shah", "3k4/8/8/8/8/8/8/RRRNNNAA w - - 0 1", 2}, // and ShahCount
		{"nine baidaqs", "3k4/8/8/8/8/1P6/PPPPPPPP/3K4 w - - 0 1", 1},
		{"eight baidaqs and a promoted ferz", "3k4/8/8/8/8/8/PPPPPPPP/2FKF3 w - - 0 1", 1},
		{"seven baidaqs and a promoted ferz", "3k4/8/8/8/8/8/PPPPPPP1/2FKF3 w - - 0 1", -1},
		{"nine ferzes", "3k4/8/8/8/8/1F6/FFFFFFFF/3K4 w - - 0 1", -1},
		{"ten ferzes", "3k4/8/8/8/8/FF6/FFFFFFFF/3K4 w - - 0 1", 1},
		{"full promoted army", "rnaffanr/fffffffk/8/8/8/8/FFFFFFFK/RNAFFANR w - - 0 1", -1},
		{"both sides", "rrrk4/8/8/8/8/8/8/RRRK4 w - - 0 1", 2},
	}
	for _, c := range cases {
		p, err := ParsePosition(c.fen)
		if c.problems < 0 {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
				continue
			}
			var ml MoveList
			p.LegalMoves(&ml)
			if ml.Len() > maxMoves || p.CountMoves() != ml.Len() {
				t.Errorf("%s: %d moves", c.name, ml.Len())
			}
			continue
		}
		var se *SetupError
		if !errors.As(err, &se) {
			t.Errorf("%s: %v, want a *SetupError", c.name, err)
			continue
		}
		n := 0
		for _, pr := range se.Problems {
			if pr.Kind == TooManyPieces {
				n++
			}
		}
		if n != c.problems {
			t.Errorf("%s: %d too-many-pieces problems, want %d: %v", c.name, n, c.problems, err)
		}
	}
	_, err := ParsePosition("R5R1/1R5R/4R3/n1R5/k3NK2/N2RNN2/1R5R/R5R1 w - - 0 1")
	if want := "shatranj: invalid position: white has 11 rukhs, at most 2 (only a baidaq promotes, and only to a ferz); " +
		"white has 4 farasan, at most 2 (only a baidaq promotes, and only to a ferz)"; err == nil || err.Error() != want {
		t.Errorf("eleven rukhs: %v\nwant %s", err, want)
	}
}

// TestMaxMoves: the largest material NewPosition accepts, placed at
// random and then moved piece by piece towards the most legal moves (a
// hill climb), never has more legal moves than maxMoves (the bound its
// comment proves), and CountMoves agrees with the list.
func TestMaxMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	armies := []string{"RRNNAAFFFFFFFFF", "RRNNAAFPPPPPPPP", "RRNNAAFFFFFPPPP"}
	count := func(s Setup) (int, bool) {
		p, err := NewPosition(s)
		if err != nil {
			return 0, false // a Baidaq on its last rank, or Black in check
		}
		var ml MoveList
		p.LegalMoves(&ml)
		if n := p.CountMoves(); n != ml.Len() || n > maxMoves {
			t.Fatalf("%s: %d moves (listed %d), bound %d", p.FEN(), n, ml.Len(), maxMoves)
		}
		return ml.Len(), true
	}
	most := 0
	for i := range 60 {
		// Black's Alfil keeps White from having won by bare king.
		n, _, _ := climb(rng, "K"+armies[i%len(armies)], "KA", 2000, count)
		most = max(most, n)
	}
	t.Logf("at most %d moves found (bound %d)", most, maxMoves)
}

// climb places white's and black's men (piece letters) at random, then
// moves one man at a time to a random empty square, keeping each placement
// whose score, when it has one, does not drop (a hill climb). It returns
// the last score and its setup; ok is false if no placement had a score.
func climb(rng *rand.Rand, white, black string, steps int, score func(Setup) (int, bool)) (n int, s Setup, ok bool) {
	empty := func(s *Setup) Square {
		for {
			if sq := Square(rng.IntN(64)); s.Board[sq] == NoPiece {
				return sq
			}
		}
	}
	s.Fullmove = 1
	for c, men := range [2]string{white, black} {
		for _, l := range men {
			pt, _ := typeFromLetter(byte(l))
			s.Board[empty(&s)] = MakePiece(Color(c), pt)
		}
	}
	n, ok = score(s)
	for range steps {
		next := s
		from := Square(rng.IntN(64))
		if next.Board[from] == NoPiece {
			continue
		}
		to := empty(&next)
		next.Board[to], next.Board[from] = next.Board[from], NoPiece
		if m, valid := score(next); valid && (!ok || m >= n) {
			s, n, ok = next, m, true
		}
	}
	return n, s, ok
}

func TestAllocs(t *testing.T) {
	p := StartPosition()
	var ml MoveList
	if n := testing.AllocsPerRun(100, func() {
		p.LegalMoves(&ml)
		q := p.Play(ml.At(0))
		_ = q.InCheck()
		_, _ = q.Outcome()
		_ = q.Key()
	}); n != 0 {
		t.Errorf("LegalMoves/Play/Outcome allocate %v times", n)
	}
	if n := testing.AllocsPerRun(10, func() { p.Perft(3) }); n != 0 {
		t.Errorf("Perft allocates %v times", n)
	}
	if n := testing.AllocsPerRun(10, func() { p.PerftNoBulk(2) }); n != 0 {
		t.Errorf("PerftNoBulk allocates %v times", n)
	}
}

func TestDivideAndParallel(t *testing.T) {
	p := StartPosition()
	var sum uint64
	for _, d := range p.Divide(4) {
		sum += d.Nodes
	}
	if sum != 68122 {
		t.Errorf("Divide(4) sums to %d", sum)
	}
	n, err := p.PerftParallel(context.Background(), 5, 2)
	if err != nil || n != 1164248 {
		t.Errorf("PerftParallel(5) = %d, %v", n, err)
	}
	for d := range 5 {
		if n, err := p.PerftParallel(context.Background(), d, 2); err != nil || n != p.Perft(d) {
			t.Errorf("PerftParallel(%d) = %d, %v; want %d", d, n, err, p.Perft(d))
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.PerftParallel(ctx, 6, 2); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled PerftParallel: %v", err)
	}
}

// TestPerftParallelCancel: PerftParallel stops promptly when its context
// ends mid-count (perft 9, hundreds of billions of nodes), also under the
// race detector: within a second here, a few milliseconds when measured.
func TestPerftParallelCancel(t *testing.T) {
	p := StartPosition()
	for _, workers := range []int{1, 2} {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		_, err := p.PerftParallel(ctx, 9, workers)
		deadline, _ := ctx.Deadline()
		late := time.Since(deadline)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("%d workers: err = %v, want context.DeadlineExceeded", workers, err)
		}
		t.Logf("%d workers: returned %v after the deadline", workers, late)
		if late > time.Second {
			t.Errorf("%d workers: returned %v after the deadline, want at most 1s", workers, late)
		}
	}
}

func TestParseMove(t *testing.T) {
	p := StartPosition()
	if m, err := ParseMove(&p, "e2e3"); err != nil || m.String() != "e2e3" {
		t.Errorf("e2e3: %v %v", m, err)
	}
	for text, want := range map[string]error{"e2e4": ErrIllegalMove, "e2": ErrSyntax, "i2i3": ErrSyntax, "e2e3q": ErrIllegalMove} {
		if _, err := ParseMove(&p, text); !errors.Is(err, want) {
			t.Errorf("%s: %v, want %v", text, err, want)
		}
	}
	q, _ := ParsePosition("4k2r/1P6/8/8/8/8/8/4K3 w - - 0 1")
	for _, text := range []string{"b7b8", "b7b8f", "b7b8q"} {
		m, err := ParseMove(&q, text)
		if err != nil || m.String() != "b7b8" {
			t.Errorf("%s: %v %v", text, m, err)
		}
		if r := q.Play(m); r.PieceAt(m.To()) != MakePiece(White, Ferz) {
			t.Errorf("%s does not promote to a ferz", text)
		}
	}
}

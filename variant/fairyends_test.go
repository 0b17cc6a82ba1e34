package variant_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// endsFile sets every end-of-game key the loader reads, once each.
const endsFile = `
[nocheck:chess]
checking = false
checkmateValue = win
stalemateValue = win

[shat:chess]
bareKingValue = loss
bareKingMove = true

[barewin:chess]
bareKingValue = win

[overridden:chess]
bareKingValue = loss
extinctionPieceCount = 0
extinctionPieceTypes = q

[kingless:chess]
king = -
commoner = k
castling = false
extinctionValue = draw
extinctionPieceTypes = k*
extinctionPieceCount = 0
extinctionOpponentPieceCount = 1
extinctionClaim = true
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1

[region:chess]
enPassantRegion = *3 e6 F6 - g6

[twofold:chess]
nFoldRule = 2
nFoldValue = win

[absolute:chess]
nFoldRule = 5
nFoldValue = loss
nFoldValueAbsolute = true

[norepetition:chess]
nFoldRule = 0

[explicit:chess]
nFoldRule = 3
nFoldValue = draw

[child:nocheck]
enPassantRegion = -
`

func loadEnds(t *testing.T) map[string]*variant.Variant {
	t.Helper()
	vs, err := variant.LoadINI(strings.NewReader(endsFile), "ends.ini", variant.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	return byName(vs) // per-colour rules: shared with loadColours
}

// TestLoadINIEndKeys: each key sets the rule Fairy-Stockfish gives it.
func TestLoadINIEndKeys(t *testing.T) {
	vs := loadEnds(t)
	nc := vs["nocheck"].Rules()
	if !nc.NoChecking || nc.CheckmateValue != rules.ValueWin || nc.NoMoves != rules.NoMovesWins {
		t.Errorf("nocheck: NoChecking %v, CheckmateValue %v, NoMoves %v", nc.NoChecking, nc.CheckmateValue, nc.NoMoves)
	}
	if c := vs["child"].Rules(); !c.NoChecking || c.CheckmateValue != rules.ValueWin || c.EnPassantRegion == nil || len(c.EnPassantRegion) != 0 {
		t.Errorf("child of nocheck: NoChecking %v, CheckmateValue %v, region %v", c.NoChecking, c.CheckmateValue, c.EnPassantRegion)
	}
	// The pre-11 bare-king keys are the shatranj extinction rule.
	if r := vs["shat"].Rules(); !r.BareKing || r.Extinction != nil {
		t.Errorf("bareKingValue = loss, bareKingMove = true: BareKing %v, Extinction %+v", r.BareKing, r.Extinction)
	}
	want := rules.ExtinctionRule{Value: rules.ValueWin, All: true, Count: 1, OpponentCount: 2}
	if e := vs["barewin"].Rules().Extinction; e == nil || *e != want {
		t.Errorf("bareKingValue = win: %+v, want %+v", e, want)
	}
	want = rules.ExtinctionRule{Value: rules.ValueLoss, Kinds: "Q", Count: 0, OpponentCount: 2}
	if e := vs["overridden"].Rules().Extinction; e == nil || *e != want {
		t.Errorf("extinction keys after bareKingValue: %+v, want %+v", e, want)
	}
	kl := vs["kingless"].Rules()
	want = rules.ExtinctionRule{Value: rules.ValueDraw, Kinds: "K", All: true, Count: 0, OpponentCount: 1, Claim: true}
	if e := kl.Extinction; e == nil || *e != want {
		t.Errorf("kingless: %+v, want %+v", e, want)
	}
	if slices.ContainsFunc(kl.Pieces, func(k rules.PieceKind) bool { return k.Royal }) {
		t.Error("kingless has a royal piece")
	}
	// Region: the third rank, e6 and f6 (a capital file as Fairy-Stockfish
	// reads it); "-" ends the list.
	reg := vs["region"].Rules()
	for sq, in := range map[string]bool{"a3": true, "h3": true, "e6": true, "f6": true, "g6": false, "d6": false, "e4": false} {
		s, _ := geom.Chess.Parse(sq)
		if reg.EnPassantOn(s) != in {
			t.Errorf("region: %s in it %v, want %v", sq, !in, in)
		}
	}
	if vs["nocheck"].Rules().EnPassantRegion != nil {
		t.Error("without enPassantRegion the region is not everywhere")
	}
	for name, want := range map[string]*variant.RepetitionRule{
		"twofold":      {Count: 2, Value: 1},
		"absolute":     {Count: 5, Value: -1, Absolute: true},
		"norepetition": {Count: 0},
		"explicit":     nil,
		"nocheck":      nil,
	} {
		got := vs[name].Repetition
		if (got == nil) != (want == nil) || got != nil && *got != *want {
			t.Errorf("%s: Repetition %+v, want %+v", name, got, want)
		}
	}
}

// TestEndsOutcome: the registry positions of file games end as the keys
// say, with their reasons: checkmate and stalemate won by the side that
// cannot move, extinction with its value, and no move that gives check.
func TestEndsOutcome(t *testing.T) {
	vs := loadEnds(t)
	for _, tc := range []struct {
		game, fen string
		want      variant.Outcome
	}{
		// Fool's mate: White is mated, and wins.
		{"nocheck", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
			variant.Outcome{Winner: variant.White, Reason: variant.Checkmate}},
		{"nocheck", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", variant.Outcome{Winner: variant.Black, Reason: variant.Stalemate}},
		// Black bare against king and two rooks: the shatranj rule (against
		// one rook Black, to move, might still take it).
		{"shat", "4k3/8/8/8/8/8/RR6/4K3 b - - 0 1", variant.Outcome{Winner: variant.White, Reason: variant.BareKing}},
		{"barewin", "4k3/8/8/8/8/8/R7/4K3 b - - 0 1", variant.Outcome{Winner: variant.Black, Reason: variant.Extinction}},
		// No black commoner: extinct, a draw (examined before White's
		// missing pieces, as the side that has just moved).
		{"kingless", "8/8/8/8/8/8/8/R3K3 w - - 0 1", variant.Outcome{Draw: true, Reason: variant.Extinction}},
		// No black queen while White has two (the opponent count of
		// bareKingValue stands).
		{"overridden", "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKQNR w KQkq - 0 1", variant.Outcome{Winner: variant.White, Reason: variant.Extinction}},
	} {
		p, err := vs[tc.game].FromFEN(tc.fen)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.game, tc.fen, err)
		}
		o, over := p.Outcome()
		if !over || o != tc.want {
			t.Errorf("%s %s: %v (over %v), want %v", tc.game, tc.fen, o, over, tc.want)
		}
		if len(p.Legal()) != 0 {
			t.Errorf("%s %s: moves in a decided position", tc.game, tc.fen)
		}
	}
	p, err := vs["nocheck"].FromFEN("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Parse("Ra8"); err == nil {
		t.Error("Ra8 gives check and was read as legal")
	}
	if _, err := p.Parse("Ra7"); err != nil {
		t.Errorf("Ra7: %v", err)
	}
}

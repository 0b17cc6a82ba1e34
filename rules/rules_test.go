package rules

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func mustFEN(t *testing.T, v *Variant, fen string) *Position {
	t.Helper()
	p, err := ParseFEN(v, fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

func moveTexts(p *Position) []string {
	var out []string
	for _, m := range p.LegalMoves() {
		out = append(out, p.MoveText(m))
	}
	return out
}

// Castling is generalised: each row names a position and a castling move
// (king square + rook square) that must or must not be legal.
func TestCastling(t *testing.T) {
	tests := []struct {
		name, fen, move string
		legal           bool
	}{
		{"classic kingside", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1h1", true},
		{"classic queenside", "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1a1", true},
		{"blocked by a knight", "4k3/8/8/8/8/8/8/4K1NR w K - 0 1", "e1h1", false},
		{"b-file blocker matters for long castling", "4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1", "e1a1", false},
		{"in check", "4k3/8/8/8/8/8/4r3/4K2R w K - 0 1", "e1h1", false},
		{"passes an attacked square", "4k3/8/8/8/8/8/5r2/4K2R w K - 0 1", "e1h1", false},
		{"lands on an attacked square", "4k3/8/8/8/8/8/6r1/4K2R w K - 0 1", "e1h1", false},
		{"castling rook attacked is fine", "4k3/8/8/8/8/8/7r/4K2R w K - 0 1", "e1h1", true},
		{"b1 attacked is fine for long castling", "4k3/8/8/8/8/8/1r6/R3K3 w Q - 0 1", "e1a1", true},
		{"no right", "4k3/8/8/8/8/8/8/4K2R w - - 0 1", "e1h1", false},
		{"960 king already on g1", "6k1/8/8/8/8/8/8/1R4KR w HB - 0 1", "g1h1", true},
		{"960 rook already on f1", "4k3/8/8/8/8/8/8/4KR2 w F - 0 1", "e1f1", true},
		{"960 king and rook swap", "k7/8/8/8/8/8/8/5KR1 w G - 0 1", "f1g1", true},
		{"960 king crosses its rook", "4k3/8/8/8/8/8/8/1KR5 w C - 0 1", "b1c1", true},
		{"960 rook uncovers a back-rank attack", "7k/8/8/8/8/8/8/qRK5 w B - 0 1", "c1b1", false},
		{"960 king stays, rook path blocked", "6k1/8/8/8/8/8/8/1R3NKR w HB - 0 1", "g1h1", false},
		{"960 a-side, king to c1 over the rook's start", "4k3/8/8/8/8/8/8/2RK4 w C - 0 1", "d1c1", true},
		{"black 960", "1r4kr/8/8/8/8/8/8/6K1 b hb - 0 1", "g8h8", true},
		{"capablanca kingside to i1", "5k4/10/10/10/10/10/10/5K3R w K - 0 1", "f1j1", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Chess()
			if strings.Contains(tt.name, "capablanca") {
				v = Capablanca()
			}
			p := mustFEN(t, v, tt.fen)
			if got := slices.Contains(moveTexts(p), tt.move); got != tt.legal {
				t.Fatalf("%s: %s legal=%v, want %v (moves %v)", tt.fen, tt.move, got, tt.legal, moveTexts(p))
			}
		})
	}
}

func TestCastlingResult(t *testing.T) {
	p := mustFEN(t, Chess(), "k7/8/8/8/8/8/8/5KR1 w G - 0 1")
	q, err := p.PlayText("f1g1")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := q.FEN(), "k7/8/8/8/8/8/8/5RK1 b - - 1 1"; got != want {
		t.Fatalf("after swapping castling: %s, want %s", got, want)
	}
}

func TestEnPassant(t *testing.T) {
	p := mustFEN(t, Chess(), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2")
	q, err := p.PlayText("e5d6")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := q.FEN(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2"; got != want {
		t.Fatalf("after en passant: %s, want %s", got, want)
	}
	// The capture would expose the king along the fifth rank.
	pinned := mustFEN(t, Chess(), "8/8/8/KPp4r/8/8/8/7k w - c6 0 2")
	if slices.Contains(moveTexts(pinned), "b5c6") {
		t.Fatal("en passant that uncovers a rook check is legal")
	}
	// A double step sets the square; any other move clears it.
	start, _ := Start(Chess())
	after, _ := start.PlayText("e2e4")
	if sq, ok := after.EnPassant(); !ok || sq.String() != "e3" {
		t.Fatalf("after e2e4 en passant square %v %v", sq, ok)
	}
	after, _ = after.PlayText("g8f6")
	if _, ok := after.EnPassant(); ok {
		t.Fatal("en passant square outlived a move")
	}
}

func TestPromotion(t *testing.T) {
	chess := mustFEN(t, Chess(), "8/P7/8/8/8/8/8/k6K w - - 0 1")
	want := []string{"a7a8q", "a7a8r", "a7a8b", "a7a8n"}
	for _, m := range want {
		if !slices.Contains(moveTexts(chess), m) {
			t.Errorf("chess promotion %s missing from %v", m, moveTexts(chess))
		}
	}
	if slices.Contains(moveTexts(chess), "a7a8") {
		t.Error("chess promotion is optional")
	}
	// One choice only, so the move text needs no suffix.
	shatranj := mustFEN(t, Shatranj(), "8/P7/8/8/8/8/p7/k6K w - - 0 1")
	promoted, err := shatranj.PlayText("a7a8")
	if err != nil {
		t.Fatalf("%v (moves %v)", err, moveTexts(shatranj))
	}
	if got := promoted.FEN(); got != "F7/8/8/8/8/8/p7/k6K b - - 0 1" {
		t.Errorf("baidaq promotes only to a ferz: %s", got)
	}
}

func TestDraughtsRules(t *testing.T) {
	tests := []struct {
		name, fen string
		moves     []string
	}{
		// man_cannot_step_backward: White's man on 18 (d4) goes up only.
		{"men step forward", "W:W18:B1", []string{"d4c5", "d4e5"}},
		// king_nonflying: one square in each direction, no further.
		{"kings step one square", "W:WK18:B1", []string{"d4c3", "d4e3", "d4c5", "d4e5"}},
		// mandatory_capture_blocks_steps: 14 (c5) must jump 18.
		{"capture is mandatory", "B:W18:B14,1", []string{"c5e3"}},
		// legal_requires_maximal_chain: the jump must go on over 26.
		{"chains continue", "B:W18,26:B14", []string{"c5e3c1"}},
		// promotion_ends_chain: crowned on 31 (e1), the new king may not jump 27.
		{"crowning ends the move", "B:W26,27:B22", []string{"c3e1"}},
		// captured_not_reusable_in_chain: both directions round the loop,
		// never a second jump of the same man.
		{"loop back to the origin", "W:WK10:B14,15,22,23", []string{"d6b4d2f4d6", "d6f4d2b4d6"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := moveTexts(mustFEN(t, EnglishDraughts(), tt.fen))
			slices.Sort(got)
			want := slices.Clone(tt.moves)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("%s: %v, want %v", tt.fen, got, want)
			}
		})
	}
	// Crowning promotes to a king; jumped men leave only when the chain ends.
	p := mustFEN(t, EnglishDraughts(), "B:W26,27:B22")
	q, err := p.PlayText("c3e1")
	if err != nil {
		t.Fatal(err)
	}
	if got := q.FEN(); got != "W:W27:BK31" {
		t.Fatalf("after crowning: %s", got)
	}
	loop := mustFEN(t, EnglishDraughts(), "W:WK10:B14,15,22,23")
	after, err := loop.PlayText("d6b4d2f4d6")
	if err != nil {
		t.Fatal(err)
	}
	if got := after.FEN(); got != "B:WK10:B" {
		t.Fatalf("after the loop: %s", got)
	}
}

func TestOutcome(t *testing.T) {
	tests := []struct {
		name    string
		variant func() *Variant
		fen     string
		over    bool
		want    Outcome
	}{
		{"chess checkmate", Chess, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", true, Outcome{Winner: Second, Reason: Checkmate}},
		{"chess stalemate draws", Chess, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", true, Outcome{Draw: true, Reason: Stalemate}},
		{"chess goes on", Chess, "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1", false, Outcome{}},
		{"shatranj stalemate wins", Shatranj, "7k/p4F2/P5K1/8/8/8/8/8 b - - 0 1", true, Outcome{Winner: First, Reason: Stalemate}},
		{"shatranj bare king", Shatranj, "8/8/4k3/8/8/3K4/3F4/8 w - - 0 1", true, Outcome{Winner: First, Reason: BareKing}},
		{"shatranj bared side may bare back", Shatranj, "8/8/8/3k4/3R4/8/8/3K4 b - - 0 1", false, Outcome{}},
		{"shatranj bared side to move facing two pieces", Shatranj, "8/8/8/3k4/3R4/8/3P4/3K4 b - - 0 1", true, Outcome{Winner: First, Reason: BareKing}},
		{"shatranj both bare goes on", Shatranj, "8/8/8/3k4/8/8/8/3K4 w - - 0 1", false, Outcome{}},
		{"draughts no pieces", EnglishDraughts, "B:W18:B", true, Outcome{Winner: Second, Reason: NoPieces}},
		{"draughts no moves", EnglishDraughts, "B:W9,14:B5", true, Outcome{Winner: Second, Reason: NoMoves}},
		{"draughts goes on", EnglishDraughts, "B:W18:B1", false, Outcome{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, over := mustFEN(t, tt.variant(), tt.fen).Outcome()
			if over != tt.over || got != tt.want {
				t.Fatalf("%s: Outcome() = %+v, %v; want %+v, %v", tt.fen, got, over, tt.want, tt.over)
			}
		})
	}
}

func TestParseFENErrors(t *testing.T) {
	tests := []struct {
		variant func() *Variant
		fen     string
		want    error
	}{
		{Chess, "", ErrFEN},
		{Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", ErrFEN},
		{Chess, "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ErrFEN},
		{Chess, "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ErrFEN},
		{Chess, "rnbqkbnx/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ErrFEN},
		{Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", ErrFEN},
		{Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", ErrFEN},
		{Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", ErrFEN},
		{Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", ErrFEN},
		{Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1", ErrFEN},
		{Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", ErrFEN},
		{Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", ErrIllegalPosition},
		{Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w KQkq - 0 1", ErrFEN},
		{Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w - - 0 1", ErrIllegalPosition},
		{Chess, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", ErrFEN},
		{Chess, "4k3/8/8/8/8/8/8/r3K3 b - - 0 1", ErrIllegalPosition},
		{Chess, "4k3/8/8/8/8/8/8/4K2P w - - 0 1", ErrIllegalPosition},
		{Shatranj, "rnakfanr/pppppppp/8/8/8/8/PPPPPPPP/RNAKFANR w KQ - 0 1", ErrFEN},
		{EnglishDraughts, "B:W21-32", ErrFEN},
		{EnglishDraughts, "X:W21-32:B1-12", ErrFEN},
		{EnglishDraughts, "B:W21-33:B1-12", ErrFEN},
		{EnglishDraughts, "B:W12:B1-12", ErrFEN},
		{EnglishDraughts, "B:B1:B2", ErrFEN},
		{EnglishDraughts, "B:W5-3:B1", ErrFEN},
	}
	for _, tt := range tests {
		_, err := ParseFEN(tt.variant(), tt.fen)
		if !errors.Is(err, tt.want) {
			t.Errorf("ParseFEN(%q) = %v, want %v", tt.fen, err, tt.want)
			continue
		}
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field == "" {
			t.Errorf("ParseFEN(%q): %v does not name a field", tt.fen, err)
		}
	}
}

func TestParseFENAccepts(t *testing.T) {
	tests := []struct {
		variant   func() *Variant
		fen, want string
	}{
		{Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{Chess, "r3k1rr/8/8/8/8/8/8/RR2K2R w KBq - 0 1", "r3k1rr/8/8/8/8/8/8/RR2K2R w KBq - 0 1"},
		{Shatranj, "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1", "rnakfanr/pppppppp/8/8/8/8/PPPPPPPP/RNAKFANR w - - 0 1"},
		{EnglishDraughts, "B:B1-12:W21-32.", "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"},
		{EnglishDraughts, "W:WK3,6,12,25:B16", "W:WK3,6,12,25:B16"},
	}
	for _, tt := range tests {
		if got := mustFEN(t, tt.variant(), tt.fen).FEN(); got != tt.want {
			t.Errorf("ParseFEN(%q).FEN() = %q, want %q", tt.fen, got, tt.want)
		}
	}
}

func TestPlayRejectsIllegal(t *testing.T) {
	p, _ := Start(Chess())
	for _, m := range []string{"e2e5", "e1g1", "", "a9a8"} {
		if _, err := p.PlayText(m); !errors.Is(err, ErrIllegalMove) {
			t.Errorf("PlayText(%q) = %v, want ErrIllegalMove", m, err)
		}
	}
}

func FuzzParseFEN(f *testing.F) {
	for _, mk := range Builtin() {
		f.Add(mk().Name, mk().Start)
	}
	f.Add("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	f.Add("chess", "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1")
	f.Add("chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2")
	f.Add("shatranj", ShatranjAlternative().Start)
	f.Add("draughts", "W:WK3,6,12,25:B16")
	f.Add("draughts", "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29")
	f.Add("crazyhouse", "r1b1kbnr/1pqppppp/p1n5/2P5/3P2P1/N4B2/PBPKPP1P/R2Q2NR[P] b k - 2 12") // family: drops
	f.Add("crazyhouse", "Q~1r1k3/8/8/8/8/8/8/4K3[Rnn~] b - - 0 1")
	f.Add("crazyhouse", "4k3/8/8/8/8/8/8/4K3/PNq w - - 0 1")
	f.Add("chess", "4k3/8/8/8/8/8/8/4K3[] w - - 0 1")
	f.Fuzz(func(t *testing.T, variant, fen string) {
		mk, ok := Builtin()[variant]
		if !ok {
			return
		}
		p, err := ParseFEN(mk(), fen)
		if err != nil {
			if !errors.Is(err, ErrFEN) && !errors.Is(err, ErrIllegalPosition) {
				t.Fatalf("%q: untyped error %v", fen, err)
			}
			return
		}
		q, err := ParseFEN(mk(), p.FEN())
		if err != nil || q.FEN() != p.FEN() {
			t.Fatalf("%q prints as %q, which reads back as %v, %v", fen, p.FEN(), q, err)
		}
		_ = p.LegalMoves()
	})
}

// Without JumpChains a jump is a single capture of the piece jumped.
func TestSingleJumps(t *testing.T) {
	v := EnglishDraughts()
	v.JumpChains = false
	got := moveTexts(mustFEN(t, v, "B:W18,26:B14"))
	if !slices.Equal(got, []string{"c5e3"}) {
		t.Fatalf("single jumps: %v, want [c5e3]", got)
	}
}

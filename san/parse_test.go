package san_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/san"
)

// TestParseLenient checks the notations ParseMove accepts besides strict
// SAN, and some it rejects, each with the kind of error.
func TestParseLenient(t *testing.T) {
	const (
		castle  = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
		promote = "1r5k/P7/8/8/8/8/8/4K3 w - - 0 1"
		c960    = "1r1k1r2/8/8/8/8/8/8/1R1K1R2 w FBfb - 0 1"
		start   = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
		mate    = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"
	)
	tests := []struct {
		name, fen, input, want string // want: UCI (Chess960 form) or ERROR:kind
	}{
		{"zero-castle-short", castle, "0-0", "e1h1"},
		{"zero-castle-long", castle, "0-0-0", "e1a1"},
		{"castle-check-mark", castle, "O-O+", "e1h1"},
		{"uci-castle-classic", castle, "e1g1", "e1h1"},
		{"uci-castle-960", castle, "e1a1", "e1a1"},
		{"c960-castle-long", c960, "O-O-O", "d1b1"},
		{"c960-castle-short-through-check", c960, "O-O", "ERROR:illegal"},
		{"c960-uci-king-takes-rook", c960, "d1b1", "d1b1"},
		{"promotion-equals", promote, "a8=Q", "a7a8q"},
		{"promotion-bare", promote, "a8Q", "a7a8q"},
		{"promotion-capture", promote, "axb8=N", "a7b8n"},
		{"promotion-uci", promote, "a7b8r", "a7b8r"},
		{"promotion-uci-upper", promote, "a7a8B", "a7a8b"},
		{"promotion-long", promote, "a7-a8=Q", "a7a8q"},
		{"promotion-missing", promote, "a8", "ERROR:illegal"},
		{"king-cannot-promote", promote, "Ka8=Q", "ERROR:invalid"},
		{"long-algebraic", start, "Ng1-f3", "g1f3"},
		{"long-algebraic-pawn", start, "e2-e4", "e2e4"},
		{"full-square-disambiguation", start, "Ng1f3", "g1f3"},
		{"uci", start, "e2e4", "e2e4"},
		{"superfluous-check", start, "e4+", "e2e4"},
		{"annotation-good", start, "e4!", "e2e4"},
		{"annotation-bad", start, "e4?", "e2e4"},
		{"annotation-brilliant", start, "Nf3!!", "g1f3"},
		{"annotation-blunder", start, "Nf3??", "g1f3"},
		{"annotation-interesting", start, "d4!?", "d2d4"},
		{"annotation-dubious", start, "d4?!", "d2d4"},
		{"annotation-after-mate", mate, "Qh4#!", "d8h4"},
		{"missing-mate", mate, "Qh4", "d8h4"},
		{"long-capture", "4k3/8/8/8/8/2p5/8/1N2K3 w - - 0 1", "Nb1xc3", "b1c3"},
		{"spurious-capture", start, "Nxf3", "ERROR:illegal"},
		{"illegal-castle", start, "O-O", "ERROR:illegal"},
		{"king-move-for-castling", castle, "Kc1", "ERROR:illegal"},
		{"empty", start, "", "ERROR:invalid"},
		{"space", start, "e4 ", "ERROR:invalid"},
		{"leading-space", start, " e4", "ERROR:invalid"},
		{"two-annotations", start, "e4!!!", "ERROR:invalid"},
		{"pawn-capture-without-file", start, "xd3", "ERROR:invalid"},
		{"dash-without-square", start, "Ng-f3", "ERROR:invalid"},
		{"lowercase-piece", start, "nf3", "ERROR:invalid"},
		{"off-board", start, "Ni9", "ERROR:invalid"},
		{"castle-lowercase", castle, "o-o", "ERROR:invalid"},
		{"promotion-lowercase", promote, "a8=q", "ERROR:invalid"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := position(t, tt.fen)
			m, err := san.ParseMove(&p, tt.input)
			if kind, ok := strings.CutPrefix(tt.want, "ERROR:"); ok {
				if err == nil || !strings.Contains(err.Error(), kind) {
					t.Fatalf("ParseMove(%q) = %s, %v; want a %s error", tt.input, m.UCI(true), err, kind)
				}
				return
			}
			if err != nil || m.UCI(true) != tt.want {
				t.Fatalf("ParseMove(%q) = %s, %v; want %s", tt.input, m.UCI(true), err, tt.want)
			}
		})
	}
}

// TestParseValue checks the plain value Parse returns, without a position.
func TestParseValue(t *testing.T) {
	sq := func(s string) chess.Square {
		q, _ := chess.ParseSquare(s)
		return q
	}
	tests := []struct {
		input string
		want  san.SAN
		text  string // SAN.String
	}{
		{"Nbd7", san.SAN{Role: chess.Knight, FromFile: 1, FromRank: san.NoRank, To: sq("d7")}, "Nbd7"},
		{"R1xa3+", san.SAN{Role: chess.Rook, FromFile: san.NoFile, FromRank: 0, To: sq("a3"), Capture: true, Check: true}, "R1xa3+"},
		{"exd8=Q#", san.SAN{Role: chess.Pawn, FromFile: 4, FromRank: san.NoRank, To: sq("d8"), Capture: true, Promotion: chess.Queen, Mate: true}, "exd8=Q#"},
		{"e4", san.SAN{Role: chess.Pawn, FromFile: san.NoFile, FromRank: san.NoRank, To: sq("e4")}, "e4"},
		{"e2-e4", san.SAN{Role: chess.Pawn, FromFile: 4, FromRank: 1, To: sq("e4")}, "e2-e4"},
		{"Qh4xe1!", san.SAN{Role: chess.Queen, FromFile: 7, FromRank: 3, To: sq("e1"), Capture: true}, "Qh4xe1"},
		{"e7e8q", san.SAN{UCI: true, FromFile: 4, FromRank: 6, To: sq("e8"), Promotion: chess.Queen}, "e7e8q"},
		{"0-0-0+", san.SAN{Castle: san.Queenside, Check: true}, "O-O-O+"},
		{"O-O", san.SAN{Castle: san.Kingside}, "O-O"},
	}
	for _, tt := range tests {
		t.Run(tt.input, func(t *testing.T) {
			got, err := san.Parse(tt.input)
			if err != nil || got != tt.want {
				t.Fatalf("Parse(%q) = %+v, %v; want %+v", tt.input, got, err, tt.want)
			}
			if s := got.String(); s != tt.text {
				t.Errorf("String() = %q, want %q", s, tt.text)
			}
		})
	}
}

// TestErrorMessages checks that errors name the move, the position when
// there is one, and the reason, and unwrap to their kind.
func TestErrorMessages(t *testing.T) {
	ambiguous := position(t, "8/8/1n6/3R1P2/1n6/2k2K2/3p4/r6r b - - 0 82")
	start := chess.Startpos()
	promo := position(t, "3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1")
	blackPromo := position(t, "4k3/8/8/8/8/8/p7/4K3 b - - 0 1")
	tests := []struct {
		name  string
		p     *chess.Position
		input string
		kind  error
		want  []string
	}{
		{"invalid", &start, "Zz9", san.ErrInvalid, []string{`san: invalid move "Zz9": `}},
		{"illegal", &start, "e5", san.ErrIllegal, []string{`san: illegal move "e5" in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1: no legal move matches`}},
		{"ambiguous", &ambiguous, "Rf1", san.ErrAmbiguous, []string{`san: ambiguous move "Rf1" in `, "2 legal moves match", "a1f1", "h1f1"}},
		// A pawn move to the last rank without the piece it becomes.
		{"promotion needed", &promo, "e8", san.ErrIllegal, []string{`illegal move "e8"`, "a pawn reaching the last rank must promote: name the piece, as in e8=Q"}},
		{"promotion needed, capture", &promo, "exd8", san.ErrIllegal, []string{"must promote", "as in exd8=Q"}},
		{"promotion needed, black", &blackPromo, "a1", san.ErrIllegal, []string{"must promote", "as in a1=Q"}},
		{"promotion needed, UCI", &promo, "e7e8", san.ErrIllegal, []string{"must promote", "as in e7e8q"}},
		{"blocked, no promotion hint", &promo, "d8", san.ErrIllegal, []string{"no legal move matches"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := san.ParseMove(tt.p, tt.input)
			var e *san.Error
			if !errors.As(err, &e) || !errors.Is(err, tt.kind) || e.Err != tt.kind {
				t.Fatalf("ParseMove(%q) error = %v, want *Error of kind %v", tt.input, err, tt.kind)
			}
			if (e.FEN == "") != (tt.kind == san.ErrInvalid) {
				t.Errorf("FEN = %q", e.FEN)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}

// FuzzParse checks that Parse never panics, that SAN.String reads back to
// the same value, and that any text resolving in the start position (or a
// Chess960 one) formats to a SAN resolving to the same move.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"e4", "Nf3", "exd6#", "O-O-O+", "0-0", "Nge7", "N5xf6#", "Rcc2",
		"Nh4g6", "f1=N+", "e8Q", "Ng1-f3", "Nb1xc3", "e2-e4", "e2e4", "e7e8q", "e1h1", "Qh4#!?", "c4??",
		"axb8=Q+", "Kg1", "O-O\n", "", "x", "=Q", "a9", "Bb5!"} {
		f.Add(s)
	}
	positions := []chess.Position{chess.Startpos()}
	if p, err := chess.Chess960Start(418); err == nil { // a Chess960 start (Scharnagl 418)
		positions = append(positions, p)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := san.Parse(text)
		if err != nil {
			if !errors.Is(err, san.ErrInvalid) {
				t.Fatalf("Parse(%q): error %v is not ErrInvalid", text, err)
			}
			return
		}
		if again, err := san.Parse(s.String()); err != nil || again != s {
			t.Fatalf("Parse(%q) = %+v; Parse(String() = %q) = %+v, %v", text, s, s.String(), again, err)
		}
		for i := range positions {
			p := positions[i]
			m, err := s.Resolve(&p)
			if err != nil {
				if !errors.Is(err, san.ErrIllegal) && !errors.Is(err, san.ErrAmbiguous) {
					t.Fatalf("Resolve(%q): unexpected error %v", text, err)
				}
				continue
			}
			out := san.Format(&p, m)
			if back, err := san.ParseMove(&p, out); err != nil || back != m {
				t.Fatalf("%q resolves to %s, formats as %q, which resolves to %s, %v", text, m.UCI(true), out, back.UCI(true), err)
			}
		}
	})
}

// TestAppendAllocs checks that Append does not allocate into a buffer with room.
func TestAppendAllocs(t *testing.T) {
	p := position(t, "N3k2N/8/8/3N4/N4N1N/2R5/1R6/4K3 w - - 0 1")
	moves := legalMoves(&p)
	buf := make([]byte, 0, 16)
	allocs := testing.AllocsPerRun(10, func() {
		for _, m := range moves {
			buf = san.Append(buf[:0], &p, m)
		}
	})
	if allocs != 0 {
		t.Errorf("Append: %v allocations per run, want 0", allocs)
	}
}

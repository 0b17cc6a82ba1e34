package banchess

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/san"
)

func mustFEN(t *testing.T, fen string) Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

func mustPlay(t *testing.T, p *Position, texts ...string) {
	t.Helper()
	for _, s := range texts {
		if err := p.PlayText(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

func actionTexts(p *Position) []string {
	var l ActionList
	p.LegalActions(&l)
	var out []string
	for _, a := range l.Slice() {
		out = append(out, a.String())
	}
	slices.Sort(out)
	return out
}

func chessMoves(p *chess.Position) []chess.Move {
	var ml chess.MoveList
	p.LegalMoves(&ml)
	return slices.Clone(ml.Slice())
}

func TestBlackBansFirst(t *testing.T) {
	p := Startpos()
	if p.Ply() != 1 || p.Phase() != BanPhase || p.Actor() != chess.Black || p.Turn() != chess.White {
		t.Fatalf("start: ply %d phase %v actor %v turn %v", p.Ply(), p.Phase(), p.Actor(), p.Turn())
	}
	c := p.Chess()
	var want []string
	for _, m := range chessMoves(&c) {
		want = append(want, "b:"+m.UCI(false))
	}
	slices.Sort(want)
	if got := actionTexts(&p); !slices.Equal(got, want) {
		t.Fatalf("start actions %v, want White's moves as bans %v", got, want)
	}
	e4, _ := c.ParseUCI("e2e4")
	if err := p.Move(e4); !errors.Is(err, ErrWrongPhase) {
		t.Fatalf("White moving at ply 1: %v, want ErrWrongPhase", err)
	}
	if err := p.Ban(Ban{chess.Square(52), chess.Square(36)}); !errors.Is(err, ErrIllegalBan) {
		t.Fatalf("banning a Black move e7e5 at ply 1: %v, want ErrIllegalBan", err)
	}
	mustPlay(t, &p, "b:e2e4")
	if p.Phase() != MovePhase || p.Actor() != chess.White {
		t.Fatalf("after the ban: phase %v actor %v", p.Phase(), p.Actor())
	}
	if err := p.PlayText("b:d2d4"); !errors.Is(err, ErrWrongPhase) {
		t.Fatalf("second ban: %v, want ErrWrongPhase", err)
	}
	if err := p.PlayText("e4"); !errors.Is(err, ErrBannedMove) {
		t.Fatalf("banned e4: %v, want ErrBannedMove", err)
	}
	if err := p.Move(e4); !errors.Is(err, ErrBannedMove) {
		t.Fatalf("banned e4 via Move: %v, want ErrBannedMove", err)
	}
	if n := len(actionTexts(&p)); n != 19 {
		t.Fatalf("White has %d moves under the ban, want 19", n)
	}
	var zero Position
	if err := zero.PlayText("b:e2e4"); !errors.Is(err, ErrNoPosition) {
		t.Fatalf("zero position: %v", err)
	}
}

func TestBansExpireAfterOneMove(t *testing.T) {
	p := Startpos()
	mustPlay(t, &p, "b:e2e4", "d4")
	if _, ok := p.CurrentBan(); ok {
		t.Fatal("ban still in force after the move")
	}
	mustPlay(t, &p, "b:e7e5", "d5", "b:g1f3")
	// e2e4 was banned two moves ago; only g1f3 is banned now.
	if err := p.PlayText("e4"); err != nil {
		t.Fatalf("e4 after its ban expired: %v", err)
	}
	mustPlay(t, &p, "b:g8f6")
	if err := p.PlayText("Nf6"); !errors.Is(err, ErrBannedMove) {
		t.Fatalf("Nf6: %v", err)
	}
	if err := p.PlayText("Nc6"); err != nil {
		t.Fatal(err)
	}
	mustPlay(t, &p, "b:a2a3", "Nf3") // Nf3, banned at ply 5, is legal again
}

func TestBanningOnlyEscapeIsMate(t *testing.T) {
	// White, in check from the rook on a1, has the single escape Kh2.
	p := mustFEN(t, "k7/8/8/8/8/8/6P1/r6K w - - 0 1 1")
	c := p.Chess()
	if ms := chessMoves(&c); len(ms) != 1 || ms[0].UCI(false) != "h1h2" {
		t.Fatalf("chess moves %v, want only h1h2", ms)
	}
	if _, over := p.Outcome(); over {
		t.Fatal("over before the ban")
	}
	g := NewGameFrom(p)
	if err := g.PlayText("b:h1h2"); err != nil {
		t.Fatal(err)
	}
	q := g.Position()
	if n := len(actionTexts(&q)); n != 0 {
		t.Fatalf("%d actions after banning the only escape", n)
	}
	o, over := g.Outcome()
	if !over || o.Reason != Checkmate || !o.Decisive || o.Winner != chess.Black || o.Result() != "0-1" {
		t.Fatalf("outcome %v (over %v), want Black mates", o, over)
	}
	if err := g.PlayText("Kh2"); !errors.Is(err, ErrGameOver) {
		t.Fatalf("play after mate: %v", err)
	}
}

func TestAllMovesBannedStalemateIsDraw(t *testing.T) {
	// White's only move is b6b7; banning it leaves no move, not in check.
	p := mustFEN(t, "6r1/8/1P6/k7/8/7p/7P/7K w - - 0 1 1")
	c := p.Chess()
	if ms := chessMoves(&c); len(ms) != 1 {
		t.Fatalf("chess moves %v, want one", ms)
	}
	mustPlay(t, &p, "b:b6b7")
	o, over := p.Outcome()
	if !over || o.Reason != Stalemate || o.Decisive || o.Result() != "1/2-1/2" {
		t.Fatalf("outcome %v (over %v), want stalemate draw", o, over)
	}
}

func TestPromotionBanCoversAllFour(t *testing.T) {
	p := mustFEN(t, "1n5k/P7/8/8/8/8/8/K7 w - - 0 1 1")
	want := []string{"b:a1a2", "b:a1b1", "b:a1b2", "b:a7a8", "b:a7b8"}
	if got := actionTexts(&p); !slices.Equal(got, want) {
		t.Fatalf("bans %v, want %v (one per from/to pair)", got, want)
	}
	mustPlay(t, &p, "b:a7a8")
	got := actionTexts(&p)
	if len(got) != 7 { // 4 promotions on b8 + 3 king moves
		t.Fatalf("moves under the ban %v, want 7", got)
	}
	for _, s := range got {
		if strings.HasPrefix(s, "m:a7a8") {
			t.Fatalf("%s survives the ban a7a8", s)
		}
	}
	for _, s := range []string{"a8=Q", "a8=R", "a8=B", "a8=N", "m:a7a8q", "m:a7a8n"} {
		if _, err := p.ParseAction(s); !errors.Is(err, ErrBannedMove) {
			t.Errorf("%s: %v, want ErrBannedMove", s, err)
		}
	}
	// The 5-letter ban text names the same pair.
	q := mustFEN(t, "1n5k/P7/8/8/8/8/8/K7 w - - 0 1 1")
	mustPlay(t, &q, "b:a7b8q")
	if b, _ := q.CurrentBan(); b.String() != "a7b8" {
		t.Fatalf("ban %v, want a7b8", b)
	}
}

func TestCastlingBannedRightSurvives(t *testing.T) {
	for _, text := range []string{"b:e1g1", "b:e1h1"} {
		p := mustFEN(t, "r3k2r/p7/8/8/8/8/P7/R3K2R w KQkq - 0 1 1")
		mustPlay(t, &p, text)
		if b, _ := p.CurrentBan(); b.String() != "e1g1" {
			t.Fatalf("%s: ban %v, want the canonical e1g1", text, b)
		}
		q := mustFEN(t, "r3k2r/p7/8/8/8/8/P7/R3K2R w KQkq - 0 1 1")
		if err := q.Ban(Ban{chess.Square(4), chess.Square(7)}); err != nil {
			t.Fatal(err)
		}
		if q != p {
			t.Fatalf("Ban(e1h1) gives %s, want %s", q.FEN(), p.FEN())
		}
		if err := p.PlayText("O-O"); !errors.Is(err, ErrBannedMove) {
			t.Fatalf("%s: O-O: %v, want ErrBannedMove", text, err)
		}
		if err := p.PlayText("m:e1h1"); !errors.Is(err, ErrBannedMove) {
			t.Fatalf("%s: m:e1h1: %v, want ErrBannedMove", text, err)
		}
		if _, err := p.ParseAction("O-O-O"); err != nil {
			t.Fatalf("%s: O-O-O: %v", text, err)
		}
		mustPlay(t, &p, "a3")
		if f := strings.Fields(p.FEN()); f[2] != "KQkq" {
			t.Fatalf("%s: castling rights %s after the ban, want KQkq", text, f[2])
		}
		mustPlay(t, &p, "b:a7a5", "a6", "b:e1c1", "O-O")
		if f := strings.Fields(p.FEN()); f[2] != "kq" || f[0] != "r3k2r/8/p7/8/8/P7/8/R4RK1" {
			t.Fatalf("%s: after O-O %s", text, p.FEN())
		}
	}
}

func TestRepetitionDistinguishesBans(t *testing.T) {
	cycle := func(g *Game, whiteBan, blackBan string) {
		t.Helper()
		for _, s := range []string{"b:" + whiteBan, "Nf3", "b:" + blackBan, "Nf6", "b:" + whiteBan, "Ng1", "b:" + blackBan, "Ng8"} {
			if err := g.PlayText(s); err != nil {
				t.Fatalf("%s: %v", s, err)
			}
		}
	}
	// Same chess positions, but the bans alternate: the states differ.
	g := NewGame()
	cycle(g, "a2a3", "a7a6")
	cycle(g, "b2b3", "b7b6")
	cycle(g, "c2c3", "c7c6")
	// The ban-phase start state (no ban in force) recurs after every cycle.
	if g.Repetitions() != 4 {
		t.Fatalf("start state occurred %d times, want 4", g.Repetitions())
	}
	// White's move-phase state under the ban a2a3: the chess position has
	// occurred four times, but with this ban only twice.
	if err := g.PlayText("b:a2a3"); err != nil {
		t.Fatal(err)
	}
	if g.Repetitions() != 2 || g.CanClaimThreefold() {
		t.Fatalf("state with ban a2a3 occurred %d times, want 2", g.Repetitions())
	}
	// Move-phase states: compare two equal chess positions with different bans.
	p, q := Startpos(), Startpos()
	mustPlay(t, &p, "b:a2a3")
	mustPlay(t, &q, "b:b2b3")
	if p.Key() == q.Key() {
		t.Fatal("states with different bans share a key")
	}
	// Count a move-phase state: it repeats only when the ban repeats.
	h := NewGame()
	for i, ban := range []string{"a2a3", "b2b3", "a2a3", "b2b3", "a2a3"} {
		if err := h.PlayText("b:" + ban); err != nil {
			t.Fatal(err)
		}
		want := i/2 + 1
		if got := h.Repetitions(); got != want {
			t.Fatalf("cycle %d with ban %s: repetitions %d, want %d", i, ban, got, want)
		}
		if h.CanClaimThreefold() != (want >= 3) {
			t.Fatalf("cycle %d: claim %v", i, h.CanClaimThreefold())
		}
		for _, s := range []string{"Nf3", "b:a7a6", "Nf6", "b:a2a3", "Ng1", "b:a7a6", "Ng8"} {
			if err := h.PlayText(s); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := h.PlayText("b:a2a3"); err != nil {
		t.Fatal(err)
	}
	if err := h.ClaimDraw(); err != nil {
		t.Fatal(err)
	}
	if o, _ := h.Outcome(); o.Reason != ThreefoldRepetition || o.Decisive {
		t.Fatalf("outcome %v", o)
	}
}

func TestFiftyMoveCounterIgnoresBans(t *testing.T) {
	p := mustFEN(t, "4k3/8/8/8/8/8/8/R3K3 w - - 98 60 2:a1a8")
	if p.Halfmove() != 98 {
		t.Fatal(p.Halfmove())
	}
	g := NewGameFrom(p)
	for i, s := range []string{"Ra2", "b:e8d8", "Kd7"} {
		if err := g.PlayText(s); err != nil {
			t.Fatal(err)
		}
		q := g.Position()
		want := []int{99, 99, 100}[i]
		if q.Halfmove() != want {
			t.Fatalf("after %s: halfmove %d, want %d", s, q.Halfmove(), want)
		}
		if g.CanClaimFiftyMoves() != (want >= 100) {
			t.Fatalf("after %s: claim %v", s, g.CanClaimFiftyMoves())
		}
	}
	if err := g.ClaimDraw(); err != nil {
		t.Fatal(err)
	}
	if o, _ := g.Outcome(); o.Reason != FiftyMoves {
		t.Fatalf("outcome %v", o)
	}
	// A pawn move resets the clock; a ban does not touch it.
	s := Startpos()
	mustPlay(t, &s, "b:e2e4", "Nf3", "b:e7e5")
	if s.Halfmove() != 1 {
		t.Fatalf("halfmove %d after Nf3 and two bans", s.Halfmove())
	}
	mustPlay(t, &s, "e6")
	if s.Halfmove() != 0 {
		t.Fatalf("halfmove %d after a pawn move", s.Halfmove())
	}
}

func TestPhaseFromPly(t *testing.T) {
	want := []struct {
		ph    Phase
		actor chess.Color
	}{
		{BanPhase, chess.Black}, {MovePhase, chess.White}, {BanPhase, chess.White}, {MovePhase, chess.Black},
		{BanPhase, chess.Black}, {MovePhase, chess.White}, {BanPhase, chess.White}, {MovePhase, chess.Black},
	}
	for i, w := range want {
		ph, actor := PhaseOf(i + 1)
		if ph != w.ph || actor != w.actor {
			t.Errorf("ply %d: %v by %v, want %v by %v", i+1, ph, actor, w.ph, w.actor)
		}
	}
	// Along a game, the ply, phase, actor and FEN agree.
	p := Startpos()
	for i, s := range []string{"b:e2e4", "d4", "b:e7e5", "d5", "b:c2c4", "Nf3"} {
		ph, actor := PhaseOf(p.Ply())
		if p.Ply() != i+1 || p.Phase() != ph || p.Actor() != actor {
			t.Fatalf("ply %d: %v %v", p.Ply(), p.Phase(), p.Actor())
		}
		mustPlay(t, &p, s)
		if _, err := ParseFEN(p.FEN()); err != nil {
			t.Fatalf("%s: %v", p.FEN(), err)
		}
	}
	bad := []struct {
		fen string
		err error
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 3", ErrPlyTurn},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 4", ErrPlyTurn},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 2", ErrPlyTurn},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1:e2e4", ErrBanInBanPhase},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2:e2e5", ErrBanNotLegal},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2:e7e5", ErrBanNotLegal},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2:e2", ErrBadBanText},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0", ErrBadPly},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x", ErrBadPly},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ErrMissingPly},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1 1", ErrTooManyFields},
	}
	for _, b := range bad {
		_, err := ParseFEN(b.fen)
		var fe *FENError
		if !errors.Is(err, b.err) || !errors.As(err, &fe) {
			t.Errorf("%q: %v, want %v in a *FENError", b.fen, err, b.err)
		}
	}
	// The state marks ban-chess.ts may append are read and dropped.
	for _, f := range []string{"k7/8/8/8/8/8/6P1/r6K w - - 0 1 2:h1h2#", "k7/8/8/8/8/8/6P1/r6K w - - 0 1 1+"} {
		if p := mustFEN(t, f); strings.ContainsAny(p.FEN(), "+#") {
			t.Errorf("%s prints as %s", f, p.FEN())
		}
	}
	// Castling in the 7th field reads in both forms and prints canonically.
	for _, f := range []string{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 2:e1h1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 2:e1g1"} {
		if p := mustFEN(t, f); !strings.HasSuffix(p.FEN(), " 2:e1g1") {
			t.Errorf("%s reads as %s", f, p.FEN())
		}
	}
}

// TestBanInSAN: a ban may name the opponent's move in SAN, resolved
// against the opponent's legal moves: it bans that move's from-to pair
// (castling as king → destination, every promotion at once). Text that is
// no move, a move the opponent cannot make, or several of its moves is
// refused with the kind of error.
func TestBanInSAN(t *testing.T) {
	tests := []struct {
		fen, text string
		want      string // the ban, or "" for an error
		err       error
	}{
		{"", "Nf3", "g1f3", nil},
		{"", "e4", "e2e4", nil},
		{"", "Nc3+", "b1c3", nil}, // marks are read leniently
		{"", "g1f3", "g1f3", nil},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 1", "O-O", "e1g1", nil},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 1", "O-O-O", "e1c1", nil},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1 1", "a8=N", "a7a8", nil},
		{"4k3/8/8/8/8/8/8/4K3 b - - 0 1 3", "Kd7", "e8d7", nil}, // White bans Black's move
		{"", "Nf6", "", ErrIllegalBan},
		{"", "O-O", "", ErrIllegalBan},
		{"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1 1", "Nd2", "", ErrIllegalBan},
		{"", "xyz", "", ErrInvalidText},
		{"", "", "", ErrInvalidText},
	}
	for _, tt := range tests {
		p := Startpos()
		if tt.fen != "" {
			p = mustFEN(t, tt.fen)
		}
		a, err := p.ParseAction("b:" + tt.text)
		switch {
		case tt.err != nil && !errors.Is(err, tt.err):
			t.Errorf("%s: ban %q: %v, want %v", tt.fen, tt.text, err, tt.err)
		case tt.err == nil && (err != nil || !a.IsBan() || a.Ban().String() != tt.want):
			t.Errorf("%s: ban %q: %v, %v; want the ban %s", tt.fen, tt.text, a, err, tt.want)
		case tt.err == nil:
			if err := p.Play(a); err != nil {
				t.Errorf("%s: ban %q parsed but Play fails: %v", tt.fen, tt.text, err)
			}
		}
	}
	// Ambiguity is told apart from illegality (san's error kind wrapped).
	p := mustFEN(t, "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1 1")
	if _, err := p.ParseAction("b:Nd2"); !errors.Is(err, san.ErrAmbiguous) {
		t.Errorf("ban Nd2 with two knights: %v, want ambiguous", err)
	}
	p = Startpos()
	if _, err := p.ParseAction("b:Nf6"); !errors.Is(err, san.ErrIllegal) {
		t.Errorf("ban Nf6 of White: %v, want illegal", err)
	}
}

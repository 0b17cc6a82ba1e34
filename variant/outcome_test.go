package variant

import "testing"

// TestOutcomeStrings: every kind of outcome prints and scores as PGN
// says; the zero Outcome, what an unfinished game's Outcome returns, is
// "ongoing" with result "*" (it printed "white wins by none").
func TestOutcomeStrings(t *testing.T) {
	for _, tt := range []struct {
		o            Outcome
		text, result string
		ongoing      bool
	}{
		{Outcome{}, "ongoing", "*", true},
		{Outcome{Winner: White, Reason: Checkmate}, "white wins by checkmate", "1-0", false},
		{Outcome{Winner: Black, Reason: Resignation}, "black wins by resignation", "0-1", false},
		{Outcome{Draw: true, Reason: Agreement}, "draw by agreement", "1/2-1/2", false},
		{Outcome{Draw: true, Reason: TimeForfeit}, "draw: a flag fell but the opponent cannot win", "1/2-1/2", false},
	} {
		if got := tt.o.String(); got != tt.text {
			t.Errorf("%#v prints %q, want %q", tt.o, got, tt.text)
		}
		if got := tt.o.Result(); got != tt.result {
			t.Errorf("%#v scores %q, want %q", tt.o, got, tt.result)
		}
		if tt.o.Ongoing() != tt.ongoing {
			t.Errorf("%#v: Ongoing = %v", tt.o, tt.o.Ongoing())
		}
	}
}

// TestOutcomeWords: every way a game can end, in words a player reads:
// who won and why, the loser named where the reason is the loser's state
// ("black has no pieces left"), a rule with its article.
func TestOutcomeWords(t *testing.T) {
	won := func(r Reason) Outcome { return Outcome{Winner: White, Reason: r} }
	drawn := func(r Reason) Outcome { return Outcome{Draw: true, Reason: r} }
	tests := []struct {
		o    Outcome
		want string
	}{
		{won(Checkmate), "white wins by checkmate"},
		{Outcome{Winner: Black, Reason: Checkmate}, "black wins by checkmate"},
		{won(Stalemate), "white wins by stalemate"},
		{drawn(Stalemate), "draw by stalemate"},
		{won(BareKing), "white wins: black has a bare king"},
		{drawn(CounterBare), "draw: both sides have a bare king"},
		{drawn(InsufficientMaterial), "draw by insufficient material"},
		{drawn(DeadPosition), "draw: neither side can ever win (dead position)"},
		{won(NoPieces), "white wins: black has no pieces left"},
		{Outcome{Winner: Black, Reason: NoPieces}, "black wins: white has no pieces left"},
		{won(NoMoves), "white wins: black has no moves left"},
		{drawn(ThreefoldRepetition), "draw by threefold repetition"},
		{drawn(FivefoldRepetition), "draw by fivefold repetition"},
		{drawn(FiftyMoves), "draw by the fifty-move rule"},
		{drawn(FortyMoves), "draw by the forty-move rule"},
		{drawn(SeventyFiveMoves), "draw by the seventy-five-move rule"},
		{drawn(Agreement), "draw by agreement"},
		{won(Resignation), "white wins by resignation"},
		{won(TimeForfeit), "white wins on time"},
		{drawn(TimeForfeit), "draw: a flag fell but the opponent cannot win"},
		{won(Adjudication), "white wins by adjudication"},
		{drawn(Adjudication), "draw by adjudication"},
		{drawn(CountingRule), "draw by the counting rule"},
		{won(Extinction), "white wins by extinction"},
		{drawn(Repetition), "draw by repetition"},
		{won(Repetition), "white wins by repetition"},
		{won(ChecksGiven), "white wins by giving all its checks"}, // check counting
		{won(FlagReached), "white wins by reaching the goal"},     // flag family
		{drawn(FlagReached), "draw: both sides reached the goal"}, // flag family
		{won(NoMovesWin), "white wins: white has no moves left"},  // family: antichess
		{won(PieceCount), "white wins by piece count"}, {drawn(PieceCount), "draw by piece count"},
		{won(Connected), "white wins by connecting its pieces"}, {drawn(Connected), "draw by connection"}, // family: connection
		{won(ConnectedLost), "white wins: black connected its pieces"},
		{won(KingExploded), "white wins: black's king exploded"},                                                                    // family: atomic
		{won(CastlingWon), "white wins by castling"}, {won(CastlingLost), "white wins: black has lost its winning castling rights"}, // family: move rules
		{Outcome{Winner: Black, Reason: MaterialCount}, "black wins on material"},
		{won(KnightMate), "white wins: a mate by knights alone does not count"}, {drawn(NoShak), "draw: mate without a shak (niol)"},
		{drawn(DoublePass), "draw: both sides passed"},
		{won(PerpetualCheck), "white wins: black gave perpetual check"}, {drawn(PerpetualCheck), "draw: both sides gave perpetual check"},
		{won(MoveRepetition), "white wins: black moved a piece back and forth"}, // family: royal guards
		{drawn(Bikjang), "draw: the generals faced each other (bikjang)"},       // family: palaces
		{won(PerpetualChase), "white wins: black chased a piece perpetually"}, {drawn(PerpetualChase), "draw: both sides chased perpetually"},
	}
	covered := map[Reason]bool{}
	for _, tt := range tests {
		covered[tt.o.Reason] = true
		if got := tt.o.String(); got != tt.want {
			t.Errorf("%+v.String() = %q, want %q", tt.o, got, tt.want)
		}
	}
	for r := Checkmate; ; r++ {
		if _, ok := ParseReason(r.String()); !ok {
			break // past the last reason
		}
		if !covered[r] {
			t.Errorf("no wording checked for the reason %v", r)
		}
	}
}

// TestOutcomeIn: the sides are named as the game's players name them
// (xiangqi's red and black, janggi's cho and han), every side word of the
// sentence; games without names keep white and black.
func TestOutcomeIn(t *testing.T) {
	for _, tt := range []struct {
		game string
		o    Outcome
		want string
	}{
		{"xiangqi", Outcome{Winner: White, Reason: Checkmate}, "red wins by checkmate"},
		{"xiangqi", Outcome{Winner: Black, Reason: PerpetualChase}, "black wins: red chased a piece perpetually"},
		{"janggi", Outcome{Winner: Black, Reason: MaterialCount}, "han wins on material"},
		{"janggi", Outcome{Draw: true, Reason: Bikjang}, "draw: the generals faced each other (bikjang)"},
		{"chess", Outcome{Winner: Black, Reason: Checkmate}, "black wins by checkmate"},
		{"draughts", Outcome{Winner: White, Reason: NoPieces}, Outcome{Winner: White, Reason: NoPieces}.String()},
	} {
		v, err := Lookup(tt.game)
		if err != nil {
			t.Fatal(err)
		}
		if got := tt.o.In(v); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.game, got, tt.want)
		}
	}
}

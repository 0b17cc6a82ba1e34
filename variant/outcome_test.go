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
		{Outcome{Draw: true, Reason: TimeForfeit}, "draw by time forfeit", "1/2-1/2", false},
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

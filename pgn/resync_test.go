package pgn

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/baten-chess/baten/internal/race"
)

// junkInputs are malformed inputs made of one pattern repeated, each a
// single bad game that the reader resynchronises over to the end.
var junkInputs = []struct{ name, unit string }{
	{"quote-bracket", `"]`},
	{"brackets", `]`},
	{"closes", `)`},
	{"dollars", `$`},
	{"glyphs", `!!!! `},
	{"bad tags", "[\n"},
	{"control bytes", "\x01\x02\x7f"},
}

// countErrors reads every game of input and returns the syntax errors seen.
func countErrors(tb testing.TB, input []byte) int {
	r := NewReader(bytes.NewReader(input))
	errs := 0
	for {
		_, err := r.Next()
		if err == io.EOF {
			return errs
		}
		var se *SyntaxError
		if !errors.As(err, &se) {
			tb.Fatal(err)
		}
		errs++
	}
}

// TestResyncCost: skipping a bad game costs about as much as reading one.
// Reading 1 MiB of each junk pattern reports one error (the junk is one
// bad game) and allocates a bounded number of times, not once per bad
// byte as building an unreported error message per byte did (2 MiB of
// `"]` took 4.5 s in baten validate; see BENCHMARKS.md).
func TestResyncCost(t *testing.T) {
	size := 1 << 20
	if race.Enabled {
		size = 128 << 10 // the race detector slows reading twentyfold
	}
	for _, tt := range junkInputs {
		input := bytes.Repeat([]byte(tt.unit), size/len(tt.unit))
		var errs int
		allocs := testing.AllocsPerRun(3, func() { errs = countErrors(t, input) })
		if errs != 1 {
			t.Errorf("%s: %d errors, want 1", tt.name, errs)
		}
		if allocs > 200 {
			t.Errorf("%s: %.0f allocations to skip %d KiB", tt.name, allocs, size>>10)
		}
	}
}

// BenchmarkResync measures how fast the reader skips a bad game (MB/s),
// for comparison with BenchmarkRead on good PGN.
func BenchmarkResync(b *testing.B) {
	for _, tt := range junkInputs {
		input := bytes.Repeat([]byte(tt.unit), (2<<20)/len(tt.unit))
		b.Run(tt.name, func(b *testing.B) {
			b.SetBytes(int64(len(input)))
			for b.Loop() {
				countErrors(b, input)
			}
		})
	}
}

package pgn

import (
	"bytes"
	"errors"
	"io"
	"os"
	"testing"
)

// FuzzRead feeds arbitrary input to the Reader. It checks that reading
// never panics and always ends (each call to Next consumes input), that
// every error is a *SyntaxError, and that every game read survives
// Write → Next unchanged up to the documented normalisation, with Write a
// fixed point and movetext lines within 80 bytes. Seeds: every .pgn file
// of ../shared/data/pgn and the inputs of TestReadSyntax-style edge cases,
// prose in parentheses and parentheses never closed among them.
func FuzzRead(f *testing.F) {
	_, files := dataFiles(f)
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range []string{
		"[A \"x \\\"q\\\" \\\\\"] [B \"y\"]\n{c} 1. e4! (1. d4 {d} $3 (1. c4)) {e} 1... e5?! *",
		"1. e4 ;x } y\r\n% esc\r\ne5 ½-½ 1-0 0-1 1/2-1/2",
		"[Event \"Tournament \"A\" \\\"]\n1... --  Z0 0-0-0 $255 !? ?? 12... e8=Q#",
		"\xef\xbb\xbf[Event \"E\"]\n[Event \"F\"]\n1. e4 (1. d4 [Event \"G\"]\n*",
		"1. e4 ((( <",
		"1. 11-15 23-18 (Now the evaluation jumped to +76.) 2. 8-11 (Red must play 7-10* to stay in the game.) 27-23 1/2-1/2",
		"[Event \"a\"]\n1. e4 (never closed, 1-0 {x}\n\n[Event \"b\"]\n1. d4 (1... d5 (a, b) ; c\n% e\n2. c4 (?!)) ((1. e4)) () *",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewReader(bytes.NewReader(data))
		for calls := 0; ; calls++ {
			if calls > len(data)+2 {
				t.Fatalf("no end after %d calls", calls)
			}
			g, err := r.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				var se *SyntaxError
				if !errors.As(err, &se) {
					t.Fatalf("error %v is not a SyntaxError", err)
				}
				continue
			}
			roundTrip(t, g)
		}
	})
}

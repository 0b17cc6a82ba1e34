package draughts

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// FuzzParseMove: move text never panics; what parses prints back to text
// that parses to the same notation, and resolving it in the start position
// or a capture position gives a move whose text resolves to it again, or
// an error that says why.
func FuzzParseMove(f *testing.F) {
	for _, b := range Ballots() {
		for _, m := range b.Moves {
			f.Add(m)
		}
	}
	for _, s := range []string{"22x15x8", "22x8", "09-14", "10x17x26x19x10", "9X14", "x", "1-", "33-1"} {
		f.Add(s)
	}
	// The start (steps only) and a position with captures for both
	// kings and men: every text that names no legal move gets a reason.
	positions := []Position{Start(), mustPosition(f, "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29")}
	f.Fuzz(func(t *testing.T, text string) {
		n, err := ParseMove(text)
		if err != nil {
			return
		}
		again, err := ParseMove(n.String())
		if err != nil || again != n {
			t.Fatalf("%q prints as %q, which reads as %v, %v", text, n.String(), again, err)
		}
		for _, p := range positions {
			m, err := n.Resolve(p)
			var me *MoveError
			switch {
			case err == nil:
				if back, err := p.ParseMove(m.String()); err != nil || back != m {
					t.Fatalf("%s: %v reads back as %v, %v", p.FEN(), m, back, err)
				}
			case !errors.As(err, &me) || me.Reason == "":
				t.Fatalf("%s: %q: %v gives no reason", p.FEN(), text, err)
			}
		}
	})
}

// FuzzParseFEN: FEN text never panics; a parsed setup prints to a FEN that
// parses to the same setup, and a valid one to the same position.
// FuzzCutProse: a cut splits the text in two, a well-formed move and
// prose starting with a letter.
func FuzzCutProse(f *testing.F) {
	for _, s := range []string{"8-11Redoversteppedthetimecontrolonthismove.", "9-14", "22x15x8x", "9-xRed", "1x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		move, prose, ok := CutProse(text)
		if !ok {
			return
		}
		if _, err := ParseMove(move); err != nil || move+prose != text || !unicode.IsLetter(rune(prose[0])) {
			t.Fatalf("%q cut into %q and %q: %v", text, move, prose, err)
		}
	})
}

func FuzzParseFEN(f *testing.F) {
	for _, file := range []string{"english.perft", "edge-cases.perft"} {
		for _, c := range loadPerft(f, file) {
			f.Add(c.FEN)
		}
	}
	for _, s := range []string{"B:W21-32:B1-12", "B:B1-12:W21-32.", "W:W:B012,K016", "B:W1:B2:W3", "B:WK:B3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ParseFEN(text)
		if err != nil {
			return
		}
		again, err := ParseFEN(s.FEN())
		if err != nil || again != s {
			t.Fatalf("%q prints as %q, which reads as %+v, %v", text, s.FEN(), again, err)
		}
		if p, err := NewPosition(s); err == nil && p.Setup() != s {
			t.Fatalf("%q: position %s differs from its setup", text, p)
		}
	})
}

// FuzzReadPDN: PDN text never panics; games that read write to PDN that
// reads back to the same games. Seeds: the samples, a converter's prose,
// notes in parentheses and parentheses never closed.
func FuzzReadPDN(f *testing.F) {
	for _, s := range pdnSamples {
		f.Add(s)
	}
	f.Add("1. 11-15Blacklostontime. 0-1")
	f.Add("1. 11-15 23-18 (Now the evaluation jumped to +76.) 2. 8-11 (Red must play 7-10* to stay in the game.) 27-23 (2... 24-19) 1/2-1/2")
	f.Add("[Event \"a\"]\n1. 11-15 (never closed, (a) 1-0 {x}\n[Event \"b\"]\n1. 9-14 (prose } here) (22-18 {c\n[d]}\n")
	f.Fuzz(func(t *testing.T, text string) {
		games, err := ReadPDN(strings.NewReader(text))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := WritePDN(&buf, games...); err != nil {
			t.Fatal(err)
		}
		again, err := ReadPDN(&buf)
		if err != nil {
			t.Fatalf("rewritten PDN does not read: %v\n%s", err, buf.String())
		}
		for i := range games {
			// WritePDN writes a "}" in a comment as ")"; prose in
			// parentheses can hold one.
			games[i].Comments = slices.Clone(games[i].Comments)
			for j, c := range games[i].Comments {
				games[i].Comments[j] = strings.ReplaceAll(c, "}", ")")
			}
		}
		if !sameRecords(games, again) {
			t.Fatalf("round trip changed the games:\n%s", buf.String())
		}
	})
}

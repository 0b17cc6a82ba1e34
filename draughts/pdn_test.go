package draughts

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/baten-chess/baten/rules"
)

// pdnSamples are PDN texts in the shapes real files use (CheckerBoard's
// 1-0 results and tag order, PDN 3.0 results, set-up positions, move
// numbers for White, annotations, variations), plus broken ones, for the
// tests and as fuzz seeds.
var pdnSamples = []string{
	`[Event "Sample"]
[Black "Black player"]
[White "White player"]
[Result "1-0"]
[GameType "21"]

1. 9-14 23-19 2. 5-9 21-17 3. 14x21 {forced} 19-15 4. 10x19 24x15 5. 11x18 22x15
6. 8-11 15x8 7. 4x11 25-22 (7... 30-25 8. 11-15 {a side line}) 8. 9-14 28-24
9. 12-16 22-18 10. 14x23 26x19x12 11. 11-16 27-23 12. 6-9 30-26 13. 21-25 29x22
14. 9-13 23-18 15. 2-6 24-19 16. 16x23x30 31-26 17. 30x14 1-0
`,
	`[Event "Loop"]
[FEN "W:WK10:B14,15,22,23"]
{White to play and win}
1... 10x17x26x19x10! $1 {clockwise} 0-2
`,
	`1. 11-15 23-19 2. 08-11 22-17 1/2-1/2

[Event "Second game"]
[Result "2-0"]
1.9-13 *
`,
	`% an escape line
[Event "Empty"]
[Result "0-0"]
`,
	`[Event "Broken"] 1. 9-14 {never closed`,
	`[GameType "20"] 1. 32-28 *`,
	`1. 9-14 9-14 *`,
}

// replay checks a record's moves with the reference generator, by their
// landing squares, and returns the final position's FEN it reaches.
func replay(t *testing.T, r Record) string {
	t.Helper()
	p, err := rules.ParseFEN(rules.EnglishDraughts(), r.Start.FEN())
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range r.Moves {
		if p, err = p.PlayText(algebraic(m)); err != nil {
			t.Fatalf("reference rejects %v: %v", m, err)
		}
	}
	return p.FEN()
}

func TestReadPDN(t *testing.T) {
	games, err := ReadPDN(strings.NewReader(pdnSamples[0] + "\n" + pdnSamples[1] + "\n" + pdnSamples[2] + pdnSamples[3]))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 5 {
		t.Fatalf("%d games, want 5", len(games))
	}
	for i, want := range []struct {
		event  string
		plies  int
		result Result
	}{{"Sample", 33, BlackWins}, {"Loop", 1, WhiteWins}, {"", 4, Drawn}, {"Second game", 1, Unfinished}, {"Empty", 0, DoubleForfeit}} {
		g := games[i]
		event, _ := g.Tag("Event")
		if event != want.event || len(g.Moves) != want.plies || g.Result != want.result {
			t.Errorf("game %d: %q, %d plies, %v; want %q, %d, %v", i+1, event, len(g.Moves), g.Result, want.event, want.plies, want.result)
		}
		if got, ref := g.Final().FEN(), replay(t, g); got != ref {
			t.Errorf("game %d ends in %s, reference %s", i+1, got, ref)
		}
	}
	if c := games[0].Comments; c[5] != "forced" || len(c) != 34 || c[0] != "" {
		t.Errorf("comments %q", c)
	}
	if c := games[1].Comments; !slices.Equal(c, []string{"White to play and win", "clockwise"}) {
		t.Errorf("comments %q", c)
	}
	if m := games[0].Moves[32]; m.String() != "30x23x14" {
		t.Errorf("30x14 read as %v", m)
	}
	if games[1].Start.Turn() != White {
		t.Errorf("FEN tag ignored")
	}
}

// TestPDNResults: every result form reads to its meaning; in English
// draughts 1-0 is a win for Black, the first player.
func TestPDNResults(t *testing.T) {
	for text, want := range map[string]Result{"1-0": BlackWins, "2-0": BlackWins, "0-1": WhiteWins, "0-2": WhiteWins,
		"1/2-1/2": Drawn, "1-1": Drawn, "0-0": DoubleForfeit, "*": Unfinished} {
		games, err := ReadPDN(strings.NewReader("1. 9-14 " + text))
		if err != nil || len(games) != 1 || games[0].Result != want {
			t.Errorf("%s: %+v, %v; want %v", text, games, err, want)
		}
	}
	if got := (Outcome{Winner: Black}).Result(); got != BlackWins || got.String() != "2-0" {
		t.Errorf("a Black win is %v", got)
	}
}

func TestPDNErrors(t *testing.T) {
	for _, tt := range []struct {
		text string
		err  error
		line int
	}{
		{pdnSamples[4], ErrPDN, 1},
		{pdnSamples[5], ErrPDN, 1},
		{pdnSamples[6], ErrIllegalMove, 1},
		{"1. 9-14 22-18\n2. 14x23 *", ErrIllegalMove, 2},
		{"[FEN \"W:WK10:B14,15,22,23\"]\n1... 10x10 *", ErrAmbiguousMove, 2},
		{"[FEN \"B:W1-13:B30\"] *", ErrInvalidPosition, 1},
		{"[FEN \"B:W1:B\" *", ErrPDN, 1},
		{"[Result \"3-0\"]\n1. 9-14", ErrPDN, 1},
		{"1. 9-14 (22-18 {never closed", ErrPDN, 1},
		{"1. 9-14 ) *", ErrPDN, 1},
		{"x. 9-14 *", ErrPDN, 1},
		{"1. 9-14 22-18 2. 14?x23 *", ErrMoveText, 1},
	} {
		_, err := ReadPDN(strings.NewReader(tt.text))
		var pe *PDNError
		if !errors.Is(err, tt.err) || !errors.As(err, &pe) || pe.Line != tt.line || pe.Token == "" {
			t.Errorf("%q: %v, want %v on line %d", tt.text, err, tt.err, tt.line)
		}
	}
}

// TestPDNRoundTrip: random games with tags (quotes and backslashes
// included), comments and set-up starts write to PDN that reads back to
// the same records.
func TestPDNRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	starts := []Position{Start(), mustPosition(t, "W:WK10:B14,15,22,23"), mustPosition(t, "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29")}
	var records []Record
	for g := range 60 {
		r := Record{Start: starts[g%len(starts)], Result: Result(g % 5), Comments: []string{""},
			Tags: []Tag{{"Event", `Game "` + string(rune('A'+g%26)) + `" \ test`}, {"Round", "1"}}}
		p := r.Start
		for ply := 0; ply < 120; ply++ {
			var ml MoveList
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			m := ml.At(rng.IntN(ml.Len()))
			r.Moves = append(r.Moves, m)
			comment := ""
			if rng.IntN(10) == 0 {
				comment = "note on " + m.String()
			}
			r.Comments = append(r.Comments, comment)
			p = p.Play(m)
		}
		records = append(records, r)
	}
	var buf bytes.Buffer
	if err := WritePDN(&buf, records...); err != nil {
		t.Fatal(err)
	}
	again, err := ReadPDN(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if !sameRecords(records, again) {
		t.Errorf("round trip changed the games")
	}
	for _, line := range strings.Split(buf.String(), "\n") {
		if len(line) >= 80 {
			t.Errorf("line of %d columns: %s", len(line), line)
		}
	}
}

func sameRecords(a, b []Record) bool {
	return slices.EqualFunc(a, b, func(x, y Record) bool {
		return x.Start == y.Start && x.Result == y.Result && slices.Equal(x.Tags, y.Tags) &&
			slices.Equal(x.Moves, y.Moves) && slices.Equal(x.Comments, y.Comments)
	})
}

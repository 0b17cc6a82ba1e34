package draughts

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/baten-chess/baten/internal/perftdata"
)

// TestBallotTable: the embedded table equals ../shared/data/draughts/
// ballots.txt line by line: number, moves, deck flags and name.
func TestBallotTable(t *testing.T) {
	dir, err := perftdata.Dir()
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(dir, "draughts", "ballots.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	flags := map[string]Deck{"CROSSBOARD": Crossboard, "MAILPLAY": MailPlay, "BARRED": Barred, "CTD": ComputerTough}
	table := Ballots()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		cols := strings.Split(line, "\t")
		num, _ := strconv.Atoi(cols[0])
		var decks Deck
		for _, name := range strings.Split(cols[2], "|") {
			decks |= flags[name]
		}
		want := Ballot{Number: num, Decks: decks}
		copy(want.Moves[:], strings.Fields(cols[1]))
		if len(cols) > 3 {
			want.Name = cols[3]
		}
		if n >= len(table) || table[n] != want {
			t.Errorf("line %q: table has %+v", line, table[min(n, len(table)-1)])
		}
		n++
	}
	if n != 174 || len(table) != 174 {
		t.Errorf("%d lines, %d ballots; want 174", n, len(table))
	}
	barred := 0
	for _, b := range table {
		if b.Decks&Barred != 0 {
			barred++
		}
	}
	if b, _ := BallotByNumber(26); barred != 18 || b.Decks&Barred == 0 {
		t.Errorf("%d barred (want 18, leaving the 156-ballot deck), #26 %+v", barred, b)
	}
}

// Lemma ballots_preserve_balance: every ballot is three legal plies from
// the start, reaching a valid position with White to move, in which no side
// is more than one piece down, and a side one piece down (only after a
// ballot ending in a capture) is to move and must recapture.
func TestBallotsPreserveBalance(t *testing.T) {
	for _, b := range Ballots() {
		p, err := ApplyBallot(b.Number)
		if err != nil {
			t.Errorf("ballot %d: %v", b.Number, err)
			continue
		}
		if q, err := NewPosition(p.Setup()); err != nil || q != p || p.Turn() != White {
			t.Errorf("ballot %d: %s not a valid position with White to move: %v", b.Number, p, err)
		}
		black, white := p.Pieces(Black).Count(), p.Pieces(White).Count()
		captured := strings.Contains(b.Moves[2], "x")
		switch {
		case p.Kings(Black)|p.Kings(White) != 0, black != 12,
			captured && white != 11, !captured && white != 12:
			t.Errorf("ballot %d %v: %d black, %d white pieces", b.Number, b.Moves, black, white)
		case captured:
			var ml MoveList
			p.LegalMoves(&ml)
			if ml.Len() == 0 || !ml.At(0).IsCapture() {
				t.Errorf("ballot %d %v: White cannot recapture", b.Number, b.Moves)
			}
		}
	}
	for _, n := range []int{0, 175} {
		if _, err := ApplyBallot(n); !errors.Is(err, ErrUnknownBallot) {
			t.Errorf("ApplyBallot(%d): %v", n, err)
		}
	}
}

package san_test

import (
	"bufio"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/san"
)

// readTSV returns the data rows (comment lines skipped) of a file under
// shared/data/pgn, each with its line number.
func readTSV(t *testing.T, name string) (rows [][]string, lines []int) {
	t.Helper()
	dir, err := perftdata.Dir()
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(dir, "pgn", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		rows = append(rows, strings.Split(text, "\t"))
		lines = append(lines, line)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(rows) == 0 {
		t.Fatalf("%s: no rows", name)
	}
	return rows, lines
}

func position(t *testing.T, fen string) chess.Position {
	t.Helper()
	s, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	p, err := chess.NewPosition(s)
	if err != nil {
		t.Fatalf("NewPosition(%q): %v", fen, err)
	}
	return p
}

func legalMoves(p *chess.Position) []chess.Move {
	var ml chess.MoveList
	p.LegalMoves(&ml)
	return slices.Clone(ml.Slice())
}

// TestSANEdgeCases checks every row of san_edge_cases.tsv: single moves
// (Format, ParseMove, the position after), castling-move counts, and the
// whole-position lists of legal SAN compared as sets.
func TestSANEdgeCases(t *testing.T) {
	rows, lines := readTSV(t, "san_edge_cases.tsv")
	if len(rows) != 44 {
		t.Errorf("san_edge_cases.tsv: %d rows, want 44", len(rows))
	}
	for i, row := range rows {
		if len(row) < 6 {
			t.Fatalf("line %d: %d fields", lines[i], len(row))
		}
		category, fen, c960, uci, want, fenAfter := row[0], row[1], row[2] == "1", row[3], row[4], row[5]
		t.Run(strconv.Itoa(lines[i])+"-"+category, func(t *testing.T) {
			p := position(t, fen)
			switch {
			case uci == "*":
				var got []string
				for _, m := range legalMoves(&p) {
					got = append(got, san.Format(&p, m))
				}
				wantList := strings.Fields(want)
				slices.Sort(got)
				slices.Sort(wantList)
				if !slices.Equal(got, wantList) {
					t.Errorf("legal SAN:\n got %v\nwant %v", got, wantList)
				}
				for _, text := range got {
					if _, err := san.ParseMove(&p, text); err != nil {
						t.Errorf("ParseMove(%q): %v", text, err)
					}
				}
			case uci == "-":
				n, err := strconv.Atoi(strings.TrimPrefix(want, "legal castling moves="))
				if err != nil {
					t.Fatalf("bad count %q", want)
				}
				got := 0
				for _, m := range legalMoves(&p) {
					if m.IsCastling() {
						got++
						if s := strings.TrimRight(san.Format(&p, m), "+#"); s != "O-O" && s != "O-O-O" {
							t.Errorf("castling %s formats as %q", m.UCI(true), s)
						}
					}
				}
				if got != n {
					t.Errorf("legal castling moves = %d, want %d", got, n)
				}
			default:
				m, err := p.ParseUCI(uci)
				if err != nil {
					t.Fatal(err)
				}
				if got := san.Format(&p, m); got != want {
					t.Errorf("Format(%s) = %q, want %q", uci, got, want)
				}
				r, err := san.ParseMove(&p, want)
				if err != nil {
					t.Fatalf("ParseMove(%q): %v", want, err)
				}
				if got := r.UCI(c960); got != uci {
					t.Errorf("ParseMove(%q) = %s, want %s", want, got, uci)
				}
				mode := chess.CastlingClassic
				if c960 {
					mode = chess.CastlingShredder
				}
				q := p
				q.Play(r)
				if got := q.FEN(mode); got != fenAfter {
					t.Errorf("after %s:\n got %s\nwant %s", want, got, fenAfter)
				}
			}
		})
	}
}

// TestSANParseCases checks every row of san_parse_cases.tsv: lenient
// inputs resolve to the expected move, the others fail with the expected
// kind of error. The input column writes a newline as the two characters
// backslash and n.
func TestSANParseCases(t *testing.T) {
	rows, lines := readTSV(t, "san_parse_cases.tsv")
	if len(rows) != 15 {
		t.Errorf("san_parse_cases.tsv: %d rows, want 15", len(rows))
	}
	kinds := map[string]error{"invalid": san.ErrInvalid, "illegal": san.ErrIllegal, "ambiguous": san.ErrAmbiguous}
	for i, row := range rows {
		if len(row) < 3 {
			t.Fatalf("line %d: %d fields", lines[i], len(row))
		}
		fen, input, want := row[0], strings.ReplaceAll(row[1], `\n`, "\n"), row[2]
		t.Run(strconv.Itoa(lines[i])+"-"+strconv.Quote(input), func(t *testing.T) {
			p := position(t, fen)
			m, err := san.ParseMove(&p, input)
			if kind, ok := strings.CutPrefix(want, "ERROR:"); ok {
				sentinel := kinds[kind]
				if sentinel == nil {
					t.Fatalf("unknown error kind %q", kind)
				}
				var e *san.Error
				if !errors.Is(err, sentinel) || !errors.As(err, &e) {
					t.Fatalf("ParseMove(%q) = %v, %v; want *Error wrapping %v", input, m, err, sentinel)
				}
				if e.Text != input || !strings.Contains(err.Error(), strconv.Quote(input)) {
					t.Errorf("error %q does not name the move %q", err, input)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseMove(%q): %v", input, err)
			}
			if got := m.UCI(false); got != want {
				t.Errorf("ParseMove(%q) = %s, want %s", input, got, want)
			}
		})
	}
}

// TestMoveRoundtrip checks the lemmas move_roundtrip and
// parse_move_inverse: Resolve(Parse(Format(p, m))) == m for every legal
// move m of every position of seeded random games, from the classic start
// and from random Chess960 starts.
func TestMoveRoundtrip(t *testing.T) {
	want := 250_000
	if race.Enabled {
		want = 50_000 // a fifth, still meeting every kind of move: the race run looks for data races
	}
	rng := rand.New(rand.NewPCG(1, 960))
	start := time.Now()
	moves, games := 0, 0
	var castles, c960Castles, promotions, enPassants, mates int
	for moves < want {
		c960 := games%2 == 1
		games++
		p := chess.Startpos()
		if c960 {
			p, _ = chess.Chess960Random(rng)
		}
		for ply := 0; ply < 120; ply++ {
			legal := legalMoves(&p)
			if len(legal) == 0 {
				break
			}
			for _, m := range legal {
				text := san.Format(&p, m)
				s, err := san.Parse(text)
				if err != nil {
					t.Fatalf("%s: Parse(Format(%s) = %q): %v", p.FEN(chess.CastlingShredder), m.UCI(true), text, err)
				}
				got, err := s.Resolve(&p)
				if err != nil || got != m {
					t.Fatalf("%s: Resolve(Parse(%q)) = %s, %v; want %s", p.FEN(chess.CastlingShredder), text, got.UCI(true), err, m.UCI(true))
				}
				if again, err := san.Parse(s.String()); err != nil || again != s {
					t.Fatalf("Parse(%q.String() = %q) = %+v, %v", text, s.String(), again, err)
				}
				if got, err := san.ParseMove(&p, m.UCI(true)); err != nil || got != m {
					t.Fatalf("%s: ParseMove(%q) = %s, %v", p.FEN(chess.CastlingShredder), m.UCI(true), got.UCI(true), err)
				}
				switch {
				case m.IsCastling():
					castles++
					if c960 {
						c960Castles++
					}
				case m.Promotion() != chess.NoRole:
					promotions++
				case m.IsEnPassant():
					enPassants++
				}
				if strings.HasSuffix(text, "#") {
					mates++
				}
				moves++
			}
			p.Play(legal[rng.IntN(len(legal))])
		}
	}
	t.Logf("%d moves in %d games, %v: %d castling (%d Chess960), %d promotions, %d en passant, %d mates",
		moves, games, time.Since(start), castles, c960Castles, promotions, enPassants, mates)
	if c960Castles == 0 || castles == c960Castles || promotions == 0 || enPassants == 0 || mates == 0 {
		t.Error("the random games missed a kind of move; change the seed or the game length")
	}
}

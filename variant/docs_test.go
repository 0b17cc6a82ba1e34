package variant_test

// TestDocs checks the examples of docs/variants-ini.md, the page for
// players who write their own variants.ini files. The convention:
//
//   - Every fenced block opened with ```ini is a complete variants.ini
//     file: it must load through variant.LoadINI with the built-in games
//     as possible parents (variant.Builtin()), as `baten --variants` loads
//     it, and each of its games must register beside the built-in ones
//     and have legal moves in its start position.
//   - A block opened with ```ini error is a file that must not load. Its
//     first comment line (a line starting with '#' or ';') says how it
//     fails: the text after the comment marker, trimmed, must occur in the
//     error's message.
//   - Other blocks (```sh, ```text) are not read.
//
// Besides, every key the loader supports must appear in some loading
// example (the page gives an example per key), and the games in
// docsPerft must count as Fairy-Stockfish counts them.

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/variant"
)

// docsBlock is one fenced ini block of the page.
type docsBlock struct {
	line    int // of the opening fence
	isError bool
	text    string
}

func docsBlocks(t *testing.T, path string) []docsBlock {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var (
		out  []docsBlock
		cur  *docsBlock
		in   bool // inside any fenced block
		body strings.Builder
	)
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		fence := strings.HasPrefix(strings.TrimSpace(line), "```")
		switch {
		case fence && !in:
			in = true
			info := strings.Fields(strings.TrimPrefix(strings.TrimSpace(line), "```"))
			if len(info) > 0 && info[0] == "ini" {
				cur = &docsBlock{line: n, isError: len(info) > 1 && info[1] == "error"}
				if len(info) > 1 && !cur.isError || len(info) > 2 {
					t.Errorf("%s:%d: unknown block marker %q (want ```ini or ```ini error)", path, n, line)
				}
				body.Reset()
			}
		case fence && in:
			in = false
			if cur != nil {
				cur.text = body.String()
				out = append(out, *cur)
				cur = nil
			}
		case cur != nil:
			body.WriteString(line + "\n")
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if in {
		t.Fatalf("%s: a fenced block is not closed", path)
	}
	return out
}

// docsWant is the text an error block's first comment line requires.
func docsWant(text string) string {
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "#") || strings.HasPrefix(l, ";") {
			return strings.TrimSpace(l[1:])
		}
	}
	return ""
}

// docsKeys are the keys variant.LoadINI sets (not the ignored ones): the
// page must show each in a loading example.
var docsKeys = []string{
	"maxFile", "maxRank", "startFen", "customPiece1",
	"promotionRank", "promotionPieceTypes", "promotionLimit", "mandatoryPawnPromotion",
	"promotedPieceType", "mandatoryPiecePromotion",
	"doubleStep", "doubleStepRank", "doubleStepRankMin",
	"castling", "castlingKingsideFile", "castlingQueensideFile", "castlingRank",
	"castlingKingPiece", "castlingRookPiece", "kingType",
	"checking", "chess960", "checkmateValue", "stalemateValue",
	"extinctionValue", "extinctionPieceTypes", "extinctionClaim",
	"extinctionPieceCount", "extinctionOpponentPieceCount",
	"extinctionPseudoRoyal", "bareKingValue", "bareKingMove", "enPassantRegion",
	"nMoveRule", "nFoldRule", "nFoldValue", "nFoldValueAbsolute", "gating", "cambodianMoves",
	"countingRule",
	"flagPiece", "flagPieceWhite", "flagPieceBlack", "flagRegion", "flagRegionWhite", "flagRegionBlack", // flag family
	"whiteFlag", "blackFlag", "flagPieceCount", "flagPieceBlockedWin", "flagMove", "flagPieceSafe", // flag family
	"connectN", "connectPieceTypes", "connectHorizontal", "connectVertical", "connectDiagonal", "connectRegion1White", // family: connection
	"connectRegion2White", "connectRegion1Black", "connectRegion2Black", "connectNxN", "collinearN", "connectValue", // family: connection
	"variantTemplate", "pieceToCharTable", "pocketSize", "pieceValueMg", "pieceValueEg",
}

// docsPerft are start-position counts of the page's examples, computed by
// Fairy-Stockfish 11.1 (/usr/games/fairy-stockfish) from the very block
// of the page saved as a file:
//
//	setoption name VariantPath value centaurs.ini
//	setoption name UCI_Variant value centaurs
//	position startpos
//	go perft 1    → 28
//	go perft 2    → 784
//	go perft 3    → 25784
//
// The same for norace (checking = false), extinct (extinction chess,
// without a royal piece) and lastpair (extinction of all pieces with
// counts), whose counts reach a decided position or a forbidden check.
var docsPerft = map[string][]uint64{
	"centaurs": {1: 28, 2: 784, 3: 25784},
	"norace":   {1: 21, 2: 421, 3: 11264},
	"extinct":  {1: 20, 2: 400, 3: 8902},
	"lastpair": {1: 9, 2: 63, 3: 644},
	// Fairy-Stockfish HEAD (../shared/tools/fairy-stockfish) for the flag
	// family's examples: a race is won at depth 2 in queenhill.
	"kingrace":     {1: 20, 2: 400, 3: 8902},
	"knightsquare": {1: 20, 2: 400, 3: 8902},
	"queenhill":    {1: 20, 2: 400, 3: 8010},
}

func TestDocs(t *testing.T) {
	const path = "../docs/variants-ini.md"
	blocks := docsBlocks(t, path)
	if len(blocks) == 0 {
		t.Fatalf("%s has no ```ini blocks", path)
	}
	used := map[string]bool{}
	perftDone := map[string]bool{}
	for _, b := range blocks {
		t.Run("line"+strconv.Itoa(b.line), func(t *testing.T) {
			vs, err := variant.LoadINI(strings.NewReader(b.text), "my.ini", variant.Builtin())
			if b.isError {
				want := docsWant(b.text)
				switch {
				case want == "":
					t.Errorf("%s:%d: an error block without a comment line saying the error", path, b.line)
				case err == nil:
					t.Errorf("%s:%d: loaded, want an error containing %q", path, b.line, want)
				case !strings.Contains(err.Error(), want):
					t.Errorf("%s:%d: error\n\t%v\nwant it to contain\n\t%s", path, b.line, err, want)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s:%d: %v", path, b.line, err)
			}
			for _, l := range strings.Split(b.text, "\n") {
				if k, _, ok := strings.Cut(l, "="); ok && !strings.HasPrefix(strings.TrimSpace(l), "#") {
					used[strings.TrimSpace(k)] = true
				}
			}
			games := variant.Builtin()
			for _, v := range vs {
				if err := games.Register(v); err != nil {
					t.Errorf("%s:%d: %v", path, b.line, err)
				}
				if n, err := variant.Perft(context.Background(), v.Start(), 1, 1); err != nil || n == 0 {
					t.Errorf("%s:%d: %s: perft 1 = %d, %v: no legal move in the start position", path, b.line, v.Name, n, err)
				}
				want, ok := docsPerft[v.Name]
				if !ok {
					continue
				}
				perftDone[v.Name] = true
				for depth := 1; depth < len(want); depth++ {
					if depth == 3 && (testing.Short() || race.Enabled) {
						break
					}
					n, err := variant.Perft(context.Background(), v.Start(), depth, 2)
					if err != nil {
						t.Fatal(err)
					}
					if n != want[depth] {
						t.Errorf("%s: perft %d = %d, Fairy-Stockfish counts %d", v.Name, depth, n, want[depth])
					}
				}
			}
		})
	}
	for _, k := range docsKeys {
		if !used[k] {
			t.Errorf("%s: no loading example sets %s", path, k)
		}
	}
	for name := range docsPerft {
		if !perftDone[name] {
			t.Errorf("%s: no example defines %s, whose counts docsPerft holds", path, name)
		}
	}
}

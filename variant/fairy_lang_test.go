package variant_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
	"github.com/baten-chess/baten/variant/ini"
)

// TestLoadINIPartial: one bad section does not hide the good ones. The
// good sections load; the error is a *variant.LoadError with one error a
// bad section, each an *ini.Error naming the line, section and key, and a
// section whose parent did not load says so; errors.Is still finds
// ErrDuplicate among them.
func TestLoadINIPartial(t *testing.T) {
	const text = `[first:chess]
nMoveRule = 60

[broken:chess]
frobnicate = 3

[child:broken]
maxRank = 8

[gardner:chess]
maxRank = 8

[last:first]
nMoveRule = 70
`
	vs, err := variant.LoadINI(strings.NewReader(text), "part.ini", variant.Builtin())
	var names []string
	for _, v := range vs {
		names = append(names, v.Name)
	}
	if strings.Join(names, " ") != "first last" {
		t.Errorf("loaded %v, want first and last", names)
	}
	var le *variant.LoadError
	if !errors.As(err, &le) || le.Name != "part.ini" || len(le.Sections) != 3 {
		t.Fatalf("error %v, want a LoadError of part.ini with 3 sections", err)
	}
	for i, want := range []struct {
		line     int
		section  string
		key, msg string
	}{
		{5, "broken", "frobnicate", "unknown or unsupported key"},
		{7, "child", "", "parent [broken] (line 4) did not load"},
		{10, "gardner", "", "already taken"},
	} {
		var ie *ini.Error
		if !errors.As(le.Sections[i], &ie) || ie.Line != want.line || ie.Section != want.section || ie.Key != want.key ||
			!strings.Contains(ie.Msg, want.msg) || !strings.HasPrefix(le.Sections[i].Error(), "part.ini: line ") {
			t.Errorf("section error %d: %v, want line %d [%s] key %q: %s", i, le.Sections[i], want.line, want.section, want.key, want.msg)
		}
	}
	if !errors.Is(err, variant.ErrDuplicate) {
		t.Errorf("%v does not wrap ErrDuplicate", err)
	}
	if !strings.HasPrefix(err.Error(), "3 sections of part.ini did not load:\npart.ini: line 5: ") {
		t.Errorf("error text %q", err)
	}
	// A file that is not well formed is one error and no games.
	vs, err = variant.LoadINI(strings.NewReader("[a:chess]\nwhat is this\n"), "bad.ini", variant.Builtin())
	if vs != nil || err == nil || errors.As(err, &le) {
		t.Errorf("malformed file: %v, %v; want no games and a plain error", vs, err)
	}
}

// TestLoadINILetterReuse: a piece may take the letter of a piece the
// section removes, wherever the removal stands, or of an inherited piece,
// which it then replaces (Fairy-Stockfish: "resetting the original p
// piece with pawn = - is optional as already done implicitly"); two pieces
// the section defines with one letter stay an error. The count is by
// hand: the new P (mfsWcfF, no double step) has its 8 single steps at the
// start (every sideways step blocked), the knights their 4 moves.
func TestLoadINILetterReuse(t *testing.T) {
	for _, text := range []string{
		"[v:chess]\ncustomPiece1 = p:mfsWcfF\npawn = -\n",
		"[v:chess]\npawn = -\ncustomPiece1 = p:mfsWcfF\n",
		"[v:chess]\ncustomPiece1 = p:mfsWcfF\n",
	} {
		vs, err := variant.LoadINI(strings.NewReader(text), "reuse.ini", variant.Builtin())
		if err != nil {
			t.Errorf("%q: %v", text, err)
			continue
		}
		kinds := vs[0].Rules().Pieces
		n := 0
		for _, k := range kinds {
			if k.Letter == 'P' {
				n++
				if k.Name != "customPiece1" {
					t.Errorf("%q: P is the %s", text, k.Name)
				}
			}
		}
		if n != 1 {
			t.Errorf("%q: %d kinds with the letter P", text, n)
		}
		if got, _ := variant.Perft(context.Background(), vs[0].Start(), 1, 1); got != 12 {
			t.Errorf("%q: perft 1 = %d, want 12", text, got)
		}
	}
	_, err := variant.LoadINI(strings.NewReader("[v:chess]\ncustomPiece1 = p:mfsWcfF\npawn = p\n"), "reuse.ini", variant.Builtin())
	var ie *ini.Error
	if !errors.As(err, &ie) || ie.Line != 3 && ie.Line != 2 || !strings.Contains(ie.Msg, "already") {
		t.Errorf("two pieces of the section with one letter: %v", err)
	}
}

// TestLoadINIColourKeys: the per-colour keys load when the two colours'
// settings mirror each other, override the keys for both colours
// whatever their order, and are otherwise an error naming the key.
// (TestFSFExampleSections counts the sections of Fairy-Stockfish's file
// that use them: semitorpedo's double-step region, petty's and shinobi's
// promotion regions, …)
func TestLoadINIColourKeys(t *testing.T) {
	load := func(text string) (*variant.Variant, error) {
		vs, err := variant.LoadINI(strings.NewReader(text), "c.ini", variant.Builtin())
		if err != nil {
			return nil, err
		}
		return vs[0], nil
	}
	// promotionRegionWhite/Black after or before promotionRank: the
	// regions win, as Fairy-Stockfish reads the old key first.
	for _, text := range []string{
		"[v:chess]\npromotionRegionWhite = *6 *7 *8\npromotionRegionBlack = *3 *2 *1\npromotionRank = 8\n",
		"[v:chess]\npromotionRank = 8\npromotionRegionBlack = *1 *2 *3\npromotionRegionWhite = *6 *7 *8\n",
	} {
		v, err := load(text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		for _, k := range v.Rules().Pieces {
			if k.Name == "pawn" && (k.Promotion == nil || !slices.Equal(k.Promotion.Ranks, []int{6, 7, 8})) {
				t.Errorf("%q: pawn promotes %+v, want on ranks 6-8", text, k.Promotion)
			}
		}
	}
	// doubleStepRegion: white from ranks 2-3, black mirrored.
	v, err := load("[v:chess]\ndoubleStepRegionWhite = *2 *3\ndoubleStepRegionBlack = *7 *6\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range v.Rules().Pieces {
		if k.Name == "pawn" && (k.InitialRankMin != 2 || k.InitialRank != 3) {
			t.Errorf("double step from ranks %d..%d, want 2..3", k.InitialRankMin, k.InitialRank)
		}
	}
	// pawnTypes gives a custom pawn the pawn's roles.
	v, err = load("[v:chess]\ncustomPiece1 = p:fmWfcF\npawnTypes = p\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range v.Rules().Pieces {
		if k.Letter == 'P' && (k.Promotion == nil || !k.EnPassant || !k.ResetsClock) {
			t.Errorf("custom pawn with pawnTypes: %+v", k)
		}
	}
	for _, tc := range []struct{ text, key, want string }{
		// en passant squares: triple steps and castling rooks of several kinds and by colour load
		{"[v:chess]\nenPassantTypes = z\n", "enPassantTypes", "no piece"},
		{"[v:chess]\npromotionRegionWhite = *9x\n", "promotionRegionWhite", "want squares"},
	} {
		_, err := load(tc.text)
		var ie *ini.Error
		if !errors.As(err, &ie) || ie.Key != tc.key || !strings.Contains(ie.Msg, tc.want) {
			t.Errorf("%q: %v, want key %s: %s", tc.text, err, tc.key, tc.want)
		}
	}
}

// TestLoadINIColourCounts: docs/variants-ini.md's twozone (promotion
// regions and a custom pawn by promotionPawnTypes) and semi (a double-step
// region of two ranks) count what Fairy-Stockfish c19b5f6 counts, loading
// the same sections by VariantPath (go perft from the start and from a
// position with pawns near their zones).
func TestLoadINIColourCounts(t *testing.T) {
	const text = `[twozone:chess]
customPiece1 = w:mfWcfF
promotionRegionWhite = *7 *8
promotionRegionBlack = *2 *1
promotionPawnTypes = w
startFen = rnbqkbnr/wwwwwwww/8/8/8/8/WWWWWWWW/RNBQKBNR w KQkq - 0 1

[semi:chess]
doubleStepRegionWhite = *2 *3
doubleStepRegionBlack = *7 *6
`
	vs, err := variant.LoadINI(strings.NewReader(text), "doc.ini", variant.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		v     int
		fen   string
		depth int
		want  uint64
	}{
		{0, "", 3, 2124},
		{0, "4k3/8/1W6/8/8/6w1/8/4K3 w - - 0 1", 4, 7543},
		{1, "", 3, 9054},
		{1, "4k3/8/p7/8/8/P7/8/4K3 w - - 0 1", 4, 2684},
	} {
		p := vs[c.v].Start()
		if c.fen != "" {
			if p, err = vs[c.v].FromFEN(c.fen); err != nil {
				t.Fatal(err)
			}
		}
		if got, err := variant.Perft(context.Background(), p, c.depth, 1); err != nil || got != c.want {
			t.Errorf("%s %q perft %d: %d (%v), Fairy-Stockfish %d", vs[c.v].Name, c.fen, c.depth, got, err, c.want)
		}
	}
}

// TestLoadINIFirstMove: the i (first move) modifier of a piece other than
// the pawn, as Fairy-Stockfish c19b5f6 plays it: the piece has its i moves
// while it stands in the double-step region (ranks 2 and 7 here), none
// with doubleStep = false, and may stand behind that region. Counts are
// Fairy-Stockfish's, from the same sections loaded by VariantPath; the
// reference generator counts the same at depth 2. On a piece with a
// pawn's en passant role (pawnTypes) it is not supported yet: an error.
func TestLoadINIFirstMove(t *testing.T) {
	const text = `[iw:chess]
customPiece1 = c:KifmnD
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPCPPCPP/RNBQKBNR w KQkq - 0 1

[iw2:iw]
doubleStep = false
`
	vs, err := variant.LoadINI(strings.NewReader(text), "iw.ini", variant.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		v     int
		fen   string
		depth int
		want  uint64
	}{
		{0, "", 4, 288760},
		{0, "4k3/8/8/8/8/2C5/1C6/4K3 w - - 0 1", 4, 13600},
		{0, "4k3/8/8/8/8/8/8/2C1K3 w - - 0 1", 3, 565},
		{1, "", 3, 3756},
	} {
		p := vs[c.v].Start()
		if c.fen != "" {
			if p, err = vs[c.v].FromFEN(c.fen); err != nil {
				t.Fatal(err)
			}
		}
		if got, err := variant.Perft(context.Background(), p, c.depth, 1); err != nil || got != c.want {
			t.Errorf("%s %q perft %d: %d (%v), Fairy-Stockfish %d", vs[c.v].Name, c.fen, c.depth, got, err, c.want)
		}
		fen := c.fen
		if fen == "" {
			fen = vs[c.v].Rules().Start
		}
		rp, err := rules.ParseFEN(vs[c.v].Rules(), fen)
		if err != nil {
			t.Fatal(err)
		}
		fast, _ := variant.Perft(context.Background(), p, 2, 1)
		if got := rp.Perft(2); got != fast {
			t.Errorf("%s %q perft 2: reference %d, fast %d", vs[c.v].Name, c.fen, got, fast)
		}
	}
	// en passant squares: a pawn whose en passant captures are not only
	// its capture-only ones, or whose first move leaves its file.
	for _, text := range []string{"[v:chess]\ncustomPiece3 = p:WfcFifmnD\npawnTypes = p\n", "[v:chess]\ncustomPiece3 = p:KifmnA\npawnTypes = p\n"} {
		_, err = variant.LoadINI(strings.NewReader(text), "iw.ini", variant.Builtin())
		var ie *ini.Error
		if !errors.As(err, &ie) || ie.Key != "customPiece3" || !strings.Contains(ie.Msg, "not supported yet: en passant after") {
			t.Errorf("%q: %v", text, err)
		}
	}
}

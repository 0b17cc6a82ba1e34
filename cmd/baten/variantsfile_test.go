package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/baten-chess/baten/variant"
)

// nineByNine is a variant no built-in has, as a player writes it: 9×9,
// a nightrider (NN) and a WAD piece beside the chess pieces.
const nineByNine = `# a player's own game
[ninerider:chess]
castling = false
maxFile = 9
maxRank = 9
customPiece1 = h:NN
customPiece2 = w:WAD
promotionPieceTypes = qrbnhw
startFen = rnbhkwbnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBHKWBNR w - - 0 1
`

// TestVariantsFile: --variants adds a player's file to every command: the
// game is listed, counted as the reference generator counts it, played in
// baten play and searched through baten uci, with no code change.
func TestVariantsFile(t *testing.T) {
	path := tempWriter(t)("nine.ini", nineByNine)
	var listed []variantInfo
	out, _, err := baten(t, "variants", "--json", "--variants", path)
	if err != nil || json.Unmarshal([]byte(out), &listed) != nil || listed[len(listed)-1].Name != "ninerider" || listed[len(listed)-1].Board != "9x9" {
		t.Fatalf("variants --variants: %v %s", err, out)
	}

	// perft through the command equals rules' own count of the same rules.
	games, skipped, err := loadVariantsFile(path, variant.Builtin())
	if err != nil || skipped != nil {
		t.Fatal(err)
	}
	v, err := games.Lookup("ninerider")
	if err != nil {
		t.Fatal(err)
	}
	ref, err := newReference(v.Start())
	if err != nil {
		t.Fatal(err)
	}
	want, _ := ref.Perft(context.Background(), 3, 1)
	res := perftJSON(t, "--variants", path, "--variant", "ninerider", "--depth", "3")
	if res.Nodes != want || want == 0 {
		t.Fatalf("perft 3: %d, reference %d", res.Nodes, want)
	}

	// Played: a nightrider move across the board in SAN.
	script := "Hc3\nHxh1\nmoves\nquit\n"
	play := playScript(t, script, "--variant", "ninerider", "--variants", path)
	if !strings.Contains(play, "1. Hc3") || !strings.Contains(play, "1... Hxh1") {
		t.Fatalf("play:\n%s", play)
	}

	// Searched over UCI, by --variants and by the VariantPath option.
	for _, args := range [][]string{{"uci", "--variants", path}, {"uci"}} {
		lines := "setoption name UCI_Variant value ninerider\nposition startpos moves e2e4\ngo depth 2\n"
		if len(args) == 1 {
			lines = "setoption name VariantPath value " + path + "\n" + lines
		}
		best, transcript := uciBestMove(t, args, lines)
		p := v.Start()
		a, _ := p.Parse("e2e4")
		p, _ = p.Play(a)
		if _, err := p.Parse(best); err != nil {
			t.Errorf("%v: bestmove %q is not legal: %v\n%s", args, best, err, transcript)
		}
	}

	// A bad file is one clear error naming the line.
	bad := tempWriter(t)("bad.ini", "[x:chess]\nfrobnicate = 3\n")
	if _, errOut, err := baten(t, "perft", "--variants", bad); err == nil || !strings.Contains(errOut, "line 2") || !strings.Contains(errOut, "frobnicate") {
		t.Fatalf("bad file: %v %q", err, errOut)
	}
}

// TestVariantsFileNameTaken: a file whose section takes a built-in game's
// name gives one line naming the file, the line and the section and saying
// which game has the name, on every command and over UCI's VariantPath.
func TestVariantsFileNameTaken(t *testing.T) {
	path := tempWriter(t)("clash.ini", "# my games\n\n[gardner:chess]\nmaxRank = 8\n")
	want := path + ": line 3: section [gardner]: the name gardner is already taken by the built-in game Gardner minichess"
	for _, cmd := range []string{"perft", "variants", "analyse"} {
		if _, errOut, err := baten(t, cmd, "--variants", path); err == nil || errOut != "baten "+cmd+": --variants: "+want+"\n" {
			t.Errorf("%s: %v, stderr %q\nwant %q", cmd, err, errOut, want)
		}
	}
	_, transcript := uciBestMove(t, []string{"uci"}, "setoption name VariantPath value "+path+"\ngo depth 1\n")
	if !strings.Contains(transcript, "info string setoption VariantPath ignored: "+want+"\n") {
		t.Errorf("uci:\n%s\nwant %q", transcript, want)
	}
}

// TestVariantsFilePartial: one bad section does not hide the good ones:
// the good one loads, the bad one and its child are each one line naming
// the file, line, section and key, on stderr or as UCI info strings.
func TestVariantsFilePartial(t *testing.T) {
	path := tempWriter(t)("part.ini", "[good:chess]\nnMoveRule = 60\n\n[bad:chess]\nfrobnicate = 3\n\n[child:bad]\nmaxRank = 8\n")
	wantBad := path + ": line 5: section [bad]: key \"frobnicate\": unknown or unsupported key"
	wantChild := path + ": line 7: section [child]: parent [bad] (line 4) did not load"
	out, errOut, err := baten(t, "variants", "--variants", path)
	if err != nil || !strings.Contains(out, "good") {
		t.Fatalf("variants: %v\n%s", err, out)
	}
	if errOut != "--variants: section skipped: "+wantBad+"\n--variants: section skipped: "+wantChild+"\n" {
		t.Errorf("stderr %q\nwant the two sections skipped: %q, %q", errOut, wantBad, wantChild)
	}
	_, transcript := uciBestMove(t, []string{"uci"}, "setoption name VariantPath value "+path+"\nsetoption name UCI_Variant value good\ngo depth 1\n")
	for _, want := range []string{"info string variants loaded: good\n", "info string VariantPath: section skipped: " + wantBad + "\n",
		"info string VariantPath: section skipped: " + wantChild + "\n"} {
		if !strings.Contains(transcript, want) {
			t.Errorf("uci:\n%s\nwant %q", transcript, want)
		}
	}
}

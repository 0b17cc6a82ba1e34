package rules

import (
	"slices"
	"testing"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/kinematics"
)

// texts lists the MoveText of p's legal moves from the square from.
func texts(p *Position, from string) []string {
	var out []string
	for _, m := range p.LegalMoves() {
		if m.From.String() == from {
			out = append(out, p.MoveText(m))
		}
	}
	slices.Sort(out)
	return out
}

func fenOf(t *testing.T, v *Variant, fen string) *Position {
	t.Helper()
	p, err := ParseFEN(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// grandLike is a 10×10 game with Grand chess's promotion: optional on
// ranks 8 and 9, compulsory on 10, only to a kind the side has lost.
func grandLike() *Variant {
	v := Chess()
	v.Size = geom.Size{W: 10, H: 10}
	v.Castling = nil
	v.Pieces[0].InitialRank, v.Pieces[0].InitialRankMin = 3, 3
	v.Pieces[0].Promotion = &Promotion{Ranks: []int{8, 9, 10}, To: "QRBN", Optional: true,
		Mandatory: []int{10}, Limit: map[byte]int{'Q': 1, 'R': 2, 'B': 2, 'N': 2}}
	v.Start = "4k5/10/10/10/10/10/10/10/10/4K5 w - - 0 1"
	return v
}

func TestPromotionZoneAndLimit(t *testing.T) {
	v := grandLike()
	// Rank 8: stay a pawn or take a lost kind (the queen is still there).
	p := fenOf(t, v, "4k5/10/10/P9/10/10/10/10/10/Q3K3RR w - - 0 1")
	if got, want := texts(p, "a7"), []string{"a7a8", "a7a8b", "a7a8n"}; !slices.Equal(got, want) {
		t.Errorf("rank 8: %v, want %v", got, want)
	}
	// Rank 10: promotion is compulsory.
	p = fenOf(t, v, "4k5/P9/10/10/10/10/10/10/10/4K3RR w - - 0 1")
	if got, want := texts(p, "a9"), []string{"a9a10b", "a9a10n", "a9a10q"}; !slices.Equal(got, want) {
		t.Errorf("rank 10: %v, want %v", got, want)
	}
	// Nothing lost: the pawn cannot enter the last rank at all.
	p = fenOf(t, v, "4k5/P9/10/10/10/10/10/10/10/QRRBBNNK2 w - - 0 1")
	if got := texts(p, "a9"); len(got) != 0 {
		t.Errorf("nothing to promote to: %v", got)
	}
	// A pawn may stand on rank 9 unpromoted, not on rank 10.
	if _, err := ParseFEN(v, "P3k5/10/10/10/10/10/10/10/10/4K5 w - - 0 1"); err == nil {
		t.Error("a pawn on the last rank was accepted")
	}
}

func TestDoubleStepRanks(t *testing.T) {
	v := grandLike()
	v.Pieces[0].InitialRankMin = 2
	p := fenOf(t, v, "4k5/10/10/10/10/10/10/1P8/P9/4K5 w - - 0 1")
	if got, want := texts(p, "a2"), []string{"a2a3", "a2a4"}; !slices.Equal(got, want) {
		t.Errorf("rank 2: %v, want %v", got, want)
	}
	if got, want := texts(p, "b3"), []string{"b3b4", "b3b5"}; !slices.Equal(got, want) {
		t.Errorf("rank 3: %v, want %v", got, want)
	}
	next, err := p.PlayText("b3b5")
	if err != nil {
		t.Fatal(err)
	}
	if ep, ok := next.EnPassant(); !ok || ep.String() != "b4" {
		t.Errorf("en passant after b3b5: %v %v", ep, ok)
	}
}

func TestCastlingRank(t *testing.T) {
	v := Chess()
	v.Size = geom.Size{W: 10, H: 10}
	v.Castling = &Castling{King: 'K', Rook: 'R', KingTo: [2]int{3, 7}, RookTo: [2]int{4, 6}, Rank: 2}
	p := fenOf(t, v, "10/1r3k2r1/10/10/10/10/10/10/1R3K2R1/10 w KQkq - 0 1")
	got := texts(p, "f2")
	for _, want := range []string{"f2b2", "f2i2"} {
		if !slices.Contains(got, want) {
			t.Errorf("castling %s missing from %v", want, got)
		}
	}
	next, _ := p.PlayText("f2i2")
	if next.At(geom.Square{File: 7, Rank: 1}).Kind != 6 || next.At(geom.Square{File: 6, Rank: 1}).Kind != 4 {
		t.Errorf("after castling: %s", next.FEN())
	}
	if fen := next.FEN(); fen != "10/1r3k2r1/10/10/10/10/10/10/1R4RK2/10 b kq - 1 1" {
		t.Errorf("FEN %s", fen)
	}
}

// A royal knight (knightmate): check is a knight's attack on it.
func TestRoyalKnight(t *testing.T) {
	v := Chess()
	v.Pieces[5].Movement = kinematics.Knight()
	p := fenOf(t, v, "4k3/8/8/8/8/5n2/8/4K3 w - - 0 1")
	if !p.InCheck() {
		t.Error("a knight's attack does not check")
	}
	p = fenOf(t, v, "4k3/8/8/8/8/8/5n2/4K3 w - - 0 1")
	if p.InCheck() {
		t.Error("a knight next to it checks")
	}
	p = fenOf(t, v, "4k3/8/8/8/8/3N4/8/4K3 b - - 0 1")
	if got := texts(p, "e8"); !slices.Equal(got, []string{"e8c7", "e8d6", "e8f6", "e8g7"}) {
		t.Errorf("royal knight moves %v", got)
	}
}

// Cambodian gates: the king leaps like a knight to the rank ahead (not in
// check, not capturing), the Neang two squares ahead (capturing too); a
// gate closes when its piece moves.
func TestGates(t *testing.T) {
	v := Chess()
	v.Castling = nil
	v.Gates = true
	v.Pieces[5].GateMovement = kinematics.Movement{
		{Delta: kinematics.Delta{File: -2, Rank: 1}, Motion: kinematics.Leap, Mods: kinematics.Forward | kinematics.MoveOnly},
		{Delta: kinematics.Delta{File: 2, Rank: 1}, Motion: kinematics.Leap, Mods: kinematics.Forward | kinematics.MoveOnly},
	}
	v.Pieces[5].GateNotInCheck = true
	v.Pieces[4].GateMovement = kinematics.Movement{{Delta: kinematics.Delta{Rank: 2}, Motion: kinematics.Leap, Mods: kinematics.Forward}}
	p := fenOf(t, v, "4k3/8/8/8/8/4r3/1b6/3KQ3 w DE - 0 1")
	if got := texts(p, "d1"); slices.Contains(got, "d1b2") || !slices.Contains(got, "d1f2") {
		t.Errorf("king gate moves %v: want d1f2, not the capture d1b2", got)
	}
	if got := texts(p, "e1"); !slices.Contains(got, "e1e3") {
		t.Errorf("queen gate capture missing: %v", got)
	}
	next, err := p.PlayText("d1d2")
	if err != nil {
		t.Fatal(err)
	}
	if fen := next.FEN(); fen != "4k3/8/8/8/8/4r3/1b1K4/4Q3 b E - 1 1" {
		t.Errorf("after the king moved: %s", fen)
	}
	check := fenOf(t, v, "4k3/8/8/8/8/8/8/r2K4 w D - 0 1")
	if got := texts(check, "d1"); slices.Contains(got, "d1b2") || slices.Contains(got, "d1f2") {
		t.Errorf("king leaps out of check: %v", got)
	}
}

package shatranj

import (
	"fmt"
	"strings"
)

// Mansuba is a shatranj problem (manṣūba, plural manṣūbāt): a position
// and its stated solution.
type Mansuba struct {
	// Name is the problem's usual name.
	Name string
	// FEN is the position (Fairy-Stockfish letters: Q Ferz, B Alfil).
	FEN string
	// Source names where the position and the solution are documented.
	Source string
	// Moves is the stated length of the win of the side to move, counted
	// as in Solution.Moves.
	Moves int
	// Result is how the stated win ends: Checkmate or BareKing.
	Result Reason
	// Line is the stated solution, or its opening moves, in algebraic
	// notation with move numbers ("1.Kb4 Kd6 2.Kc4"); Fairy-Stockfish's
	// letters are accepted (see ParseSAN).
	Line string
	// Note records corrections to the published solution.
	Note string
}

// Mansubat lists the problems whose stated solutions Solve verifies (see
// the tests): the position, the length, the first moves.
var Mansubat = []Mansuba{
	{
		Name:   "al-Adli's mate in 5",
		FEN:    "6k1/5R2/7R/4N1Q1/8/1qn5/r2r4/2K5 w - - 0 1",
		Source: "al-ʿAdlī; position from the Russian Wikipedia article \"Адли\" (diagram)",
		Moves:  5,
		Result: Checkmate,
		Line:   "1.Rg6+ Kh8 2.Rf8+ Kh7 3.Rh6+ Kg7 4.Qf6+ Kxh6 5.Rh8#",
		Note:   "the source gives 4.Qf6+ (Ferz) and 5.Rh8#; Black's 4th move 4...Kxh6 is the solver's",
	},
	{
		Name: "Dilaram's mate",
		FEN:  "1r4k1/8/5PP1/8/K1n3NR/7B/1r6/7R w - - 0 1",
		Source: "manuscript of 1140 (Murray, A History of Chess, 1913); placement from the Russian " +
			"Wikipedia diagram citing Bondarenko (1980) and Eyvazova (1986)",
		Moves:  6,
		Result: Checkmate,
		Line:   "1.Rh8+ Kxh8 2.Bf5+ Rh2 3.Rxh2+ Kg8 4.Rh8+ Kxh8 5.g7+ Kg8 6.Nh6#",
		Note: "the popular mate in 5 (1.Rh8+ Kxh8 2.Bf5+ Kg8 3.Rh8+ Kxh8 4.g7+ Kg8 5.Nh6#) " +
			"overlooks the interposition 2...Rh2; the shortest win is a mate in 6",
	},
	{
		Name:   "Dilaram's Legacy",
		FEN:    "rnb1kbnr/p2ppppp/1pp5/4NN2/2Q5/2K1B3/8/8 w - - 0 1",
		Source: "Hans Bodlaender, \"Chess Problems of 1001 Years Ago\", chessvariants.com, mansubat series, problem 6",
		Moves:  8,
		Result: Checkmate,
		Line:   "1.Nxg7+ Kd8 2.Nxf7+ Kc7 3.Ne8+ Kb7 4.Nd8+ Ka6 5.Nc7+ Ka5 6.Nb7+ Ka4 7.Qb3+ Ka3 8.Bc1#",
	},
	{
		Name: "as-Suli's Diamond",
		FEN:  "8/8/8/3k4/8/1KQ5/8/q7 w - - 0 1",
		Source: "aṣ-Ṣūlī; Murray, A History of Chess (1913), p. 314, no. 122 (Black's Ferz, missing " +
			"in the manuscripts, restored on a1 as later writers do)",
		Moves:  20,
		Result: BareKing,
		Line:   "1.Kb4 Kd6 2.Kc4 Ke6 3.Kd4",
		Note:   "1.Kb4! is the key; the line is Fairy-Stockfish's (mate 20), Black's replies not necessarily the longest",
	},
	{
		Name: "Rough Diamond",
		FEN:  "3Q3k/8/8/K7/8/8/8/q7 w - - 0 1",
		Source: "John Tromp (computed, not historical), as reported in shared/data/shatranj/mansubat.md: " +
			"the longest win of K+F v K+F with concordant Ferzes, 53 plies",
		Moves:  27,
		Result: BareKing,
		Line:   "",
		Note: "53 plies to the capture of the black Ferz (White's 27th move); the bare king then " +
			"decides on Black's reply, ply 54. The endgame table confirms both the length and that no " +
			"K+F v K+F win with concordant Ferzes is longer (the longest with discordant Ferzes is 64 plies)",
	},
}

// ParseLine reads a line of play in algebraic notation from p: move
// numbers ("1.", "1...") are skipped, each move is resolved with ParseSAN
// against the position it is played in. It returns the moves, or the
// error of the first move that does not fit.
func ParseLine(p Position, line string) ([]Move, error) {
	var out []Move
	for _, tok := range strings.Fields(line) {
		if i := strings.LastIndexByte(tok, '.'); i >= 0 {
			tok = tok[i+1:]
		}
		if tok == "" {
			continue
		}
		m, err := ParseSAN(&p, tok)
		if err != nil {
			return out, fmt.Errorf("shatranj: move %d of the line: %w", len(out)+1, err)
		}
		out = append(out, m)
		p = p.Play(m)
	}
	return out, nil
}

// SolveCheckingMate searches for a forced win in at most n moves of the
// side to move in which every one of its moves gives check — the genre of
// most mansubat (shatranj problems). A win is any end the Outcome rules
// give to the attacker: checkmate, or bare king when a checking capture
// takes the defender's last piece. It returns the shortest such win: its
// length in moves and the attacker's first move, or ok false when there is
// none within n. It is not a general solver: a win whose moves are not all
// checks is not found.
func SolveCheckingMate(p *Position, n int) (moves int, first Move, ok bool) {
	for d := 1; d <= n; d++ {
		if m, found := checkingWin(p, d); found {
			return d, m, true
		}
	}
	return 0, NoMove, false
}

// checkingWin reports whether the side to move of p wins in at most d
// checking moves, and the first move of such a win.
func checkingWin(p *Position, d int) (Move, bool) {
	us := p.turn
	var ml MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Slice() {
		c := p.Play(m)
		if !c.InCheck() {
			continue
		}
		if o, ended := c.Outcome(); ended {
			if !o.Draw && o.Winner == us {
				return m, true
			}
			continue
		}
		if d == 1 {
			continue
		}
		var replies MoveList
		c.LegalMoves(&replies)
		all := true
		for _, r := range replies.Slice() {
			g := c.Play(r)
			if _, win := checkingWin(&g, d-1); !win {
				all = false
				break
			}
		}
		if all {
			return m, true
		}
	}
	return NoMove, false
}

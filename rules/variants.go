package rules

import (
	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/kinematics"
)

// chessPieces are the six chess kinds; the pawn promotes on the last rank
// of a board of height h into one of promoteTo.
func chessPieces(h int, promoteTo string) []PieceKind {
	return []PieceKind{
		{Name: "pawn", Letter: 'P', Movement: kinematics.Pawn(), InitialRank: 2, EnPassant: true, ResetsClock: true,
			Promotion: &Promotion{Ranks: []int{h}, To: promoteTo}},
		{Name: "knight", Letter: 'N', Movement: kinematics.Knight()},
		{Name: "bishop", Letter: 'B', Movement: kinematics.Bishop()},
		{Name: "rook", Letter: 'R', Movement: kinematics.Rook()},
		{Name: "queen", Letter: 'Q', Movement: kinematics.Queen()},
		{Name: "king", Letter: 'K', Movement: kinematics.King(), Royal: true},
	}
}

// Chess is standard chess. Chess960 is the same variant from another start:
// castling is generalised, so a Chess960 FEN plays by these rules.
func Chess() *Variant {
	return &Variant{
		Name:        "chess",
		Size:        geom.Chess,
		Pieces:      chessPieces(8, "QRBN"),
		Forward:     [2]int{1, -1},
		Start:       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		Castling:    &Castling{King: 'K', Rook: 'R', KingTo: [2]int{2, 6}, RookTo: [2]int{3, 5}},
		NoMoves:     NoMovesDraw,
		FEN:         ChessFEN,
		SideLetters: [2]string{"w", "b"},
	}
}

// Crazyhouse is chess with drops (DropRules): a captured piece joins
// the capturer's hand, from which a move may drop it on an empty square;
// a promoted pawn goes back as a pawn.
func Crazyhouse() *Variant {
	v := Chess()
	v.Name = "crazyhouse"
	v.Start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
	v.Drops = &DropRules{CapturesToHand: true, Pawn: 'P', NoDoubledCount: 1, HandOrder: "KQRBNP"}
	return v
}

// Capablanca is Capablanca chess on 10×8, with the archbishop (A, bishop +
// knight) and chancellor (C, rook + knight); the king castles to the c- or
// i-file, the rook to the d- or h-file.
func Capablanca() *Variant {
	pieces := append(chessPieces(8, "QRBNAC"),
		PieceKind{Name: "archbishop", Letter: 'A', Movement: kinematics.Archbishop()},
		PieceKind{Name: "chancellor", Letter: 'C', Movement: kinematics.Chancellor()},
	)
	return &Variant{
		Name:        "capablanca",
		Size:        geom.Size{W: 10, H: 8},
		Pieces:      pieces,
		Forward:     [2]int{1, -1},
		Start:       "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
		Castling:    &Castling{King: 'K', Rook: 'R', KingTo: [2]int{2, 8}, RookTo: [2]int{3, 7}},
		NoMoves:     NoMovesDraw,
		FEN:         ChessFEN,
		SideLetters: [2]string{"w", "b"},
	}
}

// Shatranj is the historical game in its standard setup (Shah on d1/d8,
// Ferz on e1/e8), with native letters K F A N R P; Fairy-Stockfish's
// letters Q (Ferz) and B (Alfil) are read too. Stalemate wins for the
// stalemating side and the bare-king rule applies.
func Shatranj() *Variant {
	return &Variant{
		Name: "shatranj",
		Size: geom.Chess,
		Pieces: []PieceKind{
			{Name: "baidaq", Letter: 'P', Movement: kinematics.Baidaq(), ResetsClock: true,
				Promotion: &Promotion{Ranks: []int{8}, To: "F"}},
			{Name: "faras", Letter: 'N', Movement: kinematics.Faras()},
			{Name: "alfil", Letter: 'A', Aliases: "B", Movement: kinematics.Alfil()},
			{Name: "rukh", Letter: 'R', Movement: kinematics.Rukh()},
			{Name: "ferz", Letter: 'F', Aliases: "Q", Movement: kinematics.Ferz()},
			{Name: "shah", Letter: 'K', Movement: kinematics.Shah(), Royal: true},
		},
		Forward:     [2]int{1, -1},
		Start:       "rnakfanr/pppppppp/8/8/8/8/PPPPPPPP/RNAKFANR w - - 0 1",
		NoMoves:     NoMovesLoses,
		BareKing:    true,
		FEN:         ChessFEN,
		SideLetters: [2]string{"w", "b"},
	}
}

// ShatranjAlternative is shatranj with the alternative setup agreed before
// a game: the Shah on e1/e8 and the Ferz on d1/d8. It is the same game,
// and has its name.
func ShatranjAlternative() *Variant {
	v := Shatranj()
	v.Start = "rnafkanr/pppppppp/8/8/8/8/PPPPPPPP/RNAFKANR w - - 0 1"
	return v
}

// EnglishDraughts is checkers: 8×8, the 32 dark squares numbered 1–32 from
// the top left, Black (the first player) on 1–12 moving down the board,
// men stepping and jumping forward only, non-flying kings, mandatory
// capture with maximal chains, and crowning that ends the move.
func EnglishDraughts() *Variant {
	return &Variant{
		Name: "draughts",
		Size: geom.Chess,
		Pieces: []PieceKind{
			{Name: "man", Letter: 'M', Movement: kinematics.Man(), ResetsClock: true,
				Promotion: &Promotion{Ranks: []int{8}, To: "K"}},
			{Name: "king", Letter: 'K', Movement: kinematics.DraughtsKing()},
		},
		Forward:           [2]int{-1, 1},
		Start:             "B:W21-32:B1-12",
		MandatoryCapture:  true,
		JumpChains:        true,
		CrowningEndsChain: true,
		NoMoves:           NoMovesLoses,
		FEN:               DraughtsFEN,
		SideLetters:       [2]string{"B", "W"},
	}
}

// Builtin lists the built-in variants by name: the name package variant's
// registry gives the game (ShatranjAlternative is shatranj from another
// start, not a game of its own).
func Builtin() map[string]func() *Variant {
	return map[string]func() *Variant{
		"chess":      Chess,
		"capablanca": Capablanca,
		"shatranj":   Shatranj,
		"draughts":   EnglishDraughts,
		"crazyhouse": Crazyhouse,
	}
}

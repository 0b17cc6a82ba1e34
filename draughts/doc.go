// Package draughts is Baten's fast move generator and rules for English
// draughts (checkers): 8×8, the 32 dark squares numbered 1–32 as in PDN
// (square 1 is b8, 32 is g1), Black on 1–12 moving first towards 32, White
// on 21–32.
//
// The rules: men step one square diagonally forward, kings one square in
// any diagonal direction (no flying kings). A capture jumps an adjacent
// enemy piece to the empty square beyond, forward only for men, any
// direction for kings; capturing is mandatory, and a chain goes on while
// the piece can jump again, but any maximal chain may be chosen (no
// majority rule). Jumped pieces stay on the board as blockers until the
// chain ends and cannot be jumped twice; the square the piece started from
// is empty meanwhile. A man reaching the far row is crowned and its move
// ends there. Every distinct jump path is its own move, even when two paths
// take the same pieces between the same squares. The side to move with no
// pieces or no legal move loses (Position.Outcome); draws by threefold
// repetition and by the 40-move rule are claimed, offers accepted and
// resignations recorded in a Game.
//
// The flow is "Setup, then Position": ParseFEN reads a PDN FEN into a
// plain Setup; NewPosition validates it (FromFEN does both). Positions are
// 16-byte comparable values on 32-bit bitboards (SquareSet); moves are
// comparable values holding every landing square and the captured set.
//
//	p, err := draughts.FromFEN("B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29")
//	var ml draughts.MoveList
//	p.LegalMoves(&ml)      // never allocates
//	q := p.Play(ml.At(0))  // copy-make; or p.Make / p.Unmake in place
//
// Perft, PerftNoBulk, Divide and PerftParallel count move trees; MoveCount
// counts a position's moves without listing them.
//
// Notation is PDN 3.0: "9-14", "22x15x8". Move.String always writes a
// capture's full path, which is unique among the legal moves; ParseMove and
// Position.ParseMove also read the short "22x8" when it names one legal
// move and report ErrAmbiguousMove otherwise. ReadPDN and WritePDN read and
// write whole games (Record). Ballots and ApplyBallot give the 174 ACF
// three-move openings; Evaluate is a bounded static evaluation.
//
// Game holds what the rules need from a game's history and is the piece a
// later variant-neutral game package will wrap.
//
// Every table is a constant or built once at initialisation and never
// written afterwards, so distinct values may be used from distinct
// goroutines.
package draughts

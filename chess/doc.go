// Package chess is Baten's fast move generator for chess and Chess960: one
// generator for both, on 8×8 bitboards with magic sliding attacks.
//
// The flow is "Setup, then Position": ParseFEN reads text into a plain,
// unchecked Setup; NewPosition validates it and returns a Position that is
// always legal to play from, or a *SetupError listing every problem found.
//
//	s, err := chess.ParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
//	p, err := chess.NewPosition(s)
//	var ml chess.MoveList
//	p.LegalMoves(&ml)          // strictly legal, no allocation
//	u := p.Play(ml.At(0))      // make …
//	p.Unplay(ml.At(0), u)      // … and unmake, no allocation either
//
// Castling is always "king from its file, rook from its file, to g/f or c/d",
// so classic chess is the special case of Chess960 with the king on e and the
// rooks on a and h. A castling Move is stored as king square + rook square;
// only printing differs: Move.UCI(false) writes e1g1, Move.UCI(true) e1h1,
// and ParseUCI reads both. FEN castling fields are read in KQkq,
// Shredder-FEN and X-FEN forms and printed in the chosen CastlingMode.
//
// Chess960 start positions are numbered as Scharnagl did (Scharnagl,
// ScharnaglNumber, Chess960Start, Chess960Random). Positions carry an
// incrementally updated Zobrist key (Key). Perft, PerftNoBulk, Divide and
// PerftParallel count move trees for testing and benchmarking.
//
// All lookup tables (attacks, magics, Zobrist keys) are built at package
// initialisation from fixed seeds and never change afterwards; positions are
// values, so distinct positions can be used from distinct goroutines.
package chess

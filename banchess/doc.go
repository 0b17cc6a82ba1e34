// Package banchess implements Ban-Chess on top of package chess, and is the
// only way to play it: a Position or Game changes only through Ban, Move and
// Play, which check the phase and the ban, so no caller can make a move
// without the ban check, a move during a ban phase or a ban during a move
// phase.
//
// Searchers use the same transitions without the checks: Position.Do and
// Position.Undo make and unmake an action the package generated
// (LegalActions, AppendActions), without allocating, and accessors such as
// LegalChessMoves, AppendActions, HasAction and ChessRef let a search share
// one move generation between a ban ply and the move ply after it. The
// phase, the ban, the ply and the key live here alone; package engine
// searches Ban-Chess through them.
//
// # Rules
//
// Actions alternate ban → move, and Black bans first. Ply 1: Black bans one
// of White's legal moves; ply 2: White moves; ply 3: White bans one of
// Black's moves; ply 4: Black moves; and so on (odd plies are bans, even
// plies are moves).
//
// A ban is a from→to pair (type Ban) chosen among the distinct from/to pairs
// of the opponent's legal moves. It bans every legal move with that pair, so
// one ban covers all four promotions. A castling move's pair is king square →
// king destination (e1g1), the convention of ban-chess.ts and chess.ts;
// "e1h1" (king takes rook) is read as the same ban. En passant is an ordinary
// pawn capture. A ban lasts exactly one move, bans never accumulate, and a
// ban does not remove castling rights.
//
// A side in check with no legal move left after the ban is checkmated (so
// banning the only escape mates); a side not in check with no legal move is
// stalemated (a draw). Threefold repetition compares the whole state: the
// position, the phase and the ban in force. The fifty-move rule counts moves
// only: bans never advance the halfmove clock. Insufficient material is
// only king against king: unlike chess, a lone knight or bishop can mate,
// because the checking side bans the last escape. Agreement and resignation
// are as in chess.
//
// # Notation
//
// Extended FEN is the six FEN fields and a seventh "PLY" or "PLY:BAN", as in
// ban-chess.ts: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1"
// is the start (Black to ban), "... w KQkq - 2 3 10:h5f7" is ply 10 with
// h5→f7 banned. Actions are written "b:e2e4" for a ban and in SAN for a
// move; "m:e2e4" (UCI) is also read, and a ban as the banned move's SAN
// ("b:Nf3", resolved among the opponent's legal moves). PGN writes each ban as a comment
// before the move it restricts: "1. {banning: e2e4} d4 {banning: e7e5} d5".
//
// Perft counts actions: every ban and every move is one ply.
package banchess

// Package san reads and writes chess moves in Standard Algebraic Notation
// (SAN), as the PGN standard defines it, for classic chess and Chess960.
//
// Writing needs the position: Format (or Append) returns the SAN of a legal
// move, with the piece letter, the smallest disambiguation among the legal
// moves (file, then rank, then both; pinned pieces do not count), "x" for
// captures, "=Q" for promotions, "O-O"/"O-O-O" for castling (in Chess960
// too, whichever squares king and rook stand on) and "+" or "#".
//
// Reading follows the principle "notation parses without a position, then
// resolves": Parse turns text into a plain SAN value, and SAN.Resolve
// matches it against the legal moves of a position. The two steps report
// distinct errors, all of type *Error and matched with errors.Is:
// ErrInvalid (the text is not a move), ErrIllegal (no legal move matches)
// and ErrAmbiguous (several do). ParseMove does both steps.
//
// The reader is lenient: it accepts "0-0" and "0-0-0", a missing or
// superfluous "+" or "#", promotion with or without "=" ("e8Q", "e8=Q"),
// more disambiguation than needed ("Nge7"), a capture written without "x"
// ("Ba3", "ef4"), long algebraic notation ("Ng1-f3", "Nb1xc3", "e2-e4"),
// UCI ("e2e4", "e7e8q", castling as "e1g1" or "e1h1") and one trailing
// annotation glyph ("!", "?", "!!", "??", "!?", "?!"). It rejects a king
// move written for castling ("Kg1", "Kh1"), a pawn capture written without
// its file ("c4" for bxc4), a spurious "x" on a non-capture, and any
// whitespace, including a trailing newline.
package san

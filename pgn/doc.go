// Package pgn reads and writes chess games in Portable Game Notation
// (PGN, the "import format" of the 1994 standard as it is found in the
// wild, and the "export format" when writing).
//
// The package is pure syntax: it knows no chess rules. A move is kept as
// the SAN token written in the file (for example "Nf3", "exd8=Q+", "O-O",
// "--" or "e2e4"), without check of legality or even of SAN grammar;
// resolving it against a position is the job of the caller.
//
// # Reading
//
// [NewReader] wraps any [io.Reader]; [Reader.Next] returns one [Game] at a
// time and [io.EOF] after the last one. Input is streamed through a
// bufio.Reader byte by byte, so a file of any size is read in memory
// bounded by the [Limits] of one game. The reader accepts:
//
//   - tag pairs `[Name "value"]` with `\"` and `\\` escapes; tag lines that
//     break the standard in common ways (unescaped quotes, a trailing
//     backslash, as in `[Event "A "B" C"]`) are read by taking everything
//     between the first `"` and the last `"]` of the line;
//   - comments `{...}` (may span lines) and `;...` (to end of line); the
//     text of a comment is stored trimmed and with every run of ASCII white
//     space (including line breaks) replaced by one space;
//   - escape lines starting with `%` in column 1 (skipped);
//   - numeric annotation glyphs `$n` (0–255) and the suffix glyphs
//     `!` `?` `!!` `??` `!?` `?!` (NAGs 1–6), standing alone or attached to
//     the move (`e4!?`);
//   - move numbers `12.`, `12...`, `1. ...` (ignored: numbering is not
//     checked);
//   - recursive variations `( ... )`, kept as a tree; parentheses that
//     hold no variation, as collections write notes (`(Now the evaluation
//     jumped to +76.)`, `(Red must play 7-10* to stay in the game.)`,
//     `(!)`), are a comment with their text: a variation has a move (a
//     token with a digit, castling or `--`) and only moves, move numbers,
//     comments, NAGs after a move and nested groups. A `(` never closed is
//     a comment up to the game's termination marker, the last one before
//     the next game's first tag line (a `[` starting a line) or the end of
//     input, or up to that line without one: a marker inside the note
//     (`7-10*`) cannot be told from the game's own, but nothing follows
//     the game's own in its game. Such groups are decided within
//     MaxTokenLen bytes and the reader's 64 KiB buffer; a longer one is
//     read as a variation;
//   - termination markers `1-0`, `0-1`, `1/2-1/2`, `*` and `½-½` (stored as
//     "1/2-1/2"), and PDN's `2-0`, `0-2`, `1-1` (not `0-0`, which PGN
//     files use for castling); a game without a marker ends at the next tag pair after
//     its movetext, at a tag pair whose name the game already has, or at
//     the end of input (its Result is then "");
//   - several games per input, a UTF-8 byte order mark at the start, CRLF
//     line ends.
//
// Errors are [*SyntaxError] values naming the game (counted from 1), line
// and column. After an error Next skips the rest of the bad game and
// resumes with the next one, so a validator can report every bad game of
// a file and lose no good one. The skipped text is read as tokens, so a
// `[` or a marker inside a comment does not count, up to the first of:
// the bad game's termination marker (the next game, with or without
// tags, starts after it); a line that starts with `[` and does not
// directly follow another such line (the first tag of the next game; the
// rest of the bad game's own header is on the lines that follow); the end
// of input. The rest of a bad tag line, and the rest of a comment longer
// than the limit, belong to the bad token and are skipped with it. Limits on
// nesting depth, token length, game size and number of moves guard
// against hostile input; exceeding one is a SyntaxError wrapping
// [ErrLimit].
//
// # Writing
//
// [Write] and [Writer] produce export format: the seven-tag roster in
// standard order (missing ones filled with "?", "????.??.??" or the
// result), the other tags in their order, a blank line, the movetext with
// move numbers, NAGs as `$n`, comments in braces, variations in
// parentheses, the termination marker, lines of at most 80 bytes, and a
// blank line after each game. See [Write] for the details, and for what
// cannot be represented.
//
// Reading what Write produced gives back the same Game, up to the
// normalisations Write documents (roster order and defaults, result
// marker, comment white space).
package pgn

// Package uci speaks the Universal Chess Interface for Baten's engine, as
// Fairy-Stockfish speaks it, so that cutechess-cli, lichess-bot and chess
// GUIs can play against Baten:
//
//	uci                 → id, options, uciok
//	setoption name UCI_Variant value shatranj
//	isready             → readyok
//	ucinewgame
//	position startpos moves e2e4 e7e5
//	position fen <FEN> [moves …]
//	go wtime 60000 btime 60000 winc 1000 binc 1000
//	go depth 8 | go nodes 100000 | go mate 3 | go movetime 500 | go infinite | go ponder …
//	go perft 3          → "e2e4: 600" for each root move, a blank line, "Nodes searched: 8902"
//	stop | ponderhit | quit
//	d                   → info string variant … fen … (the position as set)
//
// The engine answers "info depth … seldepth … multipv K score cp|mate …
// [wdl W D L] nodes … nps … hashfull … time … pv …" after each iteration
// (a line for each of the MultiPV best), a closing "info" with every node
// searched and the time when the search went on after the last one, and
// "bestmove X [ponder Y]" ("bestmove (none)" when the game is over). After
// "go infinite" or "go ponder" the bestmove waits for "stop" (or
// "ponderhit"), as the protocol requires.
//
// Commands that arrive during a search are queued and run in order once it
// ends, as Stockfish reads them; stop, quit, isready and ponderhit act at
// once (and "d" when nothing is queued), except that a stop or ponderhit
// after a queued go waits with it and acts on that go's search. A "position" with a move that is
// not legal where it comes sets the position after the moves before it and
// reports the rest ignored; one with a FEN that does not read, or
// malformed, leaves no position, and "go" answers "bestmove 0000" until the
// next good one: a GUI never gets a move for a position it did not send.
// At the end of the input a search with small limits (depth ≤ 8, nodes ≤
// 1,000,000, movetime ≤ 1 s, mate ≤ 2, or clocks of at most 30 s) finishes,
// any other is stopped and answers at once; queued commands then run under
// the same rule, and Run returns.
//
// "go" limits: depth, nodes, mate, movetime and movestogo take a positive
// number, winc and binc one of 0 or more; wtime or btime of 0 or less (a
// player out of time) means moving at once. A limit whose number is missing
// or malformed is reported by "info string" and ignored. Only "go infinite"
// searches until "stop": a "go" left without a limit searches one second
// (after "ponderhit" when pondering), and when only the other side's clock
// is given, the side to act is given as much time. "go mate N" searches as
// deep as a win in N moves of the variant takes (four plies a move in
// Ban-Chess, where every move is followed by a ban) and two plies more.
//
// "go searchmoves" restricts the root to the legal moves listed.
//
// "go perft N" answers as Fairy-Stockfish and Stockfish do, so that the
// two can be diffed: "MOVE: COUNT" for each root move (in Baten's order),
// a blank line, "Nodes searched: N", a blank line; it counts before the next command is
// read, as theirs do.
//
// Moves are written word for word as Fairy-Stockfish writes them, in
// every game it has (TestFSFMoveText compares every position of the
// shared fairy perft files with its own move lists): castling as the
// king's move, every promotion with its letter, even where there is no
// choice (makruk's "e5e6m", shatranj's "e7e8q"), wall squares after a
// comma ("e2e4,e4d5"). Baten's older text of a promotion without a choice
// ("e5e6") is still read. "d" shows the FEN as Fairy-Stockfish's "d" does.
//
// Options: Hash (MB, resized when set), Clear Hash, Threads (Lazy SMP,
// 1–256), MultiPV (1–256), Move Overhead (ms kept in reserve on each move,
// default 10), Ponder, UCI_ShowWDL (win/draw/loss per mille from a fixed
// logistic model), UCI_Chess960, and UCI_Variant: every game of the registry (package
// variant; Config.Variants), by its UCI name: chess, chess960 (chess with
// UCI_Chess960), shatranj, banchess, draughts, capablanca, and any game
// registered besides; VariantPath loads a Fairy-Stockfish variants.ini file
// whose games UCI_Variant then accepts. Games without a bitboard package of their own
// (Capablanca chess) are searched through the registry's generic
// position, more slowly.
//
// Variants over UCI:
//   - chess: castling as e1g1, or king takes rook (e1h1) when UCI_Chess960
//     is true; both are read either way. FEN castling in KQkq, Shredder-FEN
//     or X-FEN; "d" shows Chess960's in Shredder-FEN ("HAha"), as
//     Fairy-Stockfish does.
//   - shatranj: FEN in Fairy-Stockfish's letters (Q Ferz, B Alfil) or the
//     native ones (F, A) is read; "d" shows Fairy-Stockfish's letters,
//     where every other Baten surface shows the native ones; promotions written with the Ferz's letter q
//     ("e7e8q"), as Fairy-Stockfish writes them. Endings with one piece a
//     side are scored from endgame tables, built once in a few seconds
//     ("go" on a clock plays without a table until it is built).
//   - banchess: "position" moves list every action in order, starting with
//     Black's ban of a White move: ban, move, ban, move…, each a plain UCI
//     from-to pair ("position startpos moves e2e4 d2d4 e7e5 d7d5": Black
//     bans e2e4, White plays d4, White bans e7e5, Black plays d5). A ban of
//     castling is written king square + destination (e1g1). "bestmove" is a
//     ban when the side to act is banning, a move otherwise. FEN may carry
//     the seventh ban-chess.ts field "PLY" or "PLY:BAN"; a 6-field FEN starts
//     with the ban of the side not to move.
//   - draughts (a Baten extension; no GUI speaks it): PDN FEN and PDN moves
//     ("11-15", "22x15x8").
//   - capablanca and other games defined as data: their FEN, moves as
//     from-to squares with castling as the king's move ("f1i1") and every
//     promotion's letter.
//
// Malformed or unknown commands never stop the loop: they are answered with
// "info string" and a reason, and otherwise ignored; the text they repeat is
// cut to a few dozen bytes. A line longer than a megabyte is skipped the
// same way.
package uci

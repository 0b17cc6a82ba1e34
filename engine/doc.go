// Package engine is Baten's game-playing search: one alpha-beta search for
// every game of the registry (package variant), and a front door for the
// command line, the UCI loop and a game layer.
//
// # Front door
//
//	v, err := variant.Lookup("shatranj")
//	e, err := engine.New(v, engine.Options{HashMB: 64})
//	err = e.SetPosition(g.Start(), g.Moves())        // a game's start and actions, or
//	err = e.SetPositionText("", []string{"e2e3", "e7e6"}) // FEN and moves as UCI sends them
//	r, err := e.Search(ctx, engine.Limits{Depth: 8}, func(i engine.Info) { … })
//	fmt.Println(r.BestMove, r.Score, r.PV)
//
// New takes any game of the registry. Games with a bitboard package (chess
// and Chess960, shatranj, Ban-Chess through package banchess, English
// draughts) are searched by fast adapters, chosen by the capability their
// registry positions offer (a Chess, Shatranj, BanChess or Draughts
// method); games defined as data (the fairy variants, a player's
// variants.ini) by an adapter over the fast generic generator of package
// fairy (fairyGame) when it handles all of their rules; every other game
// by a generic adapter over variant.Position (genericGame). Both use
// material values derived from each piece's mobility.
// Moves are text in the engine's notation: UCI for the chess family
// (shatranj promotions carry q, Fairy-Stockfish's Ferz letter; Chess960
// castling is king takes rook), PDN for draughts, and for Ban-Chess every
// action in order, bans and moves alternating from Black's first ban, each
// a from-to pair. Engine.Notation turns a line into the game's own
// notation (SAN, shatranj algebraic, PDN, ban-chess action text).
//
// # Search
//
// Searcher works on any Game: a mutable position with an undo stack whose
// move type is a small comparable value, so generating, making and
// unmaking never allocate (move buffers are per ply). It has iterative
// deepening; principal variation search in a negamax alpha-beta; a
// transposition table (size settable) with mate scores stored relative to
// the node, which keeps a node's known move when all its moves fail low;
// quiescence search on captures and promotions (in chess only
// the captures a static exchange evaluation, see, does not call losing),
// on check evasions in its first plies, on forced captures in draughts
// and, in Ban-Chess, on the bans of the opponent's captures; move ordering
// by table move, MVV-LVA, two killers per ply, a history table (in
// shatranj and the fairy games also a continuation history: by the man
// moved and its destination, after the action before; and a capture
// history, by the same index, that orders captures MVV-LVA ranks alike)
// and, in chess, shatranj and the fairy games, the captures a static
// exchange evaluation (see, shatranjSEE, fairy.Position.SEE) calls
// losing after the quiet moves; check extension; late move reductions of
// quiet moves;
// mate-distance pruning; in chess, Chess960, shatranj and the fairy games
// (the adapters that may pass; a fairy game not where its rules make
// zugzwang the game, see nullAllowed), also null-move pruning with a
// zugzwang guard (never in check, never twice in a row, never for a side
// with only king and pawns in chess and the fairy games, or without a
// Rukh or Faras in shatranj), reverse
// futility pruning (to depth 6, with less margin at a node whose
// evaluation improves on the same side's two plies before) and razoring,
// all from the static evaluation corrected by the table's bound for the
// node, futility pruning of late quiet moves, ProbCut (a winning capture that
// clears beta by a margin in a shallower search cuts), internal iterative
// reduction (a node without a table move is searched a ply less), late
// move pruning and logarithmic reductions (both by whether the node
// improves; a ply more at an expected cut node and where the table's move
// is a capture), pruning of late moves that lose material by the exchange
// evaluation near the leaves, a quiescence search that reads and keeps the
// transposition table (at depth 0, never over a deeper entry of the same
// search) and aspiration windows (draughts, where zugzwang decides
// endings, and Ban-Chess keep the full-width search); repetition (against
// the moves given to SetPosition and the line) and the
// move-count rules (50 moves, shatranj's 50, draughts' 40) scored as draws;
// in chess and shatranj a cache of static evaluations by position key
// (the same positions come back at each iteration and re-search); in
// chess a correction history (the evaluation's error so far, averaged by
// side to move and pawn structure, added to the evaluation the search
// prunes and stands pat by); and time management from movetime, clocks with increments and moves to
// go, depth, nodes, infinite and ponder, with a context.Context to stop.
//
// The game ends inside the search are each variant's own: checkmate and
// stalemate (a draw in chess, a win for the stalemating side in shatranj),
// bare king and counter-bare in shatranj (a position decided by bare king
// has no moves, following package shatranj), insufficient material, no
// pieces or no moves losing in draughts, and in Ban-Chess a mover whose
// last move is banned. They are scored exactly at every node, quiescence
// included: a side without a legal action is never given a static
// evaluation, and a bared Shah to move searches all its moves (each loses
// unless it takes the last piece).
//
// In Ban-Chess a ban ply is an ordinary node of the tree: the banner takes
// the best, for itself, of the distinct from→to pairs of the opponent's
// moves, so the search minimises over the opponent's move set by searching
// each ban, and the same player acts twice in a row (move, then ban)
// without the sign flip of negamax. In quiescence a ban ply searches the
// bans of the mover's captures and one quiet ban, which is exact there
// (see banGame.Tactical).
//
// Shatranj endings with one piece a side and no Baidaq (K+F v K+F, K+R v
// K+N, …) are scored from package shatranj's endgame tables, as tablebases:
// from such a root every move gets its exact result and length at depth 1
// (as-Suli's Diamond: 1.Kb4, a win in 20). A table is built once per
// process and material, in a few seconds and about 16 MB, when a search
// first starts from such a root; searches on a clock do not wait for it
// (they use it once built), others do, so that fixed-depth searches stay
// deterministic. A table win or loss that the fifty-move rule could
// forestall is left to the search.
//
// Evaluation is each variant's: for chess, Chess960 and Ban-Chess a network
// (chessnet.go: for each side's perspective, 768 inputs by man and square
// into 512 sums kept up to date move by move, clipped and squared, then
// one of eight outputs, chosen by the number of men on the board; the
// output sum and the updates in AVX2 instructions where the processor
// has them; trained on 21.1 million positions of played games and of
// searches,
// labelled by Stockfish 15.1's static evaluation) and the classical
// evaluation's mop-up term, a lone king left to the classical evaluation
// (in Ban-Chess the accumulators are kept action by action, a ban
// changing no man, and a ban ply scored for the banner); the classical
// chess evaluation (evalChess, for lone kings and as the network's
// reference in training),
// material and piece-square tables (PeSTO's, tapered from middlegame to endgame; bishop pair,
// mobility, passed pawns (in the endgame also by the kings' distances to
// them), doubled and isolated pawns, rooks on open files, king safety (a
// pawn shield, and Stockfish's classical king danger: attacks on the
// king's ring, the safe and unsafe checks the enemy can give, attacks on
// the king's flank), pawns attacking pieces, threats (Stockfish's
// classical ones: minors and rooks attacking weak or defended men,
// hanging men), a mop-up term for converting a won ending),
// shatranj.Evaluate (piece-square tables, mobility by type, Baidaq
// structure, Shah safety, tapered by the men left, its weights fitted to
// Fairy-Stockfish's depth-8 scores of played positions; quiescence
// weighs exchanges by shatranj.EvalValue), and draughts.Evaluate with its
// default weights (men on the home row among them) plus an ending term
// (the side ahead trades and brings its kings to the enemy pieces).
//
// Searches on one thread (the default; only a shatranj endgame table may be
// built beside one) are deterministic: at a fixed depth or node count, the
// same position, history and limits give the same move, score and node
// count on a fresh Engine or after NewGame (the transposition table
// persists between searches otherwise). Options.Threads (Engine.SetThreads)
// runs Lazy SMP: helper threads search the root on their own copies of the
// game (Game values copied whole) and share the transposition table, whose
// entries are then guarded by striped locks; the first thread reports and
// decides, and a node limit counts every thread's nodes.
//
// Limits.MultiPV searches the best N lines at each depth (each later line
// with the earlier lines' first moves excluded from the root), and
// Limits.SearchMoves restricts the root. On a clock the time of the next 25
// moves (40 in shatranj, whose games run longer) is shared out evenly,
// each move keeping Limits.MoveOverhead in reserve; a search starts no
// iteration once its share is spent and stops at four times it (see
// movesHorizon). In Ban-Chess, bans are ordered by what
// they take away: at the root by a quiescence search of the opponent's
// move each forbids, inside the tree by the opponent's history of that
// move, so that among bans of equal value the opponent's best reply is
// banned.
package engine

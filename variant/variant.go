package variant

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
)

// Family is the notation family of a game: how its moves and records are
// written.
type Family uint8

const (
	// PGN: SAN moves in PGN records, results with White's score first.
	PGN Family = iota
	// PDN: numbered squares in PDN records, results with Black's (the
	// first player's) score first.
	PDN
)

// String returns "PGN" or "PDN".
func (f Family) String() string {
	if f == PDN {
		return "PDN"
	}
	return "PGN"
}

// HumanNotation is how a game of the PGN family writes its moves for
// people: Format's Human, records, the server's move lists.
type HumanNotation uint8

const (
	// SAN is standard algebraic notation with the game's piece letters.
	SAN HumanNotation = iota
	// WXF is the World Xiangqi Federation's notation ("C2=5", "H8+7"),
	// package wxf; Parse reads SAN and UCI text too.
	WXF
)

// Points is a board of points on lines (xiangqi, janggi): the pieces
// stand where the lines cross, a river may cut the files, and each palace
// has its two diagonals drawn.
type Points struct {
	// River is the number of ranks on the first player's side of the
	// river (5 in xiangqi), 0 for a board without one (janggi).
	River int
	// Palaces are the palaces, each its lower-left and upper-right
	// point.
	Palaces [][2]geom.Square
}

// Variant describes one game: everything a surface needs to offer it,
// name it in a record and start a position of it.
type Variant struct {
	// Name is the canonical name, lower case without spaces ("chess960").
	Name string
	// Title is the name for people ("Chess960", "English draughts").
	Title string
	// Aliases are further spellings Lookup accepts (PGN and PDN tags, GUI,
	// lichess, pychess and Fairy-Stockfish names).
	Aliases []string
	// UCIName is the UCI_Variant value.
	UCIName string
	// PGNName is the PGN Variant tag; "" for standard chess (no tag).
	PGNName string
	// PDNGameType is the PDN GameType tag's number (21 for English
	// draughts), 0 for none.
	PDNGameType int
	// RandomStart: games usually start from one of many arrays (Chess960),
	// so records always carry the start position's FEN.
	RandomStart bool
	// Bans: some actions are bans (Ban-Chess). Records write them as
	// {banning: e2e4} comments before the move they restrict.
	Bans bool
	// Chess960Form names the registered game that is this one played
	// from Chess960 arrays with castling written king takes rook: what
	// UCI_Chess960 selects ("chess960" for chess). "" for none.
	Chess960Form string
	// Size is the board.
	Size geom.Size
	// Family is the notation family.
	Family Family
	// HumanNotation is how moves are written for people.
	HumanNotation HumanNotation
	// Points, when not nil, says the board is one of points where lines
	// cross, as xiangqi and janggi are played, with a river and palaces.
	Points *Points
	// Sides are the players' names where the game's players say other
	// than white and black (xiangqi's red and black, janggi's cho and
	// han), lower case, the first player's first; nil for white and
	// black. They are display words: APIs and records keep white and
	// black.
	Sides []string
	// Starts are the named start positions besides the standard one.
	Starts []StartSet
	// AutomaticEnds: fivefold repetition and the 75-move rule end games
	// without a claim (FIDE 9.6); other games know only claims.
	AutomaticEnds bool
	// MoveRule is the number of plies without capture or pawn (man) move
	// after which a draw may be claimed (100; 80 in draughts), and
	// MoveRuleReason the reason of that claim.
	MoveRule       int
	MoveRuleReason Reason
	// Repetition, when not nil, is the game's own repetition rule, which
	// replaces the default one (threefold repetition claimed as a draw,
	// fivefold automatic with AutomaticEnds): see RepetitionRule.
	Repetition *RepetitionRule
	// Rules returns the game's definition as data for the reference
	// generator of package rules (the spec), nil where there is none.
	Rules func() *rules.Variant
	// RulesMoveText writes a reference-generator move as the game's
	// machine notation (nil: rules.Position.MoveText).
	RulesMoveText func(*rules.Position, rules.Move) string

	start          func(v *Variant) Position
	fromFEN        func(v *Variant, fen string) (Position, error)
	fromFENLenient func(v *Variant, fen string) (Position, error)
	builtIn        bool // one of Baten's own games (Builtin), for messages

	ini *fairyConfig // family: palaces: a variants.ini game's settings, which a child section inherits whole
}

// Definition is what a game supplies to be registered: the descriptor's
// fields and its two constructors.
type Definition struct {
	Variant
	// Start returns the standard start.
	Start func(v *Variant) Position
	// FromFEN reads a position of the game from its FEN.
	FromFEN func(v *Variant, fen string) (Position, error)
	// FromFENLenient, if set, also reads positions that are well formed but
	// unreachable in a game (a check no legal move could give): the
	// positions perft suites use to test generators.
	FromFENLenient func(v *Variant, fen string) (Position, error)
}

// New returns the Variant of a definition, checked: it needs a name, a
// board of 1..16 squares each way and both constructors.
func New(d Definition) (*Variant, error) {
	v := d.Variant
	switch {
	case normalize(v.Name) == "":
		return nil, fmt.Errorf("variant: a game needs a name")
	case !v.Size.Valid():
		return nil, fmt.Errorf("variant %s: board %dx%d is not within 1x1..16x16", v.Name, v.Size.W, v.Size.H)
	case d.Start == nil || d.FromFEN == nil:
		return nil, fmt.Errorf("variant %s: Start and FromFEN are required", v.Name)
	}
	if v.Title == "" {
		v.Title = v.Name
	}
	if v.UCIName == "" {
		v.UCIName = v.Name
	}
	if v.MoveRule == 0 {
		v.MoveRule, v.MoveRuleReason = 100, FiftyMoves
	}
	v.start, v.fromFEN, v.fromFENLenient = d.Start, d.FromFEN, d.FromFENLenient
	if v.fromFENLenient == nil {
		v.fromFENLenient = d.FromFEN
	}
	return &v, nil
}

// String returns the canonical name.
func (v *Variant) String() string { return v.Name }

// Start returns the standard start position.
func (v *Variant) Start() Position { return v.start(v) }

// FromFEN reads a position of the game from its FEN (the forms each game
// documents: X-FEN and Shredder-FEN for Chess960, native or
// Fairy-Stockfish letters for shatranj, extended FEN for Ban-Chess, PDN
// FEN for draughts). An empty fen gives the standard start.
func (v *Variant) FromFEN(fen string) (Position, error) {
	fen = strings.TrimSpace(fen)
	if fen == "" || fen == "startpos" {
		return v.Start(), nil
	}
	return v.fromFEN(v, fen)
}

// SpecMoveText writes a move of the reference generator (package rules)
// in the game's machine notation: RulesMoveText, or rules.Position's
// MoveText where the game sets none.
func (v *Variant) SpecMoveText(p *rules.Position, m rules.Move) string {
	if v.RulesMoveText != nil {
		return v.RulesMoveText(p, m)
	}
	return p.MoveText(m)
}

// FromFENLenient is FromFEN that also accepts positions no game can reach
// but a move generator must handle (a check no legal move could give), for
// perft suites.
func (v *Variant) FromFENLenient(fen string) (Position, error) {
	fen = strings.TrimSpace(fen)
	if fen == "" || fen == "startpos" {
		return v.Start(), nil
	}
	return v.fromFENLenient(v, fen)
}

// StartSet is a family of named start positions of a game: Chess960's 960
// arrays by Scharnagl number, shatranj's tabiyat or setups, draughts'
// three-move ballots.
type StartSet struct {
	// Name is the set's key, also the command-line flag and the server's
	// JSON field: "chess960", "tabiya", "setup", "ballot".
	Name string
	// Help says what a member is called ("Scharnagl number 0-959").
	Help string
	// First and Count number the members First..First+Count-1 (Count 0
	// for a set chosen by name only).
	First, Count int
	// Get returns the start chosen by a member's number or name.
	Get func(v *Variant, member string) (Position, error)
	// Describe, if set, names a valid member for people ("Chess960
	// position 518", "ballot 12: 9-13 23-18 6-9").
	Describe func(member string) string
}

// StartSet returns the game's start set of that name.
func (v *Variant) StartSet(name string) (*StartSet, bool) {
	for i := range v.Starts {
		if v.Starts[i].Name == name {
			return &v.Starts[i], true
		}
	}
	return nil, false
}

// StartFrom returns the start position member of the set named set, for
// example ("chess960", "518") or ("tabiya", "Mujannah-Mashaikhi").
func (v *Variant) StartFrom(set, member string) (Position, error) {
	s, ok := v.StartSet(set)
	if !ok {
		return nil, fmt.Errorf("%w: %s has no %s start positions", ErrNoStart, v.Title, set)
	}
	p, err := s.Get(v, strings.TrimSpace(member))
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", set, member, err)
	}
	return p, nil
}

// numbered reads a member number in first..first+count-1.
func numbered(member string, first, count int) (int, error) {
	n, err := strconv.Atoi(member)
	if err != nil || n < first || n >= first+count {
		return 0, fmt.Errorf("%w: want a number from %d to %d", ErrNoStart, first, first+count-1)
	}
	return n, nil
}

// RepetitionRule is a game's own repetition rule, Fairy-Stockfish's
// nFoldRule, nFoldValue and nFoldValueAbsolute: the game ends at once,
// without a claim, when a position occurs for the Count-th time, with
// Value. Positions are compared by Position.Key.
type RepetitionRule struct {
	// Count is the number of occurrences that ends the game (2 or more);
	// 0 means the game has no repetition rule at all.
	Count int
	// Value is the result for the player to move in the repeated
	// position: +1 a win, 0 a draw, -1 a loss.
	Value int
	// Absolute: Value is White's result (the first player's), whoever is
	// to move.
	Absolute bool
	// PerpetualCheck: a player who gave check in every position of the
	// repetition loses (Fairy-Stockfish's perpetualCheckIllegal; see
	// game.Game); both doing so draw.
	PerpetualCheck bool // family: move rules
	// MoveRepetition: a player who moves one piece back and forth loses
	// (Fairy-Stockfish's moveRepetitionIllegal; see game.Game).
	MoveRepetition bool // family: royal guards
	// PerpetualChase: a player who chased one piece with every move of
	// the repetition loses (Fairy-Stockfish's chasingRule = axf, the
	// pieces in rules.Variant.Chase; see game.Game); both doing so draw;
	// perpetual check is judged first.
	PerpetualChase bool // family: palaces
}

// ValueFor returns the rule's result for side c when a position repeats
// with turn to move: +1 a win, 0 a draw, -1 a loss.
func (r RepetitionRule) ValueFor(c, turn Color) int {
	v := r.Value
	if !r.Absolute && turn != White {
		v = -v // the value is turn's: turn Black is White's opposite
	}
	if c != White {
		v = -v
	}
	return v
}

// Outcome is the end of the game when a position repeats with turn to
// move.
func (r RepetitionRule) Outcome(turn Color) Outcome {
	switch r.ValueFor(White, turn) {
	case 1:
		return Outcome{Winner: White, Reason: Repetition}
	case -1:
		return Outcome{Winner: Black, Reason: Repetition}
	}
	return Outcome{Draw: true, Reason: Repetition}
}

// SideName is the name of c's side in v: Sides's, or "white" or "black".
func (v *Variant) SideName(c Color) string {
	switch {
	case len(v.Sides) != 2:
		return c.String()
	case c == White:
		return v.Sides[0]
	}
	return v.Sides[1]
}

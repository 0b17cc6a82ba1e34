package engine

import (
	"hash/maphash"

	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// genericGame searches any game of the registry through variant.Position
// alone: copy-make on a stack of positions, legal actions as the
// position lists them. It is what makes a game playable by the engine the
// moment it is registered; games with a bitboard package have faster
// adapters of their own. Its evaluation is material for games defined as
// data over package rules (piece values from mobility, see pieceValues)
// and 0 otherwise, so that such a game is still searched for its ends.
type genericGame struct {
	stack  [maxPly + 8]variant.Position
	legal  [maxPly + 8][]variant.Action // legal[i] lists stack[i]'s actions, nil until asked
	n      int
	values map[*rules.Variant][]int
}

func newGenericGame() *genericGame { return &genericGame{values: map[*rules.Variant][]int{}} }

func (g *genericGame) cur() variant.Position { return g.stack[g.n] }

func (g *genericGame) actions() []variant.Action {
	if g.legal[g.n] == nil {
		g.legal[g.n] = g.cur().Legal()
		if g.legal[g.n] == nil {
			g.legal[g.n] = []variant.Action{}
		}
	}
	return g.legal[g.n]
}

func (g *genericGame) Actor() int { return int(g.cur().Turn()) }

// Moves lists the legal actions unless the position is already decided
// (a bare king: the game is over although moves remain).
func (g *genericGame) Moves(dst []variant.Action) []variant.Action {
	if _, over := g.cur().Outcome(); over {
		return dst
	}
	return append(dst, g.actions()...)
}

func (g *genericGame) HasMoves() bool {
	_, over := g.cur().Outcome()
	return !over && len(g.actions()) > 0
}

// Tactical: every action in check with evasions, captures otherwise.
func (g *genericGame) Tactical(dst []variant.Action, evasions bool) []variant.Action {
	if _, over := g.cur().Outcome(); over {
		return dst
	}
	inCheck := evasions && variant.InCheck(g.cur())
	for _, a := range g.actions() {
		if inCheck || g.Order(a) > 0 {
			dst = append(dst, a)
		}
	}
	return dst
}

func (g *genericGame) StandPat(evasions bool) bool { return !evasions || !variant.InCheck(g.cur()) }
func (g *genericGame) InCheck() bool               { return variant.InCheck(g.cur()) }

func (g *genericGame) Make(a variant.Action) {
	next, err := g.cur().Play(a)
	if err != nil {
		panic("engine: an action the position listed was refused: " + err.Error())
	}
	g.n++
	g.stack[g.n], g.legal[g.n] = next, nil
}

func (g *genericGame) Unmake() { g.stack[g.n], g.legal[g.n] = nil, nil; g.n-- }

func (g *genericGame) Key() uint64 { return g.cur().Key() }

// Evaluate is the actor's material minus the opponent's, on the board
// and in hand.
func (g *genericGame) Evaluate() int {
	r, ok := g.cur().(interface{ Rules() *rules.Position })
	if !ok {
		return 0
	}
	p := r.Rules()
	values := g.pieceValues(p.Variant())
	score := 0
	for _, sq := range p.Variant().Size.Squares() {
		pc := p.At(sq)
		if pc.Empty() {
			continue
		}
		if pc.Owner == p.Turn() {
			score += values[pc.Kind]
		} else {
			score -= values[pc.Kind]
		}
	}
	for i := range p.Variant().Pieces { // drops: the pieces in hand count as on the board
		id := rules.KindID(i + 1)
		score += values[id] * (p.Hand(p.Turn(), id) - p.Hand(p.Turn().Opponent(), id))
	}
	return score
}

// pieceValues gives each kind of a data-defined game a value from its
// mobility (mobilityValues), so a new piece gets a sensible value without
// tuning.
func (g *genericGame) pieceValues(v *rules.Variant) []int {
	if vals, ok := g.values[v]; ok {
		return vals
	}
	vals := mobilityValues(v)
	g.values[v] = vals
	return vals
}

// NoMoves: the position's own outcome for the actor.
func (g *genericGame) NoMoves() int {
	o, over := g.cur().Outcome()
	switch {
	case !over || o.Draw:
		return 0
	case int(o.Winner) == g.Actor():
		return 1
	}
	return -1
}

// Ended reports a game the position decided while actions remain.
func (g *genericGame) Ended() (int, int, bool) {
	if _, over := g.cur().Outcome(); !over {
		return 0, 0, false
	}
	return g.NoMoves(), 0, true
}

// RepetitionRule is the game's own repetition rule, if it has one, with
// the result for the actor (see repetitionRuler).
func (g *genericGame) RepetitionRule() (count, res int, ok bool) {
	return repetitionFor(g.cur().Variant(), g.cur().Turn())
}

// repetitionFor reads v's own repetition rule (variant.RepetitionRule) for
// the search: the occurrences that end the game and the result then for
// turn, the side to move; ok is false for the default rule.
func repetitionFor(v *variant.Variant, turn variant.Color) (count, res int, ok bool) {
	r := v.Repetition
	if r == nil {
		return 0, 0, false
	}
	return r.Count, r.ValueFor(turn, turn), true
}

func (g *genericGame) Clock() int      { return variant.MoveRuleCount(g.cur()) }
func (g *genericGame) ClockLimit() int { return g.cur().Variant().MoveRule }

// rulesMover is a registry position of a game defined over package rules,
// which can show the reference move behind an action.
type rulesMover interface {
	Rules() *rules.Position
	Move(a variant.Action) (rules.Move, bool)
}

// Order ranks captures and promotions first, most valuable victim first
// and least valuable attacker next (MVV-LVA with the mobility values), for
// games defined over package rules; other games' actions are all quiet.
func (g *genericGame) Order(a variant.Action) int {
	r, ok := g.cur().(rulesMover)
	if !ok {
		return 0
	}
	m, ok := r.Move(a)
	if !ok {
		return 0
	}
	p := r.Rules()
	values := g.pieceValues(p.Variant())
	score := 0
	for _, sq := range m.Captures {
		if pc := p.At(sq); !pc.Empty() {
			score += 16 * values[pc.Kind]
		}
	}
	if m.Promotion != 0 {
		score += 16 * values[m.Promotion]
	}
	if score > 0 {
		score += 1000 - values[p.At(m.From).Kind]/16
	}
	return score
}

var historySeed = maphash.MakeSeed()

func (g *genericGame) HistoryIndex(a variant.Action) int {
	return int(maphash.String(historySeed, a.String()) % HistorySize)
}

// Text surface.

func (g *genericGame) reset(start variant.Position) error {
	g.n = 0
	g.stack[0], g.legal[0] = start, nil
	return nil
}

func (g *genericGame) native(a variant.Action) (variant.Action, bool) { return a, true }

func (g *genericGame) commit(a variant.Action) {
	g.Make(a)
	g.stack[0], g.legal[0] = g.stack[g.n], g.legal[g.n]
	g.n = 0
}

func (g *genericGame) text(a variant.Action) string { return a.String() }
func (g *genericGame) mateMoves(plies int) int      { return alternatingMate(plies) }
func (g *genericGame) matePlies(n int) int          { return 2*n - 1 }

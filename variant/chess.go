package variant

import (
	"context"
	"fmt"

	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/san"
)

// chessGames are chess and Chess960: one generator, castling written as
// the king's move (e1g1) or as king takes rook (Chess960).
func chessGames() []*Variant {
	chessDef := Definition{
		Variant: Variant{
			Name: "chess", Title: "Chess", UCIName: "chess", Chess960Form: "chess960",
			Aliases:       []string{"standard", "normal", "orthodox", "fromposition", "classical"},
			Size:          geom.Chess,
			AutomaticEnds: true,
			Rules:         rules.Chess,
			RulesMoveText: kingMoveCastling,
		},
		Start:          func(v *Variant) Position { return chessPosition{v: v, p: chess.Startpos()} },
		FromFEN:        chessFromFEN(),
		FromFENLenient: chessFromFEN(chess.ImpossibleCheck),
	}
	c960 := chessDef
	c960.Variant = Variant{
		Name: "chess960", Title: "Chess960", UCIName: "chess960", PGNName: "Chess960",
		Aliases:       []string{"960", "fischerandom", "fischerrandom", "fischerrandomchess", "frc"},
		Size:          geom.Chess,
		AutomaticEnds: true,
		RandomStart:   true,
		Rules:         chess960Rules,
		Starts: []StartSet{{
			Name: "chess960", Help: "Scharnagl number 0-959 (518 is the classical array)", First: 0, Count: 960,
			Get: func(v *Variant, member string) (Position, error) {
				n, err := numbered(member, 0, 960)
				if err != nil {
					return nil, err
				}
				p, err := chess.Chess960Start(n)
				if err != nil {
					return nil, err
				}
				return chessPosition{v: v, p: p, chess960: true}, nil
			},
			Describe: func(member string) string { return "Chess960 position " + member },
		}},
	}
	c960.Start = func(v *Variant) Position { return chessPosition{v: v, p: chess.Startpos(), chess960: true} }
	return []*Variant{mustNew(chessDef), mustNew(c960)}
}

// chessFromFEN reads chess FEN (KQkq, Shredder-FEN or X-FEN), tolerating
// the problems in ignore.
func chessFromFEN(ignore ...chess.ProblemKind) func(v *Variant, fen string) (Position, error) {
	return func(v *Variant, fen string) (Position, error) {
		s, err := chess.ParseFEN(fen)
		if err != nil {
			return nil, err
		}
		p, err := chess.NewPosition(s, ignore...)
		if err != nil {
			return nil, err
		}
		return chessPosition{v: v, p: p, chess960: v.Name == "chess960"}, nil
	}
}

// chess960Rules are chess's reference rules, whose castling is Chess960's
// too, under Chess960's name.
func chess960Rules() *rules.Variant {
	v := rules.Chess()
	v.Name = "chess960"
	return v
}

// kingMoveCastling writes a reference move as Fairy-Stockfish does
// (rules.Position.FSFMoveText): castling as the king's own move (e1g1),
// the UCI of standard chess and Capablanca chess, where MoveText writes
// king takes rook (e1h1), Chess960's; and every promotion with its letter.
func kingMoveCastling(p *rules.Position, m rules.Move) string {
	return p.FSFMoveText(m)
}

// chessPosition adapts chess.Position (chess and Chess960).
type chessPosition struct {
	v        *Variant
	p        chess.Position
	chess960 bool
}

// Chess returns the chess position, for code that works with package
// chess directly (the engine's fast adapter, board drawing).
func (c chessPosition) Chess() (chess.Position, bool) { return c.p, c.chess960 }

func (c chessPosition) Variant() *Variant { return c.v }
func (c chessPosition) Turn() Color       { return c.p.Turn() }
func (c chessPosition) Key() uint64       { return c.p.Key() }
func (c chessPosition) InCheck() bool     { return c.p.InCheck() }

func (c chessPosition) FEN() string {
	if c.chess960 {
		return c.p.FEN(chess.CastlingXFEN)
	}
	return c.p.FEN(chess.CastlingClassic)
}

func (c chessPosition) action(m chess.Move) Action {
	return Action{native: m, text: m.UCI(c.chess960)}
}

func (c chessPosition) Legal() []Action {
	var ml chess.MoveList
	c.p.LegalMoves(&ml)
	out := make([]Action, ml.Len())
	for i, m := range ml.Slice() {
		out[i] = c.action(m)
	}
	return out
}

func (c chessPosition) Play(a Action) (Position, error) {
	m, ok := a.native.(chess.Move)
	if ok && m == chess.NullMove {
		if !c.p.PlayNull() {
			return nil, fmt.Errorf("%w: a null move in %s: the side to move is in check", ErrIllegal, c.FEN())
		}
		return c, nil
	}
	var ml chess.MoveList
	c.p.LegalMoves(&ml)
	if !ok || !ml.Contains(m) {
		return nil, illegal(c, a)
	}
	c.p.Play(m) // c is a copy
	return c, nil
}

// NullMove returns the null move (see NullMover): legal unless the side
// to move is in check.
func (c chessPosition) NullMove() (Action, error) {
	if c.p.InCheck() {
		return Action{}, fmt.Errorf("%w: a null move in %s: the side to move is in check", ErrIllegal, c.FEN())
	}
	return c.action(chess.NullMove), nil
}

func (c chessPosition) Parse(text string) (Action, error) {
	m, err := san.ParseMove(&c.p, text)
	if err != nil {
		return Action{}, err
	}
	return c.action(m), nil
}

func (c chessPosition) Format(a Action, n Notation) string {
	m, _ := a.native.(chess.Move)
	if n == Machine {
		return m.UCI(c.chess960)
	}
	if m == chess.NullMove {
		return "--"
	}
	return san.Format(&c.p, m)
}

func (c chessPosition) Outcome() (Outcome, bool) {
	var ml chess.MoveList
	c.p.LegalMoves(&ml)
	switch {
	case ml.Len() == 0 && c.p.InCheck():
		return Outcome{Winner: c.p.Turn().Other(), Reason: Checkmate}, true
	case ml.Len() == 0:
		return Outcome{Draw: true, Reason: Stalemate}, true
	case c.p.IsInsufficientMaterial():
		return Outcome{Draw: true, Reason: InsufficientMaterial}, true
	}
	return Outcome{}, false
}

func (c chessPosition) MoveRuleCount() int { return c.p.Halfmove() }

func (c chessPosition) CanWin(side Color) bool {
	return !c.p.HasInsufficientMaterial(side)
}

func (c chessPosition) Perft(ctx context.Context, depth, threads int) (uint64, error) {
	return c.p.PerftParallel(ctx, depth, max(threads, 1))
}

func (c chessPosition) Divide(ctx context.Context, depth, threads int) ([]Division, error) {
	var ml chess.MoveList
	c.p.LegalMoves(&ml)
	moves := ml.Slice()
	return DivideParallel(ctx, len(moves), threads, func(i int) Division {
		q := c.p
		q.Play(moves[i])
		n, _ := q.PerftParallel(ctx, depth-1, 1) // DivideParallel reports ctx's end
		return Division{moves[i].UCI(c.chess960), n}
	})
}

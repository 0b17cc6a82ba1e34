package variant

import (
	"context"
	"fmt"
	"hash/maphash"
	"strconv"
	"strings"

	"github.com/baten-chess/baten/draughts"
	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
)

func draughtsGame() *Variant {
	return mustNew(Definition{
		Variant: Variant{
			Name: "draughts", Title: "English draughts", UCIName: "draughts", PGNName: "English draughts",
			Aliases:        []string{"englishdraughts", "checkers", "americancheckers", "english"},
			Size:           geom.Chess,
			Family:         PDN,
			PDNGameType:    21,
			MoveRule:       draughts.FortyMovePlies,
			MoveRuleReason: FortyMoves,
			Rules:          rules.EnglishDraughts,
			RulesMoveText:  pdnText(geom.Chess),
			Starts: []StartSet{{
				Name: "ballot", Help: "ACF three-move ballot 1-174", First: 1, Count: len(draughts.Ballots()),
				Get: func(v *Variant, member string) (Position, error) {
					n, err := numbered(member, 1, len(draughts.Ballots()))
					if err != nil {
						return nil, err
					}
					p, err := draughts.ApplyBallot(n)
					if err != nil {
						return nil, err
					}
					return draughtsPosition{v: v, p: p}, nil
				},
				Describe: func(member string) string {
					n, _ := strconv.Atoi(member)
					if b, ok := draughts.BallotByNumber(n); ok {
						return fmt.Sprintf("ballot %d: %s", n, strings.Join(b.Moves[:], " "))
					}
					return "ballot " + member
				},
			}},
		},
		Start: func(v *Variant) Position { return draughtsPosition{v: v, p: draughts.Start()} },
		FromFEN: func(v *Variant, fen string) (Position, error) {
			p, err := draughts.FromFEN(fen)
			if err != nil {
				return nil, err
			}
			return draughtsPosition{v: v, p: p}, nil
		},
	})
}

// pdnText returns a printer of reference draughts moves in PDN, as package
// draughts writes them: "9-13" for a step and every landing square of a
// capture ("27x18x11"), squares numbered as rules.Numbered lists them.
func pdnText(size geom.Size) func(*rules.Position, rules.Move) string {
	numbers := map[geom.Square]int{}
	for i, sq := range rules.Numbered(size) {
		numbers[sq] = i + 1
	}
	return func(_ *rules.Position, m rules.Move) string {
		if len(m.Path) == 0 {
			return fmt.Sprintf("%d-%d", numbers[m.From], numbers[m.To])
		}
		b := strconv.AppendInt(nil, int64(numbers[m.From]), 10)
		for _, sq := range m.Path {
			b = append(b, 'x')
			b = strconv.AppendInt(b, int64(numbers[sq]), 10)
		}
		return string(b)
	}
}

// draughtsPosition adapts draughts.Position, adding the count of quiet
// plies the 40-move rule needs (PDN FEN does not carry it).
type draughtsPosition struct {
	v     *Variant
	p     draughts.Position
	quiet int
}

// draughtsSeed hashes draughts positions for repetition keys. It is set
// once and never changed; keys are compared only within one process.
var draughtsSeed = maphash.MakeSeed()

// Draughts returns the draughts position, for code that works with
// package draughts directly.
func (d draughtsPosition) Draughts() draughts.Position { return d.p }

func (d draughtsPosition) Variant() *Variant { return d.v }

func (d draughtsPosition) Turn() Color {
	if d.p.Turn() == draughts.Black {
		return Black
	}
	return White
}

func (d draughtsPosition) FEN() string { return d.p.FEN() }

func (d draughtsPosition) Key() uint64 { return maphash.Comparable(draughtsSeed, d.p) }

func (d draughtsPosition) Legal() []Action {
	var ml draughts.MoveList
	d.p.LegalMoves(&ml)
	out := make([]Action, ml.Len())
	for i, m := range ml.Slice() {
		out[i] = Action{native: m, text: m.String()}
	}
	return out
}

func (d draughtsPosition) Play(a Action) (Position, error) {
	m, ok := a.native.(draughts.Move)
	var ml draughts.MoveList
	d.p.LegalMoves(&ml)
	if !ok || !ml.Contains(m) {
		return nil, illegal(d, a)
	}
	quiet := d.quiet + 1
	if d.p.IsIrreversible(m) {
		quiet = 0
	}
	return draughtsPosition{v: d.v, p: d.p.Play(m), quiet: quiet}, nil
}

// Parse reads PDN move text: "9-14", "22x15x8", or "22x8" when only one
// capture path joins those squares.
func (d draughtsPosition) Parse(text string) (Action, error) {
	m, err := d.p.ParseMove(text)
	if err != nil {
		return Action{}, err
	}
	return Action{native: m, text: m.String()}, nil
}

// Format writes PDN in both notations.
func (d draughtsPosition) Format(a Action, _ Notation) string { return a.text }

func (d draughtsPosition) Outcome() (Outcome, bool) {
	o, over := d.p.Outcome()
	if !over {
		return Outcome{}, false
	}
	out := Outcome{Draw: o.Draw, Reason: NoMoves}
	if o.Winner == draughts.Black {
		out.Winner = Black
	} else {
		out.Winner = White
	}
	if o.Reason == draughts.NoPieces {
		out.Reason = NoPieces
	}
	return out, true
}

func (d draughtsPosition) MoveRuleCount() int { return d.quiet }

// CanWin: a side with a piece left may win (its opponent may run out of
// pieces or moves); a side with none has lost already.
func (d draughtsPosition) CanWin(c Color) bool {
	side := draughts.White
	if c == Black {
		side = draughts.Black
	}
	return d.p.Pieces(side) != 0
}

func (d draughtsPosition) Perft(ctx context.Context, depth, threads int) (uint64, error) {
	return d.p.PerftParallel(ctx, depth, max(threads, 1))
}

func (d draughtsPosition) Divide(ctx context.Context, depth, threads int) ([]Division, error) {
	var ml draughts.MoveList
	d.p.LegalMoves(&ml)
	moves := ml.Slice()
	return DivideParallel(ctx, len(moves), threads, func(i int) Division {
		n, _ := d.p.Play(moves[i]).PerftParallel(ctx, depth-1, 1) // DivideParallel reports ctx's end
		return Division{moves[i].String(), n}
	})
}

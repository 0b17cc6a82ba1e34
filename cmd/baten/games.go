package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/baten-chess/baten/banchess"
	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/draughts"
	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/shatranj"
)

// tree is a position whose move tree can be counted: the surface the perft
// command needs of every generator, fast or reference.
type tree interface {
	FEN() string
	Perft(ctx context.Context, depth, threads int) (uint64, error)
	Divide(ctx context.Context, depth, threads int) ([]division, error)
}

// division is the count below one root move, in the variant's notation.
type division struct {
	Move  string
	Nodes uint64
}

// variantNames lists what --variant accepts, for messages.
var variantNames = []string{"chess", "chess960", "shatranj", "banchess", "draughts", "capablanca"}

// positionOptions are the start-position flags of the perft command.
type positionOptions struct {
	fen       string
	chess960  int // -1: none
	setup     string
	tabiya    string // shatranj opening array: number or name
	reference bool
}

// newTree builds the position to count for a variant name: the fast
// generator's, or with opt.reference the reference generator's.
func newTree(variant string, opt positionOptions) (tree, error) {
	if opt.chess960 >= 0 && variant != "chess960" {
		return nil, fmt.Errorf("--chess960 goes with --variant chess960, not %q", variant)
	}
	if opt.setup != "" && opt.setup != "standard" && (variant != "shatranj" || opt.setup != "alternative") {
		return nil, fmt.Errorf("--setup %q: only shatranj has a setup choice (standard or alternative)", opt.setup)
	}
	if opt.tabiya != "" {
		if variant != "shatranj" || opt.fen != "" {
			return nil, fmt.Errorf("--tabiya goes with --variant shatranj and no --fen")
		}
		t, err := lookupTabiya(opt.tabiya)
		if err != nil {
			return nil, err
		}
		opt.fen = t.FEN
	}
	if variant == "capablanca" { // no fast generator yet: the reference is its only one
		return newReference(rules.Capablanca(), opt.fen, classicCastlingText)
	}
	if opt.reference {
		return referenceFor(variant, opt)
	}
	return fastTree(variant, opt)
}

// fastTree is the position of the variant's fast generator.
func fastTree(variant string, opt positionOptions) (tree, error) {
	switch variant {
	case "chess", "chess960":
		if opt.fen == "" {
			p, err := chessStart(variant, opt.chess960)
			return chessTree{p, variant == "chess960"}, err
		}
		setup, err := chess.ParseFEN(opt.fen)
		if err != nil {
			return nil, err
		}
		// Perft is a generator check: positions whose checks no legal move
		// could have produced (tricky.perft has some) are still counted.
		p, err := chess.NewPosition(setup, chess.ImpossibleCheck)
		return chessTree{p, variant == "chess960"}, err
	case "shatranj":
		switch {
		case opt.fen != "":
			p, err := shatranj.ParsePosition(opt.fen)
			return shatranjTree{p}, err
		case opt.setup == "alternative":
			return shatranjTree{shatranj.AlternativePosition()}, nil
		}
		return shatranjTree{shatranj.StartPosition()}, nil
	case "banchess":
		p := banchess.Startpos()
		if opt.fen != "" {
			var err error
			if p, err = banchess.ParseFEN(opt.fen); err != nil {
				return nil, err
			}
		}
		return banchessTree{p}, nil
	case "draughts", "english-draughts", "checkers":
		if opt.fen == "" {
			return draughtsTree{draughts.Start()}, nil
		}
		p, err := draughts.FromFEN(opt.fen)
		return draughtsTree{p}, err
	}
	return nil, unknownVariant(variant)
}

// referenceFor is the position of the reference generator of package
// rules, reporting its FEN and root moves as the fast generator does, so
// that the output of --reference can be diffed against the fast one's.
func referenceFor(variant string, opt positionOptions) (tree, error) {
	var v *rules.Variant
	text := (*rules.Position).MoveText
	fen := opt.fen
	switch variant {
	case "chess", "chess960":
		v = rules.Chess()
		if fen == "" && variant == "chess960" {
			start, err := chessStart(variant, opt.chess960)
			if err != nil {
				return nil, err
			}
			fen = start.FEN(chess.CastlingShredder)
		}
		if variant == "chess" {
			text = classicCastlingText
		}
	case "shatranj":
		v = rules.Shatranj()
		if opt.setup == "alternative" {
			v = rules.ShatranjAlternative()
		}
	case "banchess":
		return nil, fmt.Errorf("--reference: Ban-Chess has no reference generator of its own (its spec test compares with the chess one)")
	case "draughts", "english-draughts", "checkers":
		v = rules.EnglishDraughts()
		text = pdnText(v.Size)
	default:
		return nil, unknownVariant(variant)
	}
	ref, err := newReference(v, fen, text)
	if err != nil {
		return nil, err
	}
	// The fast generator's FEN is the variant's canonical text (Shredder
	// castling letters for Chess960, KQkq for chess). A position only the
	// reference reads keeps the reference's own text.
	if fast, err := fastTree(variant, opt); err == nil {
		ref.fen = fast.FEN()
	}
	return ref, nil
}

func unknownVariant(name string) error {
	return fmt.Errorf("unknown variant %q (want one of %s)", name, strings.Join(variantNames, ", "))
}

// chessStart is the classic start, or Chess960 start number n (518 by
// default, the classic array).
func chessStart(variant string, n int) (chess.Position, error) {
	if variant == "chess" {
		return chess.Startpos(), nil
	}
	if n < 0 {
		n = 518
	}
	return chess.Chess960Start(n)
}

// chessTree is the fast bitboard generator.
type chessTree struct {
	p        chess.Position
	chess960 bool
}

func (t chessTree) FEN() string {
	if t.chess960 {
		return t.p.FEN(chess.CastlingShredder)
	}
	return t.p.FEN(chess.CastlingClassic)
}

func (t chessTree) Perft(ctx context.Context, depth, threads int) (uint64, error) {
	if threads <= 1 {
		return t.p.Perft(depth), ctx.Err()
	}
	return t.p.PerftParallel(ctx, depth, threads)
}

func (t chessTree) Divide(ctx context.Context, depth, threads int) ([]division, error) {
	var ml chess.MoveList
	t.p.LegalMoves(&ml)
	moves := ml.Slice()
	return divideParallel(ctx, len(moves), threads, func(i int) division {
		q := t.p
		q.Play(moves[i])
		return division{moves[i].UCI(t.chess960), q.Perft(depth - 1)}
	})
}

// draughtsTree is the fast English draughts generator; moves print in PDN.
type draughtsTree struct{ p draughts.Position }

func (t draughtsTree) FEN() string { return t.p.FEN() }

func (t draughtsTree) Perft(ctx context.Context, depth, threads int) (uint64, error) {
	if threads <= 1 {
		return t.p.Perft(depth), ctx.Err()
	}
	return t.p.PerftParallel(ctx, depth, threads)
}

func (t draughtsTree) Divide(ctx context.Context, depth, threads int) ([]division, error) {
	var ml draughts.MoveList
	t.p.LegalMoves(&ml)
	moves := ml.Slice()
	return divideParallel(ctx, len(moves), threads, func(i int) division {
		return division{moves[i].String(), t.p.Play(moves[i]).Perft(depth - 1)}
	})
}

// banchessTree counts Ban-Chess actions: each ban and each move is a ply.
type banchessTree struct{ p banchess.Position }

func (t banchessTree) FEN() string { return t.p.FEN() }

func (t banchessTree) Perft(ctx context.Context, depth, threads int) (uint64, error) {
	if threads <= 1 || depth <= 1 {
		return t.p.Perft(depth), ctx.Err()
	}
	return sumDivide(t.Divide(ctx, depth, threads))
}

func (t banchessTree) Divide(ctx context.Context, depth, threads int) ([]division, error) {
	var l banchess.ActionList
	t.p.LegalActions(&l)
	actions := l.Slice()
	return divideParallel(ctx, len(actions), threads, func(i int) division {
		next := t.p
		_ = next.Play(actions[i]) // a legal action of t.p: Play cannot fail
		return division{t.p.ActionText(actions[i]), next.Perft(depth - 1)}
	})
}

// shatranjTree is the fast shatranj generator.
type shatranjTree struct{ p shatranj.Position }

func (t shatranjTree) FEN() string { return t.p.FEN() }

func (t shatranjTree) Perft(ctx context.Context, depth, threads int) (uint64, error) {
	if threads <= 1 {
		return t.p.Perft(depth), ctx.Err()
	}
	return t.p.PerftParallel(ctx, depth, threads)
}

func (t shatranjTree) Divide(ctx context.Context, depth, threads int) ([]division, error) {
	var ml shatranj.MoveList
	t.p.LegalMoves(&ml)
	moves := ml.Slice()
	return divideParallel(ctx, len(moves), threads, func(i int) division {
		next := t.p.Play(moves[i])
		return division{moves[i].String(), next.Perft(depth - 1)}
	})
}

// referenceTree is the literal reference generator of package rules, the
// engine of variants without a fast generator yet.
type referenceTree struct {
	p   *rules.Position
	fen string
	// moveText prints a root move in the variant's notation, as the fast
	// generator's divide does.
	moveText func(*rules.Position, rules.Move) string
}

func newReference(v *rules.Variant, fen string, moveText func(*rules.Position, rules.Move) string) (referenceTree, error) {
	if fen == "" {
		fen = v.Start
	}
	p, err := rules.ParseFEN(v, fen)
	if err != nil {
		return referenceTree{}, err
	}
	return referenceTree{p, p.FEN(), moveText}, nil
}

func (t referenceTree) FEN() string { return t.fen }

func (t referenceTree) Perft(ctx context.Context, depth, threads int) (uint64, error) {
	if depth <= 1 || threads <= 1 {
		return t.p.Perft(depth), ctx.Err()
	}
	return sumDivide(t.Divide(ctx, depth, threads))
}

func (t referenceTree) Divide(ctx context.Context, depth, threads int) ([]division, error) {
	moves := t.p.LegalMoves()
	return divideParallel(ctx, len(moves), threads, func(i int) division {
		next, _ := t.p.Play(moves[i]) // moves[i] is legal: Play cannot fail
		return division{t.moveText(t.p, moves[i]), next.Perft(depth - 1)}
	})
}

// classicCastlingText is a move as MoveText writes it, but castling as the
// king's own move (e1g1), the UCI of standard chess and Capablanca chess,
// where MoveText writes king takes rook (e1h1), Chess960's.
func classicCastlingText(p *rules.Position, m rules.Move) string {
	if m.Castle {
		return m.From.String() + m.To.String()
	}
	return p.MoveText(m)
}

// pdnText returns a printer of draughts moves in PDN, as package draughts
// writes them: "9-13" for a step and every landing square of a capture
// ("27x18x11"), squares numbered as rules.Numbered lists them.
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

// sumDivide totals a division: the parallel perft of generators that have
// none of their own.
func sumDivide(div []division, err error) (uint64, error) {
	var n uint64
	for _, d := range div {
		n += d.Nodes
	}
	return n, err
}

// divideParallel computes count(0..n-1) on up to threads goroutines and
// returns the results in the generator's move order. It stops handing out
// work when ctx is done.
func divideParallel(ctx context.Context, n, threads int, count func(i int) division) ([]division, error) {
	threads = max(1, min(threads, n))
	out := make([]division, n)
	next := make(chan int)
	done := make(chan struct{})
	for range threads {
		go func() {
			for i := range next {
				out[i] = count(i)
			}
			done <- struct{}{}
		}()
	}
	var err error
feed:
	for i := range n {
		select {
		case next <- i:
		case <-ctx.Done():
			err = ctx.Err()
			break feed
		}
	}
	close(next)
	for range threads {
		<-done
	}
	return out, err
}

// lookupTabiya finds a shatranj opening array by number or by name.
func lookupTabiya(arg string) (shatranj.Tabiya, error) {
	if n, err := strconv.Atoi(arg); err == nil {
		return shatranj.TabiyaByNumber(n)
	}
	return shatranj.TabiyaByName(arg)
}

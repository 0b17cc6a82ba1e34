package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/baten-chess/baten/banchess"
	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/draughts"
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

// newTree builds the position to count for a variant name.
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
	switch variant {
	case "chess", "chess960":
		if opt.reference {
			fen := opt.fen
			if fen == "" {
				start, err := chessStart(variant, opt.chess960)
				if err != nil {
					return nil, err
				}
				fen = start.FEN(chess.CastlingShredder)
			}
			return newReference(rules.Chess(), fen)
		}
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
		if opt.reference {
			v := rules.Shatranj()
			if opt.setup == "alternative" {
				v = rules.ShatranjAlternative()
			}
			return newReference(v, opt.fen)
		}
		switch {
		case opt.fen != "":
			p, err := shatranj.ParsePosition(opt.fen)
			return shatranjTree{p}, err
		case opt.setup == "alternative":
			return shatranjTree{shatranj.AlternativePosition()}, nil
		}
		return shatranjTree{shatranj.StartPosition()}, nil
	case "banchess":
		if opt.reference {
			return nil, fmt.Errorf("--reference: Ban-Chess has no reference generator of its own (its spec test compares with the chess one)")
		}
		p := banchess.Startpos()
		if opt.fen != "" {
			var err error
			if p, err = banchess.ParseFEN(opt.fen); err != nil {
				return nil, err
			}
		}
		return banchessTree{p}, nil
	case "draughts", "english-draughts", "checkers":
		if opt.reference {
			return newReference(rules.EnglishDraughts(), opt.fen)
		}
		if opt.fen == "" {
			return draughtsTree{draughts.Start()}, nil
		}
		p, err := draughts.FromFEN(opt.fen)
		return draughtsTree{p}, err
	case "capablanca":
		return newReference(rules.Capablanca(), opt.fen)
	}
	return nil, fmt.Errorf("unknown variant %q (want one of %s)", variant, strings.Join(variantNames, ", "))
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
type referenceTree struct{ p *rules.Position }

func newReference(v *rules.Variant, fen string) (tree, error) {
	if fen == "" {
		fen = v.Start
	}
	p, err := rules.ParseFEN(v, fen)
	if err != nil {
		return nil, err
	}
	return referenceTree{p}, nil
}

func (t referenceTree) FEN() string { return t.p.FEN() }

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
		return division{t.p.MoveText(moves[i]), next.Perft(depth - 1)}
	})
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

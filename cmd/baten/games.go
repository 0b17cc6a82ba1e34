package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/baten-chess/baten/game"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// pdnGame is the game a PDN file without Variant or GameType tag is read
// as: the first of the registry's PDN family (English draughts).
func (c *cli) pdnGame() (*variant.Variant, bool) {
	for _, v := range c.games.All() {
		if v.Family == variant.PDN {
			return v, true
		}
	}
	return nil, false
}

// lookupGame finds a game of reg by any of its names; an unknown name's
// error says where the games are listed.
func lookupGame(reg *variant.Registry, name string) (*variant.Variant, error) {
	v, err := reg.Lookup(name)
	if errors.Is(err, variant.ErrUnknownVariant) {
		return nil, fmt.Errorf("%w; see baten variants", err)
	}
	return v, err
}

// defaultGame is the name --variant defaults to: the registry's first
// game (standard chess).
func (c *cli) defaultGame() string {
	if v, ok := c.games.Default(); ok {
		return v.Name
	}
	return ""
}

// startFlags are the start-position flags every command shares: --fen,
// and one flag per named start set of the registry's games (--chess960,
// --setup, --tabiya, --ballot, …), each a number or name in its set.
type startFlags struct {
	fen   *string
	sets  map[string]*string
	order []string // the set names, in registry order
	fs    *flag.FlagSet
}

// startSetNames lists the start-set names of the registry's games, each
// once, in registry order.
func (c *cli) startSetNames() []string {
	var names []string
	for _, v := range c.games.All() {
		for _, s := range v.Starts {
			if !slices.Contains(names, s.Name) {
				names = append(names, s.Name)
			}
		}
	}
	return names
}

// addStartFlags declares the start-position flags on fs.
func (c *cli) addStartFlags(fs *flag.FlagSet, fenHelp string) *startFlags {
	sf := &startFlags{fen: fs.String("fen", "", fenHelp), sets: map[string]*string{}, fs: fs}
	for _, name := range c.startSetNames() {
		var helps []string
		for _, v := range c.games.All() {
			if s, ok := v.StartSet(name); ok {
				helps = append(helps, v.Name+": "+s.Help)
			}
		}
		sf.sets[name] = fs.String(name, "", "start from this "+name+" position ("+strings.Join(helps, "; ")+")")
		sf.order = append(sf.order, name)
	}
	return sf
}

// given returns the start-position flags given on the command line: --fen
// first, then the start sets in registry order.
func (sf *startFlags) given() []string {
	set := map[string]bool{}
	sf.fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var given []string
	for _, name := range append([]string{"fen"}, sf.order...) {
		if set[name] {
			given = append(given, name)
		}
	}
	return given
}

// check refuses two start-position flags together and empty values.
func (sf *startFlags) check() error {
	given := sf.given()
	for _, name := range given {
		if sf.fs.Lookup(name).Value.String() == "" {
			return usageErrorf("--%s: empty value", name)
		}
	}
	if len(given) > 1 {
		return usageErrorf("--%s and --%s both choose the start position: give one", given[0], given[1])
	}
	return nil
}

// position is the start the flags choose in game v: --fen (read leniently
// for perft suites' unreachable checks when lenient), a member of a start
// set, or the standard start.
func (c *cli) position(v *variant.Variant, sf *startFlags, lenient bool) (variant.Position, error) {
	if err := sf.check(); err != nil {
		return nil, err
	}
	given := sf.given()
	if len(given) == 0 {
		return v.Start(), nil
	}
	name := given[0]
	value := sf.fs.Lookup(name).Value.String()
	if name == "fen" {
		read := v.FromFEN
		if lenient {
			read = v.FromFENLenient
		}
		if v.Rules != nil { // Fairy-Stockfish's forms of the fields (rules.FSFFEN)
			value = rules.FSFFEN(v.Rules(), value)
		}
		p, err := read(value)
		if err != nil {
			return nil, fmt.Errorf("--fen: %w", err)
		}
		return p, nil
	}
	if _, ok := v.StartSet(name); !ok {
		return nil, fmt.Errorf("--%s: %s has no %s start positions%s", name, v.Title, name, c.holders(name))
	}
	p, err := v.StartFrom(name, value)
	if err != nil {
		return nil, fmt.Errorf("--%w", err)
	}
	return p, nil
}

// holders suggests the games that have a start set: " (try --variant
// chess960)".
func (c *cli) holders(set string) string {
	var names []string
	for _, v := range c.games.All() {
		if _, ok := v.StartSet(set); ok {
			names = append(names, v.Name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return " (try --variant " + strings.Join(names, " or --variant ") + ")"
}

// reference is the literal reference generator of package rules for p,
// reporting its FEN and root moves as the fast generator does, so that the
// output of --reference can be diffed against the fast one's.
type reference struct {
	p   *rules.Position
	fen string
	v   *variant.Variant // writes the root moves
}

func newReference(p variant.Position) (reference, error) {
	v := p.Variant()
	if v.Rules == nil {
		return reference{}, fmt.Errorf("--reference: %s has no reference generator of its own", v.Title)
	}
	rp, err := rules.ParseFEN(v.Rules(), p.FEN())
	if err != nil {
		return reference{}, fmt.Errorf("--reference: %w", err)
	}
	return reference{rp, p.FEN(), v}, nil
}

// referenceFromFEN is the reference generator's position from a FEN that
// the game's own generator refuses, for --reference --fen.
func referenceFromFEN(v *variant.Variant, fen string, ref bool) (reference, error) {
	if !ref || fen == "" || v.Rules == nil {
		return reference{}, errors.New("no reference position")
	}
	rp, err := rules.ParseFEN(v.Rules(), rules.FSFFEN(v.Rules(), fen))
	if err != nil {
		return reference{}, err
	}
	return reference{rp, rp.FEN(), v}, nil
}

func (r reference) Perft(ctx context.Context, depth, threads int) (uint64, error) {
	if depth <= 1 || threads <= 1 {
		return r.p.Perft(depth), ctx.Err()
	}
	return variant.SumDivision(r.Divide(ctx, depth, threads))
}

func (r reference) Divide(ctx context.Context, depth, threads int) ([]variant.Division, error) {
	moves := r.p.LegalMoves()
	return variant.DivideParallel(ctx, len(moves), threads, func(i int) variant.Division {
		next, _ := r.p.Play(moves[i]) // moves[i] is legal: Play cannot fail
		return variant.Division{Action: r.v.SpecMoveText(r.p, moves[i]), Nodes: next.Perft(depth - 1)}
	})
}

// outcomeText says an outcome of p's game in words and in the notation of
// the record the game is written in: "white wins by checkmate (1-0)"; for
// draughts PDN's, where the first player, Black, is named first: "black
// wins by resignation (2-0)", as the PDN's Result tag has it. The sides
// are named as the game's players name them ("red wins by checkmate
// (1-0)" in xiangqi).
func outcomeText(p variant.Position, o variant.Outcome) string {
	return fmt.Sprintf("%s (%s)", o.In(p.Variant()), game.RecordResult(p.Variant(), o))
}

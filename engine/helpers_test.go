package engine

import (
	"github.com/baten-chess/baten/variant"
)

// The games the tests search, by registry name.
const (
	Chess    = "chess"
	Chess960 = "chess960"
	Shatranj = "shatranj"
	BanChess = "banchess"
	Draughts = "draughts"
)

// Variants lists the games with a fast adapter.
func Variants() []string { return []string{Chess, Chess960, Shatranj, BanChess, Draughts} }

// newEngine is New for a registry name; an unknown name is an error.
func newEngine(name string, opts Options) (*Engine, error) {
	v, err := variant.Lookup(name)
	if err != nil {
		return nil, err
	}
	return New(v, opts)
}

// resetFEN sets an adapter of the named game to a FEN (the start for "").
func resetFEN(g interface{ reset(variant.Position) error }, name, fen string) error {
	v, err := variant.Lookup(name)
	if err != nil {
		return err
	}
	p, err := v.FromFEN(fen)
	if err != nil {
		return err
	}
	return g.reset(p)
}

package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/baten-chess/baten/variant"
)

// variantsFlag declares --variants FILE, which every command has: games
// defined in a Fairy-Stockfish variants.ini file, added to the registry.
func (c *cli) variantsFlag(fs *flag.FlagSet) *string {
	return fs.String("variants", "", "add the games of this variants.ini file (Fairy-Stockfish's format) to the built-in ones")
}

// loadVariants adds the games of a variants.ini file to the command's
// registry ("" does nothing).
func (c *cli) loadVariants(path string) error {
	if path == "" {
		return nil
	}
	games, err := loadVariantsFile(path, c.games)
	if err != nil {
		return fmt.Errorf("--variants: %w", err)
	}
	c.games = games
	return nil
}

// loadVariantsFile returns a copy of games with the games of a
// variants.ini file added; a name the registry has already is an error.
func loadVariantsFile(path string, games *variant.Registry) (*variant.Registry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	defs, err := variant.LoadINI(f, path, games)
	if err != nil {
		return nil, err
	}
	out := games.Clone()
	for _, v := range defs {
		if err := out.Register(v); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	return out, nil
}

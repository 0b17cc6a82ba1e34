package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/baten-chess/baten/variant"
)

// variantsFlag declares --variants FILE, which every command has: games
// defined in a Fairy-Stockfish variants.ini file, added to the registry.
func (c *cli) variantsFlag(fs *flag.FlagSet) *string {
	return fs.String("variants", "", "add the games of this variants.ini file (Fairy-Stockfish's format) to the built-in ones")
}

// loadVariants adds the games of a variants.ini file to the command's
// registry ("" does nothing). A section that does not load is skipped
// with a line on stderr; a file none of whose sections loads is an error.
func (c *cli) loadVariants(path string, stderr io.Writer) error {
	if path == "" {
		return nil
	}
	games, skipped, err := loadVariantsFile(path, c.games)
	if err != nil {
		return fmt.Errorf("--variants: %w", err)
	}
	for _, e := range skipped {
		fmt.Fprintf(stderr, "--variants: section skipped: %v\n", e)
	}
	c.games = games
	return nil
}

// loadVariantsFile returns a copy of games with the games of a
// variants.ini file added, and the errors of the sections that did not
// load (see variant.LoadError); a file none of whose sections loads, or a
// name the registry has already, is an error.
func loadVariantsFile(path string, games *variant.Registry) (*variant.Registry, []error, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	defs, err := variant.LoadINI(f, path, games)
	var skipped []error
	if le := (*variant.LoadError)(nil); errors.As(err, &le) && len(defs) > 0 {
		skipped, err = le.Sections, nil
	}
	if err != nil {
		return nil, nil, err
	}
	out := games.Clone()
	for _, v := range defs {
		if err := out.Register(v); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	return out, skipped, nil
}

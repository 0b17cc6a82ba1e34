package game

import (
	"fmt"
	"strings"
)

// Variant is one of the rule systems a Game can follow.
type Variant uint8

// The variants.
const (
	Chess Variant = iota + 1
	Chess960
	Shatranj
	BanChess
	Draughts
)

// Variants lists every variant, in a stable order.
var Variants = []Variant{Chess, Chess960, Shatranj, BanChess, Draughts}

var variantNames = [...]string{"", "chess", "chess960", "shatranj", "banchess", "draughts"}

// String returns the variant's short name: chess, chess960, shatranj,
// banchess or draughts (the names the CLI and UCI use).
func (v Variant) String() string {
	if int(v) < len(variantNames) && v != 0 {
		return variantNames[v]
	}
	return fmt.Sprintf("Variant(%d)", uint8(v))
}

// PGNName returns the value of the PGN Variant tag: "" for standard chess
// (no tag), "Chess960", "Shatranj", "Ban Chess", "English draughts".
func (v Variant) PGNName() string {
	switch v {
	case Chess960:
		return "Chess960"
	case Shatranj:
		return "Shatranj"
	case BanChess:
		return "Ban Chess"
	case Draughts:
		return "English draughts"
	}
	return ""
}

// ChessFamily reports whether v is played on a chess board with SAN and PGN
// (every variant but draughts, which uses PDN).
func (v Variant) ChessFamily() bool { return v != Draughts }

// variantAliases maps a name with case, spaces, hyphens and underscores
// removed to its variant: the spellings found in PGN files, GUIs and the
// CLI.
var variantAliases = map[string]Variant{
	"chess": Chess, "standard": Chess, "normal": Chess, "orthodox": Chess, "fromposition": Chess,
	"chess960": Chess960, "960": Chess960, "fischerandom": Chess960, "fischerrandom": Chess960,
	"fischerrandomchess": Chess960, "frc": Chess960,
	"shatranj": Shatranj,
	"banchess": BanChess, "ban": BanChess,
	"draughts": Draughts, "englishdraughts": Draughts, "checkers": Draughts, "americancheckers": Draughts,
}

// ParseVariant reads a variant name, ignoring case, spaces, hyphens and
// underscores: "Chess960", "chess 960", "Fischerandom", "Ban Chess",
// "checkers", "Standard" (plain chess) and the String names.
func ParseVariant(name string) (Variant, error) {
	key := strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '_':
			return -1
		}
		return r
	}, strings.ToLower(strings.TrimSpace(name)))
	if v, ok := variantAliases[key]; ok {
		return v, nil
	}
	return 0, fmt.Errorf("%w: %q (want chess, chess960, shatranj, banchess or draughts)", ErrUnknownVariant, name)
}

package game

import (
	"strconv"
	"strings"

	"github.com/baten-chess/baten/shatranj"
)

// ShatranjAlternative returns the start of shatranj's alternative setup,
// Shah on e1/e8 and Ferz on d1/d8 (shatranj.AlternativeFEN), which some
// sources give for the game; NewPosition(Shatranj, "") is the standard
// setup, Shah on d1/d8.
func ShatranjAlternative() Position {
	return shatranjPosition{p: shatranj.AlternativePosition()}
}

// ShatranjTabiya returns the start from one of shatranj's documented
// opening arrays (tabiyat, see shatranj.Tabiyat), chosen by its number
// ("1") or by its name in any spelling shatranj.TabiyaByName accepts
// ("Mujannah-Mashaikhi", "al-Mujannah al-Mashā'ikhī"). For an unknown one
// the error wraps shatranj.ErrUnknownTabiya. A game from a tabiya writes
// the array as its FEN tag (see Game.PGN).
func ShatranjTabiya(numberOrName string) (Position, error) {
	var t shatranj.Tabiya
	var err error
	if n, convErr := strconv.Atoi(strings.TrimSpace(numberOrName)); convErr == nil {
		t, err = shatranj.TabiyaByNumber(n)
	} else {
		t, err = shatranj.TabiyaByName(numberOrName)
	}
	if err != nil {
		return nil, err
	}
	p, err := shatranj.ParsePosition(t.FEN)
	if err != nil {
		return nil, err
	}
	return shatranjPosition{p: p}, nil
}

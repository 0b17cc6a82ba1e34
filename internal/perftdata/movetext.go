package perftdata

import (
	"bufio"
	"bytes"
	_ "embed"
	"fmt"
	"strings"
)

// MoveText is one position of oracle/movetext.txt: how Fairy-Stockfish
// writes it and its legal moves.
type MoveText struct {
	// Variant is the UCI_Variant the oracle was given ("chess960" stands
	// for chess with UCI_Chess960 true).
	Variant string
	// FEN is the position as the perft file gives it, or "startpos".
	FEN string
	// OracleFEN is the position as Fairy-Stockfish's "d" writes it.
	OracleFEN string
	// Moves are its "go perft 1" moves, sorted.
	Moves []string
}

//go:embed oracle/movetext.txt
var moveText []byte

// MoveTexts reads oracle/movetext.txt, made by oracle/movetext.sh with
// today's Fairy-Stockfish: the move text and FEN of every position of the
// shared fairy perft files, and of the starts of the games without one.
func MoveTexts() ([]MoveText, error) {
	var out []MoveText
	sc := bufio.NewScanner(bytes.NewReader(moveText))
	sc.Buffer(nil, 1<<20) // a line of Amazons' start lists two thousand moves
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		f := strings.Split(text, "\t")
		if len(f) != 4 {
			return nil, fmt.Errorf("perftdata: oracle/movetext.txt:%d: want 4 tab-separated fields, have %d", line, len(f))
		}
		out = append(out, MoveText{Variant: f[0], FEN: f[1], OracleFEN: f[2], Moves: strings.Fields(f[3])})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("perftdata: oracle/movetext.txt: %w", err)
	}
	return out, nil
}

// OracleVariants lists the UCI_Variant values of the Fairy-Stockfish that
// made oracle/movetext.txt, from its "# UCI_Variant:" line.
func OracleVariants() ([]string, error) {
	for _, line := range strings.Split(string(moveText), "\n") {
		if names, ok := strings.CutPrefix(line, "# UCI_Variant: "); ok {
			return strings.Fields(names), nil
		}
	}
	return nil, fmt.Errorf("perftdata: oracle/movetext.txt has no \"# UCI_Variant:\" line")
}

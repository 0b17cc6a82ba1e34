package variant

import (
	"strconv"
	"strings"

	"github.com/baten-chess/baten/rules"
)

// The chess960 key (docs/rules-chess960.md): Fairy-Stockfish's
// chess960 = true, Chess960's castling written its way
// (rules.Castling.Chess960), and for a Capablanca game (caparandom) the
// random arrays of Capablanca random chess as a start set.

// capaRandomRoles are the piece names of rules.CapaRandomArray's letters.
var capaRandomRoles = map[byte]string{
	'R': "rook", 'N': "knight", 'A': "archbishop", 'B': "bishop", 'Q': "queen", 'K': "king", 'C': "chancellor",
}

// buildChess960 marks def's castling as Chess960's and, where the section
// plays Capablanca's pieces and pawns on 10×8, gives desc the caparandom
// arrays as its "chess960" start set, dealt at random as Chess960's are.
func (c *fairyConfig) buildChess960(desc *Variant, def *rules.Variant) {
	if !c.chess960 {
		return
	}
	if def.Castling != nil {
		def.Castling.Chess960 = true
	}
	letters := map[byte]byte{}
	for l, name := range capaRandomRoles {
		p := c.piece(name)
		if p == nil {
			return
		}
		letters[l] = p.letter
	}
	pawn := c.piece("pawn")
	if pawn == nil || c.maxFile != 10 || c.maxRank != 8 {
		return
	}
	count := rules.CapaRandomArrays()
	desc.RandomStart = true
	desc.Starts = append(desc.Starts, StartSet{
		Name: "chess960", Help: "caparandom array 0-" + strconv.Itoa(count-1), First: 0, Count: count,
		Get: func(v *Variant, member string) (Position, error) {
			n, err := numbered(member, 0, count)
			if err != nil {
				return nil, err
			}
			array, err := rules.CapaRandomArray(n)
			if err != nil {
				return nil, err
			}
			return v.FromFEN(capaRandomFEN(array, letters, pawn.letter))
		},
		Describe: func(member string) string { return "caparandom array " + member },
	})
}

// capaRandomFEN is the start position of array in the section's letters,
// with every castling right.
func capaRandomFEN(array string, letters map[byte]byte, pawn byte) string {
	home := []byte(array)
	for i, l := range home {
		home[i] = letters[l]
	}
	white := string(home)
	pawns := strings.Repeat(string(pawn), 10)
	return strings.ToLower(white) + "/" + strings.ToLower(pawns) + "/10/10/10/10/" + pawns + "/" + white + " w KQkq - 0 1"
}

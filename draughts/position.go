package draughts

// Color is a side. Black, the dark pieces on squares 1–12, moves first.
type Color uint8

const (
	// Black is the first player, moving towards square 32.
	Black Color = iota
	// White is the second player, moving towards square 1.
	White
)

// Opponent is the other side.
func (c Color) Opponent() Color { return c ^ 1 }

// String is "black" or "white".
func (c Color) String() string {
	if c == Black {
		return "black"
	}
	return "white"
}

// Position is a placement of men and kings and the side to move; it is
// always one NewPosition accepted (or one reached from it by legal moves),
// so it is legal to play from. Positions are small comparable values: two
// are == exactly when placement and side to move agree, which is what the
// repetition rule compares.
type Position struct {
	pieces [2]SquareSet // by Color
	kings  SquareSet    // kings of both colours
	turn   Color
}

// Start is the initial position: Black men on 1–12, White men on 21–32,
// Black to move.
func Start() Position {
	return Position{pieces: [2]SquareSet{0x00000FFF, 0xFFF00000}}
}

// Turn is the side to move.
func (p Position) Turn() Color { return p.turn }

// Pieces is the set of c's men and kings.
func (p Position) Pieces(c Color) SquareSet { return p.pieces[c] }

// Kings is the set of c's kings.
func (p Position) Kings(c Color) SquareSet { return p.pieces[c] & p.kings }

// Men is the set of c's uncrowned men.
func (p Position) Men(c Color) SquareSet { return p.pieces[c] &^ p.kings }

// crownRows are where each side's men crown, by Color.
var crownRows = [2]SquareSet{bottomRow, topRow}

// crownRow is where c's men crown.
func crownRow(c Color) SquareSet { return crownRows[c&1] }

// Setup returns p as plain data; NewPosition(p.Setup()) gives p back.
func (p Position) Setup() Setup {
	return Setup{Turn: p.turn, Black: p.pieces[Black], White: p.pieces[White], Kings: p.kings}
}

package pgn

// Tag is one tag pair of a game's header, such as Name "White" and Value
// "Fischer, Robert J.". The value is stored unescaped.
type Tag struct {
	Name  string
	Value string
}

// Tags is the ordered list of a game's tag pairs. Names are case
// sensitive. A game read from PGN never has two tags of the same name (a
// repeated name starts a new game).
type Tags []Tag

// Lookup returns the value of the first tag called name and whether there
// is one.
func (t Tags) Lookup(name string) (string, bool) {
	for _, tag := range t {
		if tag.Name == name {
			return tag.Value, true
		}
	}
	return "", false
}

// Get returns the value of the first tag called name, or "" if there is
// none.
func (t Tags) Get(name string) string {
	v, _ := t.Lookup(name)
	return v
}

// Set gives the first tag called name the value, or appends the tag if
// there is none.
func (t *Tags) Set(name, value string) {
	for i := range *t {
		if (*t)[i].Name == name {
			(*t)[i].Value = value
			return
		}
	}
	*t = append(*t, Tag{Name: name, Value: value})
}

// Delete removes every tag called name.
func (t *Tags) Delete(name string) {
	out := (*t)[:0]
	for _, tag := range *t {
		if tag.Name != name {
			out = append(out, tag)
		}
	}
	clear((*t)[len(out):])
	*t = out
}

// Node is one move of a game with its annotations.
type Node struct {
	// Move is the move token as written (SAN such as "Nbd7", "O-O",
	// "e8=Q#", or any other token such as "--" or "e2e4"), without the
	// suffix glyphs, which are moved to NAGs.
	Move string
	// NAGs are the numeric annotation glyphs following the move, in order:
	// `$n` tokens and the suffix glyphs (! = 1, ? = 2, !! = 3, ?? = 4,
	// !? = 5, ?! = 6).
	NAGs []int
	// CommentsBefore are comments placed before the move: at the start of
	// a variation, or after the variations of the previous move. The first
	// move of a game never has them (those comments are Game.Comments).
	CommentsBefore []string
	// CommentsAfter are the comments following the move (and its NAGs).
	// A comment that ends a line after a variation is also kept here.
	CommentsAfter []string
	// Variations are alternatives to this move: each line starts with a
	// move played instead of Move, from the same position.
	Variations []Line
}

// Line is a sequence of consecutive moves: the main line of a game or one
// variation.
type Line []*Node

// Game is one game of a PGN file.
type Game struct {
	// Tags are the tag pairs in the order read.
	Tags Tags
	// Comments are the comments that precede the first move (or all
	// comments of a game without moves).
	Comments []string
	// Moves is the main line; range over it to iterate the main line.
	Moves Line
	// Result is the termination marker: "1-0", "0-1", "1/2-1/2" or "*"
	// (or PDN's "2-0", "0-2", "1-1"), or
	// "" if the movetext had none. It may disagree with the Result tag;
	// the package does not reconcile them.
	Result string
}

// MainLine returns the move tokens of the main line, in order.
func (g *Game) MainLine() []string {
	out := make([]string, len(g.Moves))
	for i, n := range g.Moves {
		out[i] = n.Move
	}
	return out
}

// Termination returns the marker Write puts at the end of g: Result if it
// is set, else the value of the Result tag if that is a termination
// marker, else "*".
func (g *Game) Termination() string {
	if g.Result != "" {
		return g.Result
	}
	if v := g.Tags.Get("Result"); isResult(v) {
		return v
	}
	return "*"
}

// Roster is the seven-tag roster in the order of the PGN standard, which
// Write puts first.
func Roster() []string {
	return []string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}
}

// isResult reports whether s is a termination marker: PGN's, and PDN's
// 2-0, 0-2 and 1-1 (draughts scores two points a game), so that PDN files
// split into games too. PDN's 0-0 (double forfeit) is not one: in PGN it
// is castling written with zeros.
func isResult(s string) bool {
	switch s {
	case "1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1":
		return true
	}
	return false
}

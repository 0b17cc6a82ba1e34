package rules

import (
	"slices"
	"strings"

	"github.com/baten-chess/baten/geom"
)

// DropRules is the drops family (Fairy-Stockfish's pieceDrops and the
// keys around it): each player has a hand of pieces, and instead of
// moving a piece on the board may put one from the hand on an empty
// square — a drop.
//
// In plain words, as Fairy-Stockfish plays it:
//   - A drop puts a piece of the mover's hand on an empty square (not a
//     wall) that is in the mover's Region and where the kind may stand
//     (a mobility region). It is legal when the mover's royal piece is
//     not attacked afterwards, like any move; a drop may block a check.
//   - The Pawn kind is never dropped on the mover's first rank (unless
//     FirstRankPawns) nor in its promotion zone (unless ZonePawns).
//   - With NoDoubled, the kind of that letter is not dropped on a file
//     that already holds NoDoubledCount of the mover's pieces of it
//     (shogi's nifu: letter P, count 1).
//   - With NoChecks, a drop that gives check is not legal.
//   - With Must, a side holding a piece of MustKind (any kind for 0) in
//     hand drops one if it can: its other moves and its drops of other
//     kinds are not legal then (picaria: all pieces are dropped before
//     any moves).
//   - With CapturesToHand, a captured piece goes to the capturer's hand,
//     as the capturer's: a promoted piece (a pawn that promoted) goes back
//     as a Pawn, unless Loop (Loop chess: it stays what it became).
//   - With OppositeBishops (the bishop kind's letter), a side's bishops
//     are dropped on squares of both colours: a bishop not on a colour
//     that already holds half of them (rounded up), another piece not
//     where it would leave too few free squares of a colour in the region
//     for the bishops still in hand (placement chess).
//   - A drop resets the halfmove clock and clears the en passant square;
//     it changes no castling rights, but with CastlingDropped a king
//     dropped on the e-file of its castling rank gains the rights of the
//     castling rooks in that rank's corners, and such a rook dropped in a
//     corner gains its right when the king stands there (placement chess).
//
// The hand is part of the position: FEN writes it after the placement in
// brackets, "…/RNBQKBNR[Qp]", first player's pieces first, each player's
// in HandOrder; a promoted piece that would go back as a Pawn is marked
// "~" after its letter ("Q~"). A drop's text is the kind's upper-case
// letter, "@" and the square: "P@e4".
type DropRules struct {
	// CapturesToHand: captured pieces go to the capturer's hand
	// (capturesToHand); without it the hand only holds what the position
	// started with (pocketknight).
	CapturesToHand bool
	// Loop: a promoted piece goes to the hand as what it became
	// (dropLoop).
	Loop bool
	// Region lists, by Player, the squares a drop may go to; nil allows
	// every square (dropRegionWhite/Black).
	Region [2][]geom.Square
	// Pawn is the upper-case letter of the kind the back-rank and
	// promotion-zone rules hold back, and that a promoted piece returns
	// to the hand as (Fairy-Stockfish's pawn); 0 for none.
	Pawn byte
	// FirstRankPawns allows the Pawn on the first rank
	// (firstRankPawnDrops: chessgi).
	FirstRankPawns bool
	// ZonePawns allows the Pawn in its promotion zone
	// (promotionZonePawnDrops).
	ZonePawns bool
	// NoDoubled is the letter of a kind not dropped on a file holding
	// NoDoubledCount of the mover's pieces of it; 0 for none
	// (dropNoDoubled, dropNoDoubledCount).
	NoDoubled      byte
	NoDoubledCount int
	// NoChecks forbids drops that give check (dropChecks = false).
	NoChecks bool
	// Must makes drops compulsory while the hand holds a piece of
	// MustKind, an upper-case letter (0: of any kind) (mustDrop,
	// mustDropType).
	Must     bool
	MustKind byte
	// OppositeBishops is the letter of the kind dropped on squares of
	// both colours, 0 for none (dropOppositeColoredBishop).
	OppositeBishops byte
	// CastlingDropped: dropped kings and rooks gain castling rights
	// (castlingDroppedPiece).
	CastlingDropped bool
	// HandOrder lists the upper-case letters in the order FEN writes a
	// hand (Fairy-Stockfish's: its piece types from the king down); ""
	// writes the kinds in reverse order of Variant.Pieces.
	HandOrder string
}

// Hand returns how many pieces of kind id player has in hand (0 in a game
// without drops).
func (p *Position) Hand(player Player, id KindID) int {
	if p.hand[player] == nil || id == 0 || int(id) > len(p.hand[player]) {
		return 0
	}
	return p.hand[player][id-1]
}

// inHand counts player's pieces in hand of kind id, or of every kind for
// id 0.
func (p *Position) inHand(player Player, id KindID) int {
	if id != 0 {
		return p.Hand(player, id)
	}
	n := 0
	for _, c := range p.hand[player] {
		n += c
	}
	return n
}

// HandText is player's hand as FEN writes it, in the player's letter case
// ("" for an empty hand or a game without drops).
func (p *Position) HandText(player Player) string {
	if !p.v.hasHand() {
		return ""
	}
	var b strings.Builder
	for _, id := range p.handOrder() {
		for range p.Hand(player, id) {
			b.WriteByte(p.letter(Piece{Kind: id, Owner: player}))
		}
	}
	return b.String()
}

// handOrder lists the kinds in the order FEN writes a hand.
func (p *Position) handOrder() []KindID {
	var out []KindID
	order := ""
	if p.v.Gating != nil {
		order = p.v.Gating.HandOrder
	}
	if p.v.Drops != nil {
		order = p.v.Drops.HandOrder
	}
	for i := 0; i < len(order); i++ {
		if id, ok := p.v.KindByLetter(order[i]); ok && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	for id := KindID(len(p.v.Pieces)); id >= 1; id-- { // kinds HandOrder leaves out, last
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// IsPromoted reports whether the piece on sq is a promoted one that a
// capture returns to the hand as a Pawn.
func (p *Position) IsPromoted(sq geom.Square) bool {
	_, found := slices.BinarySearchFunc(p.promoted, sq, p.cmpSquare)
	return found
}

// demotes reports whether the variant keeps track of promoted pieces:
// captures go to hand and promoted ones go back as pawns.
func (v *Variant) demotes() bool {
	return v.Drops != nil && v.Drops.CapturesToHand && !v.Drops.Loop && v.Drops.Pawn != 0
}

// newHand gives p an empty hand, in a game with drops.
func (p *Position) newHand() {
	if p.v.hasHand() {
		p.hand = [2][]int{make([]int, len(p.v.Pieces)), make([]int, len(p.v.Pieces))}
	}
}

// dropMoves lists the drops of the side to move.
func (p *Position) dropMoves() []Move {
	d := p.v.Drops
	if d == nil {
		return nil
	}
	var moves []Move
	for i, n := range p.hand[p.turn] {
		if n == 0 {
			continue
		}
		id := KindID(i + 1)
		for _, sq := range p.v.Size.Squares() {
			if p.mayDrop(id, sq) {
				moves = append(moves, Move{From: sq, To: sq, Drop: id})
			}
		}
	}
	return moves
}

// mayDrop reports whether the side to move may drop a piece of kind id on
// sq, but for the legality filter.
func (p *Position) mayDrop(id KindID, sq geom.Square) bool {
	d := p.v.Drops
	if !p.board.At(sq).Empty() || p.IsWall(sq) {
		return false
	}
	if !p.dropRegion(id, sq) {
		return false
	}
	return d.OppositeBishops == 0 || !p.bishopsForbid(id, sq)
}

// dropRegion reports whether sq, empty or not, is in the region where the
// side to move may put a piece of kind id from its hand (Fairy-Stockfish's
// drop_region): by a drop, or by gating on a square a piece leaves.
func (p *Position) dropRegion(id KindID, sq geom.Square) bool {
	us := p.turn
	if !p.v.Side(us, id).MayStand(sq) {
		return false // per-colour rules: a mobility region
	}
	d := p.v.Drops
	if d == nil {
		return true // gating without drops
	}
	if d.Region[us] != nil && !slices.Contains(d.Region[us], sq) {
		return false
	}
	letter := p.v.Kind(id).Letter
	if letter == d.Pawn {
		if !d.FirstRankPawns && p.v.RelativeRank(us, sq) == 1 {
			return false
		}
		if !d.ZonePawns && p.promotes(Piece{Kind: id, Owner: us}, sq) {
			return false
		}
	}
	if letter == d.NoDoubled {
		n := 0
		for r := 0; r < p.v.Size.H; r++ {
			if p.board.At(geom.Square{File: sq.File, Rank: r}) == (Piece{Kind: id, Owner: us}) {
				n++
			}
		}
		if n >= d.NoDoubledCount {
			return false
		}
	}
	return true
}

// bishopsForbid applies OppositeBishops to a drop of kind id on to.
func (p *Position) bishopsForbid(id KindID, to geom.Square) bool {
	bishop, ok := p.v.KindByLetter(p.v.Drops.OppositeBishops)
	if !ok {
		return false
	}
	us := p.turn
	dark := func(sq geom.Square) bool { return (sq.File+sq.Rank)%2 == 0 } // a1 is dark
	own := Piece{Kind: bishop, Owner: us}
	total := p.countKind(us, bishop) + p.Hand(us, bishop)
	var on [2]int // own bishops, and squares left for them, by colour (dark = 1)
	for _, sq := range p.v.Size.Squares() {
		c := 0
		if dark(sq) {
			c = 1
		}
		switch {
		case p.board.At(sq) == own:
			on[c]++
		case id != bishop && sq != to && p.board.At(sq).Empty() && !p.IsWall(sq) &&
			(p.v.Drops.Region[us] == nil || slices.Contains(p.v.Drops.Region[us], sq)) && p.v.Side(us, bishop).MayStand(sq):
			on[c]++
		}
	}
	if id != bishop {
		return on[0] < total/2 || on[1] < total/2
	}
	c := 0
	if dark(to) {
		c = 1
	}
	return on[c]+1 > (total+1)/2
}

// droppedCastling gives q, the position after the drop m, the castling
// rights a dropped king or rook gains (CastlingDropped).
func (p *Position) droppedCastling(q *Position, m Move) {
	c := p.v.Castling
	if !p.v.Drops.CastlingDropped || c == nil || m.To.Rank != p.v.CastlingRank(p.turn) {
		return
	}
	const kingFile = 4 // the e-file, Fairy-Stockfish's castlingKingFile
	us, w := p.turn, p.v.Size.W
	add := func(file int) {
		if r := (CastlingRight{Player: us, File: file}); !slices.Contains(q.castling, r) {
			q.castling = append(q.castling, r)
			sortRights(q.castling)
		}
	}
	king, _ := p.v.KindByLetter(c.King)
	switch {
	case m.Drop == king && m.To.File == kingFile:
		for _, f := range []int{0, w - 1} {
			if q.castlingRookAt(geom.Square{File: f, Rank: m.To.Rank}, us) {
				add(f)
			}
		}
	case (m.To.File == 0 || m.To.File == w-1) && q.castlingRookAt(m.To, us) &&
		q.board.At(geom.Square{File: kingFile, Rank: m.To.Rank}) == (Piece{Kind: king, Owner: us}):
		add(m.To.File)
	}
}

// dropForbidden reports a drop that gives check where NoChecks forbids it.
func (p *Position) dropForbidden(m Move, next *Position) bool {
	return m.Drop != 0 && p.v.Drops.NoChecks && next.royalAttacked(p.turn.Opponent())
}

// mustDrop keeps, of the legal moves, those Must allows.
func (p *Position) mustDrop(legal []Move) []Move {
	d := p.v.Drops
	if d == nil || !d.Must {
		return legal
	}
	must, _ := p.v.KindByLetter(d.MustKind) // 0 for any kind
	if p.inHand(p.turn, must) == 0 {
		return legal
	}
	if must != 0 {
		legal = slices.DeleteFunc(legal, func(m Move) bool { return m.Drop != 0 && m.Drop != must })
	}
	if slices.ContainsFunc(legal, func(m Move) bool { return m.Drop != 0 }) {
		legal = slices.DeleteFunc(legal, func(m Move) bool { return m.Drop == 0 })
	}
	return legal
}

// applyDrop plays the drop m on a copy of p.
func (p *Position) applyDrop(m Move) *Position {
	q := p.clone()
	q.board.Set(m.To, Piece{Kind: m.Drop, Owner: p.turn})
	q.hand[p.turn][m.Drop-1]--
	p.droppedCastling(q, m)
	q.hasEP, q.ep, q.victim, q.hasEP2 = false, geom.Square{}, geom.Square{}, false
	q.halfmove = 0 // as Fairy-Stockfish: a drop cannot be taken back
	p.endTurn(q, false)
	q.countCheck()              // check counting
	p.afterMove(q, m)           // family: move rules
	q.facedBefore = p.bikjang() // family: palaces
	return q
}

// toHand puts the pieces m captures into the capturer's hand in q, the
// position after m, and moves the promoted marks along with the pieces.
func (p *Position) toHand(q *Position, m Move) {
	d := p.v.Drops
	if d == nil {
		return
	}
	if d.CapturesToHand {
		for _, sq := range m.Captures {
			victim := p.board.At(sq)
			if victim.Empty() {
				continue
			}
			id := victim.Kind
			if p.IsPromoted(sq) {
				id, _ = p.v.KindByLetter(d.Pawn)
			}
			q.hand[p.turn][id-1]++
		}
	}
	if !p.v.demotes() {
		return
	}
	var marks []geom.Square
	for _, sq := range p.promoted {
		switch {
		case slices.Contains(m.Captures, sq):
		case sq == m.From:
			marks = append(marks, m.To)
		case m.Castle && sq == m.RookFrom:
			marks = append(marks, m.RookTo)
		default:
			marks = append(marks, sq)
		}
	}
	if m.Promotion != 0 {
		marks = append(marks, m.To)
	}
	q.promoted = nil
	for _, sq := range marks {
		if !q.board.At(sq).Empty() { // a blast may have emptied it
			q.markPromoted(sq)
		}
	}
}

// markPromoted records the piece on sq as promoted.
func (p *Position) markPromoted(sq geom.Square) {
	if i, found := slices.BinarySearchFunc(p.promoted, sq, p.cmpSquare); !found {
		p.promoted = slices.Insert(p.promoted, i, sq)
	}
}

// splitHand takes the hand off a FEN's placement field: Fairy-Stockfish's
// "…/RNBQKBNR[Pn]" and lichess's ninth rank "…/RNBQKBNR/Pn".
func (p *Position) splitHand(placement string) (board, hand string, has bool) {
	if i := strings.IndexByte(placement, '['); i >= 0 {
		return placement[:i], strings.TrimSuffix(placement[i+1:], "]"), true
	}
	if ranks := strings.Split(placement, "/"); p.v.hasHand() && len(ranks) == p.v.Size.H+1 {
		return strings.Join(ranks[:p.v.Size.H], "/"), ranks[p.v.Size.H], true
	}
	return placement, "", false
}

// readHand reads a hand's letters (upper case for the first player; "-"
// for none). A royal piece may be in hand, to be dropped (placement
// chess); check counts it with those on the board. A "~" is left out: a piece in hand is never promoted, and
// Fairy-Stockfish reads "[Q~]" as "[Q]".
func (p *Position) readHand(text string) error {
	if text == "" || text == "-" {
		return nil
	}
	if !p.v.hasHand() {
		return fenErr("hand", text, "%s has no drops", p.v.Name)
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == '~' {
			continue
		}
		owner, upper := First, c
		if c >= 'a' && c <= 'z' {
			owner, upper = Second, c-'a'+'A'
		}
		id, ok := p.v.KindByLetter(upper)
		if !ok {
			return fenErr("hand", text, "no %s piece has the letter %q", p.v.Name, c)
		}
		p.hand[owner][id-1]++
	}
	return nil
}

// handFEN is the hand as FEN writes it, in brackets; "" without drops.
func (p *Position) handFEN() string {
	if !p.v.hasHand() {
		return ""
	}
	return "[" + p.HandText(First) + p.HandText(Second) + "]"
}

// dropText is a drop's text, "P@e4".
func (p *Position) dropText(m Move) string {
	return string(p.v.Kind(m.Drop).Letter) + "@" + m.To.String()
}

// firstRankPawn reports a Pawn that may stand on its first rank, where
// FirstRankPawns lets it be dropped.
func (p *Position) firstRankPawn(pc Piece) bool {
	d := p.v.Drops
	return d != nil && d.FirstRankPawns && p.v.Kind(pc.Kind).Letter == d.Pawn
}

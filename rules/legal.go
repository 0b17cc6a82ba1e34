package rules

// PseudoLegalMoves lists the moves the side to move's pieces have by
// their movement and every guard but the last: the moves of
// LegalMoves, and those that leave a royal piece attacked. A faster
// generator that knows which of them are legal can pick them from here,
// and play them with PlayLegal, without this package testing each one.
func (p *Position) PseudoLegalMoves() []Move { return p.withWalls(p.pseudoMoves()) } // walling: each with its walls

// PlayLegal returns the position after m, which must be a legal move of
// p (one of LegalMoves, or of PseudoLegalMoves known to be legal): unlike
// Play, it does not list the legal moves again to check.
func (p *Position) PlayLegal(m Move) *Position { return p.apply(m) }

package rules

// MaterialCounting is Fairy-Stockfish's materialCounting: how a game
// that would be drawn is decided instead, by the material on the board or
// by draw odds. It decides stalemate drawn by the variant's NoMoves (here,
// in Outcome) and the draws of the repetition and move rules (in the game
// record, which knows the history).
type MaterialCounting uint8

const (
	// NoMaterialCounting: a draw stays a draw.
	NoMaterialCounting MaterialCounting = iota
	// UnweightedMaterial: the player with more pieces wins; equal counts
	// draw.
	UnweightedMaterial
	// WhiteDrawOdds: White wins the draws (Armageddon's draw odds the
	// other way round).
	WhiteDrawOdds
	// BlackDrawOdds: Black wins the draws (Armageddon).
	BlackDrawOdds
	// JanggiMaterial: janggi's count. Each piece is worth its kind's
	// MoveRules.Points; White wins if its points exceed Black's by more
	// than 1, and Black wins otherwise: Black's komi of 1.5 points, which
	// no count of whole points can tie.
	JanggiMaterial
)

// MaterialOutcome decides a draw by the variant's material counting:
// the outcome with reason r (a draw still for NoMaterialCounting, or
// where UnweightedMaterial finds equal counts), or a win by Material.
func (p *Position) MaterialOutcome(r Reason) Outcome {
	draw := Outcome{Draw: true, Reason: r}
	if p.v.Moves == nil {
		return draw
	}
	switch p.v.Moves.Material {
	case WhiteDrawOdds:
		return Outcome{Winner: First, Reason: Material}
	case BlackDrawOdds:
		return Outcome{Winner: Second, Reason: Material}
	case JanggiMaterial:
		if p.points(First)-p.points(Second) > 1 {
			return Outcome{Winner: First, Reason: Material}
		}
		return Outcome{Winner: Second, Reason: Material}
	case UnweightedMaterial:
		w, b := p.count(First, false)+p.count(First, true), p.count(Second, false)+p.count(Second, true)
		switch {
		case w > b:
			return Outcome{Winner: First, Reason: Material}
		case w < b:
			return Outcome{Winner: Second, Reason: Material}
		}
	}
	return draw
}

// points sums the MoveRules.Points of player's pieces on the board.
func (p *Position) points(player Player) int {
	n := 0
	for _, sq := range p.v.Size.Squares() {
		if pc := p.board.At(sq); !pc.Empty() && pc.Owner == player {
			if l := p.v.Kind(pc.Kind).Letter; l >= 'A' && l <= 'Z' {
				n += p.v.Moves.Points[l-'A']
			}
		}
	}
	return n
}

package engine

import (
	"math"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/kinematics"
	"github.com/baten-chess/baten/rules"
)

// The evaluation of a data-defined game is derived from the game's own
// definition, so that a game a user writes is played sensibly with no
// tuning: piece values from each kind's mobility on that board, and
// piece-square tables from where its moves reach, how near a promoting
// kind stands to its promotion ranks and how far the royal piece has
// left home. The tables are built once per game and kept incrementally
// by fairyGame's Make; only the taper between opening and ending is
// computed per node.

// Scale of the values, in centipawns: a unit of effective mobility (a
// square reached on a board a third full) is worth valueUnit, and a
// kind's value grows faster than its mobility (by exp(value/synergy)),
// as Fairy-Stockfish's estimate of a new piece does, since a strong
// piece combines its moves; this puts the knight of chess near 320 and
// the queen near 1000. A kind that promotes is worth a pawn at least,
// the unit of the evaluation.
const (
	valueUnit    = 50
	synergy      = 1500
	pawnValue    = 100
	mobDensity   = 35 // per cent of the squares occupied when mobility is sampled
	mobSamples   = 24 // random boards sampled, the same for every square
	tableShare   = 20 // per cent of its value a kind gains times its reach over its mean, relative to the mean
	advanceMG    = 10 // per cent of the promotion's gain earned by a pawn on the last step, opening
	advanceEG    = 25 // the same in the ending
	centrePawnMG = 25 // a central pawn's first two steps, opening
	royalRankMG  = 20 // the royal piece's penalty a rank from home, opening
	royalFileMG  = 25 // the royal piece's penalty on the centre files, opening
	royalCentEG  = 5  // the royal piece's gain a half-step nearer the centre, ending
)

// fairyTables is the evaluation tables of one game. mg and eg are indexed
// [player][kind<<8 | square], the square as fairy packs it (rank·16 +
// file); phase weighs each kind (its value for the pieces that neither
// promote nor are royal), full is the start's total.
type fairyTables struct {
	on     bool // positional terms apply (not in antichess or connection games)
	mg, eg [2][]int32
	phase  []int32
	full   int32
	redo   bool // family: petrify: a capture changes more squares than its own
}

// evalSum is what fairyGame keeps of the tables move by move: the sums of
// the opening and ending terms by player, and the game phase.
type evalSum struct {
	mg, eg [2]int32
	phase  int32
}

// mobilityValues gives each kind of a data-defined game its value, by
// KindID, from the squares it reaches on average over the board's
// squares with a third of them taken at random (a slider's long lines
// count less than on the empty board, a hopper needs its screens, a lame
// leaper its free path), at least a pawn for a kind that promotes; royal
// pieces count 0 (they are never taken). In Capablanca this gives, as
// multiples of the knight, bishop 1.11, rook 1.60, archbishop 2.56,
// chancellor 3.23, queen 3.41, where Fairy-Stockfish's values (its
// types.h, opening and ending averaged) are 1.06, 1.63, 2.7, 3.0 and 3.2;
// makruk's met (a ferz) 0.54 as there. Colour-bound kinds are not valued
// less: Fairy-Stockfish's ferz and alfil are worth what their mobility
// says.
func mobilityValues(v *rules.Variant) []int {
	vals := make([]int, len(v.Pieces)+1)
	squares := v.Size.Squares()
	for i := range v.Pieces {
		k := &v.Pieces[i]
		if k.Royal {
			continue
		}
		base := float64(valueUnit*sampledMobility(v, k.Movement, squares)) / 100
		val := int(base * math.Exp(base/synergy))
		if k.Promotion != nil && val < pawnValue {
			val = pawnValue
		}
		vals[i+1] = val
	}
	return vals
}

// sampledMobility is m's average number of targets from each of squares
// on mobSamples boards mobDensity per cent full, times 100. The boards
// come from a fixed sequence, so a game's values are the same every run.
func sampledMobility(v *rules.Variant, m kinematics.Movement, squares []geom.Square) int {
	w := v.Size.W
	boards := make([][]bool, mobSamples)
	seed := uint64(0x9E3779B97F4A7C15)
	for i := range boards {
		boards[i] = make([]bool, w*v.Size.H)
		for j := range boards[i] {
			seed ^= seed << 13
			seed ^= seed >> 7
			seed ^= seed << 17
			boards[i][j] = seed%100 < mobDensity
		}
	}
	var occ []bool
	frame := kinematics.Frame{Size: v.Size, Forward: 1, Occupied: func(sq geom.Square) bool { return occ[sq.Rank*w+sq.File] }}
	total := 0
	for _, from := range squares {
		for _, occ = range boards {
			was := occ[from.Rank*w+from.File]
			occ[from.Rank*w+from.File] = false
			for range m.Targets(frame, from) {
				total++
			}
			occ[from.Rank*w+from.File] = was
		}
	}
	return 100 * total / (len(squares) * mobSamples)
}

// newFairyTables builds the tables of rv from its values (mobilityValues)
// and its start position. Positional terms would mislead where losing
// pieces wins (antichess) or pieces are stones to connect, so those games
// keep material alone; the royal piece's terms are left out where it
// races to a flag region or is one piece among those an extinction rule
// counts.
func newFairyTables(rv *rules.Variant, values []int, start *fairy.Position, give bool) *fairyTables {
	e := &fairyTables{phase: make([]int32, len(values))}
	if give || rv.Connect != nil {
		return e
	}
	e.on = true
	e.redo = rv.Petrify != nil
	w, h := rv.Size.W, rv.Size.H
	squares := rv.Size.Squares()
	for pl := range 2 {
		e.mg[pl] = make([]int32, len(values)<<8)
		e.eg[pl] = make([]int32, len(values)<<8)
	}
	// startRank[pl][kind] is the lowest rank, counted from pl's side,
	// where pl has that kind in the start (0: none there).
	startRank := [2][]int{make([]int, len(values)), make([]int, len(values))}
	for _, sq := range squares {
		pc := start.At(sq)
		if pc.Empty() {
			continue
		}
		r := rv.RelativeRank(pc.Owner, sq)
		if s := &startRank[pc.Owner][pc.Kind]; *s == 0 || r < *s {
			*s = r
		}
	}
	royalTerms := rv.Flag == nil && rv.Extinction == nil
	for i := range rv.Pieces {
		k := &rv.Pieces[i]
		id := i + 1
		if !k.Royal && k.Promotion == nil {
			e.phase[id] = int32(values[id])
		}
		for pl := range 2 {
			frame := kinematics.Frame{Size: rv.Size, Forward: rv.Forward[pl], Occupied: func(geom.Square) bool { return false }}
			reach := make([]int, len(squares))
			mean := 0
			for j, sq := range squares {
				for range k.Movement.Targets(frame, sq) {
					reach[j]++
				}
				mean += reach[j]
			}
			gain := promotionGain(rv, k, values)
			for j, sq := range squares {
				var mg, eg int
				if !k.Royal && mean > 0 {
					// The kind's share of its value by how much more than
					// its mean it reaches from here.
					b := values[id] * tableShare * (reach[j]*len(squares) - mean) / (100 * mean)
					mg, eg = b, b
				}
				rel := rv.RelativeRank(rules.Player(pl), sq)
				if gain > 0 {
					home := max(startRank[pl][id], 1)
					if d := nearestPromotion(k.Promotion, rel); d >= 0 {
						span := max(d+rel-home, 1)
						steps := max(rel-home, 0)
						mg += gain * advanceMG * steps * steps / (100 * span * span)
						eg += gain * advanceEG * steps * steps / (100 * span * span)
						// The centre pawns' first steps open the game.
						mg += centrePawnMG * centrality(sq.File, w) * min(steps, 2) / 200
					}
				}
				if k.Royal && royalTerms {
					home := max(startRank[pl][id], 1)
					mg -= royalRankMG*max(rel-home, 0) + royalFileMG*centrality(sq.File, w)/100
					eg -= royalCentEG * max(abs(2*sq.File-(w-1)), abs(2*sq.Rank-(h-1)))
				}
				at := id<<8 | sq.Rank*16 + sq.File
				e.mg[pl][at], e.eg[pl][at] = int32(mg), int32(eg)
			}
		}
	}
	for _, sq := range squares {
		if pc := start.At(sq); !pc.Empty() {
			e.full += e.phase[pc.Kind]
		}
	}
	return e
}

// promotionGain is what k gains by its best promotion, 0 if it does not
// promote by ranks or gains nothing.
func promotionGain(rv *rules.Variant, k *rules.PieceKind, values []int) int {
	p := k.Promotion
	if p == nil || len(p.Ranks) == 0 {
		return 0
	}
	best := 0
	for j := 0; j < len(p.To); j++ {
		if id, ok := rv.KindByLetter(p.To[j]); ok {
			best = max(best, values[id])
		}
	}
	own, _ := rv.KindByLetter(k.Letter)
	return max(best-values[own], 0)
}

// nearestPromotion is the number of ranks from rel forward to p's nearest
// promotion rank, -1 if none lies ahead.
func nearestPromotion(p *rules.Promotion, rel int) int {
	d := -1
	for _, r := range p.Ranks {
		if r >= rel && (d < 0 || r-rel < d) {
			d = r - rel
		}
	}
	return d
}

// centrality is 100 on the centre files of a board w files wide and 0 on
// its edges.
func centrality(file, w int) int {
	if w < 2 {
		return 100
	}
	return 100 - 100*abs(2*file-(w-1))/(w-1)
}

// add counts pc on sq into s.
func (e *fairyTables) add(s *evalSum, pc rules.Piece, sq geom.Square) {
	at := int(pc.Kind)<<8 | sq.Rank*16 + sq.File
	s.mg[pc.Owner] += e.mg[pc.Owner][at]
	s.eg[pc.Owner] += e.eg[pc.Owner][at]
	s.phase += e.phase[pc.Kind]
}

// sub takes pc on sq out of s.
func (e *fairyTables) sub(s *evalSum, pc rules.Piece, sq geom.Square) {
	at := int(pc.Kind)<<8 | sq.Rank*16 + sq.File
	s.mg[pc.Owner] -= e.mg[pc.Owner][at]
	s.eg[pc.Owner] -= e.eg[pc.Owner][at]
	s.phase -= e.phase[pc.Kind]
}

// move updates s for m, a move of p about to be played, and reports
// whether s must instead be counted afresh after it: castling moves a
// rook, en passant takes off the destination (berolina's victim stands
// elsewhere), petrification turns pieces to walls.
func (e *fairyTables) move(s *evalSum, p *fairy.Position, m fairy.Move) (recount bool) {
	if !e.on || m.IsPass() {
		return false
	}
	if m.IsCastle() || m.IsEnPassant() {
		return true
	}
	from, to := m.From(), m.To()
	pk := m.Promotion()
	if from == to && pk == 0 {
		return false // walling: a wall placed, no piece moved
	}
	pc := p.At(from)
	e.sub(s, pc, from)
	victim := p.At(to)
	if !victim.Empty() {
		e.sub(s, victim, to)
	}
	if pk != 0 {
		pc.Kind = pk
	}
	e.add(s, pc, to)
	return e.redo && !victim.Empty()
}

// score is the positional terms of s for us minus the opponent's, tapered
// from the opening's to the ending's by the pieces left.
func (e *fairyTables) score(s *evalSum, us rules.Player) int {
	if !e.on {
		return 0
	}
	mg := int(s.mg[us] - s.mg[us^1])
	eg := int(s.eg[us] - s.eg[us^1])
	if e.full <= 0 {
		return eg
	}
	ph := int(min(max(s.phase, 0), e.full))
	return (mg*ph + eg*(int(e.full)-ph)) / int(e.full)
}

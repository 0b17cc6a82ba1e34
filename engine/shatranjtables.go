package engine

import (
	"context"

	"github.com/baten-chess/baten/shatranj"
)

// Shatranj endings with one piece a side besides the Shahs and no Baidaq
// (K+F v K+F, K+R v K+N, …) are often won only after dozens of quiet moves
// (as-Suli's Diamond takes 20, Tromp's Rough Diamond 27): far beyond any
// search depth, with an evaluation that sees equal material. Package
// shatranj solves them exactly by retrograde analysis (EndgameTable), so a
// search from such a root takes its verdicts from the table, as engines
// use tablebases: the root's moves then get exact scores at depth 1.
//
// A table takes a few seconds and about 16 MB to build (10 MB kept). An
// engine builds each table once, when a search first starts from a root of
// that material, in its own goroutine, so that a search that stops waiting
// keeps no one from using it later; the engine keeps it for its later
// searches (a UCI session, a game against the engine).

// tableSlot is one table, built or being built.
type tableSlot struct {
	done  chan struct{} // closed when table is set
	table *shatranj.EndgameTable
}

// tableFor returns the slot of the K+white v K+black table, starting its
// build if this engine has not. Only the search goroutine calls it.
func (g *shatranjGame) tableFor(white, black shatranj.PieceType) *tableSlot {
	key := [2]shatranj.PieceType{white, black}
	if s, ok := g.tables[key]; ok {
		return s
	}
	if g.tables == nil {
		g.tables = map[[2]shatranj.PieceType]*tableSlot{}
	}
	s := &tableSlot{done: make(chan struct{})}
	g.tables[key] = s
	go func() {
		// The types are tableable (see tableMaterial), so the build cannot
		// fail; it is not cancelled, as later searches will want it.
		s.table, _ = shatranj.BuildEndgameTable(context.Background(), white, black)
		close(s.done)
	}()
	return s
}

// tableMaterial reports whether p has one piece a side besides the Shahs,
// neither a Baidaq, and their types.
func tableMaterial(p *shatranj.Position) (white, black shatranj.PieceType, ok bool) {
	var types [2]shatranj.PieceType
	for c := shatranj.White; c <= shatranj.Black; c++ {
		rest := p.ByColor(c) &^ p.Pieces(c, shatranj.Shah)
		if rest.Count() != 1 {
			return 0, 0, false
		}
		types[c] = p.PieceAt(rest.LSB()).Type()
		if types[c] == shatranj.Baidaq {
			return 0, 0, false
		}
	}
	return types[shatranj.White], types[shatranj.Black], true
}

// prepare gives the search the table of the root's material, if it has
// one. A search with a clock or a move time takes it only if it is built
// (the first such search of a process plays without it, as the build may
// take longer than its move); any other search waits for it, so that a
// search at a fixed depth or node count always sees the same table and
// stays deterministic. A search cancelled while waiting plays without it.
func (g *shatranjGame) prepare(ctx context.Context, l Limits) {
	g.table = nil
	white, black, ok := tableMaterial(g.cur())
	if !ok {
		return
	}
	slot := g.tableFor(white, black)
	select {
	case <-slot.done:
		g.table = slot.table
		return
	default:
	}
	if !l.Infinite && (l.MoveTime > 0 || l.WTime > 0 || l.BTime > 0 || l.WInc > 0 || l.BInc > 0) {
		return
	}
	select {
	case <-slot.done:
		g.table = slot.table
	case <-ctx.Done():
	}
}

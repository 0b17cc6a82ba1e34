package server

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/baten-chess/baten/draughts"
	"github.com/baten-chess/baten/pgn"
	"github.com/baten-chess/baten/store"
	"github.com/baten-chess/baten/variant"
)

// getGame is GET /api/games/{id}, and its records {id}.pgn and {id}.pdn.
func (s *Server) getGame(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	format := ""
	for _, ext := range []string{".pgn", ".pdn"} {
		if base, ok := strings.CutSuffix(id, ext); ok {
			id, format = base, ext[1:]
		}
	}
	if format != "" {
		s.writeRecord(w, r, id, format)
		return
	}
	if lg, err := s.liveOf(r, id); err != nil {
		s.writeError(w, r, err)
		return
	} else if lg != nil {
		lg.mu.Lock()
		gv := lg.view(s.cfg.Now())
		lg.mu.Unlock()
		writeJSON(w, http.StatusOK, gv)
		return
	}
	lg, err := s.loadGame(r, id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, lg.view(lg.hdr.Finished))
}

// loadGame rebuilds a game from the store (a finished one, or a live one
// not in this process).
func (s *Server) loadGame(r *http.Request, id string) (*liveGame, error) {
	if !validID(id) {
		return nil, refuse(http.StatusNotFound, "no game %q", id)
	}
	ctx, cancel := storeCtx(r)
	defer cancel()
	hdr, events, err := s.cfg.Store.Load(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", id, err)
	}
	return s.rebuild(hdr, events)
}

// validID reports whether id has the shape of a game id.
func validID(id string) bool {
	if len(id) != 8 {
		return false
	}
	for i := range len(id) {
		if !strings.ContainsRune(idAlphabet, rune(id[i])) {
			return false
		}
	}
	return true
}

// writeRecord writes a game's PGN (with a Variant tag and %clk comments,
// Ban-Chess bans as {banning: e2e4}) or, for draughts, its PDN.
func (s *Server) writeRecord(w http.ResponseWriter, r *http.Request, id, format string) {
	lg, err := s.loadGame(r, id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	isPDN := lg.v.Family == variant.PDN
	if (format == "pdn") != isPDN {
		want := "pgn"
		if isPDN {
			want = "pdn"
		}
		s.writeError(w, r, refuse(http.StatusNotFound, "a %s game's record is %s.%s", lg.v.Title, id, want))
		return
	}
	var buf bytes.Buffer
	if err := lg.record(&buf, s.baseURL(r)); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	if isPDN {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	}
	_, _ = w.Write(buf.Bytes())
}

// record writes the game's record to buf.
func (lg *liveGame) record(buf *bytes.Buffer, base string) error {
	hdr := lg.hdr
	tags := pgn.Tags{}
	tags.Set("Event", "Baten game")
	tags.Set("Site", base+"/game/"+hdr.ID)
	tags.Set("Date", hdr.Created.UTC().Format("2006.01.02"))
	tags.Set("White", orUnknown(hdr.Seats[0].Name))
	tags.Set("Black", orUnknown(hdr.Seats[1].Name))
	// Endings the rules of play do not know: the server's own.
	result, termination := "", ""
	if _, over := lg.g.Outcome(); !over && !hdr.Live() {
		switch hdr.Status {
		case statusTimeout:
			termination, result = "abandoned", map[string]string{"white": "1-0", "black": "0-1"}[hdr.Winner]
		case statusAborted, statusNoStart:
			termination = "unterminated"
		}
	}
	if lg.v.Family == variant.PDN {
		rec, err := lg.g.DraughtsRecord(draughtsTags(tags))
		if err != nil {
			return err
		}
		if termination != "" {
			rec.Tags = append(rec.Tags, draughts.Tag{Name: "Termination", Value: termination})
			if res, ok := draughts.ParseResult(pdnResultOf(hdr.Winner)); ok && result != "" {
				rec.Result = res
			}
		}
		return draughts.WritePDN(buf, rec)
	}
	pg := lg.g.PGN(tags)
	if termination != "" {
		pg.Tags.Set("Termination", termination)
		if result != "" {
			pg.Tags.Set("Result", result)
			pg.Result = result
		}
	}
	if lg.timed() {
		for i, n := range pg.Moves {
			if k := lg.moveIndex(i); k >= 0 && k < len(lg.clk) {
				// The clock first: bans after the last move follow it.
				n.CommentsAfter = append([]string{"[%clk " + clockText(lg.clk[k]) + "]"}, n.CommentsAfter...)
			}
		}
	}
	return pgn.Write(buf, pg)
}

// moveIndex returns the index among all actions (bans included) of the
// i-th move, the PGN's i-th node.
func (lg *liveGame) moveIndex(i int) int {
	n := -1
	for k, text := range lg.moves {
		if !strings.HasPrefix(text, "b:") {
			if n++; n == i {
				return k
			}
		}
	}
	return len(lg.moves) - 1
}

// clockText writes a remaining time as %clk does: H:MM:SS (tenths when
// under a minute are not part of the standard; whole seconds).
func clockText(d time.Duration) string {
	d = max(d, 0).Round(time.Second)
	h := int(d / time.Hour)
	m := int(d % time.Hour / time.Minute)
	sec := int(d % time.Minute / time.Second)
	return fmt.Sprintf("%d:%02d:%02d", h, m, sec)
}

func orUnknown(name string) string {
	if name == "" {
		return "?"
	}
	return name
}

func draughtsTags(tags pgn.Tags) []draughts.Tag {
	out := make([]draughts.Tag, len(tags))
	for i, t := range tags {
		out[i] = draughts.Tag{Name: t.Name, Value: t.Value}
	}
	return out
}

// pdnResultOf is a winner as PDN writes it (Black's score first).
func pdnResultOf(winner string) string {
	switch winner {
	case "black":
		return "2-0"
	case "white":
		return "0-2"
	}
	return "*"
}

// listGames is GET /api/games?player=NAME: headers, newest first.
func (s *Server) listGames(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := storeCtx(r)
	defer cancel()
	player := r.URL.Query().Get("player")
	if len(player) > maxName {
		s.writeError(w, r, refuse(http.StatusBadRequest, "player name longer than %d bytes", maxName))
		return
	}
	games, err := s.cfg.Store.List(ctx, store.Filter{Player: player})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := make([]gameView, 0, len(games))
	for _, g := range games {
		v, _ := s.cfg.Registry.Lookup(g.Variant)
		out = append(out, headerView(g, v))
	}
	writeJSON(w, http.StatusOK, out)
}

package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/baten-chess/baten/store"
)

// seekResponse answers POST /api/seeks and POST /api/seeks/{id}/accept.
type seekResponse struct {
	ID      string `json:"id"`
	Variant string `json:"variant,omitempty"`
	Color   string `json:"color"`
	Token   string `json:"token"`
	URL     string `json:"url"`
	Start   string `json:"start,omitempty"`
}

// seekView is an open game of the lobby; Color is the seat still open.
type seekView struct {
	ID      string     `json:"id"`
	Variant string     `json:"variant"`
	Clock   *clockView `json:"clock"`
	Color   string     `json:"color"`
	Name    string     `json:"name"`
	Created int64      `json:"created"`
}

// createSeek is POST /api/seeks: a game with the creator's seat filled.
func (s *Server) createSeek(w http.ResponseWriter, r *http.Request) {
	req, hdr, v, err := s.readCreate(w, r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	name, err := checkName(req.Name)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	seat, ok := parseColor(req.Color)
	switch {
	case req.Color == "" || req.Color == "random":
		seat = s.intN(2)
	case !ok:
		s.writeError(w, r, refuse(http.StatusBadRequest, "color %q: want white, black or random", req.Color))
		return
	}
	tok, h := newToken()
	hdr.Seats[seat] = store.Seat{TokenHash: h, Name: name, Address: addrOf(r)}
	lg, err := s.storeNew(r, hdr)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	url := s.baseURL(r) + "/game/" + lg.hdr.ID
	writeJSON(w, http.StatusCreated, seekResponse{ID: lg.hdr.ID, Variant: v.Name, Color: seatName(seat),
		Token: tok, URL: url + "#token=" + tok, Start: req.start})
}

// listSeeks is GET /api/seeks: the open games, newest first.
func (s *Server) listSeeks(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := storeCtx(r)
	defer cancel()
	live := true
	games, err := s.cfg.Store.List(ctx, store.Filter{Open: true, Live: &live})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := make([]seekView, 0, len(games))
	for _, g := range games {
		open, owner := store.White, store.Black
		if len(g.Seats[store.Black].TokenHash) == 0 {
			open, owner = store.Black, store.White
		}
		out = append(out, seekView{ID: g.ID, Variant: g.Variant, Clock: viewClock(g.Clock), Color: seatName(open),
			Name: g.Seats[owner].Name, Created: g.Created.UnixMilli()})
	}
	writeJSON(w, http.StatusOK, out)
}

// acceptSeek is POST /api/seeks/{id}/accept: take the open seat.
func (s *Server) acceptSeek(w http.ResponseWriter, r *http.Request) {
	body, err := s.readBody(w, r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	var req struct {
		Name string `json:"name"`
	}
	if len(body) > 0 {
		if err := json.Unmarshal(body, &req); err != nil {
			s.writeError(w, r, refuse(http.StatusBadRequest, "bad JSON: %v", err))
			return
		}
	}
	name, err := checkName(req.Name)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	lg, err := s.liveOr404(r, r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if _, n := s.hub.count(addrOf(r)); n >= s.cfg.MaxGamesPerAddr {
		s.writeError(w, r, refuse(http.StatusTooManyRequests, "%d live games from %s already: finish some first", n, addrOf(r)))
		return
	}
	tok, h := newToken()
	ctx, cancel := storeCtx(r)
	defer cancel()
	seat, err := s.join(ctx, lg, store.Seat{TokenHash: h, Name: name, Address: addrOf(r)})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, seekResponse{ID: lg.hdr.ID, Color: seatName(seat), Token: tok,
		URL: s.baseURL(r) + "/game/" + lg.hdr.ID + "#token=" + tok})
}

// join fills lg's open seat with st, stores it, and commits a join event
// (which starts the first side's start timeout and tells the event
// streams).
//
// In a cluster, a replica's join goes to the game's owner.
func (s *Server) join(ctx context.Context, lg *liveGame, st store.Seat) (int, error) {
	for {
		seat, err := s.joinLocal(ctx, lg, st)
		if s.c == nil || !errors.Is(err, errMoved) {
			return seat, err
		}
		if s.closing.Load() {
			return 0, refuse(http.StatusServiceUnavailable, "the server is shutting down; try again after the restart")
		}
		r, owned, err := s.c.forward(ctx, lg, wireRequest{Seat: -1, Join: &st})
		switch {
		case err != nil:
			return 0, err
		case owned != nil:
			lg = owned
		case r.Code != 0:
			return 0, refuse(r.Code, "%s", r.Error)
		default:
			return r.Seat, nil
		}
	}
}

// joinLocal is join on a game this server owns; errMoved if it does not.
func (s *Server) joinLocal(ctx context.Context, lg *liveGame, st store.Seat) (int, error) {
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if lg.replica {
		return 0, errMoved
	}
	seat := -1
	for i, have := range lg.hdr.Seats {
		if len(have.TokenHash) == 0 {
			seat = i
		}
	}
	if seat < 0 || lg.st.over {
		return 0, refuse(http.StatusConflict, "game %s has no open seat", lg.hdr.ID)
	}
	if err := s.cfg.Store.TakeSeat(ctx, lg.hdr.ID, seat, st); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return 0, refuse(http.StatusConflict, "the seat was taken first")
		}
		return 0, err
	}
	lg.hdr.Seats[seat] = st
	s.hub.indexSeat(lg, seat)
	lg.seen[seat] = s.cfg.Now()
	e := store.Event{Kind: kindJoin, Color: seat, Text: st.Name, Clocks: lg.st.left, At: s.cfg.Now()}
	if err := lg.commit(ctx, e); err != nil {
		// The seat is taken durably; only the event (the start clock
		// and the notice) is missing. The player has the seat.
		s.log.Error("join event", "game", lg.hdr.ID, "err", err)
		lg.arm()
	}
	return seat, nil
}

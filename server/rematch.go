package server

import (
	"net/http"
	"sync"
	"time"

	"github.com/baten-chess/baten/store"
)

// Rematches. After a game ends, either player may offer the other a new
// game: the same variant, start position and clock, colours swapped. The
// other accepts (the new game is created with both seats) or declines.
// Offers live in the server's memory, as lichess keeps them: a finished
// game's log is closed (the store appends nothing after the end), and an
// offer is only worth anything while both players are still looking.
// lichess's Board API has no rematch endpoint; its challenges name the
// game they replay as rematchOf, and its round socket's words are
// rematch-yes and rematch-no, which the endpoints here follow.

// rematchKeep is how long an offer (or a decline, or the link to the
// rematch) is kept after its last change.
const rematchKeep = 10 * time.Minute

// rematches holds the offers of finished games, by game id.
type rematches struct {
	mu sync.Mutex
	m  map[string]*rematch
}

func newRematches() *rematches { return &rematches{m: map[string]*rematch{}} }

// rematch is the rematch state of one finished game. Its mutex
// serialises the game's offers and answers, the creation of the new game
// included (one store call, bounded by storeTimeout).
type rematch struct {
	mu       sync.Mutex
	id       string
	offer    int    // the seat offering, -1 none
	hash     []byte // the hash of the offerer's token for its seat in the rematch
	addr     string // the offerer's address
	declined int    // the seat that declined the last offer, -1 none
	next     string // the rematch's game id once accepted
	subs     map[chan rematchView]struct{}
	timer    *time.Timer
}

// rematchView is a line of GET /api/games/{id}/rematch.
type rematchView struct {
	Type     string `json:"type"`           // "rematch"
	Offer    string `json:"offer"`          // the seat offering a rematch, "" none
	Declined string `json:"declined"`       // the seat that declined the last offer, "" none
	Next     string `json:"next,omitempty"` // the rematch's game id, once accepted
}

// rematchOffer answers the offer of POST /api/games/{id}/rematch/yes.
type rematchOffer struct {
	Offer string `json:"offer"`
	// Token is the offerer's seat in the rematch, valid once the other
	// player accepts (its id comes as next on the stream).
	Token string `json:"token"`
}

// lock returns game id's rematch state, made if need be, with its mutex
// held.
func (rs *rematches) lock(id string) *rematch {
	for {
		rs.mu.Lock()
		e, ok := rs.m[id]
		if !ok {
			e = &rematch{id: id, offer: -1, declined: -1, subs: map[chan rematchView]struct{}{}}
			rs.m[id] = e
		}
		rs.mu.Unlock()
		e.mu.Lock()
		rs.mu.Lock()
		current := rs.m[id] == e
		rs.mu.Unlock()
		if current {
			return e
		}
		e.mu.Unlock() // dropped meanwhile: take the new one
	}
}

// drop forgets e if nobody follows it and it holds nothing to show.
// Called with e.mu held.
func (rs *rematches) drop(e *rematch, force bool) {
	if len(e.subs) > 0 || !force && (e.offer >= 0 || e.declined >= 0 || e.next != "") {
		return
	}
	rs.mu.Lock()
	if rs.m[e.id] == e {
		delete(rs.m, e.id)
	}
	rs.mu.Unlock()
}

// view returns e as its stream shows it. Called with e.mu held.
func (e *rematch) view() rematchView {
	return rematchView{Type: "rematch", Offer: seatName(e.offer), Declined: seatName(e.declined), Next: e.next}
}

// changed tells e's followers and keeps e for rematchKeep from now: an
// offer nobody answers lapses then. Called with e.mu held.
func (rs *rematches) changed(e *rematch) {
	v := e.view()
	for ch := range e.subs {
		select {
		case ch <- v:
		default: // a follower that does not read gets the latest state when it does
			select {
			case <-ch:
			default:
			}
			ch <- v
		}
	}
	if e.timer != nil {
		e.timer.Stop()
	}
	e.timer = time.AfterFunc(rematchKeep, func() {
		e.mu.Lock()
		defer e.mu.Unlock()
		if e.offer >= 0 || e.declined >= 0 {
			e.offer, e.declined, e.hash = -1, -1, nil
			for ch := range e.subs {
				select {
				case <-ch:
				default:
				}
				ch <- e.view()
			}
		}
		rs.drop(e, true)
	})
}

// finishedSeat checks a request about game id's rematch: the game is over
// (and so had both seats: a game ends only once seated). It returns the finished game and the seat of the
// request's token (-1 without one; 401 for a token of no seat).
func (s *Server) finishedSeat(r *http.Request, id string, needSeat bool) (*liveGame, int, error) {
	tok := bearer(r)
	if needSeat && tok == "" {
		return nil, -1, refuse(http.StatusUnauthorized, "missing Authorization: Bearer TOKEN")
	}
	if lg, err := s.liveOf(r, id); err != nil {
		return nil, -1, err
	} else if lg != nil {
		return nil, -1, refuse(http.StatusBadRequest, "the game is not over yet: a rematch is offered once it ends")
	}
	fin, err := s.loadGame(r, id)
	if err != nil {
		return nil, -1, err
	}
	seat := fin.seatOfToken(tok)
	if tok != "" && seat < 0 {
		return nil, -1, refuse(http.StatusUnauthorized, "the token is no seat's of game %s", id)
	}
	return fin, seat, nil
}

// rematchAnswer is POST /api/games/{id}/rematch/{answer}: yes offers a
// rematch, or accepts the opponent's offer; no declines it, or withdraws
// one's own. Only a seat of the finished game may ask.
func (s *Server) rematchAnswer(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	var yes bool
	switch r.PathValue("answer") {
	case "yes", "accept", "true":
		yes = true
	case "no", "decline", "false":
	default:
		s.writeError(w, r, refuse(http.StatusBadRequest, "rematch answer %q: want yes or no", r.PathValue("answer")))
		return
	}
	fin, seat, err := s.finishedSeat(r, id, true)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	e := s.rematch.lock(id)
	defer e.mu.Unlock()
	defer s.rematch.drop(e, false)
	if e.next != "" {
		s.writeError(w, r, refuse(http.StatusConflict, "the rematch was accepted already: game %s", e.next))
		return
	}
	switch {
	case !yes && e.offer < 0:
		s.writeError(w, r, refuse(http.StatusBadRequest, "no rematch offer to decline"))
	case !yes:
		if e.offer != seat {
			e.declined = seat
		}
		e.offer, e.hash = -1, nil
		s.rematch.changed(e)
		writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	case e.offer == 1-seat:
		s.acceptRematch(w, r, fin, e)
	default:
		// A new offer, or the same offer again (from another device or
		// after a reload): its token replaces the one given before.
		tok, h := newToken()
		e.offer, e.hash, e.addr, e.declined = seat, h, addrOf(r), -1
		s.rematch.changed(e)
		writeJSON(w, http.StatusOK, rematchOffer{Offer: seatName(seat), Token: tok})
	}
}

// acceptRematch creates the rematch of fin that e's offer proposes, as
// the answer to the other seat's yes: the colours swapped, the offerer's
// seat opened by the token it was given with its offer. Called with e.mu
// held.
func (s *Server) acceptRematch(w http.ResponseWriter, r *http.Request, fin *liveGame, e *rematch) {
	old := fin.hdr
	o := e.offer // the offerer's old seat; it plays the other colour now
	hdr := store.Game{Variant: old.Variant, StartFEN: old.StartFEN, Status: statusCreated, Created: s.cfg.Now()}
	if old.Clock != nil {
		c := *old.Clock
		hdr.Clock = &c
	}
	tok, h := newToken()
	hdr.Seats[1-o] = store.Seat{TokenHash: e.hash, Name: old.Seats[o].Name, Address: e.addr}
	hdr.Seats[o] = store.Seat{TokenHash: h, Name: old.Seats[1-o].Name, Address: addrOf(r)}
	lg, err := s.storeNew(r, hdr)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	e.next, e.offer, e.hash = lg.hdr.ID, -1, nil
	s.rematch.changed(e)
	s.log.Info("rematch", "game", old.ID, "rematch", lg.hdr.ID)
	writeJSON(w, http.StatusCreated, seekResponse{ID: lg.hdr.ID, Variant: hdr.Variant, Color: seatName(o), Token: tok,
		URL: s.baseURL(r) + "/game/" + lg.hdr.ID + "#token=" + tok})
}

// rematchStream is GET /api/games/{id}/rematch: NDJSON, the rematch
// state of a finished game, then a line per change and keep-alive empty
// lines; it ends after the line that names the rematch (next). Anyone may
// follow it (spectators follow the players to the next game); a token,
// if sent, must be a seat's.
func (s *Server) rematchStream(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if _, _, err := s.finishedSeat(r, id, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.wg.Add(1)
	defer s.wg.Done()
	s.metrics.streams.Add(1)
	defer s.metrics.streams.Add(-1)

	// One slot: a follower needs only the latest state.
	ch := make(chan rematchView, 1)
	e := s.rematch.lock(id)
	first := e.view()
	e.subs[ch] = struct{}{}
	e.mu.Unlock()
	defer func() {
		e.mu.Lock()
		delete(e.subs, ch)
		s.rematch.drop(e, false)
		e.mu.Unlock()
	}()
	out := newNDJSON(w)
	if out.line(first) != nil || first.Next != "" {
		return
	}
	follow(s, r, out, ch, func(v rematchView) bool {
		return out.line(v) != nil || v.Next != ""
	})
}

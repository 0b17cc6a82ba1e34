package server

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/baten-chess/baten/store"
)

// bearer returns the token of an Authorization: Bearer header.
func bearer(r *http.Request) string {
	tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok {
		return ""
	}
	return strings.TrimSpace(tok)
}

// liveOr404 returns a live game, or a 404 (or 400 for a finished one).
func (s *Server) liveOr404(r *http.Request, id string) (*liveGame, error) {
	ctx, cancel := storeCtx(r)
	defer cancel()
	if lg, err := s.live(ctx, id); lg != nil || err != nil {
		return lg, err
	}
	if validID(id) {
		if hdr, _, err := s.cfg.Store.Load(ctx, id); err == nil && !hdr.Live() {
			return nil, refuse(http.StatusBadRequest, "the game is over (%s)", hdr.Status)
		}
	}
	return nil, refuse(http.StatusNotFound, "no live game %q", id)
}

// boardAction is POST /api/board/game/{id}/move/{action}, …/{request}
// (resign, abort, claim-victory, claim-draw) and …/draw/{yes|no}.
func (s *Server) boardAction(w http.ResponseWriter, r *http.Request) {
	req, text := "", r.PathValue("action")
	switch {
	case strings.HasPrefix(r.URL.Path, "/api/board/game/"+r.PathValue("id")+"/move/"):
	case r.PathValue("answer") != "":
		switch r.PathValue("answer") {
		case "yes", "accept", "true":
			req = reqDrawYes
		case "no", "decline", "false":
			req = reqDrawNo
		default:
			s.writeError(w, r, refuse(http.StatusBadRequest, "draw answer %q: want yes or no", r.PathValue("answer")))
			return
		}
	default:
		switch text {
		case reqResign, reqAbort, reqClaimVictory, reqClaimDraw:
			req, text = text, ""
		default:
			s.writeError(w, r, refuse(http.StatusNotFound, "no such board request %q", text))
			return
		}
	}
	tok := bearer(r)
	if tok == "" {
		s.writeError(w, r, refuse(http.StatusUnauthorized, "missing Authorization: Bearer TOKEN"))
		return
	}
	lg, err := s.liveOr404(r, r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	seat := lg.seatOfToken(tok)
	if seat < 0 {
		s.writeError(w, r, refuse(http.StatusUnauthorized, "the token is no seat's of game %s", lg.hdr.ID))
		return
	}
	ctx, cancel := storeCtx(r)
	defer cancel()
	if _, err := s.act(ctx, lg, seat, req, text); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
}

// ndjson writes NDJSON lines to a streamed response, each with a write
// deadline, flushed at once.
type ndjson struct {
	w  http.ResponseWriter
	rc *http.ResponseController
}

func newNDJSON(w http.ResponseWriter) *ndjson {
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	n := &ndjson{w: w, rc: http.NewResponseController(w)}
	// The headers go at once: a client waits for them before reading
	// lines, which may not come for a while (an event stream before its
	// game starts).
	_ = n.rc.Flush()
	return n
}

// streamWriteTimeout bounds one write to a stream: a reader that does
// not take a line in this time is gone.
const streamWriteTimeout = 10 * time.Second

// line writes v as one line (nil: an empty keep-alive line).
func (n *ndjson) line(v any) error {
	_ = n.rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout))
	b := []byte{}
	if v != nil {
		var err error
		if b, err = json.Marshal(v); err != nil {
			return err
		}
	}
	if _, err := n.w.Write(append(b, '\n')); err != nil {
		return err
	}
	err := n.rc.Flush()
	// The deadline bounds this write only: left set, it would end an
	// idle HTTP/2 stream between lines.
	_ = n.rc.SetWriteDeadline(time.Time{})
	return err
}

// boardStream is GET /api/board/game/stream/{id}: gameFull, then a
// gameState per change, keep-alive lines, and the end after the final
// state. Anyone may stream; a seat's token counts as its presence.
func (s *Server) boardStream(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	lg, err := s.liveOf(r, id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if lg == nil {
		// A finished game: its full state, and the stream ends.
		fin, err := s.loadGame(r, id)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		_ = newNDJSON(w).line(fin.full(fin.hdr.Finished))
		return
	}
	s.wg.Add(1)
	defer s.wg.Done()
	s.metrics.streams.Add(1)
	defer s.metrics.streams.Add(-1)
	s.fresh(lg)
	lg.mu.Lock()
	full := lg.full(s.cfg.Now())
	sb := lg.subscribeLocked(lg.seatOfToken(bearer(r)))
	lg.mu.Unlock()
	defer lg.unsubscribe(sb)
	out := newNDJSON(w)
	if out.line(full) != nil {
		return
	}
	// A closed channel: the game ended (its final state was sent) or we fell behind.
	follow(s, r, out, sb.ch, func(u *update) bool {
		return out.line(u.state) != nil || u.final
	})
}

// follow hands each value of ch to next until next says the stream is
// done, ch closes, the client leaves or the server stops streaming; while
// it waits it writes a keep-alive line every KeepAlive, so that proxies
// and clients know the stream is alive.
func follow[T any](s *Server, r *http.Request, out *ndjson, ch <-chan T, next func(T) (done bool)) {
	keep := time.NewTicker(s.cfg.KeepAlive)
	defer keep.Stop()
	for {
		select {
		case v, ok := <-ch:
			if !ok || next(v) {
				return
			}
		case <-keep.C:
			if out.line(nil) != nil {
				return
			}
		case <-r.Context().Done():
			return
		case <-s.streams.Done():
			return
		}
	}
}

// gameEvent is a line of the event stream.
type gameEvent struct {
	Type string        `json:"type"`
	Game gameEventGame `json:"game"`
}

type gameEventGame struct {
	GameID   string      `json:"gameId"`
	FullID   string      `json:"fullId"`
	Color    string      `json:"color"`
	FEN      string      `json:"fen"`
	Variant  variantView `json:"variant"`
	IsMyTurn bool        `json:"isMyTurn"`
	Status   string      `json:"status,omitempty"`
	Winner   string      `json:"winner,omitempty"`
}

// gameEvent returns the event-stream line of kind typ for seat. Called
// with lg.mu held.
func (lg *liveGame) gameEvent(typ string, seat int) gameEvent {
	ge := gameEventGame{GameID: lg.hdr.ID, FullID: lg.hdr.ID, Color: seatName(seat), FEN: lg.g.Position().FEN(),
		Variant: viewVariant(lg.v, false), IsMyTurn: !lg.st.over && lg.turn() == seat}
	if typ == "gameFinish" {
		ge.Status, ge.Winner = lg.st.status, lg.st.winner
	}
	return gameEvent{Type: typ, Game: ge}
}

// eventStream is GET /api/stream/event: for a seat's token, gameStart
// when both seats are filled and gameFinish when the game ends.
func (s *Server) eventStream(w http.ResponseWriter, r *http.Request) {
	tok := bearer(r)
	if tok == "" {
		s.writeError(w, r, refuse(http.StatusUnauthorized, "missing Authorization: Bearer TOKEN"))
		return
	}
	ref, lg, err := s.seatOfToken(r, hashToken(tok))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.wg.Add(1)
	defer s.wg.Done()
	s.metrics.streams.Add(1)
	defer s.metrics.streams.Add(-1)
	s.fresh(lg)
	lg.mu.Lock()
	var first []gameEvent
	started := lg.seated()
	if started {
		first = append(first, lg.gameEvent("gameStart", ref.seat))
	}
	sb := lg.subscribeLocked(ref.seat)
	lg.mu.Unlock()
	defer lg.unsubscribe(sb)
	out := newNDJSON(w)
	for _, e := range first {
		if out.line(e) != nil {
			return
		}
	}
	follow(s, r, out, sb.ch, func(u *update) bool {
		var lines []gameEvent
		lg.mu.Lock()
		if !started && lg.seated() {
			started = true
			lines = append(lines, lg.gameEvent("gameStart", ref.seat))
		}
		if u.final {
			lines = append(lines, lg.gameEvent("gameFinish", ref.seat))
		}
		lg.mu.Unlock()
		for _, e := range lines {
			if out.line(e) != nil {
				return true
			}
		}
		return u.final
	})
}

// liveOf is live for a request.
func (s *Server) liveOf(r *http.Request, id string) (*liveGame, error) {
	ctx, cancel := storeCtx(r)
	defer cancel()
	return s.live(ctx, id)
}

// seatOfToken returns the live game and seat a token hash opens; in a
// cluster the seat may be of a game another server holds.
func (s *Server) seatOfToken(r *http.Request, hash [32]byte) (seatRef, *liveGame, error) {
	unknown := refuse(http.StatusUnauthorized, "the token is no seat's of a live game")
	if ref, ok := s.hub.byToken(hash); ok {
		if lg, ok := s.hub.get(ref.id); ok {
			return ref, lg, nil
		}
	}
	if s.c == nil {
		return seatRef{}, nil, unknown
	}
	ctx, cancel := storeCtx(r)
	defer cancel()
	id, color, err := s.c.shared.SeatOfToken(ctx, hash[:])
	if errors.Is(err, store.ErrNotFound) {
		return seatRef{}, nil, unknown
	}
	if err != nil {
		return seatRef{}, nil, err
	}
	lg, err := s.live(ctx, id)
	if err != nil {
		return seatRef{}, nil, err
	}
	if lg == nil {
		return seatRef{}, nil, unknown
	}
	return seatRef{id, color}, lg, nil
}

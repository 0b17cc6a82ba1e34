package server

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/baten-chess/baten/store"
	"github.com/baten-chess/baten/variant"
)

// Requests a seat may make besides playing an action: the Board API's
// endpoints and the WebSocket's "action" words.
const (
	reqResign       = "resign"
	reqAbort        = "abort"
	reqDrawYes      = "draw-yes"
	reqDrawNo       = "draw-no"
	reqClaimVictory = "claim-victory"
	reqClaimDraw    = "claim-draw"
)

// maxActionText bounds an action's text (the longest draughts jump path
// or long-algebraic move is far shorter).
const maxActionText = 64

// act carries out request req (one of the req* words, or "" to play the
// action text) for seat of lg, and returns the version of the committed
// event. It checks the request against the rules, commits it to the
// store, and only then applies, broadcasts and returns it; a refused
// request changes nothing and returns an *Error.
//
// In a cluster, a replica's request goes to the game's owner.
func (s *Server) act(ctx context.Context, lg *liveGame, seat int, req, text string) (int, error) {
	if seat < 0 {
		return 0, refuse(http.StatusForbidden, "spectators cannot act")
	}
	if s.closing.Load() {
		return 0, refuse(http.StatusServiceUnavailable, "the server is shutting down; try again after the restart")
	}
	expect := 0
	for {
		if v, ok := lg.already(seat, req, text, expect); ok {
			return v, nil
		}
		v, err := s.actLocal(ctx, lg, seat, req, text)
		if s.c == nil || !errors.Is(err, errMoved) {
			return v, err
		}
		if s.closing.Load() {
			return 0, refuse(http.StatusServiceUnavailable, "the server is shutting down; try again after the restart")
		}
		if expect == 0 {
			lg.mu.Lock()
			expect = lg.st.version + 1
			lg.mu.Unlock()
		}
		r, owned, err := s.c.forward(ctx, lg, wireRequest{Seat: seat, Req: req, Text: text, Expect: expect})
		switch {
		case err != nil:
			return 0, err
		case owned != nil:
			lg = owned // taken over: serve it here
		case r.Code != 0:
			return 0, refuse(r.Code, "%s", r.Error)
		default:
			s.c.waitVersion(ctx, lg, r.Version)
			return r.Version, nil
		}
	}
}

// actLocal is act on a game this server owns; errMoved if it does not.
func (s *Server) actLocal(ctx context.Context, lg *liveGame, seat int, req, text string) (int, error) {
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if lg.replica {
		return 0, errMoved
	}
	e, err := lg.actLocked(ctx, seat, req, text)
	if errors.Is(err, errBehind) {
		// The game caught up with its store. The request may be one of
		// the events it had not seen (sent again after the answer to
		// its first try was lost with a killed server); if not, it is
		// judged once more against the game as it is now.
		if v, ok := lg.alreadyLocked(seat, req, text, e.Seq); ok {
			return v, nil
		}
		_, err = lg.actLocked(ctx, seat, req, text)
	}
	if err != nil {
		return 0, err
	}
	return lg.st.version, nil
}

// actLocked is one try of actLocal: it returns the request's event, its
// Seq the version it was to have. Called with lg.mu held.
func (lg *liveGame) actLocked(ctx context.Context, seat int, req, text string) (store.Event, error) {
	now := lg.s.cfg.Now()
	lg.seen[seat] = now
	// A flag that fell (or a start that timed out) before this request
	// came decides first, even if the timer has not fired yet.
	if err := lg.checkTime(ctx, now); err != nil {
		return store.Event{}, err
	}
	if lg.st.over {
		return store.Event{}, refuse(http.StatusBadRequest, "the game is over (%s)", lg.st.status)
	}
	if !lg.seated() {
		return store.Event{}, refuse(http.StatusBadRequest, "the game waits for an opponent")
	}
	e, err := lg.event(req, text, seat, now)
	if err != nil {
		return e, err
	}
	e.Seq = lg.st.version + 1
	return e, lg.commit(ctx, e)
}

// event builds the event of a request, checking what the game's
// position alone cannot check (turn, phase, presence). Called with lg.mu
// held.
func (lg *liveGame) event(req, text string, seat int, now time.Time) (store.Event, error) {
	turn := lg.turn()
	mine, theirs := colorOfSeat(seat), colorOfSeat(1-seat)
	e := store.Event{Color: seat, Clocks: lg.st.left, At: now}
	switch req {
	case "":
		if len(text) > maxActionText {
			return e, refuse(http.StatusBadRequest, "action text longer than %d bytes", maxActionText)
		}
		if seat != turn {
			return e, refuse(http.StatusBadRequest, "not your turn: %s to act", seatName(turn))
		}
		pos := lg.g.Position()
		a, err := pos.Parse(text)
		if err != nil {
			return e, refuseErr(http.StatusBadRequest, err)
		}
		e.Kind, e.Text = kindAction, machineText(pos, a)
		if lg.timed() {
			e.Clocks[seat] += lg.hdr.Clock.Increment - lg.charge(now)
		}
	case reqResign:
		e.Kind = kindResign
	case reqAbort:
		if lg.st.acted[0] && lg.st.acted[1] {
			return e, refuse(http.StatusBadRequest, "both sides have acted: too late to abort (resign instead)")
		}
		e.Kind = kindAbort
	case reqDrawYes:
		switch by, ok := lg.g.DrawOffer(); {
		case ok && by == theirs:
			e.Kind = kindDraw
		case ok && by == mine:
			return e, refuse(http.StatusBadRequest, "your draw offer stands already")
		case seat != turn:
			return e, refuse(http.StatusBadRequest, "offer a draw on your own turn")
		default:
			e.Kind = kindDrawOffer
		}
	case reqDrawNo:
		if by, ok := lg.g.DrawOffer(); !ok || by != theirs {
			return e, refuse(http.StatusBadRequest, "no draw offer to decline")
		}
		e.Kind = kindDrawDecline
	case reqClaimDraw:
		if seat != turn {
			return e, refuse(http.StatusBadRequest, "claim a draw on your own turn")
		}
		if !lg.g.CanClaimRepetition() && !lg.g.CanClaimMoveRule() {
			return e, refuse(http.StatusBadRequest, "no draw can be claimed: no threefold repetition and the %s does not apply yet",
				lg.v.MoveRuleReason)
		}
		e.Kind = kindClaim
	case reqClaimVictory:
		other := 1 - seat
		if lg.connected(other, now) {
			return e, refuse(http.StatusBadRequest, "your opponent is connected")
		}
		if gone := now.Sub(lg.seen[other]); gone < lg.s.cfg.Abandon {
			return e, refuse(http.StatusBadRequest, "your opponent is gone for %s only (%s needed)",
				max(gone, 0).Round(time.Second), lg.s.cfg.Abandon)
		}
		e.Kind = kindClaimVictory
	default:
		return e, refuse(http.StatusBadRequest, "unknown request %q", req)
	}
	return e, nil
}

// machineText writes a legal action as the protocol does: the game's
// machine notation (variant.Machine), but Ban-Chess moves as plain UCI
// ("e2e4", not "m:e2e4"; bans keep "b:"), as docs/server.md and lichess's
// Board API have them. Parse reads both back.
func machineText(p variant.Position, a variant.Action) string {
	return strings.TrimPrefix(p.Format(a, variant.Machine), "m:")
}

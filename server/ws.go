package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/coder/websocket"
)

// clientMsg is a message a WebSocket client sends: "hello" first, then
// "act" (and "ping", answered with "pong").
type clientMsg struct {
	T       string `json:"t"`
	Token   string `json:"token,omitempty"`
	Version int    `json:"version,omitempty"`
	ID      int64  `json:"id,omitempty"`
	Action  string `json:"action,omitempty"`
}

// decodeClientMsg reads and checks one client message.
func decodeClientMsg(b []byte) (clientMsg, error) {
	var m clientMsg
	if err := json.Unmarshal(b, &m); err != nil {
		return m, fmt.Errorf("bad JSON: %w", err)
	}
	switch m.T {
	case "hello":
		if m.Version < 0 {
			return m, errors.New("hello: version must be 0 or more")
		}
	case "act":
		if m.Action == "" {
			return m, errors.New("act: action is required")
		}
		if len(m.Action) > maxActionText {
			return m, fmt.Errorf("act: action longer than %d bytes", maxActionText)
		}
	case "ping":
	case "":
		return m, errors.New("message without type t")
	default:
		return m, fmt.Errorf("unknown message type %q", m.T)
	}
	return m, nil
}

// wsEvent is an event pushed to WebSocket clients.
type wsEvent struct {
	T       string `json:"t"`
	Version int    `json:"version"`
	Kind    string `json:"kind"`
	Color   string `json:"color"`
	Text    string `json:"text"`
	WTime   int64  `json:"wtime"`
	BTime   int64  `json:"btime"`
	Status  string `json:"status"`
	Winner  string `json:"winner"`
	WDraw   bool   `json:"wdraw"`
	BDraw   bool   `json:"bdraw"`
}

func eventMsg(u *update) wsEvent {
	return wsEvent{T: "event", Version: u.version, Kind: u.kind, Color: u.color, Text: u.text,
		WTime: u.state.WTime, BTime: u.state.BTime, Status: u.state.Status, Winner: u.state.Winner,
		WDraw: u.state.WDraw, BDraw: u.state.BDraw}
}

// wsFull is the whole game, for a client that has nothing to resume from.
type wsFull struct {
	T       string   `json:"t"`
	Version int      `json:"version"`
	Seat    string   `json:"seat"`
	Game    gameView `json:"game"`
}

// wsResumed ends the events a resuming client missed (none, if it was
// up to date): from here on it is live.
type wsResumed struct {
	T       string `json:"t"`
	Version int    `json:"version"`
	Seat    string `json:"seat"`
}

type wsAck struct {
	T       string `json:"t"`
	ID      int64  `json:"id"`
	Version int    `json:"version"`
}

type wsError struct {
	T     string `json:"t"`
	ID    int64  `json:"id,omitempty"`
	Error string `json:"error"`
}

// wsWriteTimeout bounds one message write.
const wsWriteTimeout = 10 * time.Second

// wsGrace is how long a socket stays open after its game ended, for the
// acknowledgement of the final action.
const wsGrace = time.Second

// wsActions maps the WebSocket's action words to requests.
var wsActions = map[string]string{
	"resign": reqResign, "abort": reqAbort, "draw-yes": reqDrawYes, "draw-no": reqDrawNo,
	"claim-victory": reqClaimVictory, "claim-draw": reqClaimDraw,
}

// serveWS is GET /api/games/{id}/ws: the game's events, numbered, for
// players and spectators; players act through it.
func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	lg, err := s.liveOf(r, id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	live := lg != nil
	var fin *liveGame
	if !live {
		if fin, err = s.loadGame(r, id); err != nil {
			s.writeError(w, r, err)
			return
		}
	}
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		return // Accept has answered
	}
	defer c.CloseNow()
	s.wg.Add(1)
	defer s.wg.Done()
	s.metrics.sockets.Add(1)
	defer s.metrics.sockets.Add(-1)
	c.SetReadLimit(s.cfg.MaxBody)
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	stop := context.AfterFunc(s.streams, cancel)
	defer stop()

	send := func(v any) error {
		b, err := json.Marshal(v)
		if err != nil {
			return err
		}
		wctx, wcancel := context.WithTimeout(ctx, wsWriteTimeout)
		defer wcancel()
		return c.Write(wctx, websocket.MessageText, b)
	}
	hctx, hcancel := context.WithTimeout(ctx, s.cfg.PingTimeout)
	_, b, err := c.Read(hctx)
	hcancel()
	if err != nil {
		return
	}
	hello, err := decodeClientMsg(b)
	if err == nil && hello.T != "hello" {
		err = errors.New(`the first message must be {"t":"hello",…}`)
	}
	if err != nil {
		_ = send(wsError{T: "error", Error: err.Error()})
		c.Close(websocket.StatusPolicyViolation, "hello expected")
		return
	}
	if !live {
		seat := fin.seatOfToken(hello.Token)
		_ = send(wsFull{T: "full", Version: fin.st.version, Seat: seatName(seat), Game: fin.view(fin.hdr.Finished)})
		c.Close(websocket.StatusNormalClosure, "the game is over")
		return
	}
	seat := lg.seatOfToken(hello.Token)
	if hello.Token != "" && seat < 0 {
		_ = send(wsError{T: "error", Error: "the token is no seat's of game " + id})
		c.Close(websocket.StatusPolicyViolation, "bad token")
		return
	}

	// Subscribe and take what the client missed in one step, so no
	// event falls between the two.
	s.fresh(lg)
	lg.mu.Lock()
	var first []any
	full := false
	if v := hello.Version; v > 0 && v <= lg.st.version && len(lg.recent) > 0 && lg.recent[0].version <= v+1 {
		for _, u := range lg.recent {
			if u.version > v {
				first = append(first, eventMsg(u))
			}
		}
	} else if v == 0 || v != lg.st.version {
		first = append(first, wsFull{T: "full", Version: lg.st.version, Seat: seatName(seat), Game: lg.view(s.cfg.Now())})
		full = true
	}
	if !full {
		// Resumed: tell the client it has caught up, even when it
		// missed nothing.
		first = append(first, wsResumed{T: "resumed", Version: lg.st.version, Seat: seatName(seat)})
	}
	sb := lg.subscribeLocked(seat)
	lg.mu.Unlock()
	defer lg.unsubscribe(sb)
	for _, m := range first {
		if send(m) != nil {
			return
		}
	}

	acks := make(chan any, 16)
	go s.wsWriter(ctx, cancel, c, sb, acks, send)
	go s.wsPinger(ctx, cancel, c)

	connLimit := s.limits.newConnLimiter()
	for {
		_, b, err := c.Read(ctx)
		if err != nil {
			return
		}
		var reply any
		m, err := decodeClientMsg(b)
		switch {
		case !connLimit.Allow() || !s.limits.allow(addrOf(r)):
			reply = wsError{T: "error", ID: m.ID, Error: "too many messages: slow down"}
		case err != nil:
			reply = wsError{T: "error", ID: m.ID, Error: err.Error()}
		case m.T == "ping":
			reply = map[string]string{"t": "pong"}
		case m.T == "hello":
			reply = wsError{T: "error", ID: m.ID, Error: "hello was said already"}
		default:
			req, text := wsActions[m.Action], ""
			if req == "" {
				text = m.Action
			}
			sctx, scancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
			v, err := s.act(sctx, lg, seat, req, text)
			scancel()
			if err != nil {
				msg := err.Error()
				if errorCode(err) == http.StatusInternalServerError {
					s.log.Error("websocket act", "game", id, "err", err)
					msg = "internal error"
				}
				reply = wsError{T: "error", ID: m.ID, Error: msg}
			} else {
				reply = wsAck{T: "ack", ID: m.ID, Version: v}
			}
		}
		select {
		case acks <- reply:
		case <-ctx.Done():
			return
		}
	}
}

// wsWriter writes a socket's events and replies in order: a reply to an
// action goes after the action's event, which was queued before it.
func (s *Server) wsWriter(ctx context.Context, cancel context.CancelFunc, c *websocket.Conn, sb *sub,
	acks chan any, send func(any) error) {
	defer cancel()
	events := sb.ch
	var grace <-chan time.Time
	for {
		select {
		case u, ok := <-events:
			if !ok {
				events = nil
				grace = time.After(wsGrace)
				continue
			}
			if send(eventMsg(u)) != nil {
				return
			}
		case reply := <-acks:
			for drained := false; !drained && events != nil; {
				select {
				case u, ok := <-events:
					if !ok {
						events = nil
						grace = time.After(wsGrace)
					} else if send(eventMsg(u)) != nil {
						return
					}
				default:
					drained = true
				}
			}
			if send(reply) != nil {
				return
			}
		case <-grace:
			c.Close(websocket.StatusNormalClosure, "the game is over")
			return
		case <-ctx.Done():
			return
		}
	}
}

// wsPinger pings the peer every PingInterval and drops it if it does not
// answer within PingTimeout.
func (s *Server) wsPinger(ctx context.Context, cancel context.CancelFunc, c *websocket.Conn) {
	t := time.NewTicker(s.cfg.PingInterval)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			pctx, pcancel := context.WithTimeout(ctx, s.cfg.PingTimeout)
			err := c.Ping(pctx)
			pcancel()
			if err != nil {
				cancel()
				return
			}
		case <-ctx.Done():
			return
		}
	}
}

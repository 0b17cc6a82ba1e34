package server

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/baten-chess/baten/store"
	"github.com/baten-chess/baten/variant"
)

// createRequest is POST /api/games's body (and POST /api/seeks's, with
// Color and Name). Start sets (chess960, ballot, tabiya, setup, …) are
// read from the fields of the same names, numbers or strings.
type createRequest struct {
	Variant string        `json:"variant"`
	FEN     string        `json:"fen"`
	Clock   *clockRequest `json:"clock"`
	White   *struct {
		Name string `json:"name"`
	} `json:"white"`
	Black *struct {
		Name string `json:"name"`
	} `json:"black"`
	Color string `json:"color"`
	Name  string `json:"name"`

	starts map[string]string // start set name → member
	start  string            // the start set member chosen, for people ("Chess960 position 518"); set by newHeader
}

// clockRequest is a time control in seconds.
type clockRequest struct {
	Limit     float64 `json:"limit"`
	Increment float64 `json:"increment"`
}

// Bounds of a time control; clocks run to the millisecond.
const (
	minLimit     = time.Millisecond
	maxLimit     = 7 * 24 * time.Hour
	maxIncrement = 24 * time.Hour
	maxName      = 40
)

// decodeCreate reads a create request: JSON of at most the server's
// body size, with the start-set fields gathered from the object. Unknown
// fields are ignored, as lichess does.
func decodeCreate(body []byte) (*createRequest, error) {
	var req createRequest
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&req); err != nil {
		return nil, refuse(http.StatusBadRequest, "bad JSON: %v", err)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(body, &raw); err != nil {
		return nil, refuse(http.StatusBadRequest, "bad JSON: %v", err)
	}
	req.starts = map[string]string{}
	for k, v := range raw {
		switch k {
		case "variant", "fen", "clock", "white", "black", "color", "name":
			continue
		}
		var s string
		if err := json.Unmarshal(v, &s); err == nil {
			req.starts[k] = s
			continue
		}
		var n json.Number
		if err := json.Unmarshal(v, &n); err == nil {
			req.starts[k] = n.String()
		}
	}
	return &req, nil
}

// readBody reads a request body within the size limit: 413 past it,
// 408 if it does not all come within RequestTimeout.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(r.Body); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, refuse(http.StatusRequestEntityTooLarge, "request body larger than %d bytes", mbe.Limit)
		}
		if errors.Is(err, os.ErrDeadlineExceeded) {
			// The answer's deadline is the read's: give it a moment,
			// then the connection is closed.
			w.Header().Set("Connection", "close")
			_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(time.Second))
			return nil, refuse(http.StatusRequestTimeout, "the request did not all come within %v", s.cfg.RequestTimeout)
		}
		return nil, refuse(http.StatusBadRequest, "reading the request: %v", err)
	}
	return buf.Bytes(), nil
}

// checkName refuses names too long or with control characters.
func checkName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if len(name) > maxName {
		return "", refuse(http.StatusBadRequest, "name longer than %d bytes", maxName)
	}
	for _, r := range name {
		if !unicode.IsPrint(r) {
			return "", refuse(http.StatusBadRequest, "name %q has a character that is not printable", name)
		}
	}
	return name, nil
}

// newHeader checks a create request and returns the header of its game
// (no seats yet).
func (s *Server) newHeader(req *createRequest) (store.Game, *variant.Variant, error) {
	if req.Variant == "" {
		return store.Game{}, nil, refuse(http.StatusBadRequest, "variant is required (one of %s)",
			strings.Join(s.cfg.Registry.Names(), ", "))
	}
	v, err := s.cfg.Registry.Lookup(req.Variant)
	if err != nil {
		return store.Game{}, nil, refuseErr(http.StatusBadRequest, err)
	}
	var sets []string
	for name := range req.starts {
		if _, ok := v.StartSet(name); ok {
			sets = append(sets, name)
		}
	}
	sort.Strings(sets)
	if err := s.foreignStarts(v, req.starts); err != nil {
		return store.Game{}, nil, err
	}
	if n := len(sets) + btoi(req.FEN != ""); n > 1 {
		return store.Game{}, nil, refuse(http.StatusBadRequest, "at most one of fen and the start sets (%s), got %d",
			strings.Join(append(sets, "fen")[:n], ", "), n)
	}
	var start variant.Position
	switch {
	case req.FEN != "":
		start, err = v.FromFEN(req.FEN)
	case len(sets) == 1:
		start, req.start, err = s.startFrom(v, sets[0], req.starts[sets[0]])
	case v.RandomStart && len(v.Starts) > 0 && v.Starts[0].Count > 0:
		// A game that starts from many arrays (Chess960) starts from a
		// random one unless a start was chosen, as `baten play` does.
		start, req.start, err = s.startFrom(v, v.Starts[0].Name, randomMember)
	default:
		start = v.Start()
	}
	if err != nil {
		return store.Game{}, nil, refuse(http.StatusBadRequest, "bad start position: %v", err)
	}
	if _, over := start.Outcome(); over {
		return store.Game{}, nil, refuse(http.StatusBadRequest, "the start position is already decided")
	}
	hdr := store.Game{Variant: v.Name, StartFEN: start.FEN(), Status: statusCreated, Created: s.cfg.Now()}
	if c := req.Clock; c != nil {
		bad := refuse(http.StatusBadRequest, "clock: limit must be from %g to %g seconds, increment from 0 to %g seconds",
			minLimit.Seconds(), maxLimit.Seconds(), maxIncrement.Seconds())
		// The bounds are checked before rounding (so the conversion
		// cannot overflow) and after it: a limit that rounds to no time
		// at all would be a clock whose flag never falls.
		if math.IsNaN(c.Limit) || math.IsNaN(c.Increment) || c.Limit <= 0 || c.Increment < 0 ||
			c.Limit > maxLimit.Seconds() || c.Increment > maxIncrement.Seconds() {
			return store.Game{}, nil, bad
		}
		clk := &store.Clock{Limit: seconds(c.Limit), Increment: seconds(c.Increment)}
		if clk.Limit < minLimit {
			return store.Game{}, nil, bad
		}
		hdr.Clock = clk
	}
	return hdr, v, nil
}

// randomMember is the member of a numbered start set that asks for a
// random one (the lobby's word).
const randomMember = "random"

// startFrom returns the start member of set of v (a random one for
// randomMember) and its description for people, if the set has one.
func (s *Server) startFrom(v *variant.Variant, set, member string) (variant.Position, string, error) {
	st, _ := v.StartSet(set)
	if strings.TrimSpace(member) == randomMember && st.Count > 0 {
		member = strconv.Itoa(st.First + s.intN(st.Count))
	}
	p, err := v.StartFrom(set, member)
	if err != nil {
		return nil, "", err
	}
	describe := ""
	if st.Describe != nil {
		describe = st.Describe(strings.TrimSpace(member))
	}
	return p, describe, nil
}

// foreignStarts refuses the start sets of other games of the registry
// given for v, which has none of that name (a Chess960 number for
// chess): ignored, they would start a game other than the one asked
// for. Fields no game of the registry uses are left alone.
func (s *Server) foreignStarts(v *variant.Variant, starts map[string]string) error {
	names := make([]string, 0, len(starts))
	for name := range starts {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if _, ok := v.StartSet(name); ok {
			continue
		}
		var holders []string
		for _, o := range s.cfg.Registry.All() {
			if _, ok := o.StartSet(name); ok {
				holders = append(holders, o.Name)
			}
		}
		if len(holders) > 0 {
			return refuse(http.StatusBadRequest, "%s has no %s start positions: use variant %s",
				v.Title, name, strings.Join(holders, " or variant "))
		}
	}
	return nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// seconds converts decimal seconds to a duration, to the millisecond.
func seconds(f float64) time.Duration {
	return time.Duration(math.Round(f*1000)) * time.Millisecond
}

// newToken returns a seat's secret (32 random bytes, base64url) and its
// hash.
func newToken() (string, []byte) {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	tok := base64.RawURLEncoding.EncodeToString(b)
	h := hashToken(tok)
	return tok, h[:]
}

const idAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// newID returns a random game id of 8 characters [A-Za-z0-9].
func newID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = idAlphabet[int(b[i])%len(idAlphabet)]
	}
	return string(b)
}

// store creates hdr (with a fresh id) and puts its game in the hub, after
// the per-address cap is checked.
func (s *Server) storeNew(r *http.Request, hdr store.Game) (*liveGame, error) {
	if s.closing.Load() {
		return nil, refuse(http.StatusServiceUnavailable, "the server is shutting down")
	}
	if _, n := s.hub.count(addrOf(r)); n >= s.cfg.MaxGamesPerAddr {
		return nil, refuse(http.StatusTooManyRequests, "%d live games from %s already: finish some first", n, addrOf(r))
	}
	ctx, cancel := storeCtx(r)
	defer cancel()
	for try := 0; ; try++ {
		hdr.ID = newID()
		var err error
		if s.c != nil {
			err = s.c.shared.CreateOwned(ctx, hdr, s.c.node, s.c.ttl)
		} else {
			err = s.cfg.Store.CreateGame(ctx, hdr)
		}
		if err == nil {
			break
		}
		if !errors.Is(err, store.ErrExists) || try == 5 {
			return nil, fmt.Errorf("create game: %w", err)
		}
	}
	if s.c != nil {
		lg, err := s.c.own(ctx, hdr.ID)
		if err != nil {
			return nil, fmt.Errorf("own new game %s: %w", hdr.ID, err)
		}
		s.log.Info("game created", "game", hdr.ID, "variant", hdr.Variant, "addr", addrOf(r))
		return lg, nil
	}
	lg, err := s.newLiveGame(hdr)
	if err != nil {
		return nil, err
	}
	now := s.cfg.Now()
	lg.seen = [2]time.Time{now, now}
	s.hub.add(lg)
	lg.mu.Lock()
	lg.arm()
	lg.mu.Unlock()
	s.log.Info("game created", "game", hdr.ID, "variant", hdr.Variant, "addr", addrOf(r))
	return lg, nil
}

// seatLinks is a seat's secret and the URL that carries it.
type seatLinks struct {
	Token string `json:"token"`
	URL   string `json:"url"`
}

// createResponse is POST /api/games's answer.
type createResponse struct {
	ID      string    `json:"id"`
	Variant string    `json:"variant"`
	FEN     string    `json:"fen"`
	White   seatLinks `json:"white"`
	Black   seatLinks `json:"black"`
	Watch   string    `json:"watch"`
	Start   string    `json:"start,omitempty"`
}

// readCreate reads a create request's body (POST /api/games and
// /api/seeks) and makes the header of its game.
func (s *Server) readCreate(w http.ResponseWriter, r *http.Request) (*createRequest, store.Game, *variant.Variant, error) {
	body, err := s.readBody(w, r)
	if err != nil {
		return nil, store.Game{}, nil, err
	}
	req, err := decodeCreate(body)
	if err != nil {
		return nil, store.Game{}, nil, err
	}
	hdr, v, err := s.newHeader(req)
	return req, hdr, v, err
}

// createGame is POST /api/games: a game with both seats, whose tokens
// are shown once.
func (s *Server) createGame(w http.ResponseWriter, r *http.Request) {
	req, hdr, v, err := s.readCreate(w, r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	var toks [2]string
	for seat, p := range []*struct {
		Name string `json:"name"`
	}{req.White, req.Black} {
		name := ""
		if p != nil {
			if name, err = checkName(p.Name); err != nil {
				s.writeError(w, r, err)
				return
			}
		}
		var h []byte
		toks[seat], h = newToken()
		hdr.Seats[seat] = store.Seat{TokenHash: h, Name: name, Address: addrOf(r)}
	}
	lg, err := s.storeNew(r, hdr)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	watch := s.baseURL(r) + "/game/" + lg.hdr.ID
	writeJSON(w, http.StatusCreated, createResponse{ID: lg.hdr.ID, Variant: v.Name, FEN: hdr.StartFEN,
		White: seatLinks{toks[0], watch + "#token=" + toks[0]},
		Black: seatLinks{toks[1], watch + "#token=" + toks[1]}, Watch: watch, Start: req.start})
}

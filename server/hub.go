package server

import (
	"crypto/sha256"
	"crypto/subtle"
	"sync"
)

// seatRef names a seat of a live game: what a token opens.
type seatRef struct {
	id   string
	seat int
}

// hub is the set of live games, with an index of their seats' token
// hashes (for the event stream) and the live games per address (limits).
type hub struct {
	mu      sync.RWMutex
	games   map[string]*liveGame
	tokens  map[[sha256.Size]byte]seatRef
	perAddr map[string]int
}

func newHub() *hub {
	return &hub{games: map[string]*liveGame{}, tokens: map[[sha256.Size]byte]seatRef{}, perAddr: map[string]int{}}
}

// get returns a live game.
func (h *hub) get(id string) (*liveGame, bool) {
	h.mu.RLock()
	defer h.mu.RUnlock()
	lg, ok := h.games[id]
	return lg, ok
}

// add puts a live game in the hub.
func (h *hub) add(lg *liveGame) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.games[lg.hdr.ID] = lg
	for seat := range lg.hdr.Seats {
		h.indexSeatLocked(lg, seat)
	}
	for _, a := range lg.addresses() {
		h.perAddr[a]++
	}
}

// indexSeat adds a newly taken seat to the token index and counts its
// address.
func (h *hub) indexSeat(lg *liveGame, seat int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.indexSeatLocked(lg, seat)
	if a := lg.hdr.Seats[seat].Address; a != "" && a != lg.hdr.Seats[1-seat].Address {
		h.perAddr[a]++
	}
}

func (h *hub) indexSeatLocked(lg *liveGame, seat int) {
	if th := lg.hdr.Seats[seat].TokenHash; len(th) == sha256.Size {
		h.tokens[[sha256.Size]byte(th)] = seatRef{lg.hdr.ID, seat}
	}
}

// remove takes a finished game out of the hub.
func (h *hub) remove(lg *liveGame) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.games[lg.hdr.ID] != lg {
		return
	}
	delete(h.games, lg.hdr.ID)
	for _, s := range lg.hdr.Seats {
		if len(s.TokenHash) == sha256.Size {
			delete(h.tokens, [sha256.Size]byte(s.TokenHash))
		}
	}
	for _, a := range lg.addresses() {
		if h.perAddr[a]--; h.perAddr[a] <= 0 {
			delete(h.perAddr, a)
		}
	}
}

// byToken returns the live seat a token hash opens.
func (h *hub) byToken(hash [sha256.Size]byte) (seatRef, bool) {
	h.mu.RLock()
	defer h.mu.RUnlock()
	ref, ok := h.tokens[hash]
	return ref, ok
}

// count returns the number of live games, and those of address a.
func (h *hub) count(a string) (all, ofAddr int) {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return len(h.games), h.perAddr[a]
}

// all returns the live games.
func (h *hub) all() []*liveGame {
	h.mu.RLock()
	defer h.mu.RUnlock()
	out := make([]*liveGame, 0, len(h.games))
	for _, lg := range h.games {
		out = append(out, lg)
	}
	return out
}

// addresses returns the distinct addresses of a game's seats.
func (lg *liveGame) addresses() []string {
	var out []string
	for _, s := range lg.hdr.Seats {
		if s.Address != "" && (len(out) == 0 || out[0] != s.Address) {
			out = append(out, s.Address)
		}
	}
	return out
}

// hashToken returns the SHA-256 of a token, as seats store it.
func hashToken(token string) [sha256.Size]byte { return sha256.Sum256([]byte(token)) }

// seatOfToken returns the seat of lg that token opens, or -1.
func (lg *liveGame) seatOfToken(token string) int {
	if token == "" {
		return -1
	}
	h := hashToken(token)
	for seat, s := range lg.hdr.Seats {
		if len(s.TokenHash) == sha256.Size && subtle.ConstantTimeCompare(h[:], s.TokenHash) == 1 {
			return seat
		}
	}
	return -1
}

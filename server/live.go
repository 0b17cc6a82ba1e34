package server

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/baten-chess/baten/game"
	"github.com/baten-chess/baten/store"
	"github.com/baten-chess/baten/variant"
)

// Event kinds of the store's log (store.Event.Kind).
const (
	kindAction       = "action"        // a move or a ban; Text is its machine notation
	kindJoin         = "join"          // a seat was taken; Text is the name
	kindDrawOffer    = "draw-offer"    // Color offers a draw
	kindDrawDecline  = "draw-decline"  // Color declines the offer
	kindDraw         = "draw"          // Color accepts the offer: a draw
	kindResign       = "resign"        // Color resigns
	kindAbort        = "abort"         // Color aborts before both sides acted
	kindClaim        = "claim"         // Color claims a draw (repetition, move rule)
	kindClaimVictory = "claim-victory" // Color claims victory over an absent opponent
	kindFlag         = "flag"          // the server: the side to act ran out of time
	kindNoStart      = "noStart"       // the server: the first actions did not come in time
)

// serverColor is store.Event.Color for events the server causes.
const serverColor = -1

// liveGame is one game in memory. Its mutex serialises everything that
// reads or changes it; no goroutine is kept per game (the clock is a
// time.AfterFunc timer).
type liveGame struct {
	s  *Server
	mu sync.Mutex

	hdr store.Game
	v   *variant.Variant
	g   *game.Game
	// vnow is the virtual time g's clock reads. The server runs the
	// clocks (time starts after each side's first action, lag
	// compensation); it advances vnow by what it charges, so g's clock
	// and record (TimeControl tag, Flag's verdict) agree with it.
	vnow time.Time

	st    liveState
	moves []string // machine texts of the actions, for "moves"

	recent []*update // the last events, for clients resuming
	subs   map[*sub]struct{}
	timer  *time.Timer
	conns  [2]int       // open streams and sockets per seat (presence)
	seen   [2]time.Time // when each seat was last connected or acted
	clk    []time.Duration

	// In a cluster: a replica follows the owner's events and forwards
	// its players' requests; evSub and actSub are the game's NATS
	// subscriptions; remote is the other servers' presence reports (the
	// owner's); lastUse dates a replica's last use.
	replica bool
	evSub   *nats.Subscription
	actSub  *nats.Subscription
	remote  map[string]presence
	lastUse time.Time
	ownedAt time.Time // when this server last took the game's lease
}

// liveState is the part of a live game that one event changes besides g:
// a value, so an event that cannot be committed is rolled back by
// assignment.
type liveState struct {
	version   int
	left      [2]time.Duration // remaining times when the current turn began
	turnStart time.Time        // when the current turn (or the wait for a seat) began
	acted     [2]bool          // each side has made its first action
	over      bool
	status    string
	winner    string
	vnow      time.Time
	nmoves    int
	gOver     bool
}

// update is one committed event as subscribers see it, with the state
// after it. It is shared by every subscriber and never changed.
type update struct {
	version int
	kind    string
	color   string
	text    string
	state   gameState
	final   bool
}

// sub is one subscriber: a Board API stream, an event stream or a
// WebSocket. The hub closes ch when the game ends (after the final
// update) or when the subscriber falls too far behind.
type sub struct {
	ch     chan *update
	seat   int // store.White, store.Black, or -1
	closed bool
}

// subBuffer is how many updates a subscriber may lag behind before it is
// dropped (it then reconnects and resumes).
const subBuffer = 64

// timed reports whether the game has clocks.
func (lg *liveGame) timed() bool { return lg.hdr.Clock != nil }

// seated reports whether both seats are filled.
func (lg *liveGame) seated() bool {
	return len(lg.hdr.Seats[0].TokenHash) > 0 && len(lg.hdr.Seats[1].TokenHash) > 0
}

// turn returns the seat to act.
func (lg *liveGame) turn() int { return seatOf(lg.g.Position().Turn()) }

// startLimit is the time each side has for its first action: the start
// timeout, but never less than the clock's limit.
func (lg *liveGame) startLimit() time.Duration {
	d := lg.s.cfg.StartTimeout
	if lg.timed() && lg.hdr.Clock.Limit > d {
		d = lg.hdr.Clock.Limit
	}
	return d
}

// charge returns the time the side to act has used of its clock at now:
// nothing before its first action; otherwise the time since its turn
// began less the lag compensation.
func (lg *liveGame) charge(now time.Time) time.Duration {
	t := lg.turn()
	if !lg.timed() || !lg.st.acted[t] || lg.st.over || !lg.seated() {
		return 0
	}
	d := now.Sub(lg.st.turnStart) - lg.s.cfg.LagCompensation
	return max(d, 0)
}

// remaining returns both clocks at now (the running one charged).
func (lg *liveGame) remaining(now time.Time) [2]time.Duration {
	left := lg.st.left
	if !lg.st.over {
		left[lg.turn()] -= lg.charge(now)
	}
	return left
}

// newLiveGame returns the game of a header with no events applied.
func (s *Server) newLiveGame(hdr store.Game) (*liveGame, error) {
	v, err := s.cfg.Registry.Lookup(hdr.Variant)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", hdr.ID, err)
	}
	start, err := v.FromFEN(hdr.StartFEN)
	if err != nil {
		return nil, fmt.Errorf("game %s: start: %w", hdr.ID, err)
	}
	if hdr.Clock != nil && hdr.Clock.Limit <= 0 {
		// Stored before limits were checked after rounding: a clock of
		// no time, whose flag can never fall. The game is played on
		// untimed rather than refusing every request.
		s.log.Warn("game with a clock of no time: played untimed", "game", hdr.ID)
		hdr.Clock = nil
	}
	lg := &liveGame{s: s, hdr: hdr, v: v, vnow: hdr.Created, subs: map[*sub]struct{}{}}
	var opts []game.Option
	if hdr.Clock != nil {
		opts = append(opts, game.WithClock(game.TimeControl{Base: hdr.Clock.Limit, Increment: hdr.Clock.Increment},
			func() time.Time { return lg.vnow }))
		lg.st.left = [2]time.Duration{hdr.Clock.Limit, hdr.Clock.Limit}
	}
	lg.g = game.New(start, opts...)
	lg.st.turnStart = hdr.Created
	lg.st.status = statusCreated
	if o, over := lg.g.Outcome(); over { // a start position already decided
		lg.st.over, lg.st.status, lg.st.winner = true, statusOf(o), winnerOf(o)
	}
	return lg, nil
}

// rebuild returns a game replayed from its stored header and events. A
// finished game takes its final status from the header.
func (s *Server) rebuild(hdr store.Game, events []store.Event) (*liveGame, error) {
	lg, err := s.newLiveGame(hdr)
	if err != nil {
		return nil, err
	}
	for _, e := range events {
		if _, err := lg.apply(e); err != nil {
			return nil, fmt.Errorf("game %s: event %d (%s %q): %w", hdr.ID, e.Seq, e.Kind, e.Text, err)
		}
		lg.remember(e)
	}
	if !hdr.Live() {
		lg.st.over, lg.st.status, lg.st.winner = true, hdr.Status, hdr.Winner
	}
	return lg, nil
}

// apply changes the game by e, an event either committed (replay) or
// about to be (trial before commit), and returns the game's end if e
// ends it. On error the caller rolls back (see rollback).
func (lg *liveGame) apply(e store.Event) (*store.End, error) {
	t := lg.turn()
	ends := func(status, winner string) *store.End {
		lg.st.over, lg.st.status, lg.st.winner = true, status, winner
		return &store.End{Status: status, Winner: winner}
	}
	var end *store.End
	switch e.Kind {
	case kindAction:
		if e.Color != t {
			return nil, fmt.Errorf("%s acted on %s's turn", seatName(e.Color), seatName(t))
		}
		if lg.timed() {
			// g's clock charges vnow's advance and adds the increment.
			lg.vnow = lg.vnow.Add(lg.st.left[t] + lg.hdr.Clock.Increment - e.Clocks[t])
		}
		a, err := lg.g.PlayText(e.Text)
		if err != nil {
			return nil, err
		}
		_ = a
		lg.moves = append(lg.moves, e.Text)
		lg.st.nmoves = len(lg.moves)
		lg.st.acted[t] = true
		lg.st.turnStart = e.At
		lg.st.status = statusStarted
	case kindJoin:
		// The header holds the seat; the start timeout counts from now.
		lg.st.turnStart = e.At
	case kindDrawOffer:
		if err := lg.g.OfferDraw(colorOfSeat(e.Color)); err != nil {
			return nil, err
		}
	case kindDrawDecline:
		if err := lg.g.DeclineDraw(colorOfSeat(e.Color)); err != nil {
			return nil, err
		}
	case kindDraw:
		if err := lg.g.AcceptDraw(colorOfSeat(e.Color)); err != nil {
			return nil, err
		}
	case kindResign:
		if err := lg.g.Resign(colorOfSeat(e.Color)); err != nil {
			return nil, err
		}
	case kindClaim:
		if _, err := lg.g.Claim(); err != nil {
			return nil, err
		}
	case kindFlag:
		if !lg.timed() {
			return nil, game.ErrNoClock
		}
		// The side to act has used all its time: g's clock agrees.
		lg.vnow = lg.vnow.Add(lg.st.left[t])
		if _, fell := lg.g.Flag(); !fell {
			return nil, fmt.Errorf("the flag of %s did not fall", seatName(t))
		}
	case kindAbort:
		end = ends(statusAborted, "")
	case kindNoStart:
		end = ends(statusNoStart, "")
	case kindClaimVictory:
		end = ends(statusTimeout, seatName(e.Color))
	default:
		return nil, fmt.Errorf("unknown event kind %q", e.Kind)
	}
	if lg.timed() && (e.Kind == kindAction || e.Kind == kindFlag) {
		lg.st.left = e.Clocks
	}
	lg.st.version = e.Seq
	lg.st.vnow = lg.vnow
	if o, over := lg.g.Outcome(); over && end == nil {
		lg.st.gOver = true
		end = ends(statusOf(o), winnerOf(o))
	}
	return end, nil
}

// snapshot returns what rollback restores.
func (lg *liveGame) snapshot() liveState {
	st := lg.st
	st.vnow = lg.vnow
	st.nmoves = len(lg.moves)
	_, st.gOver = lg.g.Outcome()
	return st
}

// rollback undoes an applied event that could not be committed. Draw
// offers and declines are undone by their inverse; everything else by
// game.Game.Undo (an ending not made by a move is taken back on its own,
// a move with its ending).
func (lg *liveGame) rollback(snap liveState, e store.Event) {
	_, over := lg.g.Outcome()
	lg.vnow = snap.vnow
	switch {
	case e.Kind == kindDrawOffer:
		if by, ok := lg.g.DrawOffer(); ok && seatOf(by) == e.Color {
			_ = lg.g.DeclineDraw(by.Other())
		}
	case e.Kind == kindDrawDecline:
		_ = lg.g.OfferDraw(colorOfSeat(e.Color).Other())
	case over && !snap.gOver:
		_ = lg.g.Undo()
	}
	if len(lg.moves) > snap.nmoves {
		lg.moves = lg.moves[:snap.nmoves]
		if over && !snap.gOver {
			// Undo above took the move back with its ending.
		} else {
			_ = lg.g.Undo()
		}
	}
	lg.st = snap
}

// remember keeps e's update for resuming clients and the clock after an
// action for records.
func (lg *liveGame) remember(e store.Event) *update {
	u := &update{version: e.Seq, kind: e.Kind, color: seatName(e.Color), text: e.Text,
		state: lg.state(e.At), final: lg.st.over}
	// The resume buffer keeps events without the list of moves, which
	// WebSocket events do not carry: memory per game stays small.
	light := *u
	light.state.Moves = ""
	if len(lg.recent) >= lg.s.cfg.ResumeEvents {
		lg.recent = append(lg.recent[:0], lg.recent[1:]...)
	}
	lg.recent = append(lg.recent, &light)
	if e.Kind == kindAction {
		lg.clk = append(lg.clk, e.Clocks[e.Color])
	}
	return u
}

// commit validates e by applying it, stores it and only then lets it
// stand: it is broadcast, the clock re-armed, and a finished game leaves
// the hub. Called with lg.mu held.
func (lg *liveGame) commit(ctx context.Context, e store.Event) error {
	start := time.Now()
	e.Seq = lg.st.version + 1
	snap := lg.snapshot()
	end, err := lg.apply(e)
	if err != nil {
		lg.rollback(snap, e)
		return refuseErr(400, err)
	}
	if err := lg.s.append(ctx, lg.hdr.ID, e, end); err != nil {
		lg.rollback(snap, e)
		if c := lg.s.c; c != nil && errors.Is(err, store.ErrLeaseLost) {
			c.demoteLocked(lg)
			return fmt.Errorf("game %s: %w", lg.hdr.ID, errMoved)
		}
		err = fmt.Errorf("store game %s event %d: %w", lg.hdr.ID, e.Seq, err)
		if lg.s.c == nil && errors.Is(err, store.ErrConflict) {
			return lg.resync(ctx, err)
		}
		return err
	}
	lg.s.metrics.action(time.Since(start))
	if c := lg.s.c; c != nil {
		c.publishLocked(lg, e, end)
	}
	lg.settle(e, end)
	return nil
}

// settle lets a committed event stand: the header follows it, it is
// broadcast, the clock re-armed, and a finished game leaves the hub.
// Called with lg.mu held.
func (lg *liveGame) settle(e store.Event, end *store.End) {
	if end != nil {
		lg.hdr.Status, lg.hdr.Winner, lg.hdr.Finished = end.Status, end.Winner, e.At
	} else {
		lg.hdr.Status = lg.st.status
	}
	u := lg.remember(e)
	lg.broadcast(u)
	if lg.st.over {
		lg.finish()
	} else {
		lg.arm()
	}
}

// errBehind tells actLocal that a commit found the store ahead of the
// game, which then caught up with it: the request is to be judged again.
var errBehind = errors.New("the game was behind its store")

// resync catches lg up with its store after err, a conflict of its
// commit on a single server: the store holds events lg has not seen,
// which a predecessor killed while committing had the database commit
// only after this server loaded the game. It returns err with errBehind
// if lg caught up, err alone if the store held nothing new. Called with
// lg.mu held.
func (lg *liveGame) resync(ctx context.Context, err error) error {
	from := lg.st.version
	hdr, events, lerr := lg.s.cfg.Store.Load(ctx, lg.hdr.ID)
	if lerr == nil {
		lerr = lg.catchUpLocked(hdr, events)
	}
	if lerr != nil {
		return errors.Join(err, fmt.Errorf("catch up: %w", lerr))
	}
	if lg.st.version == from {
		return err
	}
	lg.s.log.Warn("game caught up with its store", "game", lg.hdr.ID, "from", from, "to", lg.st.version)
	return fmt.Errorf("%w (%w)", err, errBehind)
}

// catchUpLocked applies the store's events lg has not seen.
func (lg *liveGame) catchUpLocked(hdr store.Game, events []store.Event) error {
	for color, seat := range hdr.Seats {
		lg.fillSeat(color, seat)
	}
	for _, e := range events {
		if e.Seq <= lg.st.version {
			continue
		}
		var seat *store.Seat
		if e.Kind == kindJoin && e.Color >= 0 {
			seat = &hdr.Seats[e.Color]
		}
		if err := lg.applyCommittedLocked(e, seat); err != nil {
			return fmt.Errorf("game %s: event %d: %w", lg.hdr.ID, e.Seq, err)
		}
	}
	return nil
}

// applyCommittedLocked applies an event committed elsewhere (by the
// owner of a replica's game, or found in the store) and tells the
// subscribers; seat is the seat a join event filled.
func (lg *liveGame) applyCommittedLocked(e store.Event, seat *store.Seat) error {
	if e.Kind == kindJoin && seat != nil && e.Color >= 0 {
		lg.fillSeat(e.Color, *seat)
	}
	snap := lg.snapshot()
	end, err := lg.apply(e)
	if err != nil {
		lg.rollback(snap, e)
		return err
	}
	lg.settle(e, end)
	return nil
}

// fillSeat records a taken seat lg has as open. A game in the hub has
// its token indexed; a replica is not in the hub, and gets it indexed
// when promoted (hub.add).
func (lg *liveGame) fillSeat(color int, seat store.Seat) {
	if len(lg.hdr.Seats[color].TokenHash) > 0 || len(seat.TokenHash) == 0 {
		return
	}
	lg.hdr.Seats[color] = seat
	if !lg.replica {
		lg.s.hub.indexSeat(lg, color)
	}
}

// broadcast sends u to every subscriber; one that is too far behind is
// dropped (its channel closed) rather than slowing the game.
func (lg *liveGame) broadcast(u *update) {
	for sb := range lg.subs {
		select {
		case sb.ch <- u:
		default:
			lg.unsubscribeLocked(sb)
		}
	}
}

// subscribe adds a subscriber for seat (-1: a spectator).
func (lg *liveGame) subscribeLocked(seat int) *sub {
	sb := &sub{ch: make(chan *update, subBuffer), seat: seat}
	if lg.st.over {
		sb.closed = true
		close(sb.ch)
		return sb
	}
	lg.subs[sb] = struct{}{}
	if seat >= 0 {
		lg.conns[seat]++
		lg.seen[seat] = lg.s.cfg.Now()
		if c := lg.s.c; c != nil && lg.conns[seat] == 1 {
			c.sendPresenceLocked(lg)
		}
	}
	return sb
}

// unsubscribe removes sb (any number of times).
func (lg *liveGame) unsubscribe(sb *sub) {
	lg.mu.Lock()
	defer lg.mu.Unlock()
	lg.unsubscribeLocked(sb)
}

func (lg *liveGame) unsubscribeLocked(sb *sub) {
	if sb.closed {
		return
	}
	sb.closed = true
	close(sb.ch)
	delete(lg.subs, sb)
	if sb.seat >= 0 {
		lg.conns[sb.seat]--
		lg.seen[sb.seat] = lg.s.cfg.Now()
		if c := lg.s.c; c != nil && lg.conns[sb.seat] == 0 && !lg.st.over {
			c.sendPresenceLocked(lg)
		}
	}
}

// finish closes a finished game's subscribers, stops its timer and takes
// it out of the hub.
func (lg *liveGame) finish() {
	if lg.timer != nil {
		lg.timer.Stop()
	}
	for sb := range lg.subs {
		lg.unsubscribeLocked(sb)
	}
	lg.s.hub.remove(lg)
	if c := lg.s.c; c != nil {
		c.finishedLocked(lg)
	}
}

// arm sets the game's one timer to the next moment the server must act
// by itself: the start timeout of a side that has not acted yet, or the
// flag of the side to act. Called with lg.mu held.
func (lg *liveGame) arm() {
	if lg.timer != nil {
		lg.timer.Stop()
		lg.timer = nil
	}
	deadline, ok := lg.deadline()
	if !ok || lg.replica || lg.s.closing.Load() {
		return
	}
	lg.timer = time.AfterFunc(deadline.Sub(lg.s.cfg.Now()), lg.onTimer)
}

// deadline returns the next moment the server must act by itself, and
// the kind of event it then commits.
func (lg *liveGame) deadline() (time.Time, bool) {
	if lg.st.over || !lg.seated() {
		return time.Time{}, false
	}
	t := lg.turn()
	if !lg.st.acted[t] {
		return lg.st.turnStart.Add(lg.startLimit()), true
	}
	if lg.timed() {
		return lg.st.turnStart.Add(lg.st.left[t] + lg.s.cfg.LagCompensation), true
	}
	return time.Time{}, false
}

// onTimer runs when the game's timer fires.
func (lg *liveGame) onTimer() {
	defer func() {
		if p := recover(); p != nil {
			lg.s.log.Error("panic in game timer", "game", lg.hdr.ID, "panic", p)
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if err := lg.checkTime(ctx, lg.s.cfg.Now()); err != nil {
		lg.s.log.Error("timer", "game", lg.hdr.ID, "err", err)
		// Try again shortly: the store may be back.
		if !lg.st.over && !lg.s.closing.Load() {
			lg.timer = time.AfterFunc(time.Second, lg.onTimer)
		}
		return
	}
	if !lg.st.over {
		lg.arm()
	}
}

// checkTime commits the flag or the start timeout if it is due at now.
// Called with lg.mu held.
func (lg *liveGame) checkTime(ctx context.Context, now time.Time) error {
	deadline, ok := lg.deadline()
	if !ok || now.Before(deadline) {
		return nil
	}
	t := lg.turn()
	if !lg.st.acted[t] {
		return lg.commit(ctx, store.Event{Kind: kindNoStart, Color: serverColor, Text: seatName(t),
			Clocks: lg.st.left, At: now})
	}
	left := lg.st.left
	left[t] = 0
	return lg.commit(ctx, store.Event{Kind: kindFlag, Color: serverColor, Text: seatName(t), Clocks: left, At: now})
}

// state returns the lichess gameState of the game at now.
func (lg *liveGame) state(now time.Time) gameState {
	gs := gameState{Type: "gameState", Moves: strings.Join(lg.moves, " "), Status: lg.st.status, Winner: lg.st.winner}
	if lg.timed() {
		left := lg.remaining(now)
		gs.WTime, gs.BTime = max(left[0], 0).Milliseconds(), max(left[1], 0).Milliseconds()
		gs.WInc = lg.hdr.Clock.Increment.Milliseconds()
		gs.BInc = gs.WInc
	}
	if by, ok := lg.g.DrawOffer(); ok {
		gs.WDraw, gs.BDraw = by == variant.White, by == variant.Black
	}
	if !lg.st.over {
		gs.Turn = seatName(lg.turn())
	}
	return gs
}

package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/baten-chess/baten/store"
)

// Cluster makes a Server one of several that share one PostgreSQL store
// (a store.Shared) and one NATS server. Each live game has one owner at a
// time, the server holding its lease in the store: it validates and
// commits the game's actions and runs its clock. Every other server that
// has players or spectators of the game keeps a replica, fed by the
// owner's events over NATS, and forwards its players' actions to the
// owner by NATS request. A server that dies loses its leases when they
// expire and another one takes its games over from the store.
type Cluster struct {
	// NATSURL is the NATS server ("nats://127.0.0.1:4222"; several
	// separated by commas).
	NATSURL string
	// Node names this server among the others in logs and NATS
	// connection names; a random suffix makes each run of it unique.
	Node string
	// LeaseTTL is how long a game's lease lasts unless renewed, which
	// its owner does every third of it: the longest a game waits for a
	// new owner after its owner died. Default DefaultLeaseTTL.
	LeaseTTL time.Duration
	// Subject prefixes the NATS subjects (default "baten"): servers
	// with different prefixes on one NATS server do not see each other.
	Subject string
	// TakeOver is how many ownerless games a server takes over per
	// sweep (every third of LeaseTTL). Default DefaultTakeOver.
	TakeOver int
}

// Defaults of Cluster's optional fields.
const (
	DefaultLeaseTTL = 10 * time.Second
	DefaultTakeOver = 500
)

// replicaIdle is how long a replica with no subscriber is kept.
const replicaIdle = time.Minute

// errMoved tells act that the game it held changed owner meanwhile: the
// request is to be sent again, to the new owner.
var errMoved = errors.New("the game moved to another server")

// cluster is a Server's part in a Cluster.
type cluster struct {
	s      *Server
	shared store.Shared
	nc     *nats.Conn
	node   string
	ttl    time.Duration
	prefix string
	batch  int

	mu       sync.Mutex
	replicas map[string]*liveGame
	attach   keyedMutex // one attachment (own or replicate) of a game at a time
	renewed  time.Time  // the last successful renewal

	stop chan struct{}
	done chan struct{}

	forwarded prometheus.Counter
	takeovers prometheus.Counter
}

// newCluster connects s to cfg's NATS server.
func newCluster(s *Server, cfg Cluster) (*cluster, error) {
	shared, ok := s.cfg.Store.(store.Shared)
	if !ok {
		return nil, fmt.Errorf("server: a cluster needs a store several servers can share (PostgreSQL), not %T", s.cfg.Store)
	}
	// The lease owner is the node's name and a random suffix: a server
	// restarted under the same name must not renew the leases of the
	// games its previous run held, which it does not have in memory.
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	if cfg.Node == "" {
		cfg.Node = "node"
	}
	cfg.Node += "-" + hex.EncodeToString(b)
	if cfg.LeaseTTL <= 0 {
		cfg.LeaseTTL = DefaultLeaseTTL
	}
	if cfg.Subject == "" {
		cfg.Subject = "baten"
	}
	if cfg.TakeOver <= 0 {
		cfg.TakeOver = DefaultTakeOver
	}
	if strings.ContainsAny(cfg.Node+cfg.Subject, " \t\r\n*>") {
		return nil, fmt.Errorf("server: cluster node %q and subject %q must not hold spaces, * or >", cfg.Node, cfg.Subject)
	}
	c := &cluster{s: s, shared: shared, node: cfg.Node, ttl: cfg.LeaseTTL, prefix: cfg.Subject, batch: cfg.TakeOver,
		replicas: map[string]*liveGame{}, stop: make(chan struct{}), done: make(chan struct{}),
		forwarded: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "baten_cluster_forwarded_total", Help: "Actions forwarded to the game's owner.",
		}),
		takeovers: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "baten_cluster_takeovers_total", Help: "Games this server took over (or created) as owner.",
		}),
	}
	s.metrics.reg.MustRegister(c.forwarded, c.takeovers)
	// NoEcho: a server never receives its own events; an event of a game
	// it owns comes from a server that took the game over.
	nc, err := nats.Connect(cfg.NATSURL, nats.Name("baten "+cfg.Node), nats.NoEcho(),
		nats.MaxReconnects(-1), nats.ReconnectWait(250*time.Millisecond),
		nats.ReconnectHandler(func(*nats.Conn) { go c.resync() }),
		nats.ErrorHandler(func(_ *nats.Conn, sub *nats.Subscription, err error) {
			subj := ""
			if sub != nil {
				subj = sub.Subject
			}
			s.log.Warn("nats", "subject", subj, "err", err)
		}))
	if err != nil {
		return nil, fmt.Errorf("server: NATS %s: %w", cfg.NATSURL, err)
	}
	c.nc = nc
	return c, nil
}

func (c *cluster) evSubject(id string) string  { return c.prefix + ".ev." + id }
func (c *cluster) actSubject(id string) string { return c.prefix + ".act." + id }

// wireEvent is a committed event as the owner publishes it.
type wireEvent struct {
	E    store.Event `json:"e"`
	End  *store.End  `json:"end,omitempty"`
	Seat *store.Seat `json:"seat,omitempty"` // the seat a join event filled
	// Sync, instead of an event, is the version of a game its new owner
	// holds: a replica behind it reads the missing events from the store
	// (the old owner may have died between a commit and its publication).
	Sync int `json:"sync,omitempty"`
}

// wireRequest is what a replica sends the owner: an action or a join
// (request/reply), or its presence (publish).
type wireRequest struct {
	Seat     int         `json:"seat"`
	Req      string      `json:"req,omitempty"`
	Text     string      `json:"text,omitempty"`
	Join     *store.Seat `json:"join,omitempty"`
	Node     string      `json:"node,omitempty"`
	Presence *[2]int     `json:"presence,omitempty"`
	// Expect is the version the request's event would have in the game
	// as the replica held it: a request sent again because the reply to
	// the first try was lost (its owner died) finds its event there and
	// is answered as done.
	Expect int `json:"expect,omitempty"`
}

// wireReply is the owner's answer to a wireRequest.
type wireReply struct {
	Version  int    `json:"version"`
	Seat     int    `json:"seat"`
	Code     int    `json:"code,omitempty"` // an *Error's status; 0: done
	Error    string `json:"error,omitempty"`
	NotOwner bool   `json:"notOwner,omitempty"`
}

// decodeWireEvent reads and checks an event message.
func decodeWireEvent(b []byte) (wireEvent, error) {
	var w wireEvent
	if err := json.Unmarshal(b, &w); err != nil {
		return w, fmt.Errorf("event message: %w", err)
	}
	if w.Sync > 0 {
		return w, nil
	}
	if w.E.Seq < 1 || w.E.Color < serverColor || w.E.Color > store.Black || len(w.E.Text) > 256 {
		return w, fmt.Errorf("event message: bad event #%d color %d", w.E.Seq, w.E.Color)
	}
	if w.E.Kind == kindJoin && (w.Seat == nil || w.E.Color < 0) {
		return w, errors.New("event message: a join without its seat")
	}
	return w, nil
}

// decodeWireRequest reads and checks a request message.
func decodeWireRequest(b []byte) (wireRequest, error) {
	var w wireRequest
	if err := json.Unmarshal(b, &w); err != nil {
		return w, fmt.Errorf("request message: %w", err)
	}
	if w.Seat < store.White || w.Seat > store.Black {
		if w.Join == nil && w.Presence == nil {
			return w, fmt.Errorf("request message: seat %d", w.Seat)
		}
	}
	if len(w.Text) > maxActionText || len(w.Req) > 32 || len(w.Node) > 128 {
		return w, errors.New("request message: field too long")
	}
	if w.Presence != nil && (w.Presence[0] < 0 || w.Presence[1] < 0) {
		return w, errors.New("request message: negative presence")
	}
	if w.Join != nil && len(w.Join.TokenHash) == 0 {
		return w, errors.New("request message: a join without a token hash")
	}
	return w, nil
}

// start takes over the games no server owns (all of them after a full
// restart), then keeps renewing, sweeping and reporting presence until
// close.
func (c *cluster) start(ctx context.Context) error {
	c.renewed = time.Now()
	for {
		before, _ := c.s.hub.count("")
		n, err := c.sweep(ctx)
		if err != nil {
			return err
		}
		// A full batch may leave more; a sweep that took nothing over
		// leaves the rest to the loop.
		if after, _ := c.s.hub.count(""); n < c.batch || after == before {
			break
		}
	}
	go c.loop()
	return nil
}

// loop runs every third of the lease time: renew the leases, take over
// orphans, refresh presence, drop idle replicas.
func (c *cluster) loop() {
	defer close(c.done)
	t := time.NewTicker(c.ttl / 3)
	defer t.Stop()
	for {
		select {
		case <-c.stop:
			return
		case <-t.C:
		}
		// A late renewal still renews (see Shared.RenewLeases), so a
		// slow database gets a whole lease time before this gives up.
		ctx, cancel := context.WithTimeout(context.Background(), c.ttl)
		c.renew(ctx)
		cancel()
		if _, err := c.sweep(context.Background()); err != nil {
			c.s.log.Warn("cluster sweep", "err", err)
		}
		c.tend()
	}
}

// renew extends this server's leases; a game whose lease another server
// took becomes a replica. If renewing fails for a whole lease time, every
// lease may be gone: all games become replicas (the store refuses their
// commits anyway).
func (c *cluster) renew(ctx context.Context) {
	started := time.Now()
	ids, err := c.shared.RenewLeases(ctx, c.node, c.ttl)
	if err != nil {
		c.s.log.Warn("cluster renew", "err", err)
		if time.Since(c.renewed) > c.ttl {
			for _, lg := range c.s.hub.all() {
				lg.mu.Lock()
				c.demoteLocked(lg)
				lg.mu.Unlock()
			}
		}
		return
	}
	c.renewed = started
	held := make(map[string]bool, len(ids))
	for _, id := range ids {
		held[id] = true
	}
	unowned := maps.Clone(held) // held, but not owned here
	for _, lg := range c.s.hub.all() {
		delete(unowned, lg.hdr.ID)
		if !held[lg.hdr.ID] {
			lg.mu.Lock()
			// A game taken since the renewal began is not in its answer.
			if !lg.st.over && lg.ownedAt.Before(started) {
				c.s.log.Info("lease lost", "game", lg.hdr.ID)
				c.demoteLocked(lg)
			}
			lg.mu.Unlock()
		}
	}
	// A lease held for a game not owned here (demoted while the database
	// was away, finished meanwhile): own the game again, or let it go,
	// else nobody would serve it until the lease expired.
	for id := range unowned {
		gctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
		if _, err := c.own(gctx, id); err != nil {
			c.release(id)
		}
		cancel()
	}
}

// sweep takes over up to a batch of games without an owner and returns
// how many it found.
func (c *cluster) sweep(ctx context.Context) (int, error) {
	octx, cancel := context.WithTimeout(ctx, storeTimeout)
	ids, err := c.shared.Orphans(octx, c.batch)
	cancel()
	if err != nil {
		return 0, err
	}
	for _, id := range ids {
		gctx, cancel := context.WithTimeout(ctx, storeTimeout)
		_, err := c.own(gctx, id)
		cancel()
		if err != nil && !errors.Is(err, errNotLive) && !errors.Is(err, errOwned) {
			c.s.log.Warn("cluster take over", "game", id, "err", err)
		}
	}
	return len(ids), nil
}

// tend reports the presence of this server's players in replicas to the
// owners (which forget a report older than a lease time), drops replicas
// nobody has used for a while and catches up the replicas of games that
// ended unannounced.
func (c *cluster) tend() {
	now := c.s.cfg.Now()
	var live []string
	for _, lg := range c.replicaList() {
		lg.mu.Lock()
		switch {
		case !lg.replica:
		case lg.conns[0] > 0 || lg.conns[1] > 0:
			c.sendPresenceLocked(lg)
		case len(lg.subs) == 0 && now.Sub(lg.lastUse) > replicaIdle:
			c.dropLocked(lg)
		}
		if lg.replica && !lg.st.over {
			live = append(live, lg.hdr.ID)
		}
		lg.mu.Unlock()
	}
	c.catchUpEnded(live)
}

// catchUpEnded catches up those of the replicas ids whose games the store
// has finished: an owner killed between committing a game's final event
// and publishing it leaves them behind, and the game, over, is never
// owned again to publish anything.
func (c *cluster) catchUpEnded(ids []string) {
	if len(ids) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	ended, err := c.shared.Finished(ctx, ids)
	cancel()
	if err != nil {
		c.s.log.Warn("cluster: finished replicas", "err", err)
		return
	}
	for _, id := range ended {
		c.mu.Lock()
		lg, ok := c.replicas[id]
		c.mu.Unlock()
		if !ok {
			continue
		}
		lg.mu.Lock()
		if lg.replica && !lg.st.over {
			c.catchUpFromStoreLocked(lg)
		}
		lg.mu.Unlock()
	}
}

// replicaList returns the replicas.
func (c *cluster) replicaList() []*liveGame {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Collect(maps.Values(c.replicas))
}

// Errors of own.
var (
	errNotLive = errors.New("not a live game")
	errOwned   = errors.New("owned by another server")
)

// live returns the live game id as this server holds it, owner or
// replica, attaching it first if need be: as its owner when nobody owns
// it, else as a replica. It returns errNotLive for a finished or unknown
// game.
func (c *cluster) live(ctx context.Context, id string) (*liveGame, error) {
	if lg, ok := c.s.hub.get(id); ok {
		return lg, nil
	}
	c.mu.Lock()
	lg, ok := c.replicas[id]
	c.mu.Unlock()
	if ok {
		lg.mu.Lock()
		lg.lastUse = c.s.cfg.Now()
		lg.mu.Unlock()
		return lg, nil
	}
	defer c.attach.lock(id)()
	lg, err := c.ownLocked(ctx, id)
	if errors.Is(err, errOwned) {
		lg, err = c.replicateLocked(ctx, id)
	}
	return lg, err
}

// own makes this server game id's owner if no other server is: it takes
// the lease, loads the game (promoting its replica if it has one),
// subscribes to its requests and arms its clock.
//
// Calls for one game are serialised (the sweep, a request, a creation may
// meet): a game has one liveGame in a server.
func (c *cluster) own(ctx context.Context, id string) (*liveGame, error) {
	defer c.attach.lock(id)()
	return c.ownLocked(ctx, id)
}

// ownLocked is own with the game's attach lock held.
func (c *cluster) ownLocked(ctx context.Context, id string) (*liveGame, error) {
	if lg, ok := c.s.hub.get(id); ok {
		return lg, nil
	}
	ok, err := c.shared.AcquireLease(ctx, id, c.node, c.ttl)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errOwned // or finished, or unknown: replicate tells
	}
	hdr, events, err := c.shared.Load(ctx, id)
	if err != nil {
		c.release(id)
		return nil, err
	}
	if !hdr.Live() {
		c.release(id)
		return nil, errNotLive
	}
	c.mu.Lock()
	lg, isReplica := c.replicas[id]
	c.mu.Unlock()
	if !isReplica {
		if lg, err = c.s.rebuild(hdr, events); err != nil {
			c.release(id)
			return nil, err
		}
		lg.replica = true // promoted below, like a replica
		if err := c.subscribeEvents(lg); err != nil {
			c.release(id)
			return nil, err
		}
	}
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if err := c.promoteLocked(lg, hdr, events); err != nil {
		if !isReplica {
			c.dropLocked(lg)
		}
		c.release(id)
		return nil, err
	}
	return lg, nil
}

// release gives up a lease in the background (a finished game's, or one
// taken in vain).
func (c *cluster) release(id string) {
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
		defer cancel()
		if err := c.shared.ReleaseLease(ctx, id, c.node); err != nil {
			c.s.log.Warn("release lease", "game", id, "err", err)
		}
	}()
}

// promoteLocked makes a replica (or a freshly rebuilt game) the owned
// game: it catches up with the store's events, takes requests, arms the
// clock. Called with lg.mu held and the lease taken.
func (c *cluster) promoteLocked(lg *liveGame, hdr store.Game, events []store.Event) error {
	if err := lg.catchUpLocked(hdr, events); err != nil {
		return err
	}
	if lg.st.over {
		return errNotLive
	}
	sub, err := c.nc.Subscribe(c.actSubject(lg.hdr.ID), func(m *nats.Msg) { c.onRequest(lg, m) })
	if err != nil {
		return fmt.Errorf("subscribe to requests of %s: %w", lg.hdr.ID, err)
	}
	lg.actSub = sub
	lg.replica = false
	lg.remote = nil
	lg.ownedAt = time.Now()
	now := c.s.cfg.Now()
	lg.seen = [2]time.Time{now, now} // players get the abandonment time to come back
	c.mu.Lock()
	delete(c.replicas, lg.hdr.ID)
	c.mu.Unlock()
	c.s.hub.add(lg)
	lg.arm()
	c.takeovers.Inc()
	if b, err := json.Marshal(wireEvent{Sync: lg.st.version}); err == nil && lg.st.version > 0 {
		if err := c.nc.Publish(c.evSubject(lg.hdr.ID), b); err != nil {
			c.s.log.Warn("publish sync", "game", lg.hdr.ID, "err", err)
		}
	}
	return nil
}

// demoteLocked makes an owned game a replica: another server owns it
// now. Called with lg.mu held.
func (c *cluster) demoteLocked(lg *liveGame) {
	if lg.replica {
		return
	}
	lg.replica = true
	if lg.timer != nil {
		lg.timer.Stop()
		lg.timer = nil
	}
	if lg.actSub != nil {
		_ = lg.actSub.Unsubscribe()
		lg.actSub = nil
	}
	c.s.hub.remove(lg)
	lg.lastUse = c.s.cfg.Now()
	c.mu.Lock()
	c.replicas[lg.hdr.ID] = lg
	c.mu.Unlock()
	c.sendPresenceLocked(lg)
}

// dropLocked forgets a replica (no subscriber left, or its game ended).
func (c *cluster) dropLocked(lg *liveGame) {
	if lg.evSub != nil {
		_ = lg.evSub.Unsubscribe()
		lg.evSub = nil
	}
	c.mu.Lock()
	if c.replicas[lg.hdr.ID] == lg {
		delete(c.replicas, lg.hdr.ID)
	}
	c.mu.Unlock()
}

// finishedLocked cleans up after a game ended: subscriptions, the lease.
func (c *cluster) finishedLocked(lg *liveGame) {
	owner := !lg.replica
	if lg.actSub != nil {
		_ = lg.actSub.Unsubscribe()
		lg.actSub = nil
	}
	c.dropLocked(lg)
	if owner {
		c.release(lg.hdr.ID)
	}
}

// replicateLocked attaches game id as a replica: rebuilt from the
// store, then kept up to date by the owner's events. Called with the
// game's attach lock held.
func (c *cluster) replicateLocked(ctx context.Context, id string) (*liveGame, error) {
	c.mu.Lock()
	lg, ok := c.replicas[id]
	c.mu.Unlock()
	if ok {
		return lg, nil
	}
	hdr, events, err := c.shared.Load(ctx, id)
	if err != nil {
		return nil, errors.Join(errNotLive, err)
	}
	if !hdr.Live() {
		return nil, errNotLive
	}
	lg, err = c.s.rebuild(hdr, events)
	if err != nil {
		return nil, err
	}
	lg.replica = true
	lg.lastUse = c.s.cfg.Now()
	if err := c.subscribeEvents(lg); err != nil {
		return nil, err
	}
	// Events committed between the load and the subscription came before
	// it: load again.
	hdr, events, err = c.shared.Load(ctx, id)
	if err != nil {
		lg.mu.Lock()
		c.dropLocked(lg)
		lg.mu.Unlock()
		return nil, err
	}
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if err := lg.catchUpLocked(hdr, events); err != nil {
		c.dropLocked(lg)
		return nil, err
	}
	if lg.st.over {
		c.dropLocked(lg)
		return nil, errNotLive
	}
	c.mu.Lock()
	c.replicas[id] = lg
	c.mu.Unlock()
	return lg, nil
}

// subscribeEvents subscribes lg to its game's events.
func (c *cluster) subscribeEvents(lg *liveGame) error {
	sub, err := c.nc.Subscribe(c.evSubject(lg.hdr.ID), func(m *nats.Msg) { c.onEvent(lg, m) })
	if err != nil {
		return fmt.Errorf("subscribe to events of %s: %w", lg.hdr.ID, err)
	}
	lg.mu.Lock()
	lg.evSub = sub
	lg.mu.Unlock()
	return nil
}

// publishLocked sends a committed event to the other servers.
func (c *cluster) publishLocked(lg *liveGame, e store.Event, end *store.End) {
	w := wireEvent{E: e, End: end}
	if e.Kind == kindJoin && e.Color >= 0 {
		seat := lg.hdr.Seats[e.Color]
		w.Seat = &seat
	}
	b, err := json.Marshal(w)
	if err == nil {
		err = c.nc.Publish(c.evSubject(lg.hdr.ID), b)
	}
	if err != nil {
		// The event is committed; replicas fill the gap from the store
		// at the next event or reconnection.
		c.s.log.Warn("publish event", "game", lg.hdr.ID, "seq", e.Seq, "err", err)
	}
}

// onEvent applies an event of another server to lg: the next one at
// once, an older one not at all, a later one after the missing ones are
// read from the store. An event of a game this server owns means
// another server owns it now.
func (c *cluster) onEvent(lg *liveGame, m *nats.Msg) {
	w, err := decodeWireEvent(m.Data)
	if err != nil {
		c.s.log.Warn("cluster event", "subject", m.Subject, "err", err)
		return
	}
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if w.Sync > 0 {
		if lg.replica && w.Sync > lg.st.version {
			c.catchUpFromStoreLocked(lg)
		}
		return
	}
	if lg.st.over || w.E.Seq <= lg.st.version {
		return
	}
	c.demoteLocked(lg)
	if w.E.Seq == lg.st.version+1 {
		err := lg.applyCommittedLocked(w.E, w.Seat)
		if err == nil {
			return
		}
		c.s.log.Warn("cluster event", "game", lg.hdr.ID, "seq", w.E.Seq, "err", err)
	}
	c.catchUpFromStoreLocked(lg)
}

// catchUpFromStoreLocked reads the game's events lg has not seen from
// the store and applies them.
func (c *cluster) catchUpFromStoreLocked(lg *liveGame) {
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	hdr, events, err := c.shared.Load(ctx, lg.hdr.ID)
	if err == nil {
		err = lg.catchUpLocked(hdr, events)
	}
	if err != nil {
		c.s.log.Error("cluster catch up", "game", lg.hdr.ID, "err", err)
	}
}

// resync brings every replica up to date from the store: after a NATS
// reconnection, events may have been missed.
func (c *cluster) resync() {
	for _, lg := range c.replicaList() {
		lg.mu.Lock()
		if lg.replica && !lg.st.over {
			c.catchUpFromStoreLocked(lg)
		}
		lg.mu.Unlock()
	}
}

// onRequest serves a replica's request to the owner.
func (c *cluster) onRequest(lg *liveGame, m *nats.Msg) {
	w, err := decodeWireRequest(m.Data)
	if err != nil {
		c.s.log.Warn("cluster request", "subject", m.Subject, "err", err)
		c.reply(m, wireReply{Code: http.StatusBadRequest, Error: err.Error()})
		return
	}
	if w.Presence != nil {
		lg.mu.Lock()
		if !lg.replica {
			lg.remotePresence(w.Node, *w.Presence, c.s.cfg.Now())
		}
		lg.mu.Unlock()
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	var r wireReply
	if v, ok := lg.already(w.Seat, w.Req, w.Text, w.Expect); ok {
		c.reply(m, wireReply{Version: v})
		return
	}
	if w.Join != nil {
		r.Seat, err = c.s.joinLocal(ctx, lg, *w.Join)
	} else {
		r.Version, err = c.s.actLocal(ctx, lg, w.Seat, w.Req, w.Text)
	}
	var e *Error
	switch {
	case errors.Is(err, errMoved):
		r.NotOwner = true
	case errors.As(err, &e):
		r.Code, r.Error = e.Code, e.Msg
	case err != nil:
		c.s.log.Error("cluster request", "game", lg.hdr.ID, "err", err)
		r.Code, r.Error = http.StatusInternalServerError, "internal error"
	}
	c.reply(m, r)
}

func (c *cluster) reply(m *nats.Msg, r wireReply) {
	if m.Reply == "" {
		return
	}
	b, _ := json.Marshal(r)
	if err := m.Respond(b); err != nil {
		c.s.log.Warn("cluster reply", "subject", m.Subject, "err", err)
	}
}

// forwardRetry bounds the wait between tries of a forwarded request
// while the game has no owner.
const forwardRetry = 250 * time.Millisecond

// forward sends a request to the game's owner and returns its answer.
// While no server answers (the owner died), it tries to take the game
// over itself, which succeeds once the dead owner's lease expired; then
// it serves the request locally.
func (c *cluster) forward(ctx context.Context, lg *liveGame, w wireRequest) (wireReply, *liveGame, error) {
	b, err := json.Marshal(w)
	if err != nil {
		return wireReply{}, nil, err
	}
	c.forwarded.Inc()
	for {
		rctx, cancel := context.WithTimeout(ctx, min(storeTimeout, c.ttl))
		m, err := c.nc.RequestWithContext(rctx, c.actSubject(lg.hdr.ID), b)
		cancel()
		if err == nil {
			var r wireReply
			if err := json.Unmarshal(m.Data, &r); err != nil {
				return r, nil, fmt.Errorf("owner's reply: %w", err)
			}
			if !r.NotOwner {
				return r, nil, nil
			}
		} else if !errors.Is(err, nats.ErrNoResponders) && !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, nats.ErrTimeout) {
			return wireReply{}, nil, fmt.Errorf("forward to the owner of %s: %w", lg.hdr.ID, err)
		}
		owned, err := c.own(ctx, lg.hdr.ID)
		switch {
		case err == nil:
			return wireReply{}, owned, nil
		case errors.Is(err, errNotLive):
			return wireReply{}, nil, refuse(http.StatusBadRequest, "the game %s is over", lg.hdr.ID)
		case !errors.Is(err, errOwned):
			return wireReply{}, nil, err
		}
		// Nobody answers and the lease is not free: the owner died, or
		// the game ended (its lease is never granted again), which the
		// replica learns from the final event or the store.
		lg.mu.Lock()
		over, status := lg.st.over, lg.st.status
		lg.mu.Unlock()
		if over {
			return wireReply{}, nil, refuse(http.StatusBadRequest, "the game is over (%s)", status)
		}
		select {
		case <-ctx.Done():
			return wireReply{}, nil, refuse(http.StatusServiceUnavailable,
				"the server owning game %s does not answer; try again", lg.hdr.ID)
		case <-time.After(forwardRetry):
		}
	}
}

// sendPresenceLocked tells the owner how many of this server's streams
// and sockets each seat of a replica has open.
func (c *cluster) sendPresenceLocked(lg *liveGame) {
	if !lg.replica {
		return
	}
	p := lg.conns
	b, _ := json.Marshal(wireRequest{Seat: -1, Node: c.node, Presence: &p})
	if err := c.nc.Publish(c.actSubject(lg.hdr.ID), b); err != nil {
		c.s.log.Warn("cluster presence", "game", lg.hdr.ID, "err", err)
	}
}

// waitVersion waits until a replica has applied version v (the owner's
// acknowledgement of a forwarded request), reading the store if the
// event is slow to come, so that what this server shows next includes
// the request.
func (c *cluster) waitVersion(ctx context.Context, lg *liveGame, v int) {
	deadline := time.Now().Add(200 * time.Millisecond)
	for time.Now().Before(deadline) {
		lg.mu.Lock()
		done := lg.st.version >= v || lg.st.over || !lg.replica
		lg.mu.Unlock()
		if done {
			return
		}
		time.Sleep(2 * time.Millisecond)
	}
	hdr, events, err := c.shared.Load(ctx, lg.hdr.ID)
	if err != nil {
		return
	}
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if lg.replica && lg.st.version < v {
		if err := lg.catchUpLocked(hdr, events); err != nil {
			c.s.log.Error("cluster catch up", "game", lg.hdr.ID, "err", err)
		}
	}
}

// close hands this server's games back: it stops the loop and releases
// the leases, so that the other servers take the games over at their
// next sweep rather than after a lease time.
func (c *cluster) close(ctx context.Context) {
	close(c.stop)
	select {
	case <-c.done:
	case <-ctx.Done():
	}
	for _, lg := range c.s.hub.all() {
		lg.mu.Lock()
		if lg.actSub != nil {
			_ = lg.actSub.Unsubscribe()
			lg.actSub = nil
		}
		lg.mu.Unlock()
		if err := c.shared.ReleaseLease(ctx, lg.hdr.ID, c.node); err != nil {
			c.s.log.Warn("release lease", "game", lg.hdr.ID, "err", err)
		}
	}
	if err := c.nc.Drain(); err != nil {
		c.nc.Close()
	}
}

// remotePresence records another server's report of a game's streams
// per seat. Called with lg.mu held.
func (lg *liveGame) remotePresence(node string, conns [2]int, now time.Time) {
	if lg.remote == nil {
		lg.remote = map[string]presence{}
	}
	for seat := range conns {
		if conns[seat] > 0 || lg.remote[node].conns[seat] > 0 {
			lg.seen[seat] = now
		}
	}
	if conns == [2]int{} {
		delete(lg.remote, node)
		return
	}
	lg.remote[node] = presence{conns: conns, at: now}
}

// presence is another server's report of a game's open streams per seat.
type presence struct {
	conns [2]int
	at    time.Time
}

// connected reports whether seat has a stream or socket open on this
// server or, by a report of less than a lease time ago, on another.
func (lg *liveGame) connected(seat int, now time.Time) bool {
	if lg.conns[seat] > 0 {
		return true
	}
	for _, p := range lg.remote {
		if p.conns[seat] > 0 && now.Sub(p.at) < lg.s.leaseTTL() {
			return true
		}
	}
	return false
}

// already reports whether the event of a request sent again is the
// game's event at version expect: the first try was committed.
func (lg *liveGame) already(seat int, req, text string, expect int) (int, bool) {
	lg.mu.Lock()
	defer lg.mu.Unlock()
	return lg.alreadyLocked(seat, req, text, expect)
}

// alreadyLocked is already with lg.mu held.
func (lg *liveGame) alreadyLocked(seat int, req, text string, expect int) (int, bool) {
	if expect <= 0 || lg.st.version < expect {
		return 0, false
	}
	for _, u := range lg.recent {
		if u.version != expect || u.color != seatName(seat) {
			continue
		}
		switch req {
		case "":
			return expect, u.kind == kindAction && u.text == text
		case reqResign:
			return expect, u.kind == kindResign
		case reqAbort:
			return expect, u.kind == kindAbort
		case reqDrawYes:
			return expect, u.kind == kindDraw || u.kind == kindDrawOffer
		case reqDrawNo:
			return expect, u.kind == kindDrawDecline
		case reqClaimDraw:
			return expect, u.kind == kindClaim
		case reqClaimVictory:
			return expect, u.kind == kindClaimVictory
		}
	}
	return 0, false
}

// fresh brings a replica up to date from the store before a client
// takes its state: events its dead owner committed but never published
// are there.
func (s *Server) fresh(lg *liveGame) {
	if s.c == nil {
		return
	}
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if lg.replica && !lg.st.over {
		s.c.catchUpFromStoreLocked(lg)
	}
}

// keyedMutex is a mutex per key, kept only while in use.
type keyedMutex struct {
	mu sync.Mutex
	m  map[string]*keyedEntry
}

type keyedEntry struct {
	mu    sync.Mutex
	users int
}

// lock locks key and returns its unlock.
func (k *keyedMutex) lock(key string) func() {
	k.mu.Lock()
	if k.m == nil {
		k.m = map[string]*keyedEntry{}
	}
	e := k.m[key]
	if e == nil {
		e = &keyedEntry{}
		k.m[key] = e
	}
	e.users++
	k.mu.Unlock()
	e.mu.Lock()
	return func() {
		e.mu.Unlock()
		k.mu.Lock()
		if e.users--; e.users == 0 {
			delete(k.m, key)
		}
		k.mu.Unlock()
	}
}

package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver
)

// SQLite is the embedded Store: one database file in WAL mode, written
// through a single connection by one goroutine that commits concurrent
// changes together (group commit), and read through a pool.
//
// Durability: journal_mode=WAL. With the default synchronous=NORMAL a
// commit is written to the WAL (in the operating system's cache) before a
// method returns, so an acknowledged change survives the process being
// killed (kill -9, a panic, OOM); the WAL is fsynced at checkpoints, so a
// power loss or kernel crash may lose the last second of changes but
// never corrupts the database. SQLiteOptions{Synchronous: "FULL"} fsyncs
// every commit: it survives power loss too, at the price of the disk's
// fsync latency on every change (group commit pays one fsync for all
// changes waiting at the time).
type SQLite struct {
	path string
	w    *sql.Conn // the writer connection, used only by the writer goroutine
	wdb  *sql.DB
	r    *sql.DB // readers

	stmts map[string]*sql.Stmt // the writer's prepared statements

	ckpt *sql.DB // the checkpointer's connection

	reqs   chan *writeReq
	done   chan struct{} // closed by Close
	exited chan struct{} // closed when the writer goroutine returns

	ckptExited chan struct{} // closed when the checkpointer returns
	closing    sync.Once
	closed     atomic.Bool
}

// maxBatch bounds how many changes one transaction commits.
const maxBatch = 512

// writeReq is one change waiting for the writer.
type writeReq struct {
	state atomic.Int32 // reqQueued, reqTaken or reqAbandoned
	fn    func(s *SQLite) error
	err   chan error // buffered: the outcome, once taken
}

const (
	reqQueued = iota
	reqTaken
	reqAbandoned
)

// sqliteDSN is the driver's name for path with our settings.
func sqliteDSN(path string, writer bool, sync string) string {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "foreign_keys(1)")
	if writer {
		q.Add("_pragma", "journal_mode(WAL)")
		q.Add("_pragma", "synchronous("+sync+")")
		// The checkpointer goroutine checkpoints, not the committing
		// writer: a checkpoint inside a commit stalled appends for 100 ms.
		q.Add("_pragma", "wal_autocheckpoint(0)")
		q.Add("_pragma", "journal_size_limit(67108864)")
		q.Set("_txlock", "immediate")
	} else {
		q.Add("_pragma", "query_only(1)")
	}
	return path + "?" + q.Encode()
}

// SQLiteOptions tune OpenSQLiteWith.
type SQLiteOptions struct {
	// Synchronous is SQLite's synchronous setting: "NORMAL" (the
	// default: safe against the process dying) or "FULL" (safe against
	// power loss; every commit waits for an fsync).
	Synchronous string
}

// OpenSQLite opens (creating it and its directory if needed) the SQLite
// database file at path with the default options and brings its schema
// up to date.
func OpenSQLite(ctx context.Context, path string) (*SQLite, error) {
	return OpenSQLiteWith(ctx, path, SQLiteOptions{})
}

// OpenSQLiteWith is OpenSQLite with options.
func OpenSQLiteWith(ctx context.Context, path string, o SQLiteOptions) (*SQLite, error) {
	sync := strings.ToUpper(o.Synchronous)
	switch sync {
	case "":
		sync = "NORMAL"
	case "NORMAL", "FULL":
	default:
		return nil, fmt.Errorf("store: SQLite synchronous %q: want NORMAL or FULL", o.Synchronous)
	}
	if strings.TrimSpace(path) == "" {
		return nil, errors.New("store: empty SQLite path")
	}
	if strings.ContainsRune(path, '?') || strings.HasPrefix(path, "file:") || path == ":memory:" {
		return nil, fmt.Errorf("store: SQLite path %q: want a plain file path (no URI, no '?', not :memory:)", path)
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return nil, fmt.Errorf("store: SQLite path %q is a directory", path)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("store: SQLite path %q: %w", path, err)
	}
	fail := func(err error) error { return fmt.Errorf("store: open SQLite %q: %w", path, err) }
	wdb, err := sql.Open("sqlite", sqliteDSN(path, true, sync))
	if err != nil {
		return nil, fail(err)
	}
	wdb.SetMaxOpenConns(1)
	wdb.SetMaxIdleConns(1)
	wdb.SetConnMaxLifetime(0)
	wdb.SetConnMaxIdleTime(0)
	w, err := wdb.Conn(ctx)
	if err != nil {
		wdb.Close()
		return nil, fail(err)
	}
	s := &SQLite{path: path, w: w, wdb: wdb,
		reqs: make(chan *writeReq), done: make(chan struct{}), exited: make(chan struct{}),
		ckptExited: make(chan struct{})}
	closeAll := func() {
		for _, st := range s.stmts {
			st.Close()
		}
		w.Close()
		wdb.Close()
		if s.r != nil {
			s.r.Close()
		}
		if s.ckpt != nil {
			s.ckpt.Close()
		}
	}
	var mode string
	if err := w.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil {
		closeAll()
		return nil, fail(err)
	}
	if !strings.EqualFold(mode, "wal") {
		closeAll()
		return nil, fail(fmt.Errorf("journal mode is %q, not WAL", mode))
	}
	if err := s.migrate(ctx); err != nil {
		closeAll()
		return nil, fail(err)
	}
	if err := s.prepare(ctx); err != nil {
		closeAll()
		return nil, fail(err)
	}
	s.r, err = sql.Open("sqlite", sqliteDSN(path, false, sync))
	if err != nil {
		closeAll()
		return nil, fail(err)
	}
	n := max(4, 2*runtime.GOMAXPROCS(0))
	s.r.SetMaxOpenConns(n)
	s.r.SetMaxIdleConns(n)
	if err := s.r.PingContext(ctx); err != nil {
		closeAll()
		return nil, fail(err)
	}
	// The checkpointer: its own connection, no writer settings needed
	// but busy_timeout and synchronous.
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "synchronous("+sync+")")
	s.ckpt, err = sql.Open("sqlite", path+"?"+q.Encode())
	if err != nil {
		closeAll()
		return nil, fail(err)
	}
	s.ckpt.SetMaxOpenConns(1)
	go s.writer()
	go s.checkpointer()
	return s, nil
}

// migrate applies the migrations the database lacks, each in its own
// transaction.
func (s *SQLite) migrate(ctx context.Context) error {
	ms, err := migrations("sqlite")
	if err != nil {
		return err
	}
	if _, err := s.w.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, applied INTEGER NOT NULL)`); err != nil {
		return err
	}
	for _, m := range ms {
		err := func() error {
			tx, err := s.w.BeginTx(ctx, nil)
			if err != nil {
				return err
			}
			defer tx.Rollback()
			var have int
			if err := tx.QueryRowContext(ctx, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations").Scan(&have); err != nil {
				return err
			}
			if have > len(ms) {
				return errNewerSchema(have, len(ms))
			}
			if have >= m.version {
				return nil
			}
			if _, err := tx.ExecContext(ctx, m.sql); err != nil {
				return fmt.Errorf("migration %s: %w", m.name, err)
			}
			if _, err := tx.ExecContext(ctx, "INSERT INTO schema_migrations (version, applied) VALUES (?, unixepoch())", m.version); err != nil {
				return err
			}
			return tx.Commit()
		}()
		if err != nil {
			return err
		}
	}
	var have int
	if err := s.w.QueryRowContext(ctx, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations").Scan(&have); err != nil {
		return err
	}
	if have > len(ms) {
		return errNewerSchema(have, len(ms))
	}
	return nil
}

// The writer's statements.
var sqliteStmts = map[string]string{
	"create": `INSERT INTO games (` + gameColumns + `) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
	"state": `SELECT (SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?1),
		finished IS NOT NULL, status FROM games WHERE id = ?1`,
	"event":  `INSERT INTO events (game_id, ` + eventColumns + `) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
	"status": `UPDATE games SET status = ? WHERE id = ?`,
	"end":    `UPDATE games SET status = ?, winner = ?, finished = ? WHERE id = ?`,
	"seatW":  `SELECT white_token IS NOT NULL, finished IS NOT NULL FROM games WHERE id = ?`,
	"seatB":  `SELECT black_token IS NOT NULL, finished IS NOT NULL FROM games WHERE id = ?`,
	"takeW":  `UPDATE games SET white_token = ?, white_name = ?, white_addr = ? WHERE id = ?`,
	"takeB":  `UPDATE games SET black_token = ?, black_name = ?, black_addr = ? WHERE id = ?`,
}

func (s *SQLite) prepare(ctx context.Context) error {
	s.stmts = make(map[string]*sql.Stmt, len(sqliteStmts))
	for name, q := range sqliteStmts {
		st, err := s.w.PrepareContext(ctx, q)
		if err != nil {
			return fmt.Errorf("prepare %s: %w", name, err)
		}
		s.stmts[name] = st
	}
	return nil
}

// exec runs the writer's statement name.
func (s *SQLite) exec(name string, args ...any) (sql.Result, error) {
	return s.stmts[name].Exec(args...)
}

// write hands fn to the writer goroutine and waits for its commit. If ctx
// ends before the writer takes fn, fn never runs and ctx's error is
// returned; once taken, write waits for the outcome whatever ctx says, so
// an error never hides a committed change.
func (s *SQLite) write(ctx context.Context, fn func(*SQLite) error) error {
	if s.closed.Load() {
		return ErrClosed
	}
	r := &writeReq{fn: fn, err: make(chan error, 1)}
	select {
	case s.reqs <- r:
	case <-s.done:
		return ErrClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case err := <-r.err:
		return err
	case <-ctx.Done():
		if r.state.CompareAndSwap(reqQueued, reqAbandoned) {
			return ctx.Err()
		}
		return <-r.err
	}
}

// writer commits the waiting changes, as many as are waiting together.
func (s *SQLite) writer() {
	defer close(s.exited)
	batch := make([]*writeReq, 0, maxBatch)
	for {
		select {
		case r := <-s.reqs:
			batch = append(batch[:0], r)
		case <-s.done:
			return
		}
	drain:
		for len(batch) < maxBatch {
			select {
			case r := <-s.reqs:
				batch = append(batch, r)
			default:
				break drain
			}
		}
		s.commit(batch)
	}
}

// checkpointInterval is how often the checkpointer copies the WAL into
// the database file.
const checkpointInterval = 500 * time.Millisecond

// checkpointer copies committed pages from the WAL into the database
// file, beside the writer (PASSIVE: it never blocks writers or readers),
// so the WAL stays small and commits never wait for a checkpoint.
func (s *SQLite) checkpointer() {
	defer close(s.ckptExited)
	t := time.NewTicker(checkpointInterval)
	defer t.Stop()
	for {
		select {
		case <-s.done:
			return
		case <-t.C:
			s.ckpt.Exec("PRAGMA wal_checkpoint(PASSIVE)")
		}
	}
}

// isOutcome tells a change's own refusal (nothing written) from a
// failure of the database.
func isOutcome(err error) bool {
	return err == nil || errors.Is(err, ErrConflict) || errors.Is(err, ErrNotFound) || errors.Is(err, ErrExists)
}

// commit runs batch in one transaction. Each change checks before it
// writes, so a refused change leaves nothing behind and the others
// commit. If the database fails, the batch is rolled back and each change
// is retried alone, so one bad change fails only itself.
func (s *SQLite) commit(batch []*writeReq) {
	live := batch[:0]
	for _, r := range batch {
		if r.state.CompareAndSwap(reqQueued, reqTaken) {
			live = append(live, r)
		}
	}
	if len(live) == 0 {
		return
	}
	errs := make([]error, len(live))
	err := s.tx(func() error {
		for i, r := range live {
			errs[i] = r.fn(s)
			if !isOutcome(errs[i]) {
				return errs[i]
			}
		}
		return nil
	})
	if err == nil {
		for i, r := range live {
			r.err <- errs[i]
		}
		return
	}
	if len(live) == 1 {
		live[0].err <- err
		return
	}
	for _, r := range live {
		var out error
		if err := s.tx(func() error {
			out = r.fn(s)
			if !isOutcome(out) {
				return out
			}
			return nil
		}); err != nil {
			out = err
		}
		r.err <- out
	}
}

// tx runs fn inside BEGIN IMMEDIATE … COMMIT on the writer connection.
func (s *SQLite) tx(fn func() error) error {
	ctx := context.Background()
	if _, err := s.w.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	err := fn()
	if err == nil {
		if _, err = s.w.ExecContext(ctx, "COMMIT"); err != nil {
			err = fmt.Errorf("store: commit: %w", err)
		}
	}
	if err != nil {
		s.w.ExecContext(ctx, "ROLLBACK")
	}
	return err
}

// CreateGame stores a new game with no events (ErrExists if its id is
// taken). A zero Created is set to now and an empty Status to "created".
func (s *SQLite) CreateGame(ctx context.Context, g Game) error {
	g, err := prepareGame(g)
	if err != nil {
		return err
	}
	args := gameArgs(g)
	return s.write(ctx, func(s *SQLite) error {
		res, err := s.exec("create", args...)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("store: game %s: %w", g.ID, ErrExists)
		}
		return nil
	})
}

// Append adds e to game id's log; see Store.
func (s *SQLite) Append(ctx context.Context, id string, e Event, end *End) error {
	if err := checkEvent(id, e, end); err != nil {
		return err
	}
	var fin int64
	if end != nil {
		fin = endTime(e).UnixNano()
	}
	return s.write(ctx, func(s *SQLite) error {
		var (
			last     int
			finished bool
			status   string
		)
		if err := s.stmts["state"].QueryRow(id).Scan(&last, &finished, &status); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("store: game %s: %w", id, ErrNotFound)
			}
			return err
		}
		if finished {
			return fmt.Errorf("store: Append %s #%d: game finished: %w", id, e.Seq, ErrConflict)
		}
		if e.Seq != last+1 {
			return fmt.Errorf("store: Append %s #%d: last is #%d: %w", id, e.Seq, last, ErrConflict)
		}
		if _, err := s.exec("event", id, e.Seq, e.Kind, e.Color, e.Text,
			int64(e.Clocks[White]), int64(e.Clocks[Black]), nanos(e.At)); err != nil {
			return err
		}
		// Most appends leave the header alone: one page less to write.
		var err error
		if end != nil {
			_, err = s.exec("end", end.Status, end.Winner, fin, id)
		} else if next := nextStatus(status, e.Kind); next != status {
			_, err = s.exec("status", next, id)
		}
		return err
	})
}

// TakeSeat fills game id's open seat of color; see Store.
func (s *SQLite) TakeSeat(ctx context.Context, id string, color int, seat Seat) error {
	if err := checkSeat(id, color, seat); err != nil {
		return err
	}
	check, take := "seatW", "takeW"
	if color == Black {
		check, take = "seatB", "takeB"
	}
	return s.write(ctx, func(s *SQLite) error {
		var taken, finished bool
		if err := s.stmts[check].QueryRow(id).Scan(&taken, &finished); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("store: game %s: %w", id, ErrNotFound)
			}
			return err
		}
		if taken {
			return fmt.Errorf("store: TakeSeat %s %s: seat taken: %w", id, seatPrefix(color), ErrConflict)
		}
		if finished {
			return fmt.Errorf("store: TakeSeat %s %s: game finished: %w", id, seatPrefix(color), ErrConflict)
		}
		_, err := s.exec(take, seat.TokenHash, seat.Name, seat.Address, id)
		return err
	})
}

// Load returns game id's header and events, read in one snapshot.
func (s *SQLite) Load(ctx context.Context, id string) (Game, []Event, error) {
	if s.closed.Load() {
		return Game{}, nil, ErrClosed
	}
	tx, err := s.r.BeginTx(ctx, nil)
	if err != nil {
		return Game{}, nil, fmt.Errorf("store: Load %s: %w", id, err)
	}
	defer tx.Rollback()
	g, err := scanGame(tx.QueryRowContext(ctx, "SELECT "+gameColumns+" FROM games WHERE id = ?", id))
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, nil, fmt.Errorf("store: game %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return Game{}, nil, fmt.Errorf("store: Load %s: %w", id, err)
	}
	rows, err := tx.QueryContext(ctx, "SELECT "+eventColumns+" FROM events WHERE game_id = ? ORDER BY seq", id)
	if err != nil {
		return Game{}, nil, fmt.Errorf("store: Load %s: %w", id, err)
	}
	defer rows.Close()
	var es []Event
	for rows.Next() {
		e, err := scanEvent(rows)
		if err != nil {
			return Game{}, nil, fmt.Errorf("store: Load %s: %w", id, err)
		}
		es = append(es, e)
	}
	if err := rows.Err(); err != nil {
		return Game{}, nil, fmt.Errorf("store: Load %s: %w", id, err)
	}
	return g, es, nil
}

// List returns the headers of games matching f, newest first.
func (s *SQLite) List(ctx context.Context, f Filter) ([]Game, error) {
	if s.closed.Load() {
		return nil, ErrClosed
	}
	q, args := listQuery(f, func(n int) string { return "?" + strconv.Itoa(n) })
	rows, err := s.r.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("store: List: %w", err)
	}
	defer rows.Close()
	var gs []Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, fmt.Errorf("store: List: %w", err)
		}
		gs = append(gs, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: List: %w", err)
	}
	return gs, nil
}

// LiveIDs returns the ids of the unfinished games, oldest first.
func (s *SQLite) LiveIDs(ctx context.Context) ([]string, error) {
	if s.closed.Load() {
		return nil, ErrClosed
	}
	rows, err := s.r.QueryContext(ctx, "SELECT id FROM games WHERE finished IS NULL ORDER BY created, id")
	if err != nil {
		return nil, fmt.Errorf("store: LiveIDs: %w", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: LiveIDs: %w", err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: LiveIDs: %w", err)
	}
	return ids, nil
}

// Close waits for the changes already taken by the writer, then closes
// the database. Methods called later return ErrClosed;
// a second Close does nothing.
func (s *SQLite) Close() error {
	var err error
	s.closing.Do(func() {
		s.closed.Store(true)
		close(s.done)
		<-s.exited
		<-s.ckptExited
		// A last full checkpoint leaves a small WAL; not needed for safety.
		s.ckpt.Exec("PRAGMA wal_checkpoint(TRUNCATE)")
		var errs []error
		for _, st := range s.stmts {
			errs = append(errs, st.Close())
		}
		errs = append(errs, s.w.Close(), s.wdb.Close(), s.r.Close(), s.ckpt.Close())
		err = errors.Join(errs...)
	})
	return err
}

var _ Store = (*SQLite)(nil)

// CreateAccount stores a new account; see Store.
func (s *SQLite) CreateAccount(ctx context.Context, a Account) error {
	a, err := prepareAccount(a)
	if err != nil {
		return err
	}
	return s.write(ctx, func(s *SQLite) error {
		res, err := s.w.ExecContext(context.Background(), sqliteQuery(qInsertAccount), accountArgs(a)...)
		if err != nil {
			return fmt.Errorf("store: CreateAccount %s: %w", a.ID, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("store: account %s: %w", a.ID, ErrExists)
		}
		return nil
	})
}

// Account returns account id; see Store.
func (s *SQLite) Account(ctx context.Context, id string) (Account, error) {
	if s.closed.Load() {
		return Account{}, ErrClosed
	}
	id = AccountID(id)
	a, err := scanAccount(s.r.QueryRowContext(ctx, sqliteQuery(qAccount), id))
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return Account{}, fmt.Errorf("store: account %s: %w", id, ErrNotFound)
	case err != nil:
		return Account{}, fmt.Errorf("store: Account %s: %w", id, err)
	}
	return a, nil
}

// SetBot makes account id a bot; see Store.
func (s *SQLite) SetBot(ctx context.Context, id string) error {
	id = AccountID(id)
	return s.write(ctx, func(s *SQLite) error {
		bg := context.Background()
		res, err := s.w.ExecContext(bg, sqliteQuery(qSetBot), id)
		if err != nil {
			return fmt.Errorf("store: SetBot %s: %w", id, err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			return nil
		}
		var exists bool
		if err := s.w.QueryRowContext(bg, sqliteQuery(qAccountExists), id).Scan(&exists); err != nil {
			return fmt.Errorf("store: SetBot %s: %w", id, err)
		}
		if !exists {
			return fmt.Errorf("store: account %s: %w", id, ErrNotFound)
		}
		return fmt.Errorf("store: account %s is already a bot: %w", id, ErrConflict)
	})
}

// CreateToken stores a new token; see Store.
func (s *SQLite) CreateToken(ctx context.Context, t Token) error {
	if err := checkToken(t); err != nil {
		return err
	}
	t.AccountID = AccountID(t.AccountID)
	return s.write(ctx, func(s *SQLite) error {
		bg := context.Background()
		res, err := s.w.ExecContext(bg, sqliteQuery(qInsertToken), tokenArgs(t)...)
		if err != nil {
			return fmt.Errorf("store: CreateToken of %s: %w", t.AccountID, err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			return nil
		}
		var exists bool
		if err := s.w.QueryRowContext(bg, sqliteQuery(qAccountExists), t.AccountID).Scan(&exists); err != nil {
			return fmt.Errorf("store: CreateToken of %s: %w", t.AccountID, err)
		}
		if !exists {
			return fmt.Errorf("store: account %s: %w", t.AccountID, ErrNotFound)
		}
		return fmt.Errorf("store: CreateToken of %s: token: %w", t.AccountID, ErrExists)
	})
}

// TokenAccount returns the valid token of hash and its account; see
// Store.
func (s *SQLite) TokenAccount(ctx context.Context, hash []byte) (Token, Account, error) {
	if s.closed.Load() {
		return Token{}, Account{}, ErrClosed
	}
	t, a, err := scanTokenAccount(s.r.QueryRowContext(ctx, sqliteQuery(qTokenAccount), hash, time.Now().UnixNano()), hash)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return Token{}, Account{}, fmt.Errorf("store: no valid token of that hash: %w", ErrNotFound)
	case err != nil:
		return Token{}, Account{}, fmt.Errorf("store: TokenAccount: %w", err)
	}
	return t, a, nil
}

// RevokeToken revokes the token of hash; see Store.
func (s *SQLite) RevokeToken(ctx context.Context, hash []byte) error {
	now := time.Now().UnixNano()
	return s.write(ctx, func(s *SQLite) error {
		res, err := s.w.ExecContext(context.Background(), sqliteQuery(qRevokeToken), hash, now)
		if err != nil {
			return fmt.Errorf("store: RevokeToken: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("store: no valid token of that hash: %w", ErrNotFound)
		}
		return nil
	})
}

package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Postgres is the Store on a PostgreSQL server, through a pgx connection
// pool. Every change is one transaction (most are a single statement);
// the primary key (game_id, seq) of the events keeps each log gapless and
// unique even against other processes sharing the database.
type Postgres struct {
	pool   *pgxpool.Pool
	closed atomic.Bool
}

// DefaultPostgresConns is how many connections a Postgres store opens at
// most, unless its URL says otherwise with pool_max_conns=N.
const DefaultPostgresConns = 16

// OpenPostgres connects to the PostgreSQL database at url
// ("postgres://user:pass@host:port/db?sslmode=disable", or any form pgx
// reads; pool_max_conns=N bounds the pool) and brings its schema up to
// date.
func OpenPostgres(ctx context.Context, dsn string) (*Postgres, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("store: PostgreSQL URL: %w", err)
	}
	if !strings.Contains(dsn, "pool_max_conns") {
		cfg.MaxConns = DefaultPostgresConns
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("store: PostgreSQL: %w", err)
	}
	p := &Postgres{pool: pool}
	if err := p.migrate(ctx); err != nil {
		p.Close()
		cc := cfg.ConnConfig
		return nil, fmt.Errorf("store: open PostgreSQL %s@%s/%s: %w", cc.User, cc.Host, cc.Database, err)
	}
	return p, nil
}

// migrationLock is the advisory lock key that serialises migrations of
// processes opening one database at once.
const migrationLock = 0x62617465 // "bate"

func (p *Postgres) migrate(ctx context.Context) error {
	ms, err := migrations("postgres")
	if err != nil {
		return err
	}
	pc, err := p.acquire(ctx)
	if err != nil {
		return err
	}
	defer pc.Release()
	c := pc.Conn()
	if _, err := c.Exec(ctx, "SELECT pg_advisory_lock($1)", int64(migrationLock)); err != nil {
		return err
	}
	defer c.Exec(context.Background(), "SELECT pg_advisory_unlock($1)", int64(migrationLock))
	if _, err := c.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, applied TIMESTAMPTZ NOT NULL DEFAULT now())`); err != nil {
		return err
	}
	var have int
	if err := c.QueryRow(ctx, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations").Scan(&have); err != nil {
		return err
	}
	if have > len(ms) {
		return errNewerSchema(have, len(ms))
	}
	for _, m := range ms[have:] {
		err := pgx.BeginFunc(ctx, c, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, m.sql); err != nil {
				return fmt.Errorf("migration %s: %w", m.name, err)
			}
			_, err := tx.Exec(ctx, "INSERT INTO schema_migrations (version) VALUES ($1)", m.version)
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// run calls fn with a pooled connection.
func (p *Postgres) run(ctx context.Context, fn func(*pgx.Conn) error) error {
	c, err := p.acquire(ctx)
	if err != nil {
		return err
	}
	defer c.Release()
	return fn(c.Conn())
}

// acquire takes a connection from the pool, ErrClosed after Close.
func (p *Postgres) acquire(ctx context.Context) (*pgxpool.Conn, error) {
	if p.closed.Load() {
		return nil, ErrClosed
	}
	c, err := p.pool.Acquire(ctx)
	if err != nil && p.closed.Load() {
		return nil, ErrClosed
	}
	return c, err
}

// runWrite is run for a change: ctx bounds the wait for a connection;
// once the change is sent, it runs to its outcome (a cancelled statement
// might have committed, and the caller would never know).
func (p *Postgres) runWrite(ctx context.Context, fn func(context.Context, *pgx.Conn) error) error {
	return p.run(ctx, func(c *pgx.Conn) error { return fn(context.WithoutCancel(ctx), c) })
}

// CreateGame stores a new game with no events (ErrExists if its id is
// taken). A zero Created is set to now and an empty Status to "created".
func (p *Postgres) CreateGame(ctx context.Context, g Game) error {
	return p.create(ctx, g, "", 0)
}

// CreateOwned stores a new game with owner holding its lease; see Shared.
func (p *Postgres) CreateOwned(ctx context.Context, g Game, owner string, ttl time.Duration) error {
	if owner == "" || ttl <= 0 {
		return errors.New("store: CreateOwned needs an owner and a positive ttl")
	}
	return p.create(ctx, g, owner, ttl)
}

// create is CreateGame, with the lease's row when owner is set.
func (p *Postgres) create(ctx context.Context, g Game, owner string, ttl time.Duration) error {
	g, err := prepareGame(g)
	if err != nil {
		return err
	}
	return p.runWrite(ctx, func(ctx context.Context, c *pgx.Conn) error {
		return pgx.BeginFunc(ctx, c, func(tx pgx.Tx) error {
			tag, err := tx.Exec(ctx, `INSERT INTO games (`+gameColumns+`)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
				ON CONFLICT (id) DO NOTHING`, gameArgs(g)...)
			if err != nil {
				return fmt.Errorf("store: CreateGame %s: %w", g.ID, err)
			}
			if tag.RowsAffected() == 0 {
				return fmt.Errorf("store: game %s: %w", g.ID, ErrExists)
			}
			if owner == "" {
				return nil
			}
			if _, err := tx.Exec(ctx, `INSERT INTO leases (game_id, owner, expires)
				VALUES ($1, $2, now() + $3::bigint * interval '1 microsecond')`, g.ID, owner, ttl.Microseconds()); err != nil {
				return fmt.Errorf("store: CreateOwned %s: %w", g.ID, err)
			}
			return nil
		})
	})
}

// pgAppend adds the event and moves the header on in one statement: the
// UPDATE's row lock orders concurrent appends to one game, and the event
// is inserted only if the header was at e.Seq-1 and live.
const pgAppend = `WITH g AS (
	UPDATE games SET last_seq = $2,
		status = CASE WHEN $9::text IS NOT NULL THEN $9::text
			WHEN status = 'created' AND $3::text = 'action' THEN 'started'
			ELSE status END,
		winner = COALESCE($10::text, winner),
		finished = COALESCE($11::bigint, finished)
	WHERE id = $1 AND last_seq = $2 - 1 AND finished IS NULL
	RETURNING id)
INSERT INTO events (game_id, ` + eventColumns + `)
SELECT id, $2, $3, $4, $5, $6, $7, $8 FROM g`

// pgAppendOwned is pgAppend done only while $12 holds the game's
// unexpired lease. FOR SHARE keeps the lease row locked until the event
// is committed: a server taking the game over waits for it, then loads
// the game with the event.
const pgAppendOwned = `WITH l AS (
	SELECT 1 FROM leases WHERE game_id = $1 AND owner = $12 AND expires > now() FOR SHARE),
g AS (
	UPDATE games SET last_seq = $2,
		status = CASE WHEN $9::text IS NOT NULL THEN $9::text
			WHEN status = 'created' AND $3::text = 'action' THEN 'started'
			ELSE status END,
		winner = COALESCE($10::text, winner),
		finished = COALESCE($11::bigint, finished)
	WHERE id = $1 AND last_seq = $2 - 1 AND finished IS NULL AND EXISTS (SELECT 1 FROM l)
	RETURNING id)
INSERT INTO events (game_id, ` + eventColumns + `)
SELECT id, $2, $3, $4, $5, $6, $7, $8 FROM g`

// Append adds e to game id's log; see Store.
func (p *Postgres) Append(ctx context.Context, id string, e Event, end *End) error {
	return p.append(ctx, "", id, e, end)
}

// AppendOwned is Append while owner holds game id's lease; see Shared.
func (p *Postgres) AppendOwned(ctx context.Context, owner, id string, e Event, end *End) error {
	if owner == "" {
		return errors.New("store: AppendOwned without an owner")
	}
	return p.append(ctx, owner, id, e, end)
}

// append is Append, fenced by owner's lease unless owner is empty.
func (p *Postgres) append(ctx context.Context, owner, id string, e Event, end *End) error {
	if err := checkEvent(id, e, end); err != nil {
		return err
	}
	var status, winner, fin any
	if end != nil {
		status, winner, fin = end.Status, end.Winner, endTime(e).UnixNano()
	}
	q, args := pgAppend, []any{id, int64(e.Seq), e.Kind, int32(e.Color), e.Text,
		int64(e.Clocks[White]), int64(e.Clocks[Black]), nanos(e.At), status, winner, fin}
	if owner != "" {
		q, args = pgAppendOwned, append(args, owner)
	}
	return p.runWrite(ctx, func(ctx context.Context, c *pgx.Conn) error {
		tag, err := c.Exec(ctx, q, args...)
		if err != nil {
			var pe *pgconn.PgError
			if errors.As(err, &pe) && pe.Code == "23505" { // unique_violation
				return fmt.Errorf("store: Append %s #%d: %w", id, e.Seq, ErrConflict)
			}
			return fmt.Errorf("store: Append %s #%d: %w", id, e.Seq, err)
		}
		if tag.RowsAffected() == 1 {
			return nil
		}
		var (
			last     int64
			finished bool
			held     bool
		)
		err = c.QueryRow(ctx, `SELECT last_seq, finished IS NOT NULL,
			EXISTS (SELECT 1 FROM leases WHERE game_id = $1 AND owner = $2 AND expires > now())
			FROM games WHERE id = $1`, id, owner).Scan(&last, &finished, &held)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			return fmt.Errorf("store: game %s: %w", id, ErrNotFound)
		case err != nil:
			return fmt.Errorf("store: Append %s #%d: %w", id, e.Seq, err)
		case finished:
			return fmt.Errorf("store: Append %s #%d: game finished: %w", id, e.Seq, ErrConflict)
		case owner != "" && !held:
			return fmt.Errorf("store: Append %s #%d by %s: %w", id, e.Seq, owner, ErrLeaseLost)
		default:
			return fmt.Errorf("store: Append %s #%d: last is #%d: %w", id, e.Seq, last, ErrConflict)
		}
	})
}

// AcquireLease takes game id's lease for owner; see Shared.
func (p *Postgres) AcquireLease(ctx context.Context, id, owner string, ttl time.Duration) (bool, error) {
	if owner == "" || ttl <= 0 {
		return false, errors.New("store: AcquireLease needs an owner and a positive ttl")
	}
	var got bool
	err := p.runWrite(ctx, func(ctx context.Context, c *pgx.Conn) error {
		tag, err := c.Exec(ctx, `INSERT INTO leases (game_id, owner, expires)
			SELECT id, $2, now() + $3::bigint * interval '1 microsecond' FROM games WHERE id = $1 AND finished IS NULL
			ON CONFLICT (game_id) DO UPDATE SET owner = EXCLUDED.owner, expires = EXCLUDED.expires
			WHERE leases.expires <= now() OR leases.owner = EXCLUDED.owner`, id, owner, ttl.Microseconds())
		if err != nil {
			return fmt.Errorf("store: AcquireLease %s: %w", id, err)
		}
		got = tag.RowsAffected() == 1
		return nil
	})
	return got, err
}

// RenewLeases extends owner's leases; see Shared. An expired lease that
// no other server took is renewed too: its owner could not commit while
// it was expired, so what it holds in memory is still the game.
func (p *Postgres) RenewLeases(ctx context.Context, owner string, ttl time.Duration) ([]string, error) {
	if owner == "" || ttl <= 0 {
		return nil, errors.New("store: RenewLeases needs an owner and a positive ttl")
	}
	ids, err := p.ids(ctx, true, `UPDATE leases SET expires = now() + $2::bigint * interval '1 microsecond'
		WHERE owner = $1 RETURNING game_id`, owner, ttl.Microseconds())
	if err != nil {
		return nil, fmt.Errorf("store: RenewLeases: %w", err)
	}
	return ids, nil
}

// ids runs a query whose rows are game ids; a write runs as runWrite
// does.
func (p *Postgres) ids(ctx context.Context, write bool, q string, args ...any) (ids []string, err error) {
	query := func(ctx context.Context, c *pgx.Conn) error {
		rows, err := c.Query(ctx, q, args...)
		if err != nil {
			return err
		}
		ids, err = pgx.CollectRows(rows, pgx.RowTo[string])
		return err
	}
	if write {
		err = p.runWrite(ctx, query)
	} else {
		err = p.run(ctx, func(c *pgx.Conn) error { return query(ctx, c) })
	}
	return ids, err
}

// ReleaseLease gives up owner's lease of game id; see Shared.
func (p *Postgres) ReleaseLease(ctx context.Context, id, owner string) error {
	return p.runWrite(ctx, func(ctx context.Context, c *pgx.Conn) error {
		if _, err := c.Exec(ctx, "DELETE FROM leases WHERE game_id = $1 AND owner = $2", id, owner); err != nil {
			return fmt.Errorf("store: ReleaseLease %s: %w", id, err)
		}
		return nil
	})
}

// Orphans returns live games without an unexpired lease; see Shared.
func (p *Postgres) Orphans(ctx context.Context, n int) ([]string, error) {
	ids, err := p.ids(ctx, false, `SELECT g.id FROM games g LEFT JOIN leases l ON l.game_id = g.id
		WHERE g.finished IS NULL AND (l.game_id IS NULL OR l.expires <= now())
		ORDER BY g.created, g.id LIMIT $1`, n)
	if err != nil {
		return nil, fmt.Errorf("store: Orphans: %w", err)
	}
	return ids, nil
}

// Finished returns the finished games among ids; see Shared.
func (p *Postgres) Finished(ctx context.Context, ids []string) ([]string, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	done, err := p.ids(ctx, false, `SELECT id FROM games WHERE id = ANY($1) AND finished IS NOT NULL`, ids)
	if err != nil {
		return nil, fmt.Errorf("store: Finished: %w", err)
	}
	return done, nil
}

// SeatOfToken finds the live seat of a token hash; see Shared.
func (p *Postgres) SeatOfToken(ctx context.Context, hash []byte) (id string, color int, err error) {
	err = p.run(ctx, func(c *pgx.Conn) error {
		return c.QueryRow(ctx, `SELECT id, 0 FROM games WHERE white_token = $1 AND finished IS NULL
			UNION ALL SELECT id, 1 FROM games WHERE black_token = $1 AND finished IS NULL LIMIT 1`, hash).Scan(&id, &color)
	})
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return "", 0, fmt.Errorf("store: no live seat of that token: %w", ErrNotFound)
	case err != nil:
		return "", 0, fmt.Errorf("store: SeatOfToken: %w", err)
	}
	return id, color, nil
}

// TakeSeat fills game id's open seat of color; see Store.
func (p *Postgres) TakeSeat(ctx context.Context, id string, color int, seat Seat) error {
	if err := checkSeat(id, color, seat); err != nil {
		return err
	}
	col := seatPrefix(color)
	return p.runWrite(ctx, func(ctx context.Context, c *pgx.Conn) error {
		tag, err := c.Exec(ctx, `UPDATE games SET `+col+`_token = $2, `+col+`_name = $3, `+col+`_addr = $4
			WHERE id = $1 AND `+col+`_token IS NULL AND finished IS NULL`,
			id, seat.TokenHash, seat.Name, seat.Address)
		if err != nil {
			return fmt.Errorf("store: TakeSeat %s %s: %w", id, col, err)
		}
		if tag.RowsAffected() == 1 {
			return nil
		}
		var finished bool
		err = c.QueryRow(ctx, "SELECT finished IS NOT NULL FROM games WHERE id = $1", id).Scan(&finished)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			return fmt.Errorf("store: game %s: %w", id, ErrNotFound)
		case err != nil:
			return fmt.Errorf("store: TakeSeat %s %s: %w", id, col, err)
		case finished:
			return fmt.Errorf("store: TakeSeat %s %s: game finished: %w", id, col, ErrConflict)
		default:
			return fmt.Errorf("store: TakeSeat %s %s: seat taken: %w", id, col, ErrConflict)
		}
	})
}

// Load returns game id's header and events, read in one snapshot.
func (p *Postgres) Load(ctx context.Context, id string) (g Game, es []Event, err error) {
	err = p.run(ctx, func(c *pgx.Conn) error {
		return pgx.BeginTxFunc(ctx, c, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
			var err error
			g, err = scanGame(tx.QueryRow(ctx, "SELECT "+gameColumns+" FROM games WHERE id = $1", id))
			if errors.Is(err, pgx.ErrNoRows) {
				return fmt.Errorf("store: game %s: %w", id, ErrNotFound)
			}
			if err != nil {
				return fmt.Errorf("store: Load %s: %w", id, err)
			}
			rows, err := tx.Query(ctx, "SELECT "+eventColumns+" FROM events WHERE game_id = $1 ORDER BY seq", id)
			if err != nil {
				return fmt.Errorf("store: Load %s: %w", id, err)
			}
			defer rows.Close()
			for rows.Next() {
				e, err := scanEvent(rows)
				if err != nil {
					return fmt.Errorf("store: Load %s: %w", id, err)
				}
				es = append(es, e)
			}
			if err := rows.Err(); err != nil {
				return fmt.Errorf("store: Load %s: %w", id, err)
			}
			return nil
		})
	})
	if err != nil {
		return Game{}, nil, err
	}
	return g, es, nil
}

// List returns the headers of games matching f, newest first.
func (p *Postgres) List(ctx context.Context, f Filter) (gs []Game, err error) {
	q, args := listQuery(f, func(n int) string { return "$" + strconv.Itoa(n) })
	err = p.run(ctx, func(c *pgx.Conn) error {
		rows, err := c.Query(ctx, q, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			g, err := scanGame(rows)
			if err != nil {
				return err
			}
			gs = append(gs, g)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("store: List: %w", err)
	}
	return gs, nil
}

// LiveIDs returns the ids of the unfinished games, oldest first.
func (p *Postgres) LiveIDs(ctx context.Context) ([]string, error) {
	ids, err := p.ids(ctx, false, "SELECT id FROM games WHERE finished IS NULL ORDER BY created, id")
	if err != nil {
		return nil, fmt.Errorf("store: LiveIDs: %w", err)
	}
	return ids, nil
}

// Close closes the pool, waiting for connections in use to be
// released. Methods called later return ErrClosed; a second Close does
// nothing.
func (p *Postgres) Close() error {
	if !p.closed.Swap(true) {
		p.pool.Close()
	}
	return nil
}

var _ Shared = (*Postgres)(nil)

// CreateAccount stores a new account; see Store.
func (p *Postgres) CreateAccount(ctx context.Context, a Account) error {
	a, err := prepareAccount(a)
	if err != nil {
		return err
	}
	return p.runWrite(ctx, func(ctx context.Context, c *pgx.Conn) error {
		tag, err := c.Exec(ctx, qInsertAccount, accountArgs(a)...)
		if err != nil {
			return fmt.Errorf("store: CreateAccount %s: %w", a.ID, err)
		}
		if tag.RowsAffected() == 0 {
			return fmt.Errorf("store: account %s: %w", a.ID, ErrExists)
		}
		return nil
	})
}

// Account returns account id; see Store.
func (p *Postgres) Account(ctx context.Context, id string) (a Account, err error) {
	id = AccountID(id)
	err = p.run(ctx, func(c *pgx.Conn) error {
		a, err = scanAccount(c.QueryRow(ctx, qAccount, id))
		return err
	})
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return Account{}, fmt.Errorf("store: account %s: %w", id, ErrNotFound)
	case errors.Is(err, ErrClosed):
		return Account{}, err
	case err != nil:
		return Account{}, fmt.Errorf("store: Account %s: %w", id, err)
	}
	return a, nil
}

// SetBot makes account id a bot; see Store.
func (p *Postgres) SetBot(ctx context.Context, id string) error {
	id = AccountID(id)
	return p.runWrite(ctx, func(ctx context.Context, c *pgx.Conn) error {
		tag, err := c.Exec(ctx, qSetBot, id)
		if err != nil {
			return fmt.Errorf("store: SetBot %s: %w", id, err)
		}
		if tag.RowsAffected() == 1 {
			return nil
		}
		var exists bool
		if err := c.QueryRow(ctx, qAccountExists, id).Scan(&exists); err != nil {
			return fmt.Errorf("store: SetBot %s: %w", id, err)
		}
		if !exists {
			return fmt.Errorf("store: account %s: %w", id, ErrNotFound)
		}
		return fmt.Errorf("store: account %s is already a bot: %w", id, ErrConflict)
	})
}

// CreateToken stores a new token; see Store.
func (p *Postgres) CreateToken(ctx context.Context, t Token) error {
	if err := checkToken(t); err != nil {
		return err
	}
	t.AccountID = AccountID(t.AccountID)
	return p.runWrite(ctx, func(ctx context.Context, c *pgx.Conn) error {
		tag, err := c.Exec(ctx, qInsertToken, tokenArgs(t)...)
		if err != nil {
			return fmt.Errorf("store: CreateToken of %s: %w", t.AccountID, err)
		}
		if tag.RowsAffected() == 1 {
			return nil
		}
		var exists bool
		if err := c.QueryRow(ctx, qAccountExists, t.AccountID).Scan(&exists); err != nil {
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
func (p *Postgres) TokenAccount(ctx context.Context, hash []byte) (t Token, a Account, err error) {
	err = p.run(ctx, func(c *pgx.Conn) error {
		t, a, err = scanTokenAccount(c.QueryRow(ctx, qTokenAccount, hash, time.Now().UnixNano()), hash)
		return err
	})
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return Token{}, Account{}, fmt.Errorf("store: no valid token of that hash: %w", ErrNotFound)
	case errors.Is(err, ErrClosed):
		return Token{}, Account{}, err
	case err != nil:
		return Token{}, Account{}, fmt.Errorf("store: TokenAccount: %w", err)
	}
	return t, a, nil
}

// RevokeToken revokes the token of hash; see Store.
func (p *Postgres) RevokeToken(ctx context.Context, hash []byte) error {
	now := time.Now().UnixNano()
	return p.runWrite(ctx, func(ctx context.Context, c *pgx.Conn) error {
		tag, err := c.Exec(ctx, qRevokeToken, hash, now)
		if err != nil {
			return fmt.Errorf("store: RevokeToken: %w", err)
		}
		if tag.RowsAffected() == 0 {
			return fmt.Errorf("store: no valid token of that hash: %w", ErrNotFound)
		}
		return nil
	})
}

package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"
)

// ErrClosed is returned by every method called after Close.
var ErrClosed = errors.New("store closed")

// Open opens the store named by dsn: a "postgres://" or "postgresql://"
// URL opens PostgreSQL (OpenPostgres), anything else is a SQLite file
// path (OpenSQLite). The schema is created or migrated before Open
// returns.
func Open(ctx context.Context, dsn string) (Store, error) {
	if strings.TrimSpace(dsn) == "" {
		return nil, errors.New("store: empty database name (want a file path or a postgres:// URL)")
	}
	if IsPostgres(dsn) {
		return OpenPostgres(ctx, dsn)
	}
	return OpenSQLite(ctx, dsn)
}

// IsPostgres reports whether Open takes dsn for a PostgreSQL URL.
func IsPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

//go:embed migrations
var migrationFS embed.FS

// migration is one numbered schema step.
type migration struct {
	version int
	name    string
	sql     string
}

// migrations reads dialect's migrations ("sqlite" or "postgres"),
// ordered by version: files named NNNN_name.sql.
func migrations(dialect string) ([]migration, error) {
	dir := path.Join("migrations", dialect)
	entries, err := fs.ReadDir(migrationFS, dir)
	if err != nil {
		return nil, err
	}
	var ms []migration
	for _, e := range entries {
		num, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || !strings.HasSuffix(e.Name(), ".sql") {
			return nil, fmt.Errorf("store: bad migration file name %s", e.Name())
		}
		b, err := fs.ReadFile(migrationFS, path.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		ms = append(ms, migration{version: v, name: e.Name(), sql: string(b)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].version < ms[j].version })
	for i, m := range ms {
		if m.version != i+1 {
			return nil, fmt.Errorf("store: migrations of %s are not numbered 1, 2, 3, …: %s", dialect, m.name)
		}
	}
	return ms, nil
}

// errNewerSchema tells that the database was migrated by a newer program.
func errNewerSchema(have, known int) error {
	return fmt.Errorf("store: database schema version %d is newer than this program knows (%d): upgrade the program", have, known)
}

// gameColumns are the games columns scanGame reads, in its order.
const gameColumns = `id, variant, start_fen, clock_limit, clock_inc,
	white_token, white_name, white_addr, black_token, black_name, black_addr,
	created, status, winner, finished`

// scanner is a row of database/sql or pgx.
type scanner interface{ Scan(dest ...any) error }

func scanGame(r scanner) (Game, error) {
	var (
		g               Game
		limit, inc, fin sql.NullInt64
		created         int64
		wtok, btok      []byte
	)
	err := r.Scan(&g.ID, &g.Variant, &g.StartFEN, &limit, &inc,
		&wtok, &g.Seats[White].Name, &g.Seats[White].Address,
		&btok, &g.Seats[Black].Name, &g.Seats[Black].Address,
		&created, &g.Status, &g.Winner, &fin)
	if err != nil {
		return Game{}, err
	}
	if len(wtok) > 0 {
		g.Seats[White].TokenHash = wtok
	}
	if len(btok) > 0 {
		g.Seats[Black].TokenHash = btok
	}
	if limit.Valid {
		g.Clock = &Clock{Limit: time.Duration(limit.Int64), Increment: time.Duration(inc.Int64)}
	}
	g.Created = fromNanos(sql.NullInt64{Int64: created, Valid: true})
	g.Finished = fromNanos(fin)
	return g, nil
}

// gameArgs are CreateGame's values for gameColumns.
func gameArgs(g Game) []any {
	var limit, inc any
	if g.Clock != nil {
		limit, inc = int64(g.Clock.Limit), int64(g.Clock.Increment)
	}
	return []any{g.ID, g.Variant, g.StartFEN, limit, inc,
		token(g.Seats[White].TokenHash), g.Seats[White].Name, g.Seats[White].Address,
		token(g.Seats[Black].TokenHash), g.Seats[Black].Name, g.Seats[Black].Address,
		g.Created.UnixNano(), g.Status, g.Winner, nanos(g.Finished)}
}

// eventColumns are the events columns scanEvent reads, in its order.
const eventColumns = `seq, kind, color, text, wclock, bclock, at`

func scanEvent(r scanner) (Event, error) {
	var (
		e      Event
		wc, bc int64
		at     sql.NullInt64
	)
	if err := r.Scan(&e.Seq, &e.Kind, &e.Color, &e.Text, &wc, &bc, &at); err != nil {
		return Event{}, err
	}
	e.Clocks = [2]time.Duration{time.Duration(wc), time.Duration(bc)}
	e.At = fromNanos(at)
	return e, nil
}

// token is a seat's stored token hash: NULL for an open seat.
func token(b []byte) any {
	if len(b) == 0 {
		return nil
	}
	return b
}

// nanos is t as stored: Unix nanoseconds, NULL for the zero time.
func nanos(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UnixNano()
}

func fromNanos(n sql.NullInt64) time.Time {
	if !n.Valid {
		return time.Time{}
	}
	return time.Unix(0, n.Int64).UTC()
}

// prepareGame checks g and fills CreateGame's defaults.
func prepareGame(g Game) (Game, error) {
	if g.ID == "" {
		return g, errors.New("store: CreateGame: empty id")
	}
	if g.Variant == "" {
		return g, fmt.Errorf("store: CreateGame %s: empty variant", g.ID)
	}
	if g.Created.IsZero() {
		g.Created = time.Now()
	}
	if g.Status == "" {
		g.Status = "created"
	}
	return g, nil
}

func checkEvent(id string, e Event, end *End) error {
	if e.Seq < 1 {
		return fmt.Errorf("store: Append %s: seq %d < 1: %w", id, e.Seq, ErrConflict)
	}
	if e.Kind == "" {
		return fmt.Errorf("store: Append %s #%d: empty kind", id, e.Seq)
	}
	if e.Color < -1 || e.Color > 1 {
		return fmt.Errorf("store: Append %s #%d: bad color %d", id, e.Seq, e.Color)
	}
	if end != nil && end.Status == "" {
		return fmt.Errorf("store: Append %s #%d: end without status", id, e.Seq)
	}
	return nil
}

func checkSeat(id string, color int, s Seat) error {
	if color != White && color != Black {
		return fmt.Errorf("store: TakeSeat %s: bad color %d", id, color)
	}
	if len(s.TokenHash) == 0 {
		return fmt.Errorf("store: TakeSeat %s: empty token hash", id)
	}
	return nil
}

// seatPrefix is the column prefix of color's seat.
func seatPrefix(color int) string {
	if color == White {
		return "white"
	}
	return "black"
}

// nextStatus is a game's status after an event of kind is appended
// (without an End): the first action starts a created game.
func nextStatus(status, kind string) string {
	if status == "created" && kind == "action" {
		return "started"
	}
	return status
}

// endTime is when a game ended by e finished.
func endTime(e Event) time.Time {
	if e.At.IsZero() {
		return time.Now()
	}
	return e.At
}

// listQuery builds List's query; ph(n) writes the n-th placeholder.
func listQuery(f Filter, ph func(int) string) (string, []any) {
	var (
		where []string
		args  []any
	)
	arg := func(v any) string {
		args = append(args, v)
		return ph(len(args))
	}
	if f.Player != "" {
		p := arg(f.Player)
		where = append(where, "(white_name = "+p+" OR black_name = "+p+")")
	}
	if f.Live != nil {
		if *f.Live {
			where = append(where, "finished IS NULL")
		} else {
			where = append(where, "finished IS NOT NULL")
		}
	}
	if f.Open {
		where = append(where, "(white_token IS NULL OR black_token IS NULL)")
	}
	limit := f.Limit
	if limit <= 0 {
		limit = 100
	}
	q := "SELECT " + gameColumns + " FROM games"
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	q += " ORDER BY created DESC, id DESC LIMIT " + arg(int64(limit))
	return q, args
}

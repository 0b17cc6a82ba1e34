package store_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/baten-chess/baten/internal/pgtest"
	"github.com/baten-chess/baten/store"
	"github.com/jackc/pgx/v5"
)

// pgServer is the PostgreSQL server of TestPostgres.
var pgServer struct {
	url string
	n   atomic.Int64
}

// postgresBackend gives each test a fresh database on the shared server.
func postgresBackend(t *testing.T) database {
	u := pgServer.url
	if u == "" {
		t.Fatal("no PostgreSQL server")
	}
	dbURL := pgtest.CreateDatabase(t, u, fmt.Sprintf("conf%d", pgServer.n.Add(1)))
	return database{
		open: func() (store.Store, error) { return store.OpenPostgres(context.Background(), dbURL) },
		exec: func(q string) error {
			ctx := context.Background()
			c, err := pgx.Connect(ctx, dbURL)
			if err != nil {
				return err
			}
			defer c.Close(ctx)
			_, err = c.Exec(ctx, q)
			return err
		},
	}
}

func TestPostgres(t *testing.T) {
	pgServer.url = pgtest.Start(t)
	runConformance(t, postgresBackend)

	t.Run("Leases", func(t *testing.T) { testLeases(t, postgresBackend(t)) })
	t.Run("OpenDispatch", func(t *testing.T) {
		s, err := store.Open(context.Background(), pgServer.url)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if _, ok := s.(*store.Postgres); !ok {
			t.Errorf("Open(postgres URL) is a %T", s)
		}
	})
	t.Run("ConcurrentOpen", func(t *testing.T) {
		// Processes opening one new database at once migrate it once.
		db := postgresBackend(t)
		var wg sync.WaitGroup
		errs := make([]error, 4)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s, err := db.open()
				if err == nil {
					s.Close()
				}
				errs[i] = err
			}()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Error(err)
			}
		}
	})
}

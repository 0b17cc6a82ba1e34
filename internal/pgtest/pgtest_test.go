package pgtest_test

import (
	"context"
	"testing"

	"github.com/baten-chess/baten/internal/pgtest"
	"github.com/jackc/pgx/v5"
)

func TestStart(t *testing.T) {
	u := pgtest.Start(t)
	ctx := context.Background()
	c, err := pgx.Connect(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(ctx)
	var db string
	if err := c.QueryRow(ctx, "SELECT current_database()").Scan(&db); err != nil {
		t.Fatal(err)
	}
	if db != pgtest.Database {
		t.Errorf("database %q, want %q", db, pgtest.Database)
	}
	u2 := pgtest.CreateDatabase(t, u, "second")
	c2, err := pgx.Connect(ctx, u2)
	if err != nil {
		t.Fatal(err)
	}
	c2.Close(ctx)
}

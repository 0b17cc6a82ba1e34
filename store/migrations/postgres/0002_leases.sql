-- Leases of live games for servers sharing the database (store.Shared):
-- the owner of a game's unexpired lease is the one server that commits
-- its events. Expiry is the database's clock (now()), never a server's.
CREATE TABLE leases (
	game_id TEXT        PRIMARY KEY REFERENCES games (id),
	owner   TEXT        NOT NULL,
	expires TIMESTAMPTZ NOT NULL
);
CREATE INDEX leases_owner ON leases (owner);

-- Event streams find a live game by a seat's token hash.
CREATE INDEX games_white_token ON games (white_token) WHERE finished IS NULL;
CREATE INDEX games_black_token ON games (black_token) WHERE finished IS NULL;

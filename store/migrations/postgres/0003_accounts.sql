-- Accounts and their personal API tokens. An account's id is its
-- username lowercased, so usernames are unique whatever their case.
-- Tokens are stored only as SHA-256 hashes; revoked is when the token
-- was revoked (NULL: valid), kept so that a revoked token stays refused
-- rather than unknown. Scopes are comma-separated. Times are Unix
-- nanoseconds, as in games.
CREATE TABLE accounts (
	id       TEXT    PRIMARY KEY,
	username TEXT    NOT NULL,
	password TEXT    NOT NULL DEFAULT '',
	bot      BOOLEAN NOT NULL DEFAULT false,
	created  BIGINT  NOT NULL
);

CREATE TABLE tokens (
	hash       BYTEA  PRIMARY KEY,
	account_id TEXT   NOT NULL REFERENCES accounts (id),
	scopes     TEXT   NOT NULL DEFAULT '',
	created    BIGINT NOT NULL,
	expires    BIGINT,
	revoked    BIGINT
);
CREATE INDEX tokens_account ON tokens (account_id);

-- Accounts and their personal API tokens. An account's id is its
-- username lowercased, so usernames are unique whatever their case.
-- Tokens are stored only as SHA-256 hashes; revoked is the Unix
-- nanosecond of the revocation (NULL: valid), kept so that a revoked
-- token stays refused rather than unknown. Scopes are comma-separated.
CREATE TABLE accounts (
	id       TEXT    PRIMARY KEY,
	username TEXT    NOT NULL,
	password TEXT    NOT NULL DEFAULT '',
	bot      INTEGER NOT NULL DEFAULT 0,
	created  INTEGER NOT NULL
);

CREATE TABLE tokens (
	hash       BLOB    PRIMARY KEY,
	account_id TEXT    NOT NULL REFERENCES accounts (id),
	scopes     TEXT    NOT NULL DEFAULT '',
	created    INTEGER NOT NULL,
	expires    INTEGER,
	revoked    INTEGER
);
CREATE INDEX tokens_account ON tokens (account_id);

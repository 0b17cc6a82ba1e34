-- Games and their append-only event logs. Times are Unix nanoseconds,
-- durations nanoseconds; NULL finished means live. last_seq is the seq of
-- the game's last event: Append's conditional UPDATE of it orders
-- concurrent appends to one game.
CREATE TABLE games (
	id          TEXT    PRIMARY KEY,
	variant     TEXT    NOT NULL,
	start_fen   TEXT    NOT NULL,
	clock_limit BIGINT,
	clock_inc   BIGINT,
	white_token BYTEA,
	white_name  TEXT    NOT NULL DEFAULT '',
	white_addr  TEXT    NOT NULL DEFAULT '',
	black_token BYTEA,
	black_name  TEXT    NOT NULL DEFAULT '',
	black_addr  TEXT    NOT NULL DEFAULT '',
	created     BIGINT  NOT NULL,
	status      TEXT    NOT NULL,
	winner      TEXT    NOT NULL DEFAULT '',
	finished    BIGINT,
	last_seq    BIGINT  NOT NULL DEFAULT 0
);
CREATE INDEX games_created ON games (created DESC, id DESC);
CREATE INDEX games_white_name ON games (white_name, created DESC);
CREATE INDEX games_black_name ON games (black_name, created DESC);
CREATE INDEX games_live ON games (created) WHERE finished IS NULL;

CREATE TABLE events (
	game_id TEXT    NOT NULL REFERENCES games (id),
	seq     INTEGER NOT NULL,
	kind    TEXT    NOT NULL,
	color   INTEGER NOT NULL,
	text    TEXT    NOT NULL,
	wclock  BIGINT  NOT NULL,
	bclock  BIGINT  NOT NULL,
	at      BIGINT,
	PRIMARY KEY (game_id, seq)
);

-- Games and their append-only event logs. Times are Unix nanoseconds,
-- durations nanoseconds; NULL finished means live. A game's last event is
-- MAX(seq) of its events, checked by the single writer before each append.
CREATE TABLE games (
	id          TEXT    PRIMARY KEY,
	variant     TEXT    NOT NULL,
	start_fen   TEXT    NOT NULL,
	clock_limit INTEGER,
	clock_inc   INTEGER,
	white_token BLOB,
	white_name  TEXT    NOT NULL DEFAULT '',
	white_addr  TEXT    NOT NULL DEFAULT '',
	black_token BLOB,
	black_name  TEXT    NOT NULL DEFAULT '',
	black_addr  TEXT    NOT NULL DEFAULT '',
	created     INTEGER NOT NULL,
	status      TEXT    NOT NULL,
	winner      TEXT    NOT NULL DEFAULT '',
	finished    INTEGER
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
	wclock  INTEGER NOT NULL,
	bclock  INTEGER NOT NULL,
	at      INTEGER,
	PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

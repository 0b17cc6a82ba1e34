package store

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"time"

	"golang.org/x/crypto/argon2"
)

// Account is a registered player. Games do not refer to accounts yet:
// a seat is still held by its own token (Seat.TokenHash).
type Account struct {
	ID       string // the username lowercased: unique whatever the case
	Username string // as registered, e.g. "Magnus_C"
	// PasswordHash is HashPassword's encoding (argon2id, salt and
	// parameters included), or "" for an account without a password
	// (one that signs in with tokens only).
	PasswordHash string
	Bot          bool
	Created      time.Time
}

// Token is a personal API token as stored: its SHA-256 hash, never the
// token itself, so a copy of the database signs nobody in.
type Token struct {
	Hash      []byte // HashToken of the token
	AccountID string
	Scopes    []string // e.g. "board:play", "bot:play"
	Created   time.Time
	Expires   time.Time // zero: never
}

// Username rules, lichess's: 2 to 20 letters, digits, '_' and '-'.
const (
	MinUsername = 2
	MaxUsername = 20
)

// CheckUsername returns why name is not a valid username, or nil.
func CheckUsername(name string) error {
	if n := len(name); n < MinUsername || n > MaxUsername {
		return fmt.Errorf("username %q: want %d to %d characters", name, MinUsername, MaxUsername)
	}
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return fmt.Errorf("username %q: only letters, digits, '_' and '-' are allowed", name)
		}
	}
	return nil
}

// AccountID is the id of username: its lowercase form.
func AccountID(username string) string { return strings.ToLower(username) }

// Argon2id parameters of new password hashes: RFC 9106's second
// recommendation (64 MiB, 3 passes) with one lane, as the server's other
// work needs the other cores. Old hashes keep the parameters they were
// made with: they are part of the encoding.
const (
	argonTime    = 3
	argonMemory  = 64 * 1024 // KiB
	argonThreads = 1
	argonKeyLen  = 32
	argonSaltLen = 16
)

// HashPassword returns password's argon2id hash in the PHC string
// format: $argon2id$v=19$m=65536,t=3,p=1$SALT$HASH (unpadded base64).
func HashPassword(password string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("store: password salt: %w", err)
	}
	key := argon2.IDKey([]byte(password), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// maxArgonMemory bounds the memory a stored hash may ask for (1 GiB), so
// that a corrupt or hostile hash cannot exhaust the server.
const maxArgonMemory = 1 << 20

// CheckPassword reports whether password matches encoded, a
// HashPassword result; an encoding it cannot read is an error.
func CheckPassword(encoded, password string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return false, errors.New("store: password hash: not an argon2id PHC string")
	}
	var v int
	var m uint32
	var t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[2], "v=%d", &v); err != nil || v != argon2.Version {
		return false, fmt.Errorf("store: password hash: version %q", parts[2])
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil || m == 0 || t == 0 || p == 0 || m > maxArgonMemory || t > 100 {
		return false, fmt.Errorf("store: password hash: parameters %q", parts[3])
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false, fmt.Errorf("store: password hash: salt: %w", err)
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil || len(want) == 0 || len(want) > 1024 {
		return false, errors.New("store: password hash: bad key")
	}
	got := argon2.IDKey([]byte(password), salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// TokenPrefix starts every personal API token, as "lip_" does on
// lichess: a token is recognisable in logs and by secret scanners.
const TokenPrefix = "lip_"

// tokenChars is the alphabet of tokens (base62), tokenLen their random
// part: 24 characters, 142 bits.
const (
	tokenChars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	tokenLen   = 24
)

// NewToken returns a fresh random personal API token: TokenPrefix and 24
// base62 characters from crypto/rand.
func NewToken() (string, error) {
	b := make([]byte, tokenLen)
	out := make([]byte, 0, len(TokenPrefix)+tokenLen)
	out = append(out, TokenPrefix...)
	for len(out) < cap(out) {
		if _, err := rand.Read(b); err != nil {
			return "", fmt.Errorf("store: token: %w", err)
		}
		for _, c := range b {
			// 248 = 4*62: rejecting the rest keeps every character
			// equally likely.
			if c < 248 && len(out) < cap(out) {
				out = append(out, tokenChars[c%62])
			}
		}
	}
	return string(out), nil
}

// HashToken is the stored form of a token: SHA-256, enough for a secret
// with 142 random bits (no dictionary to try, unlike a password).
func HashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// prepareAccount checks a and fills CreateAccount's defaults.
func prepareAccount(a Account) (Account, error) {
	if err := CheckUsername(a.Username); err != nil {
		return a, fmt.Errorf("store: CreateAccount: %w", err)
	}
	a.ID = AccountID(a.Username)
	if a.Created.IsZero() {
		a.Created = time.Now()
	}
	return a, nil
}

// checkToken checks CreateToken's t.
func checkToken(t Token) error {
	if len(t.Hash) != sha256.Size {
		return fmt.Errorf("store: CreateToken: hash of %d bytes, want %d", len(t.Hash), sha256.Size)
	}
	for _, s := range t.Scopes {
		if s == "" || strings.ContainsAny(s, ", ") {
			return fmt.Errorf("store: CreateToken: bad scope %q", s)
		}
	}
	if t.Created.IsZero() {
		return errors.New("store: CreateToken: zero Created")
	}
	return nil
}

// The account queries, in PostgreSQL's placeholders; SQLite reads them
// with ?N (sqliteQuery).
const (
	qInsertAccount = `INSERT INTO accounts (id, username, password, bot, created) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`
	qAccount       = `SELECT id, username, password, bot, created FROM accounts WHERE id = $1`
	qSetBot        = `UPDATE accounts SET bot = true WHERE id = $1 AND NOT bot`
	qAccountExists = `SELECT EXISTS (SELECT 1 FROM accounts WHERE id = $1)`
	qInsertToken   = `INSERT INTO tokens (hash, account_id, scopes, created, expires)
		SELECT $1, $2, $3, $4, $5 WHERE EXISTS (SELECT 1 FROM accounts WHERE id = $2)
		ON CONFLICT (hash) DO NOTHING`
	qTokenAccount = `SELECT t.account_id, t.scopes, t.created, t.expires,
		a.id, a.username, a.password, a.bot, a.created
		FROM tokens t JOIN accounts a ON a.id = t.account_id
		WHERE t.hash = $1 AND t.revoked IS NULL AND (t.expires IS NULL OR t.expires > $2)`
	qRevokeToken = `UPDATE tokens SET revoked = $2 WHERE hash = $1 AND revoked IS NULL`
)

// sqliteQuery rewrites a query's $N placeholders as SQLite's ?N.
func sqliteQuery(q string) string { return strings.ReplaceAll(q, "$", "?") }

func accountArgs(a Account) []any {
	return []any{a.ID, a.Username, a.PasswordHash, a.Bot, a.Created.UnixNano()}
}

func tokenArgs(t Token) []any {
	return []any{t.Hash, t.AccountID, strings.Join(t.Scopes, ","), t.Created.UnixNano(), nanos(t.Expires)}
}

func scanAccount(r scanner) (Account, error) {
	var a Account
	var created int64
	if err := r.Scan(&a.ID, &a.Username, &a.PasswordHash, &a.Bot, &created); err != nil {
		return Account{}, err
	}
	a.Created = time.Unix(0, created).UTC()
	return a, nil
}

func scanTokenAccount(r scanner, hash []byte) (Token, Account, error) {
	var (
		t                Token
		a                Account
		scopes           string
		created, acreate int64
		expires          sql.NullInt64
	)
	if err := r.Scan(&t.AccountID, &scopes, &created, &expires, &a.ID, &a.Username, &a.PasswordHash, &a.Bot, &acreate); err != nil {
		return Token{}, Account{}, err
	}
	t.Hash = hash
	if scopes != "" {
		t.Scopes = strings.Split(scopes, ",")
	}
	t.Created = time.Unix(0, created).UTC()
	t.Expires = fromNanos(expires)
	a.Created = time.Unix(0, acreate).UTC()
	return t, a, nil
}

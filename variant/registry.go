package variant

import (
	"fmt"
	"strings"
	"sync"
)

// Registry is a set of games looked up by name or alias. The zero value
// is empty and ready to use; Builtin returns one with Baten's games.
// A Registry is safe for concurrent lookups once no more games are
// registered.
type Registry struct {
	list  []*Variant
	byKey map[string]*Variant
}

// normalize is the lookup key of a name: lower case without spaces,
// hyphens and underscores ("Ban-Chess" and "ban chess" are "banchess").
func normalize(name string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '_', '\t':
			return -1
		}
		return r
	}, strings.ToLower(strings.TrimSpace(name)))
}

// Register adds v. Its name, UCI name, PGN name and aliases must not
// collide with any already registered (an error wrapping ErrDuplicate).
func (r *Registry) Register(v *Variant) error {
	if name, other, ok := r.taken(v); ok {
		return fmt.Errorf("%w: %s: the name %s is already taken by %s", ErrDuplicate, v.Name, name, other.Title)
	}
	if r.byKey == nil {
		r.byKey = map[string]*Variant{}
	}
	for _, name := range names(v) {
		if k := normalize(name); k != "" {
			r.byKey[k] = v
		}
	}
	r.list = append(r.list, v)
	return nil
}

// names lists every name v is looked up by: its name, UCI name, PGN name,
// title and aliases, in that order.
func names(v *Variant) []string {
	return append([]string{v.Name, v.UCIName, v.PGNName, v.Title}, v.Aliases...)
}

// taken returns the first of v's names (in the order of names) that a
// game of r already has, and that game. A nil Registry has none.
func (r *Registry) taken(v *Variant) (string, *Variant, bool) {
	if r == nil {
		return "", nil, false
	}
	for _, name := range names(v) {
		if other, ok := r.byKey[normalize(name)]; ok && normalize(name) != "" {
			return name, other, true
		}
	}
	return "", nil, false
}

// Lookup finds a game by its name, title, UCI or PGN name or an alias,
// ignoring case, spaces, hyphens and underscores. An unknown name is an
// error wrapping ErrUnknownVariant that names the games whose names are
// close to it, or says how many there are (Names lists them: a list of
// every game would bury the message once there are dozens).
func (r *Registry) Lookup(name string) (*Variant, error) {
	if v, ok := r.byKey[normalize(name)]; ok {
		return v, nil
	}
	if near := r.near(name); len(near) > 0 {
		return nil, fmt.Errorf("%w %q (did you mean %s?)", ErrUnknownVariant, name, strings.Join(near, " or "))
	}
	return nil, fmt.Errorf("%w %q (none of the %d games known has that name)", ErrUnknownVariant, name, len(r.list))
}

// near returns the canonical names of at most three games one of whose
// names is within a typo or two of name, or starts with it.
func (r *Registry) near(name string) []string {
	key := normalize(name)
	var out []string
	for _, v := range r.list {
		for _, n := range names(v) {
			k := normalize(n)
			if k != "" && (editDistance(key, k) <= max(1, len(key)/4) || len(key) >= 3 && strings.HasPrefix(k, key)) {
				out = append(out, v.Name)
				break
			}
		}
	}
	if len(out) > 3 {
		return nil
	}
	return out
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// All returns the games in the order they were registered.
func (r *Registry) All() []*Variant { return append([]*Variant(nil), r.list...) }

// Default returns the first game registered: the one a record without a
// Variant tag is played in (standard chess among the built-ins).
func (r *Registry) Default() (*Variant, bool) {
	if len(r.list) == 0 {
		return nil, false
	}
	return r.list[0], true
}

// ByPDNGameType returns the game whose PDN GameType number is n.
func (r *Registry) ByPDNGameType(n int) (*Variant, bool) {
	for _, v := range r.list {
		if n != 0 && v.PDNGameType == n {
			return v, true
		}
	}
	return nil, false
}

// Names returns the canonical names in the order of All.
func (r *Registry) Names() []string {
	names := make([]string, len(r.list))
	for i, v := range r.list {
		names[i] = v.Name
	}
	return names
}

// Clone returns a registry with the same games, to which more can be
// added without changing r.
func (r *Registry) Clone() *Registry {
	c := &Registry{list: r.All(), byKey: make(map[string]*Variant, len(r.byKey))}
	for k, v := range r.byKey {
		c.byKey[k] = v
	}
	return c
}

// builtin is built once; it is never changed afterwards (Builtin hands
// out clones), so it is no mutable global state.
var builtin = sync.OnceValue(func() *Registry {
	r := &Registry{}
	for _, v := range builtinGames() {
		v.builtIn = true
		if err := r.Register(v); err != nil {
			panic(err) // a programming error in the built-in table, caught by every test
		}
	}
	return r
})

// Builtin returns a new registry holding Baten's built-in games: chess,
// Chess960, shatranj, Ban-Chess, English draughts and Capablanca chess.
func Builtin() *Registry { return builtin().Clone() }

// Lookup finds a built-in game (see Registry.Lookup).
func Lookup(name string) (*Variant, error) { return builtin().Lookup(name) }

// All returns the built-in games.
func All() []*Variant { return builtin().All() }

// mustNew is New for the built-in table, whose definitions are constants.
func mustNew(d Definition) *Variant {
	v, err := New(d)
	if err != nil {
		panic(err)
	}
	return v
}

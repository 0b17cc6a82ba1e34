// Package ini reads variant definitions in Fairy-Stockfish's variants.ini
// language: sections "[name]" or "[name:parent]", each followed by
// "key = value" lines, with comment lines starting with '#' or ';' and
// blank lines between. It knows the syntax only; which keys mean what is
// package variant's business (variant.LoadINI), which reports a key it
// does not support with the same *Error.
//
// A file that is not well formed gives one *Error naming the line.
// Parse never panics, whatever its input.
package ini

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"
)

// MaxLine is the longest line Parse accepts, in bytes.
const MaxLine = 4096

// Error is a problem in a variants.ini file: the 1-based line, the section
// and key it concerns (empty where none), and what is wrong.
type Error struct {
	Line    int
	Section string
	Key     string
	Msg     string
	// Err is the cause where a caller may branch on it (a name taken:
	// variant.ErrDuplicate); Msg says it in words. Usually nil.
	Err error
}

// Unwrap returns the cause, Err.
func (e *Error) Unwrap() error { return e.Err }

// Error formats the error as
// `line 12: section [grand]: key "promotionRank": not a rank`.
func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "line %d", e.Line)
	if e.Section != "" {
		fmt.Fprintf(&b, ": section [%s]", e.Section)
	}
	if e.Key != "" {
		fmt.Fprintf(&b, ": key %q", e.Key)
	}
	b.WriteString(": " + e.Msg)
	return b.String()
}

// Entry is one "key = value" line.
type Entry struct {
	Key, Value string
	Line       int
}

// Section is one variant: its name, the optional parent it inherits from,
// the line of its header, and its entries in file order.
type Section struct {
	Name, Parent string
	Line         int
	Entries      []Entry
}

// Get returns the value of key and whether the section sets it.
func (s *Section) Get(key string) (Entry, bool) {
	for _, e := range s.Entries {
		if e.Key == key {
			return e, true
		}
	}
	return Entry{}, false
}

// File is a parsed variants.ini file: its sections in order.
type File struct {
	Sections []*Section
}

// Parse reads a variants.ini file. Names and keys are case-sensitive, as
// in Fairy-Stockfish. A key set twice in one section keeps the later
// value (and line), as Fairy-Stockfish does. A section twice, a line that
// is neither header, entry nor comment, text that is not UTF-8 or an
// entry before any header is an *Error naming the line.
func Parse(r io.Reader) (*File, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1024), MaxLine+2)
	f := &File{}
	var cur *Section
	seen := map[string]int{} // a section's line by its name
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\ufeff"))
		if !utf8.ValidString(text) {
			return nil, &Error{Line: line, Section: name(cur), Msg: "not UTF-8 text"}
		}
		switch {
		case text == "" || text[0] == '#' || text[0] == ';':
			continue
		case text[0] == '[':
			s, err := header(text, line)
			if err != nil {
				return nil, err
			}
			if first, dup := seen[s.Name]; dup {
				return nil, &Error{Line: line, Section: s.Name, Msg: fmt.Sprintf("section defined twice (first on line %d)", first)}
			}
			seen[s.Name] = line
			f.Sections = append(f.Sections, s)
			cur = s
		default:
			key, value, ok := strings.Cut(text, "=")
			key, value = strings.TrimSpace(key), strings.TrimSpace(value)
			if !ok || key == "" {
				return nil, &Error{Line: line, Section: name(cur), Msg: fmt.Sprintf("want \"key = value\", a [section] or a comment, found %q", clip(text))}
			}
			if cur == nil {
				return nil, &Error{Line: line, Key: key, Msg: "entry before any [section]"}
			}
			if strings.ContainsAny(key, " \t[]") {
				return nil, &Error{Line: line, Section: cur.Name, Msg: fmt.Sprintf("bad key %q", clip(key))}
			}
			// A key set again replaces the earlier value, as in
			// Fairy-Stockfish (whose own example file does it).
			cur.Entries = slices.DeleteFunc(cur.Entries, func(e Entry) bool { return e.Key == key })
			cur.Entries = append(cur.Entries, Entry{Key: key, Value: value, Line: line})
		}
	}
	if err := sc.Err(); err != nil {
		return nil, &Error{Line: line + 1, Section: name(cur), Msg: err.Error()}
	}
	return f, nil
}

// header reads "[name]" or "[name:parent]".
func header(text string, line int) (*Section, error) {
	if !strings.HasSuffix(text, "]") {
		return nil, &Error{Line: line, Msg: fmt.Sprintf("section header %q lacks its closing ']'", clip(text))}
	}
	inner := text[1 : len(text)-1]
	nm, parent, hasParent := strings.Cut(inner, ":")
	nm, parent = strings.TrimSpace(nm), strings.TrimSpace(parent)
	if !validName(nm) {
		return nil, &Error{Line: line, Msg: fmt.Sprintf("bad section name %q (letters, digits, '-', '_' and '.')", clip(nm))}
	}
	if hasParent && !validName(parent) {
		return nil, &Error{Line: line, Section: nm, Msg: fmt.Sprintf("bad parent name %q", clip(parent))}
	}
	if parent == nm {
		return nil, &Error{Line: line, Section: nm, Msg: "a section cannot be its own parent"}
	}
	return &Section{Name: nm, Parent: parent, Line: line}, nil
}

func validName(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
		default:
			return false
		}
	}
	return true
}

func name(s *Section) string {
	if s == nil {
		return ""
	}
	return s.Name
}

// clip shortens text quoted in an error.
func clip(s string) string {
	if len(s) > 40 {
		s = s[:40]
		for !utf8.ValidString(s) {
			s = s[:len(s)-1]
		}
		return s + "…"
	}
	return s
}

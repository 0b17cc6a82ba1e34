package match

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Option is one UCI option an engine is given ("setoption name N value V").
type Option struct {
	Name, Value string
}

// EngineSpec says how to start and configure one engine.
type EngineSpec struct {
	// Name is the engine's name in records and summaries ("" = the name
	// the engine gives in "id name", or the command's base name).
	Name string
	// Command is the program and its arguments.
	Command []string
	// Dir is the working directory ("" = the runner's).
	Dir string
	// Options are set after the handshake, in order.
	Options []Option
	// Nodes, when not 0, replaces the match's nodes per move for this
	// engine (a handicap match).
	Nodes int64
}

// ErrSpec is wrapped by every error of ParseEngineSpec.
var ErrSpec = errors.New("engine spec")

// ParseEngineSpec reads an engine's description: comma-separated
// key=value fields,
//
//	cmd=/usr/games/stockfish,name=SF-5,option.Skill Level=5,option.Hash=16
//
// with the keys cmd (the command line, required: split at spaces, with
// '…' or "…" quoting an argument that holds spaces), name, dir, nodes (a
// per-engine nodes-per-move limit) and option.NAME (a UCI option; the
// name may hold spaces). A backslash takes the next character literally,
// so "\," is a comma inside a value and "\\" a backslash.
func ParseEngineSpec(text string) (EngineSpec, error) {
	var spec EngineSpec
	fields, err := splitEscaped(text, ',')
	if err != nil {
		return spec, err
	}
	seen := map[string]bool{}
	for _, f := range fields {
		if strings.TrimSpace(f.raw) == "" {
			continue
		}
		key, value, ok := strings.Cut(f.text, "=")
		if !ok {
			return spec, fmt.Errorf("%w: field %q is not key=value", ErrSpec, f.text)
		}
		key = strings.TrimSpace(key)
		if seen[key] {
			return spec, fmt.Errorf("%w: %s given twice", ErrSpec, key)
		}
		seen[key] = true
		switch {
		case key == "cmd":
			args, err := splitCommand(value)
			if err != nil {
				return spec, err
			}
			spec.Command = args
		case key == "name":
			spec.Name = strings.TrimSpace(value)
		case key == "dir":
			spec.Dir = value
		case key == "nodes":
			n, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
			if err != nil || n <= 0 {
				return spec, fmt.Errorf("%w: nodes %q is not a positive number", ErrSpec, value)
			}
			spec.Nodes = n
		case strings.HasPrefix(key, "option."):
			name := strings.TrimSpace(strings.TrimPrefix(key, "option."))
			if name == "" || strings.ContainsAny(name, "\n\r") || strings.ContainsAny(value, "\n\r") {
				return spec, fmt.Errorf("%w: option %q=%q is not one line with a name", ErrSpec, name, value)
			}
			if strings.Contains(" "+name+" ", " value ") {
				return spec, fmt.Errorf("%w: option name %q holds the word value", ErrSpec, name)
			}
			spec.Options = append(spec.Options, Option{Name: name, Value: strings.TrimSpace(value)})
		default:
			return spec, fmt.Errorf("%w: unknown key %q (want cmd, name, dir, nodes or option.NAME)", ErrSpec, key)
		}
	}
	if len(spec.Command) == 0 {
		return spec, fmt.Errorf("%w: %q has no cmd=", ErrSpec, text)
	}
	return spec, nil
}

// field is one comma-separated field as written (raw) and with its
// escapes resolved (text).
type field struct {
	raw, text string
}

// splitEscaped splits text at sep outside backslash escapes.
func splitEscaped(text string, sep byte) ([]field, error) {
	var out []field
	var b strings.Builder
	start := 0
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '\\':
			if i+1 == len(text) {
				return nil, fmt.Errorf("%w: %q ends with a lone backslash", ErrSpec, text)
			}
			i++
			b.WriteByte(text[i])
		case c == sep:
			out = append(out, field{raw: text[start:i], text: b.String()})
			b.Reset()
			start = i + 1
		default:
			b.WriteByte(c)
		}
	}
	return append(out, field{raw: text[start:], text: b.String()}), nil
}

// splitCommand splits a command line at spaces; '…' and "…" quote.
func splitCommand(s string) ([]string, error) {
	var args []string
	var cur strings.Builder
	inArg := false
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			cur.WriteByte(c)
		case c == '\'' || c == '"':
			quote, inArg = c, true
		case c == ' ' || c == '\t':
			if inArg {
				args = append(args, cur.String())
				cur.Reset()
				inArg = false
			}
		default:
			cur.WriteByte(c)
			inArg = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("%w: cmd %q has an unclosed quote", ErrSpec, s)
	}
	if inArg {
		args = append(args, cur.String())
	}
	if len(args) == 0 {
		return nil, fmt.Errorf("%w: cmd is empty", ErrSpec)
	}
	return args, nil
}

package match

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/baten-chess/baten/game"
	"github.com/baten-chess/baten/pgn"
	"github.com/baten-chess/baten/variant"
)

// Opening is where a pair of games starts: a start position and actions
// played from it.
type Opening struct {
	// Label names the opening in records ("line 3", "game 2", "random 7").
	Label string
	// Start is the start position.
	Start variant.Position
	// Moves are played from Start before the engines take over.
	Moves []variant.Action
}

// ErrOpenings is wrapped by every error of ReadOpenings and
// RandomOpenings.
var ErrOpenings = errors.New("openings")

// maxOpeningsBytes bounds an openings file read into memory.
const maxOpeningsBytes = 64 << 20

// ReadOpenings reads the openings of a game of v from a file in one of
// two forms, told apart by the first line that is not blank or a "#"
// comment:
//
//   - PGN (or PDN for draughts) when it starts with "[" or a move number
//     ("1."): the main line of every game is an opening, replayed through
//     game.FromPGN and reg (nil: variant.Builtin); a game without Variant
//     or GameType tag is read as a game of v; a game of another variant
//     is an error;
//   - otherwise EPD or FEN, one position a line ("#" lines and blank
//     lines skipped): the line as a FEN of v (v.FromFEN), or else its
//     first four fields (EPD, whose operations follow) with "0 1" added.
//
// An opening whose position is already decided is an error, as is a file
// without openings.
func ReadOpenings(r io.Reader, v *variant.Variant, reg *variant.Registry) ([]Opening, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxOpeningsBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrOpenings, err)
	}
	if len(data) > maxOpeningsBytes {
		return nil, fmt.Errorf("%w: file larger than %d MB", ErrOpenings, maxOpeningsBytes>>20)
	}
	var out []Opening
	if isPGN(data) {
		out, err = readPGNOpenings(data, v, reg)
	} else {
		out, err = readEPDOpenings(data, v)
	}
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: no openings in the file", ErrOpenings)
	}
	return out, nil
}

// isPGN reports whether the first significant line starts a PGN game.
func isPGN(data []byte) bool {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, len(data)+1)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if line[0] == '[' {
			return true
		}
		num, _, ok := strings.Cut(line, ".")
		_, err := strconv.Atoi(num)
		return ok && err == nil
	}
	return false
}

func readPGNOpenings(data []byte, v *variant.Variant, reg *variant.Registry) ([]Opening, error) {
	if reg == nil {
		reg = variant.Builtin()
	}
	pr := pgn.NewReader(bytes.NewReader(data))
	var out []Opening
	for i := 1; ; i++ {
		pg, err := pr.Next()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%w: game %d: %w", ErrOpenings, i, err)
		}
		if pg.Tags.Get("Variant") == "" && pg.Tags.Get("GameType") == "" {
			pg.Tags.Set("Variant", v.Name)
		}
		// The record's result says how that game ended, not how the
		// opening does: read only the moves.
		pg.Tags.Set("Result", "*")
		pg.Tags.Delete("Termination")
		pg.Result = "*"
		g, err := game.FromPGN(pg, reg)
		if err != nil {
			return nil, fmt.Errorf("%w: game %d: %w", ErrOpenings, i, err)
		}
		if g.Variant().Name != v.Name {
			return nil, fmt.Errorf("%w: game %d is %s, not %s", ErrOpenings, i, g.Variant().Title, v.Title)
		}
		if o, over := g.Outcome(); over {
			return nil, fmt.Errorf("%w: game %d: the opening is already over (%v)", ErrOpenings, i, o)
		}
		out = append(out, Opening{Label: fmt.Sprintf("game %d", i), Start: g.Start(), Moves: g.Moves()})
	}
}

func readEPDOpenings(data []byte, v *variant.Variant) ([]Opening, error) {
	var out []Opening
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, len(data)+1)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := v.FromFEN(line)
		if fields := strings.Fields(line); err != nil && len(fields) >= 4 {
			if q, epdErr := v.FromFEN(strings.Join(fields[:4], " ") + " 0 1"); epdErr == nil {
				p, err = q, nil
			}
		}
		if err != nil {
			return nil, fmt.Errorf("%w: line %d: %w", ErrOpenings, n, err)
		}
		if o, over := game.New(p).Outcome(); over {
			return nil, fmt.Errorf("%w: line %d: the position is already over (%v)", ErrOpenings, n, o)
		}
		out = append(out, Opening{Label: fmt.Sprintf("line %d", n), Start: p})
	}
	return out, nil
}

// RandomOpenings draws n distinct openings of v: plies random legal
// actions (bans count as plies in Ban-Chess) from the standard start — from
// a random member of the first start set in games that start at random
// (Chess960's 960 arrays) — with a generator seeded by seed, so the same
// arguments give the same openings. Openings with a capture (an "x" in
// the human notation of one of their actions), or that end the game, are
// drawn again, so that both sides keep their material, as are openings
// where the side to act can win at once (a mate in one left by random
// moves: both colours would play the same game); two openings reaching
// the same position (FEN) count once.
func RandomOpenings(v *variant.Variant, n, plies int, seed uint64) ([]Opening, error) {
	if n <= 0 || plies < 0 {
		return nil, fmt.Errorf("%w: want a positive count and plies ≥ 0, got %d and %d", ErrOpenings, n, plies)
	}
	rng := rand.New(rand.NewPCG(seed, 0x6261746e))
	seen := map[string]bool{}
	var out []Opening
	for attempt := 0; len(out) < n; attempt++ {
		if attempt >= 1000*n {
			return out, fmt.Errorf("%w: found only %d distinct openings of %d plies in %d attempts", ErrOpenings, len(out), plies, attempt)
		}
		start := v.Start()
		if v.RandomStart && len(v.Starts) > 0 && v.Starts[0].Count > 0 {
			set := v.Starts[0]
			p, err := v.StartFrom(set.Name, strconv.Itoa(set.First+rng.IntN(set.Count)))
			if err != nil {
				return nil, fmt.Errorf("%w: %w", ErrOpenings, err)
			}
			start = p
		}
		g := game.New(start)
		ok := true
		for range plies {
			legal := g.Position().Legal()
			if len(legal) == 0 {
				ok = false
				break
			}
			a := legal[rng.IntN(len(legal))]
			if strings.Contains(g.Position().Format(a, variant.Human), "x") {
				ok = false
				break
			}
			if err := g.Play(a); err != nil {
				return nil, fmt.Errorf("%w: %w", ErrOpenings, err)
			}
			if _, over := g.Outcome(); over {
				ok = false
				break
			}
		}
		if !ok || seen[g.Position().FEN()] || winsAtOnce(g.Position()) {
			continue
		}
		seen[g.Position().FEN()] = true
		out = append(out, Opening{Label: fmt.Sprintf("random %d", len(out)+1), Start: start, Moves: g.Moves()})
	}
	return out, nil
}

// winsAtOnce reports whether some legal action of p ends the game with a
// win for the side that plays it.
func winsAtOnce(p variant.Position) bool {
	for _, a := range p.Legal() {
		next, err := p.Play(a)
		if err != nil {
			continue
		}
		if o, over := next.Outcome(); over && !o.Draw && o.Winner == p.Turn() {
			return true
		}
	}
	return false
}

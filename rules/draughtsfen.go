package rules

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/baten-chess/baten/geom"
)

// Numbered lists the playable (dark) squares in PDN order: square 1 first.
// Numbering starts at the top rank, left to right, then goes down the
// board, so on 8×8 square 1 is b8, 5 is a7 and 32 is g1.
func Numbered(size geom.Size) []geom.Square {
	var out []geom.Square
	for rank := size.H - 1; rank >= 0; rank-- {
		for file := 0; file < size.W; file++ {
			if sq := (geom.Square{File: file, Rank: rank}); sq.Color() == geom.Dark {
				out = append(out, sq)
			}
		}
	}
	return out
}

// parseDraughtsFEN reads the PDN form "B:W21,22,K30:B1-12": the side to
// move, then each side's squares (either order), K marking kings and
// a-b marking ranges. A bare number is the variant's first kind, K the kind
// lettered K. A trailing "." is allowed.
func parseDraughtsFEN(v *Variant, fen string) (*Position, error) {
	text := strings.TrimSuffix(strings.TrimSpace(fen), ".")
	fields := strings.Split(text, ":")
	if len(fields) != 3 {
		return nil, fenErr("FEN", fen, "want side:pieces:pieces")
	}
	p := newPosition(v)
	side := slices.Index(v.SideLetters[:], strings.TrimSpace(fields[0]))
	if side < 0 {
		return nil, fenErr("side to move", fields[0], "want %q or %q", v.SideLetters[0], v.SideLetters[1])
	}
	p.turn = Player(side)
	numbered := Numbered(v.Size)
	kingID, hasKing := v.KindByLetter('K')
	var errs []error
	seenSide := [2]bool{}
	for _, field := range fields[1:] {
		field = strings.TrimSpace(field)
		if field == "" {
			return nil, fenErr("pieces", field, "empty")
		}
		owner := slices.Index(v.SideLetters[:], field[:1])
		if owner < 0 || seenSide[owner] {
			return nil, fenErr("pieces", field, "must start with %q or %q, once each", v.SideLetters[0], v.SideLetters[1])
		}
		seenSide[owner] = true
		list := field[1:]
		if list == "" {
			continue
		}
		for _, item := range strings.Split(list, ",") {
			kind := KindID(1)
			if strings.HasPrefix(item, "K") {
				if !hasKing {
					errs = append(errs, fenErr("pieces", item, "%s has no kings", v.Name))
					continue
				}
				kind, item = kingID, item[1:]
			}
			lo, hi, err := squareRange(item, len(numbered))
			if err != nil {
				errs = append(errs, err)
				continue
			}
			for n := lo; n <= hi; n++ {
				sq := numbered[n-1]
				if !p.board.At(sq).Empty() {
					errs = append(errs, fenErr("pieces", item, "square %d given twice", n))
				}
				p.board.Set(sq, Piece{Kind: kind, Owner: Player(owner)})
			}
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return p, nil
}

// squareRange reads "n" or "a-b" with 1 ≤ a ≤ b ≤ count.
func squareRange(item string, count int) (int, int, error) {
	a, b, isRange := strings.Cut(item, "-")
	lo, err1 := strconv.Atoi(a)
	hi := lo
	var err2 error
	if isRange {
		hi, err2 = strconv.Atoi(b)
	}
	if err1 != nil || err2 != nil || lo < 1 || hi > count || lo > hi {
		return 0, 0, fenErr("pieces", item, "not a square 1-%d or a range of them", count)
	}
	return lo, hi, nil
}

// draughtsFEN prints the PDN form, first player's side letter section
// after the second's as PDN writers usually do ("B:W21,...:B1,...").
func (p *Position) draughtsFEN() string {
	var b strings.Builder
	b.WriteString(p.v.SideLetters[p.turn])
	numbered := Numbered(p.v.Size)
	for _, owner := range []Player{Second, First} {
		b.WriteString(":" + p.v.SideLetters[owner])
		first := true
		for i, sq := range numbered {
			pc := p.board.At(sq)
			if pc.Empty() || pc.Owner != owner {
				continue
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			if pc.Kind != 1 {
				b.WriteByte(p.v.Kind(pc.Kind).Letter)
			}
			fmt.Fprintf(&b, "%d", i+1)
		}
	}
	return b.String()
}

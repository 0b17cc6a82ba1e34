package variant

import (
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"slices"
	"strings"
	"sync"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/wxf"
)

// FromRules returns the Variant of a game defined as data for package
// rules, played by its reference generator: desc names it (Name, Title,
// aliases, UCI and PGN names, end rules) and def gives the rules. Size
// and Rules are taken from def; a draughts-like game (def.FEN is
// rules.DraughtsFEN) is of the PDN family, with Black moving first.
// This is how Capablanca chess is built in, and how a game defined in a
// file or a test joins a Registry without code anywhere else.
func FromRules(desc Variant, def *rules.Variant) (*Variant, error) {
	if _, err := rules.Start(def); err != nil {
		return nil, fmt.Errorf("variant %s: start position: %w", desc.Name, err)
	}
	desc.Size = def.Size
	desc.Rules = func() *rules.Variant { return def }
	// The fast generator counts perft where it handles every rule of the
	// game (ErrUnsupported otherwise: the reference generator counts). Its
	// tables are built on first use, so that a registry of many games
	// costs nothing until one is counted.
	fast := sync.OnceValue(func() *fairy.Rules {
		r, err := fairy.Compile(def)
		if err != nil {
			return nil
		}
		return r
	})
	if def.FEN == rules.DraughtsFEN {
		desc.Family = PDN
		if desc.RulesMoveText == nil {
			desc.RulesMoveText = pdnText(def.Size)
		}
	}
	return New(Definition{
		Variant: desc,
		Start: func(v *Variant) Position {
			p, _ := rules.Start(def) // checked above
			return newRulesPosition(v, p, fast)
		},
		FromFEN: func(v *Variant, fen string) (Position, error) {
			p, err := rules.ParseFEN(def, fen)
			if err != nil {
				return nil, err
			}
			return newRulesPosition(v, p, fast), nil
		},
	})
}

// rulesPosition adapts a position of package rules' reference generator:
// slow, but it plays any game defined as data.
type rulesPosition struct {
	v       *Variant
	p       *rules.Position // never changed: Play returns a new one
	moves   []rules.Move
	texts   []string // machine text of moves[i]
	outcome rules.Outcome
	over    bool
	fast    func() *fairy.Rules // the game's fast generator, nil if it has none
}

// rulesAction is the native value of a reference move: its machine text,
// unique among the legal moves.
type rulesAction string

func newRulesPosition(v *Variant, p *rules.Position, fast func() *fairy.Rules) rulesPosition {
	r := rulesPosition{v: v, p: p, moves: legalMoves(p, fast), fast: fast}
	r.texts = make([]string, len(r.moves))
	for i, m := range r.moves {
		r.texts[i] = v.SpecMoveText(p, m)
	}
	// The outcome, computed once: with moves left only the bare-king,
	// extinction and counting rules can end the game, and
	// rules.Position.Outcome would list them again.
	if len(r.moves) == 0 || p.Variant().BareKing || p.Variant().Extinction != nil || p.CountingExpired() {
		r.outcome, r.over = p.Outcome()
	}
	return r
}

// legalMoves lists p's legal moves. Where the game has a fast generator,
// it says which of the reference generator's pseudo-legal moves are
// legal: testing each for check in package rules costs most of a move
// played through this adapter (about 5x).
func legalMoves(p *rules.Position, fast func() *fairy.Rules) []rules.Move {
	r := fast()
	if r == nil {
		return p.LegalMoves()
	}
	fp, err := r.FromRules(p)
	if err != nil {
		return p.LegalMoves()
	}
	var ml fairy.MoveList
	fp.LegalMoves(&ml)
	legal := make(map[string]bool, ml.N)
	for _, m := range ml.Slice() {
		legal[fp.MoveText(m)] = true
	}
	moves := make([]rules.Move, 0, ml.N)
	for _, m := range p.PseudoLegalMoves() {
		if legal[p.MoveText(m)] {
			moves = append(moves, m)
		}
	}
	return moves
}

// Move returns the reference generator's move of a legal action, for code
// that looks into it (the engine's capture ordering).
func (r rulesPosition) Move(a Action) (rules.Move, bool) {
	i := r.index(a)
	if i < 0 {
		return rules.Move{}, false
	}
	return r.moves[i], true
}

// Rules returns the reference generator's position.
func (r rulesPosition) Rules() *rules.Position { return r.p }

func (r rulesPosition) Variant() *Variant { return r.v }

func (r rulesPosition) color(pl rules.Player) Color {
	c := Color(pl)
	if r.v.Family == PDN {
		c = c.Other() // the first player is Black
	}
	return c
}

func (r rulesPosition) Turn() Color   { return r.color(r.p.Turn()) }
func (r rulesPosition) InCheck() bool { return r.p.InCheck() }
func (r rulesPosition) FEN() string   { return r.p.FEN() }

var rulesSeed = maphash.MakeSeed()

// Key hashes the FEN without its move counters, and without the en
// passant square unless an en passant capture is legal: positions differ
// for repetition only in what the player may do (FIDE 9.2.3).
func (r rulesPosition) Key() uint64 {
	fen := r.p.FEN()
	if r.p.Variant().FEN == rules.ChessFEN {
		if f := strings.Fields(fen); len(f) >= 4 {
			if !slices.ContainsFunc(r.moves, func(m rules.Move) bool { return m.EnPassant }) {
				f[3] = "-"
			}
			fen = strings.Join(f[:4], " ")
		}
	}
	return maphash.String(rulesSeed, fen)
}

func (r rulesPosition) Legal() []Action {
	out := make([]Action, len(r.moves))
	for i, t := range r.texts {
		out[i] = Action{native: rulesAction(t), text: t}
	}
	return out
}

func (r rulesPosition) index(a Action) int {
	t, ok := a.native.(rulesAction)
	if !ok {
		return -1
	}
	for i, text := range r.texts {
		if text == string(t) {
			return i
		}
	}
	return -1
}

func (r rulesPosition) Play(a Action) (Position, error) {
	i := r.index(a)
	if i < 0 {
		return nil, illegal(r, a)
	}
	return newRulesPosition(r.v, r.p.PlayLegal(r.moves[i]), r.fast), nil
}

// Parse reads the machine notation or SAN (with or without check marks
// and capture signs, O-O or 0-0).
func (r rulesPosition) Parse(text string) (Action, error) {
	t := strings.TrimSpace(text)
	if t == "0000" { // family: move rules: a pass, as UCI writes the null move
		t = "--"
	}
	for _, m := range r.texts {
		if m == t {
			return Action{native: rulesAction(m), text: m}, nil
		}
	}
	if m, ok := promotionStem(r.texts, t); ok { // Fairy-Stockfish's text: Baten's older e5e6 for e5e6m
		return Action{native: rulesAction(m), text: m}, nil
	}
	if m, ok := r.piecePromotion(t); ok { // Fairy-Stockfish's text: Baten's older a9a10e for a9a10+
		return Action{native: rulesAction(m), text: m}, nil
	}
	if r.v.HumanNotation == WXF {
		m, err := wxf.Parse(r.p, t)
		if errors.Is(err, wxf.ErrAmbiguous) {
			return Action{}, fmt.Errorf("%w: %w", ErrIllegal, err)
		}
		if err == nil {
			text := r.v.SpecMoveText(r.p, m)
			return Action{native: rulesAction(text), text: text}, nil
		}
	}
	want := sanKey(t)
	if want == "" {
		return Action{}, fmt.Errorf("%w: empty move", ErrIllegal)
	}
	found := -1
	for i, m := range r.moves {
		if sanKey(r.san(m, false)) == want {
			if found >= 0 {
				return Action{}, fmt.Errorf("%w: %q is ambiguous", ErrIllegal, text)
			}
			found = i
		}
	}
	if found < 0 {
		return Action{}, fmt.Errorf("%w: %q is not a legal move in %s", ErrIllegal, text, r.p.FEN())
	}
	return Action{native: rulesAction(r.texts[found]), text: r.texts[found]}, nil
}

// promotionStem finds the one legal move whose text is t and a promotion
// letter: the text Baten wrote before it wrote, as Fairy-Stockfish does, the
// letter of a promotion without a choice (makruk's e5e6, now e5e6m).
func promotionStem(texts []string, t string) (string, bool) {
	found := ""
	for _, m := range texts {
		if len(m) == len(t)+1 && strings.HasPrefix(m, t) && m[len(t)] >= 'a' && m[len(t)] <= 'z' {
			if found != "" {
				return "", false
			}
			found = m
		}
	}
	return found, found != ""
}

// piecePromotion finds the legal move written t with its "+" (a piece
// promotion, as Fairy-Stockfish writes it) in place of the letter of the
// kind it promotes to: wolf's a9a10e, now a9a10+.
func (r rulesPosition) piecePromotion(t string) (string, bool) {
	n := len(t)
	if n < 2 || t[n-1] < 'a' || t[n-1] > 'z' {
		return "", false
	}
	for i, m := range r.texts {
		if promo := r.moves[i].Promotion; m == t[:n-1]+"+" && promo != 0 && r.p.Variant().Kind(promo).Letter == t[n-1]-'a'+'A' {
			return m, true
		}
	}
	return "", false
}

// sanKey is SAN without what players often leave out or add: check and
// mate marks, annotation glyphs, capture signs, "=" before a promotion;
// a pawn drop written without its "P" (@e4).
func sanKey(s string) string {
	s = strings.ReplaceAll(s, "0", "O")
	if strings.HasPrefix(s, "@") { // family: drops
		s = "P" + s
	}
	return strings.Map(func(r rune) rune {
		switch r {
		case '+', '#', '!', '?', 'x', '=', ':':
			return -1
		}
		return r
	}, s)
}

func (r rulesPosition) Format(a Action, n Notation) string {
	i := r.index(a)
	if i < 0 || n == Machine || r.v.Family == PDN || wallOrMove(r.p.Variant()) { // walling: see wallOrMove
		return a.text
	}
	if r.v.HumanNotation == WXF {
		return wxf.Format(r.p, r.moves[i])
	}
	return r.san(r.moves[i], true)
}

// wallOrMove reports a game whose side moves or puts a wall
// (Walling.OrMove): its records keep the machine text, for SAN has no
// form for a wall put instead of a move.
func wallOrMove(v *rules.Variant) bool { return v.Walling != nil && v.Walling.OrMove }

// isPawn reports a kind written without a letter in SAN.
func isPawn(k *rules.PieceKind) bool { return k.EnPassant || k.Name == "pawn" }

// san writes m in standard algebraic notation with the game's piece
// letters: castling O-O (towards the higher files) or O-O-O, the piece
// letter, the origin file or rank or both where another piece of that
// kind could reach the same square, x for a capture, =X for a promotion,
// and with marks + or # for check and checkmate.
func (r rulesPosition) san(m rules.Move, marks bool) string {
	var b strings.Builder
	switch {
	case m.Pass: // family: move rules
		b.WriteString("--")
	case m.Drop != 0: // family: drops: as Fairy-Stockfish and lichess write one, P@e4
		b.WriteString(r.p.MoveText(m))
	case m.Castle && m.RookFrom.File > m.From.File:
		b.WriteString("O-O")
	case m.Castle:
		b.WriteString("O-O-O")
	default:
		piece := r.p.At(m.From)
		kind := r.p.Variant().Kind(piece.Kind)
		capture := len(m.Captures) > 0
		if isPawn(kind) {
			if capture {
				b.WriteString(geom.FileName(m.From.File))
			} else {
				// Pawns that also move backwards (pawnback) may reach one
				// square from two: Fairy-Stockfish then writes the rank (3h4).
				b.WriteString(r.disambiguation(m))
			}
		} else {
			b.WriteByte(kind.Letter)
			b.WriteString(r.disambiguation(m))
		}
		if capture {
			b.WriteByte('x')
		}
		b.WriteString(m.To.String())
		if m.Promotion != 0 {
			b.WriteByte('=')
			b.WriteByte(r.p.Variant().Kind(m.Promotion).Letter)
		}
	}
	if m.Walled { // walling: the wall's square after the move, as Fairy-Stockfish writes it (e4,d5)
		b.WriteByte(',')
		b.WriteString(m.Wall.String())
	}
	if marks {
		if next := r.p.PlayLegal(m); next.InCheck() { // m is one of r.moves: no need to list the moves again
			if len(next.LegalMoves()) == 0 && (next.Variant().CheckCounting == nil || next.Checkmated()) { // check counting: "#" for mate only
				b.WriteByte('#')
			} else {
				b.WriteByte('+')
			}
		}
	}
	return b.String()
}

func (r rulesPosition) disambiguation(m rules.Move) string {
	kind := r.p.At(m.From).Kind
	sameFile, sameRank, others := false, false, false
	for _, o := range r.moves {
		if o.Castle || o.Drop != 0 || o.To != m.To || o.From == m.From || r.p.At(o.From).Kind != kind { // family: drops: a drop is never the other piece
			continue
		}
		others = true
		sameFile = sameFile || o.From.File == m.From.File
		sameRank = sameRank || o.From.Rank == m.From.Rank
	}
	switch {
	case !others:
		return ""
	case !sameFile:
		return geom.FileName(m.From.File)
	case !sameRank:
		return fmt.Sprint(m.From.Rank + 1)
	}
	return m.From.String()
}

func (r rulesPosition) Outcome() (Outcome, bool) {
	o, over := r.outcome, r.over
	if !over {
		return Outcome{}, false
	}
	out := Outcome{Draw: o.Draw, Winner: r.color(o.Winner)}
	switch o.Reason {
	case rules.Checkmate:
		out.Reason = Checkmate
	case rules.Stalemate:
		out.Reason = Stalemate
	case rules.BareKing:
		out.Reason = BareKing
	case rules.NoPieces:
		out.Reason = NoPieces
	case rules.CountingLimit:
		out.Reason = CountingRule
	case rules.Extinction:
		out.Reason = Extinction
	case rules.ChecksGiven: // check counting
		out.Reason = ChecksGiven
	case rules.FlagReached: // flag family
		out.Reason = FlagReached
	case rules.NoMovesWin, rules.PieceCount: // family: antichess
		out.Reason = antichessReason(o.Reason)
	case rules.Connection: // family: connection
		out.Reason = connectReason(r.p.Variant().Connect)
	case rules.KingExploded: // family: atomic
		out.Reason = KingExploded
	case rules.CastlingWon, rules.CastlingLost, rules.Material, rules.KnightMate, rules.NoShak, rules.DoublePass: // family: move rules
		out.Reason = moveRulesReason(o.Reason)
	case rules.Bikjang: // family: palaces
		out.Reason = Bikjang
	default:
		out.Reason = NoMoves
	}
	return out, true
}

func (r rulesPosition) MoveRuleCount() int { return r.p.Halfmove() }

// Perft counts with the fast generator of package fairy where the game
// has one, else with the reference generator.
func (r rulesPosition) Perft(ctx context.Context, depth, threads int) (uint64, error) {
	if fp, ok := r.fastPosition(); ok {
		return fp.PerftParallel(ctx, depth, max(threads, 1))
	}
	if depth <= 1 || threads <= 1 {
		return referencePerft(ctx, r.p, depth)
	}
	return SumDivision(r.Divide(ctx, depth, threads))
}

// referencePerft is rules.Position.Perft that stops soon after ctx ends
// (the reference generator is slow: janggi's tree of 4 plies takes it
// some seconds), with ctx's error.
func referencePerft(ctx context.Context, p *rules.Position, depth int) (uint64, error) {
	if depth <= 2 {
		return p.Perft(depth), ctx.Err()
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	var n uint64
	for _, m := range p.LegalMoves() {
		c, err := referencePerft(ctx, p.PlayLegal(m), depth-1)
		n += c
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// Divide names each root move in the game's machine notation.
func (r rulesPosition) Divide(ctx context.Context, depth, threads int) ([]Division, error) {
	if fp, ok := r.fastPosition(); ok {
		var ml fairy.MoveList
		fp.LegalMoves(&ml)
		moves := ml.Slice()
		machine := make(map[string]string, len(r.moves))
		for i, m := range r.moves {
			machine[r.p.MoveText(m)] = r.texts[i]
		}
		return DivideParallel(ctx, len(moves), threads, func(i int) Division {
			next := fp
			next.Play(moves[i])
			n, _ := next.PerftParallel(ctx, depth-1, 1) // DivideParallel reports ctx's end
			return Division{machine[fp.MoveText(moves[i])], n}
		})
	}
	return DivideParallel(ctx, len(r.moves), threads, func(i int) Division {
		n, _ := referencePerft(ctx, r.p.PlayLegal(r.moves[i]), depth-1) // DivideParallel reports ctx's end
		return Division{r.texts[i], n}
	})
}

// fastPosition is the position in the fast generator, if the game has one.
func (r rulesPosition) fastPosition() (fairy.Position, bool) {
	fast := r.fast()
	if fast == nil {
		return fairy.Position{}, false
	}
	fp, err := fast.FromRules(r.p)
	return fp, err == nil
}

package variant

import (
	_ "embed"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/kinematics"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant/ini"
)

//go:embed fairy.ini
var fairyINI string

// Fairy returns the built-in fairy variants defined as data in the
// embedded file fairy.ini (Capablanca, Gothic, Janus, Embassy, Chancellor,
// Almost, No-castling, Knightmate, Makruk, ASEAN, Cambodian, Los Alamos,
// Gardner, Courier, Grand and Shako chess as Fairy-Stockfish 11.1 plays
// them; King of the Hill, Racing Kings, Breakthrough and Jeson Mor as
// Fairy-Stockfish HEAD does), read by the same parser as a user's file and played by the
// reference generator of package rules. They are not registered anywhere.
func Fairy() ([]*Variant, error) {
	return LoadINI(strings.NewReader(fairyINI), "fairy.ini", nil)
}

// LoadINI reads variants defined in Fairy-Stockfish's variants.ini
// language and returns one game per section, in file order, each played
// by the reference generator of package rules (see FromRules). name names
// the input in errors. A section "[child:parent]" inherits from an
// earlier section of the file or, failing that, from a game of base (nil
// for none) that has rules as data; a section without a parent starts
// from Fairy-Stockfish's template: chess rules with no pieces.
//
// A file that is not well formed (see ini.Parse) is one error and no
// games. Otherwise every section is tried: the games of those that load
// are returned, and if any does not, with them a *LoadError listing each
// section that does not, in file order, each wrapping an *ini.Error that
// names the line, the section and the key: a key this loader does not
// support, a bad value, an unknown parent or one that did not load, a
// Betza string kinematics cannot read, a board over 16×16, a start
// position that does not fit the rules, a name (in any spelling) that a
// game of base or an earlier section has (then also wrapping
// ErrDuplicate).
func LoadINI(r io.Reader, name string, base *Registry) ([]*Variant, error) {
	f, err := ini.Parse(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	done := map[string]*fairyConfig{}
	failed := map[string]int{} // the header line of each section that did not load
	var out []*Variant
	var bad []error
	file := &Registry{}                     // the file's games so far, whose names are taken too
	sections := map[*Variant]*ini.Section{} // the section of each
	for _, s := range f.Sections {
		v, err := loadSection(s, done, failed, base, file, sections)
		if err != nil {
			failed[s.Name] = s.Line
			bad = append(bad, fmt.Errorf("%s: %w", name, err))
			continue
		}
		out = append(out, v)
	}
	if bad != nil {
		return out, &LoadError{Name: name, Sections: bad}
	}
	return out, nil
}

// loadSection builds one section's game and registers it in file.
func loadSection(s *ini.Section, done map[string]*fairyConfig, failed map[string]int, base, file *Registry, sections map[*Variant]*ini.Section) (*Variant, error) {
	if line, ok := failed[s.Parent]; ok && done[s.Parent] == nil {
		return nil, &ini.Error{Line: s.Line, Section: s.Name, Msg: fmt.Sprintf("parent [%s] (line %d) did not load", s.Parent, line)}
	}
	cfg, err := sectionConfig(s, done, base)
	if err != nil {
		return nil, err
	}
	v, err := cfg.build(s)
	if err != nil {
		return nil, err
	}
	if err := nameFree(s, v, base, file, sections); err != nil {
		return nil, err
	}
	if err := file.Register(v); err != nil {
		return nil, err // cannot happen: nameFree checked file
	}
	sections[v] = s
	done[s.Name] = cfg
	return v, nil
}

// LoadError is the error of a variants.ini file some of whose sections
// did not load (the others did; LoadINI returns their games with it).
type LoadError struct {
	Name     string  // the file, as LoadINI was told
	Sections []error // one per section that did not load, in file order, each wrapping an *ini.Error
}

// Error lists the sections that did not load, one a line.
func (e *LoadError) Error() string {
	if len(e.Sections) == 1 {
		return e.Sections[0].Error()
	}
	msgs := make([]string, len(e.Sections))
	for i, s := range e.Sections {
		msgs[i] = s.Error()
	}
	return fmt.Sprintf("%d sections of %s did not load:\n%s", len(e.Sections), e.Name, strings.Join(msgs, "\n"))
}

// Unwrap returns each section's error, for errors.Is and errors.As.
func (e *LoadError) Unwrap() []error { return e.Sections }

// nameFree refuses a section whose game v would share a name with a game
// of base or of file, the games of the earlier sections (sections holds
// each one's section): Register would refuse it later, without the line.
func nameFree(s *ini.Section, v *Variant, base, file *Registry, sections map[*Variant]*ini.Section) error {
	name, other, ok := base.taken(v)
	by := ""
	switch {
	case ok && other.builtIn:
		by = "the built-in game " + other.Title
	case ok:
		by = "the game " + other.Title
	default:
		if name, other, ok = file.taken(v); !ok {
			return nil
		}
		by = fmt.Sprintf("section [%s] on line %d", sections[other].Name, sections[other].Line)
	}
	msg := fmt.Sprintf("the name %s is already taken by %s", name, by)
	if name != normalize(name) {
		msg += " (names are compared ignoring case, spaces, hyphens and underscores)"
	}
	return &ini.Error{Line: s.Line, Section: s.Name, Msg: msg, Err: ErrDuplicate}
}

// fairyPiece is one piece type of a configuration.
type fairyPiece struct {
	name   string // Fairy-Stockfish's name: "pawn", "customPiece1"
	letter byte   // upper case
	move   kinematics.Movement
	ep     kinematics.EnPassant // where its Betza text had e (en passant captures)
}

// fairyConfig is a section's settings, Fairy-Stockfish's Variant struct
// in small. Pieces are referred to by name, so that a child section may
// change a letter without breaking its parent's references.
type fairyConfig struct {
	pieces           []fairyPiece
	maxFile, maxRank int
	startFEN         string
	promotionRank    int // relative; 0: the last rank
	promotionTypes   []string
	promotionLimit   map[string]int
	mandatoryPawn    bool
	promoted         map[string]string // promotedPieceType
	mandatoryPiece   bool
	doubleStep       bool
	doubleStepRank   int
	doubleStepMin    int
	castling         bool
	kingsideFile     int
	queensideFile    int
	castlingRank     int
	castlingKing     string
	castlingRook     string
	kingMove         kinematics.Movement // kingType, nil: the king's own
	checking         bool
	checkmate        string // loss, win or draw
	stalemate        string // draw, loss or win
	extinctionValue  string // none, loss, win or draw
	extinctionTypes  []string
	extinctionAll    bool // "*": all of a side's pieces together
	extinctionClaim  bool
	extinctionCount  int
	extinctionOpp    int
	epRegion         []geom.Square // nil: every square
	nMoveRule        int
	nFoldRule        int
	nFoldValue       string
	nFoldAbsolute    bool
	gating, cambodia bool
	counting         string       // countingRule: none, makruk or asean
	colour           colourConfig // per-colour and pawn-role keys (fairy_colour.go)
	checkCounting    bool         // check counting (fairy_checks.go)

	flag flagConfig      // flag family
	anti antichessConfig // family: antichess (mustCapture, stalematePieceCount)

	connect connectConfig   // family: connection
	atom    blastConfig     // family: atomic (fairy_blast.go)
	moves   moveRulesConfig // family: move rules (fairy_moverules.go)
	wall    wallConfig      // walling (fairy_wall.go)
	eps     epConfig        // en passant squares (fairy_epsquares.go)

	royal   royalConfig   // family: royal guards (fairy_royal.go)
	petrify petrifyConfig // family: petrify (fairy_petrify.go)

	chess960 bool // family: chess960 (fairy_chess960.go)

	palace   palaceConfig // family: palaces (fairy_palace.go)
	kingType string       // kingType's piece type, "" for the king's own

	drop dropConfig // family: drops (fairy_drops.go)
}

// fairyTemplate is Fairy-Stockfish's template for a section without a
// parent: standard chess rules, but no pieces and no promotion choices.
func fairyTemplate() *fairyConfig {
	return &fairyConfig{
		maxFile: 8, maxRank: 8,
		startFEN:       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		mandatoryPawn:  true,
		doubleStep:     true,
		doubleStepRank: 2, doubleStepMin: 2,
		castling:     true,
		kingsideFile: 6, queensideFile: 2, castlingRank: 1,
		castlingKing: "king", castlingRook: "rook",
		checking:        true,
		checkmate:       "loss",
		stalemate:       "draw",
		extinctionValue: "none",
		nMoveRule:       50,
		counting:        "none",
		nFoldRule:       3,
		nFoldValue:      "draw",
		palace:          palaceConfig{soldierRank: 1}, // family: palaces
		drop:            dropDefaults(),               // family: drops
	}
}

func (c *fairyConfig) clone() *fairyConfig {
	d := *c
	d.pieces = slices.Clone(c.pieces)
	d.promotionTypes = slices.Clone(c.promotionTypes)
	d.promotionLimit = cloneMap(c.promotionLimit)
	d.promoted = cloneMap(c.promoted)
	d.extinctionTypes = slices.Clone(c.extinctionTypes)
	d.epRegion = slices.Clone(c.epRegion)
	d.colour = c.colour.clone() // per-colour keys
	return &d
}

func cloneMap[V any](m map[string]V) map[string]V {
	if m == nil {
		return nil
	}
	out := make(map[string]V, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func (c *fairyConfig) piece(name string) *fairyPiece {
	for i := range c.pieces {
		if c.pieces[i].name == name {
			return &c.pieces[i]
		}
	}
	return nil
}

func (c *fairyConfig) byLetter(l byte) *fairyPiece {
	l = upper(l)
	for i := range c.pieces {
		if c.pieces[i].letter == l {
			return &c.pieces[i]
		}
	}
	return nil
}

func upper(l byte) byte {
	if l >= 'a' && l <= 'z' {
		return l - 'a' + 'A'
	}
	return l
}

// errAt makes the error of an entry.
func errAt(s *ini.Section, e ini.Entry, format string, args ...any) error {
	return &ini.Error{Line: e.Line, Section: s.Name, Key: e.Key, Msg: fmt.Sprintf(format, args...)}
}

// sectionConfig applies a section's entries to its parent's settings.
func sectionConfig(s *ini.Section, done map[string]*fairyConfig, base *Registry) (*fairyConfig, error) {
	var cfg *fairyConfig
	switch {
	case s.Parent == "":
		cfg = fairyTemplate()
	case done[s.Parent] != nil:
		cfg = done[s.Parent].clone()
	default:
		var err error
		if cfg, err = registryParent(s, base); err != nil {
			return nil, err
		}
	}
	// Pieces first, as Fairy-Stockfish does: the other keys name pieces
	// by the letters this section gives them. Removals ("pawn = -") go
	// before definitions, so that a piece may take the letter of one the
	// section removes, wherever the removal stands.
	here := map[string]bool{} // the pieces this section defines
	for _, e := range s.Entries {
		if isPieceKey(e.Key) && e.Value != "-" {
			here[e.Key] = true
		}
	}
	for _, removal := range []bool{true, false} {
		for _, e := range s.Entries {
			if (e.Value == "-") != removal {
				continue
			}
			if err := cfg.applyPiece(s, e, here); err != nil {
				return nil, err
			}
		}
	}
	// Then the deprecated keys, which Fairy-Stockfish's parser also reads
	// before the current ones: an extinction key of the section overrides
	// what bareKingValue set.
	for _, e := range s.Entries {
		if err := cfg.applyDeprecated(s, e); err != nil {
			return nil, err
		}
	}
	for _, e := range s.Entries {
		if isPieceKey(e.Key) || isDeprecatedKey(e.Key) || isColourKey(e.Key) {
			continue
		}
		if err := cfg.apply(s, e); err != nil {
			return nil, err
		}
	}
	for _, e := range s.Entries { // per-colour keys last (fairy_colour.go)
		if isColourKey(e.Key) {
			if err := cfg.applyColour(s, e); err != nil {
				return nil, err
			}
		}
	}
	return cfg, nil
}

// isDeprecatedKey reports a key of older Fairy-Stockfish versions that
// this loader maps onto current ones.
func isDeprecatedKey(key string) bool { return key == "bareKingValue" || key == "bareKingMove" }

// applyDeprecated maps the bare-king keys of Fairy-Stockfish before
// version 11 onto the extinction rule, as Fairy-Stockfish rewrote its own
// shatranj when it replaced them: bareKingValue = v is extinctionValue = v
// with extinctionPieceTypes = *, extinctionPieceCount = 1 and
// extinctionOpponentPieceCount = 2 (a side left with its king alone,
// while the opponent has more); bareKingMove = b is extinctionClaim = b
// (the bared side may still move, to bare the other king back).
func (c *fairyConfig) applyDeprecated(s *ini.Section, e ini.Entry) error {
	switch e.Key {
	case "bareKingValue":
		if !slices.Contains([]string{"none", "loss", "win", "draw"}, e.Value) {
			return errAt(s, e, "want none, loss, win or draw, found %q", e.Value)
		}
		c.extinctionValue = e.Value
		c.extinctionTypes, c.extinctionAll = nil, true
		c.extinctionCount, c.extinctionOpp = 1, 2
	case "bareKingMove":
		b, err := parseBool(e.Value)
		if err != nil {
			return errAt(s, e, "%v", err)
		}
		c.extinctionClaim = b
	}
	return nil
}

// registryParent converts a game of base with rules as data into settings.
func registryParent(s *ini.Section, base *Registry) (*fairyConfig, error) {
	fail := func(msg string) error {
		return &ini.Error{Line: s.Line, Section: s.Name, Msg: msg}
	}
	if base == nil {
		return nil, fail(fmt.Sprintf("unknown parent %q: no earlier section has that name", s.Parent))
	}
	g, err := base.Lookup(s.Parent)
	if err != nil {
		return nil, fail(fmt.Sprintf("unknown parent %q: neither an earlier section nor a registered game", s.Parent))
	}
	if g.ini != nil { // family: palaces: a game of a variants.ini file, xiangqi's mobility regions and all
		return g.ini.clone(), nil
	}
	if g.Rules == nil {
		return nil, fail(fmt.Sprintf("parent %q has no rules as data to inherit", s.Parent))
	}
	rv := g.Rules()
	if rv.FEN != rules.ChessFEN || rv.JumpChains || rv.Gates { // family: antichess: mandatory capture is inherited
		return nil, fail(fmt.Sprintf("parent %q is not a chess-like game this loader can extend", s.Parent))
	}
	if rv.Colours != nil { // per-colour rules
		return nil, fail(fmt.Sprintf("parent %q has rules that differ between the colours, which this loader cannot extend yet", s.Parent))
	}
	cfg := fairyTemplate()
	cfg.maxFile, cfg.maxRank = rv.Size.W, rv.Size.H
	cfg.startFEN = rv.Start
	cfg.castling = rv.Castling != nil
	cfg.doubleStep = false
	for _, k := range rv.Pieces {
		name := k.Name
		switch {
		case k.Royal:
			name = "king"
		case k.EnPassant || k.Promotion != nil:
			name = "pawn"
		}
		if cfg.piece(name) != nil {
			return nil, fail(fmt.Sprintf("parent %q has two kinds this loader would both call %q", s.Parent, name))
		}
		cfg.pieces = append(cfg.pieces, fairyPiece{name: name, letter: k.Letter, move: slices.Clone(k.Movement)})
		if name == "pawn" {
			cfg.pieces[len(cfg.pieces)-1].move = slices.DeleteFunc(slices.Clone(k.Movement), func(c kinematics.Component) bool {
				return c.Mods&kinematics.Initial != 0
			})
			cfg.doubleStep = k.InitialRank > 0
			if k.InitialRank > 0 {
				cfg.doubleStepRank, cfg.doubleStepMin = k.InitialRank, k.InitialRank
				if k.InitialRankMin > 0 {
					cfg.doubleStepMin = k.InitialRankMin
				}
			}
			if p := k.Promotion; p != nil && len(p.Ranks) > 0 {
				cfg.promotionRank = slices.Min(p.Ranks)
				cfg.colour.promoRegion = parentZones(rv, p.Ranks) // per-colour rules: the parent's squares, as Fairy-Stockfish keeps them
				cfg.mandatoryPawn = !p.Optional
				for i := 0; i < len(p.To); i++ {
					cfg.promotionTypes = append(cfg.promotionTypes, string(p.To[i])) // resolved below
				}
			}
		}
	}
	// Promotion letters to names.
	for i, l := range cfg.promotionTypes {
		if p := cfg.byLetter(l[0]); p != nil {
			cfg.promotionTypes[i] = p.name
		}
	}
	if c := rv.Castling; c != nil {
		cfg.queensideFile, cfg.kingsideFile = c.KingTo[rules.ASide], c.KingTo[rules.HSide]
		if c.Rank > 1 {
			cfg.castlingRank = c.Rank
		}
		if p := cfg.byLetter(c.King); p != nil {
			cfg.castlingKing = p.name
		}
		if p := cfg.byLetter(c.Rook); p != nil {
			cfg.castlingRook = p.name
		}
		cfg.colour.rooks = cfg.rooksFrom(c.Rooks) // castling rooks
		cfg.chess960 = c.Chess960                 // family: chess960
	}
	switch rv.NoMoves {
	case rules.NoMovesLoses:
		cfg.stalemate = "loss"
	case rules.NoMovesWins:
		cfg.stalemate = "win"
	}
	cfg.checkmate = valueName(rv.CheckmateValue)
	cfg.checking = !rv.NoChecking
	cfg.epRegion = slices.Clone(rv.EnPassantRegion)
	if rv.BareKing {
		cfg.extinctionValue, cfg.extinctionAll, cfg.extinctionClaim = "loss", true, true
		cfg.extinctionCount, cfg.extinctionOpp = 1, 2
	}
	if rv.Counting != nil {
		cfg.counting = countingNames[rv.Counting.Rule]
	}
	cfg.checkCounting = rv.CheckCounting != nil // check counting
	cfg.flag = flagFromRules(cfg, rv.Flag)      // flag family
	cfg.anti = antichessFrom(rv)                // family: antichess
	cfg.connect = connectFrom(cfg, rv.Connect)  // family: connection
	cfg.atom = blastFrom(cfg, rv.Capture)       // family: atomic
	cfg.moves = moveRulesFrom(rv)               // family: move rules
	cfg.wall = wallFrom(rv)                     // walling
	cfg.royal = royalFrom(g)                    // family: royal guards
	cfg.petrify = petrifyFrom(cfg, rv.Petrify)  // family: petrify
	cfg.palace = palaceFrom(rv)                 // family: palaces
	cfg.drop = dropsFrom(cfg, rv)               // family: drops
	if kingSteps(rv) {
		cfg.kingType = "wazir" // family: palaces: the lines read the king's type
	}
	if e := rv.Extinction; e != nil {
		cfg.extinctionValue, cfg.extinctionAll, cfg.extinctionClaim = valueName(e.Value), e.All, e.Claim
		cfg.extinctionCount, cfg.extinctionOpp = e.Count, e.OpponentCount
		for i := 0; i < len(e.Kinds); i++ {
			if p := cfg.byLetter(e.Kinds[i]); p != nil {
				cfg.extinctionTypes = append(cfg.extinctionTypes, p.name)
			}
		}
	}
	return cfg, nil
}

// isPieceKey reports a key that defines a piece type.
func isPieceKey(key string) bool {
	if _, ok := customSlot(key); ok {
		return true
	}
	for _, p := range fairyPredefined {
		if p.name == key {
			return true
		}
	}
	return false
}

// customSlot reads "customPieceN", N in 1..25.
func customSlot(key string) (int, bool) {
	n, ok := strings.CutPrefix(key, "customPiece")
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(n)
	if err != nil || i < 1 || i > 25 || strconv.Itoa(i) != n {
		return 0, false
	}
	return i, true
}

// applyPiece handles "name = l", "name = -", "name = l:Betza" and
// "customPieceN = l:Betza". A letter that an inherited piece has passes
// to the new piece and the old one is gone, as in Fairy-Stockfish ("pawn =
// -" is optional before "customPiece1 = p:…"); two pieces the section
// itself defines (here) with one letter are an error, since one of them
// would vanish.
func (c *fairyConfig) applyPiece(s *ini.Section, e ini.Entry, here map[string]bool) error {
	if !isPieceKey(e.Key) {
		return nil
	}
	_, custom := customSlot(e.Key)
	v := e.Value
	if v == "-" {
		c.pieces = slices.DeleteFunc(c.pieces, func(p fairyPiece) bool { return p.name == e.Key })
		return nil
	}
	if v == "" || !isLetter(v[0]) || (len(v) > 1 && v[1] != ':') {
		return errAt(s, e, "want a piece letter (%q, or %q with Betza, or \"-\" to remove it), found %q", "x", "x:Betza", v)
	}
	letter := upper(v[0])
	var move kinematics.Movement
	var ep kinematics.EnPassant
	switch {
	case len(v) > 1:
		m, mep, err := kinematics.ParseBetzaEnPassant(v[2:])
		if err != nil {
			return errAt(s, e, "bad Betza %q: %v", v[2:], err)
		}
		move, ep = m, mep
	case custom:
		return errAt(s, e, "a custom piece needs its movement: %q", string(v[0])+":Betza")
	default:
		m, _, err := predefinedMovement(e.Key)
		if err != nil {
			return errAt(s, e, "the %s's movement: %v", e.Key, err)
		}
		move = m
	}
	if other := c.byLetter(letter); other != nil && other.name != e.Key {
		if here[other.name] {
			return errAt(s, e, "letter %q is already the %s's", string(v[0]), other.name)
		}
		name := other.name
		c.pieces = slices.DeleteFunc(c.pieces, func(p fairyPiece) bool { return p.name == name })
	}
	if p := c.piece(e.Key); p != nil {
		p.letter, p.move, p.ep = letter, move, ep
		return nil
	}
	c.pieces = append(c.pieces, fairyPiece{name: e.Key, letter: letter, move: move, ep: ep})
	return nil
}

func isLetter(b byte) bool { return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') }

// apply sets one non-piece key.
func (c *fairyConfig) apply(s *ini.Section, e ini.Entry) error {
	v := e.Value
	var err error
	switch e.Key {
	case "maxFile":
		c.maxFile, err = parseFile(v)
	case "maxRank":
		c.maxRank, err = parseRank(v)
	case "startFen":
		c.startFEN = withSide(v) // a placement alone: xhess (fairy_colour.go)
	case "promotionRank":
		c.promotionRank, err = parseRank(v)
		c.colour.promoRegion = [2][]geom.Square{} // per-colour keys
	case "promotionPieceTypes":
		c.promotionTypes, err = c.pieceSet(v)
		c.colour.promoTypes = [2][]string{} // per-colour keys
	case "promotionLimit":
		c.promotionLimit, err = c.pieceCounts(v)
	case "mandatoryPawnPromotion":
		c.mandatoryPawn, err = parseBool(v)
	case "promotedPieceType":
		c.promoted, err = c.piecePairs(v)
	case "mandatoryPiecePromotion":
		c.mandatoryPiece, err = parseBool(v)
	case "doubleStep":
		c.doubleStep, err = parseBool(v)
	case "doubleStepRank":
		c.doubleStepRank, err = parseRank(v)
		c.colour.dsRegion = [2][]geom.Square{} // per-colour keys
	case "doubleStepRankMin":
		c.doubleStepMin, err = parseRank(v)
		c.colour.dsRegion = [2][]geom.Square{} // per-colour keys
	case "castling":
		c.castling, err = parseBool(v)
	case "castlingKingsideFile":
		c.kingsideFile, err = parseFile(v)
		c.kingsideFile--
	case "castlingQueensideFile":
		c.queensideFile, err = parseFile(v)
		c.queensideFile--
	case "castlingRank":
		c.castlingRank, err = parseRank(v)
	case "castlingKingPiece":
		c.castlingKing, err = c.pieceName(v)
	case "castlingRookPiece":
		c.castlingRook, err = c.pieceName(v)
		c.colour.rooks = [2][]string{} // per-colour keys
	case "kingType":
		c.kingType = v
		var name string
		if name, err = c.pieceName(v); err == nil {
			c.kingMove = slices.Clone(c.piece(name).move)
		} else if m, ok, perr := predefinedMovement(v); ok && perr == nil {
			c.kingMove, err = m, nil
		}
	case "checking":
		c.checking, err = parseBool(v)
	case "chess960":
		c.chess960, err = parseBool(v) // family: chess960
	case "immobilityIllegal": // pieces and keys: false is Baten's rule (clobber sets it)
		err = onlyValue(v, "false", "moves and drops to a square the piece could not leave illegal")
	case "checkmateValue":
		c.checkmate, err = parseValue(v, "loss", "win", "draw")
	case "stalemateValue":
		c.stalemate, err = parseValue(v, "draw", "loss", "win")
	case "extinctionValue":
		c.extinctionValue, err = parseValue(v, "none", "loss", "win", "draw")
	case "extinctionPieceTypes":
		c.extinctionTypes, c.extinctionAll, err = c.extinctionSet(v)
	case "enPassantRegion":
		c.epRegion, err = parseRegion(v)
		c.colour.epRegion = [2][]geom.Square{} // per-colour keys
	case "extinctionClaim":
		c.extinctionClaim, err = parseBool(v)
	case "extinctionPieceCount":
		c.extinctionCount, err = parseCount(v)
	case "extinctionOpponentPieceCount":
		c.extinctionOpp, err = parseCount(v)
	case "nMoveRule":
		c.nMoveRule, err = parseCount(v)
	case "nFoldRule":
		if c.nFoldRule, err = parseCount(v); err == nil && c.nFoldRule == 1 {
			err = fmt.Errorf("want 0 (no repetition rule) or a count of 2 or more, found %q", v)
		}
	case "nFoldValue":
		c.nFoldValue, err = parseValue(v, "draw", "loss", "win")
	case "nFoldValueAbsolute":
		c.nFoldAbsolute, err = parseBool(v)
	case "countingRule":
		if _, ok := countingRules[v]; !ok {
			return errAt(s, e, "want makruk, asean or none, found %q", v)
		}
		c.counting = v
	case "checkCounting":
		err = c.applyChecks(v)
	case "flagPiece", "flagPieceWhite", "flagPieceBlack", "flagRegion", "flagRegionWhite", "flagRegionBlack", "whiteFlag", "blackFlag", "flagPieceCount", "flagPieceBlockedWin", "flagMove", "flagPieceSafe": // flag family
		err = c.applyFlag(s, e.Key, v)
	case "gating":
		c.gating, err = parseBool(v)
	case "cambodianMoves":
		c.cambodia, err = parseBool(v)
	default:
		if isAntichessKey(e.Key) { // family: antichess
			err = c.anti.apply(e.Key, v)
			break
		}
		if isConnectKey(e.Key) { // family: connection
			err = c.applyConnect(e.Key, v)
			break
		}
		if isBlastKey(e.Key) { // family: atomic
			err = c.applyBlast(e.Key, v)
			break
		}
		if isRoyalKey(e.Key) { // family: royal guards
			err = c.royal.apply(e.Key, v)
			break
		}
		if isPetrifyKey(e.Key) { // family: petrify
			err = c.applyPetrify(e.Key, v)
			break
		}
		if isDropKey(e.Key) { // family: drops
			err = c.applyDrops(e.Key, v)
			break
		}
		if isPalaceKey(e.Key) { // family: palaces
			err = c.applyPalace(e.Key, v)
			break
		}
		if isMoveRuleKey(e.Key) { // family: move rules
			err = c.moves.apply(s.Name, e.Key, v)
			break
		}
		if isWallKey(e.Key) { // walling
			err = c.wall.apply(e.Key, v)
			break
		}
		if ok, err := c.applyShared(e.Key, v); ok { // pawn-role keys (fairy_colour.go)
			if err != nil {
				return errAt(s, e, "%v", err)
			}
			return nil
		}
		switch k, ok := lookupKey(e.Key); { // the key table (fairy_keys.go)
		case ok && k.Status == KeyIgnored:
			return nil
		case ok && k.Status == KeyNotYet:
			return errAt(s, e, "not supported yet: %s", k.Family)
		}
		return errAt(s, e, "unknown or unsupported key")
	}
	if err != nil {
		return errAt(s, e, "%v", err)
	}
	return nil
}

// parseValue reads a game-end value, one of those allowed.
func parseValue(v string, allowed ...string) (string, error) {
	if slices.Contains(allowed, v) {
		return v, nil
	}
	return "", fmt.Errorf("want %s or %s, found %q", strings.Join(allowed[:len(allowed)-1], ", "), allowed[len(allowed)-1], v)
}

// valueName is the variants.ini word for a rules.Value.
func valueName(v rules.Value) string {
	switch v {
	case rules.ValueWin:
		return "win"
	case rules.ValueDraw:
		return "draw"
	}
	return "loss"
}

// ruleValue is the rules.Value of a variants.ini word (loss, win, draw).
func ruleValue(v string) rules.Value {
	switch v {
	case "win":
		return rules.ValueWin
	case "draw":
		return rules.ValueDraw
	}
	return rules.ValueLoss
}

// extinctionSet reads extinctionPieceTypes: piece letters, "*" for all
// pieces together, "-" for none.
func (c *fairyConfig) extinctionSet(v string) ([]string, bool, error) {
	all := strings.Contains(v, "*")
	if all {
		v = strings.ReplaceAll(v, "*", "")
		if strings.TrimSpace(v) == "" {
			return nil, true, nil
		}
	}
	names, err := c.pieceSet(v)
	return names, all, err
}

// parseRegion reads a square set as Fairy-Stockfish writes one: tokens
// separated by spaces, each a square ("e3"), a whole file ("e*") or a
// whole rank ("*3"); "-" is the empty set (and ends the list, as in
// Fairy-Stockfish). Files a..p and ranks 1..16 are accepted; squares off
// the variant's board are kept and never used.
func parseRegion(v string) ([]geom.Square, error) {
	out := []geom.Square{} // not nil: an empty region allows no square
	add := func(sq geom.Square) {
		if !slices.Contains(out, sq) {
			out = append(out, sq)
		}
	}
	for _, tok := range strings.Fields(v) {
		if tok == "-" {
			break
		}
		tok = strings.ToLower(tok[:1]) + tok[1:] // files may be capitals, as in Fairy-Stockfish
		bad := fmt.Errorf("want squares (e3), files (e*) or ranks (*3), found %q", tok)
		switch {
		case len(tok) == 2 && tok[1] == '*':
			f, err := parseFile(tok[:1])
			if err != nil || !isLetter(tok[0]) {
				return nil, bad
			}
			for r := 0; r < geom.MaxSide; r++ {
				add(geom.Square{File: f - 1, Rank: r})
			}
		case tok[0] == '*':
			r, err := parseRank(tok[1:])
			if err != nil {
				return nil, bad
			}
			for f := 0; f < geom.MaxSide; f++ {
				add(geom.Square{File: f, Rank: r - 1})
			}
		default:
			f, ferr := parseFile(tok[:1])
			r, rerr := parseRank(tok[1:])
			if ferr != nil || rerr != nil || !isLetter(tok[0]) {
				return nil, bad
			}
			add(geom.Square{File: f - 1, Rank: r - 1})
		}
	}
	return out, nil
}

func onlyValue(v, want, what string) error {
	if v == want {
		return nil
	}
	return fmt.Errorf("not supported yet: %s (only %q is)", what, want)
}

func parseBool(v string) (bool, error) {
	switch v {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, fmt.Errorf("want true or false, found %q", v)
}

func parseCount(v string) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > 1_000_000 {
		return 0, fmt.Errorf("want a count, found %q", v)
	}
	return n, nil
}

// parseRank reads a rank 1..16.
func parseRank(v string) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > geom.MaxSide {
		return 0, fmt.Errorf("want a rank 1..%d, found %q", geom.MaxSide, v)
	}
	return n, nil
}

// parseFile reads a file as a number 1..16 or a letter a..p, 1-based.
func parseFile(v string) (int, error) {
	if len(v) == 1 && v[0] >= 'a' && v[0] < 'a'+geom.MaxSide {
		return int(v[0]-'a') + 1, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > geom.MaxSide {
		return 0, fmt.Errorf("want a file a..%c or 1..%d, found %q", 'a'+geom.MaxSide-1, geom.MaxSide, v)
	}
	return n, nil
}

// pieceName resolves one piece letter (or "-" for none) to its name.
func (c *fairyConfig) pieceName(v string) (string, error) {
	if len(v) != 1 || !isLetter(v[0]) {
		return "", fmt.Errorf("want one piece letter, found %q", v)
	}
	p := c.byLetter(v[0])
	if p == nil {
		return "", fmt.Errorf("no piece has the letter %q", v)
	}
	return p.name, nil
}

// pieceSet resolves letters ("nbrq", "-" for none) to names.
func (c *fairyConfig) pieceSet(v string) ([]string, error) {
	if v == "-" {
		return []string{}, nil
	}
	var out []string
	for i := 0; i < len(v); i++ {
		if v[i] == ' ' {
			continue
		}
		name, err := c.pieceName(v[i : i+1])
		if err != nil {
			return nil, err
		}
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out, nil
}

// pieceCounts reads "q:1 r:2".
func (c *fairyConfig) pieceCounts(v string) (map[string]int, error) {
	out := map[string]int{}
	for _, f := range strings.Fields(v) {
		l, n, ok := strings.Cut(f, ":")
		if !ok {
			return nil, fmt.Errorf("want letter:count pairs, found %q", f)
		}
		name, err := c.pieceName(l)
		if err != nil {
			return nil, err
		}
		if out[name], err = parseCount(n); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// piecePairs reads "p:g s:g" ("x:-" for none).
func (c *fairyConfig) piecePairs(v string) (map[string]string, error) {
	out := map[string]string{}
	for _, f := range strings.Fields(v) {
		from, to, ok := strings.Cut(f, ":")
		if !ok {
			return nil, fmt.Errorf("want letter:letter pairs, found %q", f)
		}
		a, err := c.pieceName(from)
		if err != nil {
			return nil, err
		}
		if to == "-" {
			out[a] = ""
			continue
		}
		b, err := c.pieceName(to)
		if err != nil {
			return nil, err
		}
		out[a] = b
	}
	return out, nil
}

// countingRules are the values of countingRule, Fairy-Stockfish 11.1's.
var countingRules = map[string]rules.CountingRule{
	"none": rules.NoCounting, "makruk": rules.MakrukCounting, "asean": rules.ASEANCounting,
}

// countingNames is countingRules backwards.
var countingNames = map[rules.CountingRule]string{
	rules.NoCounting: "none", rules.MakrukCounting: "makruk", rules.ASEANCounting: "asean",
}

// letters lists the letters of the named pieces the section has.
func (c *fairyConfig) letters(names ...string) string {
	var b []byte
	for _, n := range names {
		if p := c.piece(n); p != nil {
			b = append(b, p.letter)
		}
	}
	return string(b)
}

// header is the error of a section as a whole.
func header(s *ini.Section, format string, args ...any) error {
	return &ini.Error{Line: s.Line, Section: s.Name, Msg: fmt.Sprintf(format, args...)}
}

// keyErr names the key that set a value, or the section header when the
// value was inherited.
func keyErr(s *ini.Section, key, format string, args ...any) error {
	if e, ok := s.Get(key); ok {
		return errAt(s, e, format, args...)
	}
	return header(s, format, args...)
}

// start is the section's start position as Fairy-Stockfish reads it: in
// a game without castling (or gates) the castling field is ignored, as
// sections that turn castling off keep "KQkq" there (forward,
// antiantichess).
func (c *fairyConfig) start(def *rules.Variant) string {
	fen := rules.FSFFEN(def, c.startFEN) // its fields read by their form (connection: loader fixes)
	f := strings.Fields(fen)
	if c.castling || c.gating || len(f) < 4 || strings.Trim(f[2], "0123456789") == "" {
		return fen
	}
	f[2] = "-"
	return strings.Join(f, " ")
}

// build turns the settings into a rules.Variant and the game.
func (c *fairyConfig) build(s *ini.Section) (*Variant, error) {
	size := geom.Size{W: c.maxFile, H: c.maxRank}
	if !size.Valid() {
		return nil, header(s, "board %dx%d is not within 1x1..16x16", c.maxFile, c.maxRank)
	}
	// A game without a royal piece is accepted as Fairy-Stockfish accepts
	// it: it ends by its other rules (no moves, flags, connection, the
	// move and repetition rules), as nim, tuktuk and lewthwaite do.
	extinction := c.extinctionValue != "none" && (c.extinctionAll || len(c.extinctionTypes) > 0)
	def := &rules.Variant{
		Name: s.Name, Size: size, Forward: [2]int{1, -1},
		FEN: rules.ChessFEN, SideLetters: [2]string{"w", "b"},
		CheckmateValue: ruleValue(c.checkmate), NoChecking: !c.checking,
	}
	var err error
	if def.Flag, err = c.flagRule(s); err != nil { // flag family
		return nil, err
	}
	switch c.stalemate {
	case "loss":
		def.NoMoves = rules.NoMovesLoses
	case "win":
		def.NoMoves = rules.NoMovesWins
	}
	switch {
	case !extinction:
	case c.piece("king") != nil && c.extinctionValue == "loss" && c.extinctionAll && len(c.extinctionTypes) == 0 &&
		c.extinctionCount == 1 && c.extinctionOpp == 2 && c.extinctionClaim:
		// The shatranj rule: a bare king loses. With one king a side, its
		// count of all pieces is the extinction rule's exactly.
		def.BareKing = true
	default:
		e := &rules.ExtinctionRule{Value: ruleValue(c.extinctionValue), All: c.extinctionAll,
			Count: c.extinctionCount, OpponentCount: c.extinctionOpp, Claim: c.extinctionClaim}
		for _, name := range c.extinctionTypes {
			if p := c.piece(name); p != nil {
				e.Kinds += string(p.letter)
			}
		}
		def.Extinction = e
	}
	zone := func(first int) []int {
		var r []int
		for i := first; i <= size.H; i++ {
			r = append(r, i)
		}
		return r
	}
	promoRank := c.promotionRank
	if promoRank == 0 {
		promoRank = size.H
	}
	if promoRank > size.H && (!c.anyPromotes() || c.colour.promoRegion[0] != nil || c.colour.promoRegion[1] != nil) {
		promoRank = size.H // unused: nothing promotes, or the regions say where (fairy_colour.go)
	}
	if promoRank > size.H {
		return nil, keyErr(s, "promotionRank", "promotion rank %d is beyond the board's %d ranks", promoRank, size.H)
	}
	roles, err := c.pawnRoles(s, size, zone(promoRank)) // per-colour keys (fairy_colour.go)
	if err != nil {
		return nil, err
	}
	def.EnPassantRegion = roles.epRegion
	c.eps.initial = nil           // en passant squares: found as the pieces are built
	var sides [][2]rules.SideKind // per-colour rules
	for _, p := range c.pieces {
		k := rules.PieceKind{Name: p.name, Letter: p.letter, Movement: slices.Clone(p.move)}
		switch p.name {
		case "king":
			k.Royal = true
			if c.kingMove != nil {
				k.Movement = slices.Clone(c.kingMove)
			}
			if c.cambodia {
				// The king's first move may be a knight's leap to the
				// rank ahead, not out of check, never a capture.
				k.GateMovement = comps(dl(-2, 1, 2, 1), kinematics.Leap, fwd|mOnl)
				k.GateNotInCheck = true
			}
		case "fers", "met":
			if c.cambodia {
				// The Neang's first move may be a leap two squares straight
				// ahead to an empty square (Fairy-Stockfish 11.1 let it
				// capture; today's does not).
				k.GateMovement = comps(dl(0, 2), kinematics.Leap, fwd|mOnl)
			}
		case "rook":
			// A rook aimed at the unmoved king takes its leap away.
			k.ClosesRoyalGate = c.cambodia
		}
		side, err := c.pieceSides(s, p, &k, &roles, size) // per-colour rules (fairy_colour.go)
		if err != nil {
			return nil, err
		}
		sides = append(sides, side)
		def.Pieces = append(def.Pieces, k)
	}
	def.Colours = roles.colourRules(sides) // per-colour rules
	def.EPSquares = c.epSquaresRule(size)  // en passant squares
	def.EPUse = c.epUseRule(&roles)        // family: fen en passant
	if rule := countingRules[c.counting]; rule != rules.NoCounting {
		// Fairy-Stockfish counts piece types; khon and silver are one
		// type there, and so are met and fers.
		def.Counting = &rules.Counting{Rule: rule,
			Pawn: c.letters("pawn"), Rook: c.letters("rook"), Khon: c.letters("khon", "silver"),
			Knight: c.letters("knight"), Met: c.letters("met", "fers")}
	}
	if c.cambodia {
		if !c.gating {
			return nil, keyErr(s, "cambodianMoves", "cambodianMoves needs gating = true")
		}
		def.Gates = true
	} else if c.gating {
		return nil, keyErr(s, "gating", "not supported yet: gating other than Cambodian chess's (cambodianMoves)")
	}
	if c.castling && !c.gating {
		king, rook := c.piece(c.castlingKing), c.piece(roles.rook)
		if king != nil && rook != nil {
			kf, qf := c.kingsideFile, c.queensideFile
			fits := kf >= 1 && kf < size.W && qf >= 1 && qf < size.W-1 && c.castlingRank <= size.H
			// family: atomic (6x6atom): files off the board without rights in the start: no castling, as in Fairy-Stockfish
			if f := strings.Fields(c.startFEN); !fits && len(f) >= 3 && f[2] != "-" {
				return nil, keyErr(s, "castlingKingsideFile", "castling files %c and %c do not fit the board", 'a'+qf, 'a'+kf)
			} else if fits {
				def.Castling = &rules.Castling{
					King: king.letter, Rook: rook.letter,
					KingTo: [2]int{qf, kf}, RookTo: [2]int{qf + 1, kf - 1},
					Rank: c.castlingRank,
				}
				def.Castling.Rooks = c.castlingRookLetters(roles.rooks) // castling rooks
			}
		}
	}
	def.Connect = c.connectRule()                // family: connection
	def.Start = c.start(def)                     // once the counting rule, which reads the FEN, is set
	c.buildChecks(def)                           // check counting
	c.wall.build(def)                            // walling
	if err := c.anti.build(s, def); err != nil { // family: antichess
		return nil, err
	}
	c.buildBlast(def)                                // family: atomic
	if err := c.moves.build(s, c, def); err != nil { // family: move rules
		return nil, err
	}
	if err := c.royal.build(s, def); err != nil { // family: royal guards
		return nil, err
	}
	if err := c.buildPetrify(s, def); err != nil { // family: petrify
		return nil, err
	}
	c.buildPalace(def)                           // family: palaces
	c.buildBikjang(def)                          // family: palaces
	c.buildChase(def)                            // family: palaces
	if err := c.buildDrops(s, def); err != nil { // family: drops
		return nil, err
	}
	desc := fairyDescriptor(s.Name)
	desc.RulesMoveText = kingMoveCastling
	desc.MoveRule, desc.MoveRuleReason = 2*c.nMoveRule, FiftyMoves
	if c.nMoveRule == 0 {
		desc.MoveRule = math.MaxInt32 // no move rule
	}
	if c.nFoldRule != 3 || c.nFoldValue != "draw" {
		// Threefold repetition drawn is the default rule (a claim); any
		// other ends the game by itself.
		r := &RepetitionRule{Count: c.nFoldRule, Absolute: c.nFoldAbsolute}
		switch c.nFoldValue {
		case "win":
			r.Value = 1
		case "loss":
			r.Value = -1
		}
		desc.Repetition = r
	}
	if desc.Repetition, err = c.moves.repetition(s, desc.Repetition, c.nFoldRule); err != nil { // family: move rules
		return nil, err
	}
	desc.Repetition = c.royal.repetition(desc.Repetition, c.nFoldRule) // family: royal guards
	desc.Repetition = c.chaseRepetition(desc.Repetition, c.nFoldRule)  // family: palaces
	c.buildChess960(&desc, def)                                        // family: chess960
	v, err := FromRules(desc, def)
	if err != nil {
		return nil, keyErr(s, "startFen", "%v", err)
	}
	v.ini = c // family: palaces
	return v, nil
}

// fairyNames are the titles and PGN Variant tags (as pychess-variants
// writes them) of the variants Baten ships in fairy.ini; other sections
// get their name, capitalised, for both.
var fairyNames = map[string][2]string{
	"capablanca": {"Capablanca chess", "Capablanca"},
	"gothic":     {"Gothic chess", "Gothic"},
	"janus":      {"Janus chess", "Janus"},
	"embassy":    {"Embassy chess", "Embassy"},
	"chancellor": {"Chancellor chess", "Chancellor"},
	"almost":     {"Almost chess", "Almost"},
	"nocastle":   {"No-castling chess", "Nocastle"},
	"knightmate": {"Knightmate", "Knightmate"},
	"makruk":     {"Makruk", "Makruk"},
	"asean":      {"ASEAN chess", "Asean"},
	"cambodian":  {"Ouk Chatrang (Cambodian chess)", "Cambodian"},
	"losalamos":  {"Los Alamos chess", "Losalamos"},
	"gardner":    {"Gardner minichess", "Gardner"},
	"courier":    {"Courier chess", "Courier"},
	"grand":      {"Grand chess", "Grand"},
	"shako":      {"Shako", "Shako"},
	"3check":     {"Three-check", "Three-check"}, // check counting
	"5check":     {"Five-check", "5check"},
	"karouk":     {"Kar Ouk", "Karouk"},
	// flag family
	"kingofthehill": {"King of the Hill", "King of the Hill"},
	"racingkings":   {"Racing Kings", "Racing Kings"},
	"breakthrough":  {"Breakthrough", "Breakthrough"},
	"jesonmor":      {"Jeson Mor", "Jesonmor"},
	// family: antichess
	"giveaway": {"Giveaway", "Giveaway"}, "antichess": {"Antichess", "Antichess"}, "suicide": {"Suicide chess", "Suicide"},
	"codrus": {"Codrus", "Codrus"}, "losers": {"Losers", "Losers"}, "extinction": {"Extinction chess", "Extinction"},
	"kinglet": {"Kinglet", "Kinglet"}, "threekings": {"Three Kings", "Threekings"}, "horde": {"Horde", "Horde"},
	"misere": {"Misère chess", "Misere"},
	// family: atomic
	"nocheckatomic": {"Atomic without checks", "Nocheckatomic"}, "atomic": {"Atomic", "Atomic"}, "atomar": {"Atomar chess", "Atomar"},
	// family: move rules
	"makpong": {"Makpong", "Makpong"}, "shatar": {"Shatar", "Shatar"}, "armageddon": {"Armageddon", "Armageddon"},
	"legan": {"Legan chess", "Legan"}, "pawnback": {"Pawnback", "Pawnback"}, // per-colour rules
	// games of pieces and keys
	"torpedo": {"Torpedo chess", "Torpedo"}, "chaturanga": {"Chaturanga", "Chaturanga"}, "nightrider": {"Nightrider chess", "Nightrider"},
	"grasshopper": {"Grasshopper chess", "Grasshopper"}, "hoppelpoppel": {"Hoppel-Poppel", "Hoppelpoppel"}, "newzealand": {"New Zealand chess", "Newzealand"},
	"amazon": {"Amazon chess", "Amazon"}, "georgian": {"Georgian chess", "Georgian"}, "raazuvaa": {"Raazuvaa", "Raazuvaa"},
	"paradigm": {"Paradigm chess", "Paradigm"}, "ai-wok": {"Ai-wok", "Ai-wok"}, "modern": {"Modern chess", "Modern"},
	"centaur": {"Centaur chess", "Centaur"}, "tencubed": {"Tencubed", "Tencubed"}, "opulent": {"Opulent chess", "Opulent"},
	"fox-and-hounds": {"Fox and Hounds", "Fox-and-hounds"}, "coregal": {"Coregal chess", "Coregal"},
	// walling
	"duck": {"Duck Chess", "Duck"}, "amazons": {"Amazons", "Amazons"}, "snailtrail": {"Snailtrail", "Snailtrail"},
	// castling rooks: perfect; gustav3 and chigorin, games that load
	"perfect": {"Perfect chess", "Perfect"}, "gustav3": {"Gustav III's chess", "Gustav3"}, "chigorin": {"Chigorin chess", "Chigorin"},
	"spartan":      {"Spartan", "Spartan"},                                                    // family: royal guards
	"pawnsideways": {"Pawnsideways", "Pawnsideways"}, "petrified": {"Petrified", "Petrified"}, // family: petrify
	"berolina":   {"Berolina", "Berolina"},        // en passant of a diagonal double step
	"wolf":       {"Wolf chess", "Wolf"},          // initial squares, a sergeant's en passant squares
	"caparandom": {"Capablanca960", "Caparandom"}, // family: chess960
	// family: palaces
	"xiangqi": {"Xiangqi", "Xiangqi"}, "minixiangqi": {"Minixiangqi", "Minixiangqi"}, "manchu": {"Manchu", "Manchu"},
	"janggi": {"Janggi", "Janggi"}, "janggitraditional": {"Janggi (traditional rules)", "Janggitraditional"}, // family: palaces: pychess-variants' janggi, the others by their rules
	"janggimodern": {"Janggi (modern rules)", "Janggimodern"}, "janggicasual": {"Janggi (casual rules)", "Janggicasual"},
	// Fairy-Stockfish's built-ins of the families above (pychess-variants has none of them)
	"clobber10": {"Clobber 10x10", "Clobber10"}, "isolation": {"Isolation", "Isolation"}, "isolation7x7": {"Isolation 7x7", "Isolation7x7"},
	"joust": {"Joust", "Joust"}, "sortofalmost": {"Sort of almost chess", "Sortofalmost"}, "troitzky": {"Troitzky chess", "Troitzky"},
	"omicron": {"Omicron chess", "Omicron"},
	// family: drops
	"crazyhouse": {"Crazyhouse", "Crazyhouse"}, "loop": {"Loop chess", "Loop"}, "chessgi": {"Chessgi", "Chessgi"},
	"pocketknight": {"Pocket Knight chess", "Pocketknight"}, "capahouse": {"Capahouse", "Capahouse"},
	"placement": {"Placement chess", "Placement"},
}

func fairyDescriptor(name string) Variant {
	t, ok := fairyNames[name]
	if !ok {
		cap := strings.ToUpper(name[:1]) + name[1:]
		t = [2]string{cap, cap}
	}
	return Variant{Name: name, Title: t[0], UCIName: name, PGNName: t[1], Chess960Form: fairyChess960Forms[name],
		HumanNotation: fairyNotations[name], Points: fairyPoints[name], Sides: fairySides[name]}
}

// fairyNotations are the built-in games whose players write another
// notation than SAN. Manchu keeps SAN: its banner both rides along a file
// and leaps off it, which WXF can write alike (package wxf).
var fairyNotations = map[string]HumanNotation{"xiangqi": WXF, "minixiangqi": WXF}

// fairySides are the built-in games whose players name the sides other
// than white and black: xiangqi's Red moves first, janggi's Cho (blue)
// moves first and Han (red) second.
var fairySides = func() map[string][]string {
	xq, jg := []string{"red", "black"}, []string{"cho", "han"}
	return map[string][]string{"xiangqi": xq, "minixiangqi": xq, "manchu": xq,
		"janggi": jg, "janggitraditional": jg, "janggimodern": jg, "janggicasual": jg}
}()

// fairyPoints are the built-in games played on points: xiangqi's palaces
// and river (manchu's board is xiangqi's), minixiangqi's palaces on a
// board without a river, janggi's palaces.
var fairyPoints = func() map[string]*Points {
	sq := func(f, r int) geom.Square { return geom.Square{File: f, Rank: r} }
	nineByTen := [][2]geom.Square{{sq(3, 0), sq(5, 2)}, {sq(3, 7), sq(5, 9)}}
	janggi := &Points{Palaces: nineByTen}
	return map[string]*Points{
		"xiangqi": {River: 5, Palaces: nineByTen}, "manchu": {River: 5, Palaces: nineByTen},
		"minixiangqi": {Palaces: [][2]geom.Square{{sq(2, 0), sq(4, 2)}, {sq(2, 4), sq(4, 6)}}},
		"janggi":      janggi, "janggitraditional": janggi, "janggimodern": janggi, "janggicasual": janggi,
	}
}()

// fairyChess960Forms name the built-in game that is a fairy.ini game
// played with Chess960's castling: UCI_Chess960 with capablanca plays
// caparandom, as Fairy-Stockfish's does.
var fairyChess960Forms = map[string]string{"capablanca": "caparandom"}

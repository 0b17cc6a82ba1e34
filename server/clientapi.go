package server

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/baten-chess/baten/banchess"
	"github.com/baten-chess/baten/draughts"
	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/store"
	"github.com/baten-chess/baten/variant"
)

// The endpoints of this file serve the browser client (package web), which
// never decides anything about the rules: the server tells it the games,
// their boards and pieces, where the pieces stand, and which actions are
// legal, already split into the squares a click or a drag names.

// variantInfo is one game of GET /api/variants.
type variantInfo struct {
	Name   string      `json:"name"`
	Title  string      `json:"title"`
	Width  int         `json:"width"`
	Height int         `json:"height"`
	Family string      `json:"family"` // "PGN" or "PDN"
	Bans   bool        `json:"bans"`
	Starts []startInfo `json:"starts"`
	Pieces []pieceInfo `json:"pieces"` // the legend
	FEN    string      `json:"startFen"`
	// Squares lists, for PDN games, the playable squares: number, file
	// and rank (zero-based, a1 = 0,0).
	Squares []darkSquare `json:"squares,omitempty"`
	Goal    *goalInfo    `json:"goal,omitempty"` // the flag family's regions (goals.go)
	// Points, for a board of points (xiangqi, janggi), says where the
	// river and the palaces are; the pieces stand on the squares' centres.
	Points *pointsInfo `json:"points,omitempty"`
	// Sides names the players where the game's players say other than
	// White and Black (xiangqi's red and black, janggi's cho and han).
	Sides []string `json:"sides,omitempty"`
	// Drops: the players hold pieces in hand and drop them (crazyhouse);
	// each position then has its hands.
	Drops bool `json:"drops,omitempty"`
}

// pointsInfo is variant.Points as the board draws it: the ranks below
// the river (0: none) and each palace's lower-left and upper-right
// square.
type pointsInfo struct {
	River   int         `json:"river"`
	Palaces [][2]string `json:"palaces"`
}

// pointsOf returns v's board of points, or nil.
func pointsOf(v *variant.Variant) *pointsInfo {
	if v.Points == nil {
		return nil
	}
	out := &pointsInfo{River: v.Points.River, Palaces: [][2]string{}}
	for _, p := range v.Points.Palaces {
		out.Palaces = append(out.Palaces, [2]string{p[0].String(), p[1].String()})
	}
	return out
}

// darkSquare is a numbered square of a draughts board.
type darkSquare struct {
	N    int `json:"n"`
	File int `json:"file"`
	Rank int `json:"rank"`
}

// startInfo is a start set (variant.StartSet) as the lobby offers it.
type startInfo struct {
	Name  string `json:"name"`
	Help  string `json:"help"`
	First int    `json:"first"`
	Count int    `json:"count"` // 0: chosen by name
}

// pieceInfo is one kind of piece: its letter as data-piece and FEN write
// it (White's; Black's is the lower case), and its name.
type pieceInfo struct {
	Letter string `json:"letter"`
	Name   string `json:"name"`
	Royal  bool   `json:"royal,omitempty"`
}

// chessPieces are the pieces of games without a rules definition
// (Ban-Chess plays with the chess pieces).
var chessPieces = []pieceInfo{{"K", "king", true}, {"Q", "queen", false}, {"R", "rook", false},
	{"B", "bishop", false}, {"N", "knight", false}, {"P", "pawn", false}}

// draughtsPieces are the letters the client uses for draughts (there is
// no per-square FEN letter in PDN FEN).
var draughtsPieces = []pieceInfo{{"W", "man", false}, {"WK", "king", false}}

// piecesOf returns v's legend.
func piecesOf(v *variant.Variant) []pieceInfo {
	if v.Family == variant.PDN {
		return draughtsPieces
	}
	if v.Rules == nil {
		return chessPieces
	}
	var out []pieceInfo
	for _, k := range v.Rules().Pieces {
		out = append(out, pieceInfo{Letter: string(k.Letter), Name: k.Name, Royal: k.Royal})
	}
	return out
}

// listVariants is GET /api/variants: every game of the registry with what
// the lobby and the board need.
func (s *Server) listVariants(w http.ResponseWriter, r *http.Request) {
	all := s.cfg.Registry.All()
	out := make([]variantInfo, 0, len(all))
	for _, v := range all {
		vi := variantInfo{Name: v.Name, Title: v.Title, Width: v.Size.W, Height: v.Size.H,
			Family: v.Family.String(), Bans: v.Bans, Starts: []startInfo{}, Pieces: piecesOf(v), FEN: v.Start().FEN(),
			Goal: goalOf(v), Points: pointsOf(v), Sides: v.Sides, Drops: v.Rules != nil && v.Rules().Drops != nil}
		for _, st := range v.Starts {
			vi.Starts = append(vi.Starts, startInfo{Name: st.Name, Help: st.Help, First: st.First, Count: st.Count})
		}
		if v.Family == variant.PDN {
			for n := 1; n <= draughts.NumSquares; n++ {
				sq, _ := draughts.SquareOf(n)
				f, rk := sq.Coords()
				vi.Squares = append(vi.Squares, darkSquare{N: n, File: f, Rank: rk})
			}
		}
		out = append(out, vi)
	}
	w.Header().Set("Cache-Control", "no-cache")
	writeJSON(w, http.StatusOK, out)
}

// clientAction is a legal action split for the board: the squares it
// starts from, passes and lands on, and its promotion letter.
type clientAction struct {
	Action    string   `json:"action"` // the machine text to send
	From      string   `json:"from"`
	To        string   `json:"to"`
	Path      []string `json:"path,omitempty"` // draughts: every landing square, To last
	Promotion string   `json:"promotion,omitempty"`
	// Wall is the square the action walls (duck chess, the Amazons),
	// chosen on the board after its destination.
	Wall string `json:"wall,omitempty"`
	// Drop is the letter, in White's case, of the kind a drop puts from
	// the hand on To (crazyhouse's "P@e4"); From is "" then.
	Drop string `json:"drop,omitempty"`
	Ban  bool   `json:"ban,omitempty"`
	SAN  string `json:"san"`
}

// handPiece is one kind in a hand: its letter in its owner's case, and
// how many of it the hand holds.
type handPiece struct {
	Piece string `json:"piece"`
	Count int    `json:"count"`
}

// clientHands is what each side holds in hand, kinds in the order FEN
// writes them.
type clientHands struct {
	White []handPiece `json:"white"`
	Black []handPiece `json:"black"`
}

// handsOf returns p's hands, or nil for a game without drops.
func handsOf(p variant.Position) *clientHands {
	white, black, ok := variant.Hands(p)
	if !ok {
		return nil
	}
	count := func(letters string) []handPiece {
		out := []handPiece{}
		for i := 0; i < len(letters); i++ {
			if n := len(out); n > 0 && out[n-1].Piece == letters[i:i+1] {
				out[n-1].Count++
			} else {
				out = append(out, handPiece{Piece: letters[i : i+1], Count: 1})
			}
		}
		return out
	}
	return &clientHands{White: count(white), Black: count(black)}
}

// clientMove is one action played, for the move list.
type clientMove struct {
	Ply   int    `json:"ply"` // 1-based, bans included
	Color string `json:"color"`
	Ban   bool   `json:"ban,omitempty"`
	Text  string `json:"text"` // machine notation
	SAN   string `json:"san"`  // SAN / PDN; a ban as the banned move's SAN
}

// clientPiece is a piece on a square.
type clientPiece struct {
	Square string `json:"square"`
	Piece  string `json:"piece"`
}

// clientBan is the ban in force (Ban-Chess).
type clientBan struct {
	From string `json:"from"`
	To   string `json:"to"`
	SAN  string `json:"san,omitempty"`
}

// clientPosition is GET /api/games/{id}/position's answer.
type clientPosition struct {
	ID      string        `json:"id"`
	Variant string        `json:"variant"`
	Version int           `json:"version"`
	Ply     int           `json:"ply"`   // actions before the position shown
	Plies   int           `json:"plies"` // actions in the game
	FEN     string        `json:"fen"`
	Turn    string        `json:"turn"`  // the side to act
	Phase   string        `json:"phase"` // "move" or "ban"
	Pieces  []clientPiece `json:"pieces"`
	Walls   []string      `json:"walls,omitempty"` // the wall squares (duck chess, the Amazons)
	Hands   *clientHands  `json:"hands,omitempty"` // drops: the pieces in hand (crazyhouse)
	Last    []string      `json:"last"`            // the last move's squares (a ban marks nothing)
	Check   string        `json:"check,omitempty"`
	Ban     *clientBan    `json:"ban,omitempty"`
	// Removed, Checks and Result are drawn from the game's own rules
	// (goals.go): the squares the last move emptied, the check counters,
	// the result in the game's words.
	Removed []string    `json:"removed"`
	Checks  *checksInfo `json:"checks,omitempty"`
	Result  string      `json:"result,omitempty"`
	// Legal is the side to act's actions: at the game's current ply while
	// it runs, empty otherwise.
	Legal []clientAction `json:"legal"`
	Moves []clientMove   `json:"moves"`

	Status       string     `json:"status"`
	Winner       string     `json:"winner"`
	Over         bool       `json:"over"`
	Seated       bool       `json:"seated"` // both seats are taken
	White        playerView `json:"white"`
	Black        playerView `json:"black"`
	Clock        *clockView `json:"clock"`
	WTime        *int64     `json:"wtime,omitempty"`
	BTime        *int64     `json:"btime,omitempty"`
	Running      string     `json:"running"` // whose clock runs now, "" if none
	WDraw        bool       `json:"wdraw"`
	BDraw        bool       `json:"bdraw"`
	CanClaimDraw bool       `json:"canClaimDraw"`
	CanAbort     bool       `json:"canAbort"`
	// ClaimVictoryIn says when each seat may claim victory over an
	// absent opponent (the claim-victory request).
	ClaimVictoryIn claimTimes `json:"claimVictoryIn"`
}

// claimTimes is, per seat, the milliseconds until its claim of victory
// succeeds (0: now), or null while its opponent is connected or the game
// does not run. A client counts down from when it got the answer: no
// clock of its own is compared with the server's.
type claimTimes struct {
	White *int64 `json:"white"`
	Black *int64 `json:"black"`
}

// gamePosition is GET /api/games/{id}/position[?ply=N]: the position
// after N actions (default: the current one) drawn as squares and
// pieces, with the legal actions at the current ply, the move list in
// SAN/PDN, clocks and what each side may claim. Anyone may ask.
func (s *Server) gamePosition(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	ply := -1
	if q := r.URL.Query().Get("ply"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil || n < 0 {
			s.writeError(w, r, refuse(http.StatusBadRequest, "ply %q: want a number from 0", q))
			return
		}
		ply = n
	}
	if lg, err := s.liveOf(r, id); err != nil {
		s.writeError(w, r, err)
		return
	} else if lg != nil {
		lg.mu.Lock()
		cp, err := lg.clientPosition(s.cfg.Registry, ply, s.cfg.Now())
		lg.mu.Unlock()
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, cp)
		return
	}
	lg, err := s.loadGame(r, id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	cp, err := lg.clientPosition(s.cfg.Registry, ply, lg.hdr.Finished)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, cp)
}

// clientPosition builds the answer of gamePosition at ply (-1: the
// current one). Called with lg.mu held.
func (lg *liveGame) clientPosition(reg *variant.Registry, ply int, now time.Time) (clientPosition, error) {
	acts := lg.g.Moves()
	if ply < 0 {
		ply = len(acts)
	}
	if ply > len(acts) {
		return clientPosition{}, refuse(http.StatusBadRequest, "ply %d: the game has %d actions", ply, len(acts))
	}
	pos := lg.g.PositionBefore(ply)
	cp := clientPosition{ID: lg.hdr.ID, Variant: lg.v.Name, Version: lg.st.version, Ply: ply, Plies: len(acts),
		FEN: pos.FEN(), Turn: colorName(pos.Turn()), Phase: "move",
		Last: []string{}, Removed: []string{}, Checks: checksOf(pos), Result: lg.resultWords(),
		Legal: []clientAction{}, Moves: []clientMove{},
		Status: lg.st.status, Winner: lg.st.winner, Over: lg.st.over, Seated: lg.seated(),
		White: playerView{Name: lg.hdr.Seats[0].Name}, Black: playerView{Name: lg.hdr.Seats[1].Name},
		Clock: viewClock(lg.hdr.Clock)}
	cp.Pieces, cp.Walls = boardOf(pos)
	cp.Hands = handsOf(pos)

	// The move list, and the last move before ply (a ban is not a move:
	// the move before it stays highlighted).
	notes := lg.g.Notations()
	for i, a := range acts {
		before := lg.g.PositionBefore(i)
		m := clientMove{Ply: i + 1, Color: colorName(before.Turn()), Ban: a.IsBan(), Text: machineText(before, a)}
		m.SAN = notes[i]
		if m.Ban {
			m.SAN = "⊘" + banSAN(reg, before, a.String())
		}
		cp.Moves = append(cp.Moves, m)
	}
	for i := ply - 1; i >= 0; i-- {
		if !acts[i].IsBan() {
			cp.Last = actionSquares(lg.v, cp.Moves[i].Text).squares()
			cp.Removed = removedSquares(lg.v.Family == variant.PDN, actionSquares(lg.v, cp.Moves[i].Text).from,
				piecesOn(lg.g.PositionBefore(i)), piecesOn(lg.g.PositionBefore(i+1)))
			break
		}
	}

	if bp, ok := pos.(interface{ BanChess() banchess.Position }); ok {
		b := bp.BanChess()
		if b.Phase() == banchess.BanPhase {
			cp.Phase = "ban"
		}
		if ban, ok := b.CurrentBan(); ok {
			cb := &clientBan{From: ban.From.String(), To: ban.To.String()}
			cb.SAN = banSAN(reg, pos, "b:"+cb.From+cb.To)
			cp.Ban = cb
		}
	}
	if variant.InCheck(pos) {
		cp.Check = royalSquare(pos, cp.Pieces)
	}

	if ply == len(acts) && !lg.st.over {
		for _, a := range pos.Legal() {
			text := machineText(pos, a)
			sq := actionSquares(lg.v, text)
			ca := clientAction{Action: text, From: sq.from, To: sq.to, Promotion: sq.promotion, Wall: sq.wall, Drop: sq.drop, Ban: a.IsBan(),
				SAN: pos.Format(a, variant.Human)}
			if lg.v.Family == variant.PDN {
				ca.Path = sq.path
			}
			if ca.Ban {
				ca.SAN = banSAN(reg, pos, text)
			}
			cp.Legal = append(cp.Legal, ca)
		}
	}

	st := lg.state(now)
	if lg.timed() {
		cp.WTime, cp.BTime = &st.WTime, &st.BTime
		if t := lg.turn(); !lg.st.over && lg.seated() && lg.st.acted[t] {
			cp.Running = seatName(t)
		}
	}
	cp.WDraw, cp.BDraw = st.WDraw, st.BDraw
	cp.CanClaimDraw = !lg.st.over && (lg.g.CanClaimRepetition() || lg.g.CanClaimMoveRule())
	cp.CanAbort = !lg.st.over && !(lg.st.acted[0] && lg.st.acted[1])
	if !lg.st.over && lg.seated() {
		cp.ClaimVictoryIn = claimTimes{White: lg.claimIn(0, now), Black: lg.claimIn(1, now)}
	}
	return cp, nil
}

// claimIn returns the milliseconds until seat may claim victory (as the
// claim-victory request judges it: the opponent not connected and gone
// for Abandon), rounded up so that a client never tries early; nil while
// the opponent is connected. Called with lg.mu held.
func (lg *liveGame) claimIn(seat int, now time.Time) *int64 {
	other := 1 - seat
	if lg.connected(other, now) {
		return nil
	}
	d := max(lg.seen[other].Add(lg.s.cfg.Abandon).Sub(now), 0)
	ms := int64((d + time.Millisecond - 1) / time.Millisecond)
	return &ms
}

// moveSquares is an action's machine text split into squares.
type moveSquares struct {
	from, to  string
	path      []string // landings after from (draughts), to last
	promotion string
	wall      string // the square walled after the move: "e2e4,e4d5" walls d5
	drop      string // the kind a drop puts on to: "P@e4" drops P
}

func (m moveSquares) squares() []string {
	if m.drop != "" {
		return []string{m.to}
	}
	if m.from == "" {
		return []string{}
	}
	return append([]string{m.from}, m.path...)
}

// actionSquares splits a machine text: "e2e4", "e7e8q", "a10a9",
// "b:e2e4" (a ban), "e2e4,e4d5" (a move and the wall it places last),
// "P@e4" (a drop), and the PDN "11-15" and "22x15x8".
func actionSquares(v *variant.Variant, text string) moveSquares {
	text = strings.TrimPrefix(strings.TrimPrefix(text, "m:"), "b:")
	text, walling, walled := strings.Cut(text, ",")
	m := moveSquaresOf(v, text)
	if walled {
		m.wall = moveSquaresOf(v, walling).to
	}
	return m
}

// moveSquaresOf is actionSquares of a move's text without its wall.
func moveSquaresOf(v *variant.Variant, text string) moveSquares {
	var m moveSquares
	if kind, sq, ok := strings.Cut(text, "@"); ok {
		m.drop, m.to, m.path = kind, sq, []string{sq}
		return m
	}
	var names []string
	if v.Family == variant.PDN {
		names = strings.FieldsFunc(text, func(r rune) bool { return r == '-' || r == 'x' })
	} else {
		// Squares are a letter and digits; letters after the last
		// square promote.
		for i := 0; i < len(text); {
			j := i + 1
			for j < len(text) && isDigit(text[j]) {
				j++
			}
			if j == i+1 { // no digits: the promotion
				m.promotion = text[i:]
				break
			}
			names = append(names, text[i:j])
			i = j
		}
	}
	if len(names) < 2 {
		return m
	}
	m.from, m.to, m.path = names[0], names[len(names)-1], names[1:]
	if v.Family != variant.PDN {
		m.path = []string{m.to}
	}
	return m
}

func isLower(b byte) bool { return b >= 'a' && b <= 'z' }
func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// banSAN writes ban text "b:e2e4" as the SAN of the move it bans in
// position p (a Ban-Chess position, where the banned side is to move in
// the chess position under the ban), or as its squares when that fails.
func banSAN(reg *variant.Registry, p variant.Position, text string) string {
	uci := strings.TrimPrefix(text, "b:")
	fields := strings.Fields(p.FEN())
	if len(fields) < 6 {
		return uci
	}
	chess, err := reg.Lookup("chess")
	if err != nil {
		if chess, err = variant.Lookup("chess"); err != nil {
			return uci
		}
	}
	cp, err := chess.FromFEN(strings.Join(fields[:6], " "))
	if err != nil {
		return uci
	}
	a, err := cp.Parse(uci)
	if err != nil {
		return uci
	}
	return cp.Format(a, variant.Human)
}

// piecesOn lists p's pieces with their squares: from the FEN's placement
// for the chess family (boards of any size), from the bitboards for
// draughts.
func piecesOn(p variant.Position) []clientPiece {
	pieces, _ := boardOf(p)
	return pieces
}

// boardOf is piecesOn with the wall squares ("*" in the FEN's placement).
func boardOf(p variant.Position) (pieces []clientPiece, walls []string) {
	pieces = []clientPiece{}
	if dp, ok := p.(interface{ Draughts() draughts.Position }); ok {
		d := dp.Draughts()
		for n := 1; n <= draughts.NumSquares; n++ {
			sq, _ := draughts.SquareOf(n)
			for c, letter := range []string{"W", "B"} {
				col := draughts.White
				if c == 1 {
					col = draughts.Black
				}
				if d.Pieces(col)&sq.Bit() == 0 {
					continue
				}
				if d.Kings(col)&sq.Bit() != 0 {
					letter += "K"
				}
				pieces = append(pieces, clientPiece{Square: strconv.Itoa(n), Piece: letter})
			}
		}
		return pieces, nil
	}
	size := p.Variant().Size
	placement, _, _ := strings.Cut(p.FEN(), " ")
	placement, _, _ = strings.Cut(placement, "[") // drops: the hand is not on the board
	rank, file := size.H-1, 0
	for i := 0; i < len(placement) && rank >= 0; i++ {
		ch := placement[i]
		switch {
		case ch == '/':
			rank, file = rank-1, 0
		case isDigit(ch):
			n := int(ch - '0')
			for i+1 < len(placement) && isDigit(placement[i+1]) {
				i++
				n = n*10 + int(placement[i]-'0')
			}
			file += n
		case ch == '*':
			if file < size.W {
				walls = append(walls, geom.Square{File: file, Rank: rank}.String())
			}
			file++
		case ch >= 'A' && ch <= 'Z' || isLower(ch):
			if file < size.W {
				pieces = append(pieces, clientPiece{Square: geom.Square{File: file, Rank: rank}.String(), Piece: string(ch)})
			}
			file++
		}
	}
	return pieces, walls
}

// royalSquare returns the square of the royal piece of the side to move
// (the chess side to move: in Ban-Chess, not the banning side).
func royalSquare(p variant.Position, pieces []clientPiece) string {
	royal := []byte{'K'}
	if v := p.Variant(); v.Rules != nil {
		royal = royal[:0]
		for _, k := range v.Rules().Pieces {
			if k.Royal {
				royal = append(royal, k.Letter)
			}
		}
	}
	black := false
	if f := strings.Fields(p.FEN()); len(f) > 1 {
		black = f[1] == "b"
	}
	for _, pc := range pieces {
		if len(pc.Piece) != 1 {
			continue
		}
		ch := pc.Piece[0]
		if isLower(ch) != black {
			continue
		}
		if slices.Contains(royal, ch&^0x20) {
			return pc.Square
		}
	}
	return ""
}

// liveGames is GET /api/live: the games being played (both seats taken),
// newest first, for the lobby's "watch" list.
func (s *Server) liveGames(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := storeCtx(r)
	defer cancel()
	live := true
	games, err := s.cfg.Store.List(ctx, store.Filter{Live: &live, Limit: 50})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := make([]gameView, 0, len(games))
	for _, g := range games {
		if len(g.Seats[0].TokenHash) == 0 || len(g.Seats[1].TokenHash) == 0 {
			continue // a seek: listed by GET /api/seeks
		}
		v, _ := s.cfg.Registry.Lookup(g.Variant)
		out = append(out, headerView(g, v))
	}
	writeJSON(w, http.StatusOK, out)
}

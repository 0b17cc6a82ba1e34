package server

import (
	"time"

	"github.com/baten-chess/baten/store"
	"github.com/baten-chess/baten/variant"
)

// gameState is the Board API's gameState line (and the state inside
// gameFull).
type gameState struct {
	Type   string `json:"type"`
	Moves  string `json:"moves"`
	WTime  int64  `json:"wtime"`
	BTime  int64  `json:"btime"`
	WInc   int64  `json:"winc"`
	BInc   int64  `json:"binc"`
	Status string `json:"status"`
	Winner string `json:"winner,omitempty"`
	WDraw  bool   `json:"wdraw"`
	BDraw  bool   `json:"bdraw"`
	// Turn is the seat to act while the game is on ("white", "black"):
	// ours, as lichess's clients count moves, which Ban-Chess bans and
	// draughts from a FEN would make them get wrong.
	Turn string `json:"turn,omitempty"`
}

// variantView names a game for clients.
type variantView struct {
	Key   string `json:"key"`
	Name  string `json:"name"`
	Short string `json:"short,omitempty"`
}

func viewVariant(v *variant.Variant, short bool) variantView {
	vv := variantView{Key: v.Name, Name: v.Title}
	if short {
		vv.Short = v.Name
	}
	return vv
}

// clockView is a time control in milliseconds.
type clockView struct {
	Initial   int64 `json:"initial"`
	Increment int64 `json:"increment"`
}

// viewClock shows a stored clock; one of no time is shown as none, as
// newLiveGame plays it.
func viewClock(c *store.Clock) *clockView {
	if c == nil || c.Limit <= 0 {
		return nil
	}
	return &clockView{Initial: c.Limit.Milliseconds(), Increment: c.Increment.Milliseconds()}
}

// playerView is a seat as anyone may see it: never its token.
type playerView struct {
	ID   string `json:"id,omitempty"`
	Name string `json:"name"`
}

// gameView is GET /api/games/{id}'s answer.
type gameView struct {
	ID         string      `json:"id"`
	Variant    variantView `json:"variant"`
	InitialFEN string      `json:"initialFen"`
	White      playerView  `json:"white"`
	Black      playerView  `json:"black"`
	Clock      *clockView  `json:"clock"`
	CreatedAt  int64       `json:"createdAt"`
	Status     string      `json:"status"`
	Winner     string      `json:"winner"`
	Moves      *string     `json:"moves,omitempty"`
	FEN        string      `json:"fen,omitempty"`
	Turn       string      `json:"turn,omitempty"`
	WTime      *int64      `json:"wtime,omitempty"`
	BTime      *int64      `json:"btime,omitempty"`
	Version    *int        `json:"version,omitempty"`
}

// headerView is a game's view from its header alone (lists).
func headerView(hdr store.Game, v *variant.Variant) gameView {
	gv := gameView{ID: hdr.ID, InitialFEN: hdr.StartFEN,
		White: playerView{Name: hdr.Seats[0].Name}, Black: playerView{Name: hdr.Seats[1].Name},
		Clock: viewClock(hdr.Clock), CreatedAt: hdr.Created.UnixMilli(), Status: hdr.Status, Winner: hdr.Winner}
	if v != nil {
		gv.Variant = viewVariant(v, false)
	} else {
		gv.Variant = variantView{Key: hdr.Variant, Name: hdr.Variant}
	}
	return gv
}

// view returns the full view of lg at now. Called with lg.mu held.
func (lg *liveGame) view(now time.Time) gameView {
	gv := headerView(lg.hdr, lg.v)
	st := lg.state(now)
	gv.Status, gv.Winner = lg.st.status, lg.st.winner
	gv.Moves, gv.FEN, gv.Turn = &st.Moves, lg.g.Position().FEN(), st.Turn
	if lg.timed() {
		gv.WTime, gv.BTime = &st.WTime, &st.BTime
	}
	v := lg.st.version
	gv.Version = &v
	return gv
}

// gameFull is the Board API stream's first line.
type gameFull struct {
	Type       string      `json:"type"`
	ID         string      `json:"id"`
	Variant    variantView `json:"variant"`
	Clock      *clockView  `json:"clock"`
	Speed      string      `json:"speed"`
	CreatedAt  int64       `json:"createdAt"`
	White      playerView  `json:"white"`
	Black      playerView  `json:"black"`
	InitialFEN string      `json:"initialFen"`
	State      gameState   `json:"state"`
}

// full returns lg's gameFull at now. Called with lg.mu held.
func (lg *liveGame) full(now time.Time) gameFull {
	speed := "correspondence"
	if lg.timed() {
		speed = speedOf(lg.hdr.Clock)
	}
	w, b := lg.hdr.Seats[0].Name, lg.hdr.Seats[1].Name
	return gameFull{Type: "gameFull", ID: lg.hdr.ID, Variant: viewVariant(lg.v, true), Clock: viewClock(lg.hdr.Clock),
		Speed: speed, CreatedAt: lg.hdr.Created.UnixMilli(),
		White: playerView{ID: w, Name: w}, Black: playerView{ID: b, Name: b},
		InitialFEN: lg.hdr.StartFEN, State: lg.state(now)}
}

// speedOf names a time control as lichess does, by its estimated
// duration (limit + 40 × increment).
func speedOf(c *store.Clock) string {
	d := c.Limit + 40*c.Increment
	switch {
	case d < 30*time.Second:
		return "ultraBullet"
	case d < 3*time.Minute:
		return "bullet"
	case d < 8*time.Minute:
		return "blitz"
	case d < 25*time.Minute:
		return "rapid"
	}
	return "classical"
}

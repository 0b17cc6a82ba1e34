package variant

import (
	"slices"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
)

// connectConfig is a section's connection settings (rules.ConnectRule).
// The zero value is Fairy-Stockfish's default: no connection rule, every
// piece a connect piece, every line looked at, a connection won.
type connectConfig struct {
	n, nxn, collinear int
	pieces            []string // connectPieceTypes by name; nil with all
	all               bool     // connectPieceTypes holds "*"
	given             bool     // connectPieceTypes is set (else every piece)
	noH, noV, noD     bool     // connectHorizontal/Vertical/Diagonal = false
	region1, region2  [2][]geom.Square
	value             string // connectValue; "" is win
}

// isConnectKey reports a key of the connection family.
func isConnectKey(key string) bool {
	switch key {
	case "connectN", "connectPieceTypes", "connectHorizontal", "connectVertical", "connectDiagonal",
		"connectRegion1White", "connectRegion2White", "connectRegion1Black", "connectRegion2Black",
		"connectNxN", "collinearN", "connectValue":
		return true
	}
	return false
}

// applyConnect sets one key of the connection family.
func (c *fairyConfig) applyConnect(key, v string) error {
	cc := &c.connect
	var err error
	var b bool
	switch key {
	case "connectN":
		cc.n, err = parseCount(v)
	case "connectNxN":
		cc.nxn, err = parseCount(v)
	case "collinearN":
		cc.collinear, err = parseCount(v)
	case "connectPieceTypes":
		cc.pieces, cc.all, err = c.extinctionSet(v) // the same form: letters, "*" for all, "-" for none
		cc.given = true
	case "connectHorizontal":
		b, err = parseBool(v)
		cc.noH = !b
	case "connectVertical":
		b, err = parseBool(v)
		cc.noV = !b
	case "connectDiagonal":
		b, err = parseBool(v)
		cc.noD = !b
	case "connectRegion1White", "connectRegion2White", "connectRegion1Black", "connectRegion2Black":
		var r []geom.Square
		if r, err = parseRegion(v); err == nil {
			pl := 0
			if key[len(key)-5:] == "Black" {
				pl = 1
			}
			if key[len("connectRegion")] == '1' {
				cc.region1[pl] = r
			} else {
				cc.region2[pl] = r
			}
		}
	case "connectValue":
		cc.value, err = parseValue(v, "win", "loss", "draw")
	}
	return err
}

// active reports whether the settings make a connection rule, as
// Fairy-Stockfish decides it: a count, a square or a first region.
func (cc *connectConfig) active() bool {
	return cc.n > 0 || cc.nxn > 0 || cc.collinear > 0 || len(cc.region1[0]) > 0 || len(cc.region1[1]) > 0
}

// connectRule is the section's rules.ConnectRule, nil without one.
func (c *fairyConfig) connectRule() *rules.ConnectRule {
	cc := &c.connect
	if !cc.active() {
		return nil
	}
	r := &rules.ConnectRule{All: !cc.given || cc.all, N: cc.n, NxN: cc.nxn, Collinear: cc.collinear,
		Horizontal: !cc.noH, Vertical: !cc.noV, Diagonal: !cc.noD, Value: rules.ValueWin}
	if cc.value != "" {
		r.Value = ruleValue(cc.value)
	}
	for _, name := range cc.pieces {
		if p := c.piece(name); p != nil {
			r.Kinds += string(p.letter)
		}
	}
	for pl := range 2 {
		r.Region1[pl], r.Region2[pl] = slices.Clone(cc.region1[pl]), slices.Clone(cc.region2[pl])
	}
	return r
}

// connectFrom converts a parent game's connection rule back into
// settings of cfg, whose pieces are already those of the game.
func connectFrom(cfg *fairyConfig, r *rules.ConnectRule) connectConfig {
	if r == nil {
		return connectConfig{}
	}
	cc := connectConfig{n: r.N, nxn: r.NxN, collinear: r.Collinear, all: r.All, given: !r.All,
		noH: !r.Horizontal, noV: !r.Vertical, noD: !r.Diagonal, value: valueName(r.Value)}
	for i := 0; i < len(r.Kinds); i++ {
		if p := cfg.byLetter(r.Kinds[i]); p != nil {
			cc.pieces = append(cc.pieces, p.name)
		}
	}
	for pl := range 2 {
		cc.region1[pl], cc.region2[pl] = slices.Clone(r.Region1[pl]), slices.Clone(r.Region2[pl])
	}
	return cc
}

// connectReason is the registry's reason for a connection: the loser
// connected where connecting loses (ConnectedLost, three musketeers), else
// the winner did, or the game is drawn (Connected).
func connectReason(r *rules.ConnectRule) Reason {
	if r != nil && r.Value == rules.ValueLoss {
		return ConnectedLost
	}
	return Connected
}

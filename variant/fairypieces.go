package variant

import (
	"github.com/baten-chess/baten/kinematics"
)

// Fairy-Stockfish's predefined piece types, by the name variants.ini
// gives them, with their movement (Fairy-Stockfish 11.1's piece.cpp; the
// Betza in each comment). The pawn's double step is added by the
// doubleStep settings, not here.

type kd = kinematics.Delta

var (
	fWazir  = dl(0, 1, 1, 0, 0, -1, -1, 0)
	fFerz   = dl(1, 1, 1, -1, -1, -1, -1, 1)
	fKnight = dl(1, 2, 2, 1, 2, -1, 1, -2, -1, -2, -2, -1, -2, 1, -1, 2)
	fFwd    = dl(0, 1)
	fFwdDia = dl(-1, 1, 1, 1)
)

// dl makes deltas of (file, rank) pairs.
func dl(pairs ...int) []kd {
	out := make([]kd, 0, len(pairs)/2)
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, kd{File: pairs[i], Rank: pairs[i+1]})
	}
	return out
}

// comps makes one component per delta.
func comps(ds []kd, m kinematics.Motion, mods kinematics.Modifier) kinematics.Movement {
	out := make(kinematics.Movement, len(ds))
	for i, d := range ds {
		out[i] = kinematics.Component{Delta: d, Motion: m, Mods: mods}
	}
	return out
}

func scale(ds []kd, k int) []kd {
	out := make([]kd, len(ds))
	for i, d := range ds {
		out[i] = kd{File: d.File * k, Rank: d.Rank * k}
	}
	return out
}

const (
	fwd  = kinematics.Forward
	mOnl = kinematics.MoveOnly
	cOnl = kinematics.CaptureOnly
)

var (
	mvW = func() kinematics.Movement { return comps(fWazir, kinematics.Step, 0) }
	mvF = func() kinematics.Movement { return comps(fFerz, kinematics.Step, 0) }
	mvN = func() kinematics.Movement { return comps(fKnight, kinematics.Leap, 0) }
	mvA = func() kinematics.Movement { return comps(scale(fFerz, 2), kinematics.Leap, 0) }
	mvR = func() kinematics.Movement { return comps(fWazir, kinematics.Slide, 0) }
	mvB = func() kinematics.Movement { return comps(fFerz, kinematics.Slide, 0) }
	mvK = func() kinematics.Movement { return kinematics.Union(mvW(), mvF()) }
	mvQ = func() kinematics.Movement { return kinematics.Union(mvR(), mvB()) }
	u   = kinematics.Union
)

// fairyPredefined lists the predefined piece types: name, Betza (for
// documentation and for the pieces only ParseBetza builds), and the
// movement where it is built here.
var fairyPredefined = []struct {
	name, betza string
	move        func() kinematics.Movement
}{
	{"pawn", "fmWfcF", func() kinematics.Movement {
		return u(comps(fFwd, kinematics.Step, fwd|mOnl), comps(fFwdDia, kinematics.Step, fwd|cOnl))
	}},
	{"knight", "N", mvN},
	{"bishop", "B", mvB},
	{"rook", "R", mvR},
	{"queen", "Q", mvQ},
	{"fers", "F", mvF},
	{"ferz", "F", mvF},
	{"met", "F", mvF},
	{"alfil", "A", mvA},
	{"fersAlfil", "FA", func() kinematics.Movement { return u(mvF(), mvA()) }},
	{"silver", "FfW", func() kinematics.Movement { return u(mvF(), comps(fFwd, kinematics.Step, fwd)) }},
	{"khon", "FfW", func() kinematics.Movement { return u(mvF(), comps(fFwd, kinematics.Step, fwd)) }},
	{"aiwok", "RNF", func() kinematics.Movement { return u(mvR(), mvN(), mvF()) }},
	{"bers", "RF", func() kinematics.Movement { return u(mvR(), mvF()) }},
	{"dragon", "RF", func() kinematics.Movement { return u(mvR(), mvF()) }},
	{"archbishop", "BN", func() kinematics.Movement { return u(mvB(), mvN()) }},
	{"chancellor", "RN", func() kinematics.Movement { return u(mvR(), mvN()) }},
	{"amazon", "QN", func() kinematics.Movement { return u(mvQ(), mvN()) }},
	{"knibis", "mNcB", func() kinematics.Movement {
		return u(comps(fKnight, kinematics.Leap, mOnl), comps(fFerz, kinematics.Slide, cOnl))
	}},
	{"biskni", "mBcN", func() kinematics.Movement {
		return u(comps(fFerz, kinematics.Slide, mOnl), comps(fKnight, kinematics.Leap, cOnl))
	}},
	{"kniroo", "mNcR", func() kinematics.Movement {
		return u(comps(fKnight, kinematics.Leap, mOnl), comps(fWazir, kinematics.Slide, cOnl))
	}},
	{"rookni", "mRcN", func() kinematics.Movement {
		return u(comps(fWazir, kinematics.Slide, mOnl), comps(fKnight, kinematics.Leap, cOnl))
	}},
	{"shogiPawn", "fW", func() kinematics.Movement { return comps(fFwd, kinematics.Step, fwd) }},
	{"lance", "fR", func() kinematics.Movement { return comps(fFwd, kinematics.Slide, fwd) }},
	{"shogiKnight", "fN", func() kinematics.Movement { return comps(dl(-1, 2, 1, 2), kinematics.Leap, fwd) }},
	{"euroshogiKnight", "fNsW", func() kinematics.Movement {
		return u(comps(dl(-1, 2, 1, 2), kinematics.Leap, fwd), comps(dl(1, 0, -1, 0), kinematics.Step, 0))
	}},
	{"gold", "WfF", func() kinematics.Movement { return u(mvW(), comps(fFwdDia, kinematics.Step, fwd)) }},
	{"dragonHorse", "BW", func() kinematics.Movement { return u(mvB(), mvW()) }},
	{"clobber", "cW", func() kinematics.Movement { return comps(fWazir, kinematics.Step, cOnl) }},
	{"breakthrough", "fmWfF", func() kinematics.Movement {
		return u(comps(fFwd, kinematics.Step, fwd|mOnl), comps(fFwdDia, kinematics.Step, fwd))
	}},
	{"immobile", "", func() kinematics.Movement { return kinematics.Movement{} }},
	{"cannon", "mRcpR", nil},
	{"janggiCannon", "pR", nil},
	{"soldier", "fsW", func() kinematics.Movement {
		return u(comps(fFwd, kinematics.Step, fwd), comps(dl(1, 0, -1, 0), kinematics.Step, 0))
	}},
	{"horse", "nN", nil},
	{"elephant", "nA", nil},
	{"janggiElephant", "nZ", nil},
	{"banner", "RcpRnN", nil},
	{"wazir", "W", mvW},
	{"commoner", "K", mvK},
	{"centaur", "KN", func() kinematics.Movement { return u(mvK(), mvN()) }},
	{"king", "K", mvK},
}

// predefinedMovement returns the movement of a predefined piece type, built
// here or read from its Betza by kinematics.ParseBetza.
func predefinedMovement(name string) (kinematics.Movement, bool, error) {
	for _, p := range fairyPredefined {
		if p.name != name {
			continue
		}
		if p.move != nil {
			return p.move(), true, nil
		}
		m, err := kinematics.ParseBetza(p.betza)
		return m, true, err
	}
	return nil, false, nil
}

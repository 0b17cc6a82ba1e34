package fairy

import (
	"reflect"
	"slices"
	"sync/atomic"

	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
)

// The bitboard path: a variant that is chess but for rules package
// chess's generator knows (chess.Family: the hill and racing kings' flag,
// check counting, no checking, horde's extinction and first-rank double
// steps, atomic's blasts) is counted in perft by that generator, several
// times faster than the generic one, which tests every move on a line to
// the king by playing it where chess's knows pins and checkers.
// Everything else (the legal moves, playing, outcomes) stays with the
// generic generator; the two are proven to count alike
// (TestBitboardPerftLikeSpec).

// bitboardInfo is a variant's rules for chess's generator: the family and
// the chess role of each kind.
type bitboardInfo struct {
	fam  chess.Family
	role [maxKinds + 1]chess.Role
}

// compileBitboard returns the bitboard rules of v, or nil when v is not
// chess with a chess.Family's rules: same board, pieces, promotions,
// castling and en passant, and no rule beside those the family has.
func compileBitboard(v *rules.Variant) *bitboardInfo {
	c := rules.Chess()
	if otherRules(v, c) || len(v.Pieces) != len(c.Pieces) ||
		v.Castling != nil && (v.Castling.Rank > 1 || !sameCastling(v.Castling, c.Castling)) {
		return nil
	}
	bi := &bitboardInfo{}
	f := &bi.fam
	f.CheckCounting, f.NoChecking = v.CheckCounting != nil, v.NoChecking
	if v.Capture != nil {
		// Atomic: the blast of chess's pawns, the king a guarded commoner.
		e := v.Extinction
		if *v.Capture != (rules.CaptureEffects{Blast: true, Pawns: "P"}) || e == nil ||
			*e != (rules.ExtinctionRule{Value: rules.ValueLoss, Kinds: "K", PseudoRoyal: true}) ||
			v.CheckCounting != nil || v.NoChecking || v.Flag != nil {
			return nil
		}
		f.Atomic = true
	} else if e := v.Extinction; e != nil {
		if !e.All || e.Kinds != "" || e.Count != 0 || e.OpponentCount != 0 || e.Claim || e.PseudoRoyal {
			return nil
		}
		f.Extinction = true
	}
	for i := range v.Pieces {
		k := &v.Pieces[i]
		j := slices.IndexFunc(c.Pieces, func(ck rules.PieceKind) bool { return ck.Letter == k.Letter })
		if j < 0 || !sameKind(k, &c.Pieces[j], f.Atomic) {
			return nil
		}
		bi.role[i+1] = chess.Pawn + chess.Role(j) // rules.Chess lists the kinds in chess's role order
		if k.InitialRankMin == 1 {
			f.FirstRankDoubleSteps = true
		}
	}
	if !goodEPRegion(v, f.FirstRankDoubleSteps) {
		return nil
	}
	if fl := v.Flag; fl != nil {
		if fl.Piece != [2]byte{'K', 'K'} || fl.Count != 1 || fl.BlockedWin || fl.Safe {
			return nil
		}
		f.GoalAnswer = fl.Move
		for pl := range 2 {
			for _, sq := range fl.Region[pl] {
				if v.Size.Contains(sq) {
					f.Goal[pl] |= chess.Square(sq.Rank*8 + sq.File).Bit()
				}
			}
		}
	}
	return bi
}

// otherRules reports whether v has a rule beside those compileBitboard
// reads (its pieces, castling, en passant region and the family's rules)
// or the results of a game's end, which perft never reads: v and chess c,
// both with those fields cleared, differ. A rule added to rules.Variant
// later thus keeps the generic generator until this path is taught it.
func otherRules(v, c *rules.Variant) bool {
	a, b := *v, *c
	for _, w := range []*rules.Variant{&a, &b} {
		w.Name, w.Start, w.Pieces, w.Castling, w.SideLetters = "", "", nil, nil, [2]string{}
		w.NoMoves, w.CheckmateValue, w.EnPassantRegion = 0, 0, nil
		w.Flag, w.CheckCounting, w.NoChecking, w.Extinction, w.Capture = nil, nil, false, nil, nil
		w.EPUse = nil // family: fen en passant: perft reads no en passant square no pawn attacks
	}
	return !reflect.DeepEqual(a, b)
}

// sameCastling reports whether a and b castle alike but for the rank
// (a rank of 0 or 1 is the first).
func sameCastling(a, b *rules.Castling) bool {
	x, y := *a, *b
	x.Rank, y.Rank = 0, 0
	return x == y
}

// sameKind reports whether k moves, promotes and takes en passant as the
// chess kind c (its components in any order); a pawn may also step two
// squares from the first rank (horde's doubleStepRankMin = 1). With
// atomic, the king is not royal (atomic's guarded commoner).
func sameKind(k, c *rules.PieceKind, atomic bool) bool {
	if k.Royal != (c.Royal && !atomic) || k.EnPassant != c.EnPassant || k.InitialRank != c.InitialRank ||
		len(k.GateMovement) != 0 || len(k.Movement) != len(c.Movement) {
		return false
	}
	if k.InitialRankMin != 0 && k.InitialRankMin != c.InitialRank && !(c.EnPassant && k.InitialRankMin == 1) {
		return false
	}
	for _, m := range k.Movement {
		if !slices.Contains(c.Movement, m) {
			return false
		}
	}
	kp, cp := k.Promotion, c.Promotion
	if kp == nil || cp == nil {
		return kp == cp
	}
	to := []byte(kp.To)
	slices.Sort(to)
	return string(to) == "BNQR" && slices.Equal(kp.Ranks, cp.Ranks) && !kp.Optional && len(kp.Mandatory) == 0 &&
		len(kp.Limit) == 0 && !kp.FromZone && len(kp.Squares) == 0
}

// goodEPRegion reports whether v's double steps may be taken en passant
// where chess's generator allows it: on the third and sixth ranks, and
// (with first-rank double steps, whose step passes the second) not on
// the second.
func goodEPRegion(v *rules.Variant, firstRank bool) bool {
	for file := 0; file < 8; file++ {
		if !v.EnPassantOn(geom.Square{File: file, Rank: 2}) || !v.EnPassantOn(geom.Square{File: file, Rank: 5}) ||
			firstRank && v.EnPassantOn(geom.Square{File: file, Rank: 1}) {
			return false
		}
	}
	return true
}

// maxChessMoves bounds, by chess role, the moves of one piece, for the
// moves a position may have to fit chess.MoveList (323): a pawn has 12
// on the rank before its last (3 squares, 4 promotions each), 4 elsewhere.
var maxChessMoves = [...]int{chess.Pawn: 4, chess.Knight: 8, chess.Bishop: 13, chess.Rook: 14, chess.Queen: 27, chess.King: 10}

// bitboardPerft counts as perft does with chess's generator, reporting
// false when the variant has no bitboard rules or p is a position they do
// not cover (two kings a side, a castling right without its rook, more
// moves than chess's list holds). A king of the side not to move is never
// in check, which chess's generator would take: package rules refuses
// such a position.
func (p *Position) bitboardPerft(depth int, stop *atomic.Bool) (uint64, bool) {
	bi := p.r.bb
	if bi == nil {
		return 0, false
	}
	var board [64]chess.Piece
	var kings [2]int
	var bound [2]int
	for rank := 0; rank < 8; rank++ {
		for file := 0; file < 8; file++ {
			pc := p.board[sqOf(file, rank)]
			if pc == 0 {
				continue
			}
			if pc == wallPiece {
				return 0, false
			}
			c, role := chess.Color(owner(pc)), bi.role[kindOf(pc)]
			switch {
			case role == chess.King:
				kings[c]++
			case role == chess.Pawn && (rank == 7 && c == chess.White || rank == 0 && c == chess.Black ||
				rank == 7 && bi.fam.FirstRankDoubleSteps):
				return 0, false // on its last rank, or horde's Black on a rank it would double-step from
			}
			bound[c] += maxChessMoves[role]
			if role == chess.Pawn && (rank == 6 && c == chess.White || rank == 1 && c == chess.Black) {
				bound[c] += 8
			}
			board[rank*8+file] = chess.MakePiece(c, role)
		}
	}
	if kings[0] > 1 || kings[1] > 1 || max(bound[0], bound[1]) > 323 ||
		kings[0] > 0 && bi.fam.FirstRankDoubleSteps { // chess's generator steps two from the first rank only without a king
		return 0, false
	}
	var castling chess.Bitboard
	for c := range 2 {
		rank := p.r.castleRank[c]
		for files := p.castle[c]; files != 0; files &= files - 1 {
			f := 0
			for files&(1<<f) == 0 {
				f++
			}
			sq := rank*8 + f
			if f >= 8 || board[sq] != chess.MakePiece(chess.Color(c), chess.Rook) ||
				(bitboardKingOn(&board, chess.Color(c), rank) < 0) {
				return 0, false
			}
			castling |= chess.Square(sq).Bit()
		}
	}
	ep := chess.NoSquare
	if p.hasEP {
		file, rank := int(p.ep%16), int(p.ep/16)
		vr := rank - 1 // the pawn that stepped past ep: White takes downwards
		if p.turn == 1 {
			vr = rank + 1
		}
		if !(rank == 5 && p.turn == 0 || rank == 2 && p.turn == 1) || p.victim != sqOf(file, vr) {
			return 0, false
		}
		ep = chess.Square(rank*8 + file)
	}
	q := chess.NewFamilyPosition(&board, chess.Color(p.turn), castling, ep, p.halfmove, p.fullmove)
	return bi.fam.FamilyPerft(&q, p.ChecksRemaining(), depth, stop), true
}

// bitboardKingOn returns the file of c's king on rank, or -1.
func bitboardKingOn(board *[64]chess.Piece, c chess.Color, rank int) int {
	for f := range 8 {
		if board[rank*8+f] == chess.MakePiece(c, chess.King) {
			return f
		}
	}
	return -1
}

package rules

import (
	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/kinematics"
)

// Player is a side. The first player moves first: White in chess and
// shatranj, Black (the dark pieces) in English draughts.
type Player uint8

const (
	// First moves first.
	First Player = iota
	// Second moves second.
	Second
)

// Opponent is the other player.
func (p Player) Opponent() Player { return 1 - p }

// KindID names a piece kind of a variant: Variant.Pieces[id-1]. The zero
// KindID is no piece.
type KindID uint8

// Piece is what stands on a square. The zero Piece is an empty square.
type Piece struct {
	Kind  KindID
	Owner Player
}

// Empty reports whether the square holds nothing.
func (p Piece) Empty() bool { return p.Kind == 0 }

// PieceKind is one kind of piece and everything the rules need about it.
type PieceKind struct {
	Name string
	// Letter is the upper-case FEN letter; the second player's pieces use
	// its lower case.
	Letter byte
	// Aliases are further upper-case letters accepted on input (e.g.
	// Fairy-Stockfish's Q for the shatranj Ferz).
	Aliases  string
	Movement kinematics.Movement
	// Royal pieces may never be left attacked (check) and cannot be taken.
	Royal bool
	// InitialRank is the rank, counted from the owner's side (1 = home
	// rank), on which the kind's Initial components apply; 0 for none.
	InitialRank int
	// InitialRankMin, when non-zero, widens the Initial components to every
	// rank from InitialRankMin to InitialRank (Fairy-Stockfish's
	// doubleStepRankMin and doubleStepRank).
	InitialRankMin int
	// EnPassant marks a pawn: its two-square initial step may be taken en
	// passant, and its capturing steps may take en passant.
	EnPassant bool
	// ResetsClock: moving this kind resets the halfmove clock, as captures do.
	ResetsClock bool
	// Promotion is nil for kinds that never promote.
	Promotion *Promotion
	// GateMovement is extra movement the kind has while it stands on one of
	// its player's gate squares (see Variant.Gates): Cambodian chess's king
	// leap and Neang double step (both move-only).
	GateMovement kinematics.Movement
	// GateNotInCheck forbids the gate moves while the player is in check.
	GateNotInCheck bool
	// ClosesRoyalGate: a move of this kind to the file or rank of the
	// opponent's royal piece on its open gate closes that gate, blocked
	// line or not (Cambodian chess: a rook aimed at the king takes its leap
	// away, as Fairy-Stockfish plays it).
	ClosesRoyalGate bool
}

// Promotion says where and into what a kind promotes.
type Promotion struct {
	// Ranks, counted from the owner's side (1 = home rank), that promote.
	Ranks []int
	// To lists the letters of the kinds it may become.
	To string
	// Optional allows staying unpromoted on a promotion rank.
	Optional bool
	// Mandatory lists ranks among Ranks where an Optional promotion is
	// compulsory all the same (Grand chess's last rank). A move there with
	// no kind left to promote to is not legal.
	Mandatory []int
	// Limit caps, by letter, how many pieces of a kind a player may own
	// for a promotion to it to be allowed: Grand chess, where a pawn
	// becomes only a kind its side has lost. Kinds not listed are unlimited.
	Limit map[byte]int
	// FromZone also promotes a move that starts on a promotion rank
	// (Fairy-Stockfish's promoted piece types, shogi style).
	FromZone bool
	// Squares, when not nil, is the promotion zone as board squares, in
	// place of Ranks: a region that is not whole ranks (argess), or one
	// player's own (see ColourRules). Mandatory still counts ranks.
	Squares []geom.Square // per-colour rules
	// Promoted is the letter, in To, of Fairy-Stockfish's promoted piece
	// type (promotedPieceType): its move text writes a promotion to it
	// "+" (wolf's pawn to an elephant, a9a10+), a piece promotion.
	Promoted byte
}

// Wing is a castling side: the rook on the lower files (A) or the higher
// files (H) than the king.
type Wing uint8

const (
	// ASide is queenside in classic chess.
	ASide Wing = iota
	// HSide is kingside in classic chess.
	HSide
)

// Castling is generalised (Chess960-style) castling: a king and rook of the
// home rank, wherever they stand, end on fixed files.
type Castling struct {
	// King and Rook are the letters of the castling kinds.
	King, Rook byte
	// KingTo and RookTo are the destination files, by Wing.
	KingTo, RookTo [2]int
	// Rank is the rank castling happens on, counted from the player's side
	// (1 = home rank); 0 means 1.
	Rank int
	// Rooks lists, by Player, the letters of every kind that castles as
	// the rook does (perfect chess's chancellor and rook); "" for Rook
	// alone, "-" (no kind's letter) for none.
	Rooks [2]string // castling rooks
	// Chess960 is Fairy-Stockfish's chess960 = true (caparandom): the FEN
	// names every castling right by its rook's file (Shredder-FEN, "JAja")
	// and Fairy-Stockfish's move text writes castling as king takes rook.
	// The moves themselves are the same: Castling is Chess960's already.
	Chess960 bool // family: chess960
}

// NoMovesRule is the result when the side to move has no legal move and is
// not in check.
type NoMovesRule uint8

const (
	// NoMovesDraw: stalemate is a draw (chess).
	NoMovesDraw NoMovesRule = iota
	// NoMovesLoses: the side without a move loses (shatranj stalemate,
	// draughts).
	NoMovesLoses
	// NoMovesWins: the stalemated side wins (Fairy-Stockfish's
	// stalemateValue = win).
	NoMovesWins
)

// Value is the result a game end gives the side it happens to: the
// checkmated side, the side whose pieces an extinction rule counts.
type Value uint8

const (
	// ValueLoss: that side loses (the zero Value: checkmate in chess).
	ValueLoss Value = iota
	// ValueWin: that side wins.
	ValueWin
	// ValueDraw: the game is drawn.
	ValueDraw
)

// ExtinctionRule is Fairy-Stockfish's extinction rule in general: a side
// whose pieces of one of the counted kinds are down to Count or fewer,
// while its opponent has OpponentCount or more of that kind, gets Value.
// The side that has just moved is examined first, then the side to move;
// the first kind that qualifies decides. Royal pieces count like any
// other.
type ExtinctionRule struct {
	// Value is the result for the side whose pieces are extinct.
	Value Value
	// Kinds are the upper-case letters of the kinds counted one by one.
	Kinds string
	// All also counts all of a side's pieces together (Fairy-Stockfish's
	// "*"), royal pieces included.
	All bool
	// Count: a side with this many pieces of a counted kind or fewer is
	// extinct (0: none left).
	Count int
	// OpponentCount: the rule applies only while the opponent has at least
	// this many of the same kind.
	OpponentCount int
	// Claim: the side to move is judged extinct only when the opponent has
	// OpponentCount+1 of the kind, so that it may still answer (the
	// shatranj bared king that takes the last piece back).
	Claim bool
	// PseudoRoyal guards the counted kinds' last pieces as royal ones
	// (extinctionPseudoRoyal; see pseudoroyal.go). Kinds only, not All.
	PseudoRoyal bool // family: antichess
}

// FENStyle chooses the position text a variant reads and writes.
type FENStyle uint8

const (
	// ChessFEN: placement, side, castling, en passant, clocks.
	ChessFEN FENStyle = iota
	// DraughtsFEN: the PDN form "B:W21,22:BK1,2" over numbered squares.
	DraughtsFEN
)

// Variant is a game as data. Define one by filling in the fields; the
// constructors below give the built-in games.
type Variant struct {
	Name   string
	Size   geom.Size
	Pieces []PieceKind
	// Forward is +1 for a player advancing towards higher ranks, −1 for
	// the other way, by Player.
	Forward [2]int
	// Start is the initial position in the variant's FEN style.
	Start string
	// Castling is nil in variants without it.
	Castling *Castling
	// MandatoryCapture: when any capture is legal, only captures are.
	MandatoryCapture bool
	// JumpChains: a jump must continue while another jump is available
	// from its landing square; jumped pieces stay as blockers until the
	// chain ends and cannot be jumped twice. A move is a whole chain.
	JumpChains bool
	// CrowningEndsChain: a piece that promotes during a chain stops there.
	CrowningEndsChain bool
	// NoMoves is the result of stalemate.
	NoMoves NoMovesRule
	// BareKing is the shatranj rule: a side left with only royal pieces
	// loses, unless it is to move and the opponent has a single other piece
	// it may take back (counting follows Fairy-Stockfish, see Outcome).
	BareKing bool
	// Extinction, when not nil, is a general extinction rule (see
	// ExtinctionRule); a variant has BareKing or Extinction.
	Extinction *ExtinctionRule
	// CheckmateValue is the result of checkmate for the side mated (loss
	// by default; Fairy-Stockfish's checkmateValue).
	CheckmateValue Value
	// NoChecking forbids a move that attacks an enemy royal piece (Racing
	// Kings; Fairy-Stockfish's checking = false).
	NoChecking bool
	// EnPassantRegion, when not nil, lists the squares a double step may
	// leave for an en passant capture: the square passed over must be one
	// of them (Fairy-Stockfish's enPassantRegion). nil allows every square;
	// an empty slice that is not nil allows none.
	EnPassantRegion []geom.Square
	// FEN is the position text style.
	FEN FENStyle
	// Gates: the FEN castling field lists gate squares instead of castling
	// rights, by file letter on the home rank (upper case for the first
	// player): squares whose piece has not moved, which may make its kind's
	// GateMovement (Cambodian chess, "DEde"). A gate closes when a piece
	// leaves it or is captured on it. A variant has Gates or Castling.
	Gates bool
	// Counting is the counting rule of the makruk family, nil for none.
	Counting *Counting
	// CheckCounting is the check-counting rule, nil for none.
	CheckCounting *CheckCounting
	// Flag is the capture-the-flag rule (races to a region), nil for none.
	Flag *FlagRule // flag family
	// Stalemate refines NoMoves (stalematePieceCount); nil for none.
	Stalemate *StalemateRule // family: antichess
	// Connect is the connection rule (connect four, teeko); nil for none.
	Connect *ConnectRule // family: connection
	// Capture is what a capture does besides taking (atomic); nil for nothing.
	Capture *CaptureEffects // family: atomic
	// Moves are the move rules (MoveRules), nil for none.
	Moves *MoveRules // family: move rules
	// Colours are the piece rules that differ between the players, nil
	// when they mirror each other (see ColourRules).
	Colours *ColourRules // per-colour rules
	// Walling is the walling rule (duck chess, the Amazons), nil for none.
	Walling *Walling // walling
	// EPSquares are the rules that leave more en passant squares (triple
	// steps), nil for none.
	EPSquares *EnPassantSquares // en passant squares
	// Royal are the royal guards (flyingGeneral, dupleCheck), nil for none.
	Royal *RoyalGuards // family: royal guards
	// Petrify turns capturers into walls (Petrification); nil for none.
	Petrify *Petrification // family: petrify
	// EPUse keeps a pawn step's en passant squares only where
	// Fairy-Stockfish sets them; nil keeps every one.
	EPUse *EnPassantUse // family: fen en passant
	// Soldiers holds xiangqi's soldiers to their file until they cross
	// the river (SoldierRule); nil for none.
	Soldiers *SoldierRule // family: palaces
	// Palace is janggi's palace: its diagonal lines and cannons
	// (PalaceLines); nil for none.
	Palace *PalaceLines // family: palaces
	// Drops are the drops family's rules (DropRules), nil for none.
	Drops *DropRules // family: drops
	// Gating is Seirawan gating (GatingRules), nil for none. It gives the
	// game a hand even without Drops.
	Gating *GatingRules // family: gating
	// Chase is xiangqi's rule against perpetual chase (ChaseRule); nil
	// for none.
	Chase *ChaseRule // family: palaces
	// SideLetters are the FEN letters of the players, by Player ("w", "b";
	// "B", "W" in PDN).
	SideLetters [2]string
}

// Kind returns the piece kind of id, which must be non-zero.
func (v *Variant) Kind(id KindID) *PieceKind { return &v.Pieces[id-1] }

// KindByLetter finds a kind by its upper-case letter or alias.
func (v *Variant) KindByLetter(letter byte) (KindID, bool) {
	for i := range v.Pieces {
		if v.Pieces[i].Letter == letter {
			return KindID(i + 1), true
		}
	}
	for i := range v.Pieces {
		for j := 0; j < len(v.Pieces[i].Aliases); j++ {
			if v.Pieces[i].Aliases[j] == letter {
				return KindID(i + 1), true
			}
		}
	}
	return 0, false
}

// RelativeRank counts sq's rank from p's home side: 1 is p's home rank.
func (v *Variant) RelativeRank(p Player, sq geom.Square) int {
	if v.Forward[p] > 0 {
		return sq.Rank + 1
	}
	return v.Size.H - sq.Rank
}

// CastlingRank is the zero-based board rank on which p castles.
func (v *Variant) CastlingRank(p Player) int {
	r := 0
	if v.Castling != nil && v.Castling.Rank > 1 {
		r = v.Castling.Rank - 1
	}
	if v.Forward[p] > 0 {
		return r
	}
	return v.Size.H - 1 - r
}

// HomeRank is the zero-based board rank of p's home row.
func (v *Variant) HomeRank(p Player) int {
	if v.Forward[p] > 0 {
		return 0
	}
	return v.Size.H - 1
}

// EnPassantOn reports whether a double step passing over sq may be taken
// en passant (see EnPassantRegion).
func (v *Variant) EnPassantOn(sq geom.Square) bool {
	if v.EnPassantRegion == nil {
		return true
	}
	for _, s := range v.EnPassantRegion {
		if s == sq {
			return true
		}
	}
	return false
}

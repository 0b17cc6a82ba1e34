package rules

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/internal/race"
)

// gameStart is a variant with a position to play random games from.
type gameStart struct {
	name    string
	variant func() *Variant
	fen     string // "" for the variant's start
}

// gameStarts are positions of every built-in variant, a few Chess960
// starts among them.
func gameStarts(t *testing.T) []gameStart {
	t.Helper()
	starts := []gameStart{
		{"chess", Chess, ""},
		{"capablanca", Capablanca, ""},
		{"shatranj", Shatranj, ""},
		{"shatranj (alternative setup)", ShatranjAlternative, ""},
		{"draughts", EnglishDraughts, ""},
		{"kiwipete", Chess, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
	}
	cases, err := perftdata.Load("chess/chess960-starts.perft")
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{0, 105, 517, 959} {
		starts = append(starts, gameStart{"chess960-" + cases[i].ID, Chess, cases[i].FEN})
	}
	return starts
}

// randomGames plays games random legal moves from each start and calls
// visit on every position reached (before its move is chosen): one game
// of half the plies under the race detector, which slows the reference
// generator fiftyfold and finds no race in it.
func randomGames(t *testing.T, games, plies int, visit func(t *testing.T, p *Position)) {
	t.Helper()
	if race.Enabled {
		games, plies = 1, plies/2
	}
	for i, s := range gameStarts(t) {
		t.Run(s.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			fen := s.fen
			if fen == "" {
				fen = s.variant().Start
			}
			start, err := ParseFEN(s.variant(), fen)
			if err != nil {
				t.Fatal(err)
			}
			for g := 0; g < games; g++ {
				p := start
				for ply := 0; ply < plies; ply++ {
					visit(t, p)
					moves := p.LegalMoves()
					if len(moves) == 0 {
						break
					}
					p = p.apply(moves[rng.IntN(len(moves))])
				}
			}
		})
	}
}

// Lemma no_friendly_capture: no legal move takes a piece of the mover, nor
// lands on one (castling's king and rook excepted: they change places).
func TestNoFriendlyFire(t *testing.T) {
	randomGames(t, 4, 120, func(t *testing.T, p *Position) {
		for _, m := range p.LegalMoves() {
			for _, sq := range m.Captures {
				if pc := p.At(sq); pc.Empty() || pc.Owner == p.turn {
					t.Fatalf("%s: %s captures %v on %v", p.FEN(), p.MoveText(m), pc, sq)
				}
			}
			if to := p.At(m.To); !m.Castle && !to.Empty() && to.Owner == p.turn {
				t.Fatalf("%s: %s lands on its own piece", p.FEN(), p.MoveText(m))
			}
		}
	})
}

// Lemma legal_never_leaves_king_in_check (legal_prevents_self_check).
func TestLegalNeverLeavesKingInCheck(t *testing.T) {
	randomGames(t, 4, 120, func(t *testing.T, p *Position) {
		for _, m := range p.LegalMoves() {
			if q := p.apply(m); q.royalAttacked(p.turn) {
				t.Fatalf("%s: %s leaves the mover in check (%s)", p.FEN(), p.MoveText(m), q.FEN())
			}
		}
	})
}

// Lemma fen_roundtrip for the reference position text, in every variant.
func TestFENRoundtrip(t *testing.T) {
	randomGames(t, 4, 150, func(t *testing.T, p *Position) {
		q, err := ParseFEN(p.v, p.FEN())
		if err != nil {
			t.Fatalf("%s does not read back: %v", p.FEN(), err)
		}
		if q.FEN() != p.FEN() || !slices.Equal(q.board.squares, p.board.squares) || q.turn != p.turn ||
			!slices.Equal(q.castling, p.castling) || q.hasEP != p.hasEP || q.ep != p.ep {
			t.Fatalf("%s reads back as %s", p.FEN(), q.FEN())
		}
	})
}

// Lemma opposite_color_involutive.
func TestOppositeColorInvolutive(t *testing.T) {
	for _, p := range []Player{First, Second} {
		if p.Opponent() == p || p.Opponent().Opponent() != p {
			t.Fatalf("Opponent is not an involution without fixed points at %d", p)
		}
	}
}

// Lemma board_update_retrieve: after Set(sq, pc), At(sq) is pc and every
// other square is unchanged — exhaustively over squares and pieces of
// every built-in variant's board.
func TestBoardUpdateRetrieve(t *testing.T) {
	for name, mk := range Builtin() {
		v := mk()
		base, err := Start(v)
		if err != nil {
			t.Fatal(err)
		}
		var pieces []Piece
		for id := range v.Pieces {
			pieces = append(pieces, Piece{Kind: KindID(id + 1), Owner: First}, Piece{Kind: KindID(id + 1), Owner: Second})
		}
		pieces = append(pieces, Piece{})
		for _, sq := range v.Size.Squares() {
			for _, pc := range pieces {
				b := base.board.Clone()
				b.Set(sq, pc)
				for _, other := range v.Size.Squares() {
					want := base.board.At(other)
					if other == sq {
						want = pc
					}
					if got := b.At(other); got != want {
						t.Fatalf("%s: after Set(%v, %v), At(%v) = %v, want %v", name, sq, pc, other, got, want)
					}
				}
			}
		}
		off := geom.Square{File: v.Size.W, Rank: 0}
		b := base.board.Clone()
		b.Set(off, pieces[0])
		if !slices.Equal(b.squares, base.board.squares) || !b.At(off).Empty() {
			t.Fatalf("%s: an off-board Set changed the board", name)
		}
	}
}

// Lemma perft_deterministic for the reference generator: the same position
// gives the same count and the same move order every time.
func TestPerftDeterministic(t *testing.T) {
	for name, mk := range Builtin() {
		p, _ := Start(mk())
		a, b := p.Divide(2), p.Divide(2)
		if len(a) == 0 || len(a) != len(b) {
			t.Fatalf("%s: divide sizes %d, %d", name, len(a), len(b))
		}
		for k, n := range a {
			if b[k] != n {
				t.Fatalf("%s: %s counted %d then %d", name, k, n, b[k])
			}
		}
		first, second := p.LegalMoves(), p.LegalMoves()
		for i := range first {
			if p.MoveText(first[i]) != p.MoveText(second[i]) {
				t.Fatalf("%s: move order differs at %d", name, i)
			}
		}
	}
}

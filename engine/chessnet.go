package engine

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/baten-chess/baten/chess"
)

// The chess evaluation network: a perspective network of one hidden
// layer, as the first efficiently updatable networks (NNUE) of chess
// engines. Each side's perspective sees the 768 inputs "a man of this
// role and colour (own or enemy) on this square", the board turned for
// Black; a layer of netHidden sums, kept up to date move by move in an
// accumulator (only the men a move moves change it), is clipped to
// [0, 1] and squared for each perspective (SCReLU, as in recent
// engines' networks), and one output weighs both, the side to move's
// first; each range of men on the board (netBuckets of them) has
// an output of its own. The weights (chessnet.bin) were trained by
// chessnet_train_test.go on positions of played games and of searches
// labelled by Stockfish's evaluation; only figures cross over, never
// code.

const (
	netInputs = 768 // colour (own, enemy) × role (pawn..king) × square
	netHidden = 512 // the accumulator's width, per perspective
	// dotChunk is the units squaredDotChunk sums in int32s.
	dotChunk = 256
	// netBuckets is the number of output layers: bucket (men−2)/4 for
	// 2…32 men on the board.
	netBuckets = 8
	// Quantisation: the accumulator holds the hidden sums × netQA (so
	// the clipped sum is 0…netQA, its square 0…netQA²), the output
	// weights are × netQB, at most netW2Max: times a clipped sum, that
	// fits an int16.
	netQA    = 255
	netQB    = 64
	netW2Max = 128
	// maxChunkSum is the most a chunk's sum can reach: this fails to
	// compile if it overflows an int32.
	maxChunkSum int32 = dotChunk * netQA * netQA * netW2Max
	// netScale turns the network's output (a logit of the expected score)
	// into centipawns.
	netScale = 400
)

// The accumulator's sums are int16s packed four to a uint64, as one
// integer: units 4j…4j+3 of a row of weights are word j = Σ v_k·2^(16k)
// (mod 2^64). Adding and subtracting rows is then plain uint64
// arithmetic, a quarter of the operations of int16s one by one, and
// exact: a carry or borrow from lane k into lane k+1 is part of the sum.
// Each accumulator word also holds lanesHigh (b1 brings it): as no sum
// leaves int16's range (parseChessNet checks the weights), word ^
// lanesHigh then has each lane's int16 in its 16 bits.
const netWords = netHidden / 4

// lanesHigh is the top bit of each int16 lane.
const lanesHigh = 0x8000_8000_8000_8000

// accRow is one input's weights, or one perspective's sums, packed.
type accRow [netWords]uint64

// chessNet holds the quantised weights.
type chessNet struct {
	w1 [netInputs]accRow
	b1 accRow                          // with lanesHigh in each word
	w2 [netBuckets][2][netHidden]int16 // by bucket, the side to move's first
	b2 [netBuckets]int32               // × netQA × netQB
	// zero is a row of zeros: addSub with it takes a row away.
	zero accRow
}

//go:embed chessnet.bin
var chessNetFile []byte

// chessNetMagic starts a weights file, with netInputs, netHidden and
// netBuckets after it. It reads BATENNT2 since the sums are squared: a
// BATENNET file, trained for the clip alone, is refused.
const chessNetMagic = "BATENNT2"

// defaultNet is the network the engine plays with, read once from the
// embedded file; it is never written after.
var defaultNet = func() *chessNet {
	n, err := parseChessNet(chessNetFile)
	if err != nil {
		panic(fmt.Sprintf("engine: the embedded chessnet.bin: %v", err)) // a build fault, caught by every test
	}
	return n
}()

// errNetFile reports a weights file of the wrong shape, or whose weights
// could overflow the sums.
var errNetFile = errors.New("not a chess network file")

// parseChessNet reads a weights file: the magic, the input, hidden and
// bucket counts (uint16 each), then as little-endian int16s w1 row by
// row, b1 and each bucket's w2, then each bucket's b2 as an int32.
func parseChessNet(b []byte) (*chessNet, error) {
	const size = len(chessNetMagic) + 6 + 2*(netInputs*netHidden+netHidden+netBuckets*2*netHidden) + 4*netBuckets
	if len(b) != size || string(b[:len(chessNetMagic)]) != chessNetMagic {
		return nil, fmt.Errorf("%w: %d bytes, want %d starting %q", errNetFile, len(b), size, chessNetMagic)
	}
	b = b[len(chessNetMagic):]
	if in, hid, buckets := binary.LittleEndian.Uint16(b), binary.LittleEndian.Uint16(b[2:]), binary.LittleEndian.Uint16(b[4:]); in != netInputs || hid != netHidden || buckets != netBuckets {
		return nil, fmt.Errorf("%w: %d inputs × %d hidden × %d buckets, want %d × %d × %d", errNetFile, in, hid, buckets, netInputs, netHidden, netBuckets)
	}
	b = b[6:]
	n := &chessNet{}
	var w1 [netInputs][netHidden]int16
	var b1 [netHidden]int16
	for i := range w1 {
		readInt16s(w1[i][:], b[2*netHidden*i:])
	}
	b = b[2*netHidden*netInputs:]
	readInt16s(b1[:], b)
	b = b[2*netHidden:]
	for k := range n.w2 {
		for side := range n.w2[k] {
			readInt16s(n.w2[k][side][:], b[2*netHidden*(2*k+side):])
		}
	}
	b = b[2*2*netHidden*netBuckets:]
	for k := range n.b2 {
		n.b2[k] = int32(binary.LittleEndian.Uint32(b[4*k:]))
	}
	if err := checkRange(&w1, &b1, &n.w2); err != nil {
		return nil, err
	}
	for i := range w1 {
		n.w1[i] = packRow(&w1[i])
	}
	n.b1 = packRow(&b1)
	for j := range n.b1 {
		n.b1[j] += lanesHigh
	}
	return n, nil
}

// readInt16s fills v with the little-endian int16s at the start of b.
func readInt16s(v []int16, b []byte) {
	for i := range v {
		v[i] = int16(binary.LittleEndian.Uint16(b[2*i:]))
	}
}

// packRow packs a row of weights as accRow says.
func packRow(v *[netHidden]int16) (r accRow) {
	for j, x := range v {
		r[j/4] += uint64(int64(x) << (16 * (j % 4)))
	}
	return r
}

// checkRange makes sure no position overflows the int16 sums or the
// output's: each hidden sum's bias and its 32 largest weights (a board
// holds at most 32 men) fit in an int16, and each output weight is
// within ±netW2Max (maxChunkSum).
func checkRange(w1 *[netInputs][netHidden]int16, b1 *[netHidden]int16, w2 *[netBuckets][2][netHidden]int16) error {
	var col [netInputs]int
	for j := range netHidden {
		for i := range w1 {
			col[i] = abs(int(w1[i][j]))
		}
		slices.Sort(col[:])
		sum := abs(int(b1[j]))
		for _, w := range col[netInputs-32:] {
			sum += w
		}
		if sum > math.MaxInt16 {
			return fmt.Errorf("%w: hidden sum %d can reach %d, beyond an int16", errNetFile, j, sum)
		}
	}
	for k := range w2 {
		for _, side := range w2[k] {
			for _, w := range side {
				if abs(int(w)) > netW2Max {
					return fmt.Errorf("%w: output %d has a weight %d, beyond ±%d", errNetFile, k, w, netW2Max)
				}
			}
		}
	}
	return nil
}

// netFeature is the input of a man of colour c and role r on s for the
// perspective of side: own men first, the board turned for Black.
func netFeature(side, c chess.Color, r chess.Role, s chess.Square) int {
	if side == chess.Black {
		s ^= 56
	}
	enemy := 0
	if c != side {
		enemy = 1
	}
	return (enemy*6+int(r)-int(chess.Pawn))*64 + int(s)
}

// accumulator is the hidden layer's sums for White's and Black's perspective.
type accumulator [2]accRow

// refresh computes a from scratch for p.
func (n *chessNet) refresh(a *accumulator, p *chess.Position) {
	a[0], a[1] = n.b1, n.b1
	for c := chess.White; c <= chess.Black; c++ {
		for r := chess.Pawn; r <= chess.King; r++ {
			for b := p.Pieces(c, r); b != 0; {
				s := b.PopLSB()
				n.add(a, c, r, s)
			}
		}
	}
}

// row is the weights of a man, packed as in netDiff, for the perspective of side.
func (n *chessNet) row(side chess.Color, m uint16) *accRow {
	c, r, s := unpackMan(m)
	return &n.w1[netFeature(side, c, r, s)]
}

// add puts a man into a.
func (n *chessNet) add(a *accumulator, c chess.Color, r chess.Role, s chess.Square) {
	addSub(&a[0], &a[0], &n.w1[netFeature(chess.White, c, r, s)], &n.zero)
	addSub(&a[1], &a[1], &n.w1[netFeature(chess.Black, c, r, s)], &n.zero)
}

// addSubGeneric is addSub without vector instructions.
func addSubGeneric(dst, src, add, sub *accRow) {
	for i, x := range src {
		dst[i] = x + add[i] - sub[i]
	}
}

// netDiff is what a move changes among the men: those it takes off the
// board and puts on (castling moves two of each, a capture takes two
// off), each as colour<<9 | role from 0<<6 | square.
type netDiff struct {
	off, on   [2]uint16
	nOff, nOn uint8
}

func packMan(c chess.Color, r chess.Role, s chess.Square) uint16 {
	return uint16(c)<<9 | uint16(r-chess.Pawn)<<6 | uint16(s)
}

func unpackMan(m uint16) (chess.Color, chess.Role, chess.Square) {
	return chess.Color(m >> 9), chess.Pawn + chess.Role(m>>6&7), chess.Square(m & 63)
}

// moveDiff is what m changes among the men of p, before it is played.
func moveDiff(p *chess.Position, m chess.Move) (d netDiff) {
	from, to := m.From(), m.To()
	pc := p.PieceAt(from)
	c := pc.Color()
	switch {
	case m.IsCastling():
		// Both lifted, then both put down: in Chess960 the king or rook
		// may land where either stood.
		d.off = [2]uint16{packMan(c, chess.King, from), packMan(c, chess.Rook, to)}
		d.on = [2]uint16{packMan(c, chess.King, m.KingTo()), packMan(c, chess.Rook, m.RookTo())}
		d.nOff, d.nOn = 2, 2
		return d
	case m.IsEnPassant():
		d.off[1] = packMan(c.Other(), chess.Pawn, to^8)
		d.nOff = 1
	default:
		if captured := p.PieceAt(to); captured != chess.NoPiece {
			d.off[1] = packMan(captured.Color(), captured.Role(), to)
			d.nOff = 1
		}
	}
	r := pc.Role()
	d.off[0] = packMan(c, r, from)
	if promo := m.Promotion(); promo != chess.NoRole {
		r = promo
	}
	d.on[0] = packMan(c, r, to)
	d.nOff++
	d.nOn = 1
	return d
}

// apply makes dst the accumulator of the position d leads to from that
// of src.
func (n *chessNet) apply(dst, src *accumulator, d *netDiff) {
	if d.nOn == 0 {
		*dst = *src // a pass or a ban
		return
	}
	for side := range dst {
		c := chess.Color(side)
		// Each man put on is paired with one taken off (a move takes
		// off at least as many as it puts on): one pass over the sums
		// a pair.
		from := &src[side]
		for i := range d.nOn {
			addSub(&dst[side], from, n.row(c, d.on[i]), n.row(c, d.off[i]))
			from = &dst[side]
		}
		for _, m := range d.off[d.nOn:d.nOff] {
			addSub(&dst[side], &dst[side], &n.zero, n.row(c, m))
		}
	}
}

// evaluate is the network's score of the position of a, with men men on
// the board, for the side to move, in centipawns.
func (n *chessNet) evaluate(a *accumulator, turn chess.Color, men int) int {
	k := netBucket(men)
	// The squares are × netQA²: one netQA is divided out to bring the
	// sum to b2's scale.
	sum := int64(n.b2[k]) + (squaredDot(&a[turn], &n.w2[k][0])+squaredDot(&a[turn^1], &n.w2[k][1]))/netQA
	return int(sum * netScale / (netQA * netQB))
}

// netBucket is the output layer of a board of men men.
func netBucket(men int) int { return min(max(men-2, 0)/4, netBuckets-1) }

// squaredDot is the sum of a's units, each clipped to 0…netQA and
// squared, times w.
func squaredDot(a *accRow, w *[netHidden]int16) int64 {
	var sum int64
	for i := 0; i < netHidden; i += dotChunk {
		sum += int64(squaredDotChunk((*[dotChunk / 4]uint64)(a[i/4:]), (*[dotChunk]int16)(w[i:])))
	}
	return sum
}

// squaredDotGeneric is squaredDot for a chunk of dotChunk units:
// squaredDotChunk where the processor has no vector instructions for
// it.
func squaredDotGeneric(a *[dotChunk / 4]uint64, w *[dotChunk]int16) int32 {
	// Four sums, one per lane, so that the additions need not wait for
	// one another.
	var s0, s1, s2, s3 int32
	for j, x := range a {
		x ^= lanesHigh
		w := (*[4]int16)(w[4*j:])
		v0, v1, v2, v3 := clip(x), clip(x>>16), clip(x>>32), clip(x>>48)
		s0 += v0 * v0 * int32(w[0])
		s1 += v1 * v1 * int32(w[1])
		s2 += v2 * v2 * int32(w[2])
		s3 += v3 * v3 * int32(w[3])
	}
	return s0 + s1 + s2 + s3
}

// clip is the int16 in x's low 16 bits, clipped to 0…netQA.
func clip(x uint64) int32 { return min(max(int32(int16(x)), 0), netQA) }

// netStack keeps the network's accumulators along a line of moves,
// brought up to date when a position is evaluated, not at every move:
// acc[i] is that of the position after the line's first i moves for
// i ≤ ready, and diffs[i] what its i-th move changed (nothing for a
// pass or a ban).
type netStack struct {
	acc   [maxPly + 9]accumulator
	diffs [maxPly + 9]netDiff
	ready int
}

// reset starts the line at p.
func (s *netStack) reset(p *chess.Position) {
	s.ready = 0
	defaultNet.refresh(&s.acc[0], p)
}

// pop takes the line back to its first n moves.
func (s *netStack) pop(n int) { s.ready = min(s.ready, n) }

// evaluate is the score of p, the position after the line's first n
// moves, for its side to move: the network's, and the classical
// evaluation's mop-up where a side is left without pawns. A lone king is
// the classical evaluation's: the network has seen too few such positions
// to drive it to the edge, and left alone drew KQ v K.
func (s *netStack) evaluate(n int, p *chess.Position) int {
	for s.ready < n {
		s.ready++
		defaultNet.apply(&s.acc[s.ready], &s.acc[s.ready-1], &s.diffs[s.ready])
	}
	if loneKing(p) {
		return evalChess(p)
	}
	v := defaultNet.evaluate(&s.acc[n], p.Turn(), p.Occupied().Count())
	if p.Turn() == chess.White {
		return v + mopUp(p)
	}
	return v - mopUp(p)
}

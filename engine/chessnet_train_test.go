package engine

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/pgn"
	"github.com/baten-chess/baten/san"
)

// The chess network's weights (chessnet.bin) are trained on positions of
// played chess games and of searches from them, labelled by Stockfish's
// static evaluation (its `eval` command, "Final evaluation"):
//
//	go test ./engine -run TestTrainNet -timeout 3h \
//	    -train-net-pgn 'games/*.pgn' -train-net-sf /usr/games/stockfish \
//	    -train-net-data labels.txt -train-net-search 1500 \
//	    -train-net-roots 50000 -train-net-every 50 -train-net-epochs 20
//
// reads the games (PGN without a Variant tag, or Variant "Standard"),
// keeps each position not in check whose next move in the game neither
// captures nor promotes (each once), adds one in every 50 of the
// positions that searches of 1,500 nodes from 50,000 of them evaluate (a
// search meets positions games do not: a man left hanging, a lopsided
// trade; the searches evaluate with the network chessnet.bin holds when
// the tool is built), asks Stockfish for its evaluation (one process per
// CPU), writes the labelled positions to -train-net-data (and reads them
// from there when the file exists, so a second training skips the
// searches and Stockfish), trains and rewrites chessnet.bin. Only
// figures cross over: the training sees Stockfish's numbers, never its
// code or network. BENCHMARKS.md ("Strength, fifteenth round" and
// "sixteenth round") has the data and the matches that kept the
// network; the second set of positions was written by a run with
// -train-net-epochs 0 (which leaves chessnet.bin alone) and appended to
// the first's file.
var (
	trainNetPGN    = flag.String("train-net-pgn", "", "rewrite chessnet.bin by training on the positions of these PGN files (a glob), labelled by Stockfish")
	trainNetSF     = flag.String("train-net-sf", "stockfish", "the Stockfish binary for -train-net-pgn")
	trainNetData   = flag.String("train-net-data", "", "with -train-net-pgn: the labelled positions' file (FEN;label lines), read if it exists, else written")
	trainNetInit   = flag.String("train-net-init", "", "with -train-net-pgn: start from this network file's weights (a chessnet.bin), not at random")
	trainNetEpochs = flag.Int("train-net-epochs", 20, "with -train-net-pgn: passes over the positions (0: only write -train-net-data, keep chessnet.bin)")
	trainNetSearch = flag.Int("train-net-search", 0, "with -train-net-pgn: also train on positions a search of this many nodes from each game position evaluates (one in -train-net-every)")
	trainNetEvery  = flag.Int("train-net-every", 50, "with -train-net-search: keep one evaluated position in this many")
	trainNetRoots  = flag.Int("train-net-roots", 50000, "with -train-net-search: search from this many game positions, evenly spaced")
)

// trainSample is a position for training: its men (packMan, by White's
// board), the side to move and the
// target, the expected score for the side to move.
type trainSample struct {
	men    []uint16
	turn   chess.Color
	target float32
}

// TestTrainNet trains chessnet.bin with -train-net-pgn. Without it, it
// checks the trainer: a network trained on random games' positions,
// labelled by the classical evaluation, learns them (its loss falls to a
// tenth of the untrained network's), the labels' scale is found, and the
// quantised network scores as the trained one does.
func TestTrainNet(t *testing.T) {
	if *trainNetPGN != "" {
		trainNet(t)
		return
	}
	games := 60
	if race.Enabled {
		games = 12
	}
	rng := rand.New(rand.NewPCG(9, 10))
	var fens []string
	var labels []float64
	for range games {
		p := chess.Startpos()
		for range 60 {
			var ml chess.MoveList
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			if !p.InCheck() {
				// Labels as Stockfish gives them: pawns, from White's side.
				fens, labels = append(fens, p.FEN(chess.CastlingClassic)), append(labels, float64(signed(p.Turn(), evalChess(&p)-20))/100)
			}
			p.Play(ml.Slice()[rng.IntN(ml.Len())])
		}
	}
	scale, samples, err := trainSamples(fens, labels)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(scale-1) > 1e-9 {
		t.Errorf("labels × %v, want × 1 (they are the classical evaluation's)", scale)
	}
	tr := newTrainer(rand.New(rand.NewPCG(3, 4)), 32)
	before := tr.loss(samples)
	for epoch := range 20 {
		tr.epoch(samples, 0.003, rand.New(rand.NewPCG(5, uint64(epoch))))
	}
	if after := tr.loss(samples); after > before/10 {
		t.Errorf("loss %.5f after training, %.5f before: want a tenth", after, before)
	}
	n, err := parseChessNet(tr.quantise())
	if err != nil {
		t.Fatal(err)
	}
	// Rounding each weight to 1/netQA errs by a little in every sum, and
	// squaring the sums doubles that: the quantised network's scores are
	// off by a few centipawns (a wrong scale or a lost bias would be off
	// by hundreds). Trained on the race build's 12 games, the mean is 6.
	var scratch trainScratch
	var sum, worst float64
	for i := range samples {
		us, them := sampleFeatures(&samples[i], false, scratch.us[:0], scratch.them[:0])
		want := float64(tr.forward(us, them, netBucket(len(samples[i].men)), scratch.h[:])) * netScale
		var a accumulator
		a[0], a[1] = n.b1, n.b1
		for _, man := range samples[i].men {
			c, r, sq := unpackMan(man)
			n.add(&a, c, r, sq)
		}
		e := math.Abs(float64(n.evaluate(&a, samples[i].turn, len(samples[i].men))) - want)
		sum, worst = sum+e, max(worst, e)
	}
	t.Logf("quantised: mean error %.2f, worst %.1f", sum/float64(len(samples)), worst)
	if mean := sum / float64(len(samples)); mean > 10 || worst > 40 {
		t.Errorf("the quantised network's scores are off by %.2f on average, at worst %.1f: want ≤ 10 and ≤ 40", mean, worst)
	}
}

// trainNet is TestTrainNet with -train-net-pgn.
func trainNet(t *testing.T) {
	var fens []string
	var labels []float64
	if *trainNetData != "" {
		if f, err := os.Open(*trainNetData); err == nil {
			fens, labels, err = readLabels(f)
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	if fens == nil {
		positions, err := quietPositions(*trainNetPGN)
		if err != nil {
			t.Fatal(err)
		}
		if *trainNetSearch > 0 {
			positions = searchedPositions(positions, *trainNetRoots, *trainNetSearch, *trainNetEvery)
		}
		labels, err = stockfishEvals(*trainNetSF, positions)
		if err != nil {
			t.Fatal(err)
		}
		for i := range positions {
			fens = append(fens, positions[i].FEN(chess.CastlingClassic))
		}
		if *trainNetData != "" {
			if err := writeLabels(*trainNetData, fens, labels); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d labelled positions", len(fens))
	if *trainNetEpochs == 0 {
		return // only the labelled positions were asked for
	}
	scale, samples, err := trainSamples(fens, labels)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("labels × %.3f (the scale at which the classical evaluation fits them)", scale)
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(samples), func(i, j int) { samples[i], samples[j] = samples[j], samples[i] })
	held := len(samples) / 50
	t.Logf("the classical evaluation's held-out loss: %.6f", classicalLoss(samples[:held]))
	tr := newTrainer(rand.New(rand.NewPCG(3, 4)), 4096)
	if *trainNetInit != "" {
		b, err := os.ReadFile(*trainNetInit)
		if err == nil {
			err = tr.load(b)
		}
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("from %s: held-out loss %.6f", *trainNetInit, tr.loss(samples[:held]))
	}
	for epoch := range *trainNetEpochs {
		lr := 0.001
		switch {
		case epoch >= *trainNetEpochs*85/100:
			lr *= 0.1
		case epoch >= *trainNetEpochs*60/100:
			lr *= 0.3
		}
		loss := tr.epoch(samples[held:], lr, rand.New(rand.NewPCG(5, uint64(epoch))))
		t.Logf("epoch %d: training loss %.6f, held-out loss %.6f", epoch+1, loss, tr.loss(samples[:held]))
	}
	if err := os.WriteFile("chessnet.bin", tr.quantise(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// quietPositions reads the chess games of the PGN files matching glob
// and returns their quiet positions (see TestTrainNet), each once.
func quietPositions(glob string) ([]chess.Position, error) {
	files, err := filepath.Glob(glob)
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("-train-net-pgn %q: no files (%v)", glob, err)
	}
	seen := map[string]bool{}
	var positions []chess.Position
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		r := pgn.NewReader(f)
		for {
			g, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				continue // a game the reader cannot read is skipped
			}
			if v := g.Tags.Get("Variant"); v != "" && !strings.EqualFold(v, "standard") {
				continue
			}
			p := chess.Startpos()
			if fen := g.Tags.Get("FEN"); fen != "" {
				s, err := chess.ParseFEN(fen)
				if err != nil {
					continue
				}
				if p, err = chess.NewPosition(s); err != nil {
					continue
				}
			}
			for _, text := range g.MainLine() {
				m, err := san.ParseMove(&p, text)
				if err != nil {
					break // a move this replay does not read ends the game's positions
				}
				if key := p.FEN(chess.CastlingClassic); !p.InCheck() && chessOrder(&p, m) == 0 && !seen[key] {
					seen[key] = true
					positions = append(positions, p)
				}
				p.Play(m)
			}
		}
		f.Close()
	}
	return positions, nil
}

// samplingGame is a chess Game that keeps one in every of the positions
// the search evaluates.
type samplingGame struct {
	*chessGame
	every, count int
	kept         []chess.Position
}

func (g *samplingGame) Evaluate() int {
	if g.count++; g.count%g.every == 0 {
		g.kept = append(g.kept, g.pos)
	}
	return g.chessGame.Evaluate()
}

// searchedPositions returns roots and one in every of the positions a
// search of nodes evaluates from each of n roots, evenly spaced, each
// position once: the positions a search meets (a man left hanging, a
// lopsided trade) that games' quiet positions do not show. The searches
// are shared among one searcher per CPU.
func searchedPositions(roots []chess.Position, n, nodes, every int) []chess.Position {
	n = min(n, len(roots))
	workers := runtime.NumCPU()
	found := make([][]chess.Position, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			g := &samplingGame{chessGame: &chessGame{}, every: every}
			s := NewSearcher[chess.Move](g, 16)
			for i := w; i < n; i += workers {
				g.pos, g.n, g.gen = roots[i*len(roots)/n], 0, false
				g.net.reset(&g.pos)
				s.Search(context.Background(), Limits{Nodes: uint64(nodes)}, nil, nil)
			}
			found[w] = g.kept
		})
	}
	wg.Wait()
	seen := map[string]bool{}
	out := roots[:len(roots):len(roots)]
	for _, r := range roots {
		seen[r.FEN(chess.CastlingClassic)] = true
	}
	for _, ps := range found {
		for _, p := range ps {
			if key := p.FEN(chess.CastlingClassic); !p.InCheck() && !seen[key] {
				seen[key] = true
				out = append(out, p)
			}
		}
	}
	return out
}

// stockfishEvals returns Stockfish's static evaluation of each position,
// in its pawns, from White's side; the positions are shared among one
// process per CPU.
func stockfishEvals(bin string, positions []chess.Position) ([]float64, error) {
	labels := make([]float64, len(positions))
	workers := runtime.NumCPU()
	errs := make(chan error, workers)
	for w := range workers {
		go func() {
			lo, hi := w*len(positions)/workers, (w+1)*len(positions)/workers
			errs <- stockfishEvalRange(bin, positions[lo:hi], labels[lo:hi])
		}()
	}
	var err error
	for range workers {
		err = errors.Join(err, <-errs)
	}
	return labels, err
}

// stockfishEvalRange is stockfishEvals for one process, its session
// written while its answers are read (they run to kilobytes each).
func stockfishEvalRange(bin string, positions []chess.Position, labels []float64) error {
	cmd := exec.Command(bin)
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("%s: %w", bin, err)
	}
	go func() {
		w := bufio.NewWriter(in)
		for i := range positions {
			fmt.Fprintf(w, "position fen %s\neval\n", positions[i].FEN(chess.CastlingClassic))
		}
		w.WriteString("quit\n")
		w.Flush()
		in.Close()
	}()
	n := 0
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "Final evaluation")
		if !ok {
			continue
		}
		fields := strings.Fields(rest)
		if len(fields) == 0 || n == len(labels) {
			return fmt.Errorf("%s: evaluation line %q", bin, sc.Text())
		}
		v, err := strconv.ParseFloat(fields[0], 64)
		if fields[0] == "none" {
			v, err = math.NaN(), nil // in check
		}
		if err != nil {
			return fmt.Errorf("%s: evaluation %q: %w", bin, fields[0], err)
		}
		labels[n] = v
		n++
	}
	if err := cmd.Wait(); err != nil {
		return fmt.Errorf("%s: %w", bin, err)
	}
	if n != len(labels) {
		return fmt.Errorf("%s: %d evaluations for %d positions", bin, n, len(labels))
	}
	return nil
}

// readLabels reads FEN;label lines.
func readLabels(r io.Reader) ([]string, []float64, error) {
	var fens []string
	var labels []float64
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		fen, label, ok := strings.Cut(sc.Text(), ";")
		v, err := strconv.ParseFloat(label, 64)
		if !ok || err != nil {
			return nil, nil, fmt.Errorf("labels line %d: %q is not FEN;label", line, sc.Text())
		}
		fens, labels = append(fens, fen), append(labels, v)
	}
	return fens, labels, sc.Err()
}

func writeLabels(name string, fens []string, labels []float64) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	for i := range fens {
		fmt.Fprintf(w, "%s;%g\n", fens[i], labels[i])
	}
	return errors.Join(w.Flush(), f.Close())
}

// trainSamples turns labelled positions into samples. The labels are
// scaled to the classical evaluation's centipawns first (the search's
// margins are in those), by the least-squares slope of evalChess on the
// labels of the positions within three pawns.
func trainSamples(fens []string, labels []float64) (float64, []trainSample, error) {
	positions := make([]chess.Position, 0, len(fens))
	kept := labels[:0:0]
	var sxy, sxx float64
	for i, fen := range fens {
		if math.IsNaN(labels[i]) {
			continue
		}
		s, err := chess.ParseFEN(fen)
		if err != nil {
			return 0, nil, err
		}
		p, err := chess.NewPosition(s)
		if err != nil {
			return 0, nil, err
		}
		positions, kept = append(positions, p), append(kept, labels[i])
		if x := labels[i] * 100; math.Abs(x) < 300 {
			y := float64(evalChess(&p) - 20)
			if p.Turn() == chess.Black {
				y = -y
			}
			sxy += x * y
			sxx += x * x
		}
	}
	if sxx == 0 {
		return 0, nil, errors.New("no labels within three pawns")
	}
	scale := sxy / sxx
	samples := make([]trainSample, len(positions))
	for i := range positions {
		p := &positions[i]
		cp := kept[i] * 100 * scale
		if p.Turn() == chess.Black {
			cp = -cp
		}
		smp := trainSample{turn: p.Turn(), target: float32(sigmoid(cp / netScale))}
		for c := chess.White; c <= chess.Black; c++ {
			for r := chess.Pawn; r <= chess.King; r++ {
				for b := p.Pieces(c, r); b != 0; {
					smp.men = append(smp.men, packMan(c, r, b.PopLSB()))
				}
			}
		}
		samples[i] = smp
	}
	return scale, samples, nil
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// The trainer's parameters in float32: w1 by input, then b1, w2 by
// bucket, b2 by bucket.
const (
	tW1     = 0
	tB1     = netInputs * netHidden
	tW2     = tB1 + netHidden
	tB2     = tW2 + netBuckets*2*netHidden
	tParams = tB2 + netBuckets
)

// trainer fits the network by Adam on the squared error between the
// sigmoid of its output and the target.
type trainer struct {
	w, m, v []float32
	batch   int // samples a step
	steps   int
}

func newTrainer(rng *rand.Rand, batch int) *trainer {
	tr := &trainer{w: make([]float32, tParams), m: make([]float32, tParams), v: make([]float32, tParams), batch: batch}
	for i := tW1; i < tB1; i++ {
		tr.w[i] = float32(rng.NormFloat64() * 0.05)
	}
	for i := tW2; i < tB2; i++ {
		tr.w[i] = float32(rng.NormFloat64() * 0.1)
	}
	return tr
}

// sampleFeatures returns the inputs of s for each perspective, the side
// to move's first; mirror turns the board left to right.
func sampleFeatures(s *trainSample, mirror bool, us, them []int) ([]int, []int) {
	for _, man := range s.men {
		c, r, sq := unpackMan(man)
		if mirror {
			sq ^= 7
		}
		us = append(us, netFeature(s.turn, c, r, sq))
		them = append(them, netFeature(s.turn^1, c, r, sq))
	}
	return us, them
}

// forward computes the hidden sums of both perspectives into h (2 ×
// netHidden) and returns the output of bucket k.
func (tr *trainer) forward(us, them []int, k int, h []float32) float32 {
	for k, feats := range [2][]int{us, them} {
		acc := h[k*netHidden : (k+1)*netHidden]
		copy(acc, tr.w[tB1:tW2])
		for _, f := range feats {
			row := tr.w[tW1+f*netHidden : tW1+(f+1)*netHidden]
			for i := range acc {
				acc[i] += row[i]
			}
		}
	}
	out := tr.w[tB2+k]
	w2 := tr.w[tW2+k*2*netHidden:]
	for i, x := range h {
		x = min(max(x, 0), 1)
		out += x * x * w2[i]
	}
	return out
}

// gradient adds the gradient of one sample's loss to g and returns the loss.
func (tr *trainer) gradient(s *trainSample, mirror bool, g []float32, scratch *trainScratch) float64 {
	us, them := sampleFeatures(s, mirror, scratch.us[:0], scratch.them[:0])
	h := scratch.h[:]
	bucket := netBucket(len(s.men))
	y := float64(tr.forward(us, them, bucket, h))
	p := sigmoid(y)
	d := p - float64(s.target)
	dy := float32(2 * d * p * (1 - p))
	g[tB2+bucket] += dy
	w2 := tW2 + bucket*2*netHidden
	for k, feats := range [2][]int{us, them} {
		dh := scratch.dh[:]
		for i := range netHidden {
			x := h[k*netHidden+i]
			c := min(max(x, 0), 1)
			g[w2+k*netHidden+i] += dy * c * c
			dh[i] = 0
			if x > 0 && x < 1 {
				dh[i] = dy * tr.w[w2+k*netHidden+i] * 2 * x
				g[tB1+i] += dh[i]
			}
		}
		for _, f := range feats {
			row := g[tW1+f*netHidden : tW1+(f+1)*netHidden]
			for i := range row {
				row[i] += dh[i]
			}
		}
	}
	return d * d
}

type trainScratch struct {
	us, them []int
	h        [2 * netHidden]float32
	dh       [netHidden]float32
}

// epoch runs one pass over samples in batches (each sample mirrored at
// random) and returns the mean loss.
func (tr *trainer) epoch(samples []trainSample, lr float64, rng *rand.Rand) float64 {
	order := rng.Perm(len(samples))
	mirror := make([]bool, len(samples))
	for i := range mirror {
		mirror[i] = rng.IntN(2) == 1
	}
	workers := runtime.NumCPU()
	grads := make([][]float32, workers)
	for i := range grads {
		grads[i] = make([]float32, tParams)
	}
	var total float64
	for lo := 0; lo < len(order); lo += tr.batch {
		batch := order[lo:min(lo+tr.batch, len(order))]
		losses := make([]float64, workers)
		var wg sync.WaitGroup
		for w := range workers {
			wg.Go(func() {
				g := grads[w]
				clear(g)
				var scratch trainScratch
				for _, i := range batch[w*len(batch)/workers : (w+1)*len(batch)/workers] {
					losses[w] += tr.gradient(&samples[i], mirror[i], g, &scratch)
				}
			})
		}
		wg.Wait()
		for w := 1; w < workers; w++ {
			for i, x := range grads[w] {
				grads[0][i] += x
			}
		}
		for _, l := range losses {
			total += l
		}
		tr.adam(grads[0], float32(lr), float32(len(batch)))
	}
	return total / float64(len(samples))
}

// adam takes one step along the gradient summed over n samples.
func (tr *trainer) adam(g []float32, lr, n float32) {
	const b1, b2, eps = 0.9, 0.999, 1e-8
	tr.steps++
	c1 := float32(1 - math.Pow(b1, float64(tr.steps)))
	c2 := float32(1 - math.Pow(b2, float64(tr.steps)))
	for i, gi := range g {
		gi /= n
		tr.m[i] = b1*tr.m[i] + (1-b1)*gi
		tr.v[i] = b2*tr.v[i] + (1-b2)*gi*gi
		tr.w[i] -= lr * (tr.m[i] / c1) / (float32(math.Sqrt(float64(tr.v[i]/c2))) + eps)
	}
	// The output weights are stored × netQB, at most netW2Max; the
	// clip keeps the quantised ones in range.
	const w2Max = float32(netW2Max) / netQB
	for i := tW2; i < tB2; i++ {
		tr.w[i] = min(max(tr.w[i], -w2Max), w2Max)
	}
}

// loss is the mean loss over samples, unmirrored.
func (tr *trainer) loss(samples []trainSample) float64 {
	var total float64
	var scratch trainScratch
	h := scratch.h[:]
	for i := range samples {
		us, them := sampleFeatures(&samples[i], false, scratch.us[:0], scratch.them[:0])
		d := sigmoid(float64(tr.forward(us, them, netBucket(len(samples[i].men)), h))) - float64(samples[i].target)
		total += d * d
	}
	return total / float64(len(samples))
}

// classicalLoss is loss for evalChess.
func classicalLoss(samples []trainSample) float64 {
	var total float64
	for i := range samples {
		var s chess.Setup
		s.Turn, s.EnPassant, s.Fullmove = samples[i].turn, chess.NoSquare, 1
		for _, man := range samples[i].men {
			c, r, sq := unpackMan(man)
			s.Board[sq] = chess.MakePiece(c, r)
		}
		p, err := chess.NewPosition(s)
		if err != nil {
			continue
		}
		d := sigmoid(float64(evalChess(&p)-20)/netScale) - float64(samples[i].target)
		total += d * d
	}
	return total / float64(len(samples))
}

// load sets the weights to those of a network file, as quantise wrote
// them: training goes on from where that network was.
func (tr *trainer) load(b []byte) error {
	if _, err := parseChessNet(b); err != nil {
		return err
	}
	b = b[len(chessNetMagic)+6:]
	int16At := func(i int) float32 { return float32(int16(binary.LittleEndian.Uint16(b[2*i:]))) }
	for i := tW1; i < tW2; i++ {
		tr.w[i] = int16At(i) / netQA
	}
	for i := tW2; i < tB2; i++ {
		tr.w[i] = int16At(i) / netQB
	}
	for i := tB2; i < tParams; i++ {
		tr.w[i] = float32(int32(binary.LittleEndian.Uint32(b[2*tB2+4*(i-tB2):]))) / (netQA * netQB)
	}
	return nil
}

// quantise writes the weights in chessnet.bin's format.
func (tr *trainer) quantise() []byte {
	b := []byte(chessNetMagic)
	b = binary.LittleEndian.AppendUint16(b, netInputs)
	b = binary.LittleEndian.AppendUint16(b, netHidden)
	b = binary.LittleEndian.AppendUint16(b, netBuckets)
	q := func(x float32, scale float64) {
		v := math.Round(float64(x) * scale)
		b = binary.LittleEndian.AppendUint16(b, uint16(int16(max(min(v, math.MaxInt16), math.MinInt16))))
	}
	for i := tW1; i < tW2; i++ {
		q(tr.w[i], netQA)
	}
	for i := tW2; i < tB2; i++ {
		q(tr.w[i], netQB)
	}
	for i := tB2; i < tParams; i++ {
		b = binary.LittleEndian.AppendUint32(b, uint32(int32(math.Round(float64(tr.w[i])*netQA*netQB))))
	}
	return b
}

// TestTrainerLoad: a network file loaded into the trainer and quantised
// again is the same file, byte for byte; a file the engine would refuse
// is refused.
func TestTrainerLoad(t *testing.T) {
	tr := newTrainer(rand.New(rand.NewPCG(3, 4)), 32)
	if err := tr.load(chessNetFile); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(tr.quantise(), chessNetFile) {
		t.Error("chessnet.bin loaded and quantised again differs")
	}
	if err := tr.load(chessNetFile[:len(chessNetFile)-1]); !errors.Is(err, errNetFile) {
		t.Errorf("a short file: %v, want %v", err, errNetFile)
	}
}

package pgn

import (
	"bytes"
	"flag"
	"io"
	"os"
	"runtime"
	"testing"

	"github.com/baten-chess/baten/internal/race"
)

// sampleGame is one annotated game with comments, NAGs and variations.
const sampleGame = `[Event "Stream"]
[Site "?"]
[Date "2024.01.01"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 {[%eval 0.2] [%clk 0:03:00]} 1... c5 {[%eval 0.3]} 2. Nf3 d6 (2... Nc6 3.
d4 cxd4 4. Nxd4 (4. c3 $5) 4... Nf6) 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 $1 6. Be3
e5 7. Nb3 Be6 8. f3 Be7 9. Qd2 O-O 10. O-O-O Nbd7 11. g4 b5 12. g5 b4 13. Ne2
Ne8 14. f4 a5 15. f5 a4 16. Nbd4 exd4 17. Nxd4 b3 18. Kb1 bxc2+ 19. Nxc2 Bb3
20. axb3 axb3 21. Nc3 Ra1+ 22. Kc1 1-0

`

// repeatReader yields the same game over and over, n bytes in all.
type repeatReader struct {
	game []byte
	off  int
	left int64
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.left <= 0 {
		return 0, io.EOF
	}
	n := 0
	for n < len(p) && r.left > 0 {
		c := copy(p[n:], r.game[r.off:])
		if int64(c) > r.left {
			c = int(r.left)
		}
		n += c
		r.left -= int64(c)
		r.off = (r.off + c) % len(r.game)
	}
	return n, nil
}

var streamMB = flag.Int("pgn.stream-mb", 0, "MB of games TestStreamBoundedMemory reads (default 32, 8 with -short)")

// TestStreamBoundedMemory reads 32 MB (8 MB with -short; any size with
// -pgn.stream-mb=N, e.g. 1024) of games from a generated stream, keeping
// none, and checks that the heap in use stays under 16 MB throughout: the
// reader never holds more than one game.
func TestStreamBoundedMemory(t *testing.T) {
	size := int64(32 << 20)
	if testing.Short() || race.Enabled {
		size = 8 << 20
	}
	if *streamMB > 0 {
		size = int64(*streamMB) << 20
	}
	game := []byte(sampleGame)
	want := size / int64(len(game))
	r := NewReader(&repeatReader{game: game, left: want * int64(len(game))})
	var ms runtime.MemStats
	var peak uint64
	n := int64(0)
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Moves) != 43 {
			t.Fatalf("game %d has %d moves", n+1, len(g.Moves))
		}
		if n++; n%20000 == 0 {
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapInuse)
		}
	}
	if n != want {
		t.Fatalf("%d games, want %d", n, want)
	}
	t.Logf("%d games, %d MB, peak HeapInuse %.1f MB", n, size>>20, float64(peak)/(1<<20))
	if peak > 16<<20 {
		t.Errorf("peak HeapInuse %d bytes", peak)
	}
}

// TestAllocsPerGame bounds the allocation per game read: it must not grow
// with the input (about one allocation per move, tag and comment).
func TestAllocsPerGame(t *testing.T) {
	game := []byte(sampleGame)
	r := NewReader(&repeatReader{game: game, left: 1 << 40})
	r.Next() // warm up buffers
	allocs := testing.AllocsPerRun(200, func() {
		if _, err := r.Next(); err != nil {
			t.Fatal(err)
		}
	})
	t.Logf("%.0f allocations per game", allocs)
	if allocs > 80 {
		t.Errorf("%.0f allocations per game", allocs)
	}
}

// BenchmarkRead measures reading throughput (MB/s) over every data file
// concatenated, repeated to about 4 MB.
func BenchmarkRead(b *testing.B) {
	_, files := dataFiles(b)
	var one bytes.Buffer
	for _, path := range files {
		data, _ := os.ReadFile(path)
		if bytes.Contains(data, []byte("<br />")) {
			continue
		}
		one.Write(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
		one.WriteString("\n\n")
	}
	input := bytes.Repeat(one.Bytes(), max(1, (4<<20)/one.Len()))
	b.SetBytes(int64(len(input)))
	b.ResetTimer()
	for b.Loop() {
		r := NewReader(bytes.NewReader(input))
		for {
			_, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkWrite measures writing throughput (MB of PGN produced per s).
func BenchmarkWrite(b *testing.B) {
	g, err := NewReader(bytes.NewReader([]byte(sampleGame))).Next()
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	Write(&buf, g)
	b.SetBytes(int64(buf.Len()))
	w := NewWriter(io.Discard)
	for b.Loop() {
		if err := w.Write(g); err != nil {
			b.Fatal(err)
		}
	}
}

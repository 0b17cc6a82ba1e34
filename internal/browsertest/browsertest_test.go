package browsertest

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const testPage = `<!doctype html><html><head><meta charset="utf-8"><title>t</title>
<link rel="icon" href="data:,"></head><body>
<div id="board" style="display:grid;grid-template-columns:repeat(2,60px)">
<div data-square="a2" style="height:60px;background:#eee"></div>
<div data-square="b2" style="height:60px;background:#999"></div>
<div data-square="a1" style="height:60px;background:#999"></div>
<div data-square="b1" style="height:60px;background:#eee"></div>
</div>
<p data-status>waiting</p><span data-clock="white">5:00</span>
<input name="fen"><button id="err" onclick="console.error('boom')">err</button>
<script>
let down = null;
for (const sq of document.querySelectorAll('[data-square]')) {
  sq.addEventListener('click', () => { document.querySelector('[data-status]').textContent = 'clicked ' + sq.dataset.square; });
  sq.addEventListener('pointerdown', () => { down = sq.dataset.square; });
  sq.addEventListener('pointerup', () => { if (down && down !== sq.dataset.square) document.querySelector('[data-status]').textContent = 'dragged ' + down + ' ' + sq.dataset.square; down = null; });
}
document.querySelector('[name=fen]').addEventListener('change', (e) => { document.querySelector('[data-status]').textContent = 'fen ' + e.target.value; });
</script></body></html>`

// TestBrowser runs every helper against a small page.
func TestBrowser(t *testing.T) {
	b := Start(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(testPage))
	}))
	defer srv.Close()

	p := b.NewPage(t, "one")
	p.MarkFirst("board", "#board [data-square=b1]")
	start := time.Now()
	p.Navigate(srv.URL)
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("navigation took %v", d)
	}
	tm := p.NavigationTiming()
	if tm.DOMContentLoaded <= 0 || tm.DOMContentLoaded > 10000 || tm.ResponseEnd > tm.DOMContentLoaded {
		t.Errorf("timing %+v", tm)
	}
	if at := p.FirstSeen("board"); at < 0 || at > tm.DOMContentLoaded {
		t.Errorf("board first seen at %v, DOMContentLoaded at %v", at, tm.DOMContentLoaded)
	}
	p.WaitStatus("waiting", 0)
	if got := p.Clock("white"); got != "5:00" {
		t.Errorf("clock %q", got)
	}
	p.ClickSquare("b1")
	p.WaitStatus("clicked b1", 0)
	p.Drag("a2", "b1")
	p.WaitStatus("dragged a2 b1", 0)
	p.SetValue(`[name=fen]`, "8/8")
	p.WaitStatus("fen 8/8", 0)
	if p.Exists("[data-square=h8]") || !p.Exists("[data-square=a1]") {
		t.Error("Exists")
	}
	p.NoConsoleErrors()

	// A second context shares no storage with the first.
	_ = Eval[bool](p, `(localStorage.setItem('k', 'v'), true)`)
	q := b.NewPage(t, "two")
	q.Navigate(srv.URL)
	if v := Eval[*string](q, `localStorage.getItem('k')`); v != nil {
		t.Errorf("second context sees the first's storage: %q", *v)
	}

	// Console errors are recorded.
	q.Click("#err")
	q.Wait("the error", "true", "", 0)
	deadline := time.Now().Add(5 * time.Second)
	for len(q.ConsoleErrors()) == 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if errs := q.ConsoleErrors(); len(errs) != 1 || !strings.Contains(errs[0].Text, "boom") {
		t.Errorf("console errors %v", errs)
	}
	q.Allow("boom")
	q.NoConsoleErrors()

	// Nothing outside loopback is reachable.
	q.NoExternalRequests()
	if ok := Eval[bool](q, `fetch('http://example.com/').then(() => true, () => false)`); ok {
		t.Error("example.com was reachable")
	}
	deadline = time.Now().Add(5 * time.Second)
	for len(q.ExternalRequests()) == 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if ext := q.ExternalRequests(); len(ext) != 1 || ext[0] != "http://example.com/" {
		t.Errorf("external requests %v", ext)
	}

	path := filepath.Join(t.TempDir(), "shot.png")
	p.Screenshot(path)
	if b, err := os.ReadFile(path); err != nil || !strings.HasPrefix(string(b), "\x89PNG") {
		t.Errorf("screenshot: %v", err)
	}
}

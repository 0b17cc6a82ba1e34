// Package browsertest drives a real headless Chromium from tests, through
// the DevTools protocol (github.com/chromedp/chromedp).
//
// Start finds the browser (BATEN_CHROMIUM, else chromium or
// chromium-browser on PATH; Debian's package is chromium, and .ci/run
// installs it) and skips the test only when there is none. Each Page is a
// tab in a browser context of its own, like a private window: players
// share no storage. A page records what its console says; NoConsoleErrors
// fails the test on any error or uncaught exception. Every helper is
// bounded by the browser's Timeout and fails the test when it runs out.
//
// The browser reaches nothing beyond loopback: every other host goes
// through a proxy address where nothing listens, and host names other
// than localhost do not resolve.
package browsertest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// Env names the variable that may give the browser's path.
const Env = "BATEN_CHROMIUM"

// Window size of every page, in CSS pixels: screenshots have this size.
const (
	Width  = 900
	Height = 700
)

// ExecPath returns the browser to run: $BATEN_CHROMIUM if set, else the
// first of chromium and chromium-browser on PATH; "" if none is there.
func ExecPath() string {
	if p := os.Getenv(Env); p != "" {
		if lp, err := exec.LookPath(p); err == nil {
			return lp
		}
		return ""
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// Browser is one headless Chromium process.
type Browser struct {
	// Timeout bounds every helper of the pages (10 s unless changed).
	Timeout time.Duration

	t      testing.TB
	path   string
	ctx    context.Context // the browser's own chromedp context
	cancel context.CancelFunc
	out    *syncBuffer
}

// syncBuffer collects the browser's output for failure messages.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.b.Len() > 1<<16 {
		return len(p), nil
	}
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Start runs a headless Chromium for the test and stops it at the test's
// end. It skips the test when no browser is installed.
func Start(t testing.TB) *Browser {
	t.Helper()
	path := ExecPath()
	if path == "" {
		t.Skipf("no Chromium: install Debian's chromium package (apt-get install chromium) or set %s to the browser's path", Env)
	}
	b := &Browser{Timeout: 10 * time.Second, t: t, path: path, out: &syncBuffer{}}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox, // tests may run as root, where the sandbox refuses to start
		chromedp.DisableGPU,
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.WindowSize(Width, Height),
		chromedp.UserDataDir(t.TempDir()),
		// Nothing beyond loopback: other hosts go to a dead proxy and do
		// not resolve.
		chromedp.Flag("proxy-server", "http://127.0.0.1:9"),
		chromedp.Flag("proxy-bypass-list", "<-loopback>;127.0.0.1;localhost;[::1]"),
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1"),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-domain-reliability", true),
		chromedp.Flag("no-pings", true),
		chromedp.Flag("disable-features", "Translate,BlinkGenPropertyTrees,OptimizationHints,MediaRouter,AutofillServerCommunication"),
		chromedp.CombinedOutput(b.out),
	)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(alloc)
	b.ctx = ctx
	b.cancel = func() { cancelCtx(); cancelAlloc() }
	// The first action starts the browser and binds it to ctx, so it
	// must not carry a deadline: bound it from outside.
	done := make(chan error, 1)
	go func() { done <- chromedp.Do(ctx) }()
	select {
	case err := <-done:
		if err != nil {
			b.cancel()
			t.Fatalf("starting %s: %v\n%s", path, err, b.out.String())
		}
	case <-time.After(30 * time.Second):
		b.cancel()
		t.Fatalf("starting %s: no answer within 30s\n%s", path, b.out.String())
	}
	t.Cleanup(b.Close)
	return b
}

// Path is the browser's executable.
func (b *Browser) Path() string { return b.path }

// Close stops the browser (also done at the test's end).
func (b *Browser) Close() {
	if b.cancel == nil {
		return
	}
	ctx, cancel := context.WithTimeout(b.ctx, 5*time.Second)
	defer cancel()
	_ = chromedp.Cancel(ctx)
	b.cancel()
	b.cancel = nil
}

// Page is a tab in a browser context of its own (no cookies or storage
// shared with other pages), with its console recorded.
type Page struct {
	// Name labels the page in failure messages ("white", "spectator").
	Name string

	t      testing.TB
	b      *Browser
	ctx    context.Context
	cancel context.CancelFunc

	mu       sync.Mutex
	console  []chromedp.ConsoleMessage
	allowed  []string
	reported int      // errors NoConsoleErrors has reported
	external []string // requests beyond loopback
}

// NewPage opens a tab in a fresh browser context, reporting failures to t
// (which may be a subtest of the browser's test). The page closes at the
// end of t.
func (b *Browser) NewPage(t testing.TB, name string) *Page {
	t.Helper()
	ctx, cancel := chromedp.NewContext(b.ctx, chromedp.WithNewBrowserContext())
	p := &Page{Name: name, t: t, b: b, ctx: ctx, cancel: cancel}
	// Attach the tab (unbounded context, bounded wait, as in Start).
	done := make(chan error, 1)
	go func() {
		done <- chromedp.Do(ctx, chromedp.EmulateViewport(Width, Height))
	}()
	select {
	case err := <-done:
		if err != nil {
			cancel()
			t.Fatalf("%s: opening a tab: %v", name, err)
		}
	case <-time.After(b.Timeout):
		cancel()
		t.Fatalf("%s: opening a tab: no answer within %v", name, b.Timeout)
	}
	msgs := chromedp.Console(ctx)
	go func() {
		for m, err := range msgs {
			if err != nil {
				return
			}
			p.mu.Lock()
			p.console = append(p.console, m)
			p.mu.Unlock()
		}
	}()
	reqs := chromedp.Events(ctx, network.RequestWillBeSent)
	go func() {
		for ev, err := range reqs {
			if err != nil {
				return
			}
			if ev.Request != nil && !isLocal(ev.Request.URL) {
				p.mu.Lock()
				p.external = append(p.external, ev.Request.URL)
				p.mu.Unlock()
			}
		}
	}()
	t.Cleanup(p.Close)
	return p
}

// isLocal reports whether a request stays on this machine: loopback
// hosts, or data:, blob: and about: URLs.
func isLocal(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil {
		return false
	}
	switch u.Scheme {
	case "data", "blob", "about":
		return true
	}
	switch u.Hostname() {
	case "127.0.0.1", "localhost", "::1":
		return true
	}
	return false
}

// ExternalRequests returns the URLs the page asked for beyond loopback
// (none got through: see the package comment).
func (p *Page) ExternalRequests() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.external...)
}

// NoExternalRequests fails the test if the page asked for anything beyond
// loopback: a page that needs the internet does not work offline.
func (p *Page) NoExternalRequests() {
	p.t.Helper()
	if ext := p.ExternalRequests(); len(ext) > 0 {
		p.t.Errorf("%s: %d request(s) beyond loopback: %s", p.Name, len(ext), strings.Join(ext, ", "))
	}
}

// Close closes the tab and its browser context.
func (p *Page) Close() {
	if p.cancel != nil {
		p.cancel()
		p.cancel = nil
	}
}

// T returns the test the page reports to.
func (p *Page) T() testing.TB { return p.t }

// SetT makes the page report to t from now on (for a page shared by
// subtests).
func (p *Page) SetT(t testing.TB) { p.t = t }

// do runs actions within the timeout, failing the test with what.
func (p *Page) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, p.b.Timeout)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.t.Fatalf("%s: %s: %v%s", p.Name, what, err, p.recentConsole())
	}
}

// Navigate loads url and waits for its load event.
func (p *Page) Navigate(url string) {
	p.t.Helper()
	p.do("navigate to "+url, chromedp.Navigate(url))
}

// Reload reloads the page and waits for its load event.
func (p *Page) Reload() {
	p.t.Helper()
	p.do("reload", chromedp.Reload())
}

// Click clicks the center of the first element css matches, once it is
// visible. An element replaced while it is clicked (a list redrawn) is
// looked up again.
func (p *Page) Click(css string) {
	p.t.Helper()
	p.retry("click "+css, chromedp.Click(chromedp.CSS(css)))
}

// retry runs an action until it succeeds or the timeout ends: for
// actions on nodes the page may replace between the lookup and the
// action.
func (p *Page) retry(what string, action chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	deadline := time.Now().Add(p.b.Timeout)
	for {
		ctx, cancel := context.WithDeadline(p.ctx, deadline)
		err := chromedp.Do(ctx, action)
		cancel()
		if err == nil {
			return
		}
		if time.Now().After(deadline) || p.ctx.Err() != nil {
			p.t.Fatalf("%s: %s: %v%s", p.Name, what, err, p.recentConsole())
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// SquareSelector is the selector of a board square (data-square).
func SquareSelector(square string) string {
	return fmt.Sprintf(`[data-square=%q]`, square)
}

// ClickSquare clicks the square named square ("e2", or "11" on a
// draughts board).
func (p *Page) ClickSquare(square string) {
	p.t.Helper()
	p.Click(SquareSelector(square))
}

// Drag drags with the mouse from the square from to the square to.
func (p *Page) Drag(from, to string) {
	p.t.Helper()
	p.retry("drag "+from+" to "+to,
		chromedp.DragAndDrop(chromedp.CSS(SquareSelector(from)), chromedp.CSS(SquareSelector(to))))
}

// DragTo drags with the mouse from the element css selects (a piece in
// hand) to the square to.
func (p *Page) DragTo(css, to string) {
	p.t.Helper()
	p.retry("drag "+css+" to "+to,
		chromedp.DragAndDrop(chromedp.CSS(css), chromedp.CSS(SquareSelector(to))))
}

// SetValue sets a form field's value (and fires its input and change
// events).
func (p *Page) SetValue(css, value string) {
	p.t.Helper()
	js := fmt.Sprintf(`(() => { const e = document.querySelector(%s); if (!e) return false;
		e.value = %s; e.dispatchEvent(new Event('input', {bubbles: true}));
		e.dispatchEvent(new Event('change', {bubbles: true})); return true; })()`, jsString(css), jsString(value))
	if !Eval[bool](p, js) {
		p.t.Fatalf("%s: set %s: no such element%s", p.Name, css, p.recentConsole())
	}
}

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// Eval evaluates a JavaScript expression in the page (promises awaited)
// and decodes its value into T.
func Eval[T any](p *Page, expr string) T {
	p.t.Helper()
	v, err := TryEval[T](p, expr)
	if err != nil {
		p.t.Fatalf("%s: evaluating %s: %v%s", p.Name, short(expr), err, p.recentConsole())
	}
	return v
}

// TryEval is Eval returning its error.
func TryEval[T any](p *Page, expr string) (T, error) {
	ctx, cancel := context.WithTimeout(p.ctx, p.b.Timeout)
	defer cancel()
	return chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
}

func short(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 120 {
		return s[:117] + "..."
	}
	return s
}

// Wait polls the JavaScript expression cond until it is truthy, failing
// the test after timeout (the browser's Timeout if 0). what describes the
// wait; the failure shows the last value of show (a JavaScript
// expression, may be "").
func (p *Page) Wait(what, cond, show string, timeout time.Duration) {
	p.t.Helper()
	if err := p.TryWait(cond, timeout); err != nil {
		last := ""
		if show != "" {
			if v, err := TryEval[any](p, show); err == nil {
				last = fmt.Sprintf(" (now %v)", v)
			}
		}
		p.t.Fatalf("%s: waiting for %s: %v%s%s", p.Name, what, err, last, p.recentConsole())
	}
}

// TryWait is Wait returning its error. The condition is polled in the
// page (every 25 ms, one round trip to the browser for the whole wait);
// an exception in it counts as false; a navigation under way restarts
// the poll in the new document.
func (p *Page) TryWait(cond string, timeout time.Duration) error {
	if timeout == 0 {
		timeout = p.b.Timeout
	}
	deadline := time.Now().Add(timeout)
	expr := "(() => { try { return !!(" + cond + "); } catch (e) { return false; } })()"
	var lastErr error
	for {
		left := time.Until(deadline)
		if left <= 0 {
			if lastErr != nil {
				return fmt.Errorf("not within %v: %w", timeout, lastErr)
			}
			return fmt.Errorf("not within %v", timeout)
		}
		ctx, cancel := context.WithTimeout(p.ctx, left+time.Second)
		ok, err := chromedp.Run(ctx, chromedp.Poll[bool](expr,
			chromedp.WithPollingInterval(25*time.Millisecond), chromedp.WithPollingTimeout(left)))
		cancel()
		switch {
		case err == nil && ok:
			return nil
		case errors.Is(err, chromedp.ErrPollingTimeout), err == nil:
			lastErr = nil
		default:
			lastErr = err // the document went away: poll the next one
			time.Sleep(25 * time.Millisecond)
		}
	}
}

// textOf is a JavaScript expression for the trimmed text of css's first
// match, or null.
func textOf(css string) string {
	return fmt.Sprintf(`((e) => e ? e.textContent.replace(/\s+/g, ' ').trim() : null)(document.querySelector(%s))`, jsString(css))
}

// Exists reports whether css matches an element now.
func (p *Page) Exists(css string) bool {
	p.t.Helper()
	return Eval[bool](p, fmt.Sprintf(`!!document.querySelector(%s)`, jsString(css)))
}

// WaitVisible waits until css matches an element that is displayed.
func (p *Page) WaitVisible(css string) {
	p.t.Helper()
	p.Wait(css+" visible", fmt.Sprintf(`((e) => e && e.getClientRects().length > 0)(document.querySelector(%s))`, jsString(css)), "", 0)
}

// Text returns the trimmed text of css's first match ("" if none).
func (p *Page) Text(css string) string {
	p.t.Helper()
	s := Eval[*string](p, textOf(css))
	if s == nil {
		return ""
	}
	return *s
}

// Attr returns an attribute of css's first match ("" if none).
func (p *Page) Attr(css, name string) string {
	p.t.Helper()
	return Eval[string](p, fmt.Sprintf(`((e) => e && e.getAttribute(%s) || '')(document.querySelector(%s))`, jsString(name), jsString(css)))
}

// WaitText waits until the text of css's first match contains substr
// (case-insensitive).
func (p *Page) WaitText(css, substr string, timeout time.Duration) {
	p.t.Helper()
	cond := fmt.Sprintf(`((s) => s !== null && s.toLowerCase().includes(%s))(%s)`, jsString(strings.ToLower(substr)), textOf(css))
	p.Wait(fmt.Sprintf("%s to say %q", css, substr), cond, textOf(css), timeout)
}

// Status returns the text of the [data-status] element.
func (p *Page) Status() string {
	p.t.Helper()
	return p.Text("[data-status]")
}

// WaitStatus waits until the [data-status] element's text contains
// substr (case-insensitive).
func (p *Page) WaitStatus(substr string, timeout time.Duration) {
	p.t.Helper()
	p.WaitText("[data-status]", substr, timeout)
}

// Clock returns the text of the clock of color ([data-clock=color]).
func (p *Page) Clock(color string) string {
	p.t.Helper()
	return p.Text(fmt.Sprintf(`[data-clock=%q]`, color))
}

// Screenshot saves the visible part of the page as a PNG file.
func (p *Page) Screenshot(path string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, p.b.Timeout)
	defer cancel()
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatalf("%s: screenshot: %v", p.Name, err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// Timing is the page's navigation timing, in milliseconds from the start
// of the navigation.
type Timing struct {
	ResponseEnd      float64 `json:"responseEnd"`
	DOMContentLoaded float64 `json:"domContentLoadedEventEnd"`
	Load             float64 `json:"loadEventEnd"`
}

// NavigationTiming reads the current document's PerformanceNavigationTiming.
func (p *Page) NavigationTiming() Timing {
	p.t.Helper()
	return Eval[Timing](p, `(() => { const n = performance.getEntriesByType('navigation')[0];
		return n ? {responseEnd: n.responseEnd, domContentLoadedEventEnd: n.domContentLoadedEventEnd, loadEventEnd: n.loadEventEnd} : {}; })()`)
}

// MarkFirst makes every document the page loads from now on record when
// css first matches an element (performance.now(), milliseconds from the
// start of the navigation); FirstSeen reads it. It measures, say, the time
// to the first rendered board without the latency of polling.
func (p *Page) MarkFirst(name, css string) {
	p.t.Helper()
	src := fmt.Sprintf(`(() => {
		const key = '__browsertest_' + %s, css = %s;
		const mark = () => { if (window[key] === undefined && document.querySelector(css)) window[key] = performance.now(); };
		const obs = new MutationObserver(() => { mark(); if (window[key] !== undefined) obs.disconnect(); });
		obs.observe(document, {subtree: true, childList: true, attributes: true});
		mark();
	})();`, jsString(name), jsString(css))
	ctx, cancel := context.WithTimeout(p.ctx, p.b.Timeout)
	defer cancel()
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument,
		page.AddScriptToEvaluateOnNewDocumentParams{Source: src}); err != nil {
		p.t.Fatalf("%s: mark %s: %v", p.Name, css, err)
	}
}

// FirstSeen returns when the current document first matched MarkFirst's
// css of that name (milliseconds from the start of its navigation), or
// -1 if it has not yet.
func (p *Page) FirstSeen(name string) float64 {
	p.t.Helper()
	return Eval[float64](p, fmt.Sprintf(`((v) => v === undefined ? -1 : v)(window['__browsertest_' + %s])`, jsString(name)))
}

// Allow makes NoConsoleErrors ignore console errors whose text contains
// substr (an error the test provokes on purpose).
func (p *Page) Allow(substr string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.allowed = append(p.allowed, substr)
}

// Console returns every console message seen so far.
func (p *Page) Console() []chromedp.ConsoleMessage {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]chromedp.ConsoleMessage(nil), p.console...)
}

// ConsoleErrors returns the console errors and uncaught exceptions seen
// so far (log entries of level error, such as failed requests, count).
func (p *Page) ConsoleErrors() []chromedp.ConsoleMessage {
	p.mu.Lock()
	defer p.mu.Unlock()
	var errs []chromedp.ConsoleMessage
next:
	for _, m := range p.console {
		if m.Type != chromedp.ConsoleError && !m.IsException() {
			continue
		}
		for _, a := range p.allowed {
			if strings.Contains(m.Text, a) {
				continue next
			}
		}
		errs = append(errs, m)
	}
	return errs
}

// NoConsoleErrors fails the test if the page's console showed an error
// or an uncaught exception since the last call (or since it opened).
func (p *Page) NoConsoleErrors() {
	p.t.Helper()
	errs := p.ConsoleErrors()
	p.mu.Lock()
	fresh := errs[min(p.reported, len(errs)):]
	p.reported = len(errs)
	p.mu.Unlock()
	if len(fresh) > 0 {
		var b strings.Builder
		for _, m := range fresh {
			fmt.Fprintf(&b, "\n\t%s (%s:%d)", m, m.URL, m.Line+1)
		}
		p.t.Errorf("%s: %d console error(s):%s", p.Name, len(fresh), b.String())
	}
}

// recentConsole formats the last few console messages for a failure.
func (p *Page) recentConsole() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.console) == 0 {
		return ""
	}
	ms := p.console
	if len(ms) > 8 {
		ms = ms[len(ms)-8:]
	}
	var b strings.Builder
	b.WriteString("\n\tconsole:")
	for _, m := range ms {
		fmt.Fprintf(&b, "\n\t\t%s", m)
	}
	return b.String()
}

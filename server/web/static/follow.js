// follow reads an NDJSON stream (docs/server.md) line by line and comes
// back after a failure, with a growing wait, until its handler says it
// is done or stop is called. It tells the page how the connection is
// doing, as GameSocket does.

export function follow(path, { onLine, onState }) {
  let stopped = false;
  let away = false; // the page is hidden in the back-forward cache
  let running = false;
  let ctrl = null;
  let retry = 0;
  const run = async () => {
    running = true;
    while (!stopped && !away) {
      onState(retry === 0 ? 'connecting' : 'reconnecting', retry);
      ctrl = new AbortController();
      try {
        const res = await fetch(path, { cache: 'no-store', signal: ctrl.signal });
        if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
        onState('open', 0);
        retry = 0;
        const reader = res.body.getReader();
        const dec = new TextDecoder();
        let buf = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += dec.decode(value, { stream: true });
          let nl;
          while ((nl = buf.indexOf('\n')) >= 0) {
            const line = buf.slice(0, nl).trim();
            buf = buf.slice(nl + 1);
            if (!line) continue;
            let m;
            try { m = JSON.parse(line); } catch { continue; }
            if (onLine(m)) {
              stopped = true;
              ctrl.abort();
              onState('closed', 0);
            }
          }
          if (stopped) break;
        }
      } catch {
        // a failure, or the abort of stop or pagehide: the loop decides
      }
      if (stopped || away) break;
      retry++;
      onState('reconnecting', retry);
      const wait = Math.min(250 * 2 ** Math.min(retry, 5), 5000) * (0.75 + Math.random() / 2);
      await new Promise((r) => setTimeout(r, wait));
    }
    running = false;
  };
  // A page left for another would keep the stream (and one of the
  // browser's few connections to the server) open in the back-forward
  // cache: end it, and follow again if the page is shown again.
  window.addEventListener('pagehide', () => {
    away = true;
    ctrl?.abort();
  });
  window.addEventListener('pageshow', (e) => {
    away = false;
    if (e.persisted && !stopped && !running) run();
  });
  run();
  return {
    stop() {
      stopped = true;
      ctrl?.abort();
    },
  };
}

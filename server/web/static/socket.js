// A game's WebSocket (docs/server.md) that reconnects by itself: it
// resumes from the last version seen, so nothing is lost while it was
// away, and it tells the page how the connection is doing.

export class GameSocket {
  // handlers: onMessage(msg), onState('connecting'|'open'|'reconnecting'|'closed', retry),
  // retry counting the attempts since the connection was lost.
  constructor(id, token, handlers) {
    this.id = id;
    this.token = token;
    this.h = handlers;
    this.version = 0;
    this.nextID = 1;
    this.pending = new Map(); // act id → {resolve, reject}
    this.retry = 0;
    this.done = false; // the game is over: no reconnecting
    this.connect();
    // A sleeping laptop or a phone that was switched off comes back
    // with a dead socket: check at once instead of waiting for the ping.
    window.addEventListener('online', () => this.kick());
    document.addEventListener('visibilitychange', () => { if (!document.hidden) this.kick(); });
    // A page left for another keeps its socket open in the browser's
    // back-forward cache, and its player would count as present: close
    // it, and come back if the page is shown again.
    window.addEventListener('pagehide', () => {
      this.away = true;
      this.ws?.close();
    });
    window.addEventListener('pageshow', (e) => {
      this.away = false;
      if (e.persisted) this.kick();
    });
  }

  connect() {
    this.h.onState(this.retry === 0 ? 'connecting' : 'reconnecting', this.retry);
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${proto}//${location.host}/api/games/${encodeURIComponent(this.id)}/ws`);
    this.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ t: 'hello', token: this.token || undefined, version: this.version }));
    };
    ws.onmessage = (ev) => {
      let m;
      try { m = JSON.parse(ev.data); } catch { return; }
      if (m.t === 'full' || m.t === 'resumed') {
        this.retry = 0;
        this.h.onState('open', 0);
      }
      if (typeof m.version === 'number' && m.t !== 'ack') this.version = Math.max(this.version, m.version);
      if (m.t === 'ack' || (m.t === 'error' && m.id)) {
        const p = this.pending.get(m.id);
        if (p) {
          this.pending.delete(m.id);
          if (m.t === 'ack') p.resolve(m); else p.reject(new Error(m.error));
        }
      }
      this.h.onMessage(m);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      // Acts sent on this socket get no answer now: the page refetches
      // the position, which shows whether they were played.
      for (const p of this.pending.values()) p.reject(offline('lost'));
      this.pending.clear();
      if (this.done) { this.h.onState('closed', 0); return; }
      if (this.away) return; // pageshow comes back
      this.retry++;
      this.h.onState('reconnecting', this.retry);
      const wait = Math.min(250 * 2 ** Math.min(this.retry, 5), 5000) * (0.75 + Math.random() / 2);
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.connect(), wait);
    };
  }

  // kick reconnects now if the socket is not open.
  kick() {
    if (this.done || !this.ws || this.away) return;
    if (this.ws.readyState === WebSocket.CLOSED) {
      clearTimeout(this.timer);
      this.connect();
    } else if (this.ws.readyState === WebSocket.OPEN) {
      try { this.ws.send('{"t":"ping"}'); } catch { /* onclose follows */ }
    }
  }

  // act sends an action and resolves with its ack (rejects with the
  // server's error, or with an error whose offline is 'unsent' when
  // there is no connection to send it on, 'lost' when the connection
  // went before the answer came).
  act(action) {
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        reject(offline('unsent'));
        return;
      }
      const id = this.nextID++;
      this.pending.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ t: 'act', id, action }));
    });
  }

  // finish stops reconnecting (the game is over).
  finish() {
    this.done = true;
  }
}

// offline returns the error of an act the connection failed: how, in
// offline, and a message for people.
function offline(how) {
  const e = new Error(how === 'unsent' ? 'not sent: the server cannot be reached' :
    'the connection was lost before the server answered');
  e.offline = how;
  return e;
}

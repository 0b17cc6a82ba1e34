// Talking to the server: JSON over fetch, errors as exceptions carrying
// the server's {"error": …} text (or a plain one when the server cannot
// be reached), and the variant list fetched once.

export class APIError extends Error {
  // status 0: no answer at all (network is then true).
  constructor(status, message) {
    super(message);
    this.status = status;
    this.network = status === 0;
  }
}

// api sends a request and returns the decoded JSON answer. A 503 (the
// server is starting or restarting) is retried a few times, as
// docs/server.md asks of clients.
export async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = 'Bearer ' + token;
  for (let attempt = 0; ; attempt++) {
    let res;
    try {
      res = await fetch(path, {
        method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store',
      });
    } catch {
      // The browser's own words ("Failed to fetch") say nothing to people.
      throw new APIError(0, 'the server cannot be reached');
    }
    if (res.status === 503 && attempt < 5) {
      const wait = Number(res.headers.get('Retry-After')) || 1;
      await new Promise((r) => setTimeout(r, Math.min(wait, 5) * 1000));
      continue;
    }
    const text = await res.text();
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch { data = null; }
    if (!res.ok) throw new APIError(res.status, (data && data.error) || text || res.statusText);
    return data;
  }
}

let variantsPromise = null;

// variants returns GET /api/variants, fetched once per page.
export function variants() {
  if (!variantsPromise) {
    variantsPromise = api('GET', '/api/variants').catch((e) => { variantsPromise = null; throw e; });
  }
  return variantsPromise;
}

// Seat tokens are kept per game so that a reload keeps the seat.
const tokenKey = (id) => 'baten:token:' + id;

export function saveToken(id, token) {
  try { localStorage.setItem(tokenKey(id), token); } catch { /* private mode: the fragment still works */ }
}

export function loadToken(id) {
  try { return localStorage.getItem(tokenKey(id)) || ''; } catch { return ''; }
}

// h escapes text for HTML.
export function h(s) {
  return String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}

// clockLabel writes a time control given in milliseconds: "5+3".
export function clockLabel(c) {
  if (!c) return '∞';
  const min = c.initial / 60000;
  const m = Number.isInteger(min) ? String(min) : min.toFixed(1).replace(/\.0$/, '');
  return `${m}+${c.increment / 1000}`;
}

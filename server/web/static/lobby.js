// The lobby: create a game (a seek, or a game with both links), take an
// open seek, watch a live game, open an invite link.

import { api, variants, saveToken, h, clockLabel } from './api.js';

const $ = (sel) => document.querySelector(sel);
const form = $('[data-form="create"]');
let all = [];

function showError(msg) {
  $('[data-error]').textContent = msg || '';
}

async function main() {
  try {
    all = await variants();
  } catch (e) {
    showError('Cannot load the games: ' + e.message);
    return;
  }
  const sel = form.elements.variant;
  sel.innerHTML = all.map((v) => `<option value="${h(v.name)}">${h(v.title)} (${v.width}×${v.height})</option>`).join('');
  // A "New game" link from a game page brings its settings.
  const q = new URLSearchParams(location.search);
  const last = q.get('variant') || localStorage.getItem('baten:variant');
  if (last && all.some((v) => v.name === last)) sel.value = last;
  sel.addEventListener('change', variantChanged);
  variantChanged();
  for (const name of ['limit', 'increment', 'fen']) {
    if (q.has(name)) form.elements[name].value = q.get(name);
  }
  form.addEventListener('submit', (e) => { e.preventDefault(); create(false); });
  $('[data-action="create-both"]').addEventListener('click', () => create(true));
  $('[data-action="refresh"]').addEventListener('click', refresh);
  $('[data-seeks]').addEventListener('click', (e) => {
    const b = e.target.closest('[data-action="accept"]');
    if (b) accept(b.closest('[data-seek]').dataset.seek);
  });
  $('[data-form="invite"]').addEventListener('submit', (e) => { e.preventDefault(); openInvite(); });
  refresh();
  // The lists are small: keep them fresh while the page is visible.
  setInterval(() => { if (!document.hidden) refresh(); }, 5000);
}

// variantChanged shows the start-set fields of the chosen game.
function variantChanged() {
  const v = all.find((x) => x.name === form.elements.variant.value);
  if (!v) return;
  try { localStorage.setItem('baten:variant', v.name); } catch { /* not kept */ }
  $('[data-variant-help]').textContent = `${v.family === 'PDN' ? 'Draughts, PDN notation' : 'SAN notation'}` +
    `${v.bans ? ' · each move is preceded by the opponent banning one of your moves' : ''}`;
  $('[data-starts]').innerHTML = v.starts.map((s) => {
    const hint = s.name === 'chess960' ? `${s.first}–${s.first + s.count - 1} or random` : s.help;
    return `<label>${h(label(s.name))} <input name="${h(s.name)}" placeholder="${h(hint)}" title="${h(s.help)}" spellcheck="false"></label>`;
  }).join('');
}

function label(name) {
  return { chess960: 'Chess960 number', tabiya: 'Tabiya', setup: 'Setup', ballot: 'Ballot' }[name] || name;
}

// request builds the JSON of POST /api/seeks and /api/games from the form.
function request() {
  const f = form.elements;
  const v = all.find((x) => x.name === f.variant.value);
  const req = { variant: v.name };
  if (f.fen.value.trim()) req.fen = f.fen.value.trim();
  for (const s of v.starts) {
    let val = (f[s.name]?.value || '').trim();
    if (!val) continue;
    if (val === 'random' && s.count > 0) val = String(s.first + Math.floor(Math.random() * s.count));
    req[s.name] = /^\d+$/.test(val) ? Number(val) : val;
  }
  // Empty or 0 minutes: no clock. Any other time control goes as typed
  // (checkClock has refused what the fields cannot hold), so the server
  // judges it and its refusal is shown.
  const limit = Number(f.limit.value);
  if (f.limit.value.trim() !== '' && limit !== 0) {
    req.clock = { limit: limit * 60, increment: f.increment.value.trim() === '' ? 0 : Number(f.increment.value) };
  }
  return req;
}

// checkClock returns what is wrong with the clock fields, or ''.
function checkClock() {
  const f = form.elements;
  const bad = (el) => el.validity.badInput || el.validity.rangeUnderflow || !Number.isFinite(Number(el.value));
  if (bad(f.limit)) return 'Minutes: enter a number of minutes, 0 or more (0 or empty: no clock).';
  if (bad(f.increment)) return 'Increment: enter a number of seconds, 0 or more.';
  return '';
}

async function create(both) {
  showError('');
  const f = form.elements;
  const wrong = checkClock();
  if (wrong) {
    showError(wrong);
    return;
  }
  const req = request();
  const name = f.name.value.trim();
  try {
    if (both) {
      if (name) req.white = { name };
      const g = await api('POST', '/api/games', req);
      for (const c of ['white', 'black']) {
        const a = $(`[data-link="${c}"]`);
        a.href = g[c].url;
        a.textContent = g[c].url;
      }
      $('[data-link="watch"]').href = g.watch;
      $('[data-link="watch"]').textContent = g.watch;
      $('[data-links]').hidden = false;
      return;
    }
    req.color = f.color.value;
    if (name) req.name = name;
    const s = await api('POST', '/api/seeks', req);
    saveToken(s.id, s.token);
    location.href = s.url;
  } catch (e) {
    showError(e.message);
  }
}

async function accept(id) {
  showError('');
  try {
    const body = {};
    const name = form.elements.name.value.trim();
    if (name) body.name = name;
    const s = await api('POST', `/api/seeks/${encodeURIComponent(id)}/accept`, body);
    saveToken(s.id, s.token);
    location.href = s.url;
  } catch (e) {
    showError(e.message);
    refresh();
  }
}

function titleOf(name) {
  return (all.find((v) => v.name === name) || { title: name }).title;
}

async function refresh() {
  const [seeks, games] = await Promise.allSettled([api('GET', '/api/seeks'), api('GET', '/api/live')]);
  const sl = $('[data-seeks]');
  if (seeks.status === 'fulfilled') {
    sl.innerHTML = seeks.value.map((s) => `<li data-seek="${h(s.id)}"><span>${h(titleOf(s.variant))}</span>` +
      `<span>${h(clockLabel(s.clock))}</span><span>${h(s.name || 'Anonymous')}</span>` +
      `<span>you play ${h(s.color)}</span><button type="button" data-action="accept">Accept</button></li>`).join('') ||
      '<li class="empty">No open seeks: create one.</li>';
  }
  const ll = $('[data-live]');
  if (games.status === 'fulfilled') {
    ll.innerHTML = games.value.map((g) => `<li data-game="${h(g.id)}"><span>${h(g.variant.name)}</span>` +
      `<span>${h(clockLabel(g.clock))}</span><span>${h(g.white.name || 'Anonymous')} – ${h(g.black.name || 'Anonymous')}</span>` +
      `<a data-action="watch" href="/game/${encodeURIComponent(g.id)}">Watch</a></li>`).join('') ||
      '<li class="empty">No games being played.</li>';
  }
}

// openInvite opens a pasted link (only this server's game pages) or id.
function openInvite() {
  const text = $('[name=invite]').value.trim();
  if (/^[A-Za-z0-9]{8}$/.test(text)) { location.href = '/game/' + text; return; }
  try {
    const u = new URL(text, location.href);
    const m = /^\/game\/([A-Za-z0-9]{8})$/.exec(u.pathname);
    if (!m) throw new Error('not a game link');
    location.href = '/game/' + m[1] + u.hash;
  } catch {
    showError('That is neither a game link nor a game id.');
  }
}

main();

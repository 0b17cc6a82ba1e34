// The game page (/game/{id}#token=…): the WebSocket tells when the game
// changes, GET /api/games/{id}/position says what it now is (pieces,
// legal actions, moves in SAN/PDN, clocks), and the board offers the
// legal actions to the seat whose turn it is.

import { api, variants, saveToken, loadToken, h } from './api.js';
import { Board } from './board.js';
import { GameSocket } from './socket.js';
import { statusText, resultText, clockText, colorName, other } from './text.js';
import { iconSVG } from './pieces.js';

const $ = (sel) => document.querySelector(sel);

const id = decodeURIComponent(location.pathname.split('/')[2] || '');
const token = takeToken();

let board = null;
let socket = null;
let seat = '';
let live = null; // the latest position of the game (GET …/position)
let viewPly = null; // the ply shown while stepping through the moves; null: live
const past = new Map(); // ply → position (past positions never change)
let flipped = false;
let clock = null; // {white, black, at, running}

// takeToken reads the seat's token from the fragment (and keeps it for
// reloads, then drops it from the address bar), or from storage.
function takeToken() {
  const m = /(?:^|[#&])token=([^&]+)/.exec(location.hash);
  if (m) {
    const t = decodeURIComponent(m[1]);
    saveToken(id, t);
    dropFragment();
    return t;
  }
  return loadToken(id);
}

function dropFragment() {
  try { window.history.replaceState(null, '', location.pathname); } catch { /* keep the fragment */ }
}

function showError(msg) {
  const el = $('[data-error]');
  el.textContent = msg || '';
  clearTimeout(showError.t);
  if (msg) showError.t = setTimeout(() => { el.textContent = ''; }, 6000);
}

async function main() {
  let first;
  const all = variants(); // in parallel with the position
  try {
    first = await api('GET', `/api/games/${encodeURIComponent(id)}/position`);
  } catch (e) {
    $('[data-status]').textContent = e.status === 404 ? 'No such game' : 'Cannot load the game: ' + e.message;
    return;
  }
  const v = (await all).find((x) => x.name === first.variant);
  document.title = `${v.title} · Baten`;
  $('[data-variant-title]').textContent = v.title;
  board = new Board($('#board'), v, act);
  const ext = v.family === 'PDN' ? 'pdn' : 'pgn';
  const dl = $('[data-download]');
  dl.href = `/api/games/${encodeURIComponent(id)}.${ext}`;
  dl.download = `${id}.${ext}`;
  dl.textContent = `Download ${ext.toUpperCase()}`;
  legend(v);
  apply(first);
  socket = new GameSocket(id, token, { onMessage, onState });
  setInterval(tick, 100);
  bindControls();
}

function onState(s) {
  const el = $('[data-connection]');
  el.dataset.connection = s;
  el.textContent = { connecting: 'connecting…', open: 'connected', reconnecting: 'reconnecting…', closed: '' }[s] ?? s;
  if (s === 'open') refresh();
}

// over reports whether a status name ends the game (docs/server.md).
const over = (status) => Boolean(status) && status !== 'created' && status !== 'started';

function onMessage(m) {
  // A finished game's socket is closed by the server: do not come back.
  if ((m.t === 'event' && over(m.status)) || (m.t === 'full' && over(m.game?.status))) socket.finish();
  switch (m.t) {
    case 'full':
    case 'resumed':
      setSeat(m.seat || '');
      refresh();
      break;
    case 'event':
      if (clock && live && live.clock) {
        clock = { ...clock, white: m.wtime, black: m.btime, at: performance.now() };
      }
      refresh();
      break;
    case 'error':
      if (!m.id && /token/.test(m.error)) {
        // A token that holds no seat (an old link): watch instead.
        socket.token = '';
        showError('This link holds no seat of this game: you are watching.');
        break;
      }
      showError(m.error);
      if (m.id) refresh(); // the board showed the refused action: redraw the truth
      break;
  }
}

function setSeat(s) {
  seat = s;
  document.body.dataset.seat = s;
  if (board && !flipped) board.setOrientation(s || 'white');
  layoutPlayers();
}

// refresh fetches the position; calls during a fetch make one more
// fetch after it, so the last change is never missed.
let fetching = false;
let again = false;
async function refresh() {
  if (fetching) { again = true; return; }
  fetching = true;
  try {
    do {
      again = false;
      try {
        const p = await api('GET', `/api/games/${encodeURIComponent(id)}/position`);
        if (!live || p.version >= live.version) apply(p);
      } catch (e) {
        showError(e.message);
      }
    } while (again);
  } finally {
    fetching = false;
  }
}

function apply(p) {
  live = p;
  if (p.over && socket) socket.finish();
  if (p.clock) clock = { white: p.wtime ?? 0, black: p.btime ?? 0, at: performance.now(), running: p.running };
  else clock = null;
  if (viewPly !== null && viewPly >= p.plies) viewPly = null;
  draw();
}

// act sends the action chosen on the board.
async function act(action) {
  try {
    await socket.act(action);
  } catch (e) {
    showError(e.message);
    refresh();
  }
}

// draw shows the live position or the one stepped to.
function draw() {
  const p = live;
  $('[data-status]').textContent = statusText(p);
  $('[data-status]').classList.toggle('mine', !p.over && p.seated && p.turn === seat);
  const shown = viewPly === null ? p : past.get(viewPly);
  if (viewPly !== null && !shown) { showPly(viewPly); return; }
  const interactive = viewPly === null && !p.over && p.seated && seat !== '' && p.turn === seat;
  board.update(shown, interactive, { version: p.version, ply: shown.ply });
  moves(p);
  buttons(p);
  const banner = $('[data-banner]');
  banner.hidden = !p.over;
  banner.textContent = p.over ? resultText(p.status, p.winner) : '';
  layoutPlayers();
  tick();
}

// showPly steps to ply n (null: back to the live position).
async function showPly(n) {
  if (n !== null && (n < 0 || n >= live.plies)) n = null;
  viewPly = n;
  if (n !== null && !past.has(n)) {
    try {
      past.set(n, await api('GET', `/api/games/${encodeURIComponent(id)}/position?ply=${n}`));
    } catch (e) {
      showError(e.message);
      viewPly = null;
    }
  }
  if (viewPly === n) draw();
}

// moves writes the move list: numbered moves, bans in their own colour.
function moves(p) {
  const out = [];
  const firstColor = (p.moves.find((m) => !m.ban) || {}).color || 'white';
  let n = 0;
  let needNumber = true;
  for (const m of p.moves) {
    if (!m.ban && m.color === firstColor) { n++; needNumber = true; }
    if (needNumber && !m.ban) {
      out.push(`<span class="num">${Math.max(n, 1)}.${m.color === firstColor ? '' : '..'}</span>`);
      needNumber = false;
    }
    const cur = (viewPly === null ? p.plies : viewPly) === m.ply ? ' current' : '';
    const title = m.ban ? `${colorName(m.color)} bans ${m.san.slice(1)}` : `${colorName(m.color)}: ${m.san}`;
    out.push(`<button type="button" class="mv${m.ban ? ' ban' : ''}${cur}" data-ply="${m.ply}" data-kind="${m.ban ? 'ban' : 'move'}" ` +
      `title="${h(title)}">${h(m.san)}</button>`);
    if (!m.ban) needNumber = m.color !== firstColor;
  }
  const el = $('[data-moves]');
  el.innerHTML = out.join('') || '<span class="empty">No moves yet</span>';
  const cur = el.querySelector('.current');
  if (cur && viewPly === null) el.scrollTop = el.scrollHeight;
  else cur?.scrollIntoView({ block: 'nearest' });
}

function buttons(p) {
  const player = seat !== '';
  const running = !p.over && p.seated;
  const mine = seat && p.turn === seat;
  const theirOffer = seat === 'white' ? p.bdraw : p.wdraw;
  const myOffer = seat === 'white' ? p.wdraw : p.bdraw;
  const set = (name, show, enabled, label) => {
    const b = $(`[data-action="${name}"]`);
    b.hidden = !show;
    b.disabled = !enabled;
    if (label) b.textContent = label;
  };
  set('resign', player, running);
  set('abort', player, player && p.canAbort);
  set('draw', player, running && (theirOffer || (mine && !myOffer)),
    theirOffer ? 'Accept draw' : myOffer ? 'Draw offered' : 'Offer draw');
  set('decline-draw', player && running && theirOffer, true);
  set('claim-draw', player, running && mine && p.canClaimDraw);
  set('claim-victory', player, running);
  $('[data-offer]').hidden = !(running && (p.wdraw || p.bdraw));
  $('[data-offer]').textContent = p.wdraw ? 'White offers a draw' : p.bdraw ? 'Black offers a draw' : '';
  $('[data-action="live"]').disabled = viewPly === null;
}

// layoutPlayers puts the side at the bottom of the board in the bottom bar.
function layoutPlayers() {
  if (!live || !board) return;
  const bottom = board.orientation;
  for (const [bar, color] of [[$('.player.bottom'), bottom], [$('.player.top'), other(bottom)]]) {
    const name = live[color].name || 'Anonymous';
    bar.querySelector('.name').textContent = `${colorName(color)}: ${name}${seat === color ? ' (you)' : ''}`;
    bar.querySelector('.clock').dataset.clock = color;
    bar.classList.toggle('to-move', !live.over && live.seated && live.turn === color);
  }
}

// tick redraws the clocks: the server's times, less what has run since.
function tick() {
  for (const el of document.querySelectorAll('[data-clock]')) {
    const color = el.dataset.clock;
    if (!clock) { el.textContent = '∞'; el.classList.remove('running', 'low'); continue; }
    let ms = clock[color];
    const run = clock.running === color && live && !live.over;
    if (run) ms -= performance.now() - clock.at;
    const text = clockText(ms);
    if (el.textContent !== text) el.textContent = text;
    el.classList.toggle('running', run);
    el.classList.toggle('low', ms < 10000);
  }
}

function legend(v) {
  const rows = [];
  if (v.family === 'PDN') {
    for (const [l, name, white] of [['W', 'man', true], ['WK', 'king', true], ['B', 'man', false], ['BK', 'king', false]]) {
      rows.push(`<li>${iconSVG(name === 'king' ? 'dking' : 'man', white, l, 28)}<b>${l}</b> ${white ? 'White' : 'Black'} ${name}</li>`);
    }
  } else {
    for (const p of v.pieces) {
      rows.push(`<li>${iconSVG(p.name, true, p.letter, 28)}${iconSVG(p.name, false, p.letter, 28)}` +
        `<b>${h(p.letter)}</b> ${h(pretty(p.name))}</li>`);
    }
  }
  $('[data-legend] ul').innerHTML = rows.join('');
}

// pretty writes a kind's name for people: "fersAlfil" → "fers-alfil".
function pretty(name) {
  return name.replace(/([a-z])([A-Z])/g, (_, a, b) => a + '-' + b.toLowerCase());
}

function bindControls() {
  for (const b of document.querySelectorAll('[data-action]')) {
    b.addEventListener('click', () => control(b.dataset.action));
  }
  $('[data-moves]').addEventListener('click', (e) => {
    const b = e.target.closest('[data-ply]');
    if (b) showPly(Number(b.dataset.ply));
  });
  document.addEventListener('keydown', (e) => {
    if (e.target.closest('input, textarea, select')) return;
    const cur = viewPly === null ? live.plies : viewPly;
    switch (e.key) {
      case 'ArrowLeft': showPly(Math.max(cur - 1, 0)); break;
      case 'ArrowRight': showPly(cur + 1); break;
      case 'Home': showPly(0); break;
      case 'End': showPly(null); break;
      case 'Escape': board.cancel(); break;
      case 'f': control('flip'); break;
      default: return;
    }
    e.preventDefault();
  });
}

const words = { resign: 'resign', abort: 'abort', draw: 'draw-yes', 'decline-draw': 'draw-no',
  'claim-draw': 'claim-draw', 'claim-victory': 'claim-victory' };

function control(name) {
  if (name === 'flip') {
    flipped = true;
    board.flip();
    layoutPlayers();
    tick();
    return;
  }
  if (name === 'live') { showPly(null); return; }
  if (name === 'first') { showPly(0); return; }
  if (name === 'prev') { showPly(Math.max((viewPly ?? live.plies) - 1, 0)); return; }
  if (name === 'next') { showPly(viewPly === null ? null : viewPly + 1); return; }
  if (words[name]) act(words[name]);
}

main();

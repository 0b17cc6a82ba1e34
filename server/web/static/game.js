// The game page (/game/{id}#token=…): the WebSocket tells when the game
// changes, GET /api/games/{id}/position says what it now is (pieces,
// legal actions, moves in SAN/PDN, clocks), and the board offers the
// legal actions to the seat whose turn it is.

import { api, variants, saveToken, loadToken, h } from './api.js';
import { Board } from './board.js';
import { GameSocket } from './socket.js';
import { follow } from './follow.js';
import { statusText, resultText, clockText, colorName, other, goalText, checksText, setSides } from './text.js';
import { iconSVG, pointIconSVG } from './pieces.js';

const $ = (sel) => document.querySelector(sel);

const id = decodeURIComponent(location.pathname.split('/')[2] || '');
const token = takeToken();

let board = null;
let socket = null;
let seat = '';
let live = null; // the latest position of the game (GET …/position)
let shownPos = null; // the position on the board (live, or the ply stepped to)
let viewPly = null; // the ply shown while stepping through the moves; null: live
const past = new Map(); // ply → position (past positions never change)
let flipped = false;
let clock = null; // {white, black, at, running}
let v = null; // the variant (GET /api/variants)
let claimAt = null; // performance.now() when the seat may claim victory; null: its opponent is connected
let lastFetch = 0; // performance.now() of the last position fetched
let confirming = null; // the control waiting for its second click: {name, timer}
let rematch = null; // the rematch state (GET …/rematch), once the game is over
let rematchFollow = null;
let accepting = false; // this page accepted a rematch: its answer says where to go
let initialFen = ''; // the game's start (GET /api/games/{id}), once it is over

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
  v = (await all).find((x) => x.name === first.variant);
  setSides(v.sides);
  document.title = `${v.title} · Baten`;
  $('[data-variant-title]').textContent = v.title;
  board = new Board($('#board'), v, act);
  if (v.drops) board.setPockets($('[data-pocket="top"]'), $('[data-pocket="bottom"]'));
  const ext = v.family === 'PDN' ? 'pdn' : 'pgn';
  const dl = $('[data-download]');
  dl.href = `/api/games/${encodeURIComponent(id)}.${ext}`;
  dl.download = `${id}.${ext}`;
  dl.textContent = `Download ${ext.toUpperCase()}`;
  legend(v);
  goalLine(v);
  apply(first);
  socket = new GameSocket(id, token, { onMessage, onState });
  setInterval(tick, 100);
  bindControls();
}

// onState shows the game socket's state in the top bar; once the game is
// over the rematch stream has the bar.
function onState(s, retry) {
  if (rematchFollow) return;
  connection(s, retry);
  if (s === 'open') refresh();
}

// connection shows how the page's connection is doing: the first
// attempt to come back is "reconnecting", the next ones say why.
function connection(s, retry = 0) {
  const el = $('[data-connection]');
  el.dataset.connection = s;
  el.textContent = {
    connecting: 'connecting…', open: 'connected',
    reconnecting: retry > 1 ? 'cannot reach the server, retrying…' : 'reconnecting…',
    closed: 'game over',
  }[s] ?? s;
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
        lastFetch = performance.now();
        const p = await api('GET', `/api/games/${encodeURIComponent(id)}/position`);
        if (!live || p.version >= live.version) apply(p);
      } catch (e) {
        if (!e.network) showError(e.message);
        // Offline, the top bar says so and the socket's return fetches
        // again; with the socket up, try again shortly.
        else if ($('[data-connection]').dataset.connection === 'open') {
          showError('cannot reach the server, retrying…');
          setTimeout(refresh, 2000);
        }
      }
    } while (again);
  } finally {
    fetching = false;
  }
}

function apply(p) {
  live = p;
  if (p.over && socket) socket.finish();
  if (p.over && !rematchFollow) followRematch();
  if (p.clock) clock = { white: p.wtime ?? 0, black: p.btime ?? 0, at: performance.now(), running: p.running };
  else clock = null;
  const claimIn = seat ? p.claimVictoryIn?.[seat] : null;
  claimAt = typeof claimIn === 'number' ? performance.now() + claimIn : null;
  if (viewPly !== null && viewPly >= p.plies) viewPly = null;
  draw();
}

// act sends an action: one chosen on the board (what: 'move'), or a
// control's (what names it for the error line).
async function act(action, what = 'move') {
  try {
    await socket.act(action);
  } catch (e) {
    if (e.offline === 'unsent') {
      showError(`${what} not sent: the server cannot be reached`);
      draw(); // take back what the board showed
      return;
    }
    showError(e.offline ? `${what}: ${e.message}` : e.message);
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
  shownPos = shown;
  const running = viewPly === null && !p.over && p.seated && seat !== '';
  const interactive = running && p.turn === seat;
  // While the opponent is to act, the seat may set up one premove.
  board.update(shown, interactive, { version: p.version, ply: shown.ply }, running && !interactive ? seat : '');
  moves(p);
  buttons(p);
  const banner = $('[data-banner]');
  banner.hidden = !p.over;
  banner.textContent = p.over ? resultText(p.status, p.winner, p.result) : '';
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
  set('resign', player, running, confirming?.name === 'resign' ? 'Confirm resign?' : 'Resign');
  set('abort', player, player && p.canAbort, confirming?.name === 'abort' ? 'Confirm abort?' : 'Abort');
  set('draw', player, running && (theirOffer || (mine && !myOffer)),
    theirOffer ? 'Accept draw' : myOffer ? 'Draw offered' : 'Offer draw');
  set('decline-draw', player && running && theirOffer, true);
  set('claim-draw', player, running && mine && p.canClaimDraw);
  for (const n of confirmed) $(`[data-action="${n}"]`).toggleAttribute('data-confirm', confirming?.name === n);
  claim(p);
  $('[data-offer]').hidden = !(running && (p.wdraw || p.bdraw));
  $('[data-offer]').textContent = p.wdraw ? 'White offers a draw' : p.bdraw ? 'Black offers a draw' : '';
  $('[data-action="live"]').disabled = viewPly === null;
  after(p);
}

// claim enables "Claim victory" only when the server would grant it: its
// opponent gone (claimVictoryIn) for long enough, counted down here.
function claim(p) {
  const b = $('[data-action="claim-victory"]');
  const running = !p.over && p.seated && seat !== '';
  const left = claimAt === null ? null : Math.max(0, claimAt - performance.now());
  b.hidden = seat === '';
  b.disabled = !running || left === null || left > 0;
  const away = $('[data-away]');
  away.hidden = !running || left === null;
  if (!running || left === null) {
    b.title = 'Your opponent is connected';
    return;
  }
  const text = left > 0 ? `Your opponent left: you may claim victory in ${Math.ceil(left / 1000)} s` :
    'Your opponent left: you may claim victory';
  if (away.textContent !== text) away.textContent = text;
  b.title = text;
}

// after shows what comes after the game: a rematch (offered, answered,
// or where it is played) and a new game with the same settings.
function after(p) {
  $('[data-after]').hidden = !p.over;
  if (!p.over) return;
  const r = rematch || { offer: '', declined: '' };
  const b = $('[data-action="rematch"]');
  const no = $('[data-action="decline-rematch"]');
  b.hidden = seat === '';
  no.hidden = seat === '' || !r.offer;
  const mine = r.offer === seat;
  b.disabled = !rematch || mine || Boolean(r.next);
  b.textContent = mine ? 'Rematch offered' : r.offer ? 'Accept rematch' : 'Rematch';
  no.textContent = mine ? 'Cancel' : 'Decline';
  const line = $('[data-rematch]');
  let text = '';
  if (mine) text = 'Rematch offered: waiting for your opponent';
  else if (r.offer && seat) text = 'Your opponent offers a rematch';
  else if (r.offer) text = `${colorName(r.offer)} offers a rematch`;
  else if (r.declined && seat && r.declined !== seat) text = 'Your opponent declined the rematch';
  if (r.next) {
    line.innerHTML = `Rematch: <a data-link="rematch" href="/game/${encodeURIComponent(r.next)}">` +
      `${seat ? 'go to the game' : 'watch it'}</a>`;
  } else {
    line.textContent = text;
  }
  line.hidden = !r.next && !text;
  $('[data-action="new-game"]').href = newGameLink(p);
}

// newGameLink is the lobby with this game's settings filled in: the
// game, its clock, and its start position when it was set by hand.
function newGameLink(p) {
  const q = new URLSearchParams({ variant: p.variant });
  if (p.clock) {
    q.set('limit', String(p.clock.initial / 60000));
    q.set('increment', String(p.clock.increment / 1000));
  } else {
    q.set('limit', '0');
  }
  // A start numbered among many (Chess960's, draughts' ballots) was most
  // likely drawn at random: the lobby draws afresh.
  const drawn = v && v.starts.some((st) => st.count > 1);
  if (initialFen && v && !drawn && initialFen !== v.startFen) q.set('fen', initialFen);
  return '/?' + q.toString();
}

// followRematch follows the finished game's rematch stream, which also
// has the top bar's connection from now on.
function followRematch() {
  api('GET', `/api/games/${encodeURIComponent(id)}`).then((g) => {
    initialFen = g.initialFen;
    if (live) after(live);
  }, () => { /* the link keeps the game and its clock */ });
  rematchFollow = follow(`/api/games/${encodeURIComponent(id)}/rematch`, {
    onState: (s, retry) => connection(s, retry),
    onLine: (m) => {
      if (m.type !== 'rematch') return false;
      rematch = m;
      if (live) after(live);
      if (m.next) goRematch(m.next);
      return Boolean(m.next);
    },
  });
}

const rematchKey = () => 'baten:rematch:' + id;

// goRematch takes a seat to the accepted rematch with the token of its
// offer; spectators (and a seat that offered elsewhere) get the link.
function goRematch(next) {
  if (accepting || !seat) return;
  let tok = '';
  try { tok = localStorage.getItem(rematchKey()) || ''; } catch { /* no storage: the link is shown */ }
  if (!tok) return;
  saveToken(next, tok);
  location.href = '/game/' + encodeURIComponent(next);
}

// answerRematch says yes (offer, or accept the opponent's offer) or no
// (decline it, or withdraw one's own).
async function answerRematch(yes) {
  const accept = yes && rematch?.offer && rematch.offer !== seat;
  accepting = accept;
  try {
    const res = await api('POST', `/api/games/${encodeURIComponent(id)}/rematch/${yes ? 'yes' : 'no'}`, undefined, token);
    if (accept) {
      saveToken(res.id, res.token);
      location.href = '/game/' + encodeURIComponent(res.id);
    } else if (yes) {
      try { localStorage.setItem(rematchKey(), res.token); } catch { /* the link is shown when it is accepted */ }
    }
  } catch (e) {
    accepting = false;
    showError(e.network ? 'not sent: the server cannot be reached' : e.message);
  }
}

// layoutPlayers puts the side at the bottom of the board in the bottom bar.
function layoutPlayers() {
  if (!live || !board) return;
  const bottom = board.orientation;
  for (const [bar, color] of [[$('.player.bottom'), bottom], [$('.player.top'), other(bottom)]]) {
    const name = live[color].name || 'Anonymous';
    bar.querySelector('.name').textContent = `${colorName(color)}: ${name}${seat === color ? ' (you)' : ''}`;
    bar.querySelector('.clock').dataset.clock = color;
    checksBar(bar.querySelector('.checks'), color, (shownPos || live).checks);
    bar.classList.toggle('to-move', !live.over && live.seated && live.turn === color);
  }
}

// tick redraws the clocks (the server's times, less what has run since)
// and the claim of victory's countdown. While the game runs, a seat
// asks for the position now and then: an opponent who leaves or comes
// back sends nothing that would make it ask.
function tick() {
  if (live) {
    claim(live);
    if (seat && !live.over && live.seated && !document.hidden && performance.now() - lastFetch > presencePoll) refresh();
  }
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

// checksBar shows a side's check counter next to its name, as lichess
// does in three-check: "+1" and a mark for each check of the limit,
// filled for those given (the shown position's, so stepping back counts
// back). Hidden in games that do not count checks.
function checksBar(el, color, checks) {
  el.hidden = !checks;
  if (!checks) return;
  const c = checks[color];
  const { text, title } = checksText(color, c);
  el.dataset.checks = color;
  el.dataset.given = String(c.given);
  el.title = title;
  el.setAttribute('aria-label', title);
  const marks = Array.from({ length: c.limit }, (_, i) => `<i class="mark${i < c.given ? ' on' : ''}"></i>`).join('');
  el.innerHTML = `<b>${h(text)}</b>${marks}`;
}

// goalLine says under the board what a race is run for (the flag
// family), whose squares the board tints.
function goalLine(v) {
  const el = $('[data-goal-legend]');
  el.hidden = !v.goal;
  el.textContent = v.goal ? goalText(v.goal, v.width, v.height) : '';
}

function legend(v) {
  const rows = [];
  if (v.family === 'PDN') {
    for (const [l, name, white] of [['W', 'man', true], ['WK', 'king', true], ['B', 'man', false], ['BK', 'king', false]]) {
      rows.push(`<li>${iconSVG(name === 'king' ? 'dking' : 'man', white, l, 28)}<b>${l}</b> ${white ? 'White' : 'Black'} ${name}</li>`);
    }
  } else {
    const janggi = v.pieces.some((p) => p.name === 'janggiCannon');
    for (const p of v.pieces) {
      const icons = v.points
        ? pointIconSVG(p.name, true, p.letter, janggi, 28) + pointIconSVG(p.name, false, p.letter, janggi, 28)
        : iconSVG(p.name, true, p.letter, 28) + iconSVG(p.name, false, p.letter, 28);
      const name = v.points ? (pointNames[p.name] || p.name) : p.name;
      rows.push(`<li>${icons}<b>${h(p.letter)}</b> ${h(pretty(name))}</li>`);
    }
  }
  $('[data-legend] ul').innerHTML = rows.join('');
}

// pretty writes a kind's name for people: "fersAlfil" → "fers-alfil".
// pointNames are the names xiangqi and janggi players give the pieces
// whose Fairy-Stockfish piece types are named otherwise.
const pointNames = {
  rook: 'chariot', king: 'general', fers: 'advisor', wazir: 'guard', janggiCannon: 'cannon', janggiElephant: 'elephant',
};

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
      case 'Escape': board.cancel(); board.cancelPremove(); break;
      case 'f': control('flip'); break;
      default: return;
    }
    e.preventDefault();
  });
}

const words = { resign: 'resign', abort: 'abort', draw: 'draw-yes', 'decline-draw': 'draw-no',
  'claim-draw': 'claim-draw', 'claim-victory': 'claim-victory' };

// What a control's error line calls it.
const names = { resign: 'resignation', abort: 'abort', draw: 'draw offer', 'decline-draw': 'decline',
  'claim-draw': 'draw claim', 'claim-victory': 'claim' };

// Controls that want a second click within confirmWait (lichess asks
// before a resignation): the first turns the button into its question.
const confirmed = new Set(['resign', 'abort']);
const confirmWait = 3000;

// presencePoll is how often a seat refetches the position while the game
// runs (see tick).
const presencePoll = 5000;

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
  if (name === 'rematch') { answerRematch(true); return; }
  if (name === 'decline-rematch') { answerRematch(false); return; }
  if (!words[name]) return;
  if (confirmed.has(name) && confirming?.name !== name) {
    clearTimeout(confirming?.timer);
    confirming = { name, timer: setTimeout(() => { confirming = null; if (live) buttons(live); }, confirmWait) };
    if (live) buttons(live);
    return;
  }
  if (confirming) {
    clearTimeout(confirming.timer);
    confirming = null;
  }
  act(words[name], names[name]);
}

main();

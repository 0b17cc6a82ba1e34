// The board: an SVG of any size (5×5 to 16×16, and the 32 playable
// squares of draughts) with pieces, coordinates, highlights and the ban
// arrow. It never decides legality: it offers exactly the actions of the
// server's list (GET /api/games/{id}/position), by click-click or drag and
// drop, draughts jumps landing by landing, a promotion chooser, and in
// walling games (duck chess, the Amazons) the wall's square after the
// move's destination, clicked with the moved piece shown there. In the
// games with drops (crazyhouse) each side's hand is drawn beside the board
// (setPockets): a piece of it clicked, or dragged onto the board, is
// dropped on the square chosen. On
// the opponent's turn it takes one premove (any of one's own pieces to
// any square): when the next position comes, the legal action with those
// squares is played, and if there is none the premove is dropped.

import { pieceSVG, iconSVG, pointPieceSVG } from './pieces.js';
import { h } from './api.js';

const S = 100; // one square in SVG units
const NS = 'http://www.w3.org/2000/svg';
const flashMs = 1200; // how long a capture's emptied squares flash (style.css's removed-flash)

// goalSquares maps each square of a variant's goal (GET /api/variants)
// to the side it is the goal of: "white", "black" or "both".
function goalSquares(goal) {
  const out = new Map();
  if (!goal) return out;
  for (const side of ['white', 'black']) {
    for (const sq of goal[side].squares) out.set(sq, out.has(sq) && out.get(sq) !== side ? 'both' : side);
  }
  return out;
}

// moved is pieces after action a's move (its promotion included; what it
// captures elsewhere, the server's next position shows); white: the
// mover is White, for a drop's letter.
function moved(pieces, a, white) {
  if (a.drop) return [...pieces, { square: a.to, piece: white ? a.drop : a.drop.toLowerCase() }];
  const moving = pieces.find((p) => p.square === a.from);
  const out = pieces.filter((p) => p.square !== a.from && p.square !== a.to);
  if (moving) {
    let piece = moving.piece;
    if (a.promotion) piece = piece === piece.toUpperCase() ? a.promotion.toUpperCase() : a.promotion;
    out.push({ square: a.to, piece });
  }
  return out;
}

export class Board {
  // el: the element to fill; v: the variant (GET /api/variants);
  // onAction(text): called with the machine text of the action chosen.
  constructor(el, v, onAction) {
    this.el = el;
    this.v = v;
    this.onAction = onAction;
    this.pdn = v.family === 'PDN';
    this.orientation = 'white';
    this.state = { pieces: [], last: [], removed: [], check: '', ban: null, legal: [], phase: 'move' };
    this.interactive = false;
    this.selected = null; // from square
    this.landed = []; // draughts: landings chosen so far
    this.chooser = null; // the open promotion chooser's actions
    this.walling = null; // the chosen move's actions, one per wall square, while its wall is chosen
    this.drag = null;
    this.premoveColor = ''; // the colour that may premove now ('' none)
    this.premove = null; // {from, to}
    this.preSel = null; // the premove's from square, before its to
    this.pockets = null; // {top, bottom}: the elements the hands are drawn in (setPockets)
    this.names = new Map(); // upper-case letter → kind name
    for (const p of v.pieces) this.names.set(p.letter.toUpperCase(), p.name);
    // The goal squares of a race (the flag family), by side: "white",
    // "black", or "both" where the sides share the region.
    this.goals = goalSquares(v.goal);
    // A board of points (xiangqi, janggi): the pieces stand where lines
    // cross, the squares are only where a click lands.
    this.points = v.points || null;
    this.janggi = v.pieces.some((p) => p.name === 'janggiCannon');
    this.shown = ''; // the position last drawn (ply and FEN): a new one flashes its removed squares
    this.flashAt = -Infinity; // performance.now() when the flash began
    this.coords = new Map(); // square name → [file, rank]
    if (this.pdn) {
      for (const s of v.squares) this.coords.set(String(s.n), [s.file, s.rank]);
    } else {
      for (let r = 0; r < v.height; r++) {
        for (let f = 0; f < v.width; f++) this.coords.set(String.fromCharCode(97 + f) + (r + 1), [f, r]);
      }
    }
    this.svg = document.createElementNS(NS, 'svg');
    this.svg.setAttribute('viewBox', `0 0 ${v.width * S} ${v.height * S}`);
    this.svg.setAttribute('data-board', '');
    this.svg.setAttribute('data-variant', v.name);
    this.svg.setAttribute('role', 'grid');
    this.svg.setAttribute('aria-label', v.title + ' board');
    this.svg.classList.add('board');
    el.style.setProperty('--aspect', String(v.width / v.height));
    this.overlay = document.createElement('div');
    this.overlay.className = 'chooser';
    this.overlay.hidden = true;
    el.replaceChildren(this.svg, this.overlay);
    this.svg.addEventListener('click', (e) => this.onClick(e));
    this.svg.addEventListener('pointerdown', (e) => this.onPointerDown(e));
    this.svg.addEventListener('pointermove', (e) => this.onPointerMove(e));
    this.svg.addEventListener('pointerup', (e) => this.onPointerUp(e));
    this.svg.addEventListener('pointercancel', () => this.endDrag());
    this.svg.addEventListener('contextmenu', (e) => {
      if (!this.premove && !this.preSel) return;
      e.preventDefault();
      this.cancelPremove();
    });
    this.overlay.addEventListener('click', (e) => {
      const b = e.target.closest('[data-promote]');
      if (b) this.choose(b.dataset.promote);
      else this.cancel();
    });
  }

  // setPockets gives the board the elements to draw the hands in, above
  // and below it: the side at the bottom of the board has the bottom one.
  setPockets(top, bottom) {
    this.pockets = { top, bottom };
    for (const el of [top, bottom]) {
      el.addEventListener('click', (e) => this.onPocketClick(e));
      el.addEventListener('pointerdown', (e) => this.onPocketDown(e));
      el.addEventListener('pointermove', (e) => this.onPointerMove(e));
      el.addEventListener('pointerup', (e) => this.onPointerUp(e));
      el.addEventListener('pointercancel', () => this.endDrag());
    }
    this.render();
  }

  // droppable returns the letters (White's case) of the kinds the side to
  // act may drop now.
  droppable() {
    const s = new Set();
    if (this.interactive) for (const a of this.state.legal) if (a.drop) s.add(a.drop);
    return s;
  }

  // handPiece returns the letter of the hand's piece an event is on, if
  // the side to act may drop it.
  handPiece(e) {
    const b = e.target.closest ? e.target.closest('[data-hand-piece]') : null;
    if (!b || b.dataset.color !== this.state.turn || !this.droppable().has(b.dataset.handPiece)) return '';
    return b.dataset.handPiece;
  }

  onPocketClick(e) {
    if (this.suppressClick) { this.suppressClick = false; return; }
    const letter = this.handPiece(e);
    if (letter && this.selected !== '@' + letter) this.select('@' + letter);
    else this.cancel();
  }

  onPocketDown(e) {
    if (!this.interactive || e.button !== 0 || this.chooser || this.walling) return;
    const letter = this.handPiece(e);
    if (!letter) return;
    this.drag = { sq: '@' + letter, id: e.pointerId, x: e.clientX, y: e.clientY, moving: false, pre: false, hand: letter };
  }

  // update draws a new position. interactive: the viewer may act now;
  // premoveColor: the viewer's colour while it may premove ('' if not).
  // A premove waiting is played when the viewer may act, if the server's
  // list has it, and dropped when premoves end.
  update(state, interactive, attrs = {}, premoveColor = '') {
    this.state = state;
    const shown = `${state.ply}|${state.fen}`;
    if (shown !== this.shown) {
      this.shown = shown;
      if ((state.removed || []).length) this.flashAt = performance.now();
    }
    this.interactive = interactive;
    this.premoveColor = premoveColor;
    const pm = this.premove;
    if (!premoveColor) {
      this.premove = null;
      this.preSel = null;
    }
    for (const [k, val] of Object.entries(attrs)) this.svg.setAttribute('data-' + k, String(val));
    const still = this.selected && (this.selected[0] === '@' ? this.droppable().has(this.selected.slice(1)) : this.movable().has(this.selected));
    if (!interactive || (this.selected && !still)) this.cancel(false);
    this.render();
    if (interactive && pm) this.playPremove(pm);
  }

  // playPremove plays the legal action that goes from pm.from to pm.to
  // (a promotion: the queen if offered, else the chooser opens; a draughts
  // move only if one path lands there).
  playPremove(pm) {
    const acts = this.state.legal.filter((a) => !a.ban && a.from === pm.from && a.to === pm.to);
    if (acts.length === 1) { this.play(acts[0]); return; }
    if (acts.length === 0 || this.pdn) return;
    const queen = acts.filter((a) => a.promotion === 'q');
    this.selected = pm.from;
    this.pick(queen.length ? queen : acts);
  }

  // own reports whether a piece of the colour that may premove is on sq.
  own(sq) {
    const p = this.state.pieces.find((x) => x.square === sq);
    if (!p || !this.premoveColor) return false;
    const white = this.pdn ? p.piece[0] === 'W' : p.piece === p.piece.toUpperCase();
    return white === (this.premoveColor === 'white');
  }

  // premoveClick sets up a premove: the piece, then its square; a click
  // while one waits cancels it.
  premoveClick(sq) {
    if (this.premove) { this.cancelPremove(); return; }
    if (this.preSel && sq && sq !== this.preSel) {
      this.premove = { from: this.preSel, to: sq };
      this.preSel = null;
    } else {
      this.preSel = sq && sq !== this.preSel && this.own(sq) ? sq : null;
    }
    this.render();
  }

  // cancelPremove drops the premove (and its half-chosen piece).
  cancelPremove() {
    if (!this.premove && !this.preSel) return;
    this.premove = null;
    this.preSel = null;
    this.render();
  }

  setOrientation(color) {
    this.orientation = color;
    this.svg.setAttribute('data-orientation', color);
    this.render();
  }

  flip() {
    this.setOrientation(this.orientation === 'white' ? 'black' : 'white');
  }

  // xy returns the top-left corner of a square as drawn.
  xy(name) {
    const [f, r] = this.coords.get(name) || [0, 0];
    const { width: W, height: H } = this.v;
    return this.orientation === 'white' ? [f * S, (H - 1 - r) * S] : [(W - 1 - f) * S, r * S];
  }

  // at returns the square under a client point, or ''.
  at(clientX, clientY) {
    const m = this.svg.getScreenCTM();
    if (!m) return '';
    const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    const { width: W, height: H } = this.v;
    let f = Math.floor(p.x / S);
    let r = H - 1 - Math.floor(p.y / S);
    if (this.orientation !== 'white') { f = W - 1 - f; r = H - 1 - r; }
    if (f < 0 || f >= W || r < 0 || r >= H) return '';
    for (const [name, [cf, cr]] of this.coords) if (cf === f && cr === r) return name;
    return '';
  }

  // movable returns the squares the side to act may start an action
  // from (while premoving: one's own pieces).
  movable() {
    const s = new Set();
    if (this.interactive) {
      for (const a of this.state.legal) if (!a.drop) s.add(a.from);
    } else if (this.premoveColor && !this.premove) for (const p of this.state.pieces) if (this.own(p.square)) s.add(p.square);
    return s;
  }

  // candidates returns the actions still possible from the selection.
  candidates() {
    if (this.selected && this.selected[0] === '@') return this.state.legal.filter((a) => a.drop === this.selected.slice(1));
    return this.state.legal.filter((a) => !a.drop && a.from === this.selected &&
      this.landed.every((sq, i) => (a.path || [a.to])[i] === sq));
  }

  // dests returns the squares that continue or finish the selection.
  dests() {
    if (this.walling) return new Set(this.walling.map((a) => a.wall));
    const out = new Set();
    const cands = this.candidates();
    for (const a of cands) {
      if (this.pdn) {
        const path = a.path || [a.to];
        const next = path[this.landed.length];
        if (next) out.add(next);
        // The final square also works when it is unique.
        if (cands.filter((b) => b.to === a.to).length === 1) out.add(a.to);
      } else {
        out.add(a.to);
      }
    }
    return out;
  }

  select(sq) {
    this.selected = sq;
    this.landed = [];
    this.render();
  }

  // cancel drops the selection and closes the chooser.
  cancel(redraw = true) {
    this.selected = null;
    this.landed = [];
    this.chooser = null;
    this.walling = null;
    this.overlay.hidden = true;
    if (redraw) this.render();
  }

  // target handles a click or drop on sq while a piece is selected; it
  // returns false when sq is no destination.
  target(sq) {
    const cands = this.candidates();
    if (this.pdn) {
      const final = cands.filter((a) => a.to === sq);
      if (final.length === 1) return this.play(final[0]), true;
      const steps = cands.filter((a) => (a.path || [])[this.landed.length] === sq);
      if (steps.length === 0) return false;
      this.landed.push(sq);
      const done = steps.filter((a) => a.path.length === this.landed.length);
      if (steps.length === 1 && done.length === 1) this.play(done[0]);
      else this.render();
      return true;
    }
    const acts = cands.filter((a) => a.to === sq);
    if (acts.length === 0) return false;
    this.pick(acts);
    return true;
  }

  // pick goes on with the actions of one from-to pair: it plays the only
  // one, else opens the promotion chooser, else (one promotion, several
  // walls) waits for the wall's square.
  pick(acts) {
    if (acts.length === 1) { this.play(acts[0]); return; }
    const promotions = new Set(acts.map((a) => a.promotion || '-'));
    if (promotions.size > 1 || !acts[0].wall) { this.openChooser(acts); return; }
    this.walling = acts;
    this.render();
  }

  // openChooser offers the promotions of one from-to pair (one button a
  // promotion: a walling game's wall is chosen after it).
  openChooser(acts) {
    this.chooser = acts;
    const white = this.state.turn === 'white';
    const letters = new Set();
    const shown = acts.filter((a) => !letters.has(a.promotion || '-') && letters.add(a.promotion || '-'));
    this.overlay.innerHTML = '<div class="chooser-box" role="dialog" aria-label="Promote to">' +
      shown.map((a) => {
        const letter = a.promotion || '-';
        const name = a.promotion ? (this.names.get(a.promotion.toUpperCase()) || a.promotion) : 'no promotion';
        const icon = a.promotion ? iconSVG(name, white, a.promotion, 48) : '<span class="stay">–</span>';
        const san = a.wall ? a.san.split(',')[0] : a.san;
        return `<button type="button" data-promote="${h(letter)}" title="${h(name)}">${icon}<span>${h(san)}</span></button>`;
      }).join('') + '</div>';
    this.overlay.hidden = false;
    this.overlay.querySelector('button')?.focus();
  }

  choose(letter) {
    const acts = (this.chooser || []).filter((x) => (x.promotion || '-') === letter);
    if (acts.length === 0) return;
    this.chooser = null;
    this.overlay.hidden = true;
    this.pick(acts);
  }

  // play sends the action and shows it at once; the server's answer
  // redraws the real position.
  play(a) {
    const st = this.state;
    if (!a.ban) {
      const white = st.turn === 'white';
      this.state = { ...st, pieces: moved(st.pieces, a, white), last: a.drop ? [a.to] : [a.from, ...(a.path || [a.to])], removed: [], check: '' };
      if (a.drop && st.hands) {
        const hands = { ...st.hands };
        hands[st.turn] = hands[st.turn].map((x) => (x.piece.toUpperCase() === a.drop ? { ...x, count: x.count - 1 } : x)).filter((x) => x.count > 0);
        this.state.hands = hands;
      }
    }
    this.interactive = false;
    this.cancel(false);
    this.render();
    this.onAction(a.action);
  }

  // squareOf finds the square a click names: the element's hook, or the
  // point (for clicks on pieces and markers).
  squareOf(e) {
    const t = e.target.closest ? e.target.closest('[data-square],[data-at]') : null;
    if (t) return t.dataset.square || t.dataset.at;
    return this.at(e.clientX, e.clientY);
  }

  onClick(e) {
    if (this.suppressClick) { this.suppressClick = false; return; }
    if (!this.interactive) {
      if (this.premoveColor) this.premoveClick(this.squareOf(e));
      return;
    }
    const sq = this.squareOf(e);
    if (this.walling) {
      const a = this.walling.find((x) => x.wall === sq);
      if (a) this.play(a);
      else this.cancel();
      return;
    }
    if (this.selected && sq && sq !== this.selected && this.target(sq)) return;
    if (sq && sq !== this.selected && this.movable().has(sq)) this.select(sq);
    else this.cancel();
  }

  onPointerDown(e) {
    if (!(this.interactive || this.premoveColor) || e.button !== 0 || this.chooser || this.walling) return;
    const sq = this.at(e.clientX, e.clientY);
    if (!this.movable().has(sq)) return;
    this.drag = { sq, id: e.pointerId, x: e.clientX, y: e.clientY, moving: false, pre: !this.interactive };
  }

  onPointerMove(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    if (!d.moving) {
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
      d.moving = true;
      this.svg.setPointerCapture?.(e.pointerId);
      if (d.pre) { this.preSel = d.sq; this.render(); } else if (this.selected !== d.sq) this.select(d.sq);
      if (d.hand) {
        d.el = document.createElementNS(NS, 'g');
        d.el.setAttribute('class', 'piece dragging');
        d.el.innerHTML = this.pieceInside(this.state.turn === 'white' ? d.hand : d.hand.toLowerCase());
        this.svg.appendChild(d.el);
      } else {
        d.el = this.svg.querySelector(`[data-piece][data-at="${CSS.escape(d.sq)}"]`);
      }
      if (d.el) { d.el.parentNode.appendChild(d.el); d.el.classList.add('dragging'); }
    }
    if (d.el) {
      const m = this.svg.getScreenCTM();
      const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
      d.el.setAttribute('transform', `translate(${p.x - S / 2} ${p.y - S / 2})`);
    }
  }

  onPointerUp(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    this.drag = null;
    if (!d.moving) return; // a click: onClick handles it
    this.suppressClick = true;
    setTimeout(() => { this.suppressClick = false; }, 0);
    const sq = this.at(e.clientX, e.clientY);
    if (d.pre) {
      this.preSel = null;
      if (sq && sq !== d.sq && this.premoveColor) this.premove = { from: d.sq, to: sq };
      this.render();
      return;
    }
    if (!(sq && sq !== d.sq && this.target(sq))) this.render();
  }

  endDrag() {
    this.drag = null;
    this.render();
  }

  render() {
    const { width: W, height: H } = this.v;
    const st = this.state;
    // While a wall is chosen, the moved piece stands on its destination.
    const pieces = this.walling ? moved(st.pieces, this.walling[0], st.turn === 'white') : st.pieces;
    const occupied = new Map(pieces.map((p) => [p.square, p.piece]));
    const parts = [];
    // Squares: every square of the board; in draughts only the dark
    // (playable) ones carry a name.
    const named = new Map();
    for (const [name, [f, r]] of this.coords) named.set(f + ',' + r, name);
    for (let r = 0; r < H; r++) {
      for (let f = 0; f < W; f++) {
        const name = named.get(f + ',' + r);
        const dark = (f + r) % 2 === 0;
        const [x, y] = this.orientation === 'white' ? [f * S, (H - 1 - r) * S] : [(W - 1 - f) * S, r * S];
        const hook = name ? ` data-square="${name}"` : '';
        const shade = this.points ? 'point' : dark ? 'dark' : 'light';
        parts.push(`<rect class="sq ${shade}"${hook} x="${x}" y="${y}" width="${S}" height="${S}"/>`);
      }
    }
    if (this.points) parts.push(this.linesSVG());
    for (const [sq, side] of this.goals) {
      if (!this.coords.has(sq)) continue;
      const [x, y] = this.xy(sq);
      parts.push(`<rect class="goal ${side}" data-goal="${sq}" x="${x}" y="${y}" width="${S}" height="${S}"/>`);
    }
    for (const sq of new Set(st.last)) {
      if (!this.coords.has(sq)) continue;
      const [x, y] = this.xy(sq);
      parts.push(`<rect class="last" data-last="${sq}" x="${x}" y="${y}" width="${S}" height="${S}"/>`);
    }
    if (this.premove) {
      for (const sq of [this.premove.from, this.premove.to]) {
        const [x, y] = this.xy(sq);
        parts.push(`<rect class="premove" data-premove="${sq}" x="${x}" y="${y}" width="${S}" height="${S}"/>`);
      }
    }
    if (this.preSel) {
      const [x, y] = this.xy(this.preSel);
      parts.push(`<rect class="sel premove-sel" x="${x}" y="${y}" width="${S}" height="${S}"/>`);
    }
    if (this.selected && this.coords.has(this.selected)) {
      const [x, y] = this.xy(this.selected);
      parts.push(`<rect class="sel" x="${x}" y="${y}" width="${S}" height="${S}"/>`);
      for (const sq of this.landed) {
        const [lx, ly] = this.xy(sq);
        parts.push(`<rect class="sel" x="${lx}" y="${ly}" width="${S}" height="${S}"/>`);
      }
    }
    // The squares the last move's captures emptied flash once: a redraw
    // during the flash carries it on from where it was.
    const since = performance.now() - this.flashAt;
    const flash = since < flashMs ? ` flash" style="animation-delay:${-Math.round(since)}ms` : '';
    for (const sq of st.removed || []) {
      if (!this.coords.has(sq)) continue;
      const [x, y] = this.xy(sq);
      parts.push(`<rect class="removed${flash}" data-removed="${sq}" x="${x}" y="${y}" width="${S}" height="${S}"/>`);
    }
    if (st.check && this.coords.has(st.check)) {
      const [x, y] = this.xy(st.check);
      parts.push(`<circle class="check" data-check="${st.check}" cx="${x + S / 2}" cy="${y + S / 2}" r="${S * 0.48}"/>`);
    }
    parts.push(this.coordsSVG());
    for (const sq of st.walls || []) {
      if (!this.coords.has(sq)) continue;
      const [x, y] = this.xy(sq);
      parts.push(`<rect class="wall" data-wall="${sq}" x="${x + 8}" y="${y + 8}" width="${S - 16}" height="${S - 16}" rx="12"><title>Wall</title></rect>`);
    }
    // Pieces.
    for (const p of pieces) {
      if (!this.coords.has(p.square)) continue;
      const [x, y] = this.xy(p.square);
      const white = this.pdn ? p.piece[0] === 'W' : p.piece === p.piece.toUpperCase();
      const name = this.pdn ? (p.piece.length > 1 ? 'dking' : 'man') : (this.names.get(p.piece.toUpperCase()) || '');
      const mov = this.movable().has(p.square) ? ' movable' : '';
      parts.push(`<g class="piece${mov}" data-piece="${h(p.piece)}" data-at="${p.square}" transform="translate(${x} ${y})">` +
        `<title>${h((white ? 'White ' : 'Black ') + (name === 'dking' ? 'king' : name || p.piece))}</title>` +
        `${this.pieceInside(p.piece)}</g>`);
    }
    // Destinations of the selection.
    if (this.selected) {
      const ban = this.state.phase === 'ban';
      const capture = (sq) => occupied.has(sq) && !ban && !this.walling;
      for (const sq of this.dests()) {
        const [x, y] = this.xy(sq);
        const cls = (capture(sq) ? 'dest capture' : 'dest') + (ban ? ' ban' : '') + (this.walling ? ' wall-dest' : '');
        const r = capture(sq) ? S * 0.46 : S * 0.16;
        parts.push(`<circle class="${cls}" data-dest="${sq}" cx="${x + S / 2}" cy="${y + S / 2}" r="${r}"/>`);
      }
    }
    if (st.ban) parts.push(this.banSVG(st.ban));
    this.svg.innerHTML = parts.join('');
    this.renderPockets();
  }

  // pieceInside returns the drawing of a piece by its FEN letter, for a
  // square of this board.
  pieceInside(letter) {
    const white = letter === letter.toUpperCase();
    const name = this.names.get(letter.toUpperCase()) || '';
    return this.points ? pointPieceSVG(name, white, letter, this.janggi) : pieceSVG(name, white, letter);
  }

  // renderPockets draws each side's hand (GET …/position's hands) in its
  // pocket: a button a kind, with its count; the ones the side to act may
  // drop are marked, the one chosen selected.
  renderPockets() {
    if (!this.pockets) return;
    const hands = this.state.hands;
    const drop = this.droppable();
    const sides = [[this.pockets.bottom, this.orientation], [this.pockets.top, this.orientation === 'white' ? 'black' : 'white']];
    for (const [el, color] of sides) {
      el.hidden = !hands;
      if (!hands) continue;
      el.dataset.hand = color;
      const mine = color === this.state.turn;
      el.innerHTML = (hands[color] || []).map((x) => {
        const letter = x.piece.toUpperCase();
        const name = this.names.get(letter) || letter;
        const cls = 'hand-piece' + (mine && drop.has(letter) ? ' movable' : '') + (mine && this.selected === '@' + letter ? ' selected' : '');
        return `<button type="button" class="${cls}" data-hand-piece="${h(letter)}" data-color="${color}" data-count="${x.count}" ` +
          `title="${h(`${color === 'white' ? 'White' : 'Black'} ${name} in hand: ${x.count}`)}">` +
          `<svg class="icon" viewBox="0 0 100 100" width="36" height="36" aria-hidden="true">${this.pieceInside(x.piece)}</svg>` +
          `${x.count > 1 ? `<span class="count">${x.count}</span>` : ''}</button>`;
      }).join('') || '<span class="empty">—</span>';
    }
  }

  // centre returns the point of file f and rank r as drawn.
  centre(f, r) {
    const { width: W, height: H } = this.v;
    const [x, y] = this.orientation === 'white' ? [f * S, (H - 1 - r) * S] : [(W - 1 - f) * S, r * S];
    return [x + S / 2, y + S / 2];
  }

  // linesSVG draws a board of points: a line along every rank and file
  // through the points, the files (but the edges) cut by the river, which
  // is named in the gap, and each palace's two diagonals.
  linesSVG() {
    const { width: W, height: H } = this.v;
    const { river, palaces } = this.points;
    const out = [];
    const line = (cls, f1, r1, f2, r2, hook = '') => {
      const [x1, y1] = this.centre(f1, r1);
      const [x2, y2] = this.centre(f2, r2);
      out.push(`<line class="${cls}"${hook} x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`);
    };
    for (let r = 0; r < H; r++) line('line', 0, r, W - 1, r);
    for (let f = 0; f < W; f++) {
      if (river > 0 && f > 0 && f < W - 1) {
        line('line', f, 0, f, river - 1);
        line('line', f, river, f, H - 1);
      } else {
        line('line', f, 0, f, H - 1);
      }
    }
    for (const [lo, hi] of palaces) {
      const [f1, r1] = this.coords.get(lo);
      const [f2, r2] = this.coords.get(hi);
      line('line palace', f1, r1, f2, r2, ` data-palace="${lo}"`);
      line('line palace', f1, r2, f2, r1, ` data-palace="${lo}"`);
    }
    if (river > 0) {
      const [, y1] = this.centre(0, river - 1);
      const [, y2] = this.centre(0, river);
      const y = (y1 + y2) / 2;
      const [xl] = this.centre(Math.floor(W / 4), 0);
      const [xr] = this.centre(W - 1 - Math.floor(W / 4), 0);
      out.push(`<g class="river" data-river="${river}"><title>The river</title>` +
        `<text x="${Math.min(xl, xr)}" y="${y}" text-anchor="middle" dominant-baseline="middle">楚 河</text>` +
        `<text x="${Math.max(xl, xr)}" y="${y}" text-anchor="middle" dominant-baseline="middle">漢 界</text></g>`);
    }
    return out.join('');
  }

  // coordsSVG writes file letters on the bottom row and rank numbers on
  // the left column as seen; draughts squares also show their numbers.
  coordsSVG() {
    const { width: W, height: H } = this.v;
    const out = [];
    const white = this.orientation === 'white';
    for (let i = 0; i < W; i++) {
      const f = white ? i : W - 1 - i;
      // On a board of points the letter names the file's line, under it.
      const [x, y, anchor] = this.points ? [i * S + S / 2, H * S - 2, 'middle'] : [i * S + S - 6, H * S - 6, 'end'];
      out.push(`<text class="coord" x="${x}" y="${y}" text-anchor="${anchor}">${String.fromCharCode(97 + f)}</text>`);
    }
    for (let j = 0; j < H; j++) {
      const r = white ? H - j : j + 1;
      out.push(`<text class="coord" x="5" y="${j * S + 20}">${r}</text>`);
    }
    if (this.pdn) {
      for (const [name] of this.coords) {
        const [x, y] = this.xy(name);
        out.push(`<text class="coord num" x="${x + S - 6}" y="${y + 20}" text-anchor="end">${name}</text>`);
      }
    }
    return out.join('');
  }

  // banSVG draws the ban in force: a red arrow, crossed out.
  banSVG(ban) {
    if (!this.coords.has(ban.from) || !this.coords.has(ban.to)) return '';
    const [x1, y1] = this.xy(ban.from).map((c) => c + S / 2);
    const [x2, y2] = this.xy(ban.to).map((c) => c + S / 2);
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const ux = (x2 - x1) / len;
    const uy = (y2 - y1) / len;
    const ex = x2 - ux * 30;
    const ey = y2 - uy * 30; // the shaft ends at the head's base
    const head = `${x2 - ux * 6},${y2 - uy * 6} ${ex - uy * 18},${ey + ux * 18} ${ex + uy * 18},${ey - ux * 18}`;
    const mx = (x1 + x2) / 2;
    const my = (y1 + y2) / 2;
    return `<g class="ban-arrow" data-ban="${ban.from}${ban.to}"><title>Banned: ${h(ban.san || ban.from + ban.to)}</title>` +
      `<line x1="${x1}" y1="${y1}" x2="${ex}" y2="${ey}"/><polygon points="${head}"/>` +
      `<path class="cross" d="M${mx - 18} ${my - 18}L${mx + 18} ${my + 18}M${mx + 18} ${my - 18}L${mx - 18} ${my + 18}"/></g>`;
  }
}

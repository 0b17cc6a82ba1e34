// Piece drawings: our own SVG shapes in a 100×100 box, one per kind of
// piece (by the rules package's names), so that no font or piece set is
// needed and every kind looks different. Compound fairy pieces are drawn
// as their two parts side by side; kinds without a drawing are a disc
// with their letter, which the legend names.

const base = '<path d="M24 90h52v-8H24z"/>';

// Each shape is the inside of a <g>; "detail" parts are drawn in the
// contrasting colour (see pieceSVG).
const shapes = {
  pawn: '<circle cx="50" cy="32" r="12"/><path d="M34 82Q38 58 45 44h10q7 14 11 38z"/>' + base,
  king: '<path d="M46 12h8v8h8v8h-8v14h-8V28h-8v-8h8z"/><path d="M28 80C22 62 30 46 50 46s28 16 22 34z"/>' + base +
    '<path class="d" d="M34 70h32" fill="none"/>',
  queen: '<path d="M22 40l12 30 4-34 12 30 12-30 4 34 12-30-4 40H26z"/>' +
    '<circle cx="22" cy="38" r="5"/><circle cx="38" cy="33" r="5"/><circle cx="50" cy="30" r="5"/>' +
    '<circle cx="62" cy="33" r="5"/><circle cx="78" cy="38" r="5"/>' + base,
  rook: '<path d="M24 42V20h10v8h9v-8h14v8h9v-8h10v22zM30 42h40v40H30z"/>' + base +
    '<path class="d" d="M30 48h40" fill="none"/>',
  bishop: '<circle cx="50" cy="12" r="5"/><path d="M50 16c15 12 18 30 9 44H41c-9-14-6-32 9-44z"/>' +
    '<path d="M30 82c6-12 12-16 12-20h16c0 4 6 8 12 20z"/>' + base +
    '<path class="d" d="M55 28l-10 14" fill="none"/>',
  knight: '<path d="M32 84c0-18 12-26 10-36-8 4-14 8-18 4-5-5 4-14 10-20 4-6 8-12 14-14l4-8 4 8c16 4 24 24 20 66z"/>' + base +
    '<circle class="d" cx="46" cy="30" r="3"/>',
  // Shatranj: the old pieces are not the modern ones.
  faras: '<path d="M32 84c0-18 12-26 10-36-8 4-14 8-18 4-5-5 4-14 10-20 4-6 8-12 14-14l4-8 4 8c16 4 24 24 20 66z"/>' + base +
    '<circle class="d" cx="46" cy="30" r="3"/><path class="d" d="M56 22c6 6 10 14 10 24M36 64h30" fill="none"/>',
  shah: '<path d="M34 46c0-20 32-20 32 0z"/><circle cx="50" cy="20" r="5"/>' +
    '<path d="M28 80c-5-18 4-32 22-32s27 14 22 32z"/>' + base + '<path class="d" d="M36 40h28" fill="none"/>',
  ferz: '<path d="M50 12l13 20-13 20-13-20z"/><path d="M32 82c2-16 8-26 18-26s16 10 18 26z"/>' + base +
    '<circle class="d" cx="50" cy="32" r="4"/>',
  alfil: '<ellipse cx="27" cy="44" rx="11" ry="15"/><ellipse cx="73" cy="44" rx="11" ry="15"/>' +
    '<ellipse cx="50" cy="44" rx="17" ry="20"/><path d="M44 58c-2 14 2 22 12 22l2-6c-6 0-7-6-6-16z"/>' + base +
    '<path class="d" d="M38 62l-6 10M62 62l6 10" fill="none"/><circle class="d" cx="43" cy="40" r="2.5"/><circle class="d" cx="57" cy="40" r="2.5"/>',
  rukh: '<path d="M28 82V34l12-14 10 16 10-16 12 14v48z"/>' + base + '<path class="d" d="M34 52h32M34 64h32" fill="none"/>',
  baidaq: '<path d="M38 40h24v8H38z"/><circle cx="50" cy="34" r="9"/><path d="M36 82q3-18 10-30h8q7 12 10 30z"/>' + base,
  // Draughts.
  man: '<ellipse cx="50" cy="58" rx="36" ry="24"/><ellipse cx="50" cy="50" rx="36" ry="24"/>' +
    '<ellipse class="d" cx="50" cy="50" rx="24" ry="15" fill="none"/>',
  dking: '<ellipse cx="50" cy="70" rx="36" ry="20"/><ellipse cx="50" cy="62" rx="36" ry="20"/>' +
    '<ellipse cx="50" cy="48" rx="36" ry="20"/><ellipse cx="50" cy="40" rx="36" ry="20"/>' +
    '<path class="d" d="M34 44l6-14 10 10 10-10 6 14z" fill="none"/>',
  // Fairy and regional pieces.
  cannon: '<path d="M20 58l52-26 6 12-52 26z"/><circle cx="36" cy="72" r="12"/><circle cx="64" cy="72" r="12"/>' +
    '<circle class="d" cx="36" cy="72" r="4"/><circle class="d" cx="64" cy="72" r="4"/>' + base,
  commoner: '<circle cx="50" cy="26" r="12"/><path d="M28 80c-4-18 6-38 22-38s26 20 22 38z"/>' + base +
    '<path class="d" d="M36 66h28" fill="none"/>',
  khon: '<path d="M50 10l9 34H41z"/><path d="M30 82c2-20 10-34 20-34s18 14 20 34z"/>' + base +
    '<path class="d" d="M40 60h20" fill="none"/>',
  met: '<path d="M50 14l14 18-14 18-14-18z"/><circle cx="50" cy="12" r="5"/><path d="M32 82c2-16 8-26 18-26s16 10 18 26z"/>' + base,
  wazir: '<path d="M34 22h32v28H34z"/><path d="M30 82c2-16 8-28 20-28s18 12 20 28z"/>' + base +
    '<path class="d" d="M42 30h16v12H42z" fill="none"/>',
  nightrider: '<path d="M32 84c0-18 12-26 10-36-8 4-14 8-18 4-5-5 4-14 10-20 4-6 8-12 14-14l4-8 4 8c16 4 24 24 20 66z"/>' + base +
    '<path class="d f" d="M50 56l4 8 9 1-7 6 2 9-8-5-8 5 2-9-7-6 9-1z"/>',
  grasshopper: '<path d="M18 70c10-30 40-44 66-34l-6 8c-20-6-40 4-50 30z"/><circle cx="78" cy="36" r="8"/>' + base +
    '<path class="d" d="M30 66l-6 14M56 50l10 30" fill="none"/>',
  camel: '<path d="M20 80V50c0-10 8-14 14-6l6 8 8-18c4-8 12-8 16 0l6 14 6-12 8 4-6 40z"/>' + base,
};

// Aliases: kinds drawn like another.
const same = { fers: 'ferz', mann: 'commoner', elephant: 'alfil', horse: 'knight', man_draughts: 'man' };

// Compound pieces: their two parts, left and right.
const compounds = {
  archbishop: ['bishop', 'knight'], princess: ['bishop', 'knight'], cardinal: ['bishop', 'knight'],
  chancellor: ['rook', 'knight'], marshal: ['rook', 'knight'], empress: ['rook', 'knight'],
  amazon: ['queen', 'knight'], fersAlfil: ['ferz', 'alfil'], centaur: ['king', 'knight'],
};

function shapeOf(name) {
  return shapes[name] || shapes[same[name]];
}

// hasDrawing reports whether a kind has its own drawing (else: a lettered disc).
export function hasDrawing(name) {
  return Boolean(shapeOf(name) || compounds[name]);
}

// pieceSVG returns the inside of a piece's <g> for a 100×100 square: kind
// name (rules package), side (true: White / first player), FEN letter.
export function pieceSVG(name, white, letter) {
  const cls = white ? 'pc w' : 'pc b';
  const shape = shapeOf(name);
  if (shape) return `<g class="${cls}">${shape}</g>`;
  const parts = compounds[name];
  if (parts) {
    return `<g class="${cls}"><g transform="translate(-6 8) scale(.68)">${shapeOf(parts[0])}</g>` +
      `<g transform="translate(38 8) scale(.68)">${shapeOf(parts[1])}</g>` +
      '<path d="M24 90h52v-8H24z"/></g>';
  }
  const t = String(letter || '?').toUpperCase().slice(0, 2);
  return `<g class="${cls}"><circle cx="50" cy="50" r="36"/>` +
    `<text class="d" x="50" y="52" text-anchor="middle" dominant-baseline="middle" font-size="40" font-weight="700">${t}</text></g>`;
}

// iconSVG returns a standalone small <svg> of a piece, for the legend and
// the promotion chooser.
export function iconSVG(name, white, letter, size = 36) {
  return `<svg class="icon" viewBox="0 0 100 100" width="${size}" height="${size}" aria-hidden="true">${pieceSVG(name, white, letter)}</svg>`;
}

// Xiangqi's and janggi's pieces are discs (janggi's octagons) with their
// Chinese characters, as their players know them, drawn as text in the
// reader's own CJK font. Xiangqi's first player is Red, the second Black;
// janggi's first is Cho (blue), the second Han (red). Keys are the kinds'
// names (Fairy-Stockfish's piece types), values the first and second
// player's characters.
const xiangqiChars = {
  king: ['帥', '將'], fers: ['仕', '士'], elephant: ['相', '象'], horse: ['傌', '馬'], rook: ['俥', '車'],
  cannon: ['炮', '砲'], soldier: ['兵', '卒'], banner: ['旗', '旗'],
};
const janggiChars = {
  king: ['楚', '漢'], wazir: ['士', '士'], janggiElephant: ['象', '象'], horse: ['馬', '馬'], rook: ['車', '車'],
  janggiCannon: ['包', '包'], soldier: ['卒', '兵'],
};
// Janggi's pieces differ in size by rank: the generals largest, guards
// and soldiers smallest.
const janggiSize = { king: 44, wazir: 30, soldier: 30 };

// pointCharacter returns the character of a kind on a board of points, or
// '' for a kind without one (a user's own piece: drawn as its letter).
export function pointCharacter(name, first, janggi) {
  const c = (janggi ? janggiChars : xiangqiChars)[name];
  return c ? c[first ? 0 : 1] : '';
}

// pointPieceSVG returns the inside of a piece's <g> on a board of points:
// a disc or octagon with the piece's character (or its FEN letter), in
// the colour of its side.
export function pointPieceSVG(name, first, letter, janggi) {
  const side = janggi ? (first ? 'cho' : 'han') : (first ? 'red' : 'black');
  const ch = pointCharacter(name, first, janggi) || String(letter || '?').toUpperCase().slice(0, 2);
  const r = janggi ? (janggiSize[name] || 38) : 42;
  let body;
  if (janggi) {
    const pts = [];
    for (let i = 0; i < 8; i++) {
      const a = Math.PI / 8 + i * Math.PI / 4;
      pts.push(`${(50 + r * Math.cos(a)).toFixed(1)},${(50 + r * Math.sin(a)).toFixed(1)}`);
    }
    body = `<polygon class="disc" points="${pts.join(' ')}"/>`;
  } else {
    body = `<circle class="disc" cx="50" cy="50" r="${r}"/><circle class="ring" cx="50" cy="50" r="${r - 6}"/>`;
  }
  return `<g class="pt ${side}">${body}<text class="char" x="50" y="53" text-anchor="middle" ` +
    `dominant-baseline="middle" font-size="${Math.round(r * 1.15)}">${ch}</text></g>`;
}

// pointIconSVG is iconSVG for a board of points' pieces.
export function pointIconSVG(name, first, letter, janggi, size = 36) {
  return `<svg class="icon" viewBox="0 0 100 100" width="${size}" height="${size}" aria-hidden="true">${pointPieceSVG(name, first, letter, janggi)}</svg>`;
}

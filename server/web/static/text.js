// The words the page shows for the server's states: whose turn and what
// kind, results with their reasons, clock times.

// names are the sides' names on this page: White and Black, or the
// game's own (GET /api/variants' sides: xiangqi's Red and Black, janggi's
// Cho and Han), set once the game is known.
const names = { white: 'White', black: 'Black' };

export function setSides(sides) {
  if (!sides || sides.length !== 2) return;
  const cap = (s) => s[0].toUpperCase() + s.slice(1);
  names.white = cap(sides[0]);
  names.black = cap(sides[1]);
}

export function colorName(c) {
  return names[c] || c;
}

export function other(c) {
  return c === 'white' ? 'black' : 'white';
}

// reasons name the statuses of docs/server.md.
const reasons = {
  mate: 'checkmate', resign: 'resignation', stalemate: 'stalemate', timeout: 'the opponent left',
  draw: 'agreement', outoftime: 'time', bareKing: 'bare king', repetition: 'repetition',
  fiftyMoves: 'the fifty-move rule', fortyMoves: 'the forty-move rule',
  insufficientMaterial: 'insufficient material', noMoves: 'no moves left', variantEnd: 'the rules of the game',
};

// resultText says how a finished game ended: in the game's own words
// when the server has them (the position's result: "white wins by
// reaching the goal"), else from its status.
export function resultText(status, winner, words = '') {
  if (words) return words[0].toUpperCase() + words.slice(1);
  if (status === 'aborted') return 'Game aborted';
  if (status === 'noStart') return 'Game aborted: the first moves did not come in time';
  const why = reasons[status] || status;
  if (winner) return `${colorName(winner)} wins by ${why}`;
  return `Draw by ${why}`;
}

// statusText is the status line: the result, or whose turn and what kind.
export function statusText(p) {
  if (p.over) return resultText(p.status, p.winner, p.result);
  if (!p.seated) return 'Waiting for an opponent';
  if (p.phase === 'ban') return `${colorName(p.turn)} bans one of ${colorName(other(p.turn))}'s moves`;
  return `${colorName(p.turn)} to move`;
}

// clockText writes milliseconds left: tenths under 10 seconds.
export function clockText(ms) {
  ms = Math.max(0, ms);
  if (ms < 10000) return (Math.floor(ms / 100) / 10).toFixed(1);
  const s = Math.floor(ms / 1000);
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hh > 0 ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

// goalText is the legend line of a race's goal (GET /api/variants' goal):
// "Reach the hill (d4, e4, d5, e5): the first king there wins", or each
// side's region when they differ. width and height are the board's.
export function goalText(goal, width, height) {
  const side = (g) => {
    const who = g.piece ? `${g.count > 1 ? g.count + ' ' : 'a '}${g.piece}${g.count > 1 ? 's' : ''}` :
      g.count > 1 ? `${g.count} pieces` : 'any piece';
    return { who, where: regionName(g.squares, width, height) };
  };
  const w = side(goal.white);
  const b = side(goal.black);
  if (w.who === b.who && w.where === b.where) {
    return `Reach ${w.where}: the first to bring ${w.who} there wins`;
  }
  return `White wins with ${w.who} on ${w.where}, Black with ${b.who} on ${b.where}`;
}

// regionName names a region for people: "the hill" (the four centre
// squares), "the 8th rank", or its squares.
function regionName(squares, width, height) {
  const set = new Set(squares);
  const cx = Math.floor((width - 1) / 2);
  const cy = Math.floor((height - 1) / 2);
  const centre = [[cx, cy], [cx + 1, cy], [cx, cy + 1], [cx + 1, cy + 1]].map(([f, r]) => String.fromCharCode(97 + f) + (r + 1));
  if (width % 2 === 0 && height % 2 === 0 && set.size === 4 && centre.every((sq) => set.has(sq))) {
    return `the hill (${centre.join(', ')})`;
  }
  const ranks = new Set(squares.map((sq) => sq.slice(1)));
  if (ranks.size === 1 && set.size === width) return `the ${ordinal(Number([...ranks][0]))} rank`;
  return squares.join(', ');
}

function ordinal(n) {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] || 'th';
  return n + suffix;
}

// checksText is a side's check counter ("+1"), and its title.
export function checksText(color, c) {
  return { text: `+${c.given}`, title: `${colorName(color)} has given ${c.given} of ${c.limit} checks` };
}

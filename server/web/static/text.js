// The words the page shows for the server's states: whose turn and what
// kind, results with their reasons, clock times.

const Color = { white: 'White', black: 'Black' };

export function colorName(c) {
  return Color[c] || c;
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

// resultText says how a finished game ended.
export function resultText(status, winner) {
  if (status === 'aborted') return 'Game aborted';
  if (status === 'noStart') return 'Game aborted: the first moves did not come in time';
  const why = reasons[status] || status;
  if (winner) return `${colorName(winner)} wins by ${why}`;
  return `Draw by ${why}`;
}

// statusText is the status line: the result, or whose turn and what kind.
export function statusText(p) {
  if (p.over) return resultText(p.status, p.winner);
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

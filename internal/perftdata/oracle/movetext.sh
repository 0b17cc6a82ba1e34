#!/usr/bin/env bash
# Writes movetext.txt beside this script: for every position of the shared fairy perft files
# (../shared/data/fairy/*.perft and fsf-head/*.perft), of the oracle files here, and for the
# start of every game listed below, today's Fairy-Stockfish's FEN of the position (its "d" Fen
# line) and its "go perft 1" moves, sorted: the move text Baten's UCI must speak word for word.
# usage: movetext.sh     (needs ../../../../shared/tools/fairy-stockfish/build.sh)
# The third line lists the binary's UCI_Variant values.
# A file whose name is no UCI_Variant of the binary (aiwok.perft) is left out.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
data="$here/../../../../shared/data/fairy"
fsf=$(bash "$here/../../../../shared/tools/fairy-stockfish/build.sh")
version=$(printf 'uci\nquit\n' | "$fsf" | sed -n 's/^id name //p')
known=$(printf 'uci\nquit\n' | "$fsf" | sed -n 's/^option name UCI_Variant type combo //p' | tr ' ' '\n' | grep -v '^var$\|^default$' | awk '!seen[$0]++')

# Starts of games that have no perft file, and positions that exercise one rule's text:
# promotions with their letter (wolf's elephant, a piece promotion: a9a10+), castling in Chess960 (king takes rook) and on a 10x8 board.
extra=(
  "chess startpos" "shatranj startpos" "atomar startpos" "hoppelpoppel startpos" "amazon startpos"
  "georgian startpos" "raazuvaa startpos" "paradigm startpos" "ai-wok startpos" "modern startpos"
  "centaur startpos" "tencubed startpos" "fox-and-hounds startpos" "duck startpos" "amazons startpos"
  "snailtrail startpos" "chess960 startpos"
  "chess960 r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
  "chess960 bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
  "chess 4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1"
  "shatranj k7/4P3/8/8/8/8/p7/7K w - - 0 1"
  "makruk k7/8/8/4P3/8/8/8/7K w - - 0 1"
  "courier k11/4P7/12/12/12/12/p11/11K w - - 0 1"
  "capablanca r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1"
  "wolf 7k/P7/8/8/8/8/8/8/8/K7 w - - 0 1"
  "clobber10 startpos" "isolation startpos" "isolation7x7 startpos" "joust startpos"
  "sortofalmost startpos" "troitzky startpos" "omicron startpos"
)

# oracle VARIANT FEN: one line, tab-separated: variant, the FEN as given, the FEN the binary
# writes, and its moves.
oracle() {
  local variant=$1 fen=$2 opt="setoption name UCI_Variant value $1" pos="position fen $2" out
  [ "$variant" = chess960 ] && opt="setoption name UCI_Variant value chess
setoption name UCI_Chess960 value true"
  [ "$fen" = startpos ] && pos="position startpos"
  out=$(printf '%s\n%s\ngo perft 1\nd\nquit\n' "$opt" "$pos" | "$fsf")
  printf '%s\t%s\t%s\t%s\n' "$variant" "$fen" "$(sed -n 's/^Fen: //p' <<<"$out")" \
    "$(sed -n 's/^\([^ ]*\): [0-9][0-9]*$/\1/p' <<<"$out" | LC_ALL=C sort | tr '\n' ' ' | sed 's/ $//')"
}

out=$(mktemp)
{
  echo "# Fairy-Stockfish's FEN and \"go perft 1\" moves (sorted) of each position, from $version (c19b5f6),"
  echo "# made by movetext.sh: variant, the FEN as given, the FEN as Fairy-Stockfish writes it, the moves."
  echo "# UCI_Variant: $(tr '\n' ' ' <<<"$known" | sed 's/ $//')"
  for f in "$data"/*.perft "$data"/fsf-head/*.perft "$here"/*.perft; do
    variant=$(basename "$f" .perft)
    grep -qx "$variant" <<<"$known" || continue
    oracle "$variant" startpos
    while IFS= read -r fen; do oracle "$variant" "$fen"; done < <(sed -n 's/^epd //p' "$f")
  done | awk -F'\t' '!seen[$1 FS $2]++' # cambodian's positions are in two files
  for e in "${extra[@]}"; do
    v=${e%% *}
    [ "$v" = chess960 ] || grep -qx "$v" <<<"$known" || { echo "movetext.sh: $v is no UCI_Variant of $version" >&2; exit 1; }
    oracle "$v" "${e#* }"
  done
} >"$out"
mv "$out" "$here/movetext.txt"

#!/usr/bin/env bash
# Recounts every position of the oracle files given (default: all *.perft here) with
# today's Fairy-Stockfish, to the depths each file lists, and rewrites the counts in place.
# usage: make.sh [FILE.perft ...]     (needs ../../../../shared/tools/fairy-stockfish/build.sh)
# Each file's first line names the UCI_Variant: "# NAME: …".
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fsf=$(bash "$here/../../../../shared/tools/fairy-stockfish/build.sh")
[ $# -gt 0 ] || set -- "$here"/*.perft
for f in "$@"; do
  variant=$(head -1 "$f" | sed -n 's/^# \([^:]*\):.*/\1/p')
  [ -n "$variant" ] || { echo "make.sh: $f: first line must be '# VARIANT: …'" >&2; exit 1; }
  out=$(mktemp)
  fen=
  while IFS= read -r line; do
    case "$line" in
      epd\ *) fen=${line#epd }; echo "$line" ;;
      perft\ *)
        d=${line#perft }; d=${d%% *}
        n=$(printf 'setoption name UCI_Variant value %s\nposition fen %s\ngo perft %s\nquit\n' "$variant" "$fen" "$d" |
          "$fsf" | sed -n 's/^Nodes searched: //p')
        echo "perft $d $n" ;;
      *) echo "$line" ;;
    esac
  done <"$f" >"$out"
  mv "$out" "$f"
done

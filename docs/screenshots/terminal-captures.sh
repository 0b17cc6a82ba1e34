#!/bin/sh
# Captures the terminal game's screens in docs/screenshots/terminal-*.txt:
# runs the real "baten play" under tmux (a real terminal, raw mode, line
# editing) and saves what tmux shows. Run from the repository root; needs
# tmux. The engine capture depends on the machine's speed.
set -eu
bin=$(mktemp -d)/baten
go build -o "$bin" ./cmd/baten
out=docs/screenshots
session=baten-captures-$$

# capture NAME COMMAND KEYS... : start COMMAND, send each KEYS argument
# (tmux send-keys syntax; "sleep:N" waits N seconds), save the pane.
capture() {
	name=$1 cmd=$2
	shift 2
	tmux new-session -d -s "$session" -x 96 -y 40 "$cmd"
	sleep 1
	for k in "$@"; do
		case $k in
		sleep:*) sleep "${k#sleep:}" ;;
		*) tmux send-keys -t "$session" "$k"; sleep 0.5 ;;
		esac
	done
	# The pane without its trailing empty lines.
	tmux capture-pane -p -t "$session" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' >"$out/terminal-$name.txt"
	tmux kill-session -t "$session"
}

capture banchess "$bin play --variant banchess" "ban e2e4" Enter
capture shatranj "$bin play --variant shatranj" "e3" Enter "Fe2" Enter "Ae6" Enter
capture draughts "$bin play --variant draughts" "11-15" Enter
capture thinking "$bin play --engine --movetime 60000" "e4" Enter sleep:3
capture engine "$bin play --engine --movetime 60000" "e4" Enter sleep:3 C-c sleep:1
capture claim "$bin play" "Nf3" Enter "Nf6" Enter "Ng1" Enter "Ng8" Enter "Nf3" Enter "Nf6" Enter "Ng1" Enter "claim Ng8" Enter
capture leave "$bin play" "e4" Enter C-c

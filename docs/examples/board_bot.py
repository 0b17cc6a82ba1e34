#!/usr/bin/env python3
"""A lichess-style Board API bot for `baten serve`, with the standard
library only: it waits for its game on the event stream, follows the game
stream, and plays the moves of a UCI engine (`baten uci` by default).

    python3 board_bot.py http://127.0.0.1:8080 TOKEN [--nodes N] [--engine CMD]

TOKEN is a seat's token (from POST /api/games or /api/seeks). The same
code talks to lichess.org's Board API with its base URL and an OAuth token.
"""

import argparse
import json
import shlex
import subprocess
import time
import urllib.error
import urllib.request


def stream(url, token):
    """Yields the JSON objects of an NDJSON stream (keep-alive lines skipped)."""
    req = urllib.request.Request(url, headers={"Authorization": "Bearer " + token})
    with urllib.request.urlopen(req) as resp:
        for line in resp:
            if line.strip():
                yield json.loads(line)


def post(url, token):
    """POSTs, waiting as told while the server limits the rate (429)."""
    while True:
        req = urllib.request.Request(url, data=b"", method="POST",
                                     headers={"Authorization": "Bearer " + token})
        try:
            with urllib.request.urlopen(req) as resp:
                return json.load(resp)
        except urllib.error.HTTPError as e:
            if e.code != 429:
                raise
            time.sleep(float(e.headers.get("Retry-After", "1")))


class Engine:
    """A UCI engine in a subprocess."""

    def __init__(self, cmd, variant):
        self.p = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name UCI_Variant value " + variant)
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        for line in self.p.stdout:
            if line.startswith(prefix):
                return line.split()
        raise EOFError("engine closed its output")

    def best(self, fen, moves, nodes):
        self.send("position fen " + fen + (" moves " + moves if moves else ""))
        self.send("go nodes %d" % nodes)
        return self.wait("bestmove")[1]

    def quit(self):
        self.send("quit")
        self.p.wait()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("base")
    ap.add_argument("token")
    ap.add_argument("--nodes", type=int, default=5000)
    ap.add_argument("--engine", default="baten uci")
    a = ap.parse_args()

    for ev in stream(a.base + "/api/stream/event", a.token):
        if ev["type"] == "gameStart":
            game = ev["game"]
            break
    gid, color = game["gameId"], game["color"]
    engine = None
    for msg in stream(a.base + "/api/board/game/stream/" + gid, a.token):
        if msg["type"] == "gameFull":
            fen = msg["initialFen"]
            engine = Engine(a.engine, msg["variant"]["key"])
            state = msg["state"]
        else:
            state = msg
        if state["status"] not in ("created", "started"):
            print("game over:", state["status"], state.get("winner", ""))
            break
        # Baten says whose turn it is ("turn"); lichess's clients count
        # moves, which a Ban-Chess ban would upset.
        if state.get("turn") != color:
            continue
        move = engine.best(fen, state["moves"], a.nodes)
        post("%s/api/board/game/%s/move/%s" % (a.base, gid, move), a.token)
    if engine:
        engine.quit()


if __name__ == "__main__":
    main()

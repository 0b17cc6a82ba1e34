# Usage: python3 cpunps.py VARIANT NODES REPS BATEN OTHER-ENGINE POSITION...
# (POSITION: "startpos" or a FEN the engines read). Used for BENCHMARKS.md
# "Strength"; not run by the tests.
# CPU-time nodes/s: each search is "go nodes N" in a fresh single-threaded
# engine process; the process's user+sys CPU time (getrusage of the child)
# minus that of the same process searching "go nodes 1" (start-up, tables)
# gives the search's CPU time. CPU time, unlike wall time, is not inflated
# by other processes on a loaded machine.
import resource, subprocess, sys, statistics

def run(cmd, variant, pos, nodes):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    def send(s): p.stdin.write(s + "\n"); p.stdin.flush()
    def until(pref):
        last = ""
        while True:
            l = p.stdout.readline()
            if not l: raise SystemExit("engine died")
            if l.startswith("info") and " depth " in l and " nodes " in l: last = l
            if l.startswith(pref): return last
    send("uci"); until("uciok")
    send("setoption name Threads value 1"); send("setoption name Hash value 16")
    if variant != "chess": send("setoption name UCI_Variant value " + variant)
    send("isready"); until("readyok")
    send("position " + ("startpos" if pos == "startpos" else "fen " + pos))
    send("go nodes %d" % nodes)
    last = until("bestmove")
    send("quit"); p.wait()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    f = last.split(); depth = f[f.index("depth") + 1]
    return cpu, depth

variant, nodes, reps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
engines = [("baten", [sys.argv[4], "uci"]), (sys.argv[5].split("/")[-1], [sys.argv[5]])]
for pos in sys.argv[6:]:
    for name, cmd in engines:
        rates, depth = [], "?"
        for _ in range(reps):
            base, _ = run(cmd, variant, pos, 1)
            cpu, depth = run(cmd, variant, pos, nodes)
            rates.append(nodes / max(cpu - base, 1e-3))
        print("%-16s %-72s depth %3s  CPU nodes/s median %9.0f  (runs %s)" % (name, pos, depth, statistics.median(rates), ", ".join("%.0f" % r for r in rates)))

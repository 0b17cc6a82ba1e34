# Independent reference values for stats_test.go (run: python3 reference.py).
# Elo and its interval by the textbook formulas; the GSPRT LLR by brute-force
# maximisation of the trinomial likelihood on the line of distributions with
# a given mean (golden-section search over the loss probability), not by the
# secular equation stats.go solves.
import math

def elo(s):
    return -400 * math.log10(1 / s - 1)

def interval(w, d, l):
    n = w + d + l
    s = (w + d / 2) / n
    var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s ** 2) / n
    dev = 1.959963984540054 * math.sqrt(var / n)
    return elo(s), elo(s - dev), elo(s + dev)

def loglik(c, s, pl):
    # distribution with mean s and loss probability pl: draw 2(1-s)-2pl, win 2s-1+pl
    pd, pw = 2 * (1 - s) - 2 * pl, 2 * s - 1 + pl
    if min(pl, pd, pw) <= 0:
        return -math.inf
    return c[0] * math.log(pl) + c[1] * math.log(pd) + c[2] * math.log(pw)

def maxloglik(c, s):
    lo, hi = max(0.0, 1 - 2 * s), 1 - s  # pw >= 0 and pd >= 0
    g = (math.sqrt(5) - 1) / 2
    for _ in range(300):
        a, b = hi - g * (hi - lo), lo + g * (hi - lo)
        if loglik(c, s, a) < loglik(c, s, b):
            lo = a
        else:
            hi = b
    return loglik(c, s, (lo + hi) / 2)

def llr(w, d, l, elo0, elo1):
    c = [x if x > 0 else 1e-3 for x in (l, d, w)]
    s0, s1 = [1 / (1 + 10 ** (-e / 400)) for e in (elo0, elo1)]
    return maxloglik(c, s1) - maxloglik(c, s0)

for w, d, l in [(10, 16, 14), (60, 30, 10)]:
    print("interval", (w, d, l), ["%.6f" % x for x in interval(w, d, l)])
for args in [(10, 16, 14, 0, 10), (120, 200, 80, 0, 10), (60, 30, 10, -5, 5), (5, 0, 0, 0, 5), (0, 3, 7, -10, 0),
             (1200, 2000, 1000, 0, 5)]:  # the last: ExampleSPRT
    print("llr", args, "%.6f" % llr(*args))

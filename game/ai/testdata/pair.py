# Two strength logs of TestStrength paired match by match: the score of
# player A in log A and of player B in log B over the setups (map,
# initiative method, seed, seat) both logs hold, and the paired difference
# with its standard error. Used by the README's "paired with" figures:
#
#   python3 testdata/pair.py LOG_A 'SPEC_A' LOG_B 'SPEC_B'
#
# e.g. python3 testdata/pair.py testdata/strength-normal-wt-greedy-fresh90000.jsonl 'normal+watch=0.5;tempo=1' testdata/strength-normal-greedy-fresh90000.jsonl normal
import json
import math
import sys


def load(path, player, prefix=False):
    """Points of player in each setup of the log (1 a win, 0.5 a draw),
    keyed by (map, method, seed, side); with prefix, of the player whose
    name starts with player (a variant's name changes when it is adopted)."""
    def named(name):
        return name.startswith(player) if prefix else name == player
    out = {}
    for line in open(path):
        line = line.strip()
        if not line:
            continue
        r = json.loads(line)
        s = r.get('setup')
        if s is None:
            continue
        if named(s['A']):
            side = 0
        elif named(s['B']):
            side = 1
        else:
            continue
        w = r['winner']
        out[(s['Map'], s['Initiative'], s['Seed'], side)] = 1.0 if w == side else (0.5 if w < 0 else 0.0)
    return out


def main():
    if len(sys.argv) != 5:
        sys.exit("usage: pair.py LOG_A SPEC_A LOG_B SPEC_B")
    a, b = load(sys.argv[1], sys.argv[2]), load(sys.argv[3], sys.argv[4])
    keys = [k for k in a if k in b]
    n = len(keys)
    if n < 2:
        sys.exit(f"only {n} setups in both logs for those players")
    d = [a[k] - b[k] for k in keys]
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    print(f"{n} paired: {sys.argv[2]} {100 * sum(a[k] for k in keys) / n:.1f}%, "
          f"{sys.argv[4]} {100 * sum(b[k] for k in keys) / n:.1f}%: "
          f"{100 * mean:+.1f} points (SE {100 * math.sqrt(var / n):.1f}); "
          f"{sum(1 for x in d if x == 0)} alike")


if __name__ == "__main__":
    main()

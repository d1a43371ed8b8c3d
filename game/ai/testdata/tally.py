# The score of the player whose name starts with PREFIX over strength logs
# of TestStrength, whatever its variant's name in each log (so that a run
# continued under a new name joins the one before): wins, the 95% Wilson
# interval, and the score by map, seat (the posse it played) and both.
#
#   python3 testdata/tally.py PREFIX LOG...
#
# e.g. python3 testdata/tally.py hard testdata/strength-hard-h6-greedy-fresh1201*.jsonl testdata/strength-hard-h6-greedy-fresh120000.jsonl
import collections
import math
import sys

from pair import load


def wilson(k, n, z=1.96):
    p = k / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return 100 * (c - h) / d, 100 * (c + h) / d


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: tally.py PREFIX LOG...")
    prefix = sys.argv[1]
    points = {}
    for path in sys.argv[2:]:
        points.update(load(path, prefix, prefix=True))
    n = len(points)
    if n == 0:
        sys.exit(f"no matches of a player named {prefix}...")
    k = sum(points.values())
    lo, hi = wilson(k, n)
    print(f"{prefix}: {n} matches, {k:g} points: {100 * k / n:.1f}% (95% CI {lo:.1f}-{hi:.1f}%)")
    cells = collections.defaultdict(lambda: [0.0, 0])
    for (mp, _, _, side), v in points.items():
        for key in (mp, f"seat {side + 1}", f"{mp} seat {side + 1}"):
            cells[key][0] += v
            cells[key][1] += 1
    for key in sorted(cells):
        v, m = cells[key]
        print(f"  {key}: {100 * v / m:.1f}% of {m}")


if __name__ == "__main__":
    main()

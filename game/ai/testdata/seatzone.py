# Hard's score against normal by map, initiative method and seat, over the
# mirrored strength logs given, and how far it stands above what normal
# itself scores in that seat (normal against normal, game/eval's fitting
# matches: the first seat wins 47.6% on Coyote Halt, 54.4% on the ranch and
# 43.9% on Dry Gulch). From game/ai/:
#   python3 testdata/seatzone.py testdata/strength-hard*normal-mirror*.jsonl
import json, sys, collections, math
first = {'halt.tmx': 47.6, 'ranch.tmx': 54.4, 'town.tmx': 43.9}
by = collections.defaultdict(list)
for f in sys.argv[1:]:
    for line in open(f):
        r = json.loads(line); s = r['setup']; seat = 0 if s['B'] == 'normal' else 1
        by[(s['Map'], s['Initiative'], seat)].append(1.0 if r['winner'] == seat else (0.5 if r['winner'] < 0 else 0.0))
edges = collections.defaultdict(list)
for k in sorted(by):
    a = by[k]; p = 100 * sum(a) / len(a)
    base = first[k[0]] if k[2] == 0 else 100 - first[k[0]]
    edges[k[0]].append((p - base, len(a))); edges['favoured' if base > 50 else 'other'].append((p - base, len(a)))
    print(f"{k[0]} {k[1]} seat {k[2]+1}: {p:.1f}% ± {1.96*math.sqrt(p*(100-p)/len(a)):.1f} of {len(a)}; normal there {base:.1f}%: {p-base:+.1f}")
for g in ['halt.tmx', 'ranch.tmx', 'town.tmx', 'favoured', 'other']:
    e = edges[g]; n = sum(x[1] for x in e)
    print(f"{g}: {sum(d*k for d, k in e)/n:+.1f} points above normal's own rate, {n} matches")

# Hard's score against normal by map, initiative method and seat, over the
# mirrored strength logs given (every log of hard against normal since
# 2026-11-26): python3 seatzone.py testdata/strength-hard-...jsonl ...
import json, sys, collections, math
by = collections.defaultdict(list)
for f in sys.argv[1:]:
    for line in open(f):
        r = json.loads(line); s = r['setup']; seat = 0 if s['B'] == 'normal' else 1
        by[(s['Map'], s['Initiative'], seat)].append(1.0 if r['winner'] == seat else (0.5 if r['winner'] < 0 else 0.0))
for k in sorted(by):
    a = by[k]; p = sum(a) / len(a)
    print(*k, f"{100*p:.1f}% ± {196*math.sqrt(p*(1-p)/len(a)):.1f} of {len(a)}")

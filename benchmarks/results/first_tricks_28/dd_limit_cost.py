"""60 double-dummy solves of 11 cards a hand, no limit set (issue 28: what the limit check
costs); prints the CPU seconds and the positions searched."""

import random
import sys
import time

sys.path.insert(0, "benchmarks")
from dd_lengths import _position

from rams.fast.dd import DoubleDummy

rng = random.Random(5)
s = DoubleDummy()
s.best_moves(_position(rng, 2), 0, 0, (0, 2))
t = time.process_time()
for _ in range(60):
    h = _position(rng, 11)
    s.best_moves(h, rng.randrange(4), rng.randrange(4), (0, 2), must_trump=True)
print(time.process_time() - t, s.nodes)

# A generator with testlib-style named options, `named.py -n N -label TEXT SEED`: n numbers up to N.
# It refuses any other shape, so each option must arrive as one argument, and the label whole.
import random
import sys

args = sys.argv[1:]
if len(args) != 5 or args[0] != '-n' or args[2] != '-label' or args[3] != 'two words':
    sys.stderr.write(f'usage: named.py -n N -label "two words" SEED (got {args!r})\n')
    sys.exit(3)
most = int(args[1])
rng = random.Random(int(args[4]))
n = rng.randint(1, most)
print(n)
print(*[rng.randint(1, 3) for _ in range(n)])

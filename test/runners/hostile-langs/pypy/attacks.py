# The attacks every language plays, one program for all: the first word of the input names the attack.
#   fork    a fork bomb: the first fork must end the run (RE, "tried to create a process").
#   memory  4 GiB at once: MLE under a 256 MB limit, never the host's memory.
#   write   writes every host path it reads next (in /tmp, $HOME, /var/tmp): whatever the sandbox
#           lets it write there is its own, none of them may appear on the host.
import os
import sys

words = sys.stdin.read().split()
attack, paths = (words[0], words[1:]) if words else ("", [])
if attack == "fork":
    while True:
        os.fork()
elif attack == "memory":
    b = bytearray(b"x") * (4 << 30)
    print(len(b))
elif attack == "write":
    for path in paths:
        try:
            with open(path, "w") as f:
                f.write("x")
        except OSError:
            pass
    print("done")
else:
    sys.exit(2)

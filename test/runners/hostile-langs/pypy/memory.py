# 4 GiB at once: MLE under a 256 MB limit, never the host's memory.
b = bytearray(b"x") * (4 << 30)
print(len(b))

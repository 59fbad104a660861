# A fork bomb: the first fork must end the run (RE, "tried to create a process").
import os

while True:
    os.fork()

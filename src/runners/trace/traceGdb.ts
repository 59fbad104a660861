// The gdb Python helper `trace.ts` runs a C++ program under: the program (built with -g -O0 in the
// same sandbox run) is stepped line by line in its own file with `step` (headers and libraries are
// skipped, so a cout or a vector's insides are one step), each stop recorded with the locals in
// scope, up to a step cap and a size cap; then the record is written as JSON in the Python
// tracer's shape, so one reader and one comparison serve both. Kept as text so the bundle carries it.
export const TRACER_GDB = String.raw`
import gdb, json

cap, size_cap, src, out = CAP, SIZE_CAP, 'main.cpp', 'simcoach_trace.json'
steps = []
state = {'truncated': None, 'size': 0, 'error': None}
MAX_VARS, MAX_REPR = 16, 80

def cut(r):
    r = ' '.join(r.split())
    return r if len(r) <= MAX_REPR else r[:MAX_REPR - 3] + '...'

def mine(frame):
    sal = frame.find_sal()
    return sal.symtab is not None and sal.symtab.filename.endswith(src)

def snap(frame):
    d = {}
    try:
        block = frame.block()
    except RuntimeError:
        return d
    while block is not None and not block.is_global and not block.is_static:
        for sym in block:
            if (sym.is_variable or sym.is_argument) and sym.name not in d:
                try:
                    d[sym.name] = cut(str(sym.value(frame)))
                except Exception:
                    d[sym.name] = '<unreadable>'
                if len(d) >= MAX_VARS:
                    return d
        if block.function is not None:
            break
        block = block.superblock
    return d

def depth(frame):
    n = 0
    while frame is not None:
        if mine(frame):
            n += 1
        frame = frame.older()
    return n

def on_stop(ev):
    if isinstance(ev, gdb.SignalEvent) and ev.stop_signal not in ('SIGTRAP',):
        line = None
        f = gdb.newest_frame()
        while f is not None and line is None:
            if mine(f):
                line = f.find_sal().line
            f = f.older()
        state['error'] = {'type': ev.stop_signal, 'message': 'the program was stopped by ' + ev.stop_signal, 'line': line}

def run(cmd):
    try:
        gdb.execute(cmd, to_string=True)
        return True
    except gdb.error:
        return False

gdb.events.stop.connect(on_stop)
for c in ('set pagination off', 'set confirm off', 'set disable-randomization off', 'skip -rfu ^(std|__gnu_cxx|__cxx[a-z0-9_]*)::', 'break main'):
    run(c)
# The shell gives the program the run's stdin and sends its output to a file of its own: gdb's
# stops print on gdb's stdout, which the sandbox's caller never reads.
run('run > simcoach_stdout.txt')
while state['error'] is None:
    try:
        frame = gdb.selected_frame()
    except gdb.error:
        break
    sal = frame.find_sal()
    if mine(frame) and sal.pc != frame.pc():
        # Back from a library call in the middle of a line: that line was recorded already.
        if not run('step'):
            break
    elif mine(frame):
        if len(steps) >= cap:
            state['truncated'] = 'steps'
            break
        s = {'line': sal.line, 'fn': frame.name() or '?', 'depth': depth(frame), 'vars': snap(frame)}
        state['size'] += 40 + sum(len(k) + len(v) + 6 for k, v in s['vars'].items())
        if state['size'] > size_cap:
            state['truncated'] = 'size'
            break
        steps.append(s)
        if not run('step'):
            break
    elif not run('finish' if depth(frame) > 0 else 'continue'):
        break
with open(out, 'w') as f:
    json.dump({'steps': steps, 'truncated': state['truncated'], 'error': state['error']}, f)
run('kill')
`;

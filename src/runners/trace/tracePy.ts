// The Python helper `trace.ts` runs a person's program under: `sys.settrace` records each line
// executed in the program's own file with its local variables (reprs, cut short), up to a step cap
// and a size cap, then writes the record as JSON. At a cap it writes what it has and ends the
// program at once, so a long run costs no more than the cap. Kept as text here so the bundle
// carries it (no file to find beside dist/).
export const TRACER_PY = String.raw`
import json, os, runpy, sys, types

cap, size_cap, prog, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
sys.argv = [prog]
steps = []
state = {'truncated': None, 'size': 0, 'error': None}
SKIP = (types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType, type)
MAX_VARS, MAX_REPR = 16, 80

def short(v):
    try:
        r = repr(v)
    except Exception:
        r = '<unprintable>'
    return cut(r)

def cut(r):
    return r if len(r) <= MAX_REPR else r[:MAX_REPR - 3] + '...'

def snap(frame):
    d = {}
    for k, v in list(frame.f_locals.items()):
        if k.startswith('__') or isinstance(v, SKIP):
            continue
        d[k] = short(v)
        if len(d) >= MAX_VARS:
            break
    return d

def depth(frame):
    n = 0
    while frame is not None:
        if frame.f_code.co_filename == prog:
            n += 1
        frame = frame.f_back
    return n

def finish():
    sys.settrace(None)
    with open(out, 'w') as f:
        json.dump({'steps': steps, 'truncated': state['truncated'], 'error': state['error']}, f)

def stop(why):
    state['truncated'] = why
    finish()
    try:
        sys.stdout.flush()
    except Exception:
        pass
    os._exit(0)

def tracer(frame, event, arg):
    if frame.f_code.co_filename != prog:
        return None
    if event == 'line' or event == 'return':
        if len(steps) >= cap:
            stop('steps')
        s = {'line': frame.f_lineno, 'fn': frame.f_code.co_name, 'depth': depth(frame), 'vars': snap(frame)}
        if event == 'return':
            s['ret'] = short(arg)
        state['size'] += 40 + sum(len(k) + len(v) + 6 for k, v in s['vars'].items())
        if state['size'] > size_cap:
            stop('size')
        steps.append(s)
    return tracer

code = 0
try:
    sys.settrace(tracer)
    runpy.run_path(prog, run_name='__main__')
except SystemExit as e:
    code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
except BaseException as e:
    tb = e.__traceback__
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == prog:
            line = tb.tb_lineno
        tb = tb.tb_next
    state['error'] = {'type': type(e).__name__, 'message': cut(str(e)), 'line': line}
    code = 1
finally:
    finish()
try:
    sys.stdout.flush()
except Exception:
    pass
if state['error']:
    sys.stderr.write('%s: %s (line %s)\n' % (state['error']['type'], state['error']['message'], state['error']['line']))
os._exit(code)
`;

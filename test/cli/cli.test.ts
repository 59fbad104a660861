// The CLI as a process: help, version, usage errors, colour, and the model-facing commands
// against a fake Ollama over real HTTP.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { commands } from '../../src/commands/registry.js';
import { startFakeOllama, type FakeServer } from '../fakes/ollama.js';
import { cli as spawnCli, cliEnv, hasStack, start, type CliResult } from './helpers.js';
import { closedPort } from '../helpers/net.js';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const ESC = '\u001b[';

function clean(r: CliResult): void {
  expect(hasStack(r.stderr), r.stderr).toBe(false);
  expect(r.stderr).not.toContain('internal error');
}

/** Every run of the CLI in this file is also checked for stack traces and internal errors. */
async function cli(args: string[], env?: NodeJS.ProcessEnv): Promise<CliResult> {
  const r = await spawnCli(args, env);
  clean(r);
  return r;
}

const MODELS = [
  { name: 'qwen2.5-coder:7b', size: 4_683_087_332, parameterSize: '7.6B', quantization: 'Q4_K_M' },
  { name: 'llama3.2:1b', size: 1_321_098_329, parameterSize: '1.2B', quantization: 'Q8_0' },
];

describe('help, version and usage errors', () => {
  it('--help lists every command, one line each', async () => {
    const r = await cli(['--help']);
    expect(r.code).toBe(0);
    for (const name of Object.keys(commands)) expect(r.stdout).toMatch(new RegExp(`^  ${name}\\s+\\S`, 'm'));
    expect(r.stdout).toContain('Exit codes');
    clean(r);
  });

  it('--version prints the package version', async () => {
    const r = await cli(['--version']);
    expect(r).toMatchObject({ code: 0, stdout: `${pkg.version}\n` });
  });

  it('an unknown command or flag is one line and exit 2', async () => {
    const unknown = await cli(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
    expect(unknown.stderr).toContain("unknown command 'frobnicate'. See");
    const typo = await cli(['solv']);
    expect(typo.code).toBe(2);
    expect(typo.stderr.trim()).toBe("simcoach: unknown command 'solv' (did you mean 'solve'?). See `simcoach --help`.");
    const flag = await cli(['models', '--frob']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("Unknown option '--frob'");
    expect(flag.stderr.trim().split('\n')[0]).toMatch(/^simcoach: models: /);
    clean(flag);
    const badValue = await cli(['doctor', '--backend', 'gpt']);
    expect(badValue.code).toBe(2);
    expect(badValue.stderr).toContain("--backend takes ollama | openai, not 'gpt'");
  });

  it('honours NO_COLOR (and colours when forced otherwise)', async () => {
    const forced = await cli(['--help'], cliEnv({ FORCE_COLOR: '1' }));
    expect(forced.stdout).toContain(ESC);
    const plain = await cli(['--help'], cliEnv({ FORCE_COLOR: '1', NO_COLOR: '1' }));
    expect(plain.stdout).not.toContain(ESC);
    const error = await cli(['config', 'set', 'backend', 'x'], cliEnv({ FORCE_COLOR: '1', NO_COLOR: '1' }));
    expect(error.stderr).not.toContain(ESC);
  });
});

describe('config', () => {
  it('sets, gets, lists and rejects a bad value naming the key and choices', async () => {
    const env = cliEnv();
    expect((await cli(['config', 'set', 'budgets.codesim.plans', '3'], env)).code).toBe(0);
    expect((await cli(['config', 'get', 'budgets.codesim.plans'], env)).stdout).toBe('3\n');
    const bad = await cli(['config', 'set', 'lang', 'cobol'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(
      "bad value 'cobol' for lang (allowed: python | cpp | javascript | java | c | pypy | rust | go | kotlin)",
    );
    clean(bad);
    const list = await cli(['config', 'list'], { ...env, OPENAI_API_KEY: 'sk-verysecretkey-1234' });
    expect(list.stdout).toMatch(/budgets\.codesim\.plans\s+3\s+\(file\)/);
    expect(list.stdout).not.toContain('verysecret');
    expect((await cli(['config', 'path'], env)).stdout).toBe(`${env.XDG_CONFIG_HOME}/simcoach/config.json\n`);
  });

  it('takes a value that starts with a dash (keepAlive -1 keeps the model loaded for good)', async () => {
    const env = cliEnv();
    const r = await cli(['config', 'set', 'keepAlive', '-1'], env);
    expect(r.code, r.stderr).toBe(0);
    expect((await cli(['config', 'get', 'keepAlive'], env)).stdout).toBe('-1\n');
    expect((await cli(['config', 'set', 'seed', '-3'], env)).code).toBe(0);
    expect((await cli(['config', 'get', 'seed'], env)).stdout).toBe('-3\n');
    const bad = await cli(['config', 'set', 'numCtx', '-5'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("bad value '-5' for numCtx");
    clean(bad);
  });
});

describe('against a fake Ollama', () => {
  it('doctor shows the server and the model as present', async () => {
    server = await startFakeOllama({ models: MODELS });
    const r = await cli(['doctor', '--host', server.url]);
    expect(r.stdout).toMatch(/✓ model server\s+Ollama 0\.12\.6 at http:\/\/127\.0\.0\.1:\d+/);
    expect(r.stdout).toMatch(/✓ model\s+qwen2\.5-coder:7b/);
    expect(r.stdout).toMatch(/python3\s+Python 3/);
    clean(r);
  });

  it('doctor marks a missing model with the fix and exits 1', async () => {
    server = await startFakeOllama({ models: [MODELS[1]!] });
    const r = await cli(['doctor', '--host', server.url]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/✗ model\s+qwen2\.5-coder:7b is not there; installed: llama3\.2:1b/);
    expect(r.stdout).toContain('fix: Run `simcoach models pull qwen2.5-coder:7b`');
  });

  it('doctor with no server says so with the fix and exits 1', async () => {
    const port = await closedPort();
    const r = await cli(['doctor', '--host', `127.0.0.1:${port}`]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`✗ model server`);
    expect(r.stdout).toContain(`no Ollama answered at http://127.0.0.1:${port}`);
    expect(r.stdout).toContain('ollama serve');
  });

  it('models lists name, size, parameters and quantization, marking the configured one', async () => {
    server = await startFakeOllama({ models: MODELS });
    const r = await cli(['models', '--host', server.url]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/NAME\s+SIZE\s+PARAMETERS\s+QUANTIZATION/);
    expect(lines[1]).toMatch(/^\* qwen2\.5-coder:7b\s+4\.7 GB\s+7\.6B\s+Q4_K_M$/);
    expect(lines[2]).toMatch(/^ {2}llama3\.2:1b\s+1\.3 GB\s+1\.2B\s+Q8_0$/);
  });

  it('models with no server exits 3 with one line and the hint', async () => {
    const port = await closedPort();
    const r = await cli(['models', '--host', `http://127.0.0.1:${port}`]);
    expect(r.code).toBe(3);
    expect(r.stderr.split('\n')[0]).toBe(
      `simcoach: no Ollama answered at http://127.0.0.1:${port} (connection refused)`,
    );
    expect(r.stderr).toContain('ollama serve');
    clean(r);
  });

  it('models pull shows progress and ends with a success line', async () => {
    server = await startFakeOllama({ models: [], pull: { total: 2_000_000_000, steps: 10, stepDelayMs: 30 } });
    const r = await cli(['models', 'pull', 'tiny:1b', '--host', server.url]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('tiny:1b: pulling manifest');
    expect(r.stderr).toMatch(/tiny:1b: 50% \(1\.0 GB \/ 2\.0 GB/);
    // The speed needs lines spread over time (a loaded machine may deliver them at once); its
    // arithmetic is tested with a clock in pull-meter.test.ts.
    expect(r.stderr).toMatch(/tiny:1b: 100% \(2\.0 GB \/ 2\.0 GB(, [\d.]+ [KMG]?B\/s)?\)/);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe('✓ pulled tiny:1b');
    clean(r);
  });

  it('models pull reports a failed pull as one line, exit 3', async () => {
    server = await startFakeOllama({ pull: { fail: 'pull model manifest: file does not exist' } });
    const r = await cli(['models', 'pull', 'nosuch', '--host', server.url]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('simcoach: could not pull nosuch: pull model manifest: file does not exist');
    clean(r);
  });

  it('models pull is cancelled cleanly by Ctrl-C (exit 130)', async () => {
    server = await startFakeOllama({ pull: { total: 1000, steps: 10, stallAfterSteps: 3 } });
    const run = start(['models', 'pull', 'big:70b', '--host', server.url]);
    const deadline = Date.now() + 10_000;
    while (!/30%/.test(run.stderrSoFar()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    run.child.kill('SIGINT');
    const r = await run.done;
    expect(r.code).toBe(130);
    expect(r.stderr).toContain('pull of big:70b cancelled');
    clean(r);
  });
});

describe('the app (no command)', () => {
  it('with no server prints the guidance and exits 0', async () => {
    const port = await closedPort();
    const r = await cli([], cliEnv({ OLLAMA_HOST: `127.0.0.1:${port}` }));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`no Ollama answered at http://127.0.0.1:${port}`);
    for (const text of [
      'ollama serve',
      'ollama pull qwen2.5-coder:7b',
      'simcoach config set backend openai',
      'simcoach demo',
    ]) {
      expect(r.stdout).toContain(text);
    }
    clean(r);
  });

  it('with a server but not the model says how to pull it', async () => {
    server = await startFakeOllama({ models: [MODELS[1]!] });
    const r = await cli(['--host', server.url]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('model qwen2.5-coder:7b is not pulled');
    expect(r.stdout).toContain('simcoach models pull qwen2.5-coder:7b');
  });
});

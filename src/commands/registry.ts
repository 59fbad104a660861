// The command table: names, one-line summaries for --help, and lazy loaders so that
// `--help` and `--version` never load Ink, React or a backend.
export interface CommandModule {
  run(argv: string[]): Promise<number>;
}

export interface CommandEntry {
  summary: string;
  usage: string;
  /** Its --help lists the flows and their budget flags (from the flow registry). */
  flows?: true;
  load: () => Promise<CommandModule>;
}

export const commands: Record<string, CommandEntry> = {
  solve: {
    usage:
      'solve PROBLEM [--auto] [--flow F] [--lang L] [--model M] [--answers sections|json] [-o FILE] [--max-calls N] [--max-tokens N] [BUDGET FLAGS]',
    summary: 'solve a problem step by step (or headless with --auto)',
    flows: true,
    load: () => import('./solve.js'),
  },
  test: {
    usage:
      'test SOLUTION --problem PROBLEM [--lang L] [--mode tokens|exact|lines|float] [--eps E] [--checker FILE] [--interactor FILE] [--tl MS] [--ml MB] [--json]',
    summary: 'judge a solution on a problem\'s samples and hidden tests in the sandbox',
    load: () => import('./test.js'),
  },
  check: {
    usage: 'check [SOLUTION] --problem P [--fix] [-o FILE] [--lang L] [--model M] [--answers sections|json]',
    summary: 'judge your program; on a failure the model explains it (the line, idea or implementation), fixes only with --fix',
    load: () => import('./check.js'),
  },
  stress: {
    usage: 'stress SOLUTION --problem P --brute FILE --gen FILE [--rounds 200] [--seed 1] [--save] [--lang L] [--tl MS] [--json]',
    summary: 'random inputs from a generator until the solution and a brute force disagree',
    load: () => import('./stress.js'),
  },
  statement: {
    usage: 'statement PROBLEM [--url URL] [--print]',
    summary: 'download a problem\'s statement from its judge (Codeforces, AtCoder, CSES, CodeChef, Kattis) into its file',
    load: () => import('./statement.js'),
  },
  eval: {
    usage: 'eval SET --auto [--flow F[,F…]] [--jobs N] [--shard i/n] [--out FILE] [--json|--csv] [--limit N] [--host|--base-url A[,B…]] [--answers sections|json] [--max-calls N] [--max-tokens N] [BUDGET FLAGS]\n       eval merge FILE… [--out FILE] [--json|--csv]\n       eval report FILE [--html [-o PAGE]] [--json|--csv]',
    summary: 'solve every problem of a set headless with one or more flows side by side: pass@1, calls, tokens, charts',
    flows: true,
    load: () => import('./eval.js'),
  },
  problems: {
    usage: 'problems [SET] [--difficulty D] [--tag T] [--json]',
    summary: 'list a problem set (the built-in set and saved problems by default)',
    load: () => import('./problems.js'),
  },
  listen: {
    usage: 'listen [--port 27121] [--dir DIR] [--fetch]',
    summary: 'receive problems from the Competitive Companion browser extension',
    load: () => import('./listen.js'),
  },
  sessions: {
    usage: 'sessions [rm ID] [--json]',
    summary: 'list saved sessions, newest first, or remove one',
    load: () => import('./sessions.js'),
  },
  replay: {
    usage: 'replay ID|FILE [--speed N]',
    summary: 'replay a saved session step by step (no model, no program runs)',
    load: () => import('./replay.js'),
  },
  resume: {
    usage: 'resume ID [--auto] [-o FILE] [--max-calls N] [--max-tokens N]',
    summary: 'continue a session from its last complete step',
    load: () => import('./resume.js'),
  },
  export: {
    usage: 'export ID|FILE [--format md|json] [-o FILE]',
    summary: 'write a saved session as a readable report',
    load: () => import('./export.js'),
  },
  demo: {
    usage: 'demo',
    summary: 'replay a recorded session; needs no model server',
    load: () => import('./demo.js'),
  },
  doctor: {
    usage: 'doctor [--json] [--backend B] [--host URL] [--base-url URL] [--model M]',
    summary: 'check the model server, the model, compilers and the sandbox',
    load: () => import('./doctor.js'),
  },
  models: {
    usage: 'models [--json] | models pull NAME',
    summary: 'list installed models, or pull one with a progress bar',
    load: () => import('./models.js'),
  },
  config: {
    usage: 'config get KEY | set KEY VALUE | unset KEY | list [--json] | path',
    summary: 'read or change settings',
    load: () => import('./config.js'),
  },
};

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
    usage: 'solve PROBLEM [FLAGS] [BUDGET FLAGS]',
    summary: 'solve a problem step by step (or headless with --auto)',
    flows: true,
    load: () => import('./solve.js'),
  },
  practice: {
    usage: 'practice PROBLEM [FLAGS] | practice --file SOL [FLAGS]',
    summary: 'write the solution yourself; h reveals one more hint, from a similar problem up to the code',
    load: () => import('./practice.js'),
  },
  stats: {
    usage: 'stats [FLAGS]',
    summary: 'how practice went, by tag and difficulty: solved with no hint, with hints, attempted',
    load: () => import('./stats.js'),
  },
  next: {
    usage: 'next [FLAGS]',
    summary: 'what to practise next: an unsolved archive problem in your weakest tag, a little above your level there',
    load: () => import('./next.js'),
  },
  contest: {
    usage: 'contest SET|DIR [--minutes N] [--start TIME] | contest | contest --end',
    summary:
      'your own contest on a set: a clock, the problems as tabs, the model off; --start for a virtual one; no SET goes back to the one that runs',
    load: () => import('./contest.js'),
  },
  upsolve: {
    usage: 'upsolve [CONTEST]',
    summary: 'after a contest: the tutor on every problem you did not solve, hints on (default: the last contest)',
    load: () => import('./upsolve.js'),
  },
  review: {
    usage: 'review [FLAGS]',
    summary: 'practise the problems due today again (spaced repetition), oldest due first',
    load: () => import('./review.js'),
  },
  archive: {
    usage:
      'archive | archive list [WORDS] [--tag T] [--solved|--unsolved] [--set S] | archive add FILE|DIR | archive update [FLAGS]',
    summary:
      'the index of every problem simcoach knows and your accepted programs; add a set (JSONL, markdown dir, Companion saves)',
    load: () => import('./archive.js'),
  },
  similar: {
    usage: 'similar PROBLEM [FLAGS]',
    summary: 'the nearest problems in your archive, with scores, tags and whether you solved them',
    load: () => import('./similar.js'),
  },
  test: {
    usage: 'test SOLUTION [--problem PROBLEM] [FLAGS]',
    summary: "judge a solution on a problem's samples and hidden tests in the sandbox",
    load: () => import('./test.js'),
  },
  tests: {
    usage: 'tests PROBLEM [--show NAME | --edit NAME | --remove NAME]',
    summary: 'the tests you added to a problem (kept in your data dir for a built-in one): list, show, edit, remove',
    load: () => import('./tests.js'),
  },
  run: {
    usage: 'run SOLUTION [--problem P] [--input FILE]',
    summary: 'run a program once on your own input (a file, else stdin) in the sandbox: its output, time and memory',
    load: () => import('./run.js'),
  },
  watch: {
    usage: 'watch SOLUTION [--problem P]',
    summary: 'judge your file on the samples (then the hidden tests) every time you save it',
    load: () => import('./watch.js'),
  },
  check: {
    usage: 'check [SOLUTION] [--problem P] [FLAGS]',
    summary:
      'judge your program; on a failure the model explains it (the line, idea or implementation), fixes only with --fix',
    load: () => import('./check.js'),
  },
  stress: {
    usage: 'stress SOLUTION [--problem P] --brute FILE --gen FILE [FLAGS]',
    summary: 'random inputs from a generator until the solution and a brute force disagree',
    load: () => import('./stress.js'),
  },
  statement: {
    usage: 'statement PROBLEM [FLAGS]',
    summary:
      "download a problem's statement from its judge (Codeforces, AtCoder, CSES, CodeChef, Kattis) into its file",
    load: () => import('./statement.js'),
  },
  eval: {
    usage: 'eval SET --auto [FLAGS] [BUDGET FLAGS]\n       eval merge FILE… [FLAGS]\n       eval report FILE [FLAGS]',
    summary: 'solve every problem of a set headless with one or more flows side by side: pass@1, calls, tokens, charts',
    flows: true,
    load: () => import('./eval.js'),
  },
  problems: {
    usage: 'problems [SET] [FLAGS]',
    summary: 'list a problem set (the built-in set and saved problems by default)',
    load: () => import('./problems.js'),
  },
  listen: {
    usage: 'listen [FLAGS]',
    summary: 'receive problems from the Competitive Companion browser extension',
    load: () => import('./listen.js'),
  },
  sessions: {
    usage: 'sessions [rm ID] [FLAGS]',
    summary: 'list saved sessions, newest first, or remove one',
    load: () => import('./sessions.js'),
  },
  replay: {
    usage: 'replay ID|FILE [FLAGS]',
    summary: 'replay a saved session step by step (no model, no program runs)',
    load: () => import('./replay.js'),
  },
  resume: {
    usage: 'resume ID [FLAGS]',
    summary: 'continue a session from its last complete step',
    load: () => import('./resume.js'),
  },
  export: {
    usage: 'export ID|FILE [FLAGS]',
    summary: 'write a saved session as a readable report',
    load: () => import('./export.js'),
  },
  demo: {
    usage: 'demo [NAME] [FLAGS]',
    summary: 'replay a recorded session; needs no model server',
    load: () => import('./demo.js'),
  },
  doctor: {
    usage: 'doctor [FLAGS]',
    summary: 'check the model server, the model, compilers and the sandbox',
    load: () => import('./doctor.js'),
  },
  models: {
    usage: 'models [FLAGS] | models pull NAME',
    summary: 'list installed models, or pull one with a progress bar',
    load: () => import('./models.js'),
  },
  config: {
    usage: 'config get KEY | set KEY VALUE | unset KEY | list [--json] | path | template LANG',
    summary: 'read or change settings; `template LANG` opens your template for new files in $EDITOR',
    load: () => import('./config.js'),
  },
};

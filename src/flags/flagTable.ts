// Every flag of every command, declared once: `parse` (src/flags/args.ts) accepts exactly these for a
// command and `COMMAND --help` lists exactly these, each with its description, so the two cannot
// drift. Plain data, so `--help` loads nothing else. A flow's budget flags are the one open set:
// they come from the flow registry (see `flows` in registry.ts), in parse and in help alike.

export interface FlagDoc {
  type: 'string' | 'boolean';
  short?: string;
  /** The value's placeholder in help (`--port N`); string flags only. */
  value?: string;
  /** The next argument is its value even when it starts with '-' (`--gen-args "-n 10"`). */
  dashValue?: boolean;
  doc: string;
}

export type FlagTable = Record<string, FlagDoc>;

const backend = {
  backend: { type: 'string', value: 'ollama|openai', doc: 'the model backend for this run (setting: backend)' },
  host: { type: 'string', value: 'URL', doc: 'the Ollama server (setting: ollamaHost; env OLLAMA_HOST)' },
  'base-url': {
    type: 'string',
    value: 'URL',
    doc: 'the OpenAI-compatible endpoint (setting: openaiBaseUrl; env OPENAI_BASE_URL)',
  },
  model: { type: 'string', value: 'NAME', doc: 'the model to ask (setting: model)' },
} as const satisfies FlagTable;

const flow = {
  flow: { type: 'string', value: 'F', doc: 'the method (setting: flow; the flows are listed in `simcoach --help`)' },
  lang: { type: 'string', value: 'L', doc: 'the language of the program, by name (setting: lang)' },
  answers: {
    type: 'string',
    value: 'sections|json',
    doc: 'how the model answers: free text under headings, or the JSON-schema mode',
  },
} as const satisfies FlagTable;

/** The tutor's approval mode for this run. */
const approval = {
  approval: {
    type: 'string',
    value: 'each|until-code|watch',
    doc: 'the tutor approves each step (default), until a program is proposed, or watches every step pass (ctrl-c steps in; setting: approval)',
  },
} as const satisfies FlagTable;

const caps = {
  'max-calls': { type: 'string', value: 'N', doc: 'stop after this many model calls' },
  'max-tokens': { type: 'string', value: 'N', doc: 'stop after this many tokens, prompt and answer' },
} as const satisfies FlagTable;

/** How output is compared and the limits, for every command that judges (the problem's own otherwise). */
const judging = {
  mode: {
    type: 'string',
    value: 'tokens|exact|lines|float',
    doc: "how output is compared (default: the problem's, else tokens)",
  },
  eps: { type: 'string', value: 'E', doc: 'float mode: absolute-or-relative tolerance (alone, it means --mode float)' },
  tl: { type: 'string', value: 'MS', doc: 'time limit per test in milliseconds' },
  ml: { type: 'string', value: 'MB', doc: 'memory limit in megabytes' },
} as const satisfies FlagTable;

/** The compiler's flags for one run, over the settings (test, watch, run, stress, practice). */
const toolchain = {
  flags: {
    type: 'string',
    value: 'FLAGS',
    dashValue: true,
    doc: 'the compiler\'s flags for this run, the whole list (setting: flags.<lang>), e.g. "-O2 -DLOCAL -fsanitize=address,undefined"',
  },
  std: {
    type: 'string',
    value: 'STD',
    doc: 'the C or C++ standard for this run: c++17, gnu++20, c11… (default: the newest the compiler has)',
  },
} as const satisfies FlagTable;

const json = { json: { type: 'boolean', doc: 'print JSON instead of text' } } as const satisfies FlagTable;

const replayFlags = {
  speed: { type: 'string', value: 'N', doc: 'play N times as fast as recorded (default 1)' },
  branch: { type: 'string', value: 'B', doc: 'show branch B (a "back" makes a new branch; default the last)' },
  check: {
    type: 'boolean',
    doc: 're-drive the flow from the journal alone and say whether it reaches the recorded end',
  },
} as const satisfies FlagTable;

/** Where a headless run's program goes, and the caps on its calls (solve and resume alike). */
const headlessOut = {
  output: {
    type: 'string',
    short: 'o',
    value: 'FILE',
    doc: 'with --auto: write the program to FILE instead of stdout',
  },
  ...caps,
} as const satisfies FlagTable;

export const FLAGS = {
  /** `simcoach` with no command: the tutor. */
  '': { ...backend, ...flow, ...approval },
  solve: {
    auto: { type: 'boolean', doc: 'run the method headless, every step approved; the program on stdout' },
    ...flow,
    ...approval,
    ...backend,
    ...headlessOut,
  },
  practice: {
    file: {
      type: 'string',
      short: 'f',
      value: 'SOL',
      doc: 'work on this file in place: E edits it in $EDITOR, each save is judged, w writes to it (a new one is written from your template at once; the language from its extension; with no PROBLEM, the problem the file is named after)',
    },
    lang: { type: 'string', value: 'L', doc: 'the language you write in (setting: lang; with --file: its extension)' },
    answers: {
      type: 'string',
      value: 'sections|json',
      doc: 'how the model answers the hints: free text under headings, or the JSON-schema mode',
    },
    ...judging,
    ...toolchain,
    ...backend,
  },
  stats: {
    ...json,
    html: { type: 'boolean', doc: 'write one HTML page with the charts (Chart.js, nothing fetched)' },
    output: {
      type: 'string',
      short: 'o',
      value: 'PAGE',
      doc: 'with --html: the page to write (default: simcoach-stats.html here)',
    },
  },
  next: { ...json },
  contest: {
    minutes: { type: 'string', short: 'm', value: 'N', doc: 'how long the contest lasts, in minutes (default 120)' },
    start: {
      type: 'string',
      value: 'TIME',
      doc: 'a virtual contest on a set you have not seen: the clock runs from TIME (HH:MM today, or an ISO date-time), and the board shows beside your past contests',
    },
    end: {
      type: 'boolean',
      doc: 'end the contest that runs now: its board, and the model back on (then `simcoach upsolve`)',
    },
    lang: { type: 'string', value: 'L', doc: 'the language you write in (setting: lang)' },
  },
  upsolve: {
    lang: { type: 'string', value: 'L', doc: 'the language you write in (setting: lang)' },
    ...backend,
  },
  archive: {
    ...json,
    ...backend,
    tag: { type: 'string', value: 'T', doc: 'list: only problems with this tag' },
    solved: { type: 'boolean', doc: 'list: only problems you solved' },
    unsolved: { type: 'boolean', doc: 'list: only problems you have not solved' },
    set: {
      type: 'string',
      value: 'S',
      doc: 'list: only problems from a set whose name holds S (built-in, saved, a file)',
    },
  },
  similar: {
    k: { type: 'string', short: 'k', value: 'N', doc: 'how many problems to list (default 5)' },
    ...json,
    ...backend,
  },
  review: {
    list: { type: 'boolean', doc: 'list what is due instead of opening it' },
    file: { type: 'string', short: 'f', value: 'SOL', doc: 'work on this file in place, as `practice --file` does' },
    lang: { type: 'string', value: 'L', doc: 'the language you write in (default: the one you practised it in)' },
    ...judging,
    ...json,
    ...backend,
  },
  check: {
    problem: {
      type: 'string',
      short: 'p',
      value: 'PROBLEM',
      doc: 'the problem whose samples and hidden tests judge the program (default: the problem the file is named after, e.g. cf1917C.cpp)',
    },
    lang: { type: 'string', value: 'L', doc: "the program's language (default: from its extension)" },
    fix: { type: 'boolean', doc: 'on a failure, ask the model for a fixed program too' },
    output: { type: 'string', short: 'o', value: 'FILE', doc: 'with --fix: write the fixed program to FILE' },
    tutor: {
      type: 'boolean',
      doc: 'open SOLUTION in the tutor, in place: E edits it in $EDITOR, each save checks it again, w writes to it',
    },
    answers: flow.answers,
    ...backend,
  },
  test: {
    problem: {
      type: 'string',
      short: 'p',
      value: 'PROBLEM',
      doc: 'the problem whose samples and hidden tests judge the solution, or a folder of test pairs (1.in/1.out, a.in/a.ans) (default: the problem the file is named after, e.g. cf1917C.cpp)',
    },
    lang: { type: 'string', value: 'L', doc: "the solution's language (default: from its extension)" },
    mode: judging.mode,
    eps: judging.eps,
    checker: { type: 'string', value: 'FILE', doc: 'a testlib checker to judge the output' },
    interactor: { type: 'string', value: 'FILE', doc: 'a testlib interactor for an interactive problem' },
    testlib: {
      type: 'string',
      value: 'PATH',
      doc: 'the testlib.h the checker and interactor include (the file, or its folder; default: beside them or one folder up)',
    },
    tl: judging.tl,
    ml: judging.ml,
    input: {
      type: 'string',
      short: 'i',
      value: 'FILE',
      doc: "judge only on this input (with --expected), not on the problem's tests; alone, run on it and show the output",
    },
    expected: { type: 'string', value: 'FILE', doc: 'the right answer to --input' },
    ...toolchain,
    'add-test': {
      type: 'boolean',
      doc: 'with --input and --expected: add that test to the problem as yours (mine-K; beside your own problem file, else in your data dir; see `simcoach tests P`)',
    },
    ...json,
  },
  tests: {
    show: { type: 'string', value: 'NAME', doc: "print that test's input and answer" },
    edit: { type: 'string', value: 'NAME', doc: "open that test's input, then its answer, in $EDITOR" },
    remove: { type: 'string', value: 'NAME', doc: 'delete that test' },
    ...json,
  },
  run: {
    problem: {
      type: 'string',
      short: 'p',
      value: 'PROBLEM',
      doc: "run under this problem's time and memory limits and file input/output (default: the problem the file is named after, else 2 s, 256 MB)",
    },
    input: { type: 'string', short: 'i', value: 'FILE', doc: 'the input to run on (default: stdin)' },
    lang: { type: 'string', value: 'L', doc: "the program's language (default: from its extension)" },
    tl: { type: 'string', value: 'MS', doc: 'time limit in milliseconds' },
    ml: { type: 'string', value: 'MB', doc: 'memory limit in megabytes' },
    ...toolchain,
    ...json,
  },
  watch: {
    problem: {
      type: 'string',
      short: 'p',
      value: 'PROBLEM',
      doc: 'the problem whose samples (then hidden tests) judge the file on every save (default: the problem the file is named after, e.g. cf1917C.cpp)',
    },
    lang: { type: 'string', value: 'L', doc: "the program's language (default: from its extension)" },
    ...judging,
    ...toolchain,
  },
  stress: {
    problem: {
      type: 'string',
      short: 'p',
      value: 'PROBLEM',
      doc: 'the problem (its limits and comparison) (default: the problem the file is named after, e.g. cf1917C.cpp)',
    },
    brute: { type: 'string', value: 'FILE', doc: 'a slow solution known to be right' },
    gen: {
      type: 'string',
      value: 'FILE',
      doc: 'a generator: prints one input, seeded by its last argument ("gen.cpp 10 20" passes 10 20 before the seed)',
    },
    'gen-args': {
      type: 'string',
      value: 'ARGS',
      dashValue: true,
      doc: 'the generator\'s own arguments, before the round\'s seed (testlib style: "10 20", "-n 10")',
    },
    rounds: { type: 'string', value: 'N', doc: 'random inputs to try (default 200)' },
    seed: { type: 'string', value: 'N', doc: 'the first seed (default 1)' },
    lang: { type: 'string', value: 'L', doc: "the solution's language (default: from its extension)" },
    tl: { type: 'string', value: 'MS', doc: 'time limit per run in milliseconds' },
    save: { type: 'boolean', doc: "add the input that told them apart to the problem's tests" },
    'shrink-budget': {
      type: 'string',
      value: 'N|off',
      doc: 'candidates tried to shrink a failing input (default 300); off shows it as generated',
    },
    ...toolchain,
    ...json,
  },
  statement: {
    url: { type: 'string', value: 'URL', doc: "the judge page to read (default: the problem's source url)" },
    print: { type: 'boolean', doc: 'print the statement instead of writing it into the problem file' },
    page: {
      type: 'string',
      value: 'FILE',
      doc: 'read a page saved from the browser instead of downloading it (a judge behind a login, no network)',
    },
    replace: { type: 'boolean', doc: 'replace a statement the problem already has without asking (for scripts)' },
  },
  eval: {
    auto: { type: 'boolean', doc: 'required: every step approved, the method as published' },
    flow: {
      type: 'string',
      value: 'F[,F…]',
      doc: 'the method, or several side by side (setting: flow; the flows are listed below)',
    },
    lang: flow.lang,
    answers: flow.answers,
    backend: backend.backend,
    host: {
      type: 'string',
      value: 'URL[,URL…]',
      doc: 'the Ollama server, or several to spread the problems over (setting: ollamaHost)',
    },
    'base-url': {
      type: 'string',
      value: 'URL[,URL…]',
      doc: 'the OpenAI-compatible endpoint, or several (setting: openaiBaseUrl)',
    },
    model: backend.model,
    jobs: { type: 'string', value: 'N', doc: 'solve N problems at once (the judge still shares the cores; default 1)' },
    shard: { type: 'string', value: 'i/n', doc: 'take every n-th problem, starting with the i-th' },
    limit: { type: 'string', value: 'N', doc: 'solve only the first N problems' },
    out: {
      type: 'string',
      value: 'FILE',
      doc: 'append each result to FILE as a JSON line; a rerun skips those already there',
    },
    ...json,
    csv: { type: 'boolean', doc: 'print CSV instead of text' },
    ...caps,
  },
  'eval merge': {
    out: { type: 'string', value: 'FILE', doc: 'write the joined results to FILE (a new file)' },
    ...json,
    csv: { type: 'boolean', doc: 'print CSV instead of text' },
  },
  'eval report': {
    html: { type: 'boolean', doc: 'write the report as one HTML page with its charts' },
    output: {
      type: 'string',
      short: 'o',
      value: 'PAGE',
      doc: "with --html: the page to write (default: the results file's name, .html)",
    },
    ...json,
    csv: { type: 'boolean', doc: 'print CSV instead of text' },
  },
  problems: {
    difficulty: { type: 'string', value: 'D', doc: 'only problems of this difficulty' },
    tag: { type: 'string', value: 'T', doc: 'only problems with this tag' },
    ...json,
  },
  listen: {
    port: { type: 'string', value: 'N', doc: 'the port Competitive Companion sends to (default 27121)' },
    dir: {
      type: 'string',
      value: 'DIR',
      doc: 'where received problems are saved (default: the per-user problems dir)',
    },
    fetch: { type: 'boolean', doc: "also download each problem's statement from its judge page" },
    'no-file': {
      type: 'boolean',
      doc: 'write no program file per problem (default: <short id>.<ext> from your template, in listen.fileDir or here)',
    },
  },
  sessions: { ...json },
  replay: replayFlags,
  resume: {
    auto: { type: 'boolean', doc: 'continue headless, every step approved' },
    ...approval,
    ...backend,
    ...headlessOut,
  },
  export: {
    format: {
      type: 'string',
      short: 'f',
      value: 'md|json',
      doc: "the report's form (default md, or json for a .json output)",
    },
    output: { type: 'string', short: 'o', value: 'FILE', doc: 'write to FILE instead of stdout' },
  },
  demo: replayFlags,
  doctor: { ...json, ...backend },
  models: { ...json, ...backend },
  config: { ...json },
} as const satisfies Record<string, FlagTable>;

export type CommandName = keyof typeof FLAGS;

/** One flag as help shows it: `-o, --output FILE`. */
export function flagLabel(name: string, f: FlagDoc): string {
  return `${f.short ? `-${f.short}, ` : ''}--${name}${f.type === 'string' && f.value ? ` ${f.value}` : ''}`;
}

/** A command's flags as help lines, each with its description. */
export function flagsHelp(table: FlagTable): string {
  const rows = Object.entries(table).map(([n, f]) => [flagLabel(n, f), f.doc] as const);
  const width = Math.min(28, Math.max(0, ...rows.map(([l]) => l.length)));
  return rows.map(([l, d]) => `  ${l.padEnd(width)}  ${d}`).join('\n');
}

/** How a program's output is compared with an accepted output. */
export type CompareMode = 'tokens' | 'exact' | 'lines' | 'float';

export interface Comparison {
  mode: CompareMode;
  /** Absolute-or-relative tolerance for `float`. */
  eps?: number;
  /** A testlib-style checker program (`checker input output answer`); replaces `mode`. */
  checker?: string;
}

/** One test: its input and every output that is accepted (any one passes). */
export interface TestCase {
  name?: string;
  input: string;
  outputs: string[];
}

export type ProblemKind =
  | { type: 'stdin' }
  /** APPS function-style: arguments arrive one per line on stdin; the program prints the result. */
  | { type: 'function'; signature: string };

export interface Problem {
  id: string;
  /** Other names that open it: a saved problem's slug (GROUP/NAME) when its id is its judge's short name. */
  aliases?: string[];
  title: string;
  /** The statement as markdown. */
  statement: string;
  inputSpec?: string;
  outputSpec?: string;
  samples: TestCase[];
  /** Hidden tests; empty when the problem has none. */
  tests: TestCase[];
  timeLimitMs?: number;
  memoryLimitMb?: number;
  compare: Comparison;
  kind: ProblemKind;
  /** Where it came from: the file (and line or id inside it), and the contest page. */
  source?: { file?: string; ref?: string; url?: string };
  tags: string[];
  difficulty?: string;
  rating?: number;
  /** Codeforces-style points the problem is worth in a contest (front matter `points`). */
  points?: number;
  /** The judge talks with the program (Competitive Companion marks these). */
  interactive?: boolean;
  /** A testlib-style interactor (absolute path) that judges an interactive problem's runs. */
  interactor?: string;
  /** File input/output: the names of the files the program reads and writes instead of stdin/stdout. */
  io?: FileIo;
  /** The program may create processes (front matter `processes: true`); judged programs may not by default. */
  processes?: boolean;
  /**
   * Set when a listing read the statement and not its hidden tests (`tests: false`): how many the
   * folder beside it holds. Such a problem is never judged; `withTestsRead` loads them.
   */
  unread?: { tests: number };
  /** What loading found wrong with the problem's set-up but could go on with, one line each (`problems` prints them). */
  warnings?: string[];
}

/** Plain file names in the program's work directory (never a path). */
export interface FileIo {
  input?: string;
  output?: string;
}

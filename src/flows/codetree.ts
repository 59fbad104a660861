import {
  criticScoreAgent,
  criticVerifyAgent,
  debuggerAgent,
  reflectAgent,
  solverAgent,
  thinkerAgent,
  treeAgent,
  verifyReview,
  MAX_SCORE,
  type Search,
} from '../agents/index.js';
import type { Outcome, Steps } from '../engine/types.js';
import type { Problem } from '../problems/types.js';
import type { Program } from '../runners/build/types.js';
import { feedbackOf } from './samples.js';
import { SearchTree, type TreeNode } from './searchTree.js';

export interface CodetreeOptions {
  /** Solver and debugger calls at most (the budget). */
  generations: number;
  /** Deepest level of the tree (strategies are level 1). */
  depth: number;
  /** Most strategies, and most reflections per node. */
  width: number;
  /** critic: critic-guided depth first; bfs / dfs: without the critic, by samples passed. */
  search: Search;
}

/** Width of the paper's ablations without a critic (`--search bfs|dfs`). */
const ABLATION_WIDTH = 3;
/** The critic's best score over 15: a node that passes every sample gets it as a bonus. */
const PASS_BONUS = MAX_SCORE / (3 * MAX_SCORE);

/**
 * CodeTree (Li et al., 2024), as METHODS.md gives it: the thinker's strategies are the first
 * level of a tree; the solver codes a strategy, the debugger fixes a node's program as one of
 * the thinker's reflections says; every program runs on the samples; the critic scores failing
 * nodes (a node whose value falls below its parent's, or ties it deeper than its score, is
 * aborted) and verifies passing ones before one is accepted. Only solver and debugger calls count
 * against the budget. `--search bfs|dfs` are the paper's ablations: no critic at all, width 3.
 *
 * Not copied from the published code: the score was the highest digit of the last line ("3/5"
 * read as 5); when nothing was accepted the last failing program came back (we return the
 * best-valued one, the paper's rule). Before each expansion the person may pick the node, prune,
 * or add a strategy.
 */
export async function codetree(s: Steps, p: Problem, o: CodetreeOptions): Promise<Outcome> {
  const critic = o.search === 'critic';
  const width = critic ? o.width : Math.min(o.width, ABLATION_WIDTH);
  const tree = new SearchTree(o.search, o.depth);
  tree.grow((await s.ask(thinkerAgent, { width })).ideas);
  let generations = 0;
  while (tree.waiting && generations < o.generations) {
    const node = await chooseNext(s, tree, generations, o.generations);
    if (!node) continue; // the person pruned the proposed node: show the gate again
    generations++;
    s.progress({ label: 'generation', value: generations, max: o.generations });
    const strategy = rootOf(node).idea;
    const parent = node.parent;
    // The debugger gets the parent's execution feedback only: the critic's review is cut off.
    node.program = parent?.program
      ? await s.ask(debuggerAgent, {
          strategy,
          program: parent.program,
          feedback: parent.feedback,
          reflection: node.idea,
        })
      : await s.ask(solverAgent, { strategy });
    const run = await runSamples(s, p, node.program);
    Object.assign(node, run);
    const exec = run.total === 0 ? 1 : run.passed / run.total; // score_exec
    node.value = exec;
    const passedAll = run.passed === run.total;
    if (passedAll) {
      const verdict = critic
        ? await verify(s, { strategy, program: node.program, feedback: node.feedback })
        : undefined;
      if (!verdict || verdict.verdict === 'accept') return accept(s, node);
      node.value = exec + PASS_BONUS;
      // At the deepest level, a parent that passed every sample too: accepted all the same.
      if (node.depth >= o.depth && parent && parent.passed === parent.total) return accept(s, node);
      node.state = 'rejected';
      node.review = `The critic rejected it:\n${verifyReview(verdict) || '(no reason given)'}`;
    } else if (node.depth < o.depth && critic) {
      const scored = await s.ask(criticScoreAgent, { strategy, program: node.program, feedback: node.feedback });
      node.score = scored.score;
      node.value = exec + scored.score / (3 * MAX_SCORE); // score_exec + score/15
      node.review = `The critic's review (score ${scored.score}/${MAX_SCORE}):\n${scored.review}`;
      const before = parent?.value ?? 0;
      if (node.value < before || (node.value === before && node.depth > scored.score)) {
        node.state = 'aborted';
        continue;
      }
    }
    if (node.depth < o.depth) {
      if (node.state === 'open') node.state = 'kept';
      // As the authors' code: a critic's rejection of a program that passes every sample is
      // added to the feedback; its score review (eval_node's analysis) is not — the thinker
      // reflects on the execution feedback alone. The tree pane still shows that review.
      const feedback = node.state === 'rejected' && node.review ? `${node.feedback}\n${node.review}` : node.feedback;
      const { ideas } = await s.ask(reflectAgent, { strategy, program: node.program, feedback, width });
      tree.grow(ideas, node);
    } else if (node.state === 'open') node.state = 'leaf';
  }
  const best = tree.best();
  const why = `no program was accepted after ${generations} generation${generations === 1 ? '' : 's'}`;
  return best?.program
    ? s.fail(why, { program: best.program, passed: best.passed ?? 0, total: best.total ?? 0 })
    : s.fail(why);
}

function accept(s: Steps, node: TreeNode): Outcome {
  node.state = 'accepted';
  return s.done(node.program!, { passed: node.passed ?? 0, total: node.total ?? 0 });
}

/** The gate before an expansion: the search's pick, which the person may change. */
async function chooseNext(s: Steps, tree: SearchTree, used: number, budget: number): Promise<TreeNode | undefined> {
  const proposed = tree.next()!;
  const { choice } = await s.ask(treeAgent, { view: tree.view(used, budget), proposed: proposed.id });
  const node = tree.apply(choice, proposed);
  return node && tree.take(node);
}

const rootOf = (n: TreeNode): TreeNode => (n.parent ? rootOf(n.parent) : n);

/** The samples' verdicts on a node's program (none to run: it passes vacuously, as the critic then decides). */
async function runSamples(
  s: Steps,
  p: Problem,
  program: Program,
): Promise<{ passed: number; total: number; feedback: string }> {
  if (p.samples.length === 0) return { passed: 0, total: 0, feedback: 'The problem has no sample tests.' };
  const r = await s.run(program, p.samples);
  return { passed: r.passed, total: r.total, feedback: feedbackOf(r) };
}

/**
 * The critic's verification. An unreadable verdict was already asked once more by the engine's
 * repair request and then read as the authors' code read it (accept); 'unclear' survives only in
 * sessions recorded before that, and counts as an accept too.
 */
async function verify(s: Steps, input: { strategy: TreeNode['idea']; program: Program; feedback: string }) {
  const v = await s.ask(criticVerifyAgent, input);
  return v.verdict === 'unclear' ? { ...v, verdict: 'accept' as const } : v;
}

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
import type { Program } from '../runners/types.js';
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

/**
 * CodeTree (Li et al., 2024), as METHODS.md gives it: the thinker's strategies are the first
 * level of a tree; the solver codes a strategy, the debugger fixes a node's program as one of
 * the thinker's reflections says; every program runs on the samples; the critic scores failing
 * nodes (a node whose value falls below its parent's is aborted) and verifies passing ones
 * before one is accepted. Only solver and debugger calls count against the budget.
 *
 * Not copied from the published code: an unreadable verdict counted as accept (we ask once
 * more, then reject); the score was the highest digit of the last line ("3/5" read as 5); when
 * nothing was accepted the last failing program came back (we return the best-valued one, the
 * paper's rule). Before each expansion the person may pick the node, prune, or add a strategy.
 */
export async function codetree(s: Steps, p: Problem, o: CodetreeOptions): Promise<Outcome> {
  const tree = new SearchTree(o.search, o.depth);
  tree.grow((await s.ask(thinkerAgent, { width: o.width })).ideas);
  let generations = 0;
  while (tree.waiting && generations < o.generations) {
    const node = await chooseNext(s, tree, generations, o.generations);
    if (!node) continue; // the person pruned the proposed node: show the gate again
    generations++;
    s.progress({ label: 'generation', value: generations, max: o.generations });
    const strategy = rootOf(node).idea;
    const parent = node.parent;
    node.program = parent?.program
      ? await s.ask(debuggerAgent, { strategy, program: parent.program, feedback: parent.feedback, reflection: node.idea })
      : await s.ask(solverAgent, { strategy });
    const run = await runSamples(s, p, node.program);
    Object.assign(node, run);
    const exec = run.total === 0 ? 1 : run.passed / run.total; // score_exec
    node.value = exec;
    if (run.passed === run.total) {
      const verdict = await verify(s, { strategy, program: node.program, feedback: node.feedback });
      if (verdict.verdict === 'accept') {
        node.state = 'accepted';
        return s.done(node.program, { passed: run.passed, total: run.total });
      }
      node.state = 'rejected';
      node.feedback += `\nThe critic rejected it:\n${verifyReview(verdict) || '(no reason given)'}`;
    } else if (node.depth < o.depth && o.search === 'critic') {
      const critic = await s.ask(criticScoreAgent, { strategy, program: node.program, feedback: node.feedback });
      node.score = critic.score;
      node.value = exec + critic.score / (3 * MAX_SCORE); // score_exec + score/15
      node.feedback += `\nThe critic's review (score ${critic.score}/${MAX_SCORE}):\n${critic.review}`;
      if (node.value < (parent?.value ?? 0)) {
        node.state = 'aborted';
        continue;
      }
    }
    if (node.depth < o.depth) {
      if (node.state === 'open') node.state = 'kept';
      const { ideas } = await s.ask(reflectAgent, { strategy, program: node.program, feedback: node.feedback, width: o.width });
      tree.grow(ideas, node);
    } else if (node.state === 'open') node.state = 'leaf';
  }
  const best = tree.best();
  const why = `no program was accepted after ${generations} generation${generations === 1 ? '' : 's'}`;
  return best?.program ? s.fail(why, { program: best.program, passed: best.passed ?? 0, total: best.total ?? 0 }) : s.fail(why);
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
async function runSamples(s: Steps, p: Problem, program: Program): Promise<{ passed: number; total: number; feedback: string }> {
  if (p.samples.length === 0) return { passed: 0, total: 0, feedback: 'The problem has no sample tests.' };
  const r = await s.run(program, p.samples);
  return { passed: r.passed, total: r.total, feedback: feedbackOf(r) };
}

/** The critic's verification; an unreadable verdict is asked once more, then counts as a reject. */
async function verify(s: Steps, input: { strategy: TreeNode['idea']; program: Program; feedback: string }) {
  const first = await s.ask(criticVerifyAgent, input);
  if (first.verdict !== 'unclear') return first;
  const again = await s.ask(criticVerifyAgent, { ...input, again: true });
  return again.verdict === 'unclear' ? { ...again, verdict: 'reject' as const } : again;
}

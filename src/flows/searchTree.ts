// CodeTree's search tree: the nodes, the frontier and the order it is searched in. Plain data
// rebuilt by the flow from its step results on every drive (replay, resume, back), so nothing
// here is kept outside the journal.
import { ideaOf, type Idea } from '../agents/codetree/thinker.js';
import {
  subtree,
  type NodeState,
  type NodeView,
  type Search,
  type TreeChoice,
  type TreeView,
} from '../agents/codetree/tree.js';
import type { Program } from '../runners/build/types.js';

export interface TreeNode {
  id: string;
  parent?: TreeNode;
  depth: number;
  /** A strategy (depth 1) or a reflection (deeper). */
  idea: Idea;
  byPerson: boolean;
  state: NodeState;
  children: TreeNode[];
  program?: Program;
  passed?: number;
  total?: number;
  score?: number;
  value?: number;
  /** How this node's program ran on the samples: what the debugger of a child is told. */
  feedback: string;
  /** The critic's review of it (its score's or its rejection's), which only the thinker's reflection reads. */
  review?: string;
  /** Which `grow` made it (nodes made together are siblings). */
  batch: number;
}

export class SearchTree {
  readonly roots: TreeNode[] = [];
  /** Nodes waiting to be expanded, in the order they joined. */
  private frontier: TreeNode[] = [];
  private batches = 0;

  constructor(
    readonly search: Search,
    readonly maxDepth: number,
  ) {}

  /** New nodes under `parent` (or new strategies when it is undefined), searched in the given order. */
  grow(ideas: readonly Idea[], parent?: TreeNode, byPerson = false): TreeNode[] {
    const siblings = parent ? parent.children : this.roots;
    const batch = ++this.batches;
    const made: TreeNode[] = ideas.map((idea, i) => {
      const n = siblings.length + i + 1;
      const id = parent ? `${parent.id}.${n}` : String(n);
      return {
        id,
        depth: parent ? parent.depth + 1 : 1,
        idea,
        byPerson,
        state: 'open' as const,
        children: [],
        feedback: '',
        batch,
        ...(parent ? { parent } : {}),
      };
    });
    siblings.push(...made);
    this.frontier.push(...made);
    return made;
  }

  get waiting(): boolean {
    return this.frontier.length > 0;
  }

  /**
   * The node the search expands next. Critic-guided: depth first (a stack: the newest nodes,
   * first idea first), the critic pruning as it goes. bfs / dfs without the critic: the
   * shallowest / deepest nodes first, and among those the ones whose parent passed the most
   * samples, then in the order they came.
   */
  next(): TreeNode | undefined {
    const f = this.frontier;
    if (f.length === 0) return undefined;
    if (this.search === 'critic') {
      // A stack of sibling batches: the newest batch first, and within it the first idea first.
      const newest = Math.max(...f.map((n) => n.batch));
      return f.find((n) => n.batch === newest);
    }
    const parentPassed = (n: TreeNode): number => (n.parent?.total ? (n.parent.passed ?? 0) / n.parent.total : 0);
    const better = (a: TreeNode, b: TreeNode): boolean => {
      if (a.depth !== b.depth) return this.search === 'bfs' ? a.depth < b.depth : a.depth > b.depth;
      return parentPassed(a) > parentPassed(b);
    };
    return f.reduce((best, n) => (better(n, best) ? n : best));
  }

  take(node: TreeNode): TreeNode {
    this.frontier = this.frontier.filter((n) => n !== node);
    return node;
  }

  find(id: string): TreeNode | undefined {
    return this.all().find((n) => n.id === id);
  }

  /** The person's choice at the gate: prunes, strategies of their own, and the node to expand. */
  apply(choice: TreeChoice, proposed: TreeNode): TreeNode | undefined {
    const drop = new Set(choice.prune.flatMap((id) => subtree(this.view(0, 0).nodes, id)));
    for (const n of this.frontier) if (drop.has(n.id)) n.state = 'pruned';
    this.frontier = this.frontier.filter((n) => !drop.has(n.id));
    const added = this.grow(choice.add.map(ideaOf), undefined, true);
    if (choice.next !== undefined) return this.frontier.find((n) => n.id === choice.next);
    if (added.length > 0) return added[0];
    return this.frontier.includes(proposed) ? proposed : undefined;
  }

  all(): TreeNode[] {
    const out: TreeNode[] = [];
    const walk = (ns: TreeNode[]): void => {
      for (const n of ns) {
        out.push(n);
        walk(n.children);
      }
    };
    walk(this.roots);
    return out;
  }

  /** The expanded node with the highest value (the latest on ties): the paper's fallback answer. */
  best(): TreeNode | undefined {
    let best: TreeNode | undefined;
    for (const n of this.all()) if (n.program && n.value !== undefined && (!best || n.value >= best.value!)) best = n;
    return best;
  }

  view(used: number, budget: number): TreeView {
    const nodes: NodeView[] = this.all().map((n) => ({
      id: n.id,
      ...(n.parent ? { parent: n.parent.id } : {}),
      depth: n.depth,
      title: n.idea.title,
      state: n.state,
      ...(n.byPerson ? { byPerson: true } : {}),
      ...(n.total !== undefined ? { passed: n.passed ?? 0, total: n.total } : {}),
      ...(n.score !== undefined ? { score: n.score } : {}),
      ...(n.value !== undefined ? { value: Math.round(n.value * 1000) / 1000 } : {}),
    }));
    return { nodes, used, budget, maxDepth: this.maxDepth, search: this.search };
  }
}

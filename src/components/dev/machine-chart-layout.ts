import { Graph, layout } from '@dagrejs/dagre';

import type { ChartGraph, ChartState, ChartTransition } from './chart-graph';

/** Text is drawn in a monospace font, so its width can be estimated without measuring. */
export const FONT_SIZE = 12;
export const LINE_HEIGHT = 16;
const CHAR_WIDTH = FONT_SIZE * 0.62;
const PAD = 8;
const MIN_WIDTH = 72;
/** Room above an initial leaf for its dot and arrow. */
const INITIAL_ROOM = 22;

export const textWidth = (text: string) => Math.ceil(text.length * CHAR_WIDTH);

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidOutState extends Box {
  state: ChartState;
  /** The lines written in the box (leaves) or its header (containers): name, invokes, own transitions. */
  lines: string[];
  /** True for a state drawn as a container of its children. */
  container: boolean;
  /** True for a region of a parallel state (drawn dashed). */
  region: boolean;
  depth: number;
  /** Where a container's lines are written (edges to and from it start at them). */
  header?: Box;
}

export interface LaidOutEdge {
  transition: ChartTransition;
  /** A self-transition: the points are a cubic curve's start, controls and end. */
  loop?: boolean;
  points: { x: number; y: number }[];
  label?: { x: number; y: number; width: number; height: number };
}

/** A transition back into its own state: a loop on the right of its box (or header), label beside it. */
function selfLoop(transition: ChartTransition, box: Box): LaidOutEdge {
  const right = box.x + box.width / 2;
  const width = textWidth(transition.label) + 8;
  return {
    transition,
    loop: true,
    points: [
      { x: right, y: box.y - 6 },
      { x: right + 28, y: box.y - 18 },
      { x: right + 28, y: box.y + 18 },
      { x: right, y: box.y + 6 },
    ],
    label: { x: right + 30 + width / 2, y: box.y, width, height: LINE_HEIGHT },
  };
}

export interface ChartLayout {
  width: number;
  height: number;
  states: LaidOutState[];
  edges: LaidOutEdge[];
  /** Initial-state markers: a dot with an arrow down to the state's top edge. */
  initials: { x: number; y: number; toY: number }[];
}

const headerId = (id: string) => `${id}\u0000header`;
const isContainer = (s: ChartState) => s.children.length > 0;

/** The lines a state shows: its name, what it invokes and the transitions that keep it where it is. */
export function stateLines(state: ChartState, parallel = state.kind === 'parallel'): string[] {
  return [
    parallel ? `${state.key} (parallel)` : state.kind === 'history' ? `${state.key} (history)` : state.key,
    ...state.invokes.map((name) => `invoke ${name}`),
    ...state.internal.map((label) => `↺ ${label}`),
  ];
}

const boxFor = (lines: string[]) => ({
  width: Math.max(MIN_WIDTH, Math.max(...lines.map(textWidth)) + 2 * PAD),
  height: lines.length * LINE_HEIGHT + 2 * PAD,
});

const inside = (b: Box, p: { x: number; y: number }) =>
  Math.abs(p.x - b.x) <= b.width / 2 && Math.abs(p.y - b.y) <= b.height / 2;

/** Where the segment from a point inside a box to one outside crosses its border. */
function border(b: Box, from: { x: number; y: number }, to: { x: number; y: number }) {
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 24; i++) {
    const mid = (lo + hi) / 2;
    if (inside(b, { x: from.x + (to.x - from.x) * mid, y: from.y + (to.y - from.y) * mid })) lo = mid;
    else hi = mid;
  }
  return { x: from.x + (to.x - from.x) * hi, y: from.y + (to.y - from.y) * hi };
}

/**
 * Lays a machine's chart out with dagre's compound graphs: every state with children is a
 * cluster holding them. Dagre routes edges between leaves only, so a container takes part
 * through a header leaf inside it (its name and own transitions, placed above its children),
 * and an edge to or from a container is cut where it crosses the container's border.
 */
export function layoutChart(graph: ChartGraph): ChartLayout {
  const g = new Graph({ compound: true, multigraph: true });
  g.setGraph({ rankdir: 'TB', nodesep: 28, ranksep: 36, edgesep: 12, marginx: 12, marginy: 12 });
  g.setDefaultEdgeLabel(() => ({}));

  const byId = new Map<string, { state: ChartState; parent?: ChartState; depth: number }>();
  const anchor = (id: string) => {
    const entry = byId.get(id);
    return entry && isContainer(entry.state) ? headerId(id) : id;
  };

  const initialIds = new Set<string>();
  const add = (state: ChartState, parent: ChartState | undefined, depth: number) => {
    byId.set(state.id, { state, parent, depth });
    if (parent) g.setParent(state.id, parent.id);
    if (!isContainer(state)) {
      const box = boxFor(stateLines(state));
      // An initial leaf keeps room above itself for its marker.
      g.setNode(state.id, { ...box, height: box.height + (initialIds.has(state.id) ? INITIAL_ROOM : 0) });
      return;
    }
    if (state.initial && state.kind !== 'parallel') initialIds.add(state.initial);
    g.setNode(state.id, {});
    const header = stateLines(state);
    g.setNode(headerId(state.id), {
      width: Math.max(...header.map(textWidth)) + 2 * PAD,
      height: header.length * LINE_HEIGHT,
    });
    g.setParent(headerId(state.id), state.id);
    for (const child of state.children) add(child, state, depth + 1);
    // The header sits above every child: invisible edges rank it first within the container.
    for (const child of state.children) g.setEdge(headerId(state.id), anchor(child.id), { weight: 1 }, `h:${child.id}`);
  };
  add(graph.root, undefined, 0);

  graph.transitions.forEach((t, index) => {
    if (!byId.has(t.source) || !byId.has(t.target)) return;
    g.setEdge(
      anchor(t.source),
      anchor(t.target),
      { width: textWidth(t.label) + 8, height: LINE_HEIGHT, labelpos: 'c', weight: 1 },
      `t:${index}`,
    );
  });

  layout(g);

  const states: LaidOutState[] = [];
  const initials: ChartLayout['initials'] = [];
  for (const [id, { state, parent, depth }] of byId) {
    const node = { ...(g.node(id) as Box) };
    const container = isContainer(state);
    if (initialIds.has(id)) {
      if (!container) {
        node.height -= INITIAL_ROOM;
        node.y += INITIAL_ROOM / 2;
      }
      const top = node.y - node.height / 2;
      initials.push({ x: node.x - node.width / 2 + 14, y: top - INITIAL_ROOM + 5, toY: top });
    }
    const header = container ? (g.node(headerId(id)) as Box) : undefined;
    states.push({
      ...node,
      state,
      lines: stateLines(state),
      container,
      region: parent?.kind === 'parallel',
      depth,
      header: header && { x: header.x, y: header.y, width: header.width, height: header.height },
    });
  }
  // Containers first, outermost first, so children are drawn over them.
  states.sort((a, b) => Number(b.container) - Number(a.container) || a.depth - b.depth);
  const boxOf = new Map(states.map((s) => [s.state.id, s as Box]));

  const edges: LaidOutEdge[] = [];
  for (const e of g.edges()) {
    const name = e.name ?? '';
    if (name.startsWith('h:')) continue;
    const label = g.edge(e) as {
      points: { x: number; y: number }[];
      x?: number;
      y?: number;
      width: number;
      height: number;
    };
    const transition = graph.transitions[Number(name.slice(2))];
    if (e.v === e.w) {
      edges.push(selfLoop(transition, g.node(e.v) as Box));
      continue;
    }
    const points = clipEnds(
      label.points.map(({ x, y }) => ({ x, y })),
      containerBox(e.v),
      containerBox(e.w),
    );
    edges.push({
      transition,
      points,
      label: label.x === undefined ? undefined : { x: label.x, y: label.y!, width: label.width, height: label.height },
    });
  }

  function containerBox(nodeId: string): Box | undefined {
    if (!nodeId.endsWith('\u0000header')) return undefined;
    return boxOf.get(nodeId.slice(0, -'\u0000header'.length));
  }

  /** An edge ending at a header ends at its container's border instead (when it comes from outside). */
  function clipEnds(points: { x: number; y: number }[], from?: Box, to?: Box) {
    let result = points;
    if (to) {
      const first = result.findIndex((p) => inside(to, p));
      if (first > 0) result = [...result.slice(0, first), border(to, result[first], result[first - 1])];
    }
    if (from) {
      let last = -1;
      result.forEach((p, i) => {
        if (inside(from, p)) last = i;
      });
      if (last >= 0 && last < result.length - 1)
        result = [border(from, result[last], result[last + 1]), ...result.slice(last + 1)];
    }
    return result;
  }

  const size = g.graph() as { width?: number; height?: number };
  // A self-loop's label may reach past what dagre measured.
  const width = Math.max(size.width ?? 0, ...edges.map((e) => (e.label ? e.label.x + e.label.width / 2 + 12 : 0)));
  return { width, height: size.height ?? 0, states, edges, initials };
}

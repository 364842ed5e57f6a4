import type { AnyStateMachine, AnyStateNode, StateValue } from 'xstate';
import { toDirectedGraph } from 'xstate/graph';

import type { ChartGraph, ChartState, ChartTransition, ChartTransitionKind } from '../components/dev/chart-graph';

/** The parts of xstate's transition definitions a chart reads. */
interface TransitionLike {
  eventType: string;
  guard?: unknown;
  target?: readonly AnyStateNode[];
  delay?: unknown;
}

type GuardLike = string | { type?: string } | ((...args: never[]) => unknown) | undefined;

/** A guard as written: `name`, `!name`, `a && b`, `a || b`. */
export function guardLabel(guard: unknown): string | undefined {
  const g = guard as GuardLike & { guards?: unknown[] };
  if (g === undefined || g === null) return undefined;
  if (typeof g === 'string') return g;
  if (typeof g === 'function') {
    const parts = (g.guards ?? []).map((inner) => guardLabel(inner) ?? '?');
    if (g.name === 'not' && parts.length === 1) return `!${parts[0]}`;
    if (g.name === 'and') return parts.join(' && ');
    if (g.name === 'or') return parts.join(' || ');
    return g.name || 'guard';
  }
  return g.type ?? 'guard';
}

const withGuard = (text: string, guard: unknown) => {
  const name = guardLabel(guard);
  return name ? `${text} [${name}]` : text;
};

const delayLabel = (delay: unknown) =>
  typeof delay === 'number' ? `after ${delay} ms` : typeof delay === 'string' ? `after ${delay}` : 'after (computed)';

/** What an invoked actor is called: its named source, else its id. */
const actorName = (invocation: { id: string; src: unknown }) =>
  typeof invocation.src === 'string' ? invocation.src : invocation.id;

/** Names a transition the way a reader wants it: the event, or what the delay, actor or state is. */
function describe(node: AnyStateNode, t: TransitionLike): { kind: ChartTransitionKind; label: string } {
  const actors = new Map(node.invoke.map((inv) => [inv.id, actorName(inv)]));
  const type = t.eventType;
  if (type.startsWith('xstate.after.')) {
    const delay = t.delay ?? node.after.find((a) => a.eventType === type)?.delay ?? '?';
    return { kind: 'after', label: withGuard(delayLabel(delay), t.guard) };
  }
  for (const [prefix, kind] of [
    ['xstate.done.actor.', 'done'],
    ['xstate.error.actor.', 'error'],
  ] as const) {
    if (type.startsWith(prefix)) {
      const id = type.slice(prefix.length);
      return { kind, label: withGuard(`${kind}: ${actors.get(id) ?? id}`, t.guard) };
    }
  }
  if (type.startsWith('xstate.done.state.')) return { kind: 'done', label: withGuard('done', t.guard) };
  return { kind: 'event', label: withGuard(type, t.guard) };
}

interface DirectedNode {
  id: string;
  stateNode: AnyStateNode;
  children: DirectedNode[];
  edges: { transition: TransitionLike; target: AnyStateNode }[];
}

/** Turns a machine into the plain graph MachineChart draws, using xstate's own graph utilities. */
export function machineGraph(machine: AnyStateMachine): ChartGraph {
  const transitions: ChartTransition[] = [];

  const visit = (directed: DirectedNode): ChartState => {
    const node = directed.stateNode;
    const internal: string[] = [];
    // toDirectedGraph draws a targetless transition as an edge back to its own state; those
    // change no state, so the chart lists them inside the box instead of as loops.
    for (const edge of directed.edges) {
      const { kind, label } = describe(node, edge.transition);
      if (!edge.transition.target?.length) internal.push(label);
      else transitions.push({ source: node.id, target: edge.target.id, kind, label });
    }
    // Eventless transitions are not among toDirectedGraph's edges.
    for (const t of (node.always ?? []) as TransitionLike[]) {
      const label = withGuard('always', t.guard);
      if (!t.target?.length) internal.push(label);
      for (const target of t.target ?? [])
        transitions.push({ source: node.id, target: target.id, kind: 'always', label });
    }
    const kind = node.type === 'compound' && directed.children.length === 0 ? 'atomic' : node.type;
    return {
      id: node.id,
      key: node.key,
      kind,
      initial: node.type === 'compound' ? node.initial?.target?.[0]?.id : undefined,
      invokes: node.invoke.map(actorName),
      internal,
      children: directed.children.map(visit),
    };
  };

  const root = visit(toDirectedGraph(machine) as unknown as DirectedNode);
  return { id: root.id, root, transitions };
}

/** The ids of every state a snapshot's value has active, the root's included. */
export function activeStateIds(machineId: string, value: StateValue): string[] {
  const ids = [machineId];
  const walk = (prefix: string, v: StateValue) => {
    if (typeof v === 'string') {
      ids.push(`${prefix}.${v}`);
      return;
    }
    for (const [key, inner] of Object.entries(v)) {
      ids.push(`${prefix}.${key}`);
      if (inner !== undefined) walk(`${prefix}.${key}`, inner as StateValue);
    }
  };
  walk(machineId, value);
  return ids;
}
